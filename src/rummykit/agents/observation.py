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

from collections.abc import Iterable, Sequence

import numpy as np
import numpy.typing as npt

from rummykit.agents.actions import ActionSpace
from rummykit.core.cards import Card
from rummykit.round.views import PlayerView

__all__ = ["PHASES", "ObservationLayout"]

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
        self._index = {face.code: i for i, face in enumerate(space.faces)}
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

    def encode(self, view: PlayerView, pending: Sequence[int] = ()) -> npt.NDArray[np.float32]:
        """The vector of ``view`` (a seat's, not a spectator's), with the
        pending ids ``pending`` of a move being chosen."""
        if view.seat is None:
            raise ValueError("an observation is a seat's: the view has no seat")
        out = np.zeros(self.size, dtype=np.float32)
        self._cards(out, "hand", view.hand or ())
        self._cards(out, "discard_top", view.discards[-1:])
        self._cards(out, "discards", view.discards)
        self._cards(out, "taken", _present(view.taken))
        self._cards(out, "exchange", _present(view.exchange))
        self._cards(out, "indicator", _present(view.indicator))
        self._cards(out, "knock_card", _present(view.knock.knock_card))
        self._cards(out, "knock_layoffs", view.knock.layoffs)
        self._pending(out, pending)
        for entry in view.table:
            self._cards(out, f"table_{self._relative(view, entry.owner)}", entry.meld.cards)
        self._seats(out, view)
        return out

    def _cards(self, out: npt.NDArray[np.float32], plane: str, cards: Iterable[Card]) -> None:
        start = self._start[plane]
        for card in cards:
            out[start + self._index[card.face.code]] += 1

    def _relative(self, view: PlayerView, seat: int) -> int:
        return (seat - (view.seat or 0)) % view.players

    def _pending(self, out: npt.NDArray[np.float32], pending: Sequence[int]) -> None:
        space = self.space
        if not pending or not space.has("pick"):
            return
        pick = space.word("pick")
        for action in pending:
            if pick <= action < pick + self._faces:
                out[self._start["picked"] + action - pick] += 1
        for number, verb in enumerate(_VERBS):
            if space.has(verb) and pending[0] == space.word(verb):
                out[self._start["pending_verb"] + number] = 1
        if len(pending) > 1 and space.has("target"):
            target = pending[1] - space.word("target")
            if 0 <= target < space.max_melds:
                out[self._start["numbers"] + 7] = target + 1

    def _seats(self, out: npt.NDArray[np.float32], view: PlayerView) -> None:
        start = self._start
        for seat in range(view.players):
            rel = self._relative(view, seat)
            out[start["hand_sizes"] + rel] = view.hand_sizes[seat]
            out[start["opened"] + rel] = view.opened[seat]
            out[start["dropped"] + rel] = seat in _dropped_seats(view)
        out[start["to_move"] + self._relative(view, view.to_move)] = 1
        out[start["dealer"] + self._relative(view, view.dealer)] = 1
        if view.knock.knocker is not None:
            out[start["knocker"] + self._relative(view, view.knock.knocker)] = 1
        out[start["phase"] + PHASES.index(view.phase)] = 1
        numbers, opening = start["numbers"], view.opening
        out[numbers : numbers + 7] = (
            view.stock_size,
            view.discard_size,
            view.turns_played,
            opening.minimum or 0,
            opening.so_far,
            view.deal_number,
            view.knock.gin,
        )


def _present(card: Card | None) -> tuple[Card, ...]:
    return () if card is None else (card,)


def _dropped_seats(view: PlayerView) -> set[int]:
    """The seats out of the deal (``view.dropped`` holds, per seat, what it left with: non-zero is out)."""
    return {seat for seat, left in enumerate(view.dropped) if left}
