"""The limits of the searches: the most cards a hand of a variant holds,
the sizes from which big hands are searched differently, and the values a
search starts from.

A hand of real size is searched plainly. From ``SPLIT_FROM`` cards the
searches leave long runs out of their candidates (:func:`split_for`, see
Tables.runs) and bound what a state can still give (:func:`bounded`);
best_opening bounds its search from ``OPENING_BOUND_FROM`` cards
(:func:`opening_bounded`). The functions read these constants when called.

>>> split_for(14, True), split_for(40, True), split_for(40, False)
(0, 1, 2)
"""

from __future__ import annotations

from rummykit.solver.hand_masks import FACES

__all__ = [
    "MEMO_LIMIT",
    "NEG",
    "NO_BOUND",
    "NO_BOUNDS",
    "OPENING_BOUND_FROM",
    "OPENING_BOUND_FROM_WITH_JOKERS",
    "SPLIT_ALL",
    "SPLIT_FROM",
    "SPLIT_NONE",
    "SPLIT_VALUES",
    "bounded",
    "opening_bounded",
    "split_for",
]

MEMO_LIMIT = 200_000  # entries kept in a variant's shared least-penalty table
NEG = -1  # "impossible" in the value tables (all real values are >= 0)
# A search without bounds starts from NO_BOUND and takes nothing off it per card.
NO_BOUND = 1 << 40
NO_BOUNDS = [0] * FACES

# Long runs are left out of the candidates of big hands (see Tables.runs):
# from this many cards in a hand (no hand of a variant without deep takes
# holds as many, so their searches keep their candidates and answers).
SPLIT_FROM = 21
# best_opening bounds its search from this many cards (see opening_bounded).
OPENING_BOUND_FROM = 60
OPENING_BOUND_FROM_WITH_JOKERS = 50
SPLIT_NONE = 0  # every run
SPLIT_VALUES = 1  # no run that splits into runs worth as much (values stay exact)
SPLIT_ALL = 2  # no run that splits into runs (covers and penalties stay exact)


def bounded(cards: int) -> bool:
    """Do the searches of a hand of ``cards`` cards bound what a state can
    still give (big hands only: for hands of real size the bounds cost more
    than they save)?"""
    return cards >= SPLIT_FROM


def opening_bounded(cards: int, jokers: int) -> bool:
    """Does best_opening search a hand of ``cards`` cards (``jokers`` of
    them jokers) with bounds (an upper bound per card, questions asked from
    that bound down)? Measured on random two-deck Roemie hands: below 60
    cards (50 with jokers) the plain search is faster, above it the bounded
    one wins by far (90 cards: milliseconds against minutes)."""
    return cards >= (OPENING_BOUND_FROM_WITH_JOKERS if jokers else OPENING_BOUND_FROM)


def split_for(cards: int, values: bool) -> int:
    """How far a hand of ``cards`` cards splits its runs (Tables.runs):
    not at all in hands of real size, else as far as the answer allows."""
    if cards < SPLIT_FROM:
        return SPLIT_NONE
    return SPLIT_VALUES if values else SPLIT_ALL
