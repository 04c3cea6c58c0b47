"""Shuffling: our own Fisher–Yates over ``random.Random(seed).random()``
(only ``random()`` is promised stable across Python versions), with one
random stream for the deal and one for each reshuffle of a seeded round; with
no seed it draws from :class:`secrets.SystemRandom`.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Sequence

from rummykit.core.cards import Card

__all__ = ["rng_for", "shuffle"]


def shuffle(cards: Sequence[Card], rng: random.Random) -> tuple[Card, ...]:
    """Fisher–Yates: for i from the last down to 1, swap i with a j <= i."""
    deck = list(cards)
    for i in range(len(deck) - 1, 0, -1):
        j = int(rng.random() * (i + 1))
        deck[i], deck[j] = deck[j], deck[i]
    return tuple(deck)


def rng_for(seed: int | None, stream: int = 0) -> random.Random:
    """The random source of one stream of a seeded round (0: the deal, 1 + n:
    the n-th reshuffle); the system's secure generator when ``seed`` is None."""
    if seed is None:
        return secrets.SystemRandom()
    return random.Random(seed * 1_000_003 + stream)
