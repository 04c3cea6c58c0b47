"""Every key of the meld rules and the table values acts: for each one, two
values judge the same cards differently (issue 9, item 2).

A row names a key, two values, the cards judged and the bundled variant the
key is written into; the test builds a child of that variant with each value
and checks that ``check_meld`` gives two different verdicts (the kind and the
points of a meld, or the code of a refusal). The last test checks that the
rows, with the deprecated keys, cover every key of ``[melds]`` and
``[values.table]``, and that the key tests of all the stages together (every
``tests/test_keys_*.py``, each with its ``ROWS``) cover the whole schema.
"""

from __future__ import annotations

import importlib
from pathlib import Path
from typing import Any

import attrs
import pytest

import rummykit as rk
from rummykit.core.values import TableValues
from rummykit.variant.model import DEPRECATED, Melds, Variant

Row = tuple[str, Any, Any, str, str]

ROWS: list[Row] = [
    ("melds.set_min", 3, 2, "7h 7s", "rami51"),
    ("melds.set_max", 4, 3, "7h 7s 7d 7c", "rami51"),
    ("melds.set_distinct_suits", True, False, "7h 7h 7d", "rami51"),
    ("melds.run_min", 3, 4, "7h 8h 9h", "rami51"),
    ("melds.run_max", 13, 3, "7h 8h 9h Th", "rami51"),
    ("melds.ace_low", True, False, "Ah 2h 3h", "rami51"),
    ("melds.ace_high", True, False, "Qh Kh Ah", "rami51"),
    ("melds.max_jokers_per_meld", 1, 2, "JK JK 9h", "rami51"),
    ("melds.joker_placement", "lowest_value", "declared", "JK=Th 8h 9h", "rami51"),
    ("melds.set_joker_suit", "any_missing", "bound", "JK=7h 7s 7d", "rami51"),
    ("values.table.number", "face", 5, "7h 8h 9h", "rami51"),
    ("values.table.ten", 10, 1, "8h 9h Th", "rami51"),
    ("values.table.jack", 10, 1, "9h Th Jh", "rami51"),
    ("values.table.queen", 10, 1, "Th Jh Qh", "rami51"),
    ("values.table.king", 10, 1, "Jh Qh Kh", "rami51"),
    ("values.table.ace_low_run", 1, 5, "Ah 2h 3h", "rami51"),
    ("values.table.ace_high_run", 11, 5, "Qh Kh Ah", "rami51"),
    ("values.table.ace_in_set", 11, 5, "Ah As Ad", "rami51"),
]


def _toml(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f'"{value}"'
    return str(value)


def child(parent: str, key: str, value: Any) -> Variant:
    """A variant extending ``parent`` with one key overridden."""
    *tables, name = key.split(".")
    return rk.loads_variant(
        "\n".join(
            [
                "[meta]",
                'id = "keys_melds"',
                'name = "keys melds"',
                f'extends = "{parent}"',
                f"[{'.'.join(tables)}]",
                f"{name} = {_toml(value)}",
            ]
        )
    )


def verdict(variant: Variant, cards: str) -> tuple[Any, ...]:
    judged = rk.check_meld(variant, cards)
    if isinstance(judged, rk.Refusal):
        return ("refused", judged.code)
    return (judged.kind, judged.points, judged.notation())


@pytest.mark.parametrize("row", ROWS, ids=[row[0] for row in ROWS])
def test_two_values_judge_the_same_cards_differently(row: Row) -> None:
    key, a, b, cards, parent = row
    seen_a = verdict(child(parent, key, a), cards)
    seen_b = verdict(child(parent, key, b), cards)
    assert seen_a != seen_b, (key, seen_a)


def _fields(cls: type[Any], prefix: str) -> set[str]:
    return {f"{prefix}.{f.name}" for f in attrs.fields(cls) if f.init}


MELD_KEYS = _fields(Melds, "melds") | _fields(TableValues, "values.table")


def test_rows_cover_every_meld_and_table_value_key() -> None:
    tested = {row[0] for row in ROWS}
    assert not tested & set(DEPRECATED)
    elsewhere = _covered_by_key_tests() - tested  # keys a variant's own mechanism test shows acting
    assert tested | (MELD_KEYS & (set(DEPRECATED) | elsewhere)) == MELD_KEYS


def _covered_by_key_tests() -> set[str]:
    covered: set[str] = set()
    for path in sorted(Path(__file__).parent.glob("test_keys_*.py")):
        module = importlib.import_module(path.stem)  # each key test lists its ROWS (key first)
        covered |= {row[0] for row in module.ROWS}
        for name in ("SINGLE_VALUED", "DEPRECATED_OR_SINGLE"):
            covered |= set(getattr(module, name, ()))
    return covered


# The [meta] table names and describes a variant; its keys are shown by
# `rummykit variants` and the docs, and `extends` chooses the parent. They are
# not rules, so no position tells their values apart.
META_KEYS = {"meta.id", "meta.name", "meta.extends", "meta.seed"}


def test_the_key_tests_together_cover_the_whole_schema() -> None:
    schema: set[str] = set()
    sample = rk.load_variant("rami51")
    for field in attrs.fields(Variant):
        if not field.init:
            continue  # derived from the sections (the meld rules)
        value = getattr(sample, field.name)
        if attrs.has(type(value)):
            schema |= _section_keys(value, field.name)
    schema |= _fields(type(sample.deck.by_players[0]), "deck.by_players[]")
    covered = set(DEPRECATED) | META_KEYS | _covered_by_key_tests()
    missing = sorted(k for k in schema if k not in covered)
    assert not missing, f"keys no test shows acting: {missing}"


def _section_keys(section: Any, prefix: str) -> set[str]:
    keys: set[str] = set()
    for field in attrs.fields(type(section)):
        if not field.init:
            continue
        value = getattr(section, field.name)
        if attrs.has(type(value)):
            keys |= _section_keys(value, f"{prefix}.{field.name}")
        elif isinstance(value, tuple) and value and attrs.has(type(value[0])):
            continue  # the deck bands, listed as deck.by_players[]
        else:
            keys.add(f"{prefix}.{field.name}")
    return keys
