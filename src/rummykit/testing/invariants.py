"""Invariants every round state keeps, and seeded random playouts."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

from rummykit.core.cards import Card, code_order
from rummykit.core.meld_judge import judge_meld
from rummykit.core.meld_model import Meld
from rummykit.core.moves import Move
from rummykit.round.state import RoundState
from rummykit.rules.rule_set import rules_of

__all__ = ["check_invariants", "choose_random_move", "random_buy", "random_playout"]


def check_invariants(state: RoundState) -> None:
    """Raise AssertionError if ``state`` breaks an invariant of the engine."""
    variant = state.variant
    have = Counter(state.all_cards())
    band = variant.deck_band(state.players)
    decks = [Counter(variant.deck_for(state.players, j)) for j in (band.jokers, *band.joker_options)]
    if have not in decks:
        raise AssertionError(f"cards are not conserved: {have - decks[0]} extra, {decks[0] - have} missing")
    _require(0 <= state.to_move < state.players, "the seat to move is out of range")
    _require(
        len(state.opened) == state.players == len(state.hands), "a seat without a hand or an opened flag"
    )
    for hand in state.hands:
        _require(all(c.declared is None for c in hand), "a hand holds a declared joker")
        _require(list(hand) == sorted(hand, key=code_order), "a hand is not in canonical order")
    for entry in state.table:
        meld = entry.meld
        _require(
            isinstance(meld, Meld) and len(entry.credits) == len(meld), "a table meld and its credits differ"
        )
        again = judge_meld(
            variant.meld_rules, [s.card if not s.is_joker else _declared(s) for s in meld.slots]
        )
        if not isinstance(again, Meld):
            raise AssertionError(f"an invalid meld lies on the table: {meld.notation()}")
    if state.phase == "over":
        _require(
            state.result is not None and len(state.result.scores) == state.players,
            "a round over without a score for every seat",
        )
    else:
        _require(state.result is None, "a round in play has a result")
    _require(state.turns_played <= rules_of(variant).going_out.turn_cap(), "more turns than the cap")
    _require(state.reshuffles <= rules_of(variant).going_out.max_reshuffles(), "more reshuffles than allowed")


def _require(condition: bool, message: str) -> None:
    """An invariant's check: a plain assert would vanish under python -O."""
    if not condition:
        raise AssertionError(message)


def _declared(slot: object) -> Card:
    target = slot.stands_for  # type: ignore[attr-defined]
    card: Card = slot.card  # type: ignore[attr-defined]
    return card.standing_for(target) if target is not None else card


def random_playout(state: RoundState, rng: random.Random, *, max_moves: int = 5000) -> Iterator[RoundState]:
    """Play uniformly random legal moves until the round ends, yielding every
    state; stops after ``max_moves``."""
    yield state
    for _ in range(max_moves):
        if state.phase == "over":
            return
        buy = random_buy(state, rng)
        state = state.apply(buy if buy is not None else choose_random_move(state, rng))
        yield state


def random_buy(state: RoundState, rng: random.Random) -> str | None:
    """While the buy window is open (R-CON-10), half the time a random seat
    that may buy does: its move text (``"2: buy"``); else None. Draws from
    ``rng`` only while a window is open, so rounds of variants without
    buying play as before."""
    if not state.buy_window or state.phase != "play":
        return None
    buyers = [seat for seat in range(state.players) if state.legal_moves(seat) and seat != state.to_move]
    if not buyers or rng.random() < 0.5:
        return None
    return f"{rng.choice(buyers)}: buy"


def choose_random_move(state: RoundState, rng: random.Random) -> Move:
    """A random legal move: a kind of move (draw, take, meld, lay-off, swap,
    discard, undo …) uniformly, then one move of that kind, so that rounds move
    on instead of trying one meld after another."""
    legal = state.legal_moves()
    _require(bool(legal), "a live round must always have a legal move")
    kinds: dict[type, list[Move]] = {}
    for move in legal:
        kinds.setdefault(type(move), []).append(move)
    group = kinds[rng.choice(sorted(kinds, key=lambda k: k.__name__))]
    return rng.choice(group)
