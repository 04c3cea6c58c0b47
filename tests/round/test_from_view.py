"""A round rebuilt from a seat's view and the real hidden cards
(rummykit.round.from_view) lists the same moves as the real round."""

from __future__ import annotations

import random

import pytest

import rummykit as rk
from rummykit.core.moves import Move, Take, Undo
from rummykit.play.bots import GreedyBot
from rummykit.round.from_view import state_from_view, unseen_cards
from rummykit.round.state import RoundState

VARIANTS = [("gin", 2), ("rami51", 2), ("rami51", 3), ("contract", 3), ("rummy", 2), ("romme", 3),
            ("kalooki", 2)]  # fmt: skip


def rebuilt(state: RoundState) -> RoundState:
    seat = state.to_move
    view = state.view(seat)
    buried = state.discard[: len(state.discard) - len(view.discards)]
    return state_from_view(
        view, state.variant, hands=state.hands, stock=state.stock, buried=buried,
        knock_card=state.knocking.knock_card if view.knock.knock_card is None else None,
    )  # fmt: skip


def rebuildable(state: RoundState) -> bool:
    """Is ``state`` one the view shows whole: no seat out, no buy open, and
    nothing laid or swapped yet this turn (docs: a view does not say what)?"""
    view = state.view(state.to_move)
    turn = state.turn
    laid = any(t.tentative for t in view.table) or turn.laid_off or turn.swaps
    return not (view.dropped or state.buy_window or laid)


def without_undo(state: RoundState) -> list[Move]:
    """The legal moves but ``undo`` (a rebuilt round has nothing to take back)."""
    return [m for m in state.legal_moves() if not isinstance(m, Undo)]


@pytest.mark.parametrize(("variant_id", "players"), VARIANTS)
def test_rebuilt_rounds_list_the_same_moves(variant_id: str, players: int) -> None:
    """At every decision of greedy rounds where nothing was laid this turn
    yet, the rebuilt round lists the real round's moves (but ``undo``), and
    so does the round after a random one of them."""
    variant = rk.load_variant(variant_id)
    checked = 0
    for seed in range(3):
        state = rk.deal(variant, players=players, seed=seed)
        bot = GreedyBot(variant, seed=seed)
        rng = random.Random(seed)
        while state.phase != "over" and checked < 400:
            view = state.view(state.to_move)
            if rebuildable(state):
                again = rebuilt(state)
                assert without_undo(again) == without_undo(state)
                move = rng.choice(without_undo(state))
                assert without_undo(again.apply(move)) == without_undo(state.apply(move))
                checked += 1
            state = state.apply(bot.choose(view))
    assert checked > 20


def test_wrong_hidden_cards_are_refused() -> None:
    state = rk.deal(rk.load_variant("gin"), players=2, seed=1)
    view = state.view(0)
    with pytest.raises(ValueError, match="not the cards the view does not show"):
        state_from_view(view, state.variant, hands=state.hands, stock=state.stock[1:])
    with pytest.raises(ValueError, match="view's seat holding its own"):
        state_from_view(view, state.variant, hands=state.hands[::-1], stock=state.stock)
    with pytest.raises(ValueError, match="spectator"):
        state_from_view(state.view(None), state.variant, hands=state.hands, stock=state.stock)


def test_unseen_cards_are_the_hidden_ones() -> None:
    state = rk.deal(rk.load_variant("rami51"), players=3, seed=2)
    unseen = unseen_cards(state.view(1), state.variant)
    hidden = [*state.hands[0], *state.hands[2], *state.stock, *state.discard[:-1]]
    assert sorted(unseen.elements(), key=str) == sorted(hidden, key=str)


@pytest.mark.parametrize("variant_id", ["handromi", "kalooki"])  # both owe a taken card at times
def test_a_rebuilt_turn_owes_the_taken_card_as_the_real_one_does(variant_id: str) -> None:
    """After a take, at every step of the turn (melds laid this turn too),
    the rebuilt turn owes the taken card to the table exactly when the real
    one does: the view's opened flags are the turn start's, so a seat that
    opened before this turn and lays more melds is still one that had opened."""
    variant = rk.load_variant(variant_id)
    compared = {True: 0, False: 0}
    for seed in range(12):
        state = rk.deal(variant, players=2, seed=seed)
        bot = GreedyBot(variant, seed=seed)
        while state.phase != "over":
            view = state.view(state.to_move)
            if state.phase == "play" and view.taken is not None and not view.dropped and not state.buy_window:
                again = rebuilt(state)
                assert again.turn.must_use_taken == state.turn.must_use_taken
                compared[state.turn.must_use_taken] += 1
            state = state.apply(bot.choose(view))
    assert compared[True] and compared[False]


@pytest.mark.parametrize("variant_id", ["rummy500", "roemie"])
def test_after_a_deep_take_the_rebuilt_round_owes_the_chosen_card(variant_id: str) -> None:
    """Random rounds with deep takes: after each, the view shows the chosen
    card (public: everyone saw it taken), and the rebuilt round lists the
    real round's moves, the discards that would leave it unlaid refused too."""
    variant = rk.load_variant(variant_id)
    checked = 0
    for seed in range(40):
        state = rk.deal(variant, players=2, seed=seed)
        rng = random.Random(seed)
        for _ in range(200):  # random rounds run long: a few deep takes from each
            if state.phase == "over" or checked >= 30:
                break
            moves = state.legal_moves()
            deep = [m for m in moves if isinstance(m, Take) and m.depth > 1]
            move = rng.choice(deep or without_undo(state) or moves)
            after = state.apply(move)
            if move in deep and after.phase == "play":
                view = after.view(after.to_move)
                assert view.chosen == after.turn.chosen is not None
                assert without_undo(rebuilt(after)) == without_undo(after)
                checked += 1
            state = after
    assert checked >= 30
