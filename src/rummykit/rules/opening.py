"""The opening ("first meld"): its minimum, its pure run, and the hand-rummy
waiver. All new melds of the opening turn count together (R-ALL-06).

>>> from rummykit.variant.model import load_variant
>>> check_opening(load_variant("rami51"), ["Th Jh Qh Kh"]).code
'opening.below-minimum'
>>> check_opening(load_variant("roemie"), ["Th Jh Qh Kh"]).points
40
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import attrs

from rummykit.core.cards import Card, parse_cards
from rummykit.core.errors import Refusal
from rummykit.core.meld_judge import judge_meld
from rummykit.core.meld_model import Meld
from rummykit.rules.base import compose, register_opening, register_waiver
from rummykit.solver.requirement import check_deal_number, hand_rules_of
from rummykit.speed.memo import once_per_owner
from rummykit.variant.model import Variant, as_variant

__all__ = [
    "HandRummyWaiver",
    "OpeningCheck",
    "OpeningMinimum",
    "OpeningPureRun",
    "check_opening",
    "hand_rummy_may_open_less",
    "has_pure_run",
    "is_hand_rummy",
    "judge_opening",
    "opened_at_deal",
    "opening_minimum",
    "opening_needed_to_go_out",
    "without_pure_run",
]


def opened_at_deal(variant: Variant) -> bool:
    """Does every seat count as opened from the deal (``opening.open_at_deal``,
    R-500-04): no opening to make, lay-offs from the first turn, and no hand
    rummy, since nobody goes out without having opened?"""
    return variant.opening.open_at_deal


@attrs.frozen(slots=True)
class OpeningMinimum:
    """The new melds of the opening turn must be worth at least ``min_points``."""

    min_points: int
    name: str = "opening_minimum"
    hooks: tuple[str, ...] = ("opening",)

    def check(self, melds: Sequence[Meld], points: int) -> Refusal | None:
        if points >= self.min_points:
            return None
        return Refusal(
            "opening.below-minimum",
            "An opening must be worth at least {least} points; these melds are worth {points}.",
            least=self.min_points,
            points=points,
        )


@attrs.frozen(slots=True)
class OpeningPureRun:
    """The opening must hold a run of at least ``length`` cards with no joker."""

    length: int
    name: str = "opening_pure_run"
    hooks: tuple[str, ...] = ("opening",)

    def check(self, melds: Sequence[Meld], points: int) -> Refusal | None:
        if any(m.is_pure and len(m) >= self.length for m in melds):
            return None
        return Refusal(
            "opening.needs-pure-run",
            "An opening must include a run of at least {length} cards without a joker.",
            length=self.length,
        )


@attrs.frozen(slots=True)
class HandRummyWaiver:
    """Going out in the opening turn waives the opening rules (hand rummy)."""

    name: str = "hand_rummy_waiver"
    hooks: tuple[str, ...] = ("opening_waiver",)

    def waives(self, *, going_out: bool) -> bool:
        return going_out


@register_opening("opening_minimum")
def _opening_minimum(variant: Variant) -> OpeningMinimum | None:
    points = variant.opening.min_points
    return OpeningMinimum(points) if points > 0 else None


def opening_minimum(variant: Variant) -> int:
    """The points the new melds of an opening must reach (0: no minimum),
    as the variant's opening components say.

    >>> from rummykit.variant.model import load_variant
    >>> opening_minimum(load_variant("rami51")), opening_minimum(load_variant("rummy500"))
    (51, 0)
    """
    found = compose(variant).get("opening_minimum")
    return found.min_points if isinstance(found, OpeningMinimum) else 0


@register_opening("opening_pure_run")
def _opening_pure_run(variant: Variant) -> OpeningPureRun | None:
    opening = variant.opening
    return OpeningPureRun(opening.pure_run_min) if opening.require_pure_run else None


@register_waiver("hand_rummy_waiver")
def _hand_rummy_waiver(variant: Variant) -> HandRummyWaiver | None:
    return HandRummyWaiver() if variant.opening.waived_for_hand_rummy else None


def is_hand_rummy(*, going_out: bool, opened_before: bool) -> bool:
    """A hand rummy: going out in one turn without having opened before
    (R-HR-20, R-ROE-12)."""
    return going_out and not opened_before


def opening_needed_to_go_out(variant: Variant, *, opened: bool) -> bool:
    """Must the melds of a turn that goes out also make an opening
    (``opened``: before this turn)? Not once opened, nor where a hand rummy
    waives the opening."""
    return not opened and not compose(variant).waives_opening(going_out=True)


def has_pure_run(variant: Variant, melds: Sequence[Meld]) -> bool:
    """Do these melds hold the pure run an opening needs (True where none is needed)?"""
    return all(
        c.check(melds, 0) is None for c in compose(variant).opening if isinstance(c, OpeningPureRun)
    )


@once_per_owner
def without_pure_run(variant: Variant) -> Variant:
    """``variant`` with no pure run asked of an opening: for the melds that
    join a pure run already found (their best value is what is wanted)."""
    if not variant.opening.require_pure_run:
        return variant
    return attrs.evolve(variant, opening=attrs.evolve(variant.opening, require_pure_run=False))


def hand_rummy_may_open_less(variant: Variant, hand_size: int) -> bool:
    """Could a hand rummy (the opening waived) of ``hand_size`` cards lay
    melds that would not open? Only where the waiver exists and its melds may
    be worth less than the minimum or lack a pure run: a hand rummy melds every
    card but the discard, each worth at least the lowest value a card has on
    the table."""
    if not compose(variant).waives_opening(going_out=True):
        return False
    if variant.opening.require_pure_run:
        return True
    return (hand_size - 1) * _lowest_table_value(variant) < variant.opening.min_points


def _lowest_table_value(variant: Variant) -> int:
    """The least a card can be worth in a meld (a joker: the card it stands for, or its fixed points)."""
    rules = variant.meld_rules
    values = rules.values
    least = min(min(values.run_values[rules.run_lowest : rules.run_highest + 1]), min(values.set_values[2:]))
    return least if values.fixed_joker is None else min(least, values.fixed_joker)


@attrs.frozen(slots=True)
class OpeningCheck:
    """An accepted opening: the melds as judged and their total table value."""

    melds: tuple[Meld, ...]
    points: int


def judge_opening(
    variant: Variant, melds: Sequence[Meld], *, going_out: bool = False
) -> OpeningCheck | Refusal:
    """Judge melds (already valid) laid together as an opening.

    ``going_out``: the turn empties the hand; a hand-rummy waiver then applies.
    """
    points = sum(m.points for m in melds)
    rule_set = compose(variant)
    if not rule_set.waives_opening(going_out=going_out):
        for component in rule_set.opening:
            refusal = component.check(melds, points)
            if refusal is not None:
                return refusal
    return OpeningCheck(tuple(melds), points)


def check_opening(
    variant: Variant | str,
    melds: Iterable[str | Iterable[Card | str]],
    *,
    going_out: bool = False,
    deal_number: Any = None,
    players: int | None = None,
) -> OpeningCheck | Refusal:
    """Judge groups of cards (notation or cards), laid in one turn, as an opening.

    Cards that the deck for ``players`` (without ``players``: every deck of
    the variant) does not hold that many times are refused with
    ``card.not-in-deck`` (see :meth:`Variant.deck_refusal`), and a group
    that is not a meld with its ``meld.*`` code. Where each deal has its
    contract, the opening is exactly the contract of deal ``deal_number``
    (the first when not given, as for :func:`~rummykit.solver.best_opening`),
    else ``opening.contract``; elsewhere ``deal_number`` is checked but not
    used. (It is an int, typed Any so that this check, not the compiled
    build's, judges a wrong one.)

    >>> from rummykit.variant.model import load_variant
    >>> contract = load_variant("contract")
    >>> check_opening(contract, ["7h 7s 7d", "9c 9d 9h"]).points  # deal 1: two sets
    48
    >>> check_opening(contract, ["7h 7s 7d", "9c 9d 9h"], deal_number=2).code  # a set and a run
    'opening.contract'
    """
    variant = as_variant(variant)
    contracts = hand_rules_of(variant).contracts
    if deal_number is not None:
        check_deal_number(deal_number, len(contracts) or None)
    groups = [parse_cards(group) for group in melds]
    refusal = variant.deck_refusal([card for group in groups for card in group], players)
    if refusal is not None:
        return refusal
    judged: list[Meld] = []
    for cards in groups:
        result = judge_meld(variant.meld_rules, cards)
        if isinstance(result, Refusal):
            return result
        judged.append(result)
    if contracts:
        refusal = contracts[(deal_number or 1) - 1].judge(judged)
        if refusal is not None:
            return refusal
    if not judged:
        return Refusal("opening.below-minimum", "An opening needs at least one meld.")
    return judge_opening(variant, judged, going_out=going_out)
