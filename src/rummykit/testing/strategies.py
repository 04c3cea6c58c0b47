"""Hypothesis strategies for cards, hands, melds, deals and playouts."""

from __future__ import annotations

import random

from hypothesis import strategies as st

from rummykit.cards import JOKER, Card, Rank, Suit
from rummykit.deal import deal
from rummykit.state import RoundState
from rummykit.testing.invariants import random_playout
from rummykit.variant import Variant

__all__ = ["cards", "dealt_rounds", "hands", "naturals", "playout_states"]

naturals = st.builds(Card.natural, st.sampled_from(list(Rank)), st.sampled_from(list(Suit)))
cards = st.one_of(naturals, st.just(JOKER))


def hands(min_size: int = 0, max_size: int = 15) -> st.SearchStrategy[list[Card]]:
    return st.lists(cards, min_size=min_size, max_size=max_size)


def dealt_rounds(variant: Variant) -> st.SearchStrategy[RoundState]:
    """Seeded deals of ``variant`` for any allowed player count."""
    return st.builds(
        lambda players, seed: deal(variant, players=players, seed=seed),
        st.integers(variant.players.min, variant.players.max),
        st.integers(0, 2**32),
    )


def playout_states(variant: Variant, max_moves: int = 300) -> st.SearchStrategy[RoundState]:
    """A state reached by random legal moves from a seeded deal."""

    def walk(start: RoundState, seed: int, steps: int) -> RoundState:
        state = start
        for state in random_playout(start, random.Random(seed), max_moves=steps):  # noqa: B007
            pass
        return state

    return st.builds(walk, dealt_rounds(variant), st.integers(0, 2**32), st.integers(0, max_moves))
