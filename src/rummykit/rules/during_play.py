"""Melding during play: ``melds.during_play`` turns into behaviour here.

Where it is false (R-GIN-16, R-IND-06) a turn is a draw and a discard (or a knock):
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

__all__ = ["play_meld_refusal"]


def play_meld_refusal(variant: Variant) -> Refusal | None:
    """A meld, lay-off, shift or swap in a turn, where the variant has none
    (None: players meld during play). The table moves' checks ask it once,
    when the rule set is built (``melds_during_play``)."""
    if variant.melds.during_play:
        return None
    if variant.knock.allowed:
        return Refusal("turn.wrong-phase", "Nobody melds or lays off during play; melds come after a knock.")
    return Refusal(
        "turn.wrong-phase",
        "Nobody melds, lays off or swaps during play; the groups are shown at a declaration.",
    )
