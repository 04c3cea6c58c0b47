"""The check made once right after the deal, before the first turn: a
hand that wins at once (``deal.instant_win``, R-TNK-03). A round is dealt
through it, and a position with ``deal_check = true`` is set up through it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rummykit.core.round_values import Turn
from rummykit.round.round_scoring import round_result

if TYPE_CHECKING:
    from rummykit.round.state import RoundState

__all__ = ["after_deal"]


def after_deal(state: RoundState) -> RoundState:
    """``state``, a round just dealt, or the round over where a dealt hand
    wins at once (``"tonk_deal"``) or several void the deal
    (``"deal_void"``); unchanged where the variant has no instant win."""
    rule = state.rules.instant_win
    if rule is None or state.phase == "over":
        return state
    seats = rule.seats(state.hands)
    ending = rule.ending(seats)
    if ending is None:
        return state
    winner = seats[0] if len(seats) == 1 else None
    result = round_result(state.variant, state.hands, state.table, state.opened, ending, winner)
    return state.evolve(phase="over", result=result, turn=Turn())
