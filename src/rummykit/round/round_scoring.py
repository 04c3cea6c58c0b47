"""Round scores: the variant's round-scoring stage
(:mod:`rummykit.rules.scoring`) does the work; these functions keep the
engine's calls as they were.
"""

from __future__ import annotations

from collections.abc import Sequence

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
) -> RoundResult:
    """Score a finished round. ``winner`` is the seat that went out (None when
    the round was blocked or hit the turn cap)."""
    return rules_of(variant).scoring.score(hands, table, opened, ending, winner)
