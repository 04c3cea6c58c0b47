"""The draw: where a turn's card comes from, and what is owed for it.

Every ``draw.*`` key and ``turn.first_turn_draws`` turns into behaviour
here; the engine, the legal-move listing, the views, the bots, the deal and
positions ask these functions instead of reading the keys.

>>> from rummykit.cards import parse_cards
>>> from rummykit.variant import load_variant
>>> roemie = load_variant("roemie")
>>> taken_cards(roemie, parse_cards("9h 4d 2s"), 2)
((Card('4d'), Card('2s')), (Card('9h'),))
>>> take_refusal(load_variant("rami51"), 2, 3).code
'draw.discard-row'
"""

from __future__ import annotations

from collections.abc import Sequence

from rummykit.cards import Card
from rummykit.errors import Refusal
from rummykit.variant import Variant

__all__ = [
    "chosen_card_must_be_laid",
    "chosen_card_must_start_meld",
    "draws_from_stock",
    "exchange_draw_allowed",
    "exchange_swap_allowed",
    "first_draw_round",
    "stock_draw_refusal",
    "take_depths",
    "take_refusal",
    "taken_card_discard_refusal",
    "taken_card_is_marked",
    "taken_cards",
    "top_take_has_condition",
    "top_take_is_conditional",
    "turn_starts_drawn",
    "visible_discards",
]


def first_draw_round(variant: Variant, turns_played: int, players: int) -> bool:
    """Is the turn numbered ``turns_played`` (from 0) in the first drawing
    round, every seat's first turn with a draw (R-HR-08)?"""
    if variant.turn.first_turn_draws:
        return turns_played < players
    return 1 <= turns_played <= players


def turn_starts_drawn(variant: Variant, turns_played: int) -> bool:
    """Does this turn begin after its draw (the round's first turn, where
    ``turn.first_turn_draws`` is false: the first player holds one card more)?"""
    return turns_played == 0 and not variant.turn.first_turn_draws


def draws_from_stock(variant: Variant) -> bool:
    """Is the stock a source of cards (and so something that can run out)?"""
    return variant.draw.from_stock


def stock_draw_refusal(variant: Variant, stock_size: int) -> Refusal | None:
    """Why ``draw`` is refused, or None."""
    if not draws_from_stock(variant):
        return Refusal("draw.no-stock-draw", "This variant does not draw from the stock.")
    if stock_size == 0:
        return Refusal("draw.stock-empty", "The stock is empty.")
    return None


def take_refusal(variant: Variant, depth: int, discard_size: int) -> Refusal | None:
    """Why ``take depth`` is refused before anything is taken, or None."""
    draw = variant.draw
    if discard_size == 0:
        return Refusal("draw.discard-empty", "The discard pile is empty.")
    if depth == 1:
        if not draw.from_discard_top:
            return Refusal("draw.no-discard-take", "This variant does not let you take a discard.")
        return None
    if not draw.discard_deep:
        return Refusal("draw.discard-row", "Only the top discard can be taken.")
    if depth > discard_size:
        return Refusal("draw.discard-row", f"The discard row holds only {discard_size} cards.")
    return None


def take_depths(variant: Variant, discard_size: int) -> tuple[int, ...]:
    """The depths ``take N`` may name with this many discards (before the
    feasibility checks that need the hand)."""
    most = discard_size if variant.draw.discard_deep else min(discard_size, 1)
    return tuple(d for d in range(1, most + 1) if take_refusal(variant, d, discard_size) is None)


def taken_cards(
    variant: Variant, discard: Sequence[Card], depth: int
) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """``take depth``: the cards that go to the hand (the chosen card first)
    and the discard row left. A deep take moves the cards above the chosen
    one too when ``draw.deep_takes_cards_above`` says so; otherwise they stay."""
    if depth == 1 or variant.draw.deep_takes_cards_above:
        return tuple(discard[-depth:]), tuple(discard[:-depth])
    index = len(discard) - depth
    return (discard[index],), (*discard[:index], *discard[index + 1 :])


def top_take_has_condition(variant: Variant) -> bool:
    """Is taking the top discard ever conditional: the pickup condition
    (R-HR-09), or ``draw.top_card_use`` (R-500-03)?"""
    draw = variant.draw
    return draw.discard_top_condition != "none" or draw.top_card_use != "none"


def top_take_is_conditional(variant: Variant, turns_played: int, players: int, *, opened: bool) -> bool:
    """Must the top discard, taken now, be laid on the table this turn
    (R-HR-09; always under ``draw.top_card_use``, R-500-03; in the opening
    melds by a player who has not opened (``opened``: before this turn) under
    ``"opening_use"``, R-KAL-06)?"""
    draw = variant.draw
    if draw.top_card_use == "meld_or_layoff_same_turn":
        return True
    if draw.discard_top_condition == "none":
        return False
    if draw.discard_top_condition == "opening_use" and opened:
        return False
    return not (draw.free_pickup_first_draw_round and first_draw_round(variant, turns_played, players))


def taken_card_is_marked(variant: Variant) -> bool:
    """Is a card taken from the discards remembered as one that may not be
    thrown this turn (R-ALL-12)?"""
    return variant.draw.no_discard_of_taken_card


def taken_card_discard_refusal(variant: Variant, card: Card, taken: Card | None) -> Refusal | None:
    """R-ALL-12: the card just taken from the discards may not be thrown back."""
    if taken is not None and card.face is taken.face and variant.draw.no_discard_of_taken_card:
        return Refusal("discard.just-taken", f"You may not discard {card}: you took it this turn.")
    return None


def chosen_card_must_start_meld(variant: Variant) -> bool:
    """Must a card chosen from deep in the row start a new meld this turn (R-ROE-05)?"""
    return variant.draw.discard_deep and variant.draw.deep_chosen_card_use == "new_meld_same_turn"


def chosen_card_must_be_laid(variant: Variant) -> bool:
    """Must a card chosen from deep in the row be on the table by the end of
    the turn, in a new meld or laid off (R-500-03)?"""
    return variant.draw.discard_deep and variant.draw.deep_chosen_card_use == "meld_or_layoff_same_turn"


def exchange_draw_allowed(variant: Variant) -> bool:
    """May the exchange card be drawn instead of a card (R-HR-06)?"""
    return variant.draw.exchange_as_draw != "never"


def exchange_swap_allowed(variant: Variant, turns_played: int, players: int) -> bool:
    """May a hand card be swapped for the exchange card in this turn (R-HR-08)?"""
    return variant.draw.exchange_swap_first_draw_round and first_draw_round(variant, turns_played, players)


def visible_discards(variant: Variant, discard: Sequence[Card]) -> tuple[Card, ...]:
    """The discards every seat may see."""
    return tuple(discard) if variant.draw.discard_visibility == "all" else tuple(discard[-1:])
