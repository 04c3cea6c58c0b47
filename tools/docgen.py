"""Generated parts of the docs: the key tables of ``docs/writing-a-variant.md``
and of each variant page, and the traceability page. ``python tools/docgen.py
docs`` (from the repository's root, with rummykit installed) rewrites them;
``tests/test_docs.py`` fails when a page is stale.

A development tool, not part of the installed package: nothing in rummykit
needs it at run time.
"""

from __future__ import annotations

import argparse
import json
import re
from pathlib import Path
from typing import Any

import attrs

from rummykit.core.toml_schema import MISSING, spec_of
from rummykit.variant.ending_tables import PointPayment
from rummykit.variant.model import DEPRECATED, Variant, bundled_variants, load_variant, schema_tables

__all__ = ["schema_table", "update", "variant_table"]

START, END = "<!-- generated:start -->", "<!-- generated:end -->"


def _text(value: Any) -> str:
    if value is MISSING or value is attrs.NOTHING:
        return "(required)"
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, str):
        return f'"{value}"'
    if isinstance(value, tuple):
        return "[" + ", ".join(_text(v) for v in value) + "]"
    return str(value)


def schema_table() -> str:
    """Every key a variant file may set: type, default, meaning (deprecated
    keys are listed in their own table)."""
    rows = ["| key | accepts | default | meaning |", "| --- | --- | --- | --- |"]
    for prefix, cls in schema_tables():
        for field in attrs.fields(cls):
            spec = spec_of(field)
            if spec is None or f"{prefix}.{field.name}" in DEPRECATED:
                continue
            default = field.default if not spec.required else MISSING
            rows.append(f"| `{prefix}.{field.name}` | {spec.expected} | {_text(default)} | {spec.doc} |")
    return "\n".join(rows)


def deprecated_table() -> str:
    """The deprecated keys: the one value each accepts, and what always happens."""
    rows = ["| key | accepts only | what always happens |", "| --- | --- | --- |"]
    for path, entry in DEPRECATED.items():
        rows.append(f"| `{path}` | {_text(entry.value)} | {entry.rule} |")
    return "\n".join(rows)


def variant_table(variant: Variant) -> str:
    """Every key of one variant as loaded (``extends`` resolved)."""
    rows = ["| key | value |", "| --- | --- |"]
    for prefix, cls in schema_tables():
        if prefix == "deck.by_players[]":
            for band in variant.deck.by_players:
                lo, hi = band.players
                options = f", options {list(band.joker_options)}" if band.joker_options else ""
                deck = f"{band.decks} decks, {band.jokers} jokers{options}"
                rows.append(f"| `deck.by_players` {lo}-{hi} players | {deck} |")
            continue
        if prefix == "contract.deals[]":
            for number, entry in enumerate(variant.contract.deals, 1):
                rule = f"{entry.hand_size} cards, {entry.sets} sets, {entry.runs} runs"
                rows.append(f"| `contract.deals` deal {number} | {rule} |")
                for table, keys in entry.rules.tables.items():  # the deal's own keys (8.4)
                    for key, value in keys.items():
                        rows.append(
                            f"| `contract.deals` deal {number}: `{table}.{key}` | {json.dumps(value)} |"
                        )
            continue
        if prefix in ("opening.shape", "contract.deals[].shape"):
            continue  # a shape in place of the table's own keys: listed as those, resolved at load
        if prefix in ("deal.instant_win", "scoring.payments.ENDING"):
            if cls is not PointPayment:  # a bonus or factor: listed as the key it stands for
                rows += _sub_table_rows(variant, prefix)
            continue
        section: Any = variant
        for part in prefix.split("."):  # "deal", "values.hand", "deal.indicator.multiplier"
            section = getattr(section, part)
        if section is None:  # scoring.loser_count.shape = "declare": the declaration's shape
            rows.append(f'| `{prefix}` | "declare" |')
            continue
        for field in attrs.fields(cls):
            if spec_of(field) is None or f"{prefix}.{field.name}" in DEPRECATED:
                continue
            rows.append(f"| `{prefix}.{field.name}` | {_text(getattr(section, field.name))} |")
    return "\n".join(rows)


def _sub_table_rows(variant: Variant, prefix: str) -> list[str]:
    """The rows of ``deal.instant_win`` or ``scoring.payments``: none where unset."""
    if prefix == "deal.instant_win":
        instant = variant.deal.instant_win
        if instant is None:
            return []
        return [f"| `deal.instant_win.points` | {_text(instant.points)} |",
                f"| `deal.instant_win.several` | {_text(instant.several)} |"]  # fmt: skip
    return [
        f"| `scoring.payments.{ending}` | {entry.amount}, paid by the {entry.payer} |"
        for ending, entry in variant.scoring.payments
    ]


def _replace(text: str, table: str, name: str = "") -> str:
    """``text`` with the block between a pair of markers replaced by ``table``;
    ``name`` picks a named pair (``<!-- generated:NAME:start -->``)."""
    start, end = (
        (START, END) if not name else (f"<!-- generated:{name}:start -->", f"<!-- generated:{name}:end -->")
    )
    head, _, rest = text.partition(start)
    _, _, tail = rest.partition(end)
    return f"{head}{start}\n{table}\n{end}{tail}"


RULING = re.compile(r"R-[A-Z0-9]+-\d+a?")


def traceability_table(root: Path, rulings: list[str]) -> str:
    """Ruling id -> the variant keys that carry it -> the cases that check it."""
    keys: dict[str, list[str]] = {}
    for path in sorted((root / "variants").glob("*.toml")):
        section = ""
        for line in path.read_text(encoding="utf-8").splitlines():
            head = line.split("#")[0].strip()
            if head.startswith("["):
                section = head.strip("[]")
            comment = line.split("#", 1)[1] if "#" in line else ""
            for ruling in RULING.findall(comment):
                key = head.split("=")[0].strip() if "=" in head else ""
                where = f"{path.stem}: {section}.{key}" if key else f"{path.stem}: [{section}]"
                keys.setdefault(ruling, []).append(where)
    cases: dict[str, list[str]] = {}
    for path in sorted((root / "tests").rglob("*.toml")):
        for name in re.findall(r'^name = "([^"]*)"', path.read_text(encoding="utf-8"), re.M):
            for ruling in set(RULING.findall(name)):
                cases.setdefault(ruling, []).append(f"{path.parent.name}/{path.name}: {name}")
    rows = ["| ruling | variant keys | cases |", "| --- | --- | --- |"]
    for ruling in rulings:
        key_text = "<br>".join(f"`{k}`" for k in keys.get(ruling, [])) or "(engine-wide)"
        case_text = "<br>".join(cases.get(ruling, [])) or "**none**"
        rows.append(f"| {ruling} | {key_text} | {case_text} |")
    return "\n".join(rows)


def ruling_ids(text: str) -> list[str]:
    """Ruling ids in order of appearance (in a page listing them)."""
    seen: dict[str, None] = {}
    for ruling in RULING.findall(text):
        seen.setdefault(ruling, None)
    return list(seen)


def expected_pages(docs: Path) -> dict[Path, str]:
    """Each generated page as it should read now."""
    docs = docs.resolve()
    pages = {docs / "writing-a-variant.md": schema_table()}
    trace = docs / "traceability.md"
    # The rulings the page lists, in its order; a new ruling is added to the
    # page's table (and explained below it) by hand, then the page regenerated.
    listed = re.findall(r"^\| (R-[A-Z0-9]+-\d+a?) \|", trace.read_text(encoding="utf-8"), re.M)
    pages[trace] = traceability_table(docs.parent, listed)
    for ref in bundled_variants():
        pages[docs / "variants" / f"{ref}.md"] = variant_table(load_variant(ref))
    texts = {path: _replace(path.read_text(encoding="utf-8"), table) for path, table in pages.items()}
    guide = docs / "writing-a-variant.md"
    texts[guide] = _replace(texts[guide], deprecated_table(), "deprecated")
    return texts


def update(docs: Path) -> list[Path]:
    """Rewrite the generated parts; returns the pages that changed."""
    changed = []
    for path, text in expected_pages(docs).items():
        if path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8")
            changed.append(path)
    return changed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("docs", nargs="?", default="docs", help="the docs folder to rewrite (default docs)")
    folder = Path(parser.parse_args(argv).docs)
    if not (folder / "writing-a-variant.md").is_file():
        parser.error(f"{folder} is not the docs folder (it has no writing-a-variant.md)")
    for page in update(folder):
        print(f"updated {page}")
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
