"""The position keys of the deal's indicator card (docs/case-files.md,
"Positions"): ``cut_card``, the card set aside beside the stock where the
variant cuts its indicator aside (out of play, one of the deck's copies), and
``upcard``, the first upcard where the variant's indicator is that card (it
adds no card: the card lies wherever the position puts it).

>>> from rummykit.core.cards import Card
>>> from rummykit.variant.model import loads_variant
>>> upcards = loads_variant('''
... [meta]
... id = "upcards_doc"
... name = "doc"
... extends = "gin"
... [deal.indicator]
... card = "first_upcard"
... ''')
>>> upcard_indicator({}, upcards, "draw", (Card("5h"), Card("Kd")))
Card('5h')
>>> upcard_indicator({}, upcards, "first_upcard", (Card("5h"), Card("Kd")))
Card('Kd')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rummykit.core.cards import Card, parse_cards
from rummykit.core.errors import NotationError, RummykitError
from rummykit.rules.rule_set import rules_of
from rummykit.variant.model import Variant

__all__ = ["cut_card", "upcard_indicator"]


def _one_card(data: Mapping[str, Any], key: str, error: type[RummykitError]) -> Card | None:
    """The one card a key names, or None where the key is absent."""
    if key not in data:
        return None
    try:
        cards = parse_cards(data[key])
    except NotationError as problem:
        raise error(f"{key}: {problem}") from None
    if len(cards) != 1 or cards[0].declared is not None or cards[0].is_wild_deuce:
        raise error(f"{key}: expected one card, such as 9c or JK")
    return cards[0].face


def cut_card(data: Mapping[str, Any], variant: Variant, error: type[RummykitError]) -> Card | None:
    """The ``cut_card`` key: required where ``variant`` cuts its indicator
    aside, refused elsewhere. It is a card of the deck, out of play."""
    card = _one_card(data, "cut_card", error)
    aside = rules_of(variant).deal.indicator.out_of_play
    if card is not None and not aside:
        raise error(f'cut_card: {variant.id} sets no card aside (deal.indicator.card is not "cut_aside")')
    if card is None and aside:
        raise error(f"cut_card: required ({variant.id} sets its indicator card aside at the deal)")
    return card


def upcard_indicator(
    data: Mapping[str, Any],
    variant: Variant,
    phase: str,
    discard: Sequence[Card],
    error: type[RummykitError] = RummykitError,
) -> Card | None:
    """The ``upcard`` key where ``variant``'s indicator is the first upcard
    (refused elsewhere); by default the top of ``discard`` in phase
    ``"first_upcard"``, else its bottom (None where it is empty)."""
    card = _one_card(data, "upcard", error)
    first = rules_of(variant).deal.indicator.card == "first_upcard"
    if card is not None and not first:
        raise error(f'upcard: the indicator of {variant.id} is not the first upcard (deal.indicator.card)')
    if card is not None or not first or not discard:
        return card
    return discard[-1] if phase == "first_upcard" else discard[0]
