"""The solvers where deuces are wild (``deck.wild_deuces``, R-CON-14).

A deuce may be laid as itself or as a wild card, so a hand is solved once for
each choice of the deuces that play wild, those deuces counted as jokers (a
wild deuce left in the hand costs what a joker costs, so the penalties stay
exact), the fewest wild deuces first; the answer then names the deuces
themselves where the solver laid a joker it did not hold.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import combinations

from rummykit.core.cards import JOKER, JOKER_CODE, Card, code_order, wild_deuce
from rummykit.core.meld_judge import place_wild_cards
from rummykit.core.meld_model import Meld, MeldRules

__all__ = ["deuce_choices", "wild_deuce_cards", "wild_deuce_melds"]


def deuce_choices(rules: MeldRules, cards: Sequence[Card]) -> Iterator[tuple[list[Card], list[Card]]]:
    """Each choice of the deuces of ``cards`` (faces) that play wild, fewest
    first: the hand with those deuces as jokers, and the deuces (where
    ``rules`` has no wild deuces, the hand as it is only)."""
    deuces = sorted(rules.wild_naturals(cards), key=code_order)
    for count in range(len(deuces) + 1):
        for wild in dict.fromkeys(combinations(deuces, count)):
            rest = list(cards)
            for deuce in wild:
                rest.remove(deuce)
            yield [*rest, *(JOKER,) * count], list(wild)


def wild_deuce_melds(melds: Sequence[Meld], deuces: list[Card]) -> tuple[Meld, ...]:
    """``melds`` with their joker places played by ``deuces`` (taken from the
    list) as far as they go; the other places keep their jokers."""
    out = []
    for meld in melds:
        count = min(meld.jokers, len(deuces))
        wild = [wild_deuce(deuce) for deuce in deuces[:count]]
        del deuces[:count]
        out.append(place_wild_cards(meld, wild) if wild else meld)
    return tuple(out)


def wild_deuce_cards(cards: Sequence[Card], deuces: list[Card]) -> tuple[Card, ...]:
    """``cards`` with their jokers played by ``deuces`` (taken from the list)
    as far as they go, each wild deuce declared as its joker was."""
    out = []
    for card in cards:
        if card.code == JOKER_CODE and card.face is JOKER and deuces:
            card = wild_deuce(deuces.pop(0), card.declared)
        out.append(card)
    return tuple(out)
