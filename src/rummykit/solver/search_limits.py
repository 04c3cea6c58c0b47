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
from rummykit.variant.model import Variant

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
    "max_hand",
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


def max_hand(variant: Variant) -> int:
    """The most cards one hand can hold in a round of this variant: the
    solver refuses larger hands as bad input.

    A seat is dealt at most ``hand_size + first_player_extra`` cards, and
    the jokers of the cut as well where they come on top of the deal. A turn adds at
    most one card (a draw, the top discard or the exchange card; a joker
    swap and an exchange give a card for a card) and ends with a discard,
    so a hand never holds more than the deal and one card. Where a deep take
    lifts a card and every card above it (``draw.discard_deep``), the
    discard row can hold nearly the whole deck, so the bound is the deck:
    no hand holds more cards than the largest deck of the variant.

    >>> from rummykit.variant.model import load_variant
    >>> max_hand(load_variant("rami51")), max_hand(load_variant("roemie"))
    (14, 108)
    """
    bands = variant.deck.by_players
    jokers = max(max((band.jokers, *band.joker_options)) for band in bands)
    deck = max(band.decks * 52 + max((band.jokers, *band.joker_options)) for band in bands)
    if variant.draw.discard_deep or variant.buy.allowed:
        return deck  # a buy adds cards out of turn, as often as windows open
    deal = variant.deal
    dealt = max(band.hand_size or deal.hand_size for band in bands) + deal.first_player_extra
    dealt = max((dealt, *(entry.hand_size for entry in variant.contract.deals)))
    if deal.cut_joker_ceremony:
        # A cut joker replaces a dealt card, or comes on top of the deal.
        dealt = max(dealt, jokers) if deal.cut_joker_reduces_deal else dealt + jokers
    return min(deck, dealt + 1)


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
