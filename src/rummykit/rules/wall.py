"""The wall: ``stock_exhausted.action = "wall"`` and ``wall_size`` turn into
behaviour here (R-GIN-12).

When a discard leaves ``wall_size`` cards in the stock, the next player may
not draw: he takes the upcard only to knock at once, or passes and the round
ends as a draw.

>>> from rummykit.variant.model import load_variant
>>> at_wall(load_variant("gin"), 2), at_wall(load_variant("gin"), 3), at_wall(load_variant("rami51"), 2)
(True, False, False)
"""

from __future__ import annotations

from rummykit.core.errors import Refusal
from rummykit.variant.model import Variant

__all__ = ["at_wall", "wall_draw_refusal"]


def at_wall(variant: Variant, stock_size: int) -> bool:
    """Is a turn that starts with ``stock_size`` cards in the stock at the wall?"""
    exhausted = variant.stock_exhausted
    return exhausted.action == "wall" and stock_size <= exhausted.wall_size


def wall_draw_refusal(variant: Variant, stock_size: int) -> Refusal | None:
    """A stock draw at the wall."""
    if at_wall(variant, stock_size):
        return Refusal(
            "draw.wall", "The last cards of the stock are never drawn: take the upcard to knock, or pass."
        )
    return None
