"""The deal stage: seats, hand sizes, the cut and the upcard.

:func:`deal_stage` builds a variant's :class:`DealRule` (the variant's rule set holds it) from its
``[seating]``, ``[players]``, ``[deck]`` and ``[deal]`` tables (the first
turn's phase belongs to the draw); nothing else reads those keys to decide how
a round is dealt. :mod:`rummykit.round.dealing` shuffles and asks this rule how to share
the cards out.

Seats are numbered clockwise seen from above the table: the seat after ``s``
(``s + 1``) is on the left of ``s``. Play, dealing and the deal's rotation go
in ``seating.direction``; "left of the dealer" is the same seat whatever that
direction.

>>> from rummykit.variant.model import load_variant
>>> rule = deal_stage(load_variant("handromi"))
>>> rule.hand_sizes(players=4, dealer=0), rule.first_player(4, 0), rule.cutter(4, 0)
((14, 14, 14, 15), 3, 1)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal, Protocol

import attrs

from rummykit.core.cards import JOKER_CODE, Card
from rummykit.rules.indicator import IndicatorRule, indicator_stage
from rummykit.variant.model import Variant

__all__ = ["DealRule", "Dealt", "StandardDeal", "deal_stage"]


@attrs.frozen(slots=True)
class Dealt:
    """How a shuffled deck was shared out: hands by seat (in the order dealt),
    the stock (top first), the upcard pile, the exchange card, who starts,
    the deal's indicator card."""

    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]
    discard: tuple[Card, ...]
    exchange: Card | None
    first_player: int
    indicator: Card | None = None


class DealRule(Protocol):
    """The deal stage of a variant."""

    @property
    def first_player_extra(self) -> int:
        """Extra cards the first player is dealt."""
        ...

    def next_seat(self, players: int, seat: int, steps: int = 1) -> int:
        """The seat ``steps`` turns after ``seat`` in the direction of play."""
        ...

    def first_dealer(self, players: int, roll: float) -> int:
        """The first dealer of a match, from a random ``roll`` in [0, 1)."""
        ...

    def first_player(self, players: int, dealer: int) -> int:
        """Who plays first in a round dealt by ``dealer``."""
        ...

    def hand_size(self, players: int) -> int:
        """Cards dealt to every seat at this player count (before any extra)."""
        ...

    def hand_sizes(self, players: int, dealer: int) -> tuple[int, ...]:
        """Cards dealt to each seat (by seat number) before the cut changes them."""
        ...

    def cutter(self, players: int, dealer: int) -> int | None:
        """The seat that cuts the pack, or None when nobody cuts."""
        ...

    def deal(self, order: Sequence[Card], players: int, dealer: int) -> Dealt:
        """Share out ``order`` (the shuffled deck, top first)."""
        ...

    @property
    def exchange_card(self) -> bool:
        """Does the cut set an exchange card aside (R-HR-04)?"""
        ...

    @property
    def indicator(self) -> IndicatorRule:
        """The deal's indicator card: which card it is, and its roles."""
        ...


@attrs.frozen(slots=True)
class StandardDeal:
    """One card at a time in the direction of play, starting with the first
    player; the cut (when the variant sets an exchange card) turns cards from
    the bottom of the pack: jokers go to their recipients, the first natural
    card is the exchange card (R-HR-04); then the indicator where it is cut
    aside; then the upcard, if any."""

    clockwise: bool
    hand_size_default: int
    band_hand_sizes: tuple[tuple[int, int, int], ...]  # (fewest, most players, cards); 0 = default
    first_player_extra: int
    cutter_side: Literal["none", "left_of_dealer", "right_of_dealer"]
    exchange_card: bool
    cut_jokers_handed_out: bool
    cut_jokers_in_order: bool  # False: every cut joker goes to the cutter
    cut_joker_replaces_card: bool
    upcard: bool
    indicator: IndicatorRule

    def next_seat(self, players: int, seat: int, steps: int = 1) -> int:
        step = 1 if self.clockwise else -1
        return (seat + step * steps) % players

    def first_dealer(self, players: int, roll: float) -> int:
        return int(roll * players)  # seating.first_dealer = "random" (R-ALL-11)

    def first_player(self, players: int, dealer: int) -> int:
        return self.next_seat(players, dealer)  # seating.first_player = "next_after_dealer"

    def hand_size(self, players: int) -> int:
        for low, high, size in self.band_hand_sizes:
            if low <= players <= high and size:
                return size
        return self.hand_size_default

    def hand_sizes(self, players: int, dealer: int) -> tuple[int, ...]:
        sizes = [self.hand_size(players)] * players
        sizes[self.first_player(players, dealer)] += self.first_player_extra
        return tuple(sizes)

    def cutter(self, players: int, dealer: int) -> int | None:
        if self.cutter_side == "none":
            return None
        return (dealer + (1 if self.cutter_side == "left_of_dealer" else -1)) % players

    def cut_joker_recipients(self, players: int, dealer: int, cutter: int) -> tuple[int, ...]:
        """Who receives the cut jokers, in turn: the cutter alone, or the
        cutter, the dealer, then the others going on left from the cutter."""
        if not self.cut_jokers_in_order:
            return (cutter,)
        order = [cutter, dealer]
        order += [(cutter + k) % players for k in range(1, players)]
        return tuple(dict.fromkeys(order))

    def deal(self, order: Sequence[Card], players: int, dealer: int) -> Dealt:
        cards = list(order)  # top first; the bottom is cards[-1]
        starter = self.first_player(players, dealer)
        wanted = list(self.hand_sizes(players, dealer))
        hands: list[list[Card]] = [[] for _ in range(players)]
        exchange: Card | None = None
        cutter = self.cutter(players, dealer)
        if self.exchange_card and cutter is not None:
            recipients = self.cut_joker_recipients(players, dealer, cutter)
            handed = 0
            while cards and cards[-1].code == JOKER_CODE and self.cut_jokers_handed_out:
                seat = recipients[handed % len(recipients)]
                hands[seat].append(cards.pop())
                if self.cut_joker_replaces_card:
                    wanted[seat] -= 1
                handed += 1
            if cards:
                exchange = cards.pop()
        seat = starter
        remaining = [max(0, w) for w in wanted]
        while any(remaining):
            if remaining[seat]:
                hands[seat].append(cards.pop(0))
                remaining[seat] -= 1
            seat = self.next_seat(players, seat)
        aside = self.indicator.set_aside(cards)
        discard: tuple[Card, ...] = ()
        if self.upcard and cards:
            discard = (cards.pop(0),)
        indicator = self.indicator.of_deal(aside, discard)
        return Dealt(tuple(tuple(h) for h in hands), tuple(cards), discard, exchange, starter, indicator)


def deal_stage(variant: Variant) -> DealRule:
    """The deal stage of ``variant`` (its rule set holds it)."""
    deal = variant.deal
    return StandardDeal(
        clockwise=variant.seating.direction == "clockwise",
        hand_size_default=deal.hand_size,
        band_hand_sizes=tuple((*band.players, band.hand_size) for band in variant.deck.by_players),
        first_player_extra=deal.first_player_extra,
        cutter_side=variant.seating.cutter,
        exchange_card=deal.exchange_card,
        cut_jokers_handed_out=deal.cut_joker_ceremony,
        cut_jokers_in_order=deal.cut_joker_order != "none",
        cut_joker_replaces_card=deal.cut_joker_reduces_deal,
        upcard=deal.flip_first_discard,
        indicator=indicator_stage(variant),
    )
