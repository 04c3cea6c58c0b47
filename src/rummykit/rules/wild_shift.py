"""Pushing a run's wild card to an open end (``melds.wild_shift``, R-CON-08).

A player holding the natural card a run's joker stands for puts it in the
joker's place; the joker moves to an open end of the same run and now stands
for the card declared there (``shift M C JK=X``). The run grows by one card.
Jokers never return to a hand this way, and never leave a set.

>>> from rummykit.core.cards import Card
>>> from rummykit.variant.meld_checks import check_meld
>>> from rummykit.variant.model import load_variant
>>> variant = load_variant("contract")
>>> run = check_meld(variant, "5h JK=6h 7h 8h")
>>> shifted, _ = shift_wild(variant, run, Card("6h"), Card("JK=9h"))
>>> shifted.notation()
'5h 6h 7h 8h JK=9h'
"""

from __future__ import annotations

from rummykit.core.cards import JOKER_CODE, Card
from rummykit.core.errors import N_, Refusal, Text, joined
from rummykit.core.meld_growth import rebuild_meld
from rummykit.core.meld_model import Meld, Slot
from rummykit.core.meld_refusals import deuce_not_wild
from rummykit.variant.model import Variant

__all__ = ["open_ends", "shift_refusal", "shift_wild"]


def shift_refusal(variant: Variant) -> Refusal | None:
    """``shift.not-allowed`` where a run's joker is never pushed to an open
    end (``melds.wild_shift`` false), else None. The table moves' checks ask
    it once, when the rule set is built (``shift_allowed``)."""
    if variant.melds.wild_shift:
        return None
    return Refusal("shift.not-allowed", "In this variant a joker is never pushed along a run.")


def _position_card(position: int, meld: Meld) -> Card:
    suit = meld.suit
    if suit is None:  # a run always has a suit
        raise ValueError(f"the run {meld.notation()} has no suit")
    return Card.natural(14 if position == 1 else position, suit)


def _declared(slot: Slot) -> Card:
    """A slot's card as notation writes it: a joker with what it stands for."""
    target = slot.stands_for
    return slot.card.standing_for(target) if slot.is_joker and target is not None else slot.card


def open_ends(variant: Variant, meld: Meld) -> tuple[Card, ...]:
    """The natural cards a joker pushed out of ``meld`` could stand for: the
    places just below and just above the run, where the run may grow."""
    if meld.kind != "run":
        return ()
    rules = variant.meld_rules
    if len(meld) + 1 > rules.run_longest:
        return ()
    ends = [p for p in (meld.low - 1, meld.high + 1) if rules.run_lowest <= p <= rules.run_highest]
    return tuple(_position_card(p, meld) for p in ends)


def shift_wild(
    variant: Variant, meld: Meld, card: Card, target: Card
) -> tuple[Meld, tuple[int | None, ...]] | Refusal:
    """Put natural ``card`` in place of the joker standing for it in run
    ``meld`` and move that joker to the open end where it stands for
    ``target`` (a natural card, or a joker declared as one).

    Returns the new run and, for each of its slots, the index of the old slot
    it came from (None for the natural card put in), or a refusal:
    ``shift.no-wild`` (no joker of this run stands for ``card``),
    ``shift.no-room`` (``target`` is not an open end of the run)."""
    card = card.face
    if target.is_wild_deuce and not variant.meld_rules.plays_wild(target.face):
        return deuce_not_wild(target)
    wanted = target.declared if target.code == JOKER_CODE else target
    joker = next((i for i, slot in enumerate(meld.slots) if slot.is_joker and slot.stands_for is card), None)
    if meld.kind != "run" or joker is None or card.code == JOKER_CODE:
        return Refusal("shift.no-wild", "No joker of this meld stands for {card}.", card=card)
    ends = open_ends(variant, meld)
    if wanted is None or wanted not in ends:
        named = Text(N_("nothing")) if wanted is None else str(wanted)
        free = joined(ends, N_("{a} or {b}")) if ends else Text(N_("no place"))
        return Refusal(
            "shift.no-room",
            "The joker can go only to an open end of this run ({free}), not {named}.",
            free=free,
            named=named,
        )
    cards = [card if i == joker else _declared(slot) for i, slot in enumerate(meld.slots)]
    order: list[int | None] = [i if i != joker else None for i in range(len(meld.slots))]
    pushed = meld.slots[joker].card.standing_for(wanted)  # a wild deuce stays itself
    below = _position_card(meld.low - 1, meld) == wanted if meld.low > 1 else False
    if below:
        cards.insert(0, pushed)
        order.insert(0, joker)
    else:
        cards.append(pushed)
        order.append(joker)
    rebuilt = rebuild_meld(variant, "run", cards)
    if isinstance(rebuilt, Refusal):
        return Refusal("shift.no-room", "The run cannot take the joker there: {why}", why=rebuilt)
    return rebuilt, tuple(order)
