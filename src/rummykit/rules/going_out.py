"""Going out and the end of the stock: the last discard, whether a hand can
be laid down this turn, reshuffles and the turn cap.

Every ``going_out.*`` and ``stock_exhausted.*`` key turns into behaviour
here (``stock_exhausted.blocked_winner`` is round scoring's); the engine, the
bots and the invariant checks ask these functions.

>>> from rummykit.variant import load_variant
>>> final_discard_required(load_variant("romme51")), final_discard_required(load_variant("rami51"))
(True, False)
"""

from __future__ import annotations

from collections.abc import Sequence

from rummykit.cards import Card
from rummykit.melds import Meld
from rummykit.rules.draw import draws_from_stock
from rummykit.rules.opening import opening_needed_to_go_out
from rummykit.rules.table import layoff_while_going_out
from rummykit.solver import GoOutPlan, can_go_out
from rummykit.variant import Variant

__all__ = [
    "final_discard_required",
    "going_out_plan",
    "max_reshuffles",
    "reshuffle_allowed",
    "stock_runs_out",
    "turn_cap",
    "turn_cap_reached",
]


def final_discard_required(variant: Variant) -> bool:
    """Must the round end with a discard (``out`` with an empty hand refused)?"""
    return variant.going_out.final_discard == "required"


def going_out_plan(
    variant: Variant,
    hand: Sequence[Card],
    *,
    table: Sequence[Meld],
    opened: bool,
    not_discardable: Sequence[Card] = (),
) -> GoOutPlan | None:
    """How the whole hand can be laid down this turn, or None: lay-offs onto
    ``table`` only where the mover may lay off while going out, the opening
    rules unless a hand rummy waives them (``opened``: before this turn)."""
    usable = table if layoff_while_going_out(variant, opened=opened) else ()
    return can_go_out(
        variant,
        hand,
        table=usable,
        keep_discard=True if final_discard_required(variant) else None,
        must_open=opening_needed_to_go_out(variant, opened=opened),
        not_discardable=not_discardable,
    )


def stock_runs_out(variant: Variant) -> bool:
    """Can an empty stock end or reshuffle the round (only where the stock is drawn)?"""
    return draws_from_stock(variant)


def max_reshuffles(variant: Variant) -> int:
    """The most reshuffles of the discards into a new stock in one round."""
    return variant.stock_exhausted.max_reshuffles


def reshuffle_allowed(variant: Variant, reshuffles: int, discard_size: int) -> bool:
    """R-ALL-08: may the discards (but the top one) become the new stock?"""
    return reshuffles < variant.stock_exhausted.max_reshuffles and discard_size >= 2


def turn_cap(variant: Variant) -> int:
    """The number of turns after which a round ends blocked."""
    return variant.stock_exhausted.turn_cap


def turn_cap_reached(variant: Variant, turns_played: int) -> bool:
    return turns_played >= variant.stock_exhausted.turn_cap
