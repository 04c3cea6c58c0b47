"""How many times a seat may take moves back in one turn (docs/serve.md, "A
turn is finite"): a turn of melds laid and taken back for ever would grow
the round's record, and the store, without end, since the variants' turn
caps count turns, not the moves within one.

Past MAX_UNDOS_PER_TURN undos in a turn, a seat that has a move of another
kind (a discard, say) may lay nothing more and take nothing back; where
laying or taking back is the only way on (a taken card still to lay),
laying stays allowed, and taking back until the turn has done it
MAX_FORCED_UNDOS_PER_TURN times: laying alone shrinks the hand.

>>> refused_past_limit(25, ["meld 7h 8h 9h", "discard 2c"])("undo")
True
>>> refused_past_limit(25, ["meld 7h 8h 9h", "undo"]) is None
True
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from rummykit.core.errors import IllegalMove
from rummykit.core.moves import move_words

__all__ = [
    "LAYING",
    "MAX_FORCED_UNDOS_PER_TURN",
    "MAX_UNDOS_PER_TURN",
    "lays_or_undoes",
    "refused_past_limit",
    "undo_limit_refusal",
    "undos_this_turn",
]

MAX_UNDOS_PER_TURN = 20
"""How many times a seat may take moves back in one turn before it must
finish the turn (``game.undo-limit``)."""

MAX_FORCED_UNDOS_PER_TURN = 2 * MAX_UNDOS_PER_TURN
"""How many times a seat may take moves back in one turn at all: past
MAX_UNDOS_PER_TURN, only where laying or taking back is the only way on."""

LAYING = ("meld", "layoff", "swap", "shift")
"""The kinds of move that lay cards on the table."""


def undoes(move: str) -> bool:
    """Is the move text (read as the engine reads it: ``undo,`` is an undo) an ``undo``?"""
    words = move_words(move)
    return bool(words) and words[0] == "undo"


def lays_or_undoes(move: str) -> bool:
    """Does the move text (read as the engine reads it) lay cards on the
    table or take moves back, what the undo limit counts?"""
    words = move_words(move)
    return bool(words) and words[0] in (*LAYING, "undo")


def undos_this_turn(moves: Sequence[str], seat: int) -> int:
    """How many times seat ``seat``, to move, has taken moves back in its
    turn, read from the round's recorded moves (``"S: move"``, as
    :class:`rummykit.io.records.Record` writes them): the moves at their end
    by that seat, since another seat's turn always comes between two of its
    own. Read from the record, the count survives a restart of the server.

    >>> undos_this_turn(["0: discard 2c", "1: draw", "1: meld 7h 8h 9h", "1: undo"], 1)
    1
    """
    mine, undos = f"{seat}: ", 0
    for line in reversed(moves):
        if not line.startswith(mine):
            break
        undos += line == mine + "undo"
    return undos


def refused_past_limit(undos: int, legal: Iterable[str]) -> Callable[[str], bool] | None:
    """Which moves the limit refuses a seat whose turn has taken moves back
    ``undos`` times and whose legal moves are ``legal``: those that lay or
    take back (:func:`lays_or_undoes`), ``undo`` alone, or none (None)."""
    if undos < MAX_UNDOS_PER_TURN:
        return None
    if any(not lays_or_undoes(move) for move in legal):
        return lays_or_undoes
    return undoes if undos >= MAX_FORCED_UNDOS_PER_TURN else None


def undo_limit_refusal(refused: Callable[[str], bool]) -> IllegalMove:
    """The refusal of a move that ``refused`` (from :func:`refused_past_limit`) refuses."""
    if refused is lays_or_undoes:
        return IllegalMove(
            "game.undo-limit",
            "This turn has taken moves back {limit} times: finish it without laying or taking back more.",
            limit=MAX_UNDOS_PER_TURN,
        )
    return IllegalMove(
        "game.undo-limit",
        "This turn has taken moves back {limit} times: nothing more can be taken back.",
        limit=MAX_FORCED_UNDOS_PER_TURN,
    )
