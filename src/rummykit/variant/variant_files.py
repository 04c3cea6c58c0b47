"""Finding a variant's TOML text: a bundled id (looked up among the bundled
ids, never used as a file name) or a path, and the file an ``extends``
names (a bundled id, or a file inside the folder of the file that extends).
Each returns (file label, text, folder for relative extends); a
:class:`~rummykit.core.errors.VariantError` names what was expected."""

from __future__ import annotations

import os
import reprlib
from importlib import resources
from pathlib import Path
from typing import Any

from rummykit.core.errors import Problem, VariantError
from rummykit.core.files import UnreadableFile, read_text_file

__all__ = ["bundled_dir", "bundled_variants", "looks_like_path", "read_parent_text", "read_variant_text"]


def bundled_dir() -> Any:
    """The folder of the bundled variants' TOML files."""
    packaged = resources.files("rummykit") / "variants"
    if packaged.is_dir():
        return packaged
    # A source checkout (editable install): the top-level variants/ folder.
    return Path(__file__).resolve().parents[3] / "variants"


def bundled_variants() -> list[str]:
    """The ids of the variants shipped with rummykit, sorted."""
    folder = bundled_dir()
    return sorted(entry.name[: -len(".toml")] for entry in folder.iterdir() if entry.name.endswith(".toml"))


def looks_like_path(ref: str) -> bool:
    """Is ``ref`` written as a path (a ``.toml`` name, or a folder in it), not a bundled id?"""
    return ref.endswith(".toml") or os.sep in ref or "/" in ref


def _read_bundled(ref: str) -> tuple[str, str, Path | None]:
    # An id is looked up among the bundled ones, never as a file name: any
    # text may be given (a name too long for the file system, a NUL byte).
    known = bundled_variants()
    if ref in known:
        return (f"{ref}.toml", (bundled_dir() / f"{ref}.toml").read_text(encoding="utf-8"), None)
    expected = f"a bundled id ({', '.join(known)}) or a path"
    raise VariantError([Problem(_label(ref), "(variant)", expected, reprlib.repr(ref))])


_LABEL_CHARS = 80
"""The longest variant reference an error names as it was given (a longer
one, or one with unprintable characters, is named shortened and escaped)."""


def _label(ref: str) -> str:
    """A variant reference (an id, a path) as an error names it."""
    return ref if ref.isprintable() and len(ref) <= _LABEL_CHARS else reprlib.repr(ref)


def _read_file(path: Path) -> tuple[str, str, Path | None]:
    try:
        text_ = read_text_file(path)
    except UnreadableFile as error:
        label = _label(str(path))
        raise VariantError([Problem(label, "(file)", "a readable TOML file", error.reason)]) from None
    return (str(path), text_, path.parent)


def read_variant_text(ref: str) -> tuple[str, str, Path | None]:
    """(file label, text, directory for relative extends) of a bundled id or path."""
    if not looks_like_path(ref):
        return _read_bundled(ref)
    return _read_file(Path(ref))


def read_parent_text(label: str, ref: str, base: Path | None) -> tuple[str, str, Path | None]:
    """The file an ``extends`` names: a bundled id, or a file inside ``base``
    (the folder of the file that extends; symlinks resolved, nothing outside).
    A problem is the extending file's, at ``meta.extends``."""
    if not looks_like_path(ref):
        try:
            return _read_bundled(ref)
        except VariantError as error:
            problem = error.problems[0]
            raise VariantError([Problem(label, "meta.extends", problem.expected, problem.got)]) from None
    if base is None:
        raise VariantError(
            [Problem(label, "meta.extends", "a bundled id (a bundled variant extends only those)", repr(ref))]
        )
    folder = Path(os.path.realpath(base))
    inside = "\0" not in ref and not Path(ref).is_absolute()
    target = Path(os.path.realpath(folder / ref)) if inside else folder
    if not inside or not target.is_relative_to(folder) or target == folder:
        raise VariantError(
            [Problem(label, "meta.extends", f"a bundled id or a path inside {folder}", repr(ref))]
        )
    try:
        return _read_file(target)
    except VariantError as error:
        got = f"{ref!r}: {error.problems[0].got}"
        raise VariantError([Problem(label, "meta.extends", "a readable TOML file", got)]) from None
