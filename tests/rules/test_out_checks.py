"""The move ``out`` (rummykit.rules.out_checks, the rule set's
``out_checks``): an ordered list of named checks, asked by ``apply`` and
once per state by the listing, then the commit's checks, the judgement of
every turn's end.

A row: (what it shows, base variant, the position, the moves, the verdict
of each move: ``ok`` or the refusal code). Every ``out`` is also judged by
the checks and the commit alone, and the listing must agree with apply.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from check_rows import play_judged

import rummykit as rk
from rummykit.core.moves import Move, Out
from rummykit.round.state import RoundState
from rummykit.round.turn_commit import check_commit
from rummykit.rules.rule_set import rules_of
from rummykit.testing import random_playout

OPENED = [True, False]
TABLE = [{"owner": 1, "cards": "Ts Js Qs"}]

Row = tuple[str, str, dict[str, Any], list[str], tuple[str, ...]]
ROWS: list[Row] = [
    ("no out before the draw (play_phase)", "rami51", {"hands": ["7h 8h 9h", "5c 9d"], "stock": "2c 3c"},
     ["0: out"], ("turn.wrong-phase",)),
    ("out with cards in hand (hand_empty)", "rami51",
     {"hands": ["7h 8h 9h 2c", "5c 9d"], "phase": "play", "opened": OPENED},
     ["0: out", "0: meld 7h 8h 9h", "0: out"], ("out.not-empty", "ok", "out.not-empty")),
    ("out with an empty hand, the commit's checks met", "rami51",
     {"hands": ["7h 8h 9h", "5c 9d"], "phase": "play", "opened": OPENED},
     ["0: meld 7h 8h 9h", "0: out"], ("ok", "ok")),
    ("the commit's checks judge the turn (an opening short of 51)", "rami51",
     {"hands": ["7h 8h 9h", "5c 9d"], "phase": "play", "table": TABLE},
     ["0: meld 7h 8h 9h", "0: out"], ("ok", "opening.below-minimum")),
    ("the round ends with a discard (last_discard_not_required)", "handromi",
     {"hands": ["7h 8h 9h", "5c 9d"], "phase": "play", "opened": OPENED},
     ["0: meld 7h 8h 9h", "0: out"], ("ok", "out.needs-discard")),
]  # fmt: skip


def _judged(state: rk.RoundState) -> str:
    """``out`` judged by its checks and then the commit's, as apply judges it."""
    rules = state.rules
    found = rules.out_checks.refusal(rules, state)
    if found is not None:
        return found.code
    try:
        check_commit(state, ())
    except rk.IllegalMove as refusal:
        return refusal.code
    return "ok"


def judge(state: RoundState, move: Move) -> str | None:
    return _judged(state) if isinstance(move, Out) else None


def play(variant: rk.Variant, position: dict[str, Any], moves: list[str]) -> tuple[str, ...]:
    return play_judged(variant, position, moves, judge)


@pytest.mark.parametrize("row", ROWS, ids=[row[0] for row in ROWS])
def test_each_check_of_out(row: Row) -> None:
    _, base, position, moves, expected = row
    assert play(rk.load_variant(base), position, moves) == expected


def test_the_checks_in_order_and_the_first_refusal_wins() -> None:
    rami, handromi = rules_of(rk.load_variant("rami51")), rules_of(rk.load_variant("handromi"))
    assert [check.name for check in rami.out_checks.checks] == ["play_phase", "hand_empty"]
    names = ["play_phase", "hand_empty", "last_discard_not_required"]
    assert [check.name for check in handromi.out_checks.checks] == names
    # With cards in hand, out is refused as not empty, even where a discard is needed.
    position = {"variant": "handromi", "players": 2, "hands": ["7h 8h 9h 2c", "5c 9d"], "phase": "play"}
    with pytest.raises(rk.IllegalMove) as refused:
        rk.position_from_dict(position).apply("0: out")
    assert refused.value.message == "You still hold cards; discard one to end your turn."


@pytest.mark.parametrize("name", ["rami51", "roemie", "rummy500", "contract", "handromi"])
def test_the_listed_out_is_what_the_checks_accept(name: str) -> None:
    """Over random rounds, and the same states with the mover's hand emptied
    (random play seldom empties a hand), ``out`` is listed exactly where its
    checks and the commit's accept it."""
    variant = rk.load_variant(name)
    verdicts = set()
    for seed in range(6):
        start = rk.deal(variant, players=variant.players.min, seed=seed)
        for state in random_playout(start, random.Random(seed), max_moves=150):
            if state.phase != "play":
                continue
            hands = list(state.hands)
            hands[state.to_move] = ()
            for judged in (state, state.evolve(hands=tuple(hands))):
                verdict = _judged(judged)
                assert (Out() in judged.legal_moves()) is (verdict == "ok")
                verdicts.add(verdict)
    assert "out.not-empty" in verdicts
    assert verdicts & {"ok", "out.needs-discard"}
