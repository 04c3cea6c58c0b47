"""Applying moves: the turn as draw, tentative play, commit (docs/engine.md, "The turn").

This module reads a move (its seat, its text, a buy) and hands it to its
phase: ``draw_phase``, ``table_moves``, ``turn_commit`` (with ``turn_start``),
or ``knocking``.

Every function here is pure: it returns a new RoundState or raises
IllegalMove with a code from docs/refusal-codes.md, and the state it was given is
never changed. Which rules apply is read from the variant (never from its
name); the checks that span a turn run at the commit (discard or ``out``).
"""

from __future__ import annotations

import reprlib
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from rummykit.core.cards import code_order
from rummykit.core.errors import N_, IllegalMove, NotationError, Refusal, SeatError, Text
from rummykit.core.moves import (
    Buy,
    Declare,
    Discard,
    Draw,
    DrawExchange,
    Drop,
    Exchange,
    Knock,
    LayOff,
    Move,
    Out,
    Shift,
    SwapJoker,
    Take,
    Undo,
    parse_seat_move,
    split_seat,
)
from rummykit.core.moves import Meld as MeldMove
from rummykit.round import knocking
from rummykit.round.draw_phase import apply_draw, apply_draw_exchange, apply_exchange, apply_take
from rummykit.round.leaving import apply_declare, apply_drop
from rummykit.round.move_helpers import refuse
from rummykit.round.table_moves import apply_layoff, apply_meld, apply_shift, apply_swap, apply_undo
from rummykit.round.turn_commit import apply_discard, apply_out
from rummykit.rules.absent_moves import absent_move_refusal
from rummykit.rules.buy import BuyWindow

if TYPE_CHECKING:
    from rummykit.round.state import RoundState

__all__ = ["apply_move", "buy_refusal", "buy_window"]


def apply_move(
    state: RoundState, move: Move | str, seat: Any = None, log: tuple[str, ...] | None = None
) -> RoundState:
    """The state after ``move``, or IllegalMove (the state is unchanged).

    ``seat`` is who acts (a server passes the seat of the client): a seat not
    to move, or move text naming another seat (``"0: draw"``), is refused with
    ``turn.not-your-turn`` before the move is read any further, so a refusal
    never depends on cards the seat may not see. A ``seat`` that is no seat of
    this round raises TypeError (not an int) or ValueError (out of range);
    it is typed Any so that this check, not the compiled build's, judges it.

    ``log`` is the public log of the state after the move (None: ``state``'s
    own): the moves of nearly every turn (a draw, a take, a discard) put it
    into the state they make, and the state of any other move is copied
    with it.
    """
    if seat is not None:
        _check_seat(state, seat)
    phase = state.phase
    # The moves of nearly every turn, in their own phase, go straight to their
    # handlers (no buy, no text to read, nothing for the knock; the compiled
    # build makes these native calls).
    after: RoundState | None = None
    if seat is None or seat == state.to_move:  # another seat's move is refused below
        # The exact class, as ``_HANDLERS`` finds the others.
        if phase == "play":
            if type(move) is Discard:
                after = apply_discard(state, move, log)
        elif phase == "draw":
            if type(move) is Draw:
                after = apply_draw(state, move, log)
            elif type(move) is Take:
                after = apply_take(state, move, log)
    if after is None:
        after = _read_and_apply(state, move, seat)
    elif state.buy_window:
        after = _closing_window(after)
    return after if log is None or after.log is log else after.with_log(log=log)


def _read_and_apply(state: RoundState, move: Move | str, seat: Any) -> RoundState:
    """``apply_move`` of any move but those of its first lines: a buy, text,
    a move of the knock, or any other move by its handler."""
    if state.phase == "over":
        raise refuse("turn.round-over", "The round is over.")
    if isinstance(move, Buy) or (isinstance(move, str) and _is_buy_text(move)):
        return _buy_for(state, move, seat)
    if seat is not None and seat != state.to_move:
        raise _not_your_turn(state, seat)
    if isinstance(move, str):
        move = _read_move(state, move, seat)
    if type(move) is Drop:  # whatever the phase (a knock's phases too)
        return apply_drop(state, move)
    if type(move) is Declare:
        return apply_declare(state, move)
    absent = absent_move_refusal(state.rules, move)  # whatever the phase (R-WLD-02)
    if absent is not None:
        raise IllegalMove.from_refusal(absent)
    if state.phase == "play" and state.turn.source == "discard" and type(move) is not Knock:
        wall_take = knocking.discard_refusal(state)  # every move but a knock after the wall's take
        if wall_take is not None:
            raise IllegalMove.from_refusal(wall_take)
    if knocking.handles(state, move):
        return knocking.apply_knocking(state, move)
    handler: Callable[[RoundState, Any], RoundState] | None = _HANDLERS.get(type(move))
    if handler is None:
        raise refuse("notation.invalid", "{move} is not a move.", move=repr(move))
    after = handler(state, move)
    return _closing_window(after) if state.buy_window else after


def _closing_window(after: RoundState) -> RoundState:
    """Any move of the player in turn closes the buy window (R-CON-10):
    ``after``, a state after a move made while it was open."""
    return after.evolve(buy_window=False) if after.buy_window else after


def _not_your_turn(state: RoundState, seat: int) -> IllegalMove:
    return refuse(
        "turn.not-your-turn", "It is seat {turn}'s turn, not seat {seat}'s.", turn=state.to_move, seat=seat
    )


def _is_buy_text(text: str) -> bool:
    try:
        words = split_seat(text)[1].split()
    except NotationError:
        return False
    return bool(words) and words[0].lower() == "buy"


def _buy_for(state: RoundState, move: Move | str, seat: int | None) -> RoundState:
    """A buy: the seat that acts is ``seat``, or the seat the text names."""
    named = None
    if isinstance(move, str):
        try:
            named = parse_seat_move(move)[0]
        except NotationError as error:
            detail = Text(": {reason}", reason=error.why()) if error.reason else ""
            raise refuse(
                "notation.invalid", "Cannot read {token}{detail}.", token=error.shown_token, detail=detail
            ) from None
        if not 0 <= (named if named is not None else 0) < state.players:
            raise refuse("turn.not-your-turn", "There is no seat {seat} at this table.", seat=named)
    if seat is not None and named is not None and named != seat:
        raise refuse(
            "turn.not-your-turn", "Seat {seat} cannot move for seat {named}.", seat=seat, named=named
        )
    buyer = seat if seat is not None else named
    if buyer is None:
        raise refuse("buy.not-available", "A buy names the seat that buys, as in '2: buy'.")
    return _buy(state, buyer)


def _buy(state: RoundState, buyer: int) -> RoundState:
    refusal, rule = _buy_refusal(state, buyer), state.rules.buy
    if refusal is not None or rule is None:
        raise IllegalMove.from_refusal(_NOBODY_BUYS if refusal is None else refusal)
    penalty = state.stock[: rule.penalty_cards]
    hands = list(state.hands)
    hands[buyer] = tuple(sorted((*hands[buyer], state.discard[-1], *penalty), key=code_order))
    buys = list(state.buys or (0,) * state.players)
    buys[buyer] += 1
    return state.evolve(
        hands=tuple(hands),
        discard=state.discard[:-1],
        stock=state.stock[rule.penalty_cards :],
        buys=tuple(buys),
        buy_window=False,
    )


def buy_window(state: RoundState, seat: int) -> BuyWindow:
    """The facts a buy by ``seat`` is judged on (R-CON-10)."""
    discarder = state.rules.deal.next_seat(state.players, state.to_move, -1) if state.turns_played else None
    return BuyWindow(
        open=state.buy_window and state.phase == "play",
        mover=state.to_move,
        discarder=discarder,
        upcard=bool(state.discard),
        stock=len(state.stock),
        buys=state.buys[seat] if state.buys else 0,
    )


def buy_refusal(state: RoundState, seat: int) -> IllegalMove | None:
    """Why ``seat`` may not buy now (None: it may): the buy's checks, as
    ``apply`` asks them."""
    if state.phase == "over":
        return refuse("turn.round-over", "The round is over.")
    refusal = _buy_refusal(state, seat)
    return None if refusal is None else IllegalMove.from_refusal(refusal)


def _buy_refusal(state: RoundState, seat: int) -> Refusal | None:
    """The first refusal of a buy by ``seat``, as :func:`_buy` asks: the
    seat is out of the deal (no move of it, R-IND-13), nobody buys in this
    variant, or the first of the buy rule's checks (``rules/buy.py``) that
    refuses."""
    if state.dropped and state.dropped[seat]:
        return Refusal("turn.not-your-turn", "Seat {seat} is out of this deal.", seat=seat)
    rule = state.rules.buy
    return _NOBODY_BUYS if rule is None else rule.refusal(buy_window(state, seat), seat)


_NOBODY_BUYS = Refusal("buy.not-available", "Nobody buys the upcard in this variant.")


def _check_seat(state: RoundState, seat: object) -> None:
    """``seat`` must be an int (not a bool) from 0 to ``players - 1``."""
    if isinstance(seat, bool) or not isinstance(seat, int):
        wrong = f"{type(seat).__name__} {reprlib.repr(seat)}"
        raise TypeError(f"seat must be an int from 0 to {state.players - 1}, not {wrong}")
    if not 0 <= seat < state.players:
        raise SeatError(seat, state.players)


def _read_move(state: RoundState, text: str, seat: int | None) -> Move:
    """Move text, its written seat checked first (``seat``, when given, is the
    seat to move by now)."""
    try:
        named = split_seat(text)[0]
        if named is not None and named != state.to_move:
            message = (
                N_("It is seat {turn}'s turn, not seat {named}'s.")
                if seat is None
                else N_("Seat {seat} cannot move for seat {named}.")
            )
            raise refuse("turn.not-your-turn", message, turn=state.to_move, seat=seat, named=named)
        return parse_seat_move(text)[1]
    except NotationError as error:
        detail = Text(": {reason}", reason=error.why()) if error.reason else ""
        raise refuse(
            "notation.invalid", "Cannot read {token}{detail}.", token=error.shown_token, detail=detail
        ) from None


_HANDLERS: dict[type, Callable[[RoundState, Any], RoundState]] = {
    Draw: apply_draw,
    DrawExchange: apply_draw_exchange,
    Take: apply_take,
    Exchange: apply_exchange,
    MeldMove: apply_meld,
    LayOff: apply_layoff,
    SwapJoker: apply_swap,
    Shift: apply_shift,
    Discard: apply_discard,
    Out: apply_out,
    Undo: apply_undo,
}
