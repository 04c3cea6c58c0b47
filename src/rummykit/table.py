"""The plain values a round is made of: a meld on the table, the turn in
progress (and the steps ``undo`` restores), and how a round ended.

They sit below the rules and the round state, so that scoring and the rule
components can use them without importing :mod:`rummykit.state`;
``rummykit.state`` re-exports them.
"""

from __future__ import annotations

from typing import Literal

import attrs

from rummykit.cards import Card
from rummykit.melds import Meld

__all__ = ["Ending", "RoundResult", "Source", "Step", "TableMeld", "Turn"]

Source = Literal["none", "stock", "discard", "deep", "exchange"]
Ending = Literal["went_out", "hand_rummy", "blocked", "turn_cap"]


@attrs.frozen(slots=True)
class TableMeld:
    """A meld on the table: who laid it, the meld, and who placed each slot."""

    owner: int
    meld: Meld
    credits: tuple[int, ...]


@attrs.frozen(slots=True)
class Step:
    """What ``undo`` restores: the mover's hand and the table before a play."""

    hand: tuple[Card, ...]
    table: tuple[TableMeld, ...]
    new_melds: tuple[int, ...]
    laid_off: tuple[tuple[int, Card], ...]
    swaps: int


@attrs.frozen(slots=True)
class Turn:
    """The turn in progress: how the player drew, and what he played so far."""

    source: Source = "none"
    taken: Card | None = None  # the face taken from the discards
    chosen: Card | None = None  # the deep-picked card that must start a new meld
    must_use_taken: bool = False  # the taken discard must be laid this turn
    exchanged: bool = False
    start_jokers: int = 0  # jokers in hand after the draw
    new_melds: tuple[int, ...] = ()  # table indices of melds laid this turn
    laid_off: tuple[tuple[int, Card], ...] = ()  # (table index, face) laid off this turn
    swaps: int = 0
    steps: tuple[Step, ...] = ()


@attrs.frozen(slots=True)
class RoundResult:
    """How a round ended and what everyone scored."""

    ending: Ending
    winner: int | None  # the seat that went out
    winners: tuple[int, ...]  # who won the round (several on a tie)
    scores: tuple[int, ...]
