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
(602, ('hand', 0, 52))
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from rummykit.agents.actions import ActionSpace
from rummykit.core.cards import Card
from rummykit.round.state import RoundState
from rummykit.round.views import PlayerView

__all__ = ["PHASES", "ObservationLayout", "Seen", "seen_in"]

PHASES = ("draw", "play", "first_upcard", "knock", "defend", "over")
"""The round's phases, in the order of the ``phase`` plane."""

_VERBS = ("meld", "layoff", "swap", "shift")

_CARD_PLANES = (
    "hand",  # the seat's own cards
    "discard_top",  # the top discard
    "discards",  # every visible discard (the whole row where the variant shows it)
    "taken",  # the discard the player to move took this turn
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
        self._pick = space.word("pick") if space.has("pick") else None
        self._target = space.word("target") if space.has("target") else None
        verb_plane = self._start["pending_verb"]
        self._verbs = {space.word(verb): verb_plane + n for n, verb in enumerate(_VERBS) if space.has(verb)}

    def encode(self, view: PlayerView, pending: Sequence[int] = ()) -> npt.NDArray[np.float32]:
        """The vector of ``view`` (a seat's, not a spectator's), with the
        pending ids ``pending`` of a move being chosen."""
        if view.seat is None:
            raise ValueError("an observation is a seat's: the view has no seat")
        knock, opening = view.knock, view.opening
        seen = Seen(
            view.seat,
            view.hand or (),
            view.discards,
            (view.taken, view.exchange, view.indicator, knock.knock_card),
            knock.layoffs,
            tuple((entry.owner, entry.meld.cards) for entry in view.table),
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
        players, seat, at = self.space.players, seen.seat, self._at
        hand, top, discards, taken, exchange, indicator, knock_card, layoffs = at[:8]
        flat = [hand[card.face] for card in seen.hand]
        flat += [top[card.face] for card in seen.discards[-1:]]
        flat += [discards[card.face] for card in seen.discards]
        for plane, card in zip((taken, exchange, indicator, knock_card), seen.singles, strict=True):
            if card is not None:
                flat.append(plane[card.face])
        flat += [layoffs[card.face] for card in seen.layoffs]
        for owner, cards in seen.table:
            table = at[9 + (owner - seat) % players]  # after the nine planes of _CARD_PLANES
            flat += [table[card.face] for card in cards]
        self._pending(flat, pending)
        self._seats(flat, seen)
        counts = np.bincount(flat, minlength=self.size)  # never empty: the seat planes add the seat to move
        sizes = seen.counts[0]  # the numbers are written while the vector is of integers: cheaper
        counts[self._hand_sizes : self._hand_sizes + players] = sizes[seat:] + sizes[:seat]
        counts[self._numbers : self._numbers + 7] = seen.numbers
        if len(pending) > 1 and self._target is not None:
            target = pending[1] - self._target
            if 0 <= target < self.space.max_melds:
                counts[self._numbers + 7] = target + 1
        return counts.astype(np.float32)

    def _pending(self, flat: list[int], pending: Sequence[int]) -> None:
        """The picked cards and the verb of a move being chosen, as indices into the vector."""
        pick = self._pick
        if not pending or pick is None:
            return
        picked = self._start["picked"] - pick
        flat += [picked + action for action in pending if pick <= action < pick + self._faces]
        verb = self._verbs.get(pending[0])
        if verb is not None:
            flat.append(verb)

    def _seats(self, flat: list[int], seen: Seen) -> None:
        """The seat planes that are one where a seat is (opened, dropped, to move ...), as indices."""
        players, seat, start = self.space.players, seen.seat, self._start
        _, opened, dropped = seen.counts
        flat += [start["opened"] + (s - seat) % players for s, is_open in enumerate(opened) if is_open]
        flat += [start["dropped"] + (s - seat) % players for s, left in enumerate(dropped) if left]
        to_move, dealer, knocker, phase = seen.marks
        flat.append(start["to_move"] + (to_move - seat) % players)
        flat.append(start["dealer"] + (dealer - seat) % players)
        if knocker is not None:
            flat.append(start["knocker"] + (knocker - seat) % players)
        flat.append(start["phase"] + phase)


class Seen(NamedTuple):
    """What one seat sees of a round, as its vector needs it: read from its
    view, or from the state's fields the view shows (:func:`seen_in`).
    ``singles``: the taken discard, the exchange card, the indicator and the
    knock card (each None where absent); ``counts``: the hand sizes, the
    opened flags and what each seat left the deal with; ``marks``: the seat
    to move, the dealer, the knocker (or None) and the phase's number in
    :data:`PHASES`; ``numbers``: the ``numbers`` plane's first seven."""

    seat: int
    hand: Sequence[Card]
    discards: Sequence[Card]
    singles: tuple[Card | None, Card | None, Card | None, Card | None]
    layoffs: Sequence[Card]
    table: Sequence[tuple[int, Sequence[Card]]]
    counts: tuple[tuple[int, ...], tuple[bool, ...], tuple[int, ...]]
    marks: tuple[int, int, int | None, int]
    numbers: tuple[int, int, int, int, int, int, bool]


def seen_in(state: RoundState, seat: int) -> Seen:
    """What seat ``seat`` sees of ``state``: the fields
    :func:`rummykit.round.views.view_of` shows it, nothing else."""
    playing = state.phase == "play"
    turn, knocking = state.turn, state.knocking
    layoffs: tuple[Card, ...] = ()
    if knocking.knocker is None and not knocking.upcard_passes:  # the view's empty knock
        knock_card, gin = None, False
    else:
        knock_card = knocking.knock_card if seat == knocking.knocker else None
        layoffs, gin = knocking.layoffs, knocking.gin
    table = state.table
    so_far = sum(table[i].meld.points for i in turn.new_melds) if playing else 0
    return Seen(
        seat,
        state.hands[seat],
        state.rules.draw.visible_discards(state.discard),
        (turn.taken if playing else None, state.exchange, state.indicator, knock_card),
        layoffs,
        tuple((entry.owner, entry.meld.cards) for entry in table),
        (tuple(len(hand) for hand in state.hands), state.opened, state.dropped),
        (state.to_move, state.dealer, knocking.knocker, PHASES.index(state.phase)),
        (
            len(state.stock),
            len(state.discard),
            state.turns_played,
            state.rules.opening.minimum or 0,
            so_far,
            state.deal_number,
            gin,
        ),
    )
