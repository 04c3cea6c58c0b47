"""The first upcard: ``deal.first_upcard`` turns into behaviour here.

With ``offer_both_then_stock`` (R-GIN-03) a round opens in the
``first_upcard`` phase: the first player may ``take`` the upcard or ``pass``;
after his pass the next seat may do the same; once every seat has passed, the
first player must ``draw`` from the stock. The take of this phase is not one
of the draw phase's takes (``draw.max_upcard_takes``).

>>> from rummykit.variant.model import load_variant
>>> offers_first_upcard(load_variant("gin")), offers_first_upcard(load_variant("rami51"))
(True, False)
>>> first_upcard_moves(load_variant("gin"), passes=(0, 1), players=2)
('draw',)
"""

from __future__ import annotations

from collections.abc import Sequence

from rummykit.core.errors import Refusal
from rummykit.variant.model import Variant

__all__ = ["first_upcard_moves", "first_upcard_refusal", "offers_first_upcard"]


def offers_first_upcard(variant: Variant) -> bool:
    """Does the round open with the first upcard offered to each seat?"""
    return variant.deal.first_upcard == "offer_both_then_stock"


def first_upcard_moves(variant: Variant, *, passes: Sequence[int], players: int) -> tuple[str, ...]:
    """The verbs of the first-upcard phase: take or pass while a seat has
    not yet passed, then only the stock draw."""
    if len(set(passes)) >= players:
        return ("draw",)
    return ("take", "pass")


def first_upcard_refusal(
    variant: Variant, verb: str, *, passes: Sequence[int], players: int
) -> Refusal | None:
    """Why ``verb`` is not a move of the first-upcard phase now, or None."""
    allowed = first_upcard_moves(variant, passes=passes, players=players)
    if verb in allowed:
        return None
    if allowed == ("draw",):
        return Refusal("turn.wrong-phase", "Every seat passed the first upcard: draw from the stock.")
    return Refusal("turn.wrong-phase", "Take the first upcard or pass it.")
