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
Two settings no level has (they did not help against ``SimpleGinRummyBot``,
docs/bots.md): :attr:`Race.hazards` give the other player's chance to
knock turn by turn in place of ``1 - pace``; ``undercut`` adds, that many
times, the chance that the other player knocks first and the hand, laying
off its loose cards on a guessed hand of that player
(:attr:`Race.knockers`), undercuts it (:meth:`Race.run_exposed`).

:func:`feeding_chances` says, for some cards, how likely the next player is
to take each from the discard pile: the share of guessed hands of that
player (:meth:`rummykit.play.determinize.Determinizer.guess_hand`) in
which the card joins a meld of the hand's least-penalty arrangement;
:func:`knock_chances`, the share in which the card lets that player knock
at once (the ``danger`` setting's); :func:`meld_risks`, the share in which
it makes a meld of three with two of that player's cards (the ``later``
setting's :attr:`Race.risks`: with them a sequence's knock is cut for
each card the hand throws on the way, :meth:`Race.worth`).

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
from collections.abc import Callable, Collection, Sequence

from rummykit.core.cards import JOKER_CODE, Card, code_order
from rummykit.play.determinize import Determinizer, joins_a_meld
from rummykit.play.shedding import Outs
from rummykit.round.from_view import unseen_cards
from rummykit.round.views import PlayerView
from rummykit.rules.rule_set import rules_of
from rummykit.rules.variant_queries import least_penalty
from rummykit.variant.model import Variant

__all__ = [
    "Race",
    "draw_sequences",
    "feeding_chances",
    "knock_chances",
    "meld_risks",
    "offer_lists",
    "race_limit",
    "stock_cards",
]


Solved = tuple[int, Card | None, tuple[Card, ...]]
"""A hand solved: its least penalty, the card thrown first (if any) and the loose cards left."""

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
        self,
        variant: Variant,
        *,
        limit: int,
        pace: float,
        players: int = 2,
        tail: float = 0.0,
        undercut: float = 0.0,
    ) -> None:
        self.variant = variant
        self.limit = limit
        self.pace = pace
        self.tail = tail
        self.undercut = undercut
        self.offers: list[list[Card]] = []  # by sequence (in turn): what the previous player may throw
        self.hazards: list[float] = []  # by chance: how likely the other player is to knock (survival)
        self.knockers: list[list[Card]] = []  # by sequence: a guessed hand of the player that may knock
        self.risks: dict[Card, float] = {}  # by card: how likely the next player is to want it (later)
        self.later = 0.0  # how much a throw's risk cuts a sequence's worth (SearchSettings.later)
        self._known: dict[tuple[Card | None, ...], Solved] = {}  # see solved
        self._lays: dict[tuple[int, Card], bool] = {}  # see lays_off
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
        turn, penalty, _, _ = self.run_exposed(hand, draws, start, offers)
        return turn, penalty

    def run_exposed(
        self,
        hand: Sequence[Card],
        draws: Sequence[Card],
        start: int,
        offers: Sequence[Card] = (),
        knocker: int | None = None,
        exposed: bool = True,
    ) -> tuple[int | None, int | None, float, float]:
        """:meth:`run`, the worth of the undercuts on the way, and how
        likely the cards the hand threw on the way were all left alone by
        the next player (the product of ``1 - later * risk`` over them,
        :attr:`risks`; 1 without). The undercuts: with
        ``knocker`` (the index of a guessed hand in :attr:`knockers`), the
        sum over the other player's chances to knock before the hand knocks
        (one after each draw that does not let it knock, and one before the
        first draw if ``exposed``: the hand as given is what it holds then)
        of the chance that the other player has not knocked before and
        knocks then (:meth:`survival` times :meth:`hazard`: ``pace ** t *
        (1 - pace)``, ``t`` the turn of the draw before it, without
        :attr:`hazards`) times the chance that the hand then undercuts
        (:meth:`undercut_chance`). Not ``exposed``, the hand draws this
        turn: its first throw is this turn's, which the risks leave alone
        (``later`` counts the throws after this turn's)."""
        held = list(hand)
        turn = start
        penalty: int | None = None
        undercuts = 0.0
        safe = 1.0
        this_turn = not exposed  # the next throw is this turn's
        if knocker is not None and exposed:
            undercuts += self._exposure(self.solved(held, discard=False)[2], turn - 1, knocker)
        for step, card in enumerate(draws):
            if step < len(offers) and self._holds_fewer(held, offers[step]):
                now = penalty if penalty is not None else self.least(held)
                with_offer = self.best_discard([*held, offers[step]])
                if with_offer[0] < now:
                    card = offers[step]
            if not self._holds_fewer(held, card):
                continue
            held.append(card)
            penalty, thrown, loose = self.solved(held, discard=True)
            if penalty <= self.limit:
                return turn, penalty, undercuts, safe
            if thrown is not None:
                held.remove(thrown)
                if self.risks and not this_turn:
                    safe *= 1 - self.later * self.risks.get(thrown, 0.0)
            this_turn = False
            if knocker is not None:
                undercuts += self._exposure(loose, turn, knocker)
            turn += 1
        return None, penalty, undercuts, safe

    def _exposure(self, loose: Sequence[Card], turn: int, knocker: int) -> float:
        """What the other player's chance to knock after turn ``turn`` is
        worth to a hand whose loose cards are ``loose`` (see :meth:`run_exposed`)."""
        return self.survival(turn) * self.hazard(turn) * self.undercut_chance(loose, knocker)

    def hazard(self, chance: int) -> float:
        """How likely the other player is to knock at its ``chance``-th
        chance (counted from 0, the one before the hand's turn 1): from
        :attr:`hazards` (the last one on past its end), else ``1 - pace``."""
        if not self.hazards:
            return 1 - self.pace
        return self.hazards[min(chance, len(self.hazards) - 1)]

    def survival(self, turn: int) -> float:
        """How likely the other player is not to have knocked before the
        hand's turn ``turn``: ``pace ** turn`` without :attr:`hazards`."""
        if not self.hazards:
            return self.pace**turn
        left = 1.0
        for chance in range(turn):
            left *= 1 - self.hazard(chance)
        return left

    def undercut_chance(self, loose: Sequence[Card], knocker: int) -> float:
        """How likely a hand whose least-penalty arrangement leaves ``loose``
        is to undercut a knock by the guessed hand ``knocker``: the penalty
        of its loose cards that would not join a meld of that hand (those
        are laid off) against a knocker's deadwood taken as even from 1 to
        the limit (1 if at most 1, 0 above the limit)."""
        if self.limit < 1:
            return 0.0
        penalties = self.variant.hand_penalties
        left = sum(penalties[c.code] for c in loose if not self.lays_off(knocker, c))
        return min(1.0, max(0.0, (self.limit + 1 - left) / self.limit))

    def lays_off(self, knocker: int, card: Card) -> bool:
        """Would ``card`` join a meld of the guessed hand ``knocker`` (so be
        laid off on its melds, were it to knock)? Remembered."""
        key = (knocker, card)
        known = self._lays.get(key)
        if known is None:
            known = joins_a_meld(self.variant, self.knockers[knocker], card)
            self._lays[key] = known
        return known

    def _holds_fewer(self, held: list[Card], card: Card) -> bool:
        """Does ``held`` hold fewer copies of ``card`` than the deck has?"""
        return held.count(card) < (self.jokers if card.code == JOKER_CODE else self.copies)

    def least(self, cards: Sequence[Card]) -> int:
        """The least penalty of ``cards`` (no discard), remembered as :meth:`best_discard`'s."""
        return self.solved(cards, discard=False)[0]

    def best_discard(self, cards: Sequence[Card]) -> tuple[int, Card | None]:
        """The least penalty of ``cards`` after the best discard, and that
        discard: ``least_penalty(..., discard=True)``, remembered for the
        race's life (a hand that throws the card it drew meets the same
        cards again in the next draw of another sequence), up to
        :data:`RACE_MEMORY` hands."""
        penalty, thrown, _ = self.solved(cards, discard=True)
        return penalty, thrown

    def solved(self, cards: Sequence[Card], *, discard: bool) -> Solved:
        """``least_penalty(cards, discard=discard)``'s penalty, discard and
        loose cards, remembered (see :meth:`best_discard`)."""
        ordered = sorted(cards, key=code_order)
        key: tuple[Card | None, ...] = tuple(ordered) if discard else (*ordered, None)
        known = self._known.get(key)
        if known is None:
            best = least_penalty(self.variant, cards, discard=discard)
            known = best.penalty, best.discard, tuple(best.leftover)
            if len(self._known) >= RACE_MEMORY:
                self._known.clear()
            self._known[key] = known
        return known

    def worth(
        self, hand: Sequence[Card], sequences: Sequence[Sequence[Card]], start: int = 1, exposed: bool = True
    ) -> float:
        """The mean over ``sequences`` of ``pace ** turns``; where the hand
        gets nowhere, ``tail`` times ``pace`` to the power of the turn after
        the last, times ``(limit + 1) / (penalty + 1)`` (its penalty then),
        the first draw being turn ``start``. With :attr:`knockers` (guessed
        hands of the player that may knock, one a sequence in turn), plus
        ``undercut`` times the worth of the undercuts on the way
        (:meth:`run_exposed`; ``exposed``: the hand as given faces a knock
        before its first draw). With :attr:`risks`, a sequence's knock (not
        its undercuts or tail) is worth that times the product of ``1 -
        later * risk`` over the cards the hand threw before it, this turn's
        throw aside (``later``)."""
        total = 0.0
        for index, draws in enumerate(sequences):
            offered = self.offers[index % len(self.offers)] if self.offers else ()
            knocker = index % len(self.knockers) if self.knockers and self.undercut else None
            turn, penalty, undercuts, safe = self.run_exposed(hand, draws, start, offered, knocker, exposed)
            total += self.undercut * undercuts
            if turn is not None:
                total += self.survival(turn) * safe
            elif self.tail and penalty is not None:
                total += self.tail * self.survival(start + len(draws)) * (self.limit + 1) / (penalty + 1)
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


def knock_chances(
    variant: Variant, guesses: Sequence[tuple[list[Card], float]], cards: Sequence[Card], limit: int
) -> dict[Card, float]:
    """For each of ``cards``, the weighted share of the guessed hands
    (``guesses``: hand and weight) that could knock at once with it (their
    least penalty with it, after their best discard, within ``limit``): how
    likely throwing it is to let that player knock now. (A guess that could
    knock without it counts for every card alike.)"""

    def knocks(hand: list[Card], card: Card) -> bool:
        return least_penalty(variant, [*hand, card], discard=True).penalty <= limit

    return _weighted_share(guesses, cards, knocks)


def feeding_chances(
    variant: Variant, guesses: Sequence[tuple[list[Card], float]], cards: Sequence[Card]
) -> dict[Card, float]:
    """For each of ``cards``, the weighted share of the guessed hands
    (``guesses``: hand and weight) in which it joins a meld of the hand's
    least-penalty arrangement: how likely that player is to want it."""
    return _weighted_share(guesses, cards, lambda hand, card: joins_a_meld(variant, hand, card))


def meld_risks(
    outs: Outs, guesses: Sequence[tuple[list[Card], float]], cards: Collection[Card]
) -> dict[Card, float]:
    """For each of ``cards`` that makes a meld of three with two cards of
    some guessed hand (``guesses``: hand and weight; :meth:`Outs.melders`,
    the variant's meld rules judging each trio), the weighted share of the
    guesses in which it does: the ``later`` setting's risks. A cruder
    measure than :func:`feeding_chances` (a trio, not the hand's
    least-penalty arrangement) and a cheaper one: it is asked of every
    card the race may throw, not of a few."""
    melders = {id(hand): outs.melders(hand) for hand, _ in guesses}  # once a guess, not once a card
    shares = _weighted_share(guesses, list(cards), lambda hand, card: card in melders[id(hand)])
    return {card: share for card, share in shares.items() if share}


def _weighted_share(
    guesses: Sequence[tuple[list[Card], float]],
    cards: Sequence[Card],
    holds: Callable[[list[Card], Card], bool],
) -> dict[Card, float]:
    """For each of ``cards``, the weighted share of the guessed hands for
    which ``holds(hand, card)`` is true (0 for every card without weight)."""
    total = sum(weight for _, weight in guesses)
    chances = dict.fromkeys(cards, 0.0)
    if total <= 0:
        return chances
    for hand, weight in guesses:
        for card in cards:
            if holds(hand, card):
                chances[card] += weight / total
    return chances
