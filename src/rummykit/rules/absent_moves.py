"""Moves a variant never has, refused as such in every phase (R-WLD-02):
after ``turn.round-over`` and ``turn.not-your-turn``, before the phase and
before any check of the move itself. ``drop`` and ``declare`` are asked
of their own checks (``rules/leaving_checks.py``); the others here, from
the same stages their checks ask.

>>> from rummykit.core.moves import Take
>>> from rummykit.variant.model import load_variant
>>> from rummykit.rules.rule_set import rules_of
>>> absent_move_refusal(rules_of(load_variant("gin")), Take(3)).code
'draw.discard-row'
>>> absent_move_refusal(rules_of(load_variant("roemie")), Take(3)) is None
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rummykit.core.errors import Refusal
from rummykit.core.moves import Draw, DrawExchange, Exchange, Move, Shift, SwapJoker, Take
from rummykit.rules.wild_shift import shift_refusal

if TYPE_CHECKING:  # the rule set holds the stages asked
    from rummykit.rules.rule_set import RuleSet

__all__ = ["absent_move_refusal"]


def absent_move_refusal(rules: RuleSet, move: Move) -> Refusal | None:
    """Why ``move`` never stands in this variant, whatever the phase; None
    where the variant has the move."""
    if isinstance(move, Take):
        return rules.draw.take_absent(move.depth)
    kind = type(move)
    if kind is Draw:
        return rules.draw.stock_draw_absent()
    if kind is Exchange:
        return rules.exchange_checks.forbidden
    if kind is DrawExchange:
        return rules.draw_exchange_checks.forbidden
    if kind is Shift or kind is SwapJoker:
        if rules.table_moves.meld.forbidden is not None:
            return None  # nobody melds during play: the phase's refusal comes first (R-IND-06)
        return shift_refusal(rules.variant) if kind is Shift else rules.table.swap_allowed_refusal()
    return None
