"""Round scores: the variant's round-scoring stage
(:mod:`rummykit.rules.scoring`) does the work; these functions keep the
engine's calls as they were. The deal's indicator card may multiply the
round scores (``deal.indicator.multiplier``, :mod:`rummykit.rules.indicator`).
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from rummykit.core.cards import Card
from rummykit.core.round_values import Ending, RoundResult, TableMeld
from rummykit.rules.rule_set import rules_of
from rummykit.variant.model import Variant

__all__ = ["round_result", "table_points"]


def table_points(variant: Variant, table: Sequence[TableMeld], seat: int) -> int:
    """The table value of every card ``seat`` placed (R-ROE-14)."""
    return rules_of(variant).scoring.table_points(table, seat)


def round_result(
    variant: Variant,
    hands: Sequence[Sequence[Card]],
    table: Sequence[TableMeld],
    opened: Sequence[bool],
    ending: Ending,
    winner: int | None,
    indicator: Card | None = None,
) -> RoundResult:
    """Score a finished round. ``winner`` is the seat that went out (None when
    the round was blocked or hit the turn cap); ``indicator`` is the deal's
    indicator card, whose suit may multiply every round score, bonuses
    included (a round that scores nothing stays at nothing)."""
    rules = rules_of(variant)
    result = rules.scoring.score(hands, table, opened, ending, winner)
    factor = rules.deal.indicator.factor(indicator)
    if factor == 1:
        return result
    return attrs.evolve(result, scores=tuple(score * factor for score in result.scores))
