"""find_contract: the best contract of a hand, checked against every
combination of its melds, and bounded by its budget."""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Sequence

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rummykit.core.cards import Card, parse_cards
from rummykit.core.meld_judge import judge_meld
from rummykit.core.meld_model import Meld
from rummykit.rules.contract import judge_contract
from rummykit.rules.contract_search import ContractSearch, find_contract
from rummykit.variant.model import ContractDeal, load_variant

RULES = load_variant("contract").meld_rules
POOL = parse_cards(
    "3s 4s 5s 6s 7s 8s 3h 4h 5h 6h 7h 3d 4d 7d 3c 7c "  # runs in two suits, sets of threes and sevens
    "3s 4s 5s 7s 7h JK"  # a second deck's copies and a joker
)


def formable_melds(hand: Sequence[Card]) -> list[Meld]:
    """Every meld of three to five of the hand's cards, once per group of faces."""
    found: dict[tuple[int, ...], Meld] = {}
    for size in (3, 4, 5):
        for group in itertools.combinations(hand, size):
            key = tuple(sorted(card.face.code for card in group))
            if key not in found:
                judged = judge_meld(RULES, group)
                if isinstance(judged, Meld):
                    found[key] = judged
    return list(found.values())


def every_contract(
    contract: ContractDeal, melds: Sequence[Meld], hand: Sequence[Card], keep: int
) -> tuple[Meld, ...] | None:
    """The reference: every combination of sets then runs in order, the
    first of those that are the contract and fit with the most cards laid."""
    sets = [m for m in melds if m.kind == "set"]
    runs = [m for m in melds if m.kind == "run"]
    best: tuple[Meld, ...] | None = None
    for chosen_sets in itertools.combinations(sets, contract.sets):
        for chosen_runs in itertools.combinations(runs, contract.runs):
            chosen = (*chosen_sets, *chosen_runs)
            used = Counter(card.face for meld in chosen for card in meld.cards)
            free = Counter(card.face for card in hand)
            if used - free or sum(used.values()) > len(hand) - keep:
                continue
            if judge_contract(contract, chosen) is None and (best is None or laid(chosen) > laid(best)):
                best = chosen
    return best


def laid(melds: Sequence[Meld]) -> int:
    return sum(len(meld) for meld in melds)


SHAPES = [ContractDeal(hand_size=12, sets=s, runs=r) for s, r in ((2, 0), (1, 1), (0, 2), (1, 2), (2, 1))]


@given(
    st.lists(st.sampled_from(range(len(POOL))), min_size=10, max_size=14, unique=True),
    st.sampled_from(SHAPES),
    st.integers(0, 1),
    st.booleans(),
)
def test_the_search_finds_what_every_combination_finds(
    picked: list[int], contract: ContractDeal, keep: int, all_out: bool
) -> None:
    """The same contract as the reference's; with ``at_least`` every card
    it may lay, that contract only if it lays them all."""
    hand = [POOL[i] for i in sorted(picked)]
    melds = formable_melds(hand)
    best = every_contract(contract, melds, hand, keep)
    if not all_out:
        assert find_contract(contract, melds, hand, keep=keep) == best
    else:
        wanted = best if best is not None and laid(best) == len(hand) - keep else None
        assert find_contract(contract, melds, hand, keep=keep, at_least=len(hand) - keep) == wanted


def test_at_least_refuses_a_contract_that_lays_fewer_cards() -> None:
    hand = parse_cards("7s 7h 7d 7c 3s 3h 3d 9c")
    melds = formable_melds(hand)
    two_sets = ContractDeal(hand_size=8, sets=2)
    best = find_contract(two_sets, melds, hand)
    assert best is not None and laid(best) == 7
    assert find_contract(two_sets, melds, hand, at_least=7) == best
    assert find_contract(two_sets, melds, hand, at_least=8) is None  # the nine of clubs is in no meld


def test_a_long_contract_is_answered_within_the_budget() -> None:
    """Thirty cards of two decks, six sets and two runs: the exhaustive
    search tried millions of combinations; the budget stops it with the
    best contract found so far, itself a contract of the hand."""
    hand = parse_cards(
        "2s 2h 2d 3s 3h 3d 4s 4h 4d 5s 5h 5d 6s 6h 6d 7s 7h 7d 8s 8h 8d 9s 9h 9d Ts Th Td Js Jh Jd"
    )
    melds = formable_melds(hand)
    contract = ContractDeal(hand_size=30, sets=6, runs=2)
    search = ContractSearch(contract, melds, hand, keep=1, budget=5_000)
    found = search.best()
    assert search.tried == 5_000
    assert found is not None and judge_contract(contract, found) is None
    assert not Counter(card.face for meld in found for card in meld.cards) - Counter(hand)


def test_a_budget_below_one_is_refused() -> None:
    with pytest.raises(ValueError, match="at least one"):
        ContractSearch(ContractDeal(hand_size=10, sets=2), [], [], keep=0, budget=0)
