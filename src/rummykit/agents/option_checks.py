"""The kinds of value the environments' options and steps take: integers
(Python's or numpy's, a 0-d integer array too, never a bool) and real
numbers; and the check of :class:`~rummykit.agents.env.RummykitEnv`'s
options, which names the first of the wrong kind.

>>> is_integer(3), is_integer(True), is_integer(3.0), is_integer("3")
(True, False, False, False)
"""

from __future__ import annotations

import math
import numbers
import operator

__all__ = ["REWARDS", "check_env_options", "is_finite_number", "is_integer", "is_number"]

REWARDS = ("score", "win")
"""The reward schemes: ``score``, the round's (or match's) scores, signed so
that more is better; ``win``, +1 to each winner and -1 to every other seat."""

RENDER_MODES = (None, "ansi", "human")


def is_integer(value: object) -> bool:
    """Anything Python takes as an index (``operator.index``), but a bool
    (numpy's bools are no index either)."""
    if isinstance(value, bool):
        return False
    try:
        operator.index(value)  # type: ignore[arg-type]  # what is asked
    except TypeError:
        return False
    return True


def is_number(value: object) -> bool:
    """A real number (Python's, numpy's, a fraction), but a bool."""
    return is_integer(value) or (isinstance(value, numbers.Real) and not isinstance(value, bool))


def is_finite_number(value: object) -> bool:
    """A real number (:func:`is_number`) that is finite as a float (an
    integer too large for a float is not)."""
    if not is_number(value):
        return False
    try:
        return math.isfinite(value)  # type: ignore[arg-type]  # a real number
    except OverflowError:
        return False


def check_env_options(
    players: object, rewards: object, match: object, max_steps: object, render_mode: object
) -> None:
    """A ValueError naming the first of the environment's options of the wrong kind."""
    if not is_integer(players):
        raise ValueError(f"players must be an integer, not {players!r}")
    if rewards not in REWARDS:
        raise ValueError(f"rewards must be one of {', '.join(REWARDS)}, not {rewards!r}")
    if not isinstance(match, bool):
        raise ValueError(f"match must be True or False, not {match!r}")
    if not is_integer(max_steps) or operator.index(max_steps) < 1:  # type: ignore[arg-type]  # an integer
        raise ValueError(f"max_steps must be an integer of 1 or more, not {max_steps!r}")
    if render_mode not in RENDER_MODES:
        raise ValueError(f"render_mode must be ansi or human, not {render_mode!r}")
