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
from rummykit.core.errors import Refusal
from rummykit.core.meld_model import Meld
from rummykit.core.round_values import Ending
from rummykit.rules.contract import new_meld_refusal, uses_contracts
from rummykit.rules.draw import DrawRule
from rummykit.rules.opening import OpeningStage
from rummykit.rules.table import TableRule
from rummykit.solver import GoOutPlan, can_go_out
from rummykit.solver.requirement import HandRules
from rummykit.variant.model import Variant

__all__ = ["GoingOutRule", "LastDiscard", "StandardGoingOut", "going_out_stage"]


@attrs.frozen(slots=True)
class LastDiscard:
    """Which discard may not end a turn, where a going-out key says so:
    ``going_out.final_discard = "forbidden"`` (no discard empties the hand:
    the last card is laid, and the turn ends with ``out``) and
    ``going_out.in_opening_turn = "required"`` (the turn a player goes down
    in ends with an empty hand, R-LIV-05). Asked by the engine's discard and
    the listing of discards, before the discard stage's card checks: what it
    says holds for every card of the hand."""

    forbidden: bool
    all_out: bool

    def refusal(self, *, cards_left: int, going_down: bool) -> Refusal | None:
        """The refusal of a discard that leaves ``cards_left`` cards in a turn
        in which the mover goes down (``going_down``: he had not before, and
        has laid melds this turn) or not; None where it may end the turn. In
        the going-down turn, a discard that leaves cards, or any discard where
        the last one is forbidden, fails the all-out condition first."""
        if self.all_out and going_down and (cards_left or self.forbidden):
            return _ALL_OUT
        if self.forbidden and not cards_left:
            return _LAST_CARD
        return None


_ALL_OUT = Refusal(
    "opening.all-out", "In this deal you go down only by going out: lay every card this turn, then say out."
)
_LAST_CARD = Refusal(
    "discard.last-card", "You may not go out by discarding: lay your last card, then say out."
)


def last_discard(variant: Variant) -> LastDiscard | None:
    """The going-out keys' rule on the discard that ends a turn, or None
    where they leave every discard to the other stages."""
    going_out = variant.going_out
    forbidden, all_out = going_out.final_discard == "forbidden", going_out.in_opening_turn == "required"
    return LastDiscard(forbidden, all_out) if forbidden or all_out else None


class GoingOutRule(Protocol):
    """The going-out stage of a variant."""

    @property
    def last_discard(self) -> LastDiscard | None:
        """Which discard may not end a turn (None: the other stages decide)."""
        ...

    def final_discard_required(self) -> bool:
        """Must the round end with a discard (``out`` with an empty hand refused)?"""
        ...

    def final_discard_forbidden(self) -> bool:
        """Must the hand be emptied by melds and lay-offs, never by a discard?"""
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
        """How a round a player went out of ended: ``"hand_rummy"`` (never
        in a contract game, where going down is not opening),
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
    last_discard: LastDiscard | None = None

    def final_discard_required(self) -> bool:
        return self.demands.final_discard  # read from ``going_out.final_discard`` once, by rules.hand

    def final_discard_forbidden(self) -> bool:
        return self.last_discard is not None and self.last_discard.forbidden

    def plan(
        self,
        hand: Sequence[Card],
        *,
        table: Sequence[Meld],
        opened: bool,
        not_discardable: Sequence[Card] = (),
    ) -> GoOutPlan | None:
        # Lay-offs onto ``table`` only where the mover may lay off while going
        # out; the opening rules unless a hand rummy waives them; no new meld
        # from a player who went down earlier where the contract forbids it.
        usable = table if self.table.layoff_while_going_out(opened=opened) else ()
        return can_go_out(
            self.variant,
            hand,
            demands=self.demands,
            table=usable,
            keep_discard=True if self.final_discard_required() else self._discard_may_end(),
            must_open=self.opening.needed_to_go_out(opened=opened),
            not_discardable=not_discardable,
            new_melds=new_meld_refusal(self.variant, opened_before=opened) is None,
        )

    def _discard_may_end(self) -> bool | None:
        """``keep_discard`` where no last discard is required: False where
        it is forbidden, None (either way) otherwise."""
        return False if self.final_discard_forbidden() else None

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
        # A contract game has no hand rummy: going down is not opening, and
        # going down and out at once is going out (R-LIV-08).
        if hand_rummy and not uses_contracts(self.variant):
            return "hand_rummy"
        if not discarded and self.variant.scoring.method == "payments":
            return "tonk_out"
        return "went_out"


def going_out_stage(
    variant: Variant, table: TableRule, draw: DrawRule, opening: OpeningStage, demands: HandRules
) -> GoingOutRule:
    """The going-out stage of ``variant``, laying off as its ``table`` stage
    allows and opening as its ``opening`` stage asks (its rule set holds it)."""
    return StandardGoingOut(variant, table, draw, opening, demands, last_discard(variant))
