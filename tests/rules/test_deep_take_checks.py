"""A take from deep in the discard row (rummykit.rules.deep_take_checks,
the rule set's ``deep_take_checks``): ``take N`` (N > 1) is one ordered
list of named checks, asked by ``apply``; the listing lists the depths the
draw stage allows and asks the judgement of each.

A row: (what it shows, base variant, the position, the moves, the verdict
of each move: ``ok`` or the refusal code). Every deep take is also judged
by the checks alone, and the listing must agree with apply.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from check_rows import code_of, play_judged
from tests.key_rows import variant_with

import rummykit as rk
from rummykit.core.moves import Move, Take
from rummykit.round.state import RoundState
from rummykit.rules.rule_set import rules_of
from rummykit.testing import random_playout

HAND = "5c 6c 9h 9s Kd 2d"
OTHER = "3h 4h Qs Jc 8d 2s"
ROW = {"stock": "Ah 2h 3d 4d", "discard": "8h 7c 5d Ts"}  # 7c at depth 3: 5c 6c 7c

Row = tuple[str, str, dict[str, Any], list[str], tuple[str, ...]]
ROWS: list[Row] = [
    ("no take after the draw (draw_phase)", "roemie", {**ROW, "hands": [HAND, OTHER]},
     ["0: draw", "0: take 3"], ("ok", "turn.wrong-phase")),
    ("the depth lies in the row (take_allowed)", "roemie", {**ROW, "hands": [HAND, OTHER]},
     ["0: take 5"], ("draw.discard-row",)),
    ("only the top card where the variant spreads no row (discard_deep, any phase: R-WLD-02)", "rami51",
     {**ROW, "hands": [HAND, OTHER]}, ["0: take 3", "0: draw", "0: take 3"],
     ("draw.discard-row", "ok", "draw.discard-row")),
    ("the chosen card starts a meld (chosen_card_usable)", "roemie",
     {**ROW, "hands": [HAND, OTHER], "opened": [True, False]},
     ["0: take 2", "0: take 3"], ("draw.taken-card-unused", "ok")),
    ("the chosen card is melded or laid off (chosen_card_usable)", "rummy500",
     {**ROW, "hands": [HAND, OTHER]}, ["0: take 2", "0: take 3"], ("draw.taken-card-unused", "ok")),
]  # fmt: skip


def judge(state: RoundState, move: Move) -> str | None:
    if isinstance(move, Take) and move.depth > 1:
        return code_of(state.rules.deep_take_checks.refusal(state.rules, state, move))
    return None


def play(variant: rk.Variant, position: dict[str, Any], moves: list[str]) -> tuple[str, ...]:
    return play_judged(variant, position, moves, judge)


@pytest.mark.parametrize("row", ROWS, ids=[row[0] for row in ROWS])
def test_each_check_of_a_deep_take(row: Row) -> None:
    _, base, position, moves, expected = row
    assert play(rk.load_variant(base), position, moves) == expected


def test_the_checks_in_order_and_the_first_refusal_wins() -> None:
    rules = rules_of(rk.load_variant("roemie"))
    names = ["draw_phase", "take_allowed", "chosen_card_usable"]
    assert [check.name for check in rules.deep_take_checks.checks] == names
    # Played, a deep take too far is refused as the phase's, before its depth.
    state = rk.position_from_dict({"variant": "roemie", "players": 2, **ROW, "hands": [HAND, OTHER]})
    with pytest.raises(rk.IllegalMove) as refused:
        state.apply("0: draw").apply("0: take 9")
    assert refused.value.message == "You have drawn already this turn."
    rami = rules_of(rk.load_variant("rami51")).deep_take_checks
    assert [check.name for check in rami.checks] == ["discard_deep", *names]


def test_a_take_that_ends_the_round_stands_without_the_duty() -> None:
    """Where a take ends the round before the card moves (draw.max_upcard_takes),
    the chosen card owes nothing."""
    variant = variant_with("roemie", {"draw.max_upcard_takes": 1})
    state = rk.position_from_dict({"players": 2, **ROW, "hands": [HAND, OTHER]}, variant=variant)
    rules = state.rules
    assert rules.deep_take_checks.refusal(rules, state, Take(2)) is None
    assert Take(2) in state.legal_moves() and state.apply("0: take 2").phase == "over"


@pytest.mark.parametrize("name", ["roemie", "rummy500"])
def test_the_listed_deep_takes_are_those_the_checks_accept(name: str) -> None:
    variant = rk.load_variant(name)
    rules = rules_of(variant)
    takes = refused = 0
    for seed in range(6):
        start = rk.deal(variant, players=2, seed=seed)
        for state in random_playout(start, random.Random(seed), max_moves=80):
            if state.phase != "draw":
                continue
            listed = set(state.legal_moves())
            for depth in range(2, len(state.discard) + 2):
                accepted = rules.deep_take_checks.refusal(rules, state, Take(depth)) is None
                assert (Take(depth) in listed) is accepted
                takes += accepted
                refused += not accepted
    assert takes and refused


def test_a_deep_take_leaving_only_the_chosen_card_s_face_is_refused() -> None:
    """Rami 51 with a spread row: the chosen card may not be thrown this
    turn (R-ALL-12), so a take that leaves a hand of it and its twin, with
    no meld, is refused as the same take of the top discard is (an audit
    found rounds with no legal move after it)."""
    deep = variant_with("rami51", {"draw.discard_deep": True})
    position = {**ROW, "hands": ["2c", OTHER], "discard": "8h 2c 5d Ts", "opened": [True, False]}
    assert play(deep, position, ["0: take 3", "0: take 2"]) == ("discard.just-taken", "ok")
    assert play(deep, {**position, "discard": "8h 5d Ts 2c"}, ["0: take"]) == ("discard.just-taken",)
