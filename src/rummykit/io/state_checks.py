"""A loaded state's consistency: every card of the deck exactly once somewhere,
the turn, its steps and the result agreeing with the rules (:func:`check_state`)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING

from rummykit.core.cards import JOKER, Card, build_deck, code_order
from rummykit.core.round_values import RoundResult, Step, TableMeld, Turn
from rummykit.io.documents import (
    JSONError,
)
from rummykit.round.round_scoring import round_result
from rummykit.round.turn_start import deal_facts
from rummykit.rules.contract import deal_count

if TYPE_CHECKING:
    from rummykit.round.state import RoundState

__all__ = ["check_state", "oversized_hand"]


def check_state(state: RoundState) -> None:
    """What a loaded state must hold beyond its fields' types: every card once,
    a turn that fits the phase and the table, a result exactly when the round
    is over and equal to the round's scoring."""
    if state.exchange is not None and not state.rules.deal.exchange_card:
        raise JSONError("$.exchange", f"{state.variant.id} has no exchange card")
    if state.indicator is not None and state.rules.deal.indicator.card == "none":
        raise JSONError("$.indicator", f"{state.variant.id} has no indicator card")
    _check_cards(state)
    _check_hands(state)
    if state.deck and Counter(state.deck) != Counter(state.all_cards()):
        raise JSONError("$.deck", "expected the cards of the round (the deck it was dealt from)")
    if state.phase != "over" and state.rules.going_out.turn_cap_reached(state.turns_played):
        raise JSONError("$.turns_played", "the round ends when it reaches the turn cap")
    _check_turn(state)
    _check_result(state)
    _check_contract_keys(state)


def _check_contract_keys(state: RoundState) -> None:
    """A deal number only where the variant has contracts (one of its deals),
    buys only where it buys, and an open buy window only right after a draw
    from the stock (R-CON-10)."""
    deals = deal_count(state.variant)
    if state.deal_number > deals:
        raise JSONError("$.deal_number", f"expected a deal from 1 to {deals}" if deals else "no deal number")
    if state.buys and state.rules.buy is None:
        raise JSONError("$.buys", f"{state.variant.id} has no buying")
    turn = state.turn
    if state.buy_window and (state.phase != "play" or turn.source != "stock" or turn.steps):
        raise JSONError("$.buy_window", "expected a window only right after a draw from the stock")
    if state.buy_window and state.rules.buy is None:
        raise JSONError("$.buy_window", f"{state.variant.id} has no buying")


def _check_cards(state: RoundState) -> None:
    """Every card of the deck exactly once (a joker option may change the count);
    the deck is counted, never built, so no count can exhaust memory."""
    band = state.variant.deck_band(state.players)
    have = Counter(state.all_cards())
    jokers = have.pop(JOKER, 0)
    for card in sorted(have, key=code_order):
        if have[card] > band.decks:
            raise JSONError("$", f"more copies of {card} than the deck holds")
    for card in build_deck(1, 0):
        if have[card] < band.decks:
            raise JSONError("$", f"the card {card} is nowhere (every card must be somewhere)")
    allowed = (band.jokers, *band.joker_options)
    if jokers > max(allowed):
        raise JSONError("$", f"more copies of {JOKER} than the deck holds")
    if jokers not in allowed:
        raise JSONError("$", f"the card {JOKER} is nowhere (every card must be somewhere)")


def oversized_hand(
    hands: Sequence[Sequence[Card]], phase: str, to_move: int, most: int
) -> tuple[int, int] | None:
    """The first seat whose hand holds more cards than it can, with its
    bound, or None. ``most`` is the most a hand of the variant holds (the
    bound the solver holds hands to: the deal and the card a turn draws), so
    a hand holds at most ``most - 1`` but the hand of the seat to move in
    its play phase, which has drawn."""
    for seat, hand in enumerate(hands):
        bound = most if phase == "play" and seat == to_move else most - 1
        if len(hand) > bound:
            return seat, bound
    return None


def _check_hands(state: RoundState) -> None:
    """No hand holds more cards than it can (:func:`oversized_hand`); while
    the round is played (its draw and play phases), every seat still in
    holds a card, but the seat to move in its play phase (it may have laid
    its last cards before going out)."""
    oversized = oversized_hand(state.hands, state.phase, state.to_move, state.rules.hand.max_hand)
    if oversized is not None:
        seat, bound = oversized
        raise JSONError(
            f"$.hands[{seat}]",
            f"expected at most {bound} cards in the {state.phase} phase, got {len(state.hands[seat])}",
        )
    dropped = state.dropped
    for seat, hand in enumerate(state.hands):
        still_in = not (dropped and dropped[seat])
        may_be_empty = seat == state.to_move and state.phase == "play"
        if not hand and still_in and state.phase in ("draw", "play") and not may_be_empty:
            raise JSONError(f"$.hands[{seat}]", "expected a card: an empty hand ends the round")


def _table_faces(table: Sequence[TableMeld]) -> Counter[Card]:
    return Counter(c.face for t in table for c in t.meld.cards)


def _check_turn(state: RoundState) -> None:
    turn = state.turn
    if state.phase != "play":
        fresh = Turn(start_jokers=turn.start_jokers)
        if turn != fresh:
            raise JSONError(
                "$.turn", f"expected a turn with nothing drawn or played in the {state.phase} phase"
            )
        return
    for index in turn.new_melds:
        if state.table[index].owner != state.to_move:
            raise JSONError("$.turn.new_melds", f"meld {index} is not the mover's")
    cards = Counter(state.hands[state.to_move]) + _table_faces(state.table)
    _check_taken(state, cards)
    for i, step in enumerate(turn.steps):
        _check_step(state, step, f"$.turn.steps[{i}]", cards)
        if i and len(step.table) < len(turn.steps[i - 1].table):
            raise JSONError(
                f"$.turn.steps[{i}].table", "expected the table of each step to hold the last one's melds"
            )


def _check_taken(state: RoundState, cards: Counter[Card]) -> None:
    """A card taken this turn came from the discards (a take, a deep take)
    and is still the mover's, on the table or the exchange card (it cannot
    be thrown before the turn ends); the exchange card is swapped only where
    there is one."""
    turn = state.turn
    if turn.taken is not None:
        if turn.source not in ("discard", "deep"):
            raise JSONError("$.turn.taken", f"expected no card taken after a draw from the {turn.source}")
        if cards[turn.taken.face] == 0 and state.exchange != turn.taken.face:
            raise JSONError("$.turn.taken", f"expected {turn.taken} in the mover's hand or on the table")
    if turn.exchanged and not state.rules.deal.exchange_card:
        raise JSONError("$.turn.exchanged", f"{state.variant.id} has no exchange card")


def _check_step(state: RoundState, step: Step, path: str, cards: Counter[Card]) -> None:
    """A step is what ``undo`` restores: the mover's hand and the table before
    a play of this turn. It must hold the same cards as the mover's hand and
    the table now, keep every meld this turn did not touch, and its lists must
    be what this turn's lists were then."""
    turn = state.turn
    if Counter(step.hand) + _table_faces(step.table) != cards:
        raise JSONError(path, "expected the same cards as the mover's hand and the table hold now")
    if len(step.table) > len(state.table):
        raise JSONError(f"{path}.table", "expected no more melds than the table holds now")
    touched = {index for index, _ in turn.laid_off}
    for index, entry in enumerate(step.table):
        now = state.table[index]
        if entry != now and (index not in touched or entry.owner != now.owner):
            raise JSONError(
                f"{path}.table[{index}]", "expected the meld as it lies, or laid off to this turn"
            )
    for index in range(len(step.table), len(state.table)):
        if index not in turn.new_melds:
            raise JSONError(f"{path}.table", f"meld {index} was not laid this turn")
    if turn.new_melds[: len(step.new_melds)] != step.new_melds:
        raise JSONError(f"{path}.new_melds", "expected the new melds of this turn so far")
    if turn.laid_off[: len(step.laid_off)] != step.laid_off:
        raise JSONError(f"{path}.laid_off", "expected the lay-offs of this turn so far")
    if step.swaps > turn.swaps:
        raise JSONError(f"{path}.swaps", "expected no more swaps than this turn made")


def _check_result(state: RoundState) -> None:
    result = state.result
    if result is None:
        if state.phase == "over":
            raise JSONError("$.result", "missing: the round is over")
        return
    if state.phase != "over":
        raise JSONError("$.result", f"expected null while the round goes on ({state.phase} phase)")
    blocked = result.ending in ("blocked", "turn_cap")  # its winner, if any, is the scoring's
    expected = round_result(
        state.rules.variant,
        state.hands,
        state.table,
        state.opened,
        result.ending,
        None if blocked else result.winner if result.knocker is None else result.knocker,
        state.indicator,
        deal_facts(state),
    )
    if result.winner != expected.winner:  # a blocked round's, if any, is the scoring's
        wanted = "null: nobody won" if expected.winner is None else f"{expected.winner}: the winner of"
        raise JSONError("$.result.winner", f"expected {wanted} a round that ends {result.ending}")
    _check_ending(state, result)
    for name in ("ending", "winners", "scores", "deadwood", "knocker"):
        if getattr(result, name) != getattr(expected, name):
            shown = list(getattr(expected, name))
            raise JSONError(f"$.result.{name}", f"expected {shown} (the round's scoring)")


def _check_ending(state: RoundState, result: RoundResult) -> None:
    limits = state.rules.going_out
    if result.ending in ("declared", "wrong_show", "last_in"):
        if result.winner is None or (state.dropped and state.dropped[result.winner]):
            raise JSONError("$.result.winner", "expected a seat still in the deal")
        return
    if result.ending in ("went_out", "hand_rummy", "tonk_out"):
        if result.winner is None or state.hands[result.winner]:
            raise JSONError("$.result.winner", "expected the seat whose hand is empty")
        return
    if result.ending in ("drop", "caught") and result.knocker is None:
        raise JSONError("$.result.knocker", "expected the seat that dropped")
    if result.ending in ("tonk_deal", "deal_void") and state.turns_played:
        raise JSONError("$.result.ending", "a deal decided at the deal has no turn played")
    if result.ending == "turn_cap" and state.turns_played < limits.turn_cap():
        raise JSONError("$.result.ending", f"the round has not reached its turn cap ({limits.turn_cap()})")
    if result.ending == "blocked":
        can_refill = limits.reshuffle_allowed(state.reshuffles, len(state.discard))
        if state.stock or not limits.stock_runs_out() or can_refill:
            raise JSONError("$.result.ending", "the stock is not exhausted for good")
