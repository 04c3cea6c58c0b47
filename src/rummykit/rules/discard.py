"""The discard stage: which card may end a turn.

:func:`discard_stage` builds a variant's :class:`DiscardRule` (the variant's rule set holds it): every
check of a discard that depends on the card thrown is here, as an ordered
list of named checks, each saying what it reads. The checks come from the
duties of the other stages (the card just taken,
``draw.no_discard_of_taken_card``; a swapped joker to be laid again,
``swap.relay``) and from the ``[discard]`` keys (``discard.jokers``). The
engine's ``discard`` (apply) and the legal-move listing both ask this rule:
apply asks every check in order, the first refusal wins; the listing asks
each check once per state which faces it may refuse in this turn
(:meth:`DiscardCheck.may_refuse`; the checks that may refuse one are
:meth:`DiscardRule.card_checks_for`) and judges only those faces.

What a check reads: ``"card"``, the face thrown; ``"hand"``, the mover's
hand before the discard (faces, in code order); ``"turn"``, the turn so far
(the card taken from the discards, the swaps, the jokers held after the
draw). The checks that do not depend on the card (the phase, the knock at the
wall, the commit's verdict) are the engine's and the commit stage's.

>>> from rummykit.core.cards import parse_cards
>>> from rummykit.core.round_values import Turn
>>> from rummykit.variant.model import load_variant
>>> from rummykit.rules.rule_set import rules_of
>>> rule = rules_of(load_variant("rami51")).discard
>>> [(check.name, check.reads) for check in rule.checks]
[('taken_card_kept', ('card', 'turn')), ('swapped_joker_kept', ('card', 'hand', 'turn'))]
>>> hand, turn = parse_cards("5h 9c 9h"), Turn(source="discard", taken=parse_cards("9h")[0])
>>> rule.refusal(hand[2], hand, turn).code
'discard.just-taken'
>>> [check.name for check in rule.card_checks_for(hand, turn)], rule.discardable(hand, hand, turn)
(['taken_card_kept'], [Card('5h'), Card('9c')])
>>> rule.card_checks_for(hand, Turn(source="stock"))
()
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

import attrs

from rummykit.core.cards import JOKER, JOKER_CODE, Card
from rummykit.core.errors import Refusal
from rummykit.core.round_values import Turn
from rummykit.rules.draw import DrawRule
from rummykit.rules.table import TableRule
from rummykit.variant.model import Variant

__all__ = [
    "DiscardCheck",
    "DiscardRule",
    "JokerKept",
    "StandardDiscard",
    "SwappedJokerKept",
    "TakenCardKept",
    "discard_stage",
]


class DiscardCheck(Protocol):
    """One check of the card a discard throws."""

    @property
    def name(self) -> str:
        """What the check does, in snake case (never a variant's name)."""
        ...

    @property
    def reads(self) -> tuple[str, ...]:
        """What it reads: ``"card"``, and ``"hand"`` and ``"turn"`` where it does."""
        ...

    def may_refuse(self, hand: Sequence[Card], turn: Turn) -> tuple[Card, ...]:
        """The faces this check may refuse in ``turn``: every face of ``hand``
        that :meth:`refuses` is true for is among them (empty: it refuses none)."""
        ...

    def refuses(self, card: Card, hand: Sequence[Card], turn: Turn) -> bool:
        """Does the check refuse throwing ``card``, a face of ``hand``?"""
        ...

    def refusal(self, card: Card) -> Refusal:
        """The refusal of throwing ``card``, where :meth:`refuses` says so."""
        ...


class DiscardRule(Protocol):
    """The discard stage of a variant."""

    @property
    def checks(self) -> tuple[DiscardCheck, ...]:
        """Every card check of the variant, in the order apply asks them."""
        ...

    def card_checks_for(self, hand: Sequence[Card], turn: Turn) -> tuple[DiscardCheck, ...]:
        """The checks, in order, that may refuse some face of ``hand`` in
        ``turn`` (empty: every face may be thrown, as far as the card goes)."""
        ...

    def refusal(self, card: Card, hand: Sequence[Card], turn: Turn) -> Refusal | None:
        """The first refusal of throwing ``card`` (a face of ``hand``, the
        mover's hand before the discard), or None."""
        ...

    def discardable(self, faces: Sequence[Card], hand: Sequence[Card], turn: Turn) -> Sequence[Card]:
        """The faces among ``faces`` (distinct faces of ``hand``) that no
        check refuses, in their order: each check asked only for the faces
        it may refuse; ``faces`` itself where it refuses none of them (as
        where :meth:`card_checks_for` is empty)."""
        ...


def _first_refusing(
    checks: Sequence[DiscardCheck], card: Card, hand: Sequence[Card], turn: Turn
) -> DiscardCheck | None:
    """The first of ``checks`` that refuses throwing ``card``, or None."""
    for check in checks:
        if check.refuses(card, hand, turn):
            return check
    return None


@attrs.frozen(slots=True)
class TakenCardKept:
    """The card taken from the discards this turn, or any card of its face,
    is not thrown in the same turn (R-ALL-12; ``draw.no_discard_of_taken_card``)."""

    name: str = "taken_card_kept"
    reads: tuple[str, ...] = ("card", "turn")

    def may_refuse(self, hand: Sequence[Card], turn: Turn) -> tuple[Card, ...]:
        taken = turn.taken
        return _NONE if taken is None else (taken.face,)

    def refuses(self, card: Card, hand: Sequence[Card], turn: Turn) -> bool:
        taken = turn.taken
        return taken is not None and card.face is taken.face

    def refusal(self, card: Card) -> Refusal:
        return Refusal("discard.just-taken", "You may not discard {card}: you took it this turn.", card=card)


@attrs.frozen(slots=True)
class SwappedJokerKept:
    """A joker taken from the table this turn is not thrown while the duty to
    lay it again stands (R-RAMI-08, R-ROE-13, R-HR-14; ``swap.relay`` other
    than ``"none"``). Thrown is a joker the hand holds beyond the jokers it
    held after the draw (RK-02)."""

    name: str = "swapped_joker_kept"
    reads: tuple[str, ...] = ("card", "hand", "turn")

    def may_refuse(self, hand: Sequence[Card], turn: Turn) -> tuple[Card, ...]:
        return _JOKER_ONLY if turn.swaps > 0 else _NONE

    def refuses(self, card: Card, hand: Sequence[Card], turn: Turn) -> bool:
        # The hand left by throwing a joker still holds the jokers of the draw.
        return turn.swaps > 0 and card.code == JOKER_CODE and hand.count(JOKER) > turn.start_jokers

    def refusal(self, card: Card) -> Refusal:
        return Refusal("swap.joker-not-relaid", "The joker you took from the table cannot be discarded.")


@attrs.frozen(slots=True)
class JokerKept:
    """``discard.jokers = false``: a joker is not thrown while the hand holds
    a natural card that the checks before this one let go (R-HOUSE-01). Where
    every card they let go is a joker (jokers alone in hand, or beside the
    card just taken), a joker may go: this check never leaves a turn without
    a discard."""

    before: tuple[DiscardCheck, ...]
    """The checks asked before this one: a natural card they refuse does not count."""
    name: str = "joker_kept"
    reads: tuple[str, ...] = ("card", "hand", "turn")

    def may_refuse(self, hand: Sequence[Card], turn: Turn) -> tuple[Card, ...]:
        return _JOKER_ONLY if 0 < hand.count(JOKER) < len(hand) else _NONE

    def refuses(self, card: Card, hand: Sequence[Card], turn: Turn) -> bool:
        if card.code != JOKER_CODE:
            return False
        before = self.before
        for other in hand:
            if other.code != JOKER_CODE and _first_refusing(before, other, hand, turn) is None:
                return True
        return False

    def refusal(self, card: Card) -> Refusal:
        return Refusal(
            "discard.joker", "You may not discard a joker while you hold a natural card you may discard."
        )


@attrs.frozen(slots=True)
class StandardDiscard:
    """The discard of every bundled variant: the checks its keys and the
    other stages' duties name, in a fixed order (the card just taken, the
    swapped joker, the joker kept)."""

    checks: tuple[DiscardCheck, ...]

    def card_checks_for(self, hand: Sequence[Card], turn: Turn) -> tuple[DiscardCheck, ...]:
        return tuple([check for check in self.checks if check.may_refuse(hand, turn)])

    def refusal(self, card: Card, hand: Sequence[Card], turn: Turn) -> Refusal | None:
        for check in self.checks:
            if check.refuses(card, hand, turn):
                return check.refusal(card)
        return None

    def discardable(self, faces: Sequence[Card], hand: Sequence[Card], turn: Turn) -> Sequence[Card]:
        # Asked for every listing of a turn's discards: each check is asked
        # once for the faces it may refuse (most turns: none), then only
        # those faces are judged, and the rest pass without a call per face.
        refused: tuple[Card, ...] = ()
        for check in self.checks:
            for face in check.may_refuse(hand, turn):
                if check.refuses(face, hand, turn):
                    refused += (face,)
        if not refused:
            return faces
        return [card for card in faces if card not in refused]


_NONE: tuple[Card, ...] = ()
_JOKER_ONLY: tuple[Card, ...] = (JOKER,)


def discard_stage(variant: Variant, draw: DrawRule, table: TableRule) -> DiscardRule:
    """The discard stage of ``variant``, with the duties its ``draw`` and
    ``table`` stages give (its rule set holds it)."""
    checks: list[DiscardCheck] = []
    if draw.taken_card_is_marked():
        checks.append(TakenCardKept())
    if table.relay_required():
        checks.append(SwappedJokerKept())
    if not variant.discard.jokers:
        checks.append(JokerKept(tuple(checks)))
    return StandardDiscard(tuple(checks))
