"""The message catalogues of rummykit (docs/languages.md).

``python tools/catalogues.py`` (from the repository's root, with Babel
installed: it is in the ``test`` extra) does the three steps in order:

1. extracts the English templates from ``src/rummykit`` into
   ``src/rummykit/locale/rummykit.pot``, found by the calls that carry them
   (``KEYWORDS``) and in the terminal game's tables (``rummykit.play.terminal``);
2. merges the template into each language's
   ``src/rummykit/locale/<lang>/LC_MESSAGES/rummykit.po``: a new template comes
   in untranslated, a removed one goes;
3. compiles each ``.po`` into the ``.mo`` beside it, which the wheel ships and
   ``gettext`` reads.

Translations are written by hand in the ``.po`` files; run the tool again to
compile them. ``tests/core/test_messages.py`` fails when a template is missing from
the catalogues, lacks a translation, or a ``.mo`` is older than its ``.po``.

A development tool, not part of the installed package.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from rummykit import __version__

__all__ = ["KEYWORDS", "LANGUAGES", "compile_all", "extract", "main", "merge"]

ROOT = Path(__file__).resolve().parents[1]
SOURCE = ROOT / "src" / "rummykit"
LOCALE = SOURCE / "locale"
TEMPLATE = LOCALE / "rummykit.pot"
# The languages translated (English is the source's own).
LANGUAGES = ("nl", "hu", "sv", "de")

# The calls whose argument (1-based) is an English template.
KEYWORDS: dict[str, tuple[int, ...] | None] = {
    "N_": None,
    "Text": (1,),
    "Refusal": (2,),
    "IllegalMove": (2,),
    "_refuse": (2,),
    "refuse": (2,),  # the engine's refusals (rummykit.round.move_helpers)
    "UsageError": (1,),
    "_say": (2,),
    "NotationError": (2,),
}


def table_templates() -> set[str]:
    """The terminal game's lines, kept in tables by key (rummykit.play.terminal)."""
    from rummykit.play import terminal

    found = set(terminal.MESSAGES.values())
    found |= {text for _notation, text in terminal.MOVE_HELP.values()}
    found |= set(terminal.COMMANDS.values())
    return found


def templates(source: Path = SOURCE) -> list[str]:
    """Every English template in the source, once each, sorted: the ones
    passed to the calls of ``KEYWORDS``, and the terminal game's tables."""
    found = {
        message
        for _file, _line, message, _comments, _context in extract_from_dir(
            str(source), method_map=[("**.py", "python")], keywords=KEYWORDS
        )
        if isinstance(message, str) and message
    }
    return sorted(found | table_templates())


def po_path(lang: str) -> Path:
    return LOCALE / lang / "LC_MESSAGES" / "rummykit.po"


NAMES = {"nl": "Dutch", "hu": "Hungarian", "sv": "Swedish", "de": "German"}
AUTHORS = "The rummykit developers"


def _write(catalog: Catalog, path: Path) -> None:
    language = NAMES.get(str(catalog.locale), "English")
    catalog.header_comment = (
        f"# {language} messages of rummykit: the English templates of the source, translated.\n"
        "# Written by hand; tools/catalogues.py merges new templates in and compiles the .mo files."
    )
    catalog.copyright_holder = AUTHORS
    catalog.last_translator = AUTHORS
    catalog.language_team = f"{language}, {AUTHORS}"
    catalog.msgid_bugs_address = ""
    catalog.version = __version__
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as out:
        write_po(out, catalog, width=0, no_location=True, sort_output=True)


def extract() -> Catalog:
    """Step 1: the template catalogue, written to ``TEMPLATE``."""
    catalog = Catalog(project="rummykit", fuzzy=False)
    if TEMPLATE.exists():  # the same date as before, so that a run changes only what changed
        with TEMPLATE.open("rb") as source:
            catalog.creation_date = read_po(source).creation_date
    for message in templates():
        catalog.add(message, flags=("python-brace-format",) if "{" in message else ())
    _write(catalog, TEMPLATE)
    return catalog


def merge(template: Catalog, languages: Iterable[str] = LANGUAGES) -> None:
    """Step 2: each language's ``.po`` brought in line with ``template``."""
    for lang in languages:
        path = po_path(lang)
        if path.exists():
            with path.open("rb") as source:
                catalog = read_po(source, locale=lang)
        else:
            catalog = Catalog(locale=lang, project="rummykit", fuzzy=False)
        catalog.update(template, no_fuzzy_matching=True)
        catalog.obsolete.clear()
        _write(catalog, path)


def compile_all(languages: Iterable[str] = LANGUAGES) -> None:
    """Step 3: each ``.po`` compiled into its ``.mo``."""
    for lang in languages:
        path = po_path(lang)
        with path.open("rb") as source:
            catalog = read_po(source, locale=lang)
        with path.with_suffix(".mo").open("wb") as out:
            write_mo(out, catalog)


def main(argv: list[str]) -> int:
    argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0] if __doc__ else None,
        epilog="No arguments: it extracts, merges and compiles, in that order.",
    ).parse_args(argv)
    template = extract()
    merge(template)
    compile_all()
    print(f"{len(template)} templates; catalogues: {', '.join(LANGUAGES)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
