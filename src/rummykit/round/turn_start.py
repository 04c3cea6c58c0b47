"""The start of a turn (the stock check of R-ALL-08: a reshuffle, or the
discards turned over unshuffled, R-RUM-10; or a blocked round) and a round
that ends without anyone going out.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rummykit.core.round_values import Ending, Turn
from rummykit.round.round_scoring import round_result
from rummykit.round.shuffling import rng_for, shuffle
from rummykit.rules.show_scoring import DealFacts

if TYPE_CHECKING:
    from rummykit.round.state import RoundState

__all__ = ["NO_TURN", "blocked_round", "deal_facts", "start_next_turn", "start_turn"]


NO_TURN = Turn()  # turns are values: the fresh turn, made once


def start_turn(state: RoundState) -> RoundState:
    """Begin the turn of ``state.to_move``: the stock check of R-ALL-08."""
    return start_next_turn(state.evolve(phase="draw", turn=NO_TURN))


def start_next_turn(fresh: RoundState) -> RoundState:
    """start_turn for ``fresh``, a state already in the draw phase with a
    fresh turn (the end of a turn makes it in one copy with its own changes:
    the hands, the discard, the next seat)."""
    going_out = fresh.rules.going_out
    if fresh.stock or not going_out.stock_runs_out():
        return fresh
    if not going_out.reshuffle_allowed(fresh.reshuffles, len(fresh.discard)):
        return blocked_round(fresh, "blocked")
    if going_out.refill_is_shuffled():
        rng = rng_for(fresh.seed, 1 + fresh.reshuffles) if fresh.seed is not None else rng_for(None)
        stock = shuffle(fresh.discard[:-1], rng)
    else:  # turned over: the oldest discard becomes the top of the stock (R-RUM-10)
        stock = fresh.discard[:-1]
    return fresh.evolve(stock=stock, discard=fresh.discard[-1:], reshuffles=fresh.reshuffles + 1)


def blocked_round(state: RoundState, ending: Ending) -> RoundState:
    """The round ends with nobody out (``blocked``, ``turn_cap``)."""
    facts = deal_facts(state)
    result = round_result(
        state.rules.variant, state.hands, state.table, state.opened, ending, None, state.indicator, facts
    )
    return state.evolve(phase="over", result=result, turn=Turn())


def deal_facts(state: RoundState) -> DealFacts:
    """What a deal's score reads beside the hands (:class:`DealFacts`):
    the seats out, the deal's wild rank, the seat to move."""
    return DealFacts(state.dropped, state.rules.deal.indicator.wild_rank(state.indicator), state.to_move)
