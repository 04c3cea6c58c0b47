"""The one enumeration of meld placements (rummykit.core.meld_places), judged
by brute force: every run window and set choice the rules allow, each once,
in the orders the solver and the listing read them."""

from __future__ import annotations

from itertools import combinations, product

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rummykit import MeldRules
from rummykit.core.meld_places import run_places, set_places
from rummykit.variant.model import bundled_variants, load_variant

RULES = {ref: load_variant(ref).meld_rules for ref in bundled_variants()}
RULES["no_aces_two_jokers_fewer"] = MeldRules(
    ace_low=False, ace_high=False, max_jokers=3, jokers_vs_naturals="fewer", run_min=4
)
RULES["bound_repeats"] = MeldRules(set_distinct_suits=False, set_max=6, max_jokers=3, set_joker_suit="bound")


def brute_runs(rules: MeldRules, held: int, jokers: int) -> set[tuple[int, int, tuple[int, ...]]]:
    found = set()
    for lo in range(rules.run_lowest, rules.run_highest + 1):
        for length in range(rules.run_min, rules.run_longest + 1):
            window = range(lo, lo + length)
            if window[-1] > rules.run_highest:
                continue
            present = [p for p in window if held >> p & 1]
            for size in range(1, len(present) + 1):
                for used in combinations(present, size):
                    wild = length - size
                    if wild <= jokers and wild <= rules.joker_limit(size):
                        found.add((lo, length, used))
    return found


def brute_sets(rules: MeldRules, counts: tuple[int, ...], jokers: int) -> set[tuple[tuple[int, ...], int]]:
    found = set()
    for chosen in product(*[range(c + 1) for c in counts]):
        naturals = sum(chosen)
        if not naturals or (rules.set_distinct_suits and max(chosen) > 1):
            continue
        for k in range(jokers + 1):
            size = naturals + k
            if not rules.set_min <= size <= rules.set_max or k > rules.joker_limit(naturals):
                continue
            if rules.set_distinct_suits and size > 4:
                continue
            if rules.bound_set_jokers and k > chosen.count(0):
                continue
            found.add((chosen, k))
    return found


@pytest.mark.parametrize("ref", sorted(RULES))
@given(st.sets(st.integers(2, 14), max_size=13), st.integers(0, 4))
def test_run_places_are_every_run_once(ref: str, ranks: set[int], jokers: int) -> None:
    rules = RULES[ref]
    held = 0
    for rank in ranks:
        for position in rules.ace_positions if rank == 14 else (rank,):
            held |= 1 << position
    depth = list(run_places(rules, held, jokers))
    by_size = list(run_places(rules, held, jokers, by_size=True))
    assert len(set(depth)) == len(depth)
    assert set(depth) == set(by_size) == brute_runs(rules, held, jokers)
    # By window (start, then length); by size: fewer naturals left out first,
    # then in the order of combinations over the held positions.
    assert [place[:2] for place in depth] == sorted(place[:2] for place in depth)

    def size_order(place: tuple[int, int, tuple[int, ...]]) -> tuple[object, ...]:
        lo, length, used = place
        dropped = tuple(p for p in range(lo, lo + length) if held >> p & 1 and p not in used)
        return lo, length, len(dropped), dropped

    assert by_size == sorted(by_size, key=size_order)


@pytest.mark.parametrize("ref", sorted(RULES))
@given(st.tuples(*[st.integers(0, 2)] * 4), st.integers(0, 4))
def test_set_places_are_every_set_once(ref: str, counts: tuple[int, ...], jokers: int) -> None:
    rules = RULES[ref]
    binary = list(set_places(rules, counts, jokers))
    by_size = list(set_places(rules, counts, jokers, by_size=True))
    assert len(set(binary)) == len(binary)
    assert set(binary) == set(by_size) == brute_sets(rules, counts, jokers)
    # The first suit counting fastest; by size: more of the first suits first.
    assert binary == sorted(binary, key=lambda place: (place[0][::-1], place[1]))
    assert by_size == sorted(by_size, key=lambda place: (sum(place[0]), [-c for c in place[0]], place[1]))
