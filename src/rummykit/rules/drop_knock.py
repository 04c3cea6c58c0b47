"""The knock before the draw: tonk's ``drop`` (``knock.timing =
"before_draw"``, ``knock.count = "hand"``).

At the start of his own turn, before drawing, a player may ``drop``: play
ends at once and every hand is counted whole (no melds, no lay-offs). The
dropper wins when every other count is higher; he is *caught* when any
other count is lower, or equal under ``knock.undercut_on_tie``, and then
every seat at or below his count wins (R-TNK-07).

The move is judged by an ordered list of named checks (:func:`drop_checks`,
the rule set's ``drop_checks``), asked alike by ``apply`` and by the
legal-move listing: the variant has the move (``drop_allowed``: else
``drop.not-allowed``, whatever the phase), then the phase
(``before_draw``: ``turn.wrong-phase`` once the player has drawn), then the
counts (``hands_counted``, whose outcome is every seat's count). The fold
(a ``drop`` that leaves the deal) is another mechanism with its own checks;
a variant has one or the other.

>>> from rummykit.variant.model import load_variant
>>> from rummykit.rules.rule_set import rules_of
>>> [check.name for check in rules_of(load_variant("tonk")).drop_checks.checks]
['before_draw', 'hands_counted']
>>> [check.name for check in rules_of(load_variant("gin")).drop_checks.checks]
['drop_allowed', 'before_draw', 'hands_counted']
>>> rule = rules_of(load_variant("tonk")).drop_knock
>>> rule.caught((12, 12, 30), 0), rule.caught((11, 12, 30), 0), rule.winners((20, 12, 12), 0)
(True, False, (1, 2))
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, ClassVar, final

import attrs

from rummykit.core.cards import Card
from rummykit.core.errors import Refusal
from rummykit.core.moves import Drop
from rummykit.rules.table_checks import Forbidden, InPlay
from rummykit.rules.table_move_stage import MoveChecks
from rummykit.rules.take import StatelessCheck
from rummykit.variant.model import Variant

if TYPE_CHECKING:  # the rule set holds the drop's checks
    from rummykit.rules.rule_set import RuleSet

__all__ = ["NO_DROP", "BeforeDraw", "DropKnockRule", "HandsCounted", "drop_checks", "drop_knock_stage"]

NO_DROP = Refusal("drop.not-allowed", "This variant has no drop.")
"""The refusal of ``drop`` in a variant with neither the knock before the
draw nor the fold, in any phase (R-WLD-02)."""


@attrs.frozen(slots=True)
class DropKnockRule:
    """The knock before the draw of one variant: whole hands counted, and
    whether an equal count catches the dropper."""

    penalties: tuple[int, ...] = attrs.field(repr=False)  # by card code: a card's count
    undercut_on_tie: bool

    def count(self, cards: Iterable[Card]) -> int:
        """The count of ``cards``: the value of every card (``values.hand``)."""
        penalty = self.penalties
        return sum(penalty[c.code] for c in cards)

    def counts(self, hands: Sequence[Sequence[Card]]) -> tuple[int, ...]:
        """Every seat's count, by seat."""
        return tuple(self.count(hand) for hand in hands)

    def caught(self, counts: Sequence[int], dropper: int) -> bool:
        """Is the dropper caught: another count below his, or equal to it
        under ``knock.undercut_on_tie``?"""
        mine = counts[dropper]
        return any(self._beats(c, mine) for seat, c in enumerate(counts) if seat != dropper)

    def winners(self, counts: Sequence[int], dropper: int) -> tuple[int, ...]:
        """Who wins the drop: the dropper alone, or where he is caught every
        other seat at or below his count (below only without
        ``undercut_on_tie``)."""
        if not self.caught(counts, dropper):
            return (dropper,)
        mine = counts[dropper]
        return tuple(seat for seat, c in enumerate(counts) if seat != dropper and self._beats(c, mine))

    def _beats(self, count: int, dropper_count: int) -> bool:
        return count < dropper_count or (count == dropper_count and self.undercut_on_tie)


def drop_knock_stage(variant: Variant) -> DropKnockRule | None:
    """The knock before the draw of ``variant``, or None where it has none
    (``knock.allowed`` false, or gin's knock instead of a discard)."""
    knock = variant.knock
    if not knock.allowed or knock.timing != "before_draw":
        return None
    return DropKnockRule(variant.hand_penalties, knock.undercut_on_tie)


# --------------------------------------------------------------------------- the drop's checks


@final
class BeforeDraw(StatelessCheck):
    """A drop is made at the start of one's own turn, before drawing
    (R-TNK-04): in the draw phase."""

    __slots__ = ()
    name: ClassVar[str] = "before_draw"
    reads: ClassVar[tuple[str, ...]] = ()

    def refusal(self, rules: RuleSet, state: InPlay, move: object) -> Refusal | None:
        if state.phase == "draw":
            return None
        return Refusal("turn.wrong-phase", "You may drop only at the start of your turn, before drawing.")


@final
class HandsCounted(StatelessCheck):
    """The drop's judgement: every seat's whole-hand count (R-TNK-07)."""

    __slots__ = ()
    name: ClassVar[str] = "hands_counted"
    reads: ClassVar[tuple[str, ...]] = ("hand",)

    def judge(self, rules: RuleSet, state: InPlay, move: Drop) -> tuple[int, ...] | Refusal:
        rule = rules.drop_knock
        if rule is None:  # the stage forbids the drop before this check
            return NO_DROP
        return rule.counts(state.hands)

    def refusal(self, rules: RuleSet, state: InPlay, move: Drop) -> Refusal | None:
        result = self.judge(rules, state, move)
        return result if isinstance(result, Refusal) else None


def drop_checks(rule: DropKnockRule | None) -> MoveChecks:
    """The checks of ``drop``, in the order the engine asks them: the
    variant has the move (``rule``, None where it has none), the phase, the
    counts."""
    allowed = () if rule is not None else (Forbidden("drop_allowed", NO_DROP),)
    return MoveChecks((*allowed, BeforeDraw()), HandsCounted())
