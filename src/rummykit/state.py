"""The round state: one immutable value holding everything about a round.

``state.apply(move)`` returns a new state or raises
:class:`~rummykit.errors.IllegalMove`, leaving the old one exactly as it was.

The round's plain values (``TableMeld``, ``Turn``, ``Step``, ``RoundResult``)
live in :mod:`rummykit.table`, below the rules, and are re-exported here.

``apply``, ``legal_moves``, ``view`` and ``to_json`` are conveniences: their
work is done by modules above this one (``engine``, ``legal``, ``views``,
``serialize``), which import ``state``. So that no import goes upward (not even
one inside a method), this module names what it needs as a Protocol,
:class:`RoundServices`, and the methods call whatever implementation is
installed with :func:`install_round_services`. :mod:`rummykit.services`
installs the standard one, and the package's ``__init__`` imports it; since
Python runs a package's ``__init__`` before any of its modules, the methods work
however the caller imports ``RoundState``.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, Literal, Protocol

import attrs

from rummykit.cards import JOKER_CODE, Card, code_order
from rummykit.evolve import evolve as _copy_with
from rummykit.moves import Move
from rummykit.table import Ending, Knocking, RoundResult, Source, Step, TableMeld, Turn
from rummykit.variant import Variant

if TYPE_CHECKING:  # views imports state; only the type checker follows this one
    from rummykit.views import PlayerView

__all__ = [
    "LOG_SIZE",
    "Ending",
    "Knocking",
    "RoundResult",
    "RoundServices",
    "RoundState",
    "Source",
    "Step",
    "TableMeld",
    "Turn",
    "install_round_services",
    "sorted_hand",
]

LOG_SIZE = 10
"""The most moves a round's public log keeps (the last ones)."""

Phase = Literal["draw", "play", "over", "first_upcard", "knock", "defend"]


def sorted_hand(cards: Iterable[Card]) -> tuple[Card, ...]:
    """A hand in canonical order (faces only)."""
    return tuple(sorted((c.face for c in cards), key=code_order))


class RoundServices(Protocol):
    """What RoundState's convenience methods delegate to (see the module's
    docstring); :mod:`rummykit.services` holds the standard implementation."""

    def apply(self, state: RoundState, move: Move | str, seat: int | None, /) -> RoundState: ...

    def legal_moves(self, state: RoundState, seat: int | None = None, /) -> list[Move]: ...

    def view(self, state: RoundState, seat: int | None, /) -> PlayerView: ...

    def to_json(self, state: RoundState, /) -> str: ...


_installed: list[RoundServices] = []


def install_round_services(services: RoundServices) -> None:
    """Make RoundState's ``apply``, ``legal_moves``, ``view`` and ``to_json``
    call ``services`` (replacing what was installed before)."""
    _installed[:] = [services]


def _services() -> RoundServices:
    if not _installed:
        raise RuntimeError("RoundState's methods need rummykit.services (import rummykit first)")
    return _installed[0]


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
    deal_number: int = 0  # which deal of a match, where contracts change by deal; 0: not in use
    buys: tuple[int, ...] = ()  # buys made this deal, by seat (empty: none yet)
    buy_window: bool = False  # the upcard may be bought now (R-CON-10)
    deck: tuple[Card, ...] = attrs.field(default=(), repr=False)
    knocking: Knocking = Knocking()
    # The last moves of the round as every seat saw them ("1: draw", never the
    # card drawn), at most LOG_SIZE; kept for views, not part of the position.
    log: tuple[str, ...] = attrs.field(default=(), eq=False, repr=False)
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
        if self.knocking.knock_card is not None:
            cards.append(self.knocking.knock_card)
        return cards

    # ----------------------------------------------------------------- actions
    def apply(self, move: Move | str, *, seat: int | None = None) -> RoundState:
        """The state after ``move`` (a Move or its notation, which may name the
        seat as ``"1: take"``); raises IllegalMove and changes nothing if the
        rules refuse it.

        ``seat`` is the seat that acts, as a server knows it from the client
        (an int from 0; None: the seat to move, or the seat the text names).
        A seat not to move is refused with ``turn.not-your-turn``, and so is
        text naming another seat; only a buy may come from a seat not to
        move. A seat that is not an int is a TypeError, one out of range a
        ValueError."""
        return _services().apply(self, move, seat)

    def legal_moves(self, seat: int | None = None) -> list[Move]:
        """Every distinct move the seat to move may make now; with ``seat``,
        that seat's moves (a seat not to move may only buy, where buying is
        allowed)."""
        return _services().legal_moves(self, seat)

    def view(self, seat: int | None) -> PlayerView:
        """What ``seat`` may see (None: a spectator)."""
        return _services().view(self, seat)

    def to_json(self) -> str:
        return _services().to_json(self)

    def evolve(self, **changes: Any) -> RoundState:
        """A copy with ``changes`` (as ``attrs.evolve``, but quicker)."""
        return _copy_with(self, **changes)
