"""Every key of contracts, buying, deuces wild and the wild shift acts (R-CON-*): for each,
one position and a few moves give one outcome under one value of the key and
another under a second value, and the legal-move listing agrees with ``apply``
on every move tried (the ``play`` helper of tests/key_rows.py checks
it, a buy by the seat that the move text names).

A row: (key, value A, value B, other keys set for both, the position, the
moves, what is observed, the outcome under A, under B); every row extends the
bundled ``contract``.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from key_rows import check_two_values, codes

import rummykit as rk
from rummykit.round.state import RoundState
from rummykit.variant.model import Variant, loads_variant


def _toml(value: Any) -> str:
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{k} = {_toml(v)}" for k, v in value.items()) + " }"
    if isinstance(value, list):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    return json.dumps(value)


def contract_with(settings: dict[str, Any]) -> Variant:
    """The bundled ``contract`` with some keys set (``"section.key": value``)."""
    sections: dict[str, dict[str, Any]] = {}
    for key, value in settings.items():
        section, name = key.split(".")
        sections.setdefault(section, {})[name] = value
    lines = ["[meta]", 'id = "keys_contract"', 'name = "keys contract"', 'extends = "contract"']
    for section, values in sections.items():
        lines.append(f"[{section}]")
        lines += [f"{name} = {_toml(value)}" for name, value in values.items()]
    return loads_variant("\n".join(lines) + "\n")


def hand_size_of_seat_1(state: RoundState, verdicts: tuple[str, ...]) -> object:
    return len(state.hands[1])


THREE = {"players": 3}
TWO_SETS = {**THREE, "hands": ["7h 7s 7d 9c 9d 9s 2c 5d", "5c 9h", "4c 8d"], "phase": "play"}
GONE_DOWN = [True, False, False]
RUN_WILD = [{"owner": 1, "cards": "5h JK=6h 7h 8h"}]
BUYING = {**THREE, "hands": ["2c 5d", "5c 9h", "4c 8d"], "discard": "Kd", "stock": "3c 3d 3s"}

Row = tuple[str, Any, Any, dict[str, Any], dict[str, Any], list[str], Any, object, object]
ROWS: list[Row] = [
    # key, A, B, also, position, moves, observe, outcome A, outcome B
    ("opening.kind", "contract", "points", {},
     {**TWO_SETS, "deal_number": 2},
     ["0: meld 7h 7s 7d", "0: meld 9c 9d 9s", "0: discard 2c"], codes,
     ("ok", "ok", "opening.contract"), ("ok", "ok", "ok")),
    ("contract.deals", [{"hand_size": 10, "sets": 2}], [{"hand_size": 10, "sets": 1, "runs": 1}],
     {"match.rounds": 1},
     TWO_SETS,
     ["0: meld 7h 7s 7d", "0: meld 9c 9d 9s", "0: discard 2c"], codes,
     ("ok", "ok", "ok"), ("ok", "ok", "opening.contract")),
    ("contract.deals", [{"hand_size": 10, "shape": {"sets": 2, "exact": True}}],
     [{"hand_size": 10, "shape": {"sets": 1, "runs": 1, "exact": True}}],
     {"match.rounds": 1},
     TWO_SETS,
     ["0: meld 7h 7s 7d", "0: meld 9c 9d 9s", "0: discard 2c"], codes,
     ("ok", "ok", "ok"), ("ok", "ok", "opening.contract")),
    ("melds.new_after_opening", True, False, {},
     {**TWO_SETS, "opened": GONE_DOWN},
     ["0: meld 7h 7s 7d"], codes, ("ok",), ("meld.after-contract",)),
    ("melds.wild_shift", True, False, {},
     {**THREE, "hands": ["6h 2c 3d", "5c", "4c"], "phase": "play", "opened": GONE_DOWN, "table": RUN_WILD},
     ["0: shift 1 6h JK=9h"], codes, ("ok",), ("shift.not-allowed",)),
    ("deck.wild_deuces", True, False, {},
     {**THREE, "hands": ["7h 7s 2c 9c 9d 9s 5d", "5c", "4c"], "phase": "play"},
     ["0: meld 7h 7s 2c=*", "0: meld 9c 9d 9s"], codes, ("ok", "ok"), ("meld.deuce-not-wild", "ok")),
    ("buy.allowed", True, False, {},
     BUYING, ["0: draw", "1: buy"], codes, ("ok", "ok"), ("ok", "buy.not-available")),
    ("buy.penalty_cards", 1, 2, {},
     BUYING, ["0: draw", "1: buy"], hand_size_of_seat_1, 4, 5),
    ("buy.limit", 0, 1, {},
     {**BUYING, "buys": [0, 1, 0]}, ["0: draw", "1: buy"], codes, ("ok", "ok"), ("ok", "buy.limit")),
]  # fmt: skip


@pytest.mark.parametrize("row", ROWS, ids=[row[0] for row in ROWS])
def test_two_values_two_outcomes(row: Row) -> None:
    key, value_a, value_b, also, position, moves, observe, outcome_a, outcome_b = row
    check_two_values(
        key, (value_a, outcome_a), (value_b, outcome_b), lambda settings: contract_with({**also, **settings}),
        position, moves, observe,
    )  # fmt: skip


def test_every_new_key_is_off_by_default_in_the_other_bundled_variants() -> None:
    for ref in rk.bundled_variants():
        variant = rk.load_variant(ref)
        if ref in ("contract", "liverpool"):  # liverpool extends contract
            continue
        assert variant.opening.kind == "points"
        assert not variant.contract.deals and not variant.buy.allowed
        assert variant.melds.new_after_opening and not variant.melds.wild_shift
