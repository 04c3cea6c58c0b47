"""Reading the files people give rummykit: variant files, case files, records.

A file is read only if it is a regular file (never a device such as
``/dev/zero``, a FIFO or a directory), at most :data:`MAX_FILE_BYTES` long, and
UTF-8 text. Anything else is an :class:`UnreadableFile` saying why, in one line.

>>> read_text_file("/dev/zero")
Traceback (most recent call last):
...
rummykit.core.files.UnreadableFile: /dev/zero: not a regular file (a character device)
"""

from __future__ import annotations

import os
import stat
import sys
from typing import Any

from rummykit.core.errors import RummykitError

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - exercised on Python 3.10 only
    import tomli as tomllib

__all__ = [
    "MAX_FILE_BYTES",
    "MAX_INTEGER_DIGITS",
    "MAX_NESTING",
    "UnreadableFile",
    "deepest_nesting",
    "key_holding",
    "parse_toml",
    "read_text_file",
]

MAX_INTEGER_DIGITS = 4300
"""Python's own limit on the digits of an integer it reads from text: the
most a TOML file or a JSON document may hold."""

MAX_FILE_BYTES = 4 * 1024 * 1024
"""The largest file rummykit reads (4 MiB): far above any variant, case file
or record of a round, far below what would exhaust memory."""

MAX_NESTING = 32
"""The deepest nesting of tables and arrays a TOML file may have."""

_KINDS = (
    (stat.S_ISDIR, "a directory"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISFIFO, "a FIFO"),
    (stat.S_ISSOCK, "a socket"),
)


class UnreadableFile(RummykitError, ValueError):
    """A file that cannot be read as text; ``reason`` says why in a few words."""

    def __init__(self, path: str, reason: str) -> None:
        self.path = path
        self.reason = reason
        super().__init__(f"{path}: {reason}")


def _kind(mode: int) -> str:
    for test, name in _KINDS:
        if test(mode):
            return name
    return "not a file"


def read_text_file(path: str | os.PathLike[str], *, limit: int = MAX_FILE_BYTES) -> str:
    """The text of a regular UTF-8 file of at most ``limit`` bytes."""
    label = os.fspath(path)
    try:
        before = os.stat(label)
        if not stat.S_ISREG(before.st_mode):
            raise UnreadableFile(label, f"not a regular file ({_kind(before.st_mode)})")
        if before.st_size > limit:
            raise UnreadableFile(label, f"larger than {limit} bytes ({before.st_size} bytes)")
        # Non-blocking: a file swapped for a FIFO after the check cannot hang the open.
        descriptor = os.open(label, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        with os.fdopen(descriptor, "rb") as handle:
            if not stat.S_ISREG(os.fstat(handle.fileno()).st_mode):
                raise UnreadableFile(label, "not a regular file")
            data = handle.read(limit + 1)
    except UnreadableFile:
        raise
    except OSError as error:
        raise UnreadableFile(label, error.strerror or type(error).__name__) from None
    except ValueError:  # an embedded NUL in the path
        raise UnreadableFile(label, "not a usable path") from None
    if len(data) > limit:
        raise UnreadableFile(label, f"larger than {limit} bytes")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise UnreadableFile(label, f"not UTF-8 text (a bad byte at offset {error.start})") from None


def deepest_nesting(value: object) -> int:
    """How deep tables (dicts) and arrays (lists) nest in ``value``, walked
    without recursion (0 for a scalar)."""
    deepest = 0
    stack: list[tuple[object, int]] = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            children: list[object] = list(item.values())
        elif isinstance(item, list):
            children = list(item)
        else:
            continue
        deepest = max(deepest, depth + 1)
        stack.extend((child, depth + 1) for child in children)
    return deepest


def key_holding(table: dict[str, object], text: str) -> str:
    """The key path (``expect.hands[0]``) of the first string of ``table``
    (a file's table, read; its ``name`` aside) that holds ``text``, followed
    by ": "; "" where none does: what an error about ``text`` names.

    >>> key_holding({"name": "9h 9d", "cards": "Ah", "expect": {"hands": ["Xx 7h"]}}, "Xx")
    'expect.hands[0]: '
    """
    stack: list[tuple[str, object]] = [
        (key, value) for key, value in reversed(table.items()) if key != "name"
    ]
    while stack:
        path, item = stack.pop()
        if isinstance(item, str) and text and text in item:
            return f"{path}: "
        if isinstance(item, dict):
            stack.extend((f"{path}.{key}", value) for key, value in reversed(item.items()))
        elif isinstance(item, list):
            stack.extend((f"{path}[{i}]", value) for i, value in reversed(list(enumerate(item))))
    return ""


def parse_toml(text: str) -> dict[str, Any]:
    """``text`` read as TOML (``tomllib.loads``): a ValueError where it is
    not (``TOMLDecodeError`` is one), Python's limit on long integers said
    plainly instead of its advice to raise the limit; RecursionError where
    tables or arrays nest too deep for the reader."""
    try:
        data: dict[str, Any] = tomllib.loads(text)
    except ValueError as error:
        if "integer string conversion" in str(error):  # int() refused an integer of too many digits
            raise ValueError(f"an integer of more than {MAX_INTEGER_DIGITS} digits") from None
        raise
    return data
