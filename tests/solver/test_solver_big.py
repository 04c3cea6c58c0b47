"""Big hands (issue 8): the solver answers hands of 40 and 90 cards, the
candidates of a big hand leave out long runs, and a joker hole is kept where
it must be (the comparisons of the bounded searches with the plain ones are
in tests/oracles/test_bounded_searches_against_plain.py). Item 5's corner: a
deep take whose chosen card's other copy can only be laid off onto a table meld.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from solver_support import split_from

import rummykit as rk
from rummykit.core.cards import JOKER, Card
from rummykit.core.moves import Take
from rummykit.io.positions import position_from_dict
from rummykit.rules import best_opening, least_penalty
from rummykit.rules.rule_set import rules_of
from rummykit.solver import search_limits
from rummykit.solver import tables as solver_tables
from rummykit.solver.opening_reach import can_open_with

VARIANTS = {ref: rk.load_variant(ref) for ref in rk.bundled_variants()}
NATURALS = [Card.natural(r, s) for r in range(2, 15) for s in range(4)]


def test_a_long_run_is_left_out_of_big_hands_only() -> None:
    tables = solver_tables.tables_for(VARIANTS["roemie"], rules_of(VARIANTS["roemie"]).hand, 6)
    hearts = 0b11111100  # 2h to 7h (positions 2 to 7)
    lengths = {c.length for _, c in tables.runs(1, hearts, 1)}
    split = {c.length for _, c in tables.runs(1, hearts, 1, search_limits.SPLIT_VALUES)}
    assert lengths == {3, 4, 5, 6, 7} and split == {3, 4, 5}


@pytest.mark.parametrize("jokers", [0, 2, 4])
def test_big_roemie_hands_are_answered(jokers: int) -> None:
    """A 40-card hand of two decks: the split search answers (quickly; not timed)."""
    roemie = VARIANTS["roemie"]
    hand = (NATURALS * 2)[1:80:2][: 40 - jokers] + [JOKER] * jokers
    plan = best_opening(roemie, hand)
    assert plan is not None and plan.points == sum(m.points for m in plan.melds)
    assert least_penalty(roemie, hand).penalty >= 0


@pytest.mark.parametrize("jokers", [0, 4])
def test_ninety_card_roemie_hands_are_answered(jokers: int) -> None:
    """Nearly complete two-deck hands: best_opening asks from the hand's bound
    down (took minutes before; not timed here). The plan lays cards of the
    hand, each copy at most once, and is worth what it says."""
    roemie = VARIANTS["roemie"]
    rnd = random.Random(90 + jokers)
    hand = rnd.sample(NATURALS * 2, 90 - jokers) + [JOKER] * jokers
    plan = best_opening(roemie, hand)
    assert plan is not None and plan.points == sum(m.points for m in plan.melds)
    laid = Counter(slot.card for meld in plan.melds for slot in meld.slots)
    held = Counter(hand)
    assert all(held[card] >= count for card, count in laid.items())
    # Nothing better: asking for a single point more finds no opening.
    assert best_opening(roemie, hand, minimum=plan.points + 1) is None


# --------------------------------------------------------------------------- the deep take's corner


def corner_position(table: str | None, opened: bool = False) -> rk.RoundState:
    """Seat 0 holds Jh Qh Kh; the row ends Kh Th: ``take 2`` brings Kh and Th.
    Th Jh Qh Kh (40) opens with the chosen Kh; the other Kh may not be thrown
    (R-ROE-06) and fits no new meld: it can only be laid off."""
    data: dict[str, object] = {
        "variant": "roemie",
        "players": 2,
        "turns_played": 4,
        "phase": "draw",
        "hands": ["Jh Qh Kh", "2c 3c 5d 7s 9s"],
        "discard": "4d Kh Th",
        "opened": [opened, True],
    }
    if table is not None:
        data["table"] = [{"owner": 1, "cards": table}]
    return position_from_dict(data, variant=VARIANTS["roemie"])


def test_a_deep_take_that_ends_by_laying_off_the_other_copy() -> None:
    state = corner_position("Ks Kd Kc").apply(Take(2))
    for move in ("meld Th Jh Qh Kh", "layoff 1 Kh", "out"):
        state = state.apply(move)
    assert state.phase == "over" and state.result is not None and state.result.winner == 0


def test_the_same_take_is_refused_where_nothing_takes_the_copy() -> None:
    for table in (None, "Ks Kd Kc JK", "9s 9d 9c", "2s 3s 4s"):
        with pytest.raises(rk.IllegalMove) as refused:
            corner_position(table).apply(Take(2))
        assert refused.value.code == "draw.taken-card-unused"


def test_the_lay_off_needs_a_variant_that_allows_it_in_the_opening_turn() -> None:
    roemie = VARIANTS["roemie"]
    table = [rk.check_meld(roemie, "Ks Kd Kc")]
    hand = "Th Jh Qh Kh Kh"
    assert can_open_with(
        roemie, hand, "Kh", not_discardable=["Kh"], table=table, demands=rules_of(roemie).hand
    )
    assert not can_open_with(roemie, hand, "Kh", not_discardable=["Kh"], demands=rules_of(roemie).hand)
    strict = rk.loads_variant(
        '[meta]\nid = "roemie_strict"\nname = "x"\nextends = "roemie"\n[opening]\nlayoff_same_turn = false\n'
    )
    assert not can_open_with(
        strict, hand, "Kh", not_discardable=["Kh"], table=table, demands=rules_of(strict).hand
    )
    # A player who opened before may lay off anyway.
    assert can_open_with(
        strict, hand, "Kh", opening=False, not_discardable=["Kh"], table=table, demands=rules_of(strict).hand
    )


def test_a_joker_hole_is_kept_where_the_natural_needs_a_meld_with_a_joker() -> None:
    # 4h JK(5h) 6h and 5h 5c JK: every card laid, only with the hole at 5h.
    roemie = VARIANTS["roemie"]
    with split_from(0, [roemie]):
        plan = best_opening(roemie, "4h 5h 6h 5c JK JK", minimum=0)
    assert plan is not None and plan.points == 30
    assert sum(len(m) for m in plan.melds) == 6
