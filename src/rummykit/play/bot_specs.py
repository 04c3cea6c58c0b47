"""Bots named by a specification: ``greedy``, ``random``, or a search bot
with its level and budget.

A specification is one of:

- ``random``, ``greedy``: :class:`~rummykit.play.bots.RandomBot`, :class:`~rummykit.play.bots.GreedyBot`;
- ``search``, ``search-easy``, ``search-medium``, ``search-hard``: a
  :class:`~rummykit.play.search_bot.SearchBot` at that level, the race to
  the knock alone, or where a round is won by going out
  :class:`~rummykit.play.shedding.ShedBot`'s moves (``search`` is ``search-medium``);
- any of these search forms with a budget of rollouts after a colon, on
  top of the level's race: ``search:500it`` (500 rollouts a decision:
  deterministic) or ``search:200ms`` (as many rollouts as fit in 200 ms a
  decision: not deterministic), e.g. ``search-hard:1000ms``. Where a round
  is won by going out the budget does nothing (ShedBot's moves, no
  rollouts, no clock) and ``search-hard`` plays as ``search-medium``
  (:data:`~rummykit.play.search_bot.LEVELS`).

>>> check_bot_spec("search:200ms")
>>> BOT_FORMS.split(", ")[-3:]
['search-hard', 'search:<N>it (N from 1 to 1000000)', 'search:<N>ms (N from 1 to 60000)']
>>> check_bot_spec("search:fast")
Traceback (most recent call last):
...
ValueError: unknown bot 'search:fast' (accepted: random, greedy, search, ...)
>>> import rummykit as rk
>>> type(bot_from_spec("search-easy", rk.load_variant("gin"), seed=1)).__name__
'SearchBot'
"""

from __future__ import annotations

import re

import attrs

from rummykit.play.bots import BOTS, Bot
from rummykit.play.search_bot import LEVELS, SearchBot, SearchSettings
from rummykit.variant.model import Variant

__all__ = ["BOT_FORMS", "NAMED_BOTS", "bot_from_spec", "check_bot_spec", "search_settings"]

NAMED_BOTS = (*BOTS, "search", *(f"search-{level}" for level in LEVELS))
"""The bots by name alone, without a budget (what ``rummykit serve`` offers)."""

_SEARCH = re.compile(r"search(?:-(?P<level>[a-z]+))?(?::(?P<amount>[0-9]{1,7})(?P<unit>it|ms))?")
MAX_ROLLOUTS = 1_000_000
MAX_MILLISECONDS = 60_000

BOT_FORMS = ", ".join(
    [
        *NAMED_BOTS,
        f"search:<N>it (N from 1 to {MAX_ROLLOUTS})",
        f"search:<N>ms (N from 1 to {MAX_MILLISECONDS})",
    ]
)
"""The accepted bot specifications, as error messages and help texts name them."""


def search_settings(spec: str) -> SearchSettings | None:
    """The search settings ``spec`` names, None if it names no search bot
    (or names too big a budget)."""
    found = _SEARCH.fullmatch(spec)
    if found is None or (found["level"] is not None and found["level"] not in LEVELS):
        return None
    settings = LEVELS[found["level"] or "medium"]
    if found["amount"] is None:
        return settings
    amount = int(found["amount"])
    if found["unit"] == "it":
        return attrs.evolve(settings, iterations=amount) if 1 <= amount <= MAX_ROLLOUTS else None
    if not 1 <= amount <= MAX_MILLISECONDS:
        return None
    return attrs.evolve(settings, seconds=amount / 1000, iterations=MAX_ROLLOUTS)


def check_bot_spec(spec: str) -> None:
    """ValueError, naming the accepted forms, unless ``spec`` names a bot."""
    if spec not in BOTS and search_settings(spec) is None:
        raise ValueError(f"unknown bot {spec!r} (accepted: {BOT_FORMS})")


def bot_from_spec(spec: str, variant: Variant, seed: int | None = None) -> Bot:
    """The bot ``spec`` names, for ``variant``, seeded."""
    check_bot_spec(spec)
    settings = search_settings(spec)
    if settings is not None:
        return SearchBot(variant, seed=seed, settings=settings)
    return BOTS[spec](variant, seed=seed)  # type: ignore[no-any-return]
