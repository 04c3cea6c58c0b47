"""Rounds drawn by repetition: ``draw.max_upcard_takes`` and
``draw.repeat_take_discard_draws`` turn into behaviour here (R-GIN-05, 06).

>>> from rummykit.variant.model import load_variant
>>> gin = load_variant("gin")
>>> take_limit_reached(gin, 49), take_limit_reached(gin, 48)
(True, False)
>>> repeat_ends_round(gin, repeated_before=True, repeats_now=True)
True
"""

from __future__ import annotations

from rummykit.rules.wall import at_wall
from rummykit.variant.model import Variant

__all__ = ["counts_takes", "repeat_draws", "repeat_ends_round", "take_ends_round_now", "take_limit_reached"]


def counts_takes(variant: Variant) -> bool:
    """Are the takes of the draw phase counted toward a limit?"""
    return variant.draw.max_upcard_takes > 0


def repeat_draws(variant: Variant) -> bool:
    """Can a repeated take-and-discard draw the round?"""
    return variant.draw.repeat_take_discard_draws


def take_limit_reached(variant: Variant, takes_before: int) -> bool:
    """Does the next take of the upcard, after ``takes_before`` of them in the
    draw phase, end the round as a draw (before the card moves)?"""
    limit = variant.draw.max_upcard_takes
    return limit > 0 and takes_before + 1 >= limit


def take_ends_round_now(variant: Variant, stock_size: int, takes_before: int) -> bool:
    """Does a take of the draw phase end the round before the card moves
    (R-GIN-06): the take limit reached, away from the wall (at the wall the
    takes are not counted)? The engine's take and the deep take's check both
    ask this."""
    return not at_wall(variant, stock_size) and take_limit_reached(variant, takes_before)


def repeat_ends_round(variant: Variant, *, repeated_before: bool, repeats_now: bool) -> bool:
    """Does a turn that took the upcard and discarded it (``repeats_now``),
    right after another such turn, end the round as a draw?"""
    return variant.draw.repeat_take_discard_draws and repeated_before and repeats_now
