"""Guessing what a seat cannot see: the other hands, the stock, the buried
discards, a face-down knock card.

A :class:`Determinizer` follows one seat through a round, view after view.
From the views' public log it remembers which cards the other seats took
from the discard pile (the card on top when they took it) and have not
thrown again; :meth:`Determinizer.sample` then deals the cards the view
does not show at random (seeded), with each remembered card in the hand of
the seat that took it, and rebuilds the round they make
(:func:`rummykit.round.from_view.state_from_view`). It also remembers what
each other seat *refused*: the top discards it let pass (drawing from the
stock instead) and the cards it threw; :meth:`Determinizer.guess_hand`
guesses one seat's hand, weighted the less the more of those cards would
have joined a meld in it (a player seldom lets pass, or throws, a card it
could meld). It reads only views: never the real round's hidden cards.

>>> import random
>>> import rummykit as rk
>>> state = rk.deal(rk.load_variant("gin"), players=2, seed=4)
>>> guess = Determinizer(state.variant)
>>> world = guess.sample(state.view(0), random.Random(1))
>>> world.hands[0] == state.hands[0], len(world.hands[1]), len(world.stock) == len(state.stock)
(True, 10, True)
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from rummykit.core.cards import Card, code_order
from rummykit.round.from_view import state_from_view, unseen_cards
from rummykit.round.state import RoundState
from rummykit.round.views import PlayerView
from rummykit.rules.variant_queries import least_penalty
from rummykit.variant.model import Variant

__all__ = ["WARY", "Determinizer", "joins_a_meld", "new_log_entries"]

WARY = 0.2
"""How much less likely a guessed hand is for each card its seat refused
that would have joined a meld in it."""


def new_log_entries(before: Sequence[str], after: Sequence[str]) -> tuple[str, ...]:
    """The entries of the public log ``after`` that came since ``before`` (the
    log keeps only the last few moves, so the two overlap by a suffix of
    ``before``); all of ``after`` when they do not overlap."""
    for added in range(len(after) + 1):
        kept = len(after) - added
        if kept <= len(before) and tuple(before[len(before) - kept :]) == tuple(after[:kept]):
            return tuple(after[kept:])
    return tuple(after)  # pragma: no cover - added == len(after) always matches


def joins_a_meld(variant: Variant, hand: Sequence[Card], card: Card) -> bool:
    """Does ``card`` join a meld of the least-penalty arrangement of ``hand`` with it?"""
    return any(card in meld.cards for meld in least_penalty(variant, [*hand, card]).melds)


class Determinizer:
    """One seat's memory of a round and its guesses at the hidden cards."""

    def __init__(self, variant: Variant, *, wary: float = WARY) -> None:
        self.variant = variant
        self.wary = wary  # how much less likely a guess is for each sign against it (WARY)
        self._log: tuple[str, ...] = ()
        self._top: Card | None = None  # the top discard when last seen
        self._turns = -1
        self.taken: dict[int, list[Card]] = {}  # by seat: discards taken and not thrown since
        self.refused: dict[int, list[Card]] = {}  # by seat: top discards let pass, cards thrown
        self.thrown: dict[int, Card] = {}  # by seat: the card it threw last, its hand unchanged since

    def observe(self, view: PlayerView) -> None:
        """Read the moves made since the last view (a new round starts afresh)."""
        if view.turns_played < self._turns or not view.log:
            self._log, self._top, self.taken, self.refused, self.thrown = (), None, {}, {}, {}
        self._turns = view.turns_played
        for entry in new_log_entries(self._log, view.log):
            self._read(entry, view.seat)
        self._log = view.log
        self._top = view.discards[-1] if view.discards else None

    def _read(self, entry: str, me: int | None) -> None:
        seat_text, _, move = entry.partition(": ")
        if not seat_text.isdigit():
            return
        seat, words = int(seat_text), move.split()
        if not words:
            return
        if words[0] in ("discard", "knock") and len(words) == 2:
            thrown = Card(words[1]).face
            kept = self.taken.get(seat, [])
            if thrown in kept:
                kept.remove(thrown)
            if seat != me:
                self.refused.setdefault(seat, []).append(thrown)
                self.thrown[seat] = thrown
            self._top = thrown if words[0] == "discard" else self._top
        else:
            self.thrown.pop(seat, None)
        if words == ["take"] and seat != me and self._top is not None:
            self.taken.setdefault(seat, []).append(self._top)
            self._top = None
        elif words[0] in ("draw", "pass") and seat != me and self._top is not None:
            self.refused.setdefault(seat, []).append(self._top)

    def guess_hand(
        self, view: PlayerView, seat: int, pool: Sequence[Card], rng: random.Random
    ) -> tuple[list[Card], float]:
        """A guess at ``seat``'s hand and its weight: the discards it was seen
        to take, the rest drawn at random from ``pool`` (the cards it may
        hold besides); the weight is :data:`WARY` to the power of the cards
        it refused that would join a meld in the guess, and once more if the
        card it threw last was not one whose loss cost it least (a player
        throws its worst card)."""
        hand = list(self.taken.get(seat, []))[: view.hand_sizes[seat]]
        hand += rng.sample(list(pool), min(len(pool), view.hand_sizes[seat] - len(hand)))
        weight = 1.0
        for card in self.refused.get(seat, []):
            if card not in hand and joins_a_meld(self.variant, hand, card):
                weight *= self.wary
        last = self.thrown.get(seat)
        if last is not None and last not in hand:
            kept = least_penalty(self.variant, hand).penalty
            if kept > least_penalty(self.variant, [*hand, last], discard=True).penalty:
                weight *= self.wary
        return hand, weight

    def sample(self, view: PlayerView, rng: random.Random) -> RoundState:
        """A round consistent with ``view`` and the memory: the hidden cards
        dealt at random by ``rng``, remembered takes kept where they went."""
        if view.seat is None or view.hand is None:
            raise ValueError("a spectator's view: guesses are made for a seat")
        pool = sorted(unseen_cards(view, self.variant).elements(), key=code_order)
        hands: list[list[Card]] = [[] for _ in range(view.players)]
        hands[view.seat] = list(view.hand)
        for seat, cards in sorted(self.taken.items()):
            for card in cards:
                if seat != view.seat and card in pool and len(hands[seat]) < view.hand_sizes[seat]:
                    pool.remove(card)
                    hands[seat].append(card)
        rng.shuffle(pool)
        for seat in range(view.players):
            if seat != view.seat:
                need = view.hand_sizes[seat] - len(hands[seat])
                hands[seat] += pool[:need]
                del pool[:need]
        knock_card = None
        if view.knock.knocker is not None and view.knock.knock_card is None:
            knock_card = pool.pop()
        buried_count = view.discard_size - len(view.discards)
        buried, stock = pool[:buried_count], pool[buried_count:]
        return state_from_view(
            view, self.variant, hands=hands, stock=stock, buried=buried, knock_card=knock_card
        )
