"""The draw stage: where a turn's card comes from, and what is owed for it.

:func:`draw_stage` builds a variant's :class:`DrawRule` (the variant's rule set holds it) from its
``[draw]`` table and ``turn.first_turn_draws``; every one of those keys turns
into behaviour here. The engine, the legal-move listing, the views, the bots,
the deal and positions ask this rule instead of reading the keys.

>>> from rummykit.core.cards import parse_cards
>>> from rummykit.variant.model import load_variant
>>> draw_stage(load_variant("roemie")).taken_cards(parse_cards("9h 4d 2s"), 2)
((Card('4d'), Card('2s')), (Card('9h'),))
>>> draw_stage(load_variant("rami51")).take_refusal(2, 3).code
'draw.discard-row'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal, Protocol

import attrs

from rummykit.core.cards import Card
from rummykit.core.errors import Refusal
from rummykit.variant.model import Draw, Variant

__all__ = ["DrawRule", "StandardDraw", "draw_stage"]

_NO_STOCK_DRAW = Refusal("draw.no-stock-draw", "This variant does not draw from the stock.")
_NO_DISCARD_TAKE = Refusal("draw.no-discard-take", "This variant does not let you take a discard.")
_NO_DEEP_TAKE = Refusal("draw.discard-row", "Only the top discard can be taken.")


class DrawRule(Protocol):
    """The draw stage of a variant."""

    def first_draw_round(self, turns_played: int, players: int) -> bool:
        """Is the turn numbered ``turns_played`` (from 0) in the first drawing
        round, every seat's first turn with a draw (R-HR-08)?"""
        ...

    def turn_starts_drawn(self, turns_played: int) -> bool:
        """Does this turn begin after its draw (the round's first turn, where
        the first player holds one card more and does not draw)?"""
        ...

    def draws_from_stock(self) -> bool:
        """Is the stock a source of cards (and so something that can run out)?"""
        ...

    def stock_draw_absent(self) -> Refusal | None:
        """``draw.no-stock-draw`` where the variant never draws from the
        stock, else None: refused whatever the phase (R-WLD-02)."""
        ...

    def stock_draw_refusal(self, stock_size: int) -> Refusal | None:
        """Why ``draw`` is refused, or None."""
        ...

    def take_absent(self, depth: int) -> Refusal | None:
        """Why ``take depth`` is never legal in the variant (no discard
        takes, or none from below the top), else None: refused whatever the
        phase (R-WLD-02)."""
        ...

    def take_refusal(self, depth: int, discard_size: int) -> Refusal | None:
        """Why ``take depth`` is refused before anything is taken, or None."""
        ...

    def take_depths(self, discard_size: int) -> tuple[int, ...]:
        """The depths ``take N`` may name with this many discards (before the
        feasibility checks that need the hand)."""
        ...

    def taken_cards(self, discard: Sequence[Card], depth: int) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
        """``take depth``: the cards that go to the hand (the chosen card
        first) and the discard row left."""
        ...

    def top_take_has_condition(self) -> bool:
        """Is taking the top discard ever conditional?"""
        ...

    def pickup_duty(self) -> Literal["none", "laid", "opening"]:
        """What a conditionally taken top discard owes: nothing, to be on the
        table at the commit (R-HR-09, R-500-03), or to be in this turn's
        opening melds (R-KAL-06)."""
        ...

    def pickup_partners(self) -> int:
        """Natural hand cards a taken top discard must be melded with (R-HR-09)."""
        ...

    def top_take_is_conditional(self, turns_played: int, players: int, *, opened: bool) -> bool:
        """Must the top discard, taken now, be laid on the table this turn?
        ``opened``: the mover opened before this turn."""
        ...

    def taken_card_is_marked(self) -> bool:
        """Is a card taken from the discards remembered as one that may not be
        thrown this turn (R-ALL-12; the discard stage refuses it)?"""
        ...

    def chosen_card_must_start_meld(self) -> bool:
        """Must a card chosen from deep in the row start a new meld this turn (R-ROE-05)?"""
        ...

    def chosen_card_must_be_laid(self) -> bool:
        """Must a card chosen from deep in the row be melded or laid off this turn (R-500-03)?"""
        ...

    def exchange_draw_allowed(self) -> bool:
        """May the exchange card be drawn instead of a card (R-HR-06)?"""
        ...

    def exchange_swap_allowed(self, turns_played: int, players: int) -> bool:
        """May a hand card be swapped for the exchange card in this turn (R-HR-08)?"""
        ...

    def exchange_only_for_hand_rummy(self) -> bool:
        """Must a turn whose draw was the exchange card end in a hand rummy (R-HR-06)?"""
        ...

    def visible_discards(self, discard: Sequence[Card]) -> tuple[Card, ...]:
        """The discards every seat may see."""
        ...


@attrs.frozen(slots=True)
class StandardDraw:
    """The draw of every bundled variant: the stock top or the discards
    (the top card, or deep in a spread row), with the conditions and duties
    its keys name."""

    draw: Draw
    first_turn_draws: bool

    def first_draw_round(self, turns_played: int, players: int) -> bool:
        if self.first_turn_draws:
            return turns_played < players
        return 1 <= turns_played <= players

    def turn_starts_drawn(self, turns_played: int) -> bool:
        return turns_played == 0 and not self.first_turn_draws

    def draws_from_stock(self) -> bool:
        return self.draw.from_stock

    def stock_draw_absent(self) -> Refusal | None:
        return None if self.draw.from_stock else _NO_STOCK_DRAW

    def stock_draw_refusal(self, stock_size: int) -> Refusal | None:
        absent = self.stock_draw_absent()
        if absent is not None:
            return absent
        if stock_size == 0:
            return Refusal("draw.stock-empty", "The stock is empty.")
        return None

    def take_absent(self, depth: int) -> Refusal | None:
        if depth == 1:
            return None if self.draw.from_discard_top else _NO_DISCARD_TAKE
        return None if self.draw.discard_deep else _NO_DEEP_TAKE

    def take_refusal(self, depth: int, discard_size: int) -> Refusal | None:
        absent = self.take_absent(depth)
        if absent is not None:
            return absent
        if discard_size == 0:
            return Refusal("draw.discard-empty", "The discard pile is empty.")
        if depth > discard_size == 1:
            return Refusal("draw.discard-row", "The discard row holds only one card.")
        if depth > discard_size:
            return Refusal("draw.discard-row", "The discard row holds only {size} cards.", size=discard_size)
        return None

    def take_depths(self, discard_size: int) -> tuple[int, ...]:
        if not self.draw.discard_deep:
            return _TOP_ONLY if self.take_refusal(1, discard_size) is None else ()
        return tuple([d for d in range(1, discard_size + 1) if self.take_refusal(d, discard_size) is None])

    def taken_cards(self, discard: Sequence[Card], depth: int) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
        # A deep take moves the cards above the chosen one too when
        # ``draw.deep_takes_cards_above`` says so; otherwise they stay.
        if depth == 1 or self.draw.deep_takes_cards_above:
            return tuple(discard[-depth:]), tuple(discard[:-depth])
        index = len(discard) - depth
        return (discard[index],), (*discard[:index], *discard[index + 1 :])

    def top_take_has_condition(self) -> bool:
        # The pickup condition (R-HR-09, R-KAL-06), or ``draw.top_card_use``
        # (R-500-03); "no_joker" is a check of the card taken (the take stage), no duty.
        condition = self.draw.discard_top_condition
        return condition not in ("none", "no_joker") or self.draw.top_card_use != "none"

    def pickup_duty(self) -> Literal["none", "laid", "opening"]:
        if not self.top_take_has_condition():
            return "none"
        return "opening" if self.draw.discard_top_condition == "opening_use" else "laid"

    def pickup_partners(self) -> int:
        return self.draw.pickup_natural_partners

    def top_take_is_conditional(self, turns_played: int, players: int, *, opened: bool) -> bool:
        # Always under ``draw.top_card_use`` (R-500-03); under "opening_use"
        # only for a player who has not opened (R-KAL-06).
        draw = self.draw
        if draw.top_card_use == "meld_or_layoff_same_turn":
            return True
        if draw.discard_top_condition in ("none", "no_joker"):
            return False
        if draw.discard_top_condition == "opening_use" and opened:
            return False
        return not (draw.free_pickup_first_draw_round and self.first_draw_round(turns_played, players))

    def taken_card_is_marked(self) -> bool:
        return self.draw.no_discard_of_taken_card

    def chosen_card_must_start_meld(self) -> bool:
        return self.draw.discard_deep and self.draw.deep_chosen_card_use == "new_meld_same_turn"

    def chosen_card_must_be_laid(self) -> bool:
        return self.draw.discard_deep and self.draw.deep_chosen_card_use == "meld_or_layoff_same_turn"

    def exchange_draw_allowed(self) -> bool:
        return self.draw.exchange_as_draw != "never"

    def exchange_swap_allowed(self, turns_played: int, players: int) -> bool:
        return self.draw.exchange_swap_first_draw_round and self.first_draw_round(turns_played, players)

    def exchange_only_for_hand_rummy(self) -> bool:
        return self.draw.exchange_as_draw == "hand_rummy_only"

    def visible_discards(self, discard: Sequence[Card]) -> tuple[Card, ...]:
        return tuple(discard) if self.draw.discard_visibility == "all" else tuple(discard[-1:])


_TOP_ONLY = (1,)


def draw_stage(variant: Variant) -> DrawRule:
    """The draw stage of ``variant`` (its rule set holds it)."""
    return StandardDraw(variant.draw, variant.turn.first_turn_draws)
