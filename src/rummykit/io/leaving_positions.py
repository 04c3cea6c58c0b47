"""The position keys of seats leaving a deal (docs/case-files.md,
"Positions"): ``dropped``, the seats out of the deal with the score each
left with (0: still in), and ``has_drawn``, who has had a turn in this deal
(default: found from ``dealer`` and ``turns_played``, R-IND-14)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from rummykit.core.cards import Card
from rummykit.variant.model import Variant

__all__ = ["leaving_keys"]


def leaving_keys(
    data: Mapping[str, Any],
    variant: Variant,
    hands: list[tuple[Card, ...]],
    to_move: int,
    error: Callable[[str], Exception],
) -> tuple[tuple[int, ...], tuple[bool, ...]]:
    """The ``dropped`` and ``has_drawn`` keys of a position, each empty
    where not given (``dropped`` all 0 is empty too); ``error`` (the
    caller's PositionError) for a seat out of the deal that holds cards or
    is to move, or keys of the wrong length."""
    _error = error
    players = len(hands)
    dropped = tuple(data.get("dropped", ()))
    has_drawn = tuple(data.get("has_drawn", ()))
    if dropped and (len(dropped) != players or any(score < 0 for score in dropped)):
        raise _error(f"dropped: expected {players} scores from 0 up (0: still in the deal)")
    if dropped and any(dropped) and not (variant.drop.allowed or variant.declare.allowed):
        raise _error("dropped: this variant has no drop and no declaration")
    if has_drawn and len(has_drawn) != players:
        raise _error(f"has_drawn: expected {players} booleans")
    for seat, score in enumerate(dropped):
        if score and hands[seat]:
            raise _error(f'dropped: seat {seat} is out of the deal, so its hand is ""')
        if score and seat == to_move:
            raise _error(f"dropped: seat {seat} is out of the deal and cannot be to move")
    return (dropped if any(dropped) else ()), has_drawn

