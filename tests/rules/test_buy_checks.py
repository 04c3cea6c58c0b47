"""The buy of the upcard (rummykit.rules.buy): its checks are named and
ordered, say what they read, and are asked alike by ``apply`` and by the
listing of a seat not in turn.

A row: (what it shows, base variant, keys set, the position, the moves, the
verdict of each move: ``ok`` or the refusal code). The listing of the seat
that moves must agree with apply, and the buy rule alone must give apply's
verdict on every buy.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from key_rows import variant_with

import rummykit as rk
from rummykit.core.moves import Buy, parse_seat_move
from rummykit.round.engine import apply_move, buy_window
from rummykit.rules.rule_set import rules_of
from rummykit.testing import random_playout
from rummykit.variant.model import Variant

HANDS = ["7c 7d 7h Kc", "5c 9d 2h", "4c 8s Jd"]
DEAL = {"players": 3, "hands": HANDS, "discard": "Qh", "stock": "3s 6d Ts"}
LATER = {**DEAL, "turns_played": 1}  # seat 2 discarded the upcard
SHORT = {**DEAL, "stock": "3s", "rest": "discard"}  # the stock is one card

Row = tuple[str, str, dict[str, Any], dict[str, Any], list[str], tuple[str, ...]]
ROWS: list[Row] = [
    ("the window opens with the mover's stock draw (window_open)", "contract", {}, DEAL,
     ["1: buy", "0: draw", "1: buy"], ("buy.not-available", "ok", "ok")),
    ("the player in turn does not buy (not_the_mover)", "contract", {}, DEAL,
     ["0: draw", "0: buy"], ("ok", "buy.not-available")),
    ("the first buy closes the window", "contract", {}, DEAL,
     ["0: draw", "2: buy", "1: buy"], ("ok", "ok", "buy.not-available")),
    ("the mover's next move closes it", "contract", {}, DEAL,
     ["0: draw", "0: meld 7c 7d 7h", "1: buy"], ("ok", "ok", "buy.not-available")),
    ("the seat that discarded the upcard does not buy it back (not_the_discarder)", "contract", {}, LATER,
     ["0: draw", "2: buy", "1: buy"], ("ok", "buy.not-available", "ok")),
    ("the stock pays the penalty card (stock_pays_penalty)", "contract", {}, SHORT,
     ["0: draw", "1: buy"], ("ok", "buy.not-available")),
    ("no penalty, no stock needed", "contract", {"buy.penalty_cards": 0}, SHORT,
     ["0: draw", "1: buy"], ("ok", "ok")),
    ("a seat buys at most buy.limit times a deal (within_limit)", "contract", {"buy.limit": 1},
     {**DEAL, "buys": [0, 1, 0]},
     ["0: draw", "1: buy", "2: buy"], ("ok", "buy.limit", "ok")),
    ("the buyer is judged before the limit (the order of the checks)", "contract", {"buy.limit": 1},
     {**DEAL, "buys": [1, 0, 0]},
     ["0: draw", "0: buy"], ("ok", "buy.not-available")),
    ("a seat out of the deal is not offered a buy (an audit's simulate crashed on it)", "contract",
     {"drop.allowed": True}, {**DEAL, "hands": ["7c 7d 7h Kc", "", "4c 8s Jd"], "dropped": [0, 20, 0]},
     ["0: draw", "1: buy", "2: buy"], ("ok", "turn.not-your-turn", "ok")),
    ("nobody buys where the variant has no buy", "rami51", {}, {**DEAL, "players": 3},
     ["0: draw", "1: buy"], ("ok", "buy.not-available")),
]  # fmt: skip


def play(variant: Variant, position: dict[str, Any], moves: list[str]) -> tuple[str, ...]:
    state = rk.position_from_dict(position, variant=variant)
    verdicts = []
    for text in moves:
        seat, move = parse_seat_move(text)
        acting = seat if seat is not None else state.to_move
        listed = move in state.legal_moves(acting)
        try:
            after = state.apply(text)
        except rk.IllegalMove as refusal:
            verdicts.append(refusal.code)
            assert not listed, f"{text} is listed but refused ({refusal.code})"
        else:
            verdicts.append("ok")
            assert listed, f"{text} is accepted but not listed"
            state = after
    return tuple(verdicts)


@pytest.mark.parametrize("row", ROWS, ids=[row[0] for row in ROWS])
def test_each_check_of_a_buy(row: Row) -> None:
    _, base, keys, position, moves, expected = row
    variant = variant_with(base, keys) if keys else rk.load_variant(base)
    assert play(variant, position, moves) == expected


@pytest.mark.parametrize(
    ("keys", "expected"),
    [
        ({}, ["not_the_mover", "window_open", "not_the_discarder", "stock_pays_penalty"]),
        (
            {"buy.limit": 3},
            ["not_the_mover", "window_open", "not_the_discarder", "stock_pays_penalty", "within_limit"],
        ),
        ({"buy.penalty_cards": 0}, ["not_the_mover", "window_open", "not_the_discarder"]),
    ],
)
def test_the_checks_of_a_variant(keys: dict[str, Any], expected: list[str]) -> None:
    rule = rules_of(variant_with("contract", keys) if keys else rk.load_variant("contract")).buy
    assert rule is not None
    assert [check.name for check in rule.checks] == expected
    assert all(set(check.reads) <= {"seat", "window", "rule"} for check in rule.checks)


def test_the_buy_rule_alone_gives_apply_s_verdict_over_random_rounds() -> None:
    variant = variant_with("contract", {"buy.limit": 1})
    rule = rules_of(variant).buy
    assert rule is not None
    bought = refused = 0
    for seed in range(4):
        start = rk.deal(variant, players=4, seed=seed)
        for state in random_playout(start, random.Random(seed), max_moves=120):
            if state.phase == "over":
                continue
            for seat in range(state.players):
                found = rule.refusal(buy_window(state, seat), seat)
                assert ([Buy()] if found is None else []) == state.legal_moves(seat) or seat == state.to_move
                try:
                    apply_move(state, Buy(), seat)
                except rk.IllegalMove as refusal:
                    assert found is not None and refusal.code == found.code
                    refused += 1
                else:
                    assert found is None
                    bought += 1
    assert bought and refused
