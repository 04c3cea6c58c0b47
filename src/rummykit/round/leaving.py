"""The moves that end a turn without a discard: ``drop`` (before the draw)
and ``declare C`` (after it).

A variant without them refuses each in any phase, after the checks every
move has (``turn.round-over``, then ``turn.not-your-turn``):
``drop.not-allowed`` and ``declare.not-allowed``.
"""

from __future__ import annotations

from rummykit.core.errors import IllegalMove, Refusal
from rummykit.core.moves import Declare, Drop
from rummykit.round.state import RoundState

__all__ = ["apply_declare", "apply_drop"]

NO_DROP = Refusal("drop.not-allowed", "This variant has no drop.")
NO_DECLARE = Refusal("declare.not-allowed", "This variant has no declaration.")


def apply_drop(state: RoundState, move: Drop) -> RoundState:
    """The state after ``drop`` by the seat to move; refused where the
    variant has no drop."""
    raise IllegalMove.from_refusal(NO_DROP)


def apply_declare(state: RoundState, move: Declare) -> RoundState:
    """The state after ``declare C`` by the seat to move; refused where the
    variant has no declaration."""
    raise IllegalMove.from_refusal(NO_DECLARE)
