"""The move ``knock C`` (rummykit.rules.knock, the rule set's
``knock_checks``): one ordered list of named checks, asked by ``apply``; the
listing asks the checks that read nothing of the move once per state and
lists the knock rule's cards.

A row: (what it shows, base variant, the position, the moves, the verdict
of each move: ``ok`` or the refusal code). Every knock is also judged by the
checks alone, and the listing must agree with apply.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from check_rows import code_of, play_judged

import rummykit as rk
from rummykit.core.moves import Knock, Move
from rummykit.round.state import RoundState
from rummykit.rules.rule_set import rules_of
from rummykit.testing import random_playout

KNOCKER = "4c 5c 6c 7h 7s 7d Ah 2d 3s 2h Kd"  # knock Kd: Ah 2d 3s 2h = 8 deadwood
OTHER = "9s 9d Tc Jh Qs Kc 8h 3d 5h 6d"

Row = tuple[str, str, dict[str, Any], list[str], tuple[str, ...]]
ROWS: list[Row] = [
    ("no knock before the draw (play_phase)", "gin", {"hands": [KNOCKER[:-3], OTHER], "discard": "Kd"},
     ["0: knock 4c"], ("turn.wrong-phase",)),
    ("the knock card is held (cards_in_hand), before its deadwood is counted", "gin",
     {"phase": "play", "hands": [KNOCKER, OTHER]},
     ["0: knock 9c", "0: knock 2h", "0: knock Kd"], ("card.not-in-hand", "knock.deadwood", "ok")),
    ("nobody knocks where the variant has no knock (knock_allowed)", "rami51",
     {"phase": "play", "hands": ["7c 8c 9c 2d", "5c 9d"]},
     ["0: knock 2d"], ("turn.wrong-phase",)),
]  # fmt: skip


def judge(state: RoundState, move: Move) -> str | None:
    return code_of(state.rules.knock_checks.refusal(state.rules, state, move))


def play(variant: rk.Variant, position: dict[str, Any], moves: list[str]) -> tuple[str, ...]:
    return play_judged(variant, position, moves, judge)


@pytest.mark.parametrize("row", ROWS, ids=[row[0] for row in ROWS])
def test_each_check_of_a_knock(row: Row) -> None:
    _, base, position, moves, expected = row
    assert play(rk.load_variant(base), position, moves) == expected


def test_the_checks_in_order_and_the_first_refusal_wins() -> None:
    gin, rami = rules_of(rk.load_variant("gin")), rules_of(rk.load_variant("rami51"))
    held, judged = ["play_phase", "cards_in_hand"], "deadwood_within_limit"
    assert [check.name for check in gin.knock_checks.checks] == [*held, judged]
    assert [check.name for check in rami.knock_checks.checks] == ["knock_allowed", *held, judged]
    assert gin.knock_checks.forbidden is None and rami.knock_checks.forbidden is not None
    # In the draw phase of a variant without a knock, the knock is refused
    # as the variant's, not the phase's.
    state = rk.position_from_dict({"variant": "rami51", "players": 2, "hands": ["7c 8c 9c", "5c 9d"]})
    with pytest.raises(rk.IllegalMove) as refused:
        state.apply("0: knock 7c")
    assert refused.value.message == "This variant has no knock."


def test_the_listed_knocks_are_those_the_checks_accept() -> None:
    variant = rk.load_variant("gin")
    rules = rules_of(variant)
    knocks = 0
    for seed in range(6):
        start = rk.deal(variant, players=2, seed=seed)
        for state in random_playout(start, random.Random(seed), max_moves=120):
            if state.phase != "play":
                continue
            listed = {move for move in state.legal_moves() if isinstance(move, Knock)}
            for face in set(state.hands[state.to_move]):
                accepted = rules.knock_checks.refusal(rules, state, Knock(face)) is None
                assert (Knock(face) in listed) is accepted
                knocks += accepted
    assert knocks
