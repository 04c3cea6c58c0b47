"""Melding during play: ``melds.during_play`` turns into behaviour here.

Where it is false (R-GIN-16) a turn is a draw and a discard (or a knock):
nobody melds, lays off or swaps; melds are laid only after a knock.

>>> from rummykit.variant.model import load_variant
>>> play_meld_refusal(load_variant("gin")).code
'turn.wrong-phase'
>>> play_meld_refusal(load_variant("rami51")) is None
True
"""

from __future__ import annotations

from rummykit.core.errors import Refusal
from rummykit.variant.model import Variant

__all__ = ["melds_during_play", "play_meld_refusal"]


def melds_during_play(variant: Variant) -> bool:
    """May a player meld, lay off or swap in his turn?"""
    return variant.melds.during_play


def play_meld_refusal(variant: Variant) -> Refusal | None:
    """A meld, lay-off or swap in a turn, where the variant has none."""
    if melds_during_play(variant):
        return None
    return Refusal("turn.wrong-phase", "Nobody melds or lays off during play; melds come after a knock.")
