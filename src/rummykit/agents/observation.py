"""A seat's observation as one flat ``float32`` vector, built from its view
(:func:`rummykit.round.views.view_of`) and its pending choice only
(docs/agents.md lists the planes).

Card planes hold one number per card face of the deck (the faces in code
order, as the action space's card blocks): how many of that face. Seats are
relative: 0 is the observing seat, 1 the next seat in seat order, and so on.

>>> import rummykit as rk
>>> from rummykit.agents.actions import ActionSpace
>>> layout = ObservationLayout(ActionSpace(rk.load_variant("gin"), players=2))
>>> layout.size, layout.planes[0]
(653, ('hand', 0, 52))
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import attrgetter
from typing import NamedTuple, Protocol

import numpy as np
import numpy.typing as npt

from rummykit.agents.actions import ActionSpace
from rummykit.core.cards import NATURALS, Card
from rummykit.core.meld_model import Meld
from rummykit.round.state import RoundState
from rummykit.round.views import PlayerView, chosen_shown, knock_view_of, taken_shown, tentative_of

__all__ = ["PHASES", "ObservationLayout", "OwnedMeld", "Seen", "seen_in"]

PHASES = ("draw", "play", "first_upcard", "knock", "defend", "over")
"""The round's phases, in the order of the ``phase`` plane."""

_PHASE_NUMBERS = {phase: number for number, phase in enumerate(PHASES)}

_VERBS = ("meld", "layoff", "swap", "shift")

_FACE = attrgetter("face")

_CARD_PLANES = (
    "hand",  # the seat's own cards
    "discard_top",  # the top discard
    "discards",  # every visible discard (the whole row where the variant shows it)
    "taken",  # the discard the player to move took this turn (or chose deep in the row)
    "exchange",  # the face-up exchange card
    "indicator",  # the deal's indicator card
    "knock_card",  # the card the seat knocked with (face down: only the knocker's own)
    "knock_layoffs",  # the cards the defender laid off after the knock
    "picked",  # the cards picked so far in a pending meld, lay-off, swap or shift
)


class ObservationLayout:
    """Where each plane sits in the vector: ``planes`` are (name, start,
    length); ``size`` is the vector's length."""

    def __init__(self, space: ActionSpace) -> None:
        self.space = space
        faces, players = len(space.faces), space.players
        self._faces = faces
        sizes = [(name, faces) for name in _CARD_PLANES]
        sizes += [(f"table_{seat}", faces) for seat in range(players)]
        if space.has("as"):
            sizes.append(("declared", len(NATURALS)))
        sizes.append(("table_melds", 3 * space.max_melds))
        sizes += [
            ("hand_sizes", players),
            ("opened", players),
            ("dropped", players),
            ("to_move", players),
            ("dealer", players),
            ("knocker", players),
            ("phase", len(PHASES)),
            ("pending_verb", len(_VERBS)),
            ("numbers", 8),
        ]
        planes: list[tuple[str, int, int]] = []
        start = 0
        for name, length in sizes:
            planes.append((name, start, length))
            start += length
        self.planes: tuple[tuple[str, int, int], ...] = tuple(planes)
        self._start = {name: begin for name, begin, _ in planes}
        self.size = start
        card_planes = (*_CARD_PLANES, *(f"table_{seat}" for seat in range(players)))
        self._at = tuple(  # per card plane, each face's index in the vector
            {face: self._start[name] + i for i, face in enumerate(space.faces)} for name in card_planes
        )
        self._hand_sizes = self._start["hand_sizes"]
        self._numbers = self._start["numbers"]
        self._phase = self._start["phase"]
        self._last_row: tuple[Sequence[Card], list[int]] = ((), [])  # see _row_indices
        self._seat_indices_by_count = {players: self._seat_planes(players)}  # see _seat_indices
        self._pick = space.word("pick") if space.has("pick") else None
        self._as = space.word("as") if space.has("as") else None
        self._melds = self._start["table_melds"]
        self._target = space.word("target") if space.has("target") else None
        verb_plane = self._start["pending_verb"]
        self._verbs = {space.word(verb): verb_plane + n for n, verb in enumerate(_VERBS) if space.has(verb)}

    def encode(self, view: PlayerView, pending: Sequence[int] = ()) -> npt.NDArray[np.float32]:
        """The vector of ``view`` (a seat's, not a spectator's), with the
        pending ids ``pending`` of a move being chosen."""
        if view.seat is None:
            raise ValueError("an observation is a seat's: the view has no seat")
        knock, opening = view.knock, view.opening
        taken = view.chosen if view.taken is None else view.taken
        seen = Seen(
            view.seat,
            view.hand or (),
            view.discards,
            (taken, view.exchange, view.indicator, knock.knock_card),
            knock.layoffs,
            view.table,
            (view.hand_sizes, view.opened, view.dropped),
            (view.to_move, view.dealer, knock.knocker, PHASES.index(view.phase)),
            (
                view.stock_size,
                view.discard_size,
                view.turns_played,
                opening.minimum or 0,
                opening.so_far,
                view.deal_number,
                knock.gin,
            ),
        )
        return self.vector(seen, pending)

    def encode_state(
        self, state: RoundState, seat: int, pending: Sequence[int] = ()
    ) -> npt.NDArray[np.float32]:
        """The vector of seat ``seat``'s view of ``state`` (``encode(view_of(state, seat), pending)``),
        read from the fields the view shows without building the view."""
        return self.vector(seen_in(state, seat), pending)

    def vector(self, seen: Seen, pending: Sequence[int] = ()) -> npt.NDArray[np.float32]:
        """The vector of what a seat sees, with the pending ids of a move being chosen."""
        at = self._at
        flat = list(map(at[0].__getitem__, map(_FACE, seen.hand)))
        flat += self._row_indices(seen.discards)
        players = len(seen.counts[0])  # the round's: fewer than the space's after an elimination
        flat += self._marks(seen, pending)  # first: it refuses a round of more seats than the space's
        if seen.table:
            flat += self._table_indices(seen.table, seen.seat, players)
        counts = np.bincount(flat, minlength=self.size)  # never empty: the marks hold the seat to move
        figures = self._figures(seen, pending)  # written while the vector is of integers: cheaper
        counts[self._hand_sizes : self._hand_sizes + players] = figures[:players]
        counts[self._numbers : self._numbers + 8] = figures[players:]
        if seen.table:
            keys = self._meld_keys(seen.table, seen.seat, players)
            counts[self._melds : self._melds + len(keys)] = keys
        return counts.astype(np.float32)

    def _meld_keys(self, table: Sequence[OwnedMeld], seat: int, players: int) -> list[int]:
        """The ``table_melds`` plane: for each table meld by number, its
        owner (relative to ``seat``, plus 1), the face of its first card
        that stands for itself (its index in the faces, plus 1; 0 if every
        card is wild) and its number of cards: what ``target M`` names."""
        faces = self._at[0]  # the hand plane starts the vector: a face's index there is its index
        keys: list[int] = []
        for entry in table:
            cards = entry.meld.cards
            first = next((faces[card.face] + 1 for card in cards if card.declared is None), 0)
            keys += [(entry.owner - seat) % players + 1, first, len(cards)]
        return keys

    def _row_indices(self, row: Sequence[Card]) -> list[int]:
        """The indices of the discard row's cards in the ``discards`` plane.
        The last row asked for is remembered with its indices: a row seen
        again, or grown or shrunk by a card at its end (the next step's, in
        a variant that shows the whole row), is not looked up again."""
        last, indices = self._last_row
        if row is not last:
            count, was = len(row), len(last)
            if count == was + 1 and row[:was] == last:
                indices = [*indices, self._at[2][row[-1].face]]
            elif count == was - 1 and last[:count] == row:
                indices = indices[:count]
            else:
                indices = list(map(self._at[2].__getitem__, map(_FACE, row)))
            self._last_row = (row, indices)
        return indices

    def _table_indices(self, table: Sequence[OwnedMeld], seat: int, players: int) -> list[int]:
        """The indices of the cards of ``table``'s melds in the table planes
        of seat ``seat``, in a round of ``players`` seats."""
        at = self._at
        flat: list[int] = []
        for entry in table:
            plane = at[9 + (entry.owner - seat) % players]  # after the nine planes of _CARD_PLANES
            flat += [plane[card.face] for card in entry.meld.cards]
        return flat

    def _marks(self, seen: Seen, pending: Sequence[int]) -> list[int]:
        """The indices of the few ones of the vector besides the hand, the
        discard row and the table, in a fixed order: the top discard, the
        single cards, the lay-offs after a knock, the pending choice and the
        seat planes (an index twice is a count of two)."""
        at = self._at
        discards = seen.discards
        flat = [at[1][discards[-1].face]] if discards else []
        taken, exchange, indicator, knock_card = seen.singles
        if taken is not None:
            flat.append(at[3][taken.face])
        if exchange is not None:
            flat.append(at[4][exchange.face])
        if indicator is not None:
            flat.append(at[5][indicator.face])
        if knock_card is not None:
            flat.append(at[6][knock_card.face])
        if seen.layoffs:
            layoffs = at[7]
            flat += [layoffs[card.face] for card in seen.layoffs]
        if pending:
            self._pending(flat, pending)
        self._seats(flat, seen)
        return flat

    def _figures(self, seen: Seen, pending: Sequence[int]) -> list[int]:
        """The numbers of the vector: the ``hand_sizes`` plane (from the
        seat's own, in seat order), then the ``numbers`` plane."""
        seat, sizes = seen.seat, seen.counts[0]
        figures = [*sizes[seat:], *sizes[:seat], *seen.numbers, 0]
        if len(pending) > 1 and self._target is not None:
            target = pending[1] - self._target
            if 0 <= target < self.space.max_melds:
                figures[-1] = target + 1
        return figures

    def _pending(self, flat: list[int], pending: Sequence[int]) -> None:
        """The picked cards and the verb of a move being chosen, as indices into the vector."""
        pick = self._pick
        if pick is None:
            return
        picked = self._start["picked"] - pick
        flat += [picked + action for action in pending if pick <= action < pick + self._faces]
        if self._as is not None:
            declared, start = self._start["declared"] - self._as, self._as
            flat += [declared + action for action in pending if start <= action < start + len(NATURALS)]
        verb = self._verbs.get(pending[0])
        if verb is not None:
            flat.append(verb)

    def _seat_planes(self, players: int) -> tuple[tuple[tuple[int, ...], ...], ...]:
        """Per observing seat of a round of ``players`` seats, each seat's
        index in the five seat planes (seats relative to the observer)."""
        return tuple(
            tuple(
                tuple(self._start[name] + (other - seat) % players for other in range(players))
                for name in ("opened", "dropped", "to_move", "dealer", "knocker")
            )
            for seat in range(players)
        )

    def _seat_indices(self, seat: int, players: int) -> tuple[tuple[int, ...], ...]:
        """Seat ``seat``'s indices in the five seat planes, in a round of
        ``players`` seats (a match's round after an elimination has fewer
        than the space; each count is worked out once, at most one a count)."""
        planes = self._seat_indices_by_count.get(players)
        if planes is None:
            if not 1 <= players <= self.space.players:
                raise ValueError(f"a round of {players} seats does not fit a space of {self.space.players}")
            planes = self._seat_indices_by_count[players] = self._seat_planes(players)
        return planes[seat]

    def _seats(self, flat: list[int], seen: Seen) -> None:
        """The seat planes that are one where a seat is (opened, dropped, to move ...), as indices."""
        sizes, opened, dropped = seen.counts
        opened_at, dropped_at, to_move_at, dealer_at, knocker_at = self._seat_indices(seen.seat, len(sizes))
        for other, is_open in enumerate(opened):
            if is_open:
                flat.append(opened_at[other])
        if dropped:
            flat += [dropped_at[other] for other, left in enumerate(dropped) if left]
        to_move, dealer, knocker, phase = seen.marks
        flat.append(to_move_at[to_move])
        flat.append(dealer_at[dealer])
        if knocker is not None:
            flat.append(knocker_at[knocker])
        flat.append(self._phase + phase)


class OwnedMeld(Protocol):
    """A table meld and the seat that owns it (the state's and the view's table entries both are)."""

    @property
    def owner(self) -> int: ...

    @property
    def meld(self) -> Meld: ...


class Seen(NamedTuple):
    """What one seat sees of a round, as its vector needs it: read from its
    view, or from the state's fields the view shows (:func:`seen_in`).
    ``singles``: the taken discard, the exchange card, the indicator and the
    knock card (each None where absent); ``table``: the table's melds
    with their owners; ``counts``: the hand sizes, the
    opened flags and what each seat left the deal with; ``marks``: the seat
    to move, the dealer, the knocker (or None) and the phase's number in
    :data:`PHASES`; ``numbers``: the ``numbers`` plane's first seven."""

    seat: int
    hand: Sequence[Card]
    discards: Sequence[Card]
    singles: tuple[Card | None, Card | None, Card | None, Card | None]
    layoffs: Sequence[Card]
    table: Sequence[OwnedMeld]
    counts: tuple[tuple[int, ...], tuple[bool, ...], tuple[int, ...]]
    marks: tuple[int, int, int | None, int]
    numbers: tuple[int, int, int, int, int, int, bool]


def seen_in(state: RoundState, seat: int) -> Seen:
    """What seat ``seat`` sees of ``state``: the fields
    :func:`rummykit.round.views.view_of` shows it, read through the same
    functions (the knock, the card taken, the tentative melds), without
    building the rest of the view."""
    knock = knock_view_of(state, seat)
    table = state.table
    tentative = tentative_of(state)
    so_far = sum(table[i].meld.points for i in tentative) if tentative else 0
    return Seen(
        seat,
        state.hands[seat],
        state.rules.draw.visible_discards(state.discard),
        (_taken_or_chosen(state), state.exchange, state.indicator, knock.knock_card),
        knock.layoffs,
        table,
        (tuple(map(len, state.hands)), state.opened, state.dropped),
        (state.to_move, state.dealer, knock.knocker, _PHASE_NUMBERS[state.phase]),
        (
            len(state.stock),
            len(state.discard),
            state.turns_played,
            state.rules.opening.minimum or 0,
            so_far,
            state.deal_number,
            knock.gin,
        ),
    )


def _taken_or_chosen(state: RoundState) -> Card | None:
    """The ``taken`` plane's card: the discard taken this turn, else the card chosen deep in the row."""
    taken = taken_shown(state)
    return chosen_shown(state) if taken is None else taken
