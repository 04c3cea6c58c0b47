"""The bots a served seat may be, and how the server makes one: the search
bot at its easy level only, with the server's own time budget a decision
(docs/serve.md, docs/bots.md).

>>> import rummykit as rk
>>> served_bot("search-easy", rk.load_variant("gin"), seed=1).settings.seconds == SERVED_SEARCH_SECONDS
True
"""

from __future__ import annotations

import attrs

from rummykit.play.bot_specs import bot_from_spec, search_settings
from rummykit.play.bots import BOTS, Bot
from rummykit.play.search_bot import SearchBot
from rummykit.variant.model import Variant

__all__ = ["SERVED_BOTS", "SERVED_SEARCH_SECONDS", "served_bot"]

SERVED_BOTS = (*BOTS, "search-easy")
"""The bots a served seat may be. Bots think in worker threads, but every
game's bots share the server's CPU, so the search bot is offered at its
easy level only, with a budget of :data:`SERVED_SEARCH_SECONDS` a
decision (a client chooses no budget)."""

SERVED_SEARCH_SECONDS = 0.2
"""The time budget of a served search bot's decision: its race and rollouts
stop there. Where a round is won by going out the bot plays by its shedding
count, which runs no clock (a served rami51 decision took at most 0.13 s)."""


def served_bot(name: str, variant: Variant, seed: int) -> Bot:
    """The bot of a served seat named ``name`` (one of :data:`SERVED_BOTS`):
    a search bot's budget is the server's time limit."""
    settings = search_settings(name)
    if settings is None:
        return bot_from_spec(name, variant, seed=seed)
    return SearchBot(variant, seed=seed, settings=attrs.evolve(settings, seconds=SERVED_SEARCH_SECONDS))
