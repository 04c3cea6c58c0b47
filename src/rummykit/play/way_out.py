"""A way to end a turn: the fewest legal moves from a seat's view to the end
of its turn (a discard, going out, a knock), found breadth first.

A bot that has given up its own plan for the turn (its melds refused at
the commit, say, and taken back) asks it rather than trying moves at
random, which could lay and take back the same cards for ever. Only the
seat's own cards and the table matter within a turn, so the search plays on
a round rebuilt from the view, the hidden cards dealt at random
(:class:`rummykit.play.determinize.Determinizer`); it never reads the real
round's hidden cards. The rebuilt round holds none of the turn's moves so
far (a view does not show what may be taken back): ask it at the turn's
start, every move taken back, and play a move of the way only while the
real round lists it.

>>> import rummykit as rk
>>> variant = rk.load_variant("rami51")
>>> state = rk.deal(variant, players=2, seed=1).apply("draw")
>>> path = way_out(state.view(state.to_move), variant)
>>> len(path), str(path[-1]).split()[0]
(1, 'discard')
"""

from __future__ import annotations

import random

from rummykit.core.moves import Move
from rummykit.play.determinize import Determinizer
from rummykit.round.from_view import rebuildable
from rummykit.round.state import RoundState
from rummykit.round.views import PlayerView
from rummykit.variant.model import Variant

__all__ = ["WAY_OUT_STATES", "way_out"]

WAY_OUT_STATES = 2_000
"""How many states of the turn :func:`way_out` looks at before it gives up."""


def way_out(view: PlayerView, variant: Variant, *, states: int = WAY_OUT_STATES) -> list[Move] | None:
    """The fewest legal moves that end the turn of ``view``'s seat (the
    seat to move, in its play phase), or None where none is found among
    ``states`` states of the turn, or the round cannot be rebuilt from the
    view (a seat out of the deal: :func:`~rummykit.round.from_view.rebuildable`)."""
    if view.seat is None or view.seat != view.to_move:
        raise ValueError("a way out is looked for from the view of the seat to move")
    if not rebuildable(view):
        return None
    start = Determinizer(variant).sample(view, random.Random(0))
    seen = {_without_log(start)}
    frontier: list[tuple[RoundState, list[Move]]] = [(start, [])]
    while frontier:
        reached: list[tuple[RoundState, list[Move]]] = []
        for state, path in frontier:
            for move in state.legal_moves():
                after = state.apply(move)
                if _turn_over(start, after):
                    return [*path, move]
                key = _without_log(after)
                if key not in seen:
                    if len(seen) >= states:
                        return None
                    seen.add(key)
                    reached.append((after, [*path, move]))
        frontier = reached
    return None


def _turn_over(start: RoundState, after: RoundState) -> bool:
    """Has the turn begun in ``start`` ended in ``after``?"""
    return after.result is not None or after.turns_played != start.turns_played or after.phase != start.phase


def _without_log(state: RoundState) -> RoundState:
    """The state without its public log: two ways to one position meet."""
    return state.with_log(log=())
