"""The take stage: the checks a take of the top discard must pass once the
card is in hand, each a named check that says what it reads.

Each check answers two questions. :meth:`TakeCheck.may_refuse` reads only
what the state shows before the take (the hand, the card on top, whether the
take is conditional, whether the stock is at the wall) and says whether the
check could refuse at all; :meth:`TakeCheck.refusal` judges the take with
the card in hand. ``apply`` asks every check for its refusal, in order; the
legal-move listing accepts a take at once where no check may refuse, and
otherwise judges it as ``apply`` does. A check is in a variant's stage only
where its keys call for it.

>>> from rummykit.variant.model import load_variant
>>> from rummykit.rules.rule_set import rules_of
>>> [(check.name, check.reads) for check in rules_of(load_variant("handromi")).take.checks]
[('pickup_duty_met', ('hand', 'card', 'table')), ('other_card_to_throw', ('hand', 'card', 'table'))]
>>> [check.name for check in rules_of(load_variant("gin")).take.checks]
['wall_take_knocks']
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol

import attrs

from rummykit.core.cards import Card
from rummykit.core.errors import Refusal
from rummykit.core.round_values import TableMeld
from rummykit.variant.model import Variant

if TYPE_CHECKING:  # the rule set holds this stage
    from rummykit.rules.rule_set import RuleSet

__all__ = [
    "OtherCardToThrow",
    "PickupDutyMet",
    "TakeCheck",
    "TakeStage",
    "WallTakeKnocks",
    "take_stage",
]


class TakeCheck(Protocol):
    """One check of a take of the top discard."""

    @property
    def name(self) -> str: ...

    @property
    def reads(self) -> tuple[str, ...]:
        """What its verdict reads besides the turn: ``hand``, ``card``, ``table``."""
        ...

    def may_refuse(self, hand: Sequence[Card], card: Card, conditional: bool, at_wall: bool) -> bool:
        """Could the check refuse taking ``card`` into ``hand`` (before the
        take)? False promises that :meth:`refusal` is None."""
        ...

    def refusal(
        self, rules: RuleSet, hand: Sequence[Card], card: Card, opened: bool, table: Sequence[TableMeld]
    ) -> Refusal | None:
        """The check's verdict on the take, ``card`` now in ``hand``
        (``opened``: before this turn). Asked only where :meth:`may_refuse` is."""
        ...


@attrs.frozen(slots=True)
class PickupDutyMet:
    """A conditionally taken top discard can meet its duty this turn
    (R-HR-09, R-500-03, R-KAL-06 at the take, R-ALL-14)."""

    name: str = "pickup_duty_met"
    reads: tuple[str, ...] = ("hand", "card", "table")

    def may_refuse(self, hand: Sequence[Card], card: Card, conditional: bool, at_wall: bool) -> bool:
        return conditional

    def refusal(
        self, rules: RuleSet, hand: Sequence[Card], card: Card, opened: bool, table: Sequence[TableMeld]
    ) -> Refusal | None:
        pickup = rules.pickup
        if pickup is None or pickup.feasible(rules, hand, card, opened=opened, table=[t.meld for t in table]):
            return None
        return Refusal(
            "draw.taken-card-unused",
            "You may take {card} only to lay it on the table this turn, and you cannot.",
            card=card,
        )


@attrs.frozen(slots=True)
class OtherCardToThrow:
    """The card just taken may not be thrown this turn, so another card must
    be there to throw, or the hand must go out (R-ALL-12)."""

    name: str = "other_card_to_throw"
    reads: tuple[str, ...] = ("hand", "card", "table")

    def may_refuse(self, hand: Sequence[Card], card: Card, conditional: bool, at_wall: bool) -> bool:
        face = card.face
        return all(c.face is face for c in hand)

    def refusal(
        self, rules: RuleSet, hand: Sequence[Card], card: Card, opened: bool, table: Sequence[TableMeld]
    ) -> Refusal | None:
        face = card.face
        if any(c.face is not face for c in hand):
            return None
        melds = [t.meld for t in table]
        if rules.going_out.plan(hand, table=melds, opened=opened, not_discardable=[face]) is not None:
            return None
        return Refusal(
            "discard.just-taken", "After taking {card} you would have no other card to discard.", card=card
        )


@attrs.frozen(slots=True)
class WallTakeKnocks:
    """At the wall the upcard is taken only to knock at once (R-GIN-12)."""

    name: str = "wall_take_knocks"
    reads: tuple[str, ...] = ("hand",)

    def may_refuse(self, hand: Sequence[Card], card: Card, conditional: bool, at_wall: bool) -> bool:
        return at_wall

    def refusal(
        self, rules: RuleSet, hand: Sequence[Card], card: Card, opened: bool, table: Sequence[TableMeld]
    ) -> Refusal | None:
        knock = rules.knock
        if knock is not None and knock.knock_cards(hand):
            return None
        return Refusal(
            "knock.deadwood", "At the wall the upcard may be taken only to knock, and you could not knock."
        )


@attrs.frozen(slots=True)
class TakeStage:
    """The checks of a take of the top discard, in the order ``apply`` asks
    them (the duty of a conditional take, the card to throw, the wall)."""

    checks: tuple[TakeCheck, ...]

    def may_refuse(self, hand: Sequence[Card], card: Card, conditional: bool, at_wall: bool) -> bool:
        """Could any check refuse taking ``card`` into ``hand``?"""
        return any(check.may_refuse(hand, card, conditional, at_wall) for check in self.checks)

    def refusal(
        self,
        rules: RuleSet,
        before: Sequence[Card],
        after: Sequence[Card],
        card: Card,
        conditional: bool,
        at_wall: bool,
        opened: bool,
        table: Sequence[TableMeld],
    ) -> Refusal | None:
        """The first refusal of the take of ``card`` (``before``/``after``:
        the hand without and with it), or None."""
        for check in self.checks:
            if check.may_refuse(before, card, conditional, at_wall):
                refusal = check.refusal(rules, after, card, opened, table)
                if refusal is not None:
                    return refusal
        return None


def take_stage(variant: Variant, *, pickup: bool, marked: bool) -> TakeStage:
    """The take stage of ``variant``: the pickup duty where a top take may
    be conditional (``pickup``), the card to throw where the taken card is
    marked (``marked``), the wall's knock where the stock ends at a wall."""
    checks: list[TakeCheck] = []
    if pickup:
        checks.append(PickupDutyMet())
    if marked:
        checks.append(OtherCardToThrow())
    if variant.stock_exhausted.action == "wall":
        checks.append(WallTakeKnocks())
    return TakeStage(tuple(checks))
