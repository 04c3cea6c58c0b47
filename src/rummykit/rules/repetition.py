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

from rummykit.variant.model import Variant

__all__ = ["counts_takes", "repeat_draws", "repeat_ends_round", "take_limit_reached"]


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


def repeat_ends_round(variant: Variant, *, repeated_before: bool, repeats_now: bool) -> bool:
    """Does a turn that took the upcard and discarded it (``repeats_now``),
    right after another such turn, end the round as a draw?"""
    return variant.draw.repeat_take_discard_draws and repeated_before and repeats_now
