"""A hand packed into one integer, and the bit arithmetic of the searches.

Inside the solver a hand is one integer: bit ``code + 52*i`` is set when the
hand holds more than ``i`` copies of the face ``code``, so removing a meld is
two integer operations per copy of a face it holds (:func:`take`): a meld's
mask is laid out the same way, so it fits a hand when ``mask & hand == mask``.
Most melds never hold two equal faces (one layer); a set without the suit
rule (``7h 7h 7s``) or a run from ace to ace (two equal aces) has more layers.

>>> from rummykit.core.cards import parse_cards
>>> hand = PackedHand(parse_cards("7h 7h 8h JK"))
>>> hand.jokers, hand.layers, face_codes(hand.state)
(1, 2, [22, 26, 22])
>>> face_codes(take(hand.state, 1 << 22, hand.repeat))
[22, 26]
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from rummykit.core.cards import JOKER_CODE, Card

__all__ = ["FACES", "FULL", "PackedHand", "face_codes", "masks_union", "take"]

FACES = 52
FULL = (1 << FACES) - 1


class PackedHand:
    """A hand packed for the search."""

    __slots__ = ("jokers", "layers", "repeat", "state")

    def __init__(self, cards: Iterable[Card]) -> None:
        jokers = 0
        state = 0
        for card in cards:
            code = card.code
            if code == JOKER_CODE:
                jokers += 1
                continue
            bit = 1 << code
            while state & bit:
                bit <<= FACES
            state |= bit
        self.state = state
        self.jokers = jokers
        self.layers = max(1, (state.bit_length() + FACES - 1) // FACES)
        self.repeat = sum(1 << (FACES * i) for i in range(self.layers))


def face_codes(mask: int) -> list[int]:
    """The faces of a mask, a face once per copy (a mask of several layers)."""
    out = []
    while mask:
        low = mask & -mask
        out.append((low.bit_length() - 1) % FACES)
        mask ^= low
    return out


def take(state: int, mask: int, repeat: int) -> int:
    """The packed hand ``state`` without the cards of ``mask`` (which it
    holds): one copy of each face of a layer, layer after layer; ``repeat``
    spreads one layer over all of the hand's (PackedHand.repeat)."""
    while mask:
        spread = (mask & FULL) * repeat
        state = (state & ~spread) | ((state >> FACES) & spread)
        mask >>= FACES
    return state


def masks_union(masks: Sequence[int]) -> int:
    """Every face of the masks: their union."""
    out = 0
    for mask in masks:
        out |= mask
    return out
