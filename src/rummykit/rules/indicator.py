"""The indicator stage: the deal's indicator card (``[deal.indicator]``,
:mod:`rummykit.variant.indicator_table`) and the rules it sets for the deal.

The deal stage places the card (:meth:`IndicatorRule.set_aside`, :meth:`IndicatorRule.of_deal`): the first
upcard, or the card after the deal set face up beside the stock, out of
play; the round keeps it (``RoundState.indicator``, public in every view).
Each role of the card is one method here, asked by whoever applies that
rule: :meth:`IndicatorRule.knock_limit` by the knock stage (its limit for the
deal, :meth:`rummykit.rules.knock.KnockRule.limit`), :meth:`IndicatorRule.factor`
by the round's scoring. A new role is one more field and one more method.

>>> from rummykit.core.cards import Card
>>> from rummykit.variant.model import loads_variant
>>> rule = indicator_stage(loads_variant('''
... [meta]
... id = "okg_doc"
... name = "doc"
... extends = "gin"
... [deal.indicator]
... card = "first_upcard"
... knock_limit = "value"
... multiplier = { suit = "s", factor = 2 }
... '''))
>>> [rule.limits[Card(face).code] for face in ("7h", "Kd", "As")]
[7, 10, 0]
>>> rule.factor(Card("7s")), rule.factor(Card("7h")), rule.factor(None)
(2, 1, 1)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

import attrs

from rummykit.core.cards import JOKER_CODE, Card, Rank
from rummykit.variant.model import Variant

__all__ = ["NO_INDICATOR", "IndicatorRule", "indicator_stage"]

IndicatorCard = Literal["none", "first_upcard", "cut_aside"]
_ACE_CODES = range((Rank.ACE - 2) * 4, (Rank.ACE - 2) * 4 + 4)


@attrs.frozen(slots=True)
class IndicatorRule:
    """The indicator of one variant: which card it is (``card``), and what
    it sets: ``limits`` (the deal's knock limit, read by the knock rule's
    ``limit``) and ``factors`` are by card code (the joker's last), empty
    where the card plays no such role."""

    card: IndicatorCard
    limits: tuple[int, ...]
    factors: tuple[int, ...]
    wild_ranks: tuple[int, ...] = ()
    """By card code (the joker's last): the deal's wild rank; empty where
    the card names none (R-IND-03)."""

    @property
    def out_of_play(self) -> bool:
        """Is the indicator a card of its own, beside the stock (not in any pile)?"""
        return self.card == "cut_aside"

    def set_aside(self, stock: list[Card]) -> Card | None:
        """Where the indicator is cut aside: the card after the deal, taken
        from ``stock`` (the cards left once the hands are dealt, top first)
        before the open pile starts; else None."""
        return stock.pop(0) if self.card == "cut_aside" and stock else None

    def of_deal(self, aside: Card | None, discard: Sequence[Card]) -> Card | None:
        """The deal's indicator: the card set aside (``aside``), or the first
        card of the open pile ``discard``; None when the variant has none."""
        if self.card == "first_upcard":
            return discard[0] if discard else None
        return aside

    def factor(self, indicator: Card | None) -> int:
        """What the deal's round scores are multiplied by (1: unchanged)."""
        factors = self.factors
        if not factors or indicator is None:
            return 1
        return factors[indicator.code]


    def wild_rank(self, indicator: Card | None) -> int | None:
        """The deal's wild rank (2-14): the indicator's rank, or
        ``joker_means`` for a printed joker; None where the card names none."""
        ranks = self.wild_ranks
        if not ranks or indicator is None:
            return None
        return ranks[indicator.code]


NO_INDICATOR = IndicatorRule("none", (), ())
"""The stage of a variant without an indicator."""


def indicator_stage(variant: Variant) -> IndicatorRule:
    """The indicator stage of ``variant``."""
    table = variant.deal.indicator
    if table.card == "none":
        return NO_INDICATOR
    limits: tuple[int, ...] = ()
    if table.knock_limit == "value":
        values = variant.values.hand
        limits = tuple(
            table.ace_limit if code in _ACE_CODES else values.by_code[code] for code in range(JOKER_CODE + 1)
        )
    factors: tuple[int, ...] = ()
    multiplier = table.multiplier
    if multiplier.suit != "none":
        suit = "cdhs".index(multiplier.suit)
        factor = multiplier.factor
        factors = (*(factor if code % 4 == suit else 1 for code in range(JOKER_CODE)), 1)
    wild_ranks: tuple[int, ...] = ()
    if table.wild == "rank":
        joker = "23456789TJQKA".index(table.joker_means) + 2
        wild_ranks = (*(code // 4 + 2 for code in range(JOKER_CODE)), joker)
    return IndicatorRule(table.card, limits, factors, wild_ranks)
