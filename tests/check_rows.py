"""Playing the rows of the move-check tests (tests/rules/test_*_checks.py):
moves from a position, each judged three ways that must agree: ``apply``
(ok or its refusal code), the legal-move listing (a move is listed if and
only if ``apply`` accepts it) and the stage's own checks."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import rummykit as rk
from rummykit.core.moves import Move, parse_seat_move
from rummykit.round.state import RoundState

Judge = Callable[[RoundState, Move], "str | None"]
"""The stage's verdict on a move ("ok" or the first refusal's code), or None
where the move is not the stage's to judge."""


def play_judged(
    variant: rk.Variant, position: dict[str, Any], moves: list[str], judge: Judge
) -> tuple[str, ...]:
    """Play ``moves`` from ``position`` (each refused one leaves the state as
    it was): per move, ``ok`` or the refusal code; the listing and ``judge``
    are held to each verdict."""
    state = rk.position_from_dict({"players": 2, **position}, variant=variant)
    verdicts = []
    for text in moves:
        _, move = parse_seat_move(text)
        listed = move in state.legal_moves()
        try:
            after = state.apply(text)
        except rk.IllegalMove as refusal:
            verdicts.append(refusal.code)
            assert not listed, f"{text} is listed but refused ({refusal.code})"
        else:
            verdicts.append("ok")
            assert listed, f"{text} is accepted but not listed"
        judged = judge(state, move)
        if judged is not None:
            assert judged == verdicts[-1], text
        if verdicts[-1] == "ok":
            state = after
    return tuple(verdicts)


def code_of(found: rk.Refusal | None) -> str:
    """A stage's refusal as a verdict: its code, or ``ok``."""
    return found.code if found is not None else "ok"
