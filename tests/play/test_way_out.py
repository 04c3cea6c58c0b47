"""way_out, and GreedyBot's use of it once it has given up its plan."""

from __future__ import annotations

import pytest

import rummykit as rk
from rummykit.play.bots import GreedyBot
from rummykit.play.way_out import way_out

HANDROMI_DROPS = (
    '[meta]\nid = "handromi_drop"\nname = "Handromi with drops"\nextends = "handromi"\n'
    "[drop]\nallowed = true\nfirst = 1\nmiddle = 1000\n"
)


def test_greedy_ends_a_turn_it_could_only_lay_and_take_back_at_random() -> None:
    """An audit's six GreedyBots on handromi with drops: at turn 44 seat 3
    laid Jd off and took it back until a 3,000-move cap, where undo, meld
    Jd Qd JK, meld 2s 3s 4s 6s JK and discard 2h end the turn. The round
    now ends."""
    variant = rk.loads_variant(HANDROMI_DROPS)
    state = rk.Match.start(variant, players=6).deal_next(seed=1093)
    bots = [GreedyBot(variant, seed=1093 + seat) for seat in range(6)]
    for _ in range(3000):
        if state.result is not None:
            break
        state = state.apply(bots[state.to_move].choose(state.view(state.to_move)))
    assert state.result is not None


def test_a_way_out_is_legal_and_ends_the_turn() -> None:
    variant = rk.load_variant("handromi")
    state = rk.deal(variant, players=2, seed=3)
    while state.phase != "play":
        state = state.apply(GreedyBot(variant, seed=1).choose(state.view(state.to_move)))
    path = way_out(state.view(state.to_move), variant)
    assert path
    start = state.turns_played
    for move in path:
        assert move in state.legal_moves()
        state = state.apply(move)
    assert state.turns_played != start or state.result is not None


def test_a_way_out_is_the_mover_s() -> None:
    state = rk.deal(rk.load_variant("rami51"), players=2, seed=1)
    with pytest.raises(ValueError, match="seat to move"):
        way_out(state.view(1 - state.to_move), rk.load_variant("rami51"))


def test_no_way_out_is_looked_for_where_the_round_cannot_be_rebuilt() -> None:
    """Once a seat of Indian Rummy is out of the deal, no round is rebuilt
    from the view: way_out answers None (GreedyBot then plays a random move)
    where it raised the rebuilder's ValueError."""
    state = rk.deal("indian", players=3, seed=0).apply("drop").apply("draw")
    view = state.view(state.to_move)
    assert view.dropped and view.phase == "play"
    assert way_out(view, state.variant) is None
