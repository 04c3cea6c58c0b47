"""The moves that end a turn without a discard: ``drop`` (before the draw)
and ``declare C`` (after it).

``drop`` is judged by the rule set's ``drop_checks``
(:mod:`rummykit.rules.drop_knock`), after the checks every move has
(``turn.round-over``, then ``turn.not-your-turn``): a variant without the
move refuses it in any phase with ``drop.not-allowed``; with the knock
before the draw (tonk) it is made before drawing (``turn.wrong-phase``
after) and ends play at once, every hand counted whole: the dropper lowest
(``"drop"``) or caught (``"caught"``). It is a counted turn. A variant
without a declaration refuses ``declare C`` in any phase with
``declare.not-allowed``.
"""

from __future__ import annotations

from rummykit.core.errors import IllegalMove, Refusal
from rummykit.core.moves import Declare, Drop
from rummykit.round.round_scoring import round_result
from rummykit.round.state import RoundState, Turn
from rummykit.rules.drop_knock import NO_DROP

__all__ = ["NO_DROP", "apply_declare", "apply_drop"]

NO_DECLARE = Refusal("declare.not-allowed", "This variant has no declaration.")


def apply_drop(state: RoundState, move: Drop) -> RoundState:
    """The state after ``drop`` by the seat to move (the rule set's
    ``drop_checks`` stand): the knock before the draw ends the round."""
    rules = state.rules
    counts = rules.drop_checks.verdict(rules, state, move)
    if isinstance(counts, Refusal):
        raise IllegalMove.from_refusal(counts)
    return _knocked_before_draw(state)


def _knocked_before_draw(state: RoundState) -> RoundState:
    """The round once the seat to move has dropped: every hand is shown and
    counted; the scoring stage says whether he was caught."""
    result = round_result(state.variant, state.hands, state.table, state.opened, "drop", state.to_move)
    return state.evolve(phase="over", result=result, turn=Turn(), turns_played=state.turns_played + 1)


def apply_declare(state: RoundState, move: Declare) -> RoundState:
    """The state after ``declare C`` by the seat to move; refused where the
    variant has no declaration."""
    raise IllegalMove.from_refusal(NO_DECLARE)
