"""The exchange card's moves (rummykit.rules.exchange_checks, the rule
set's ``exchange_checks`` and ``draw_exchange_checks``): ``exchange C`` and ``draw exchange`` are each one
ordered list of named checks, asked by ``apply``; the listing asks the
checks that read nothing of the move once per state.

A row: (what it shows, base variant, the position, the moves, the verdict
of each move: ``ok`` or the refusal code). Every move is also judged by the
checks alone, and the listing must agree with apply.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from check_rows import code_of, play_judged

import rummykit as rk
from rummykit.core.cards import parse_cards
from rummykit.core.moves import DrawExchange, Exchange, Move
from rummykit.round.state import RoundState
from rummykit.rules.rule_set import rules_of
from rummykit.testing import random_playout

HAND = "3c 4c 5c 7h 7s 7d Ah 9d"
READY = "3c 4c 5c 7h 7s 7d 9d Td Jd"  # with Qd: a hand rummy
OTHER = "9s 2d Tc Jh Qs Kc 8h 3d"
FIRST_ROUND = {"turns_played": 1, "stock": "2c 6s 4h 5h", "discard": "Kh", "exchange": "Qd"}

Row = tuple[str, str, dict[str, Any], list[str], tuple[str, ...]]
ROWS: list[Row] = [
    ("no swap before the draw (play_phase)", "handromi", {**FIRST_ROUND, "hands": [HAND, OTHER]},
     ["0: exchange Ah", "0: draw", "0: exchange Ah"], ("turn.wrong-phase", "ok", "ok")),
    ("the card given is held (cards_in_hand)", "handromi", {**FIRST_ROUND, "hands": [HAND, OTHER]},
     ["0: draw", "0: exchange Kd", "0: exchange 9d"], ("ok", "card.not-in-hand", "ok")),
    ("one swap a turn (exchange_swap_open)", "handromi", {**FIRST_ROUND, "hands": [HAND, OTHER]},
     ["0: draw", "0: exchange 9d", "0: exchange Ah"], ("ok", "ok", "exchange.not-allowed")),
    ("only in the first drawing round (exchange_swap_open)", "handromi",
     {**FIRST_ROUND, "turns_played": 7, "hands": [HAND, OTHER]},
     ["0: draw", "0: exchange 9d"], ("ok", "exchange.not-allowed")),
    ("no swap after a meld (before_table_moves)", "handromi", {**FIRST_ROUND, "hands": [HAND, OTHER]},
     ["0: draw", "0: meld 7h 7s 7d", "0: exchange 9d"], ("ok", "ok", "exchange.not-allowed")),
    ("no swap where the variant has none, in any phase (exchange_swap_allowed, R-WLD-02)", "rami51",
     {**FIRST_ROUND, "hands": [HAND, OTHER]},
     ["0: exchange 9d", "0: draw", "0: exchange 9d"], ("exchange.not-allowed", "ok", "exchange.not-allowed")),
    ("the exchange drawn for a hand rummy (hand_rummy_possible)", "handromi",
     {**FIRST_ROUND, "hands": [READY, OTHER]}, ["0: draw exchange"], ("ok",)),
    ("not drawn without a hand rummy (hand_rummy_possible)", "handromi",
     {**FIRST_ROUND, "hands": [HAND, OTHER]}, ["0: draw exchange"], ("exchange.not-allowed",)),
    ("not drawn by a player who has opened (hand_rummy_possible)", "handromi",
     {**FIRST_ROUND, "hands": [READY, OTHER], "opened": [True, False]},
     ["0: draw exchange"], ("exchange.not-allowed",)),
    ("not drawn twice (draw_phase)", "handromi", {**FIRST_ROUND, "hands": [READY, OTHER]},
     ["0: draw", "0: draw exchange"], ("ok", "turn.wrong-phase")),
    ("not drawn where none lies (exchange_card_there)", "handromi",
     {**FIRST_ROUND, "exchange": "", "hands": [READY, OTHER]},
     ["0: draw exchange"], ("exchange.not-allowed",)),
    ("not drawn where the variant never lets it be, in any phase (exchange_draw_allowed, R-WLD-02)", "rami51",
     {**FIRST_ROUND, "hands": [READY, OTHER]}, ["0: draw exchange", "0: draw", "0: draw exchange"],
     ("exchange.not-allowed", "ok", "exchange.not-allowed")),
]  # fmt: skip


def judge(state: RoundState, move: Move) -> str | None:
    rules = state.rules
    if isinstance(move, Exchange):
        return code_of(rules.exchange_checks.refusal(rules, state, move))
    if isinstance(move, DrawExchange):
        return code_of(rules.draw_exchange_checks.refusal(rules, state, move))
    return None


def play(variant: rk.Variant, position: dict[str, Any], moves: list[str]) -> tuple[str, ...]:
    return play_judged(variant, position, moves, judge)


@pytest.mark.parametrize("row", ROWS, ids=[row[0] for row in ROWS])
def test_each_check_of_the_exchange(row: Row) -> None:
    _, base, position, moves, expected = row
    assert play(rk.load_variant(base), position, moves) == expected


def test_the_checks_in_order_and_the_first_refusal_wins() -> None:
    handromi, rami = rules_of(rk.load_variant("handromi")), rules_of(rk.load_variant("rami51"))
    swap = ["play_phase", "exchange_swap_open", "before_table_moves", "no_card_owed", "cards_in_hand"]
    assert [check.name for check in handromi.exchange_checks.checks] == swap
    assert [check.name for check in handromi.draw_exchange_checks.checks] == [
        "draw_phase", "exchange_card_there", "hand_rummy_possible"
    ]  # fmt: skip
    assert rami.exchange_checks.checks[0].name == "exchange_swap_allowed"
    assert rami.draw_exchange_checks.checks[0].name == "exchange_draw_allowed"
    assert handromi.exchange_checks.forbidden is None and rami.exchange_checks.forbidden is not None
    # Before the draw, a swap is refused as the phase's, with today's message.
    position = {"variant": "handromi", "players": 2, **FIRST_ROUND, "hands": [HAND, OTHER]}
    state = rk.position_from_dict(position)
    with pytest.raises(rk.IllegalMove) as refused:
        state.apply("0: exchange Ah")
    assert refused.value.message == "Draw a card first."


def test_the_listed_exchanges_are_those_the_checks_accept() -> None:
    variant = rk.load_variant("handromi")
    rules = rules_of(variant)
    swaps = 0
    for seed in range(8):
        start = rk.deal(variant, players=2, seed=seed)
        for state in random_playout(start, random.Random(seed), max_moves=60):
            if state.phase not in ("draw", "play"):
                continue
            listed = set(state.legal_moves())
            drawn = rules.draw_exchange_checks.refusal(rules, state, DrawExchange()) is None
            assert (DrawExchange() in listed) is drawn
            for face in set(state.hands[state.to_move]):
                accepted = rules.exchange_checks.refusal(rules, state, Exchange(face)) is None
                assert (Exchange(face) in listed) is accepted
                swaps += accepted
    assert swaps


def test_no_swap_while_a_taken_discard_is_owed_to_the_table() -> None:
    """An audit's kalooki with an exchange card: the taken Ts must go into
    this turn's opening (R-KAL-06), and swapping Tc away, which that opening
    needed, left a turn that no legal move could end. The swap is refused
    (no_card_owed) and no longer listed; after a stock draw it stands."""
    variant = rk.loads_variant(
        '[meta]\nid = "kalooki_exchange"\nname = "Kalooki, exchange card"\nextends = "kalooki"\n'
        '[seating]\ncutter = "left_of_dealer"\n[deal]\nexchange_card = true\n'
        "[draw]\nexchange_swap_first_draw_round = true\n"
    )
    state = rk.deal(variant, players=3, seed=1)
    for move in ("draw", "discard Ts"):
        state = state.apply(move)
    taken = state.apply("take")
    assert not any(isinstance(move, Exchange) for move in taken.legal_moves())
    with pytest.raises(rk.IllegalMove) as refused:
        taken.apply("exchange Tc")
    assert refused.value.code == "exchange.not-allowed" and "Ts" in refused.value.message
    drawn = state.apply("draw")
    assert Exchange(parse_cards("Tc")[0]) in drawn.legal_moves()
