"""The checks of ``out``, the end of a turn without a discard: an ordered
list of named checks (the rule set's ``out_checks``), asked in order by
``apply`` and once per state by the legal-move listing. Where none
refuses, the turn is judged as every turn's end is, by the commit's
checks (``rules.components.commit``, asked by the engine's commit): the
list's last step, shared with ``discard``.

>>> from rummykit.variant.model import load_variant
>>> from rummykit.rules.rule_set import rules_of
>>> [(check.name, check.reads) for check in rules_of(load_variant("rami51")).out_checks.checks]
[('play_phase', ()), ('hand_empty', ('hand',))]
>>> [check.name for check in rules_of(load_variant("handromi")).out_checks.checks]
['play_phase', 'hand_empty', 'last_discard_not_required']
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, NoReturn, final

from rummykit.core.errors import Refusal
from rummykit.rules.going_out import GoingOutRule
from rummykit.rules.table_checks import Forbidden, InPlay, InPlayPhase, PlayCheck
from rummykit.rules.take import StatelessCheck
from rummykit.speed.frozen import frozen_error

if TYPE_CHECKING:  # the rule set holds these checks
    from rummykit.rules.rule_set import RuleSet

__all__ = ["HandEmpty", "OutChecks", "out_checks"]


@final
class HandEmpty(StatelessCheck):
    """``out`` is for an empty hand: with cards in hand, a turn ends with a
    discard (asked before the last discard's rule, which is for an empty
    hand only)."""

    __slots__ = ()
    name: ClassVar[str] = "hand_empty"
    reads: ClassVar[tuple[str, ...]] = ("hand",)

    def refusal(self, rules: RuleSet, state: InPlay, move: object) -> Refusal | None:
        return _NOT_EMPTY if state.hands[state.to_move] else None


_NOT_EMPTY = Refusal("out.not-empty", "You still hold cards; discard one to end your turn.")
_NEEDS_DISCARD = Refusal("out.needs-discard", "You must end the round by discarding your last card.")


@final
class OutChecks:
    """The checks of ``out``, in the order ``apply`` asks them. Written by
    hand rather than by attrs, like its checks, so that the compiled build
    makes it native: the listing of every play phase asks it."""

    __slots__ = ("checks", "turn_checks")
    checks: tuple[PlayCheck[object], ...]
    turn_checks: tuple[PlayCheck[object], ...]
    """The checks but the phase's, as the listing of a play phase asks them."""

    def __init__(self, checks: tuple[PlayCheck[object], ...]) -> None:
        object.__setattr__(self, "checks", checks)
        turn = tuple([check for check in checks if not isinstance(check, InPlayPhase)])
        object.__setattr__(self, "turn_checks", turn)

    def __setattr__(self, name: str, value: object) -> NoReturn:
        raise frozen_error()

    def __delattr__(self, name: str) -> NoReturn:
        raise frozen_error()

    def __repr__(self) -> str:
        return f"OutChecks({self.checks!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, OutChecks) and other.checks == self.checks

    def __hash__(self) -> int:
        return hash(self.checks)

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return (OutChecks, (self.checks,))

    def refusal(self, rules: RuleSet, state: InPlay) -> Refusal | None:
        """The first refusal of ``out`` in ``state``, before the commit's
        checks; None: the turn is judged by them."""
        for check in self.checks:
            refusal = check.refusal(rules, state, None)
            if refusal is not None:
                return refusal
        return None

    def refusal_in_play(self, rules: RuleSet, state: InPlay) -> Refusal | None:
        """:meth:`refusal` for a state in its play phase (the phase's check
        is met there), as the listing asks it."""
        for check in self.turn_checks:
            refusal = check.refusal(rules, state, None)
            if refusal is not None:
                return refusal
        return None


def out_checks(going_out: GoingOutRule) -> OutChecks:
    """The checks of ``out``, with the variant's ``going_out`` stage: the
    phase, the empty hand, and where the round must end with a discard
    (``going_out.final_discard``) a :class:`Forbidden` check."""
    checks: list[PlayCheck[object]] = [InPlayPhase(), HandEmpty()]
    if going_out.final_discard_required():
        checks.append(Forbidden("last_discard_not_required", _NEEDS_DISCARD))
    return OutChecks(tuple(checks))
