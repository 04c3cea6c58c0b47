"""The checks of the moves that leave a turn without a discard: ``drop``
as the fold (``[drop]``; the knock before the draw is
:mod:`rummykit.rules.drop_knock`) and ``declare C`` (the show, ``[declare]``), each an
ordered list of named checks (a :class:`MoveChecks`, the rule set's
``drop_checks`` and ``declare_checks``) asked in order by ``apply`` and by
the legal-move listing; and :class:`LeavingRule`, the facts of the fold
both read (who is still in, who has had a turn, the next seat in).

A variant without the move refuses it in any phase (``drop.not-allowed``,
``declare.not-allowed``, R-WLD-02); with it, ``drop`` is made before the
draw and ``declare`` after it (``turn.wrong-phase`` otherwise), and the
declared card must be held. A declaration is never refused for being
wrong: the judgement's outcome says whether the show is valid.

>>> from rummykit.variant.model import load_variant
>>> from rummykit.rules.rule_set import rules_of
>>> [check.name for check in rules_of(load_variant("indian")).drop_checks.checks]
['before_draw', 'drop_penalty']
>>> [check.name for check in rules_of(load_variant("gin")).declare_checks.checks]
['declare_allowed', 'declared_card_held']
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, ClassVar, Protocol, cast, final

import attrs

from rummykit.core.cards import Card
from rummykit.core.errors import Refusal
from rummykit.core.moves import Declare
from rummykit.rules.deal import DealRule
from rummykit.rules.drop_knock import BeforeDraw
from rummykit.rules.table_checks import Forbidden, InPlay, InPlayPhase, PlayCheck
from rummykit.rules.table_move_stage import MoveChecks
from rummykit.rules.take import StatelessCheck
from rummykit.variant.model import Variant

if TYPE_CHECKING:  # the rule set holds these checks
    from rummykit.rules.rule_set import RuleSet

__all__ = [
    "NO_DECLARE",
    "DeclaredCardHeld",
    "DropPenalty",
    "LeavingRule",
    "declare_checks",
    "fold_checks",
    "leaving_stage",
]

NO_DECLARE = Refusal("declare.not-allowed", "This variant has no declaration.")


class AtLeaving(InPlay, Protocol):
    """The round as the fold's checks read it (a RoundState)."""

    @property
    def players(self) -> int: ...
    @property
    def dealer(self) -> int: ...
    @property
    def turns_played(self) -> int: ...
    @property
    def dropped(self) -> tuple[int, ...]: ...
    @property
    def has_drawn(self) -> tuple[bool, ...]: ...


@attrs.frozen(slots=True)
class LeavingRule:
    """Who is still in a deal and who has had a turn in it (R-IND-10, 13,
    14), and what a drop and a wrong show cost. ``first`` / ``middle`` are 0
    where the variant has no fold, ``wrong_penalty`` 0 where it has no
    declaration."""

    deal: DealRule = attrs.field(eq=False, repr=False)
    first: int
    middle: int
    wrong_penalty: int
    wrong_show_ends_deal: bool

    def has_drawn(self, state: AtLeaving, seat: int) -> bool:
        """Has ``seat`` had a turn in this deal? As the round says where a
        position gave it (``has_drawn``), else found from ``dealer`` and
        ``turns_played``: nobody leaves before his first turn, so the first
        round of turns passes every seat once (R-IND-14)."""
        if state.has_drawn:
            return state.has_drawn[seat]
        deal = self.deal
        first = deal.first_player(state.players, state.dealer)
        steps = next(k for k in range(state.players) if deal.next_seat(state.players, first, k) == seat)
        return steps < state.turns_played

    def drop_penalty(self, state: AtLeaving, seat: int) -> int:
        """What ``seat`` leaves with if it drops now: the first or the middle drop."""
        return self.middle if self.has_drawn(state, seat) else self.first

    def next_in(self, players: int, dropped: Sequence[int], seat: int) -> int:
        """The seat after ``seat`` in the order of play that is still in
        the deal (``seat`` itself when no other is)."""
        deal = self.deal
        for step in range(1, players + 1):
            candidate = deal.next_seat(players, seat, step)
            if not dropped or not dropped[candidate]:
                return candidate
        return seat

    @staticmethod
    def seats_in(players: int, dropped: Sequence[int]) -> list[int]:
        """The seats still in the deal, in seat order."""
        return [seat for seat in range(players) if not dropped or not dropped[seat]]


def leaving_stage(variant: Variant, deal: DealRule) -> LeavingRule:
    """The leaving rule of ``variant`` (its rule set holds it), reading the
    order of play from its deal stage."""
    fold, declaration = variant.drop, variant.declare
    return LeavingRule(
        deal,
        first=fold.first if fold.allowed else 0,
        middle=fold.middle if fold.allowed else 0,
        wrong_penalty=declaration.wrong_penalty if declaration.allowed else 0,
        wrong_show_ends_deal=declaration.wrong_show == "end_deal",
    )


def _at_leaving(state: InPlay) -> AtLeaving:
    """``state`` as the fold's checks read it (every state the engine judges
    is a RoundState)."""
    return cast("AtLeaving", state)


@final
class DropPenalty(StatelessCheck):
    """The fold's judgement: the penalty the seat to move leaves with (the
    first or the middle drop, R-IND-10)."""

    __slots__ = ()
    name: ClassVar[str] = "drop_penalty"
    reads: ClassVar[tuple[str, ...]] = ()

    def judge(self, rules: RuleSet, state: InPlay, move: object) -> int | Refusal:
        return rules.leaving.drop_penalty(_at_leaving(state), state.to_move)

    def refusal(self, rules: RuleSet, state: InPlay, move: object) -> Refusal | None:
        return None


@final
class DeclaredCardHeld(StatelessCheck):
    """The declaration's judgement: the declared card is held; its outcome
    is the hand shown (the hand less that card), judged by the show rule."""

    __slots__ = ()
    name: ClassVar[str] = "declared_card_held"
    reads: ClassVar[tuple[str, ...]] = ("cards", "hand")

    def judge(self, rules: RuleSet, state: InPlay, move: Declare) -> tuple[Card, ...] | Refusal:
        face = move.card.face
        hand = state.hands[state.to_move]
        if face not in hand:
            return Refusal("card.not-in-hand", "You do not hold {card}.", card=face)
        shown = list(hand)
        shown.remove(face)
        return tuple(shown)

    def refusal(self, rules: RuleSet, state: InPlay, move: Declare) -> Refusal | None:
        result = self.judge(rules, state, move)
        return result if isinstance(result, Refusal) else None


def fold_checks() -> MoveChecks:
    """The checks of ``drop`` as the fold (``drop.allowed``), in the order
    ``apply`` asks them: before the draw (``turn.wrong-phase`` after it,
    the knock before the draw's check), the penalty."""
    return MoveChecks((BeforeDraw(),), DropPenalty())


def declare_checks(variant: Variant) -> MoveChecks:
    """The checks of ``declare C``, in the order ``apply`` asks them: the
    declaration allowed (else ``declare.not-allowed`` in any phase), after
    the draw, the card held."""
    forbidden = Forbidden("declare_allowed", NO_DECLARE)
    before: tuple[PlayCheck[object], ...] = (InPlayPhase(),) if variant.declare.allowed else (forbidden,)
    return MoveChecks(before, DeclaredCardHeld())
