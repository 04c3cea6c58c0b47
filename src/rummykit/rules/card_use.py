"""The ways a card taken this turn can still be used, as the take's checks
(:mod:`rummykit.rules.turn`) ask them at the take (R-ALL-14): laid off,
alone or behind hand cards that bridge a run's gap; in new melds that open;
in a new meld with a joker swapped off the table; each with a card left
that the turn may throw (R-ALL-12).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING

from rummykit.core.cards import JOKER, JOKER_CODE, Card, code_order
from rummykit.core.errors import Refusal
from rummykit.core.meld_growth import grow_meld
from rummykit.core.meld_judge import judge_meld
from rummykit.core.meld_model import Meld
from rummykit.solver import best_opening
from rummykit.solver.opening_reach import can_open_with
from rummykit.variant.model import Variant

if TYPE_CHECKING:  # the rule set holds the checks that ask these
    from rummykit.rules.rule_set import RuleSet

__all__ = [
    "cards_of_melds",
    "cards_without",
    "fits_a_meld",
    "fits_with_bridge",
    "melds_with_released_joker",
    "opens_then_melds_with_released_joker",
    "opens_with_card",
    "rank_at_place",
    "run_bridges",
    "throwable_left",
]


def cards_without(cards: Sequence[Card], used: Sequence[Card]) -> list[Card]:
    """``cards`` less one of each face in ``used``."""
    rest = list(cards)
    for card in used:
        rest.remove(card.face)
    return rest


def fits_a_meld(variant: Variant, table: Sequence[Meld], card: Card) -> bool:
    """Does ``card`` alone lay off onto one of the ``table`` melds?"""
    return any(isinstance(grow_meld(variant, meld, [card]), Meld) for meld in table)


def throwable_left(rules: RuleSet, cards: Sequence[Card], card: Card) -> bool:
    """Is one of ``cards`` a card the turn may end by throwing: any, or where
    the taken ``card`` is marked (R-ALL-12), one of another face?"""
    if not rules.draw.taken_card_is_marked():
        return bool(cards)
    return any(c.face is not card.face for c in cards)


def cards_of_melds(melds: Sequence[Meld]) -> list[Card]:
    """Every card of ``melds``."""
    return [c for meld in melds for c in meld.cards]


def fits_with_bridge(rules: RuleSet, table: Sequence[Meld], card: Card, others: Sequence[Card]) -> bool:
    """Can ``card`` be laid off onto a table meld, alone or with the hand
    cards (``others``) that bridge the gap between a run's end and it, a
    card of ``others`` the turn may throw still left?"""
    variant = rules.variant
    if fits_a_meld(variant, table, card):
        return throwable_left(rules, others, card)
    if card.code == JOKER_CODE:
        return False
    suit = card.code & 3
    held = {c.code >> 2: c for c in others if c.code != JOKER_CODE and c.code & 3 == suit}
    jokers = [c for c in others if c.code == JOKER_CODE]
    for meld in table:
        if meld.kind != "run" or meld.suit != suit:
            continue
        for bridge in run_bridges(variant, meld, card, held, jokers):
            if throwable_left(rules, cards_without(others, bridge), card) and isinstance(
                grow_meld(variant, meld, [card, *bridge]), Meld
            ):
                return True
    return False


def run_bridges(
    variant: Variant, meld: Meld, card: Card, held: dict[int, Card], jokers: Sequence[Card]
) -> Iterator[list[Card]]:
    """For each place of ``card`` beyond an end of the run ``meld``, the
    cards that fill the gap: ``held`` (natural hand cards of the run's suit
    by rank index), then ``jokers`` (none where the gap cannot be filled)."""
    rank = card.code >> 2
    for place in variant.meld_rules.ace_positions if rank == 12 else (rank + 2,):
        if meld.low <= place <= meld.high:
            continue
        gap = range(meld.high + 1, place) if place > meld.high else range(place + 1, meld.low)
        bridge = [held[rank_at_place(q)] for q in gap if rank_at_place(q) in held]
        bridge += jokers[: len(gap) - len(bridge)]
        if len(bridge) == len(gap):
            yield bridge


def rank_at_place(place: int) -> int:
    """The rank index (0 the two, 12 the ace) of a run's place (1 or 14 the ace)."""
    return 12 if place in (1, 14) else place - 2


def opens_with_card(
    rules: RuleSet, hand: Sequence[Card], card: Card, *, opened: bool, table: Sequence[Meld]
) -> bool:
    """Can ``card`` go into new melds laid this turn that open (any meld,
    once opened), a card left to discard where one is required?"""
    blocked = [card] if rules.draw.taken_card_is_marked() else []
    keep = True if rules.going_out.final_discard_required() else None
    return can_open_with(
        rules.variant,
        hand,
        card,
        demands=rules.hand,
        opening=not opened,
        keep_discard=keep,
        not_discardable=blocked,
        table=table,
    )


def opens_then_melds_with_released_joker(
    rules: RuleSet, hand: Sequence[Card], chosen: Card, table: Sequence[Meld]
) -> bool:
    """Can a player who has not opened open with other cards, then start a
    new meld with ``chosen`` and a joker swapped from the table, all in this
    turn (where swaps may follow the opening melds, R-ROE-13)?"""
    if not rules.table.layoff_after_opening_same_turn():
        return False
    others = list(hand)
    others.remove(chosen)
    plan = best_opening(rules.variant, others, demands=rules.hand)
    if plan is None:
        return False
    rest = cards_without(others, cards_of_melds(plan.melds))
    keep = rules.going_out.final_discard_required()
    return melds_with_released_joker(rules, [chosen, *rest], chosen, table, keep=keep)


def melds_with_released_joker(
    rules: RuleSet, hand: Sequence[Card], chosen: Card, table: Sequence[Meld], *, keep: bool
) -> bool:
    """Can an opened player start a new meld with ``chosen`` by first taking a
    joker from the table with a hand card (a swap), the joker going into that
    meld with one more hand card? The joker so laid meets any duty to lay it
    again where a new meld counts for that."""
    variant, rule = rules.variant, rules.table
    if rule.swap_refusal(opened_now=True) is not None:
        return False
    if rule.relay_required() and not rule.relay_counts_new_meld():
        return False
    others = list(hand)
    others.remove(chosen)
    faces = sorted({c for c in others if c.code != JOKER_CODE}, key=code_order)
    partners = [c for c in faces if c.rank == chosen.rank or c.suit == chosen.suit]
    for meld in table:
        if not meld.jokers:
            continue
        for card in faces:
            if isinstance(rule.swap_out_joker(meld, [card]), Refusal):
                continue
            for partner in partners:
                if partner == card and others.count(card) < 2:
                    continue
                if isinstance(judge_meld(variant.meld_rules, [chosen, JOKER, partner]), Meld):
                    left = cards_without(others, [card, partner])  # the card swapped in, the partner
                    if throwable_left(rules, left, chosen) or not (left or keep):
                        return True
    return False
