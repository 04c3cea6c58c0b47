"""Every key of the fold, the declaration, its shapes, the losers' count and
the wild rank acts (docs/variants/indian.md): for each, one position and a
few moves give one outcome under one value of the key and another under a
second value; ``legal_moves`` agrees with ``apply`` on every move tried (the
``play`` helper of tests/key_rows.py checks it).

A row: (key, value A, value B, base variant, other keys set for both, the
position, the moves, what is observed, the outcome under A, under B).
"""

from __future__ import annotations

import pytest
from key_rows import KeyRow, check_two_values, codes, phase, variant_with

import rummykit as rk
from rummykit.round.state import RoundState

SINGLE_VALUED = ("drop.timing",)  # "before_draw": the fold is only at a turn's start (R-IND-10)


def scores(state: RoundState, verdicts: tuple[str, ...]) -> object:
    assert state.result is not None, verdicts
    return state.result.scores


def ending(state: RoundState, verdicts: tuple[str, ...]) -> object:
    assert state.result is not None, verdicts
    return state.result.ending


SHOWN = "2h 3h 4h 5s 6s 7s 8d 8c 8h Kc Kd Ks Qd"  # + Kh: two pure sequences and two sets
LOSER = "3c 4c 5c 6h JK 8h Kd Qs 2d 7s 4d Ts Jh"  # counts 47 with nines wild (WORLD's example)
THIRD = "2c 3d 5d 6d 7d 9d Td Jd Qc Ac Ah As 9s"
IMPURE = "2h 3h 4h 5s 9d 7s 8d 8c 8h Kc Kd Ks Qd"  # 5s 9d=6s 7s: one pure sequence
WRONG = "3c 4c 5c 6h 9h 8h Kd Qs 2d 7s 4d Ts Jh"  # no show with jacks wild
HIGH = "Kh Kd Qc Qs Jd Jc Th Td As Ac 9h 8s 7c"  # no sequence: 124 with deuces wild
SHOW = {"hands": [SHOWN, LOSER], "cut_card": "9c", "stock": "Kh"}
DECLARE = ["0: draw", "0: declare Qd"]

ROWS: list[KeyRow] = [
    ("drop.allowed", True, False, "indian", {}, SHOW, ["0: drop"], codes, ("ok",), ("drop.not-allowed",)),
    ("drop.first", 20, 25, "indian", {}, SHOW, ["0: drop"], scores, (20, -20), (25, -25)),
    ("drop.middle", 40, 50, "indian", {}, {**SHOW, "turns_played": 2, "dealer": 1},
     ["0: drop"], scores, (40, -40), (50, -50)),
    ("declare.allowed", True, False, "indian", {}, SHOW, DECLARE,
     codes, ("ok", "ok"), ("ok", "declare.not-allowed")),
    ("declare.wrong_penalty", 80, 100, "indian", {}, {**SHOW, "cut_card": "Jc", "hands": [WRONG, SHOWN]},
     ["0: draw", "0: declare Kh"], scores, (80, -80), (100, -100)),
    ("declare.wrong_show", "leave_deal", "end_deal", "indian", {},
     {"players": 3, "cut_card": "Jc", "hands": [WRONG, SHOWN, THIRD], "stock": "Kh"},
     ["0: draw", "0: declare Kh"], phase, "draw", "over"),
    ("declare.shape.runs", 2, 3, "indian", {}, SHOW, DECLARE, ending, "declared", "wrong_show"),
    ("declare.shape.pure_runs", 1, 2, "indian", {}, {**SHOW, "hands": [IMPURE, LOSER]},
     DECLARE, ending, "declared", "wrong_show"),
    ("declare.shape.sets", 2, 3, "indian", {}, SHOW, DECLARE, ending, "declared", "wrong_show"),
    ("declare.shape.exact", False, True, "indian", {}, SHOW, DECLARE, ending, "declared", "wrong_show"),
    ("declare.shape.pure_run_min", 3, 4, "indian", {}, SHOW, DECLARE, ending, "declared", "wrong_show"),
    ("scoring.loser_count.cards", "unmatched", "hand", "indian", {}, SHOW, DECLARE,
     scores, (-47, 47), (-79, 79)),
    ("scoring.loser_count.shape", "declare", {"runs": 3}, "indian", {}, SHOW, DECLARE,
     scores, (-47, 47), (-79, 79)),
    ("scoring.max_round_penalty", 80, 0, "indian", {}, {**SHOW, "cut_card": "2c", "hands": [SHOWN, HIGH]},
     DECLARE, scores, (-80, 80), (-124, 124)),
    ("values.hand.wild", 0, 5, "indian", {"scoring.max_round_penalty": 0},
     {**SHOW, "cut_card": "5c", "hands": [SHOWN, "5d 5h JK Kh Qs Jd 2s 4c 6c 9d Tc 3s 7d"]},
     DECLARE, scores, (-71, 71), (-81, 81)),
    ("draw.discard_top_condition", "no_joker", "none", "indian", {}, {**SHOW, "discard": "JK"},
     ["0: take"], codes, ("draw.discard-joker",), ("ok",)),
    ("deal.indicator.wild", "rank", "none", "indian", {"declare.allowed": False}, {**SHOW, "discard": "9h"},
     ["0: take"], codes, ("draw.discard-joker",), ("ok",)),
    ("deal.indicator.joker_means", "A", "K", "indian", {}, {**SHOW, "cut_card": "JK", "discard": "Ad"},
     ["0: take"], codes, ("draw.discard-joker",), ("ok",)),
]  # fmt: skip


@pytest.mark.parametrize("row", ROWS, ids=[f"{row[0]}={row[2]!s}" for row in ROWS])
def test_two_values_two_outcomes(row: KeyRow) -> None:
    key, value_a, value_b, base, also, position, moves, observe, outcome_a, outcome_b = row
    check_two_values(
        key, (value_a, outcome_a), (value_b, outcome_b),
        lambda settings: variant_with(base, {**also, **settings}), position, moves, observe,
    )  # fmt: skip


FAMILY = ("indian", "indian_pool", "indian_deals")


def test_the_keys_are_off_in_every_bundled_variant_outside_the_indian_family() -> None:
    for ref in rk.bundled_variants():
        variant = rk.load_variant(ref)
        leaves = variant.drop.allowed or variant.declare.allowed
        assert leaves == (ref in FAMILY), ref
        assert (variant.scoring.loser_count.cards == "unmatched") == (ref in FAMILY), ref
