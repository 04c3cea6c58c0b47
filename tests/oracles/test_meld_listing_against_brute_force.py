"""The meld moves ``legal_moves`` lists are exactly the groups of held cards
that ``judge_meld`` accepts (hands without jokers, so no declarations to
choose): nothing missing and nothing extra, whichever ranks and suits the
hand holds only once or not at all."""

from __future__ import annotations

from itertools import combinations

from hypothesis import given
from hypothesis import strategies as st

import rummykit as rk
from rummykit import Card, Meld, judge_meld
from rummykit.core.cards import NATURALS
from rummykit.core.moves import Meld as MeldMove

VARIANTS = ["rami51", "romme51", "kalooki", "rummy500", "rummy", "handromi", "roemie"]  # melds any time


def _key(cards: tuple[Card, ...]) -> tuple[int, ...]:
    return tuple(sorted(c.face.code for c in cards))


def _brute_force(variant: rk.Variant, hand: list[Card]) -> set[tuple[int, ...]]:
    rules = variant.meld_rules
    longest = min(len(hand), max(rules.set_max, min(rules.run_max, 14)))
    found = set()
    for size in range(min(rules.set_min, rules.run_min), longest + 1):
        for group in combinations(hand, size):
            if isinstance(judge_meld(rules, group), Meld):
                found.add(_key(group))
    return found


def _run(suit: int, low: int, length: int) -> list[int]:
    return [((rank - 2) % 13) * 4 + suit for rank in range(low, low + length)]  # past the ace: 2, 3...


def _set(rank: int, suits: list[int]) -> list[int]:
    return [(rank - 2) * 4 + suit for suit in suits]


# Hands built from pieces near melds (runs and sets of 1-5 cards, aces at
# both ends) and single cards, so that most hands hold some melds and some
# ranks or suits that are one card short.
pieces = st.one_of(
    st.builds(_run, st.integers(0, 3), st.integers(2, 14), st.integers(1, 5)),
    st.builds(_set, st.integers(2, 14), st.lists(st.integers(0, 3), min_size=1, max_size=4)),
    st.builds(lambda code: [code], st.integers(0, 51)),
)
hands = st.lists(pieces, min_size=1, max_size=5).map(lambda parts: [c for part in parts for c in part][:11])


@given(ref=st.sampled_from(VARIANTS), codes=hands)
def test_listed_melds_are_exactly_the_valid_groups_of_the_hand(ref: str, codes: list[int]) -> None:
    variant = rk.load_variant(ref)
    decks = max(1, len(variant.deck_for(variant.players.min)) // 52)
    hand = [NATURALS[c] for c in codes]
    hand = [c for i, c in enumerate(hand) if hand[: i + 1].count(c) <= decks]  # no more copies than decks
    text = " ".join(str(c) for c in hand)
    free = [str(c) for c in NATURALS if c not in hand]  # the other cards named are not the hand's
    position = {"variant": ref, "players": 2, "hands": [text, free[0]], "discard": free[1], "phase": "play"}
    state = rk.position_from_dict({**position, "opened": [True, True]})
    listed = {_key(m.cards) for m in state.legal_moves() if isinstance(m, MeldMove)}
    assert listed == _brute_force(variant, hand)
