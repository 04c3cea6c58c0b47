"""The race to the knock: how soon a hand is likely to be able to knock
(or, where the variant has no knock, to be all in melds), and how likely a
discard is to help the next player instead.

Two hands race in gin: the first to knock nearly always wins the hand.
:class:`Race` judges a hand by playing it on alone against the stock, many
times: a *draw sequence* is a few cards the stock may hold, in a random
order (the same sequences for every hand compared); the hand draws them one
by one, throws its best card after each (``least_penalty(..., discard=True)``)
and stops at the first draw that lets it knock. The hand's worth is the mean
over the sequences of ``pace ** t``, ``t`` the turns it took (0 when it got
nowhere within the sequence): a hand that knocks a turn sooner is worth
``1 / pace`` times more, since the other player may knock first every turn.
No other player's moves are played, so one judgement costs a few hundred
least-penalty searches instead of whole rollouts; but the hand may be
*offered* a card each turn (:attr:`Race.offers`, :func:`offer_lists`:
what the previous player is guessed to throw, its loose cards costliest
first), which it takes in place of its draw when that lowers its least
penalty. A race remembers the hands it solved (a hand that throws the
card it drew meets the same cards again in another sequence).

:func:`feeding_chances` says, for some cards, how likely the next player is
to take each from the discard pile: the share of guessed hands of that
player (:meth:`rummykit.play.determinize.Determinizer.guess_hand`) in
which the card joins a meld of the hand's least-penalty arrangement.

>>> import random
>>> import rummykit as rk
>>> gin = rk.load_variant("gin")
>>> race = Race(gin, limit=10, pace=0.8)
>>> stock = rk.parse_cards("9h 6h Kc 5s 4d Ah 2s Qd Js 3c 8d 7c")
>>> draws = draw_sequences(stock, random.Random(1), samples=20, reach=6)
>>> close = rk.parse_cards("7h 8h Ks Kd 2c 3d 9s Tc Jd Qh")
>>> loose = rk.parse_cards("7h 3h Ks Kd 2c 5d 9s Tc Jd Qh")
>>> race.worth(close, draws) > race.worth(loose, draws)
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from rummykit.core.cards import JOKER_CODE, Card, code_order
from rummykit.play.determinize import Determinizer, joins_a_meld
from rummykit.round.from_view import unseen_cards
from rummykit.round.views import PlayerView
from rummykit.rules.rule_set import rules_of
from rummykit.rules.variant_queries import least_penalty
from rummykit.variant.model import Variant

__all__ = ["Race", "draw_sequences", "feeding_chances", "offer_lists", "race_limit", "stock_cards"]


RACE_MEMORY = 20_000
"""How many hands' least penalties a :class:`Race` remembers at most."""


def stock_cards(view: PlayerView, variant: Variant, memory: Determinizer) -> list[Card]:
    """The cards the stock may hold, as ``view`` and what ``memory`` saw
    taken tell: the unseen cards less those known to be in another hand."""
    unseen = unseen_cards(view, variant)
    for seat, cards in memory.taken.items():
        if seat != view.seat:
            unseen.subtract(cards)
    return sorted((+unseen).elements(), key=code_order)


def race_limit(variant: Variant, view: PlayerView) -> int:
    """The deadwood a hand races down to: the knock's limit in this deal
    (its indicator's, if any), else 0 (every card in a meld)."""
    knock = rules_of(variant).knock
    return knock.limit(view.indicator) if knock is not None else 0


def draw_sequences(pool: Sequence[Card], rng: random.Random, *, samples: int, reach: int) -> list[list[Card]]:
    """``samples`` random orders of ``reach`` cards of ``pool`` (fewer if the pool is short)."""
    count = min(reach, len(pool))
    return [rng.sample(list(pool), count) for _ in range(samples)]


class Race:
    """A hand's worth in the race to the knock (see the module's text)."""

    def __init__(
        self, variant: Variant, *, limit: int, pace: float, players: int = 2, tail: float = 0.0
    ) -> None:
        self.variant = variant
        self.limit = limit
        self.pace = pace
        self.tail = tail
        self.offers: list[list[Card]] = []  # by sequence (in turn): what the previous player may throw
        self._known: dict[tuple[Card | None, ...], tuple[int, Card | None]] = {}  # see best_discard
        band = variant.deck_band(players)
        self.copies = band.decks  # of each card of the deck, the jokers aside
        self.jokers = band.jokers

    def turns(self, hand: Sequence[Card], draws: Sequence[Card], start: int) -> int | None:
        """The turn (``start`` the first draw's) at which ``hand``, drawing
        ``draws`` in order and throwing its best card after each, can first
        knock; None if it cannot within them. A drawn card of which the hand
        already holds every copy the deck has (a sequence drawn before the
        hand took it) is skipped; a second deck's copy is a draw like any."""
        return self.run(hand, draws, start)[0]

    def run(
        self, hand: Sequence[Card], draws: Sequence[Card], start: int, offers: Sequence[Card] = ()
    ) -> tuple[int | None, int | None]:
        """:meth:`turns`, and the least penalty the hand was left with after
        its last draw (None if it drew nothing). With ``offers`` (the cards
        the previous player may throw, in order), the hand takes a turn's
        offer instead of its draw when the offer lowers its least penalty."""
        held = list(hand)
        turn = start
        penalty: int | None = None
        for step, card in enumerate(draws):
            if step < len(offers) and self._holds_fewer(held, offers[step]):
                now = penalty if penalty is not None else self.least(held)
                with_offer = self.best_discard([*held, offers[step]])
                if with_offer[0] < now:
                    card = offers[step]
            if not self._holds_fewer(held, card):
                continue
            held.append(card)
            penalty, thrown = self.best_discard(held)
            if penalty <= self.limit:
                return turn, penalty
            if thrown is not None:
                held.remove(thrown)
            turn += 1
        return None, penalty

    def _holds_fewer(self, held: list[Card], card: Card) -> bool:
        """Does ``held`` hold fewer copies of ``card`` than the deck has?"""
        return held.count(card) < (self.jokers if card.code == JOKER_CODE else self.copies)

    def least(self, cards: Sequence[Card]) -> int:
        """The least penalty of ``cards`` (no discard), remembered as :meth:`best_discard`'s."""
        key = (*sorted(cards, key=code_order), None)
        known = self._known.get(key)
        if known is None:
            known = least_penalty(self.variant, cards).penalty, None
            self._remember(key, known)
        return known[0]

    def _remember(self, key: tuple[Card | None, ...], known: tuple[int, Card | None]) -> None:
        if len(self._known) >= RACE_MEMORY:
            self._known.clear()
        self._known[key] = known

    def best_discard(self, cards: Sequence[Card]) -> tuple[int, Card | None]:
        """The least penalty of ``cards`` after the best discard, and that
        discard: ``least_penalty(..., discard=True)``, remembered for the
        race's life (a hand that throws the card it drew meets the same
        cards again in the next draw of another sequence), up to
        :data:`RACE_MEMORY` hands."""
        key = tuple(sorted(cards, key=code_order))
        known = self._known.get(key)
        if known is None:
            best = least_penalty(self.variant, cards, discard=True)
            known = best.penalty, best.discard
            self._remember(key, known)
        return known

    def worth(self, hand: Sequence[Card], sequences: Sequence[Sequence[Card]], start: int = 1) -> float:
        """The mean over ``sequences`` of ``pace ** turns``; where the hand
        gets nowhere, ``tail`` times ``pace`` to the power of the turn after
        the last, times ``(limit + 1) / (penalty + 1)`` (its penalty then),
        the first draw being turn ``start``."""
        total = 0.0
        for index, draws in enumerate(sequences):
            offered = self.offers[index % len(self.offers)] if self.offers else ()
            turn, penalty = self.run(hand, draws, start, offered)
            if turn is not None:
                total += self.pace**turn
            elif self.tail and penalty is not None:
                total += self.tail * self.pace ** (start + len(draws)) * (self.limit + 1) / (penalty + 1)
        return total / len(sequences) if sequences else 0.0


def offer_lists(variant: Variant, guesses: Sequence[tuple[list[Card], float]]) -> list[list[Card]]:
    """For each guessed hand of the previous player, the cards it would
    throw in turn: its least-penalty arrangement's leftover cards, the
    costliest first (the higher card first among equals)."""
    penalties = variant.hand_penalties
    return [
        sorted(least_penalty(variant, hand).leftover, key=lambda c: (-penalties[c.code], -c.code))
        for hand, _ in guesses
    ]


def feeding_chances(
    variant: Variant, guesses: Sequence[tuple[list[Card], float]], cards: Sequence[Card]
) -> dict[Card, float]:
    """For each of ``cards``, the weighted share of the guessed hands
    (``guesses``: hand and weight) in which it joins a meld of the hand's
    least-penalty arrangement: how likely that player is to want it."""
    total = sum(weight for _, weight in guesses)
    chances = dict.fromkeys(cards, 0.0)
    if total <= 0:
        return chances
    for hand, weight in guesses:
        for card in cards:
            if joins_a_meld(variant, hand, card):
                chances[card] += weight / total
    return chances
