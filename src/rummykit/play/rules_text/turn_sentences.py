"""The rules text's sentences about a turn: the draw, the discard and the
buy (``[turn]``, ``[draw]``, ``[discard]``, ``[buy]``)."""

from __future__ import annotations

from collections.abc import Sequence

from rummykit.core.errors import Text
from rummykit.play.rules_text.rule import Rule
from rummykit.variant.model import Variant

__all__ = ["TURN_RULES"]


def _turn(v: Variant) -> Sequence[Text]:
    out = [Text("A turn starts with a draw and ends with a discard.")]
    if not v.turn.first_turn_draws:
        out.append(Text("The first player's first turn has no draw."))
    return out


def _sources(v: Variant) -> Sequence[Text]:
    d = v.draw
    if d.from_stock and d.from_discard_top:
        return [Text("Draw the top card of the stock or the top card of the discard pile.")]
    if d.from_stock:
        return [Text("Draw the top card of the stock; the discards are never taken.")]
    return [Text("Draw the top card of the discard pile; the stock is not drawn from.")]


def _condition(v: Variant) -> Sequence[Text]:
    d = v.draw
    if d.discard_top_condition == "handromi":
        out = [
            Text(
                "A taken discard must go on the table in the same turn: laid off, or melded with at least "
                "{count} natural cards from the hand (anything goes in a turn that goes out).",
                count=d.pickup_natural_partners,
            )
        ]
    elif d.discard_top_condition == "opening_use":
        out = [Text("A player who has not opened may take the discard only to open with it in that turn.")]
    elif d.discard_top_condition == "no_joker":
        out = [Text("A joker, printed or wild, is never taken from the discard pile.")]
    else:
        return [Text("Taking the top discard obliges nothing.")]
    if d.free_pickup_first_draw_round:
        out.append(Text("In the first round of draws the discard is taken freely."))
    return out


def _no_condition(v: Variant) -> bool:
    return v.draw.discard_top_condition == "none" or not v.draw.from_discard_top


def _deep(v: Variant) -> Sequence[Text]:
    d = v.draw
    if not d.discard_deep:
        return [Text("Only the top card of the discard pile may be taken.")]
    if d.deep_takes_cards_above:
        out = [Text("A card deeper in the discard row may be taken, with every card above it.")]
    else:
        out = [Text("A card deeper in the discard row may be taken alone; the cards above it stay.")]
    if d.deep_chosen_card_use == "new_meld_same_turn":
        out.append(Text("The chosen deep card must go into a new meld in the same turn."))
    elif d.deep_chosen_card_use == "meld_or_layoff_same_turn":
        out.append(Text("The chosen deep card must be melded or laid off in the same turn."))
    return out


def _top_use(v: Variant) -> Sequence[Text]:
    if v.draw.top_card_use == "meld_or_layoff_same_turn":
        return [Text("A taken top discard must be melded or laid off in the same turn.")]
    return [Text("A taken top discard may be kept in the hand.")]


def _taken_back(v: Variant) -> Sequence[Text]:
    if v.draw.no_discard_of_taken_card:
        return [Text("A card taken from the discards may not be discarded in the same turn.")]
    return [Text("The card just taken from the discards may be discarded again.")]


def _visibility(v: Variant) -> Sequence[Text]:
    if v.draw.discard_visibility == "all":
        return [Text("The whole discard pile may be looked at.")]
    return [Text("Only the top discard is seen.")]


def _exchange_use(v: Variant) -> Sequence[Text]:
    d = v.draw
    out = []
    if d.exchange_swap_first_draw_round:
        out.append(
            Text("In the first round of draws each player may once swap a hand card for the exchange card.")
        )
    if d.exchange_as_draw == "hand_rummy_only":
        out.append(Text("The exchange card may be the draw of a turn that goes out by hand rummy."))
    return out or [Text("The exchange card is never taken.")]


def _no_exchange(v: Variant) -> bool:
    return not v.deal.exchange_card


def _draws(v: Variant) -> Sequence[Text]:
    d = v.draw
    out = []
    if d.max_upcard_takes:
        out.append(Text("After {count} takes of the upcard the deal is a draw.", count=d.max_upcard_takes))
    if d.repeat_take_discard_draws:
        out.append(Text("Two turns in a row that take the upcard and discard it end the deal as a draw."))
    return out or [Text("Taking and discarding the upcard never ends the deal.")]


def _no_draws(v: Variant) -> bool:
    return not v.draw.max_upcard_takes and not v.draw.repeat_take_discard_draws


def _discard_jokers(v: Variant) -> Sequence[Text]:
    if v.discard.jokers:
        return [Text("A joker may be discarded like any card.")]
    return [Text("A joker may not be discarded while a natural card can be.")]


def _jokers_free(v: Variant) -> bool:
    return v.discard.jokers


def _buy(v: Variant) -> Sequence[Text]:
    b = v.buy
    if not b.allowed:
        return [Text("Nobody buys discards out of turn.")]
    out = [Text("A player not in turn may buy the upcard the player in turn leaves.")]
    if b.penalty_cards == 1:
        out.append(Text("A buyer takes the top stock card with it as a penalty."))
    elif b.penalty_cards:
        out.append(
            Text("A buyer takes the top {count} stock cards with it as a penalty.", count=b.penalty_cards)
        )
    if b.limit:
        out.append(Text("Each player may buy at most {count} times a deal.", count=b.limit))
    return out


def _no_buy(v: Variant) -> bool:
    return not v.buy.allowed


_DEEP = ("draw.discard_deep", "draw.deep_takes_cards_above", "draw.deep_chosen_card_use")
_CONDITION = (
    "draw.discard_top_condition",
    "draw.free_pickup_first_draw_round",
    "draw.pickup_natural_partners",
)

TURN_RULES = (
    Rule(("turn.first_turn_draws",), _turn),
    Rule(("draw.from_stock", "draw.from_discard_top"), _sources),
    Rule(_CONDITION, _condition, _no_condition),
    Rule(_DEEP, _deep),
    Rule(("draw.top_card_use",), _top_use),
    Rule(("draw.no_discard_of_taken_card",), _taken_back),
    Rule(("draw.discard_visibility",), _visibility),
    Rule(("draw.exchange_swap_first_draw_round", "draw.exchange_as_draw"), _exchange_use, _no_exchange),
    Rule(("draw.max_upcard_takes", "draw.repeat_take_discard_draws"), _draws, _no_draws),
    Rule(("discard.jokers",), _discard_jokers, _jokers_free),
    Rule(("buy.allowed", "buy.penalty_cards", "buy.limit"), _buy, _no_buy),
)
"""A turn: the draw, the discard, the buy."""
