"""The show judge of a variant with a declaration (``[declare]``): whether a
hand shown at a declaration is valid (every card in groups meeting
``declare.shape``, R-IND-07), and a loser's count at someone else's show
(the cards outside his best arrangement meeting
``scoring.loser_count.shape``, every card where none does, R-IND-09). The
exact search is the solver's (:func:`rummykit.solver.show.judge_show`);
this stage hands it the variant's meld rules, shapes and hand values, and
the deal's wild rank, and remembers its judgements in the variant's memo.

>>> from rummykit.core.cards import parse_cards
>>> from rummykit.variant.model import load_variant
>>> judge = show_judge(load_variant("indian"))
>>> judge.loser_count(parse_cards("3c 4c 5c 6h JK 8h Kd Qs 2d 7s 4d Ts Jh"), 9)
47
>>> judge.valid(parse_cards("2h 3h 4h 5s 6s 7s 8d 8c 8h Kc Kd Ks Qd"), 9)
False
>>> judge.valid(parse_cards("2h 3h 4h 5s 6s 7s 8d 8c 8h Kc Kd Ks 9d"), 9)
True
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from rummykit.core.cards import JOKER_CODE, Card
from rummykit.core.meld_shape import MeldShape
from rummykit.solver.show import Show, judge_show
from rummykit.speed.memo import MemoTable
from rummykit.variant.model import Variant

__all__ = ["ShowJudge", "show_judge"]


@attrs.frozen(slots=True)
class ShowJudge:
    """The show judge of one variant (see the module): ``shape`` is what a
    valid declaration needs, ``loser_shape`` what a loser's arrangement needs
    for his count to leave cards out."""

    variant: Variant = attrs.field(eq=False, repr=False)
    shape: MeldShape
    loser_shape: MeldShape

    @staticmethod
    def is_wild(card: Card, wild_rank: int | None) -> bool:
        """Is ``card`` a joker in a deal with ``wild_rank``: printed, or of that rank?"""
        return card.code == JOKER_CODE or (wild_rank is not None and card.rank == wild_rank)

    def judged(self, hand: Sequence[Card], shape: MeldShape, wild_rank: int | None) -> Show:
        """The solver's judgement of ``hand`` (faces) under ``shape`` in a
        deal with ``wild_rank`` (remembered per hand)."""
        key = (tuple(sorted(card.code for card in hand)), shape is self.shape, wild_rank)
        memo = _SHOWS.of(self.variant)
        found = memo.get(key)
        if found is None:
            variant = self.variant
            found = judge_show(variant.meld_rules, hand, shape, variant.values.hand, wild_rank)
            memo[key] = found
        return found

    def valid(self, hand: Sequence[Card], wild_rank: int | None) -> bool:
        """Is a declaration showing ``hand`` valid under ``wild_rank``?"""
        return self.judged(hand, self.shape, wild_rank).valid

    def loser_count(self, hand: Sequence[Card], wild_rank: int | None) -> int:
        """What ``hand`` counts for a loser at someone else's valid show (before any cap)."""
        return self.judged(hand, self.loser_shape, wild_rank).count


_SHOWS: MemoTable[tuple[tuple[int, ...], bool, int | None], Show] = MemoTable("rules.shows", limit=20_000)
"""Judged hands of a variant (the bots ask the same hands again and again):
by the hand's card codes, whether the declaration's shape (else the
losers'), and the wild rank."""


def show_judge(variant: Variant) -> ShowJudge:
    """The show judge of ``variant``."""
    shape = variant.declare.shape
    loser_shape = variant.scoring.loser_count.shape
    return ShowJudge(variant, shape, shape if loser_shape is None else loser_shape)
