"""Two mechanisms Kalooki brought (issue 9 item 4), each behind a key that is
off by default: for every key, two values give two outcomes.

- ``draw.discard_top_condition = "opening_use"`` (R-KAL-06): a player who has
  not opened may take the top discard only into the melds he opens with this
  turn; once opened, the top discard is free;
- ``melds.ambiguous_kind`` (R-KAL-08): one natural card and undeclared jokers
  are a set, or a run.

Rows that play moves use :func:`key_rows.play`, which also checks that
``legal_moves`` lists exactly the moves ``apply`` accepts.
"""

from __future__ import annotations

from typing import Any

import attrs
import pytest
from key_rows import OPENED, RUN_7H, check_variant_row, codes, meld_points, play, plays, variant_with
from key_rows import VariantObserve as Observe

import rummykit as rk
from rummykit.play.bots import make_bot
from rummykit.variant.model import Draw, Melds, VariantError

KEY = "draw.discard_top_condition"
OPENING = {"opening.min_points": 40}
JOKERS = {"melds.max_jokers_per_meld": 3, "melds.joker_placement": "declared"}

# key, value A, value B, base variant, other keys set for both, observe, outcome A, outcome B
Row = tuple[str, Any, Any, str, dict[str, Any], Observe, object, object]
ROWS: list[Row] = [
    # Before opening: a take that cannot go into an opening is refused at once.
    (KEY, "none", "opening_use", "rami51", OPENING,
     plays({"hands": ["2c 5d", "5c 9d"], "discard": "9h"}, ["0: take"]),
     ("ok",), ("draw.taken-card-unused",)),
    # ... and one that could, but opens without the card, is refused at the commit.
    (KEY, "none", "opening_use", "rami51", OPENING,
     plays({"hands": ["Th Jh Qh Kh Ah 2c 5d", "5c 9d"], "discard": "9h"},
           ["0: take", "0: meld Th Jh Qh Kh Ah", "0: discard 2c"]),
     ("ok", "ok", "ok"), ("ok", "ok", "draw.taken-card-unused")),
    # Once opened the top discard is free, where the Handrömi condition still binds.
    (KEY, "handromi", "opening_use", "rami51", {**OPENING, "draw.pickup_natural_partners": 0},
     plays({"hands": ["2c 5d", "5c 9d"], "discard": "9h", "opened": OPENED, "table": RUN_7H},
           ["0: take", "0: discard 2c"]),
     ("draw.taken-card-unused", "turn.wrong-phase"), ("ok", "ok")),
    # One natural card and two undeclared jokers: three sevens, or 5-6-7.
    ("melds.ambiguous_kind", "set", "run", "rami51", JOKERS, meld_points("7h JK JK"), 21, 18),
    ("melds.ambiguous_kind", "set", "run", "rami51", JOKERS, meld_points("Ah JK JK"), 33, 33 - 30 + 14 - 11),
]  # fmt: skip


@pytest.mark.parametrize("row", ROWS, ids=[f"{i}-{r[0]}" for i, r in enumerate(ROWS)])
def test_two_values_two_outcomes(row: Row) -> None:
    check_variant_row(row)


def test_both_keys_are_off_by_default() -> None:
    assert attrs.fields_dict(Draw)["discard_top_condition"].default == "none"
    assert attrs.fields_dict(Melds)["ambiguous_kind"].default == "set"
    runs = [ref for ref in rk.bundled_variants() if rk.load_variant(ref).melds.ambiguous_kind != "set"]
    assert runs == ["indian", "indian_deals", "indian_pool"]  # R-IND-04: 5h JK JK is a sequence


def test_the_opening_that_uses_the_card_is_accepted() -> None:
    variant = variant_with("rami51", {**OPENING, KEY: "opening_use"})
    position = {"hands": ["Th Jh Qh Kh 2c", "5c 9d"], "discard": "9h"}
    state, verdicts = play(variant, position, ["0: take", "0: meld 9h Th Jh Qh Kh", "0: discard 2c"])
    assert verdicts == ("ok", "ok", "ok") and state.opened[0]


def test_an_opening_too_small_with_the_card_is_refused_at_the_take() -> None:
    variant = variant_with("rami51", {**OPENING, KEY: "opening_use"})
    position = {"hands": ["Th Jh 2c 5d", "5c 9d"], "discard": "9h"}  # 9h Th Jh = 29 < 40
    assert codes(*play(variant, position, ["0: take"])) == ("draw.taken-card-unused",)


def test_a_turn_that_melds_without_the_card_is_refused_and_stays_open() -> None:
    variant = variant_with("rami51", {**OPENING, KEY: "opening_use"})
    state = rk.position_from_dict(
        {"players": 2, "hands": ["Th Jh Qh Kh Ah 2c 5d", "5c 9d"], "discard": "9h"}, variant=variant
    )
    state = state.apply("0: take").apply("0: meld Th Jh Qh Kh Ah")
    with pytest.raises(rk.IllegalMove) as refused:
        state.apply("0: discard 2c")
    assert refused.value.code == "draw.taken-card-unused"
    assert state.apply("0: undo").apply("0: meld 9h Th Jh Qh Kh Ah").apply("0: discard 2c").to_move == 1


def test_opening_use_and_top_card_use_together_are_a_load_error() -> None:
    with pytest.raises(VariantError) as error:
        variant_with("rami51", {KEY: "opening_use", "draw.top_card_use": "meld_or_layoff_same_turn"})
    assert "draw.top_card_use" in str(error.value) and "opening_use" in str(error.value)


@pytest.mark.parametrize(
    ("condition", "hand", "takes"),
    [
        ("opening_use", "Th Jh Qh Kh 2c 5d 7s", True),  # 9h Th Jh Qh Kh opens
        ("opening_use", "9c 9s 2c 5d 7s", False),  # 9h 9c 9s = 27 does not
        ("none", "9c 9s 2c 5d 7s", True),  # free: the set lowers the hand
    ],
)
def test_a_greedy_bot_takes_the_discard_only_into_its_opening(condition: str, hand: str, takes: bool) -> None:
    variant = variant_with("rami51", {**OPENING, KEY: condition})
    state = rk.position_from_dict({"players": 2, "hands": [hand, "5c 9d"], "discard": "9h"}, variant=variant)
    move = make_bot("greedy", variant, seed=1).choose(state.view(0))
    assert (str(move) == "take") is takes, (hand, move)
    state.apply(move)
