"""A hand's outlook: what it is likely to be worth after the next draw from
the stock, one step ahead of :class:`~rummykit.play.bots.GreedyBot`'s
"least penalty now".

The outlook of a hand is the mean, over the cards the stock may hold, of
the hand's least penalty once that card is drawn and the best card thrown
(``least_penalty(..., discard=True)``). :class:`~rummykit.play.search_bot.SearchBot`
starts from it: it discards the card that leaves the best outlook (of those
whose loss costs least now), and takes the top discard only when taking it
leaves a lower penalty than drawing is likely to; its rollouts then judge
the other moves against that one.

>>> import rummykit as rk
>>> gin = rk.load_variant("gin")
>>> hand = rk.parse_cards("7h 8h Ks Kd 2c 3d 9s Tc Jd Qh")
>>> stock = rk.parse_cards("9h 6h Kc 5s 4d")
>>> round(outlook(gin, hand, stock), 1) < outlook(gin, rk.parse_cards("7h 3h Ks Kd 2c 3d 9s Tc Jd Qh"), stock)
True
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from rummykit.core.cards import Card, code_order
from rummykit.play.determinize import Determinizer
from rummykit.round.from_view import unseen_cards
from rummykit.round.views import PlayerView
from rummykit.rules.variant_queries import least_penalty
from rummykit.variant.model import Variant

__all__ = ["best_discard", "outlook", "stock_cards", "take_is_better"]


def stock_cards(view: PlayerView, variant: Variant, memory: Determinizer) -> list[Card]:
    """The cards the stock may hold, as ``view`` and what ``memory`` saw
    taken tell: the unseen cards less those known to be in another hand."""
    unseen = unseen_cards(view, variant)
    for seat, cards in memory.taken.items():
        if seat != view.seat:
            unseen.subtract(cards)
    return sorted((+unseen).elements(), key=code_order)


def outlook(variant: Variant, hand: Sequence[Card], stock: Iterable[Card]) -> float:
    """The mean least penalty of ``hand`` after drawing one of ``stock`` and
    throwing the best card (infinite for an empty stock)."""
    values = [least_penalty(variant, [*hand, card], discard=True).penalty for card in stock]
    return sum(values) / len(values) if values else float("inf")


def take_is_better(variant: Variant, hand: Sequence[Card], top: Card, stock: Sequence[Card]) -> bool:
    """Does taking ``top`` leave a lower least penalty than drawing from
    ``stock`` is likely to (each then throwing its best card)?"""
    return least_penalty(variant, [*hand, top], discard=True).penalty < outlook(variant, hand, stock)


def best_discard(
    variant: Variant, hand: Sequence[Card], cards: Iterable[Card], stock: Sequence[Card]
) -> Card:
    """Of ``cards``, the one whose loss leaves ``hand`` the best outlook
    (ties: the one first in ``cards``)."""
    scores: Mapping[Card, float] = {card: outlook(variant, _without(hand, card), stock) for card in cards}
    return min(scores, key=lambda card: scores[card])


def _without(hand: Sequence[Card], card: Card) -> list[Card]:
    rest = list(hand)
    rest.remove(card)
    return rest
