"""Issue 8, item 6 (big hands): the candidates of a big hand leave out the runs
that split into runs (solver/tables.py, Tables.runs), and every answer stays
the same: the split searches are compared with the full ones on small and
medium hands of every bundled variant, with jokers. Item 5's corner: a deep
take whose chosen card's other copy can only be laid off onto a table meld.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from unittest import mock

import pytest
from hypothesis import given
from hypothesis import strategies as st

import rummykit as rk
from rummykit.core.cards import JOKER, Card
from rummykit.core.meld_model import Meld
from rummykit.core.moves import Take
from rummykit.io.positions import position_from_dict
from rummykit.rules import best_opening, can_go_out, least_penalty, max_hand
from rummykit.rules.rule_set import rules_of
from rummykit.solver import clear_caches, search_limits
from rummykit.solver import opening_search as solver_opening
from rummykit.solver import tables as solver_tables
from rummykit.solver.opening_reach import can_open_with
from rummykit.variant.model import Variant

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


@contextmanager
def split_from(cards: int) -> Iterator[None]:
    """Split the runs of hands, and bound the searches of best_opening, from
    ``cards`` cards on (and start from empty caches)."""
    for variant in ALL.values():
        clear_caches(variant)
    with (
        mock.patch.object(search_limits, "SPLIT_FROM", cards),
        mock.patch.object(search_limits, "OPENING_BOUND_FROM", cards),
        mock.patch.object(search_limits, "OPENING_BOUND_FROM_WITH_JOKERS", cards),
    ):
        yield
    for variant in ALL.values():
        clear_caches(variant)


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


def answers(variant: Variant, hand: list[Card], forced: Card) -> tuple[object, ...]:
    opening = best_opening(variant, hand, minimum=0)
    with_card = best_opening(variant, hand, minimum=0, must_use=forced)
    out = [
        can_go_out(variant, hand, keep_discard=keep, must_open=must) is not None
        for keep in (None, True, False)
        for must in (False, True)
    ]
    opens = [
        can_open_with(
            variant,
            hand,
            forced,
            opening=opening_rules,
            not_discardable=[forced],
            demands=rules_of(variant).hand,
        )
        for opening_rules in (True, False)
    ]
    return (
        None if opening is None else opening.points,
        None if with_card is None else with_card.points,
        least_penalty(variant, hand).penalty,
        *out,
        *opens,
    )


@given(hands(), st.data())
def test_split_runs_give_the_same_answers(case: tuple[str, list[Card]], data: st.DataObject) -> None:
    ref, hand = case
    if not hand:
        return
    variant = ALL[ref]
    forced = data.draw(st.sampled_from(hand))
    with split_from(10**6):
        full = answers(variant, hand, forced)
    with split_from(0):
        split = answers(variant, hand, forced)
        plan = best_opening(variant, hand, minimum=0)
    assert split == full
    if plan is not None:
        # The melds of a split search are melds, worth what it says.
        assert all(isinstance(m, Meld) for m in plan.melds)
        assert sum(m.points for m in plan.melds) == plan.points


def test_a_long_run_is_left_out_of_big_hands_only() -> None:
    tables = solver_tables.tables_for(VARIANTS["roemie"], rules_of(VARIANTS["roemie"]).hand, 6)
    hearts = 0b11111100  # 2h to 7h (positions 2 to 7)
    lengths = {c[5][3] for _, c in tables.runs(1, hearts, 1)}
    split = {c[5][3] for _, c in tables.runs(1, hearts, 1, search_limits.SPLIT_VALUES)}
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


# --------------------------------------------------------------------------- joker holes


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
    with split_from(0):  # the bounded search of big hands, on small ones
        plan = best_opening(variant, hand, minimum=0, must_use=forced)
        with mock.patch.object(solver_opening, "hole_jokers", lambda rules: 0):
            full = best_opening(variant, hand, minimum=0, must_use=forced)
    assert (None if plan is None else plan.points) == (None if full is None else full.points)


def test_a_joker_hole_is_kept_where_the_natural_needs_a_meld_with_a_joker() -> None:
    # 4h JK(5h) 6h and 5h 5c JK: every card laid, only with the hole at 5h.
    roemie = VARIANTS["roemie"]
    with split_from(0):
        plan = best_opening(roemie, "4h 5h 6h 5c JK JK", minimum=0)
    assert plan is not None and plan.points == 30
    assert sum(len(m) for m in plan.melds) == 6


@given(hands(), st.integers(1, 80))
def test_a_minimum_only_cuts_the_search_short(case: tuple[str, list[Card]], minimum: int) -> None:
    """best_opening asks its search whether a state beats the minimum (a
    state that cannot keeps an upper bound only): the answer with a minimum
    is the best opening where that reaches the minimum, else None."""
    ref, hand = case
    variant = ALL[ref]
    best = best_opening(variant, hand, minimum=0)
    with split_from(0):  # the bounded search of big hands, on small ones
        plan = best_opening(variant, hand, minimum=minimum)
    if best is None or best.points < minimum:
        assert plan is None
    else:
        assert plan is not None and plan.points == best.points
        assert sum(m.points for m in plan.melds) == plan.points
