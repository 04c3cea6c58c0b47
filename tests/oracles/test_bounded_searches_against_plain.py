"""The bounded searches of big hands against the plain ones: the candidates of
a big hand leave out the runs that split into runs (solver/tables.py,
Tables.runs), best_opening leaves out joker holes and cuts its search short
at a minimum, and every answer stays the same. The bounded forms are made to
run on small and medium hands of every bundled variant, with jokers, and
compared with the plain forms.
"""

from __future__ import annotations

from unittest import mock

from hypothesis import given
from hypothesis import strategies as st
from solver_support import answers, split_from

import rummykit as rk
from rummykit.core.cards import JOKER, Card
from rummykit.core.meld_model import Meld
from rummykit.rules import best_opening, max_hand
from rummykit.solver import opening_search as solver_opening

VARIANTS = {ref: rk.load_variant(ref) for ref in rk.bundled_variants()}
FREE_JOKERS = rk.loads_variant(
    """
[meta]
id = "roemie_free_jokers"
name = "Roemie, any number of jokers in a meld"
extends = "roemie"

[[deck.by_players]]
players = [2, 4]
decks = 2
jokers = 6

[melds]
max_jokers_per_meld = 13
"""
)
ALL = {**VARIANTS, "roemie_free_jokers": FREE_JOKERS}
NATURALS = [Card.natural(r, s) for r in range(2, 15) for s in range(4)]


@st.composite
def hands(draw: st.DrawFn) -> tuple[str, list[Card]]:
    ref = draw(st.sampled_from(sorted(ALL)))
    variant = ALL[ref]
    top = min(16, max_hand(variant))
    size = draw(st.integers(3, top))
    jokers = draw(st.integers(0, min(4 if ref != "roemie_free_jokers" else 6, size)))
    naturals = draw(st.lists(st.sampled_from(NATURALS), min_size=size - jokers, max_size=size - jokers))
    # Two decks: at most two copies of a face (runs of a suit are the point here).
    counted: list[Card] = []
    for card in naturals:
        if counted.count(card) < 2:
            counted.append(card)
    return ref, counted + [JOKER] * jokers


@given(hands(), st.data())
def test_split_runs_give_the_same_answers(case: tuple[str, list[Card]], data: st.DataObject) -> None:
    ref, hand = case
    if not hand:
        return
    variant = ALL[ref]
    forced = data.draw(st.sampled_from(hand))
    with split_from(10**6, ALL.values()):
        full = answers(variant, hand, forced)
    with split_from(0, ALL.values()):
        split = answers(variant, hand, forced)
        plan = best_opening(variant, hand, minimum=0)
    assert split == full
    if plan is not None:
        # The melds of a split search are melds, worth what it says.
        assert all(isinstance(m, Meld) for m in plan.melds)
        assert sum(m.points for m in plan.melds) == plan.points


@given(hands(), st.booleans(), st.data())
def test_joker_holes_left_out_give_the_same_openings(
    case: tuple[str, list[Card]], force: bool, data: st.DataObject
) -> None:
    """best_opening leaves out a meld whose joker stands for a face still in
    the hand when too few jokers are left after it (tables.hole_jokers): the
    best opening is the same as with every such meld."""
    ref, hand = case
    variant = ALL[ref]
    forced = data.draw(st.sampled_from(hand)) if force and hand else None
    with split_from(0, ALL.values()):  # the bounded search of big hands, on small ones
        plan = best_opening(variant, hand, minimum=0, must_use=forced)
        with mock.patch.object(solver_opening, "hole_jokers", lambda rules: 0):
            full = best_opening(variant, hand, minimum=0, must_use=forced)
    assert (None if plan is None else plan.points) == (None if full is None else full.points)


@given(hands(), st.integers(1, 80))
def test_a_minimum_only_cuts_the_search_short(case: tuple[str, list[Card]], minimum: int) -> None:
    """best_opening asks its search whether a state beats the minimum (a
    state that cannot keeps an upper bound only): the answer with a minimum
    is the best opening where that reaches the minimum, else None."""
    ref, hand = case
    variant = ALL[ref]
    best = best_opening(variant, hand, minimum=0)
    with split_from(0, ALL.values()):  # the bounded search of big hands, on small ones
        plan = best_opening(variant, hand, minimum=minimum)
    if best is None or best.points < minimum:
        assert plan is None
    else:
        assert plan is not None and plan.points == best.points
        assert sum(m.points for m in plan.melds) == plan.points
