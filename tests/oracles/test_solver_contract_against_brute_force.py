"""The solver where a meld may hold two equal faces (Contract Rummy's melds),
against its references: sets without a suit rule (``7h 7h 7s``, no size
limit) and runs from ace to ace (``run_max = 14``: A-2-...-K-A). Every answer
on small hands is compared with the brute-force reference of
tests/brute_force.py (every group of cards, every declaration of its jokers,
judged by judge_meld), the bounded searches with the plain ones, and the
bundled contract's openings with every choice of its legal melds.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from itertools import combinations

import pytest
from brute_force import assert_cards_of, brute_least_penalty, check_best_opening, check_can_go_out
from hypothesis import given
from hypothesis import strategies as st
from solver_support import CONTRACT_VARIANTS as VARIANTS
from solver_support import answers, split_from

import rummykit as rk
from rummykit import Card, Meld, best_opening, judge_meld, least_penalty, parse_cards
from rummykit.rules.contract import contract_of, judge_contract
from rummykit.rules.rule_set import rules_of
from rummykit.solver.opening_reach import can_open_with

JK = Card("JK")
# Three decks: up to three copies of a face.
DENSE = parse_cards("7h 7s 7d 7c 8h 9h Th Jh Ah 2h 3h Kh Ks Kd JK")
SPREAD = parse_cards("2c 3c 4c 5c 5d 5h 9s Ts Js Qs Ad As 6h JK")


def hands(pool: Sequence[Card], low: int, high: int) -> st.SearchStrategy[list[Card]]:
    """Hands of three decks (up to three copies of a face) and four jokers."""
    return st.lists(st.sampled_from(pool), min_size=low, max_size=high).filter(
        lambda cards: (
            all(n <= 3 for c, n in Counter(cards).items() if not c.is_joker) and cards.count(JK) <= 4
        )
    )


some_hand = st.one_of(hands(DENSE, 0, 8), hands(SPREAD, 0, 8))
variants = st.sampled_from(sorted(VARIANTS))


@given(variants, some_hand)
def test_least_penalty_with_equal_faces_in_a_meld(name: str, hand: list[Card]) -> None:
    variant = VARIANTS[name]
    result = least_penalty(variant, hand)
    assert result.penalty == brute_least_penalty(variant, hand)
    laid = [c.face for m in result.melds for c in m.cards] + list(result.leftover)
    assert sorted(laid, key=Card.sort_key) == sorted((c.face for c in hand), key=Card.sort_key)
    assert all(isinstance(judge_meld(variant.meld_rules, m.cards), Meld) for m in result.melds)


@given(variants, some_hand, st.sampled_from([0, 30]))
def test_best_opening_with_equal_faces_in_a_meld(name: str, hand: list[Card], minimum: int) -> None:
    variant = VARIANTS[name]
    check_best_opening(variant, hand, minimum)


TABLE = ("7h 7s 7d", "Ah 2h 3h 4h 5h 6h 7h 8h 9h Th Jh Qh Kh", "Kc Kc JK", "2c 3c 4c JK")


@given(
    variants,
    st.one_of(hands(DENSE, 1, 6), hands(SPREAD, 1, 6)),
    st.lists(st.integers(0, len(TABLE) - 1), max_size=2, unique=True),
    st.booleans(),
)
def test_can_go_out_with_equal_faces_in_a_meld(
    name: str, hand: list[Card], picks: list[int], keep: bool
) -> None:
    variant = VARIANTS[name]
    check_can_go_out(variant, hand, [TABLE[i] for i in picks], keep)


@given(variants, some_hand, st.integers(0, 7))
def test_can_open_with_agrees_with_best_opening_with_equal_faces(
    name: str, hand: list[Card], index: int
) -> None:
    variant = VARIANTS[name]
    if not hand:
        return
    card = hand[index % len(hand)]
    # can_open_with asks the opening's minimum, not a deal's contract: so
    # does best_opening given a minimum (the bundled contract's is 0).
    minimum = 0 if name == "contract" else None
    expected = best_opening(variant, hand, must_use=card, minimum=minimum) is not None
    assert can_open_with(variant, hand, card, keep_discard=False, demands=rules_of(variant).hand) == expected


@given(variants, st.one_of(hands(DENSE, 1, 14), hands(SPREAD, 1, 14)), st.data())
def test_the_searches_of_big_hands_agree_with_equal_faces(
    name: str, hand: list[Card], data: st.DataObject
) -> None:
    """The bounded, split searches of big hands (run on small ones here)
    give the answers of the plain searches where melds hold equal faces."""
    variant = VARIANTS[name]
    forced = data.draw(st.sampled_from(hand))
    with split_from(10**6, [variant]):
        full = answers(variant, hand, forced)
    with split_from(0, [variant]):
        split = answers(variant, hand, forced)
    assert split == full


def _contract_melds(hand: list[Card]) -> list[Meld]:
    """Every meld the hand can lay before going down (the legal meld moves of
    a position holding it), judged."""
    state = rk.position_from_dict(
        {"variant": "contract", "players": 3, "phase": "play", "hands": [" ".join(map(str, hand)), "", ""]}
    )
    melds = []
    for move in state.legal_moves():
        if isinstance(move, rk.moves.Meld):
            meld = judge_meld(rk.load_variant("contract").meld_rules, move.cards)
            assert isinstance(meld, Meld)
            melds.append(meld)
    return melds


def _brute_contract(hand: list[Card], deal: int) -> int | None:
    """The most points of melds that fit in the hand together and make the
    deal's contract: every choice of that many melds."""
    contract = contract_of(rk.load_variant("contract"), deal)
    assert contract is not None
    held = Counter(c.face for c in hand)
    best = None
    for chosen in combinations(_contract_melds(hand), contract.sets + contract.runs):
        used = Counter(c.face for m in chosen for c in m.cards)
        if any(used[f] > held[f] for f in used) or judge_contract(contract, chosen) is not None:
            continue
        points = sum(m.points for m in chosen)
        best = points if best is None else max(best, points)
    return best


@pytest.mark.parametrize("deal", range(1, 8))
def test_best_opening_lays_exactly_the_deals_contract(deal: int) -> None:
    """best_opening on the bundled contract answers the most valuable melds
    that make the deal's contract (compared with every choice of melds), and
    each answer is one the commit would accept as the contract."""
    contract = rk.load_variant("contract")
    deck = [Card.natural(rank, suit) for rank in range(5, 11) for suit in range(4)] * 2
    rng = random.Random(deal)
    for _ in range(12):
        hand = rng.sample(deck, 11)
        plan = best_opening(contract, hand, deal_number=deal)
        expected = _brute_contract(hand, deal)
        assert (None if plan is None else plan.points) == expected, (format_hand(hand), deal)
        if plan is not None:
            wanted = contract_of(contract, deal)
            assert wanted is not None and judge_contract(wanted, plan.melds) is None
            assert_cards_of(hand, plan.melds)
            assert plan.points == sum(m.points for m in plan.melds)


def format_hand(hand: Sequence[Card]) -> str:
    return " ".join(map(str, hand))
