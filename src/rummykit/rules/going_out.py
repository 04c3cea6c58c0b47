"""The going-out stage: the last discard, whether a hand can be laid down
this turn, and the end of the stock (reshuffles and the turn cap).

:func:`going_out_stage` builds a variant's :class:`GoingOutRule` (its rule set holds it); every
``going_out.*`` and ``stock_exhausted.*`` key turns into behaviour here
(``stock_exhausted.blocked_winner`` is round scoring's). The engine, the
commit checks, the bots and the invariant checks ask this rule.

>>> from rummykit.variant.model import load_variant
>>> from rummykit.rules.rule_set import rules_of
>>> rules_of(load_variant("romme51")).going_out.final_discard_required()
True
>>> rules_of(load_variant("rami51")).going_out.final_discard_required()
False
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

import attrs

from rummykit.core.cards import Card
from rummykit.core.meld_model import Meld
from rummykit.core.round_values import Ending
from rummykit.rules.draw import DrawRule
from rummykit.rules.opening import OpeningStage
from rummykit.rules.table import TableRule
from rummykit.solver import GoOutPlan, can_go_out
from rummykit.solver.requirement import HandRules
from rummykit.variant.model import Variant

__all__ = ["GoingOutRule", "StandardGoingOut", "going_out_stage"]


class GoingOutRule(Protocol):
    """The going-out stage of a variant."""

    def final_discard_required(self) -> bool:
        """Must the round end with a discard (``out`` with an empty hand refused)?"""
        ...

    def plan(
        self,
        hand: Sequence[Card],
        *,
        table: Sequence[Meld],
        opened: bool,
        not_discardable: Sequence[Card] = (),
    ) -> GoOutPlan | None:
        """How the whole hand can be laid down this turn, or None (``opened``:
        before this turn)."""
        ...

    def stock_runs_out(self) -> bool:
        """Can an empty stock end or reshuffle the round (only where the stock is drawn)?"""
        ...

    def max_reshuffles(self) -> int:
        """The most reshuffles of the discards into a new stock in one round."""
        ...

    def reshuffle_allowed(self, reshuffles: int, discard_size: int) -> bool:
        """R-ALL-08: may the discards (but the top one) become the new stock?"""
        ...

    def refill_is_shuffled(self) -> bool:
        """Are the discards (but the top one) shuffled into the new stock
        (R-ALL-08), or turned over as they lie, the oldest discard on top
        (``stock_exhausted.reshuffle = "turn_over"``, R-RUM-10)?"""
        ...

    def turn_cap(self) -> int:
        """The number of turns after which a round ends blocked."""
        ...

    def turn_cap_reached(self, turns_played: int) -> bool: ...

    def out_ending(self, *, hand_rummy: bool, discarded: bool) -> Ending:
        """How a round a player went out of ended: ``"hand_rummy"``,
        ``"went_out"``, or under ``scoring.method = "payments"`` an out with no
        last discard, ``"tonk_out"`` (R-TNK-06: the two outs pay differently)."""
        ...


@attrs.frozen(slots=True)
class StandardGoingOut:
    """Going out by laying every card (a last discard where required), an
    empty stock rebuilt from the discards a limited number of times, and a
    turn cap."""

    variant: Variant = attrs.field(eq=False, repr=False)
    table: TableRule = attrs.field(eq=False, repr=False)
    draw: DrawRule = attrs.field(eq=False, repr=False)
    opening: OpeningStage = attrs.field(eq=False, repr=False)
    demands: HandRules = attrs.field(eq=False, repr=False)

    def final_discard_required(self) -> bool:
        return self.demands.final_discard  # read from ``going_out.final_discard`` once, by rules.hand

    def plan(
        self,
        hand: Sequence[Card],
        *,
        table: Sequence[Meld],
        opened: bool,
        not_discardable: Sequence[Card] = (),
    ) -> GoOutPlan | None:
        # Lay-offs onto ``table`` only where the mover may lay off while going
        # out; the opening rules unless a hand rummy waives them.
        usable = table if self.table.layoff_while_going_out(opened=opened) else ()
        return can_go_out(
            self.variant,
            hand,
            demands=self.demands,
            table=usable,
            keep_discard=True if self.final_discard_required() else None,
            must_open=self.opening.needed_to_go_out(opened=opened),
            not_discardable=not_discardable,
        )

    def stock_runs_out(self) -> bool:
        return self.draw.draws_from_stock()

    def max_reshuffles(self) -> int:
        return self.variant.stock_exhausted.max_reshuffles

    def reshuffle_allowed(self, reshuffles: int, discard_size: int) -> bool:
        return reshuffles < self.variant.stock_exhausted.max_reshuffles and discard_size >= 2

    def refill_is_shuffled(self) -> bool:
        return self.variant.stock_exhausted.reshuffle == "shuffle"

    def turn_cap(self) -> int:
        return self.variant.stock_exhausted.turn_cap

    def turn_cap_reached(self, turns_played: int) -> bool:
        return turns_played >= self.variant.stock_exhausted.turn_cap

    def out_ending(self, *, hand_rummy: bool, discarded: bool) -> Ending:
        if hand_rummy:
            return "hand_rummy"
        if not discarded and self.variant.scoring.method == "payments":
            return "tonk_out"
        return "went_out"


def going_out_stage(
    variant: Variant, table: TableRule, draw: DrawRule, opening: OpeningStage, demands: HandRules
) -> GoingOutRule:
    """The going-out stage of ``variant``, laying off as its ``table`` stage
    allows and opening as its ``opening`` stage asks (its rule set holds it)."""
    return StandardGoingOut(variant, table, draw, opening, demands)
