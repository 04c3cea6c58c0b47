"""The round state: one immutable value holding everything about a round.

``state.apply(move)`` returns a new state or raises
:class:`~rummykit.errors.IllegalMove`, leaving the old one exactly as it was.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, Literal

import attrs

from rummykit.cards import JOKER_CODE, Card
from rummykit.melds import Meld
from rummykit.variant import Variant

if TYPE_CHECKING:
    from rummykit.moves import Move
    from rummykit.views import PlayerView

__all__ = ["RoundResult", "RoundState", "Step", "TableMeld", "Turn", "sorted_hand"]

Phase = Literal["draw", "play", "over"]
Source = Literal["none", "stock", "discard", "deep", "exchange"]
Ending = Literal["went_out", "hand_rummy", "blocked", "turn_cap"]


def sorted_hand(cards: Iterable[Card]) -> tuple[Card, ...]:
    """A hand in canonical order (faces only)."""
    return tuple(sorted((c.face for c in cards), key=_code))


def _code(card: Card) -> int:
    return card.code


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


@attrs.frozen(slots=True)
class RoundState:
    """One round of one variant. Seats are 0 … players-1."""

    variant: Variant = attrs.field(eq=False, repr=False)
    players: int
    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]  # top first
    discard: tuple[Card, ...]  # bottom first; the last is on top
    table: tuple[TableMeld, ...] = ()
    opened: tuple[bool, ...] = ()
    to_move: int = 0
    phase: Phase = "draw"
    turns_played: int = 0
    reshuffles: int = 0
    exchange: Card | None = None
    turn: Turn = Turn()
    result: RoundResult | None = None
    seed: int | None = None
    deck: tuple[Card, ...] = attrs.field(default=(), repr=False)
    variant_digest: str = attrs.field(default="", repr=False)

    # ----------------------------------------------------------------- queries
    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    def hand(self, seat: int) -> tuple[Card, ...]:
        return self.hands[seat]

    @property
    def discard_top(self) -> Card | None:
        return self.discard[-1] if self.discard else None

    def joker_count(self, seat: int) -> int:
        return sum(1 for c in self.hands[seat] if c.code == JOKER_CODE)

    def all_cards(self) -> list[Card]:
        """Every card of the round, wherever it is (the deck that was dealt)."""
        cards: list[Card] = [c for hand in self.hands for c in hand]
        cards += [c.face for t in self.table for c in t.meld.cards]
        cards += list(self.stock) + list(self.discard)
        if self.exchange is not None:
            cards.append(self.exchange)
        return cards

    # ----------------------------------------------------------------- actions
    def apply(self, move: Move | str, *, seat: int | None = None) -> RoundState:
        """The state after ``move`` (a Move or its notation, which may name the
        seat as ``"1: take"``); raises IllegalMove and changes nothing if the
        rules refuse it."""
        from rummykit.engine import apply_move

        return apply_move(self, move, seat)

    def legal_moves(self) -> list[Move]:
        """Every distinct move the seat to move may make now."""
        from rummykit.legal import legal_moves

        return legal_moves(self)

    def view(self, seat: int | None) -> PlayerView:
        """What ``seat`` may see (None: a spectator)."""
        from rummykit.views import view_of

        return view_of(self, seat)

    def to_json(self) -> str:
        from rummykit.serialize import to_json

        return to_json(self)

    def evolve(self, **changes: Any) -> RoundState:
        return attrs.evolve(self, **changes)
