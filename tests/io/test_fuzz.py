"""Fuzzing every loader and ``apply``: random bytes, JSON, TOML, positions,
move text and move objects are refused with the documented error of their
entry point, or accepted; nothing else ever escapes, and a refused move
leaves the state as it was.

The documented errors:

- ``from_json`` (states, records): ``JSONError``;
- ``loads_variant``: ``VariantError``;
- ``position_from_dict``: ``PositionError``;
- ``parse_move``, ``parse_cards``: ``NotationError``;
- ``RoundState.apply``: ``IllegalMove`` (a move object built with wrong
  fields fails at construction, with ``TypeError`` or ``ValueError``).

The CLI's entry point is fuzzed in ``test_fuzz_cli.py``.
"""

from __future__ import annotations

import contextlib
import json
import string
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

import rummykit as rk
from rummykit.core import moves
from rummykit.io.positions import KEYS as POSITION_KEYS
from rummykit.testing.strategies import playout_states

JSON_SCALARS = st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=12)
JSON_VALUES = st.recursive(
    JSON_SCALARS,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=20,
)
MOVE_WORDS = ["draw", "take", "meld", "layoff", "swap", "discard", "out", "undo", "exchange", "0:", "1:"]
CARD_WORDS = ["7h", "8h", "9h", "JK", "JK=9h", "Ac", "Td", "Ks", "2c", "Xx", "10h", "", ",", "99", "-1", "²"]

RAMI = rk.load_variant("rami51")
STATE_TEXT = rk.to_json(rk.deal(RAMI, players=2, seed=5))


def mutated_text(text: str) -> st.SearchStrategy[str]:
    """``text`` with a slice replaced by random characters."""

    @st.composite
    def build(draw: st.DrawFn) -> str:
        start = draw(st.integers(0, len(text)))
        end = draw(st.integers(start, min(len(text), start + 40)))
        return text[:start] + draw(st.text(max_size=20)) + text[end:]

    return build()


@given(st.binary(max_size=300) | st.text(max_size=300) | mutated_text(STATE_TEXT))
def test_from_json_refuses_any_bytes_with_a_json_error(data: bytes | str) -> None:
    try:
        rk.from_json(data)  # type: ignore[arg-type]
    except rk.JSONError as error:
        assert error.path.startswith("$")


@given(JSON_VALUES)
def test_from_json_refuses_any_json_value_with_a_json_error(value: Any) -> None:
    try:
        rk.from_json(json.dumps(value))
    except rk.JSONError as error:
        assert error.path.startswith("$")


VARIANT_TEXT = """
[meta]
id = "fuzzed"
name = "Fuzzed"
extends = "rami51"

[opening]
min_points = 40

[deal]
hand_size = 13
"""

TOML_LINES = st.sampled_from(
    [
        "[meta]", "[deal]", "[melds]", "[opening]", "[players]", "[deck]", "[[deck.by_players]]",
        'id = "x"', 'name = "x"', 'extends = "rami51"', 'extends = "/etc/passwd"', 'extends = "../x"',
        "hand_size = 99", "hand_size = -1", "min_points = 1e9", "max = 1000000000", "jokers = 1000000000000",
        "run_min = 0", "set_max = 2", "players = [2, 3]", "a = [[[[[[1]]]]]]", "x = {", "= 3", "[[",
    ]
)  # fmt: skip


@given(
    st.text(max_size=200)
    | mutated_text(VARIANT_TEXT)
    | st.lists(TOML_LINES, max_size=12).map("\n".join)
    | st.just("a = " + "[" * 5000 + "]" * 5000)
)
def test_loads_variant_refuses_any_text_with_a_variant_error(text: str) -> None:
    try:
        variant = rk.loads_variant(text)
    except rk.VariantError as error:
        assert error.problems
    else:
        rk.deal(variant, players=variant.players.min, seed=1)


@given(st.dictionaries(st.sampled_from(sorted(POSITION_KEYS)), JSON_VALUES, max_size=6))
def test_position_from_dict_refuses_any_table_with_a_position_error(data: dict[str, Any]) -> None:
    data = {"variant": "rami51", **data} if "variant" not in data else data
    if isinstance(data.get("variant"), str):
        data["variant"] = "rami51"  # a position may name a file; the fuzz keeps to bundled ids
    with contextlib.suppress(rk.PositionError):
        rk.position_from_dict(data)


MOVE_TEXT = st.lists(st.sampled_from(MOVE_WORDS + CARD_WORDS), max_size=6).map(" ".join) | st.text(
    alphabet=string.printable + "²³٣JK=", max_size=30
)


@given(MOVE_TEXT)
def test_parse_move_and_parse_cards_raise_only_notation_errors(text: str) -> None:
    for parse in (rk.parse_move, rk.parse_cards):
        with contextlib.suppress(rk.NotationError):
            parse(text)


def move_objects() -> st.SearchStrategy[Any]:
    """Move objects built from random field values; a construction that the
    move's own checks refuse (TypeError or ValueError) is the documented
    outcome for wrong fields, so the strategy keeps only those that build."""
    cards = st.lists(st.sampled_from(["7h", "8h", "9h", "JK", "Ac", "Td"]), min_size=1, max_size=4).map(
        lambda words: tuple(rk.parse_card(w) for w in words)
    )
    values = st.one_of(st.integers(-5, 200), st.none(), st.text(max_size=3), cards, st.booleans())
    kinds = st.sampled_from(
        [moves.Draw, moves.DrawExchange, moves.Take, moves.Exchange, moves.Meld, moves.LayOff,
         moves.SwapJoker, moves.Discard, moves.Out, moves.Undo]
    )  # fmt: skip

    @st.composite
    def build(draw: st.DrawFn) -> Any:
        kind = draw(kinds)
        count = len(kind.__attrs_attrs__)
        args = [draw(values) for _ in range(count)]
        try:
            return kind(*args)
        except (TypeError, ValueError):
            return kind() if count == 0 else draw(st.sampled_from([5, None, "draw", object()]))

    return build()


@given(playout_states(RAMI, max_moves=60), st.lists(move_objects() | MOVE_TEXT, min_size=1, max_size=6))
def test_apply_raises_only_illegal_move_and_changes_nothing(state: rk.RoundState, tries: list[Any]) -> None:
    for attempt in tries:
        before = rk.to_json(state)
        try:
            state = state.apply(attempt)
        except rk.IllegalMove as refusal:
            assert refusal.code and refusal.message
            assert rk.to_json(state) == before
