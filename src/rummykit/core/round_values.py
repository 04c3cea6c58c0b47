"""The plain values a round is made of: a meld on the table, the turn in
progress (and the steps ``undo`` restores), and how a round ended.

They sit below the rules and the round state, so that scoring and the rule
components can use them without importing :mod:`rummykit.round.state`;
``rummykit.round.state`` re-exports them.
"""

from __future__ import annotations

from typing import Literal, NoReturn

import attrs

from rummykit.core.cards import Card
from rummykit.core.meld_model import Meld
from rummykit.speed.frozen import FrozenValue, frozen_error

__all__ = ["Ending", "Knocking", "RoundResult", "Source", "Step", "TableMeld", "Turn"]

Source = Literal["none", "stock", "discard", "deep", "exchange"]
Ending = Literal[
    "went_out", "hand_rummy", "blocked", "turn_cap",
    "knock", "gin", "undercut", "wall", "repeat", "take_limit",
]  # fmt: skip


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


class Turn(FrozenValue):
    """The turn in progress: how the player drew, and what he played so far (a
    frozen value, :class:`rummykit.speed.frozen.FrozenValue`)."""

    FIELDS = (
        "source",
        "taken",
        "chosen",
        "must_use_taken",
        "exchanged",
        "start_jokers",
        "new_melds",
        "laid_off",
        "swaps",
        "steps",
    )
    __slots__ = FIELDS

    source: Source
    taken: Card | None  # the face taken from the discards
    chosen: Card | None  # the deep-picked card that must start a new meld
    must_use_taken: bool  # the taken discard must be laid this turn
    exchanged: bool
    start_jokers: int  # jokers in hand after the draw
    new_melds: tuple[int, ...]  # table indices of melds laid this turn
    laid_off: tuple[tuple[int, Card], ...]  # (table index, face) laid off this turn
    swaps: int
    steps: tuple[Step, ...]

    def __init__(
        self,
        source: Source = "none",
        taken: Card | None = None,
        chosen: Card | None = None,
        must_use_taken: bool = False,
        exchanged: bool = False,
        start_jokers: int = 0,
        new_melds: tuple[int, ...] = (),
        laid_off: tuple[tuple[int, Card], ...] = (),
        swaps: int = 0,
        steps: tuple[Step, ...] = (),
    ) -> None:
        object.__setattr__(self, "source", source)
        object.__setattr__(self, "taken", taken)
        object.__setattr__(self, "chosen", chosen)
        object.__setattr__(self, "must_use_taken", must_use_taken)
        object.__setattr__(self, "exchanged", exchanged)
        object.__setattr__(self, "start_jokers", start_jokers)
        object.__setattr__(self, "new_melds", new_melds)
        object.__setattr__(self, "laid_off", laid_off)
        object.__setattr__(self, "swaps", swaps)
        object.__setattr__(self, "steps", steps)

    def __setattr__(self, name: str, value: object) -> NoReturn:
        raise frozen_error()

    def __delattr__(self, name: str) -> NoReturn:
        raise frozen_error()


@attrs.frozen(slots=True)
class RoundResult:
    """How a round ended and what everyone scored."""

    ending: Ending
    winner: int | None  # the seat that went out
    winners: tuple[int, ...]  # who won the round (several on a tie)
    scores: tuple[int, ...]
    deadwood: tuple[int, ...] = ()  # by seat, where the variant counts deadwood (a knock)
    knocker: int | None = None  # the seat that knocked


class Knocking(FrozenValue):
    """The round's facts of the first upcard, the repetition draws and the
    knock (all empty where the variant has none of these). A frozen value
    (:class:`rummykit.speed.frozen.FrozenValue`): a take of the upcard copies it."""

    FIELDS = (
        "upcard_passes",
        "takes",
        "repeat",
        "knocker",
        "knock_card",
        "gin",
        "layoffs",
        "defender_melded",
    )
    __slots__ = FIELDS

    upcard_passes: tuple[int, ...]  # seats that passed the first upcard
    takes: int  # upcard takes of the draw phase so far
    repeat: bool  # the last turn took the upcard and discarded it
    knocker: int | None
    knock_card: Card | None  # face down, seen by nobody but the knocker
    gin: bool  # the knocker finished laying with no deadwood
    layoffs: tuple[Card, ...]  # the cards the defender laid off
    defender_melded: bool  # the defender's first meld ended his lay-offs

    def __init__(
        self,
        upcard_passes: tuple[int, ...] = (),
        takes: int = 0,
        repeat: bool = False,
        knocker: int | None = None,
        knock_card: Card | None = None,
        gin: bool = False,
        layoffs: tuple[Card, ...] = (),
        defender_melded: bool = False,
    ) -> None:
        object.__setattr__(self, "upcard_passes", upcard_passes)
        object.__setattr__(self, "takes", takes)
        object.__setattr__(self, "repeat", repeat)
        object.__setattr__(self, "knocker", knocker)
        object.__setattr__(self, "knock_card", knock_card)
        object.__setattr__(self, "gin", gin)
        object.__setattr__(self, "layoffs", layoffs)
        object.__setattr__(self, "defender_melded", defender_melded)

    def __setattr__(self, name: str, value: object) -> NoReturn:
        raise frozen_error()

    def __delattr__(self, name: str) -> NoReturn:
        raise frozen_error()
