"""The public log of a round: each accepted move as every seat saw it
(``"1: discard 7h"``, a knock without its card), the last ``LOG_SIZE`` of
them kept in the state (``RoundState.log``; not part of the position).
``RoundState.apply`` is :func:`apply_logged`: the engine's move with its
entry added, handed to the engine so that no state is written after it is
made."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, get_args

from rummykit.core.moves import (
    Buy,
    Declare,
    Done,
    Draw,
    DrawExchange,
    Knock,
    Move,
    Out,
    Pass,
    Undo,
    parse_seat_move,
)
from rummykit.core.round_values import LOG_SIZE
from rummykit.round.engine import apply_move
from rummykit.speed.memo import MemoTable
from rummykit.variant.model import Variant

if TYPE_CHECKING:
    from rummykit.round.state import RoundState

__all__ = ["apply_logged", "public_entry", "public_text"]


def public_entry(state: RoundState, move: Move | str, seat: Any) -> str:
    """How the log shows ``move`` made on ``state`` (it was accepted): the
    seat that acted and the move as every seat saw it (a knock's card and a
    declaration's are laid face down, so they are not named)."""
    named, parsed = parse_seat_move(move) if isinstance(move, str) else (None, move)
    actor: object = state.to_move
    if isinstance(parsed, Buy):
        actor = seat if seat is not None else named
    return _entry(parsed, actor, state.variant)


def public_text(move: Move) -> str:
    """The text of ``move`` as every seat saw it, without the seat: a knock
    and a declaration without their card (laid face down).

    >>> from rummykit.core.moves import parse_move
    >>> public_text(parse_move("knock 7s")), public_text(parse_move("discard 7s"))
    ('knock', 'discard 7s')
    """
    return _FIXED_TEXTS.get(type(move)) or str(move)


def _entry(move: Move, actor: Any, variant: Variant) -> str:
    """The log entry of ``move`` made by ``actor``: ``"1: discard 7h"``
    (remembered for a seat number; any other actor is written out)."""
    if type(actor) is not int:  # True would find seat 1's entry
        return f"{actor}: {public_text(move)}"
    entries = _ENTRIES.of(variant)
    key = (id(move), actor)
    hit = entries.get(key)
    if hit is not None and hit[0] is move:
        return hit[1]
    entry = f"{actor}: {public_text(move)}"
    entries[key] = (move, entry)
    return entry


_ENTRIES: MemoTable[tuple[int, int], tuple[Move, str]] = MemoTable("move_log.entries", limit=4096)
"""Log entries, per variant, by the id of a move object and the seat that
made it: the legal-move lists hand out the same move objects again and
again (one ``discard 7h`` for every listing), so most moves applied are
found by identity, and their entries are written once. Each entry holds its
move, so the id stays its own while it is remembered."""


_FIXED_TEXTS: dict[type, str] = {
    Draw: str(Draw()),
    DrawExchange: str(DrawExchange()),
    Out: str(Out()),
    Undo: str(Undo()),
    Pass: str(Pass()),
    Knock: "knock",
    Declare: "declare",
    Done: str(Done()),
}
"""The log's text of the moves whose text is always the same, made once (a
knock's card and a declaration's are laid face down, so the log does not
name them: after a wrong show the deal may go on without the declarer)."""


def apply_logged(state: RoundState, move: Move | str, seat: Any = None) -> RoundState:
    """The engine's move, with the move added to the round's public log (not
    part of the position: equality and hashing ignore it).

    No state is written after it is made: a move object's log is made first
    and handed to the engine, which puts it into the state it makes (see
    ``apply_move``); text or a buy is read by the engine first (it refuses
    what cannot be read), and the state it makes is copied with the log."""
    if isinstance(move, (str, Buy)) or type(move) not in _MOVE_CLASSES:
        after = apply_move(state, move, seat)
        return after.with_log(log=(*state.log[_KEPT:], public_entry(state, move, seat)))
    # A move object other than a buy is the seat to move's (the engine checks it).
    hit = _ENTRIES.of(state.variant).get((id(move), state.to_move))
    entry = hit[1] if hit is not None and hit[0] is move else _entry(move, state.to_move, state.variant)
    return apply_move(state, move, seat, (*state.log[_KEPT:], entry))


_MOVE_CLASSES = frozenset(get_args(Move))
"""The classes of move objects (any other object is the engine's to refuse)."""

_KEPT = -(LOG_SIZE - 1)
"""The entries of the log kept before a new one (the last LOG_SIZE - 1)."""
