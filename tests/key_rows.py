"""The key rows of tests/rules/test_keys_*.py: a key's two values, each
on a base variant, give two outcomes. Here: building the variant with keys
set, playing moves from a position (checking that ``legal_moves`` lists
exactly the moves ``apply`` accepts), what a row observes, and the tables of
positions the rows share.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import rummykit as rk
from rummykit.core.cards import parse_cards
from rummykit.core.meld_judge import judge_meld
from rummykit.core.meld_model import Meld
from rummykit.core.moves import LayOff, SwapJoker, parse_seat_move
from rummykit.core.moves import Meld as MeldMove
from rummykit.round.state import RoundState
from rummykit.variant.model import Variant, loads_variant

# Keys whose rows are in tests/rules/test_keys_rummy500_mechanisms.py,
# tests/rules/test_keys_rummy_mechanisms.py and test_keys_liverpool_mechanisms.py.
ROWS_ELSEWHERE = {
    "going_out.in_opening_turn",
    "draw.top_card_use",
    "opening.open_at_deal",
    "opening.layoff_opens",
    "stock_exhausted.reshuffle",
}

def _toml(value: Any) -> str:
    if isinstance(value, dict):  # an inline table: { points = [49, 50], several = "void" }
        return "{ " + ", ".join(f"{key} = {_toml(item)}" for key, item in value.items()) + " }"
    return json.dumps(value)  # strings, booleans, integers and arrays read the same in TOML


def variant_with(base: str, settings: dict[str, Any]) -> Variant:
    """``base`` with some keys set (``"section.key": value``, or a key of a
    nested table: ``"values.table.joker": 15``)."""
    sections: dict[str, dict[str, Any]] = {}
    for key, value in settings.items():
        section, name = key.rsplit(".", 1)
        sections.setdefault(section, {})[name] = value
    lines = ["[meta]", 'id = "keys_test"', 'name = "keys test"', f'extends = "{base}"']
    for section, values in sections.items():
        lines.append(f"[{section}]")
        lines += [f"{name} = {_toml(value)}" for name, value in values.items()]
    return loads_variant("\n".join(lines) + "\n")


def same_move(a: rk.Move, b: rk.Move) -> bool:
    """Equal moves, up to the order of their cards and how jokers are declared."""
    if isinstance(a, MeldMove) and isinstance(b, MeldMove):
        return sorted(c.face.code for c in a.cards) == sorted(c.face.code for c in b.cards)
    if isinstance(a, LayOff) and isinstance(b, LayOff):
        faces = sorted(c.face.code for c in a.cards) == sorted(c.face.code for c in b.cards)
        return a.meld == b.meld and faces
    if isinstance(a, SwapJoker) and isinstance(b, SwapJoker):
        return a.meld == b.meld and sorted(c.code for c in a.cards) == sorted(c.code for c in b.cards)
    return a == b


def play(variant: Variant, position: dict[str, Any], moves: list[str]) -> tuple[RoundState, tuple[str, ...]]:
    """Play the moves (each refused one leaves the state as it was): the
    state reached and, per move, ``ok`` or the refusal code. Checks that the
    legal-move listing agrees with every verdict."""
    state = rk.position_from_dict({"players": 2, **position}, variant=variant)
    verdicts = []
    for text in moves:
        seat, move = parse_seat_move(text)
        listed = any(same_move(move, m) for m in state.legal_moves(seat))
        try:
            state = state.apply(text)
        except rk.IllegalMove as refusal:
            verdicts.append(refusal.code)
            assert not listed, f"{text} is listed but refused ({refusal.code})"
        else:
            verdicts.append("ok")
            assert listed, f"{text} is accepted but not listed"
    return state, tuple(verdicts)


Observe = Callable[[RoundState, tuple[str, ...]], object]


def codes(state: RoundState, verdicts: tuple[str, ...]) -> object:
    return verdicts


def hand(state: RoundState, verdicts: tuple[str, ...]) -> object:
    return " ".join(str(c) for c in state.hands[0])


def visible(state: RoundState, verdicts: tuple[str, ...]) -> object:
    return " ".join(str(c) for c in state.view(0).discards)


def phase(state: RoundState, verdicts: tuple[str, ...]) -> object:
    return state.phase


def winners(state: RoundState, verdicts: tuple[str, ...]) -> object:
    return None if state.result is None else state.result.winners


OPENED = [True, False]
LATER = {"turns_played": 6, "phase": "draw"}  # past the first drawing round
RUN_JOKER = [{"owner": 1, "cards": "7h JK 9h"}]
RUN_7H = [{"owner": 1, "cards": "7h 8h 9h"}]
RUN_4C = [{"owner": 1, "cards": "4c 5c 6c"}]
SET_JOKER = [{"owner": 1, "cards": "Kh Ks JK"}]
TWO_JOKER_TABLE = [
    {"owner": 1, "cards": "7h JK 9h"},
    {"owner": 1, "cards": "Kc Kd JK"},
    {"owner": 1, "cards": "2c 3c 4c"},
]
KeyRow = tuple[str, Any, Any, str, dict[str, Any], dict[str, Any], list[str], Observe, object, object]
"""(key, value A, value B, base variant, other keys set for both, the position,
the moves, what is observed, the outcome under A, under B)."""

def check_row(row: KeyRow) -> None:
    """One row: the key's two values, each on the base variant with the row's
    other keys, give the row's two outcomes."""
    key, value_a, value_b, base, also, position, moves, observe, outcome_a, outcome_b = row
    check_two_values(
        key, (value_a, outcome_a), (value_b, outcome_b),
        lambda settings: variant_with(base, {**also, **settings}), position, moves, observe,
    )  # fmt: skip


def check_two_values(
    key: str,
    first: tuple[Any, object],
    second: tuple[Any, object],
    make: Callable[[dict[str, Any]], Variant],
    position: dict[str, Any],
    moves: list[str],
    observe: Observe,
) -> None:
    """A key row: the two values give the two outcomes (and they differ);
    ``make`` builds the variant with the key set."""
    assert first[1] != second[1]
    for value, expected in (first, second):
        state, verdicts = play(make({key: value}), position, moves)
        assert observe(state, verdicts) == expected, (key, value, verdicts)


VariantObserve = Callable[[Variant], object]
"""What a row observes of a variant alone (the moves played inside, if any)."""


VariantRow = tuple[str, Any, Any, str, dict[str, Any], VariantObserve, object, object]
"""A key row observed of a variant: (key, value A, value B, base variant,
other keys set for both, what is observed, the outcome under A, under B)."""


def check_variant_row(row: VariantRow, make: Callable[[str, dict[str, Any]], Variant] = variant_with) -> None:
    """A key row: the two values give the two outcomes (and they differ);
    ``make(base, settings)`` builds the variant with the keys set."""
    key, a, b, base, also, observe, outcome_a, outcome_b = row
    assert outcome_a != outcome_b
    for value, expected in ((a, outcome_a), (b, outcome_b)):
        assert observe(make(base, {**also, key: value})) == expected, (key, value)


def plays(position: dict[str, Any], moves: list[str]) -> VariantObserve:
    """What the moves give (``ok`` or a refusal code per move) from ``position``."""
    return lambda variant: codes(*play(variant, position, moves))


def meld_points(cards: str) -> VariantObserve:
    def observe(variant: Variant) -> object:
        meld = judge_meld(variant.meld_rules, parse_cards(cards))
        return meld.points if isinstance(meld, Meld) else meld

    return observe


def fields_after(position: dict[str, Any], moves: list[str], *fields: str) -> VariantObserve:
    """The verdicts, then each named field of the state (``opened``,
    ``result.ending``, ``result.scores`` ...) once the moves are played."""

    def observe(variant: Variant) -> object:
        state, verdicts = play(variant, position, moves)
        return (verdicts, *fields_of(state, fields))

    return observe


def fields_of(state: object, fields: tuple[str, ...]) -> tuple[object, ...]:
    """Each named field of ``state`` (dotted: ``result.ending``; None past a None)."""
    seen: list[object] = []
    for field in fields:
        value: Any = state
        for part in field.split("."):
            value = None if value is None else getattr(value, part)
        seen.append(value)
    return tuple(seen)
