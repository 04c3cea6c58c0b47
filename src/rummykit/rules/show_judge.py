"""The show judge of a variant with a declaration (``[declare]``): whether a
hand shown at a declaration is valid (every card in groups meeting
``declare.shape``, R-IND-07), and a loser's count at someone else's show
(the cards outside his best arrangement meeting the shape, every card where
none does, R-IND-09). The exact search is the solver's; this stage hands it
the variant's meld rules, shape and hand values, and the deal's wild rank.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from rummykit.core.cards import Card
from rummykit.variant.model import Variant

__all__ = ["ShowJudge", "show_judge"]


@attrs.frozen(slots=True)
class ShowJudge:
    """The show judge of one variant (see the module)."""

    variant: Variant = attrs.field(eq=False, repr=False)

    @staticmethod
    def is_wild(card: Card, wild_rank: int | None) -> bool:
        """Is ``card`` a joker in a deal with ``wild_rank``: printed, or of that rank?"""
        return card.is_joker or (wild_rank is not None and card.rank == wild_rank)

    def valid(self, hand: Sequence[Card], wild_rank: int | None) -> bool:
        """Is a declaration showing ``hand`` valid under ``wild_rank``?"""
        raise NotImplementedError

    def loser_count(self, hand: Sequence[Card], wild_rank: int | None) -> int:
        """What ``hand`` counts for a loser at someone else's valid show (before any cap)."""
        raise NotImplementedError


def show_judge(variant: Variant) -> ShowJudge:
    """The show judge of ``variant``."""
    return ShowJudge(variant)
