"""rummykit.round.move_log: the public log goes into each state as the state
is made (through the engine's own copy, or a copy of the engine's state),
and is the same whether a move is given as an object or as text."""

from __future__ import annotations

import random

import pytest

import rummykit as rk
from rummykit.core.moves import Buy
from rummykit.core.round_values import LOG_SIZE
from rummykit.round.engine import apply_move
from rummykit.round.move_log import apply_logged, public_entry

VARIANTS = ["gin", "rami51", "contract", "handromi"]


@pytest.mark.parametrize("ref", VARIANTS)
def test_objects_and_text_make_the_same_log(ref: str) -> None:
    """A playout by move objects and the same playout by text (with the seat
    written, as a client sends it) keep the same log, the last LOG_SIZE
    entries, each the move as public_entry writes it."""
    chooser = random.Random(7)
    state = by_text = rk.deal(rk.load_variant(ref), players=2 if ref == "gin" else 3, seed=11)
    entries: list[str] = []
    for _ in range(120):
        if state.is_over:
            break
        move = chooser.choice(state.legal_moves())
        entries.append(public_entry(state, move, None))
        state = state.apply(move)
        by_text = by_text.apply(f"{by_text.to_move}: {move}")
        assert state.log == by_text.log == tuple(entries[-LOG_SIZE:])
        assert state == by_text
    assert len(entries) > LOG_SIZE


def test_a_buy_is_logged_under_the_seat_that_buys() -> None:
    """A buy (a move object, or text) is copied with its entry, the buyer's."""
    chooser = random.Random(5)
    state = rk.deal(rk.load_variant("contract"), players=3, seed=5)
    bought = 0
    while not state.is_over and bought < 3:
        others = [seat for seat in range(3) if seat != state.to_move]
        buyer = next((seat for seat in others if Buy() in state.legal_moves(seat)), None)
        if buyer is None:
            state = state.apply(chooser.choice(state.legal_moves()))
            continue
        after = state.apply(Buy(), seat=buyer)
        assert after.log == (*state.log[-(LOG_SIZE - 1) :], f"{buyer}: buy")
        assert state.apply(f"{buyer}: buy").log == after.log
        state, bought = after, bought + 1
    assert bought == 3


@pytest.mark.parametrize("ref", VARIANTS)
def test_the_engine_puts_the_log_it_is_given_into_the_state_after_any_move(ref: str) -> None:
    """Through the draw's, the take's and the discard's own copies, or by a
    copy of the state of any other move: the log given, the very object."""
    chooser = random.Random(3)
    state = rk.deal(rk.load_variant(ref), players=2 if ref == "gin" else 3, seed=21)
    kinds = set()
    for number in range(150):
        if state.is_over:
            break
        move = chooser.choice(state.legal_moves())
        log = (f"entry {number}",)
        after = apply_move(state, move, None, log)
        assert after.log is log
        assert apply_move(state, move).log is state.log  # no log given: the state's own
        assert after == apply_move(state, move) and after == apply_logged(state, move)
        kinds.add(type(move).__name__)
        state = after
    assert "Discard" in kinds and kinds & {"Draw", "Take"} and kinds - {"Discard", "Draw", "Take"}
