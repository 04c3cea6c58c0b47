"""The opening ("first meld"): its minimum, its pure run, and the hand-rummy
waiver. All new melds of the opening turn count together (R-ALL-06).

:class:`OpeningStage` judges an opening with the variant's opening
components; the variant's rule set holds it.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from rummykit.core.cards import Card
from rummykit.core.errors import Refusal
from rummykit.core.meld_model import Meld
from rummykit.rules.base import BuiltStages, Components, register_opening, register_waiver
from rummykit.variant.model import Variant

__all__ = [
    "HandRummyWaiver",
    "OpeningCheck",
    "OpeningMinimum",
    "OpeningPureRun",
    "OpeningStage",
    "is_hand_rummy",
    "opened_at_deal",
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
def _opening_minimum(variant: Variant, stages: BuiltStages) -> OpeningMinimum | None:
    points = variant.opening.min_points
    return OpeningMinimum(points) if points > 0 else None


@register_opening("opening_pure_run")
def _opening_pure_run(variant: Variant, stages: BuiltStages) -> OpeningPureRun | None:
    opening = variant.opening
    return OpeningPureRun(opening.pure_run_min) if opening.require_pure_run else None


@register_waiver("hand_rummy_waiver")
def _hand_rummy_waiver(variant: Variant, stages: BuiltStages) -> HandRummyWaiver | None:
    return HandRummyWaiver() if variant.opening.waived_for_hand_rummy else None


def is_hand_rummy(*, going_out: bool, opened_before: bool) -> bool:
    """A hand rummy: going out in one turn without having opened before
    (R-HR-20, R-ROE-12)."""
    return going_out and not opened_before


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


def judge_opening_with(
    components: Components, melds: Sequence[Meld], *, going_out: bool = False
) -> OpeningCheck | Refusal:
    """Judge melds (already valid) laid together as an opening, under these
    components. ``going_out``: the turn empties the hand; a hand-rummy
    waiver then applies."""
    points = sum(m.points for m in melds)
    if not components.waives_opening(going_out=going_out):
        for component in components.opening:
            refusal = component.check(melds, points)
            if refusal is not None:
                return refusal
    return OpeningCheck(tuple(melds), points)


@attrs.frozen(slots=True)
class OpeningStage:
    """The opening of one variant: its components (the minimum, the pure
    run, the hand-rummy waiver), asked by the commit, the take's duties, the
    going-out plan, the solver's requirements and the views.

    >>> from rummykit.variant.model import load_variant
    >>> from rummykit.rules.rule_set import rules_of
    >>> rami = load_variant("rami51")
    >>> OpeningStage.of(rami, rules_of(rami).components).minimum
    51
    """

    variant: Variant = attrs.field(eq=False, repr=False)
    components: Components
    minimum: int
    """The points the new melds of an opening must reach (0: no minimum)."""
    pure_run: OpeningPureRun | None
    """The pure run an opening needs, or None."""
    waived_going_out: bool
    """Does a turn that goes out escape the opening rules (a hand rummy)?"""
    layoff_opens: bool = False
    """Does a lay-off count as opening (``opening.layoff_opens``, R-RUM-08, R-RUM-11)?"""

    @classmethod
    def of(cls, variant: Variant, components: Components) -> OpeningStage:
        found = components.get("opening_minimum")
        pure = components.get("opening_pure_run")
        return cls(
            variant,
            components,
            found.min_points if isinstance(found, OpeningMinimum) else 0,
            pure if isinstance(pure, OpeningPureRun) else None,
            components.waives_opening(going_out=True),
            variant.opening.layoff_opens,
        )

    def judge(self, melds: Sequence[Meld], *, going_out: bool = False) -> OpeningCheck | Refusal:
        """Judge melds (already valid) laid together as an opening."""
        return judge_opening_with(self.components, melds, going_out=going_out)

    def needed_to_go_out(self, *, opened: bool) -> bool:
        """Must the melds of a turn that goes out also make an opening
        (``opened``: before this turn)? Not once opened, nor where a hand
        rummy waives the opening."""
        return not opened and not self.waived_going_out

    def opens_by_layoff(self, laid_off: Sequence[Card]) -> bool:
        """Has a turn that laid off the cards ``laid_off`` opened by that
        alone? Only where a lay-off counts as putting a card on the table
        (``opening.layoff_opens``): the player has then opened, and goes out
        by hand rummy in no later turn (R-RUM-08, R-RUM-11)."""
        return self.layoff_opens and bool(laid_off)

    def has_pure_run(self, melds: Sequence[Meld]) -> bool:
        """Do these melds hold the pure run an opening needs (True where none is needed)?"""
        return self.pure_run is None or self.pure_run.check(melds, 0) is None

    def hand_rummy_may_open_less(self, hand_size: int) -> bool:
        """Could a hand rummy (the opening waived) of ``hand_size`` cards lay
        melds that would not open? Only where the waiver exists and its melds
        may be worth less than the minimum or lack a pure run: a hand rummy
        melds every card but the discard, each worth at least the lowest
        value a card has on the table."""
        if not self.waived_going_out:
            return False
        if self.variant.opening.require_pure_run:
            return True
        return (hand_size - 1) * _lowest_table_value(self.variant) < self.variant.opening.min_points
