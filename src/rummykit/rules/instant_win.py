"""The instant win at the deal (``deal.instant_win``, R-TNK-03): checked
once, right after the deal and before the first turn, on every hand. A
hand whose count (``values.hand``, every card) is one of ``points`` wins
the deal at once (ending ``"tonk_deal"``); two or more such hands void it
(``"deal_void"``, everyone 0) or share the win (``several = "share"``).
The round asks it when a round is dealt (``round/deal_check.py``), and a
position with ``deal_check = true`` when it is set up.

>>> from rummykit.core.cards import parse_cards
>>> from rummykit.variant.model import load_variant
>>> from rummykit.rules.rule_set import rules_of
>>> rule = rules_of(load_variant("tonk")).instant_win
>>> hands = [parse_cards("Kc Kd Ks Kh 9c"), parse_cards("2c 3c 4c 5d 6d")]
>>> rule.seats(hands), rule.ending(rule.seats(hands))
((0,), 'tonk_deal')
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from rummykit.core.cards import Card
from rummykit.core.round_values import Ending
from rummykit.variant.model import Variant

__all__ = ["InstantWinRule", "instant_win_stage"]


@attrs.frozen(slots=True)
class InstantWinRule:
    """The counts that win at the deal, and what several such hands do."""

    penalties: tuple[int, ...] = attrs.field(repr=False)  # by card code: a card's count
    points: frozenset[int]
    share: bool  # several such hands share the win (else the deal is void)

    def seats(self, hands: Sequence[Sequence[Card]]) -> tuple[int, ...]:
        """The seats whose hand counts one of the winning counts."""
        penalty = self.penalties
        return tuple(
            seat for seat, hand in enumerate(hands) if sum(penalty[c.code] for c in hand) in self.points
        )

    def ending(self, seats: Sequence[int]) -> Ending | None:
        """How the deal ends with these winning seats: None (play goes on),
        ``"tonk_deal"`` (one seat, or several that share), ``"deal_void"``."""
        if not seats:
            return None
        return "tonk_deal" if len(seats) == 1 or self.share else "deal_void"


def instant_win_stage(variant: Variant) -> InstantWinRule | None:
    """The instant win of ``variant``, or None where it has none."""
    instant = variant.deal.instant_win
    if instant is None:
        return None
    return InstantWinRule(variant.hand_penalties, frozenset(instant.points), instant.several == "share")
