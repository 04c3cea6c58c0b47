"""Shuffling and dealing a round, as the variant's ``[seating]`` and ``[deal]`` say.

The shuffle is our own Fisher–Yates over ``random.Random(seed).random()``
(only ``random()`` is promised stable across Python versions); with no seed
it draws from :class:`secrets.SystemRandom`.

>>> import rummykit as rk
>>> state = deal(rk.load_variant("rami51"), players=2, seed=7)
>>> len(state.hands[0]), len(state.discard), state.phase
(13, 1, 'draw')
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Sequence

from rummykit.cards import JOKER_CODE, Card
from rummykit.rules.draw import turn_starts_drawn
from rummykit.state import Phase, RoundState, Turn, sorted_hand
from rummykit.variant import Variant

__all__ = ["deal", "first_player", "next_seat", "rng_for", "shuffle"]


def shuffle(cards: Sequence[Card], rng: random.Random) -> tuple[Card, ...]:
    """Fisher–Yates: for i from the last down to 1, swap i with a j <= i."""
    deck = list(cards)
    for i in range(len(deck) - 1, 0, -1):
        j = int(rng.random() * (i + 1))
        deck[i], deck[j] = deck[j], deck[i]
    return tuple(deck)


def rng_for(seed: int | None, stream: int = 0) -> random.Random:
    """The random source of one stream of a seeded round (0: the deal, 1 + n:
    the n-th reshuffle); the system's secure generator when ``seed`` is None."""
    if seed is None:
        return secrets.SystemRandom()
    return random.Random(seed * 1_000_003 + stream)


def next_seat(variant: Variant, players: int, seat: int, steps: int = 1) -> int:
    """The seat ``steps`` turns after ``seat`` in the direction of play."""
    step = 1 if variant.seating.direction == "clockwise" else -1
    return (seat + step * steps) % players


def first_player(variant: Variant, players: int, dealer: int) -> int:
    return next_seat(variant, players, dealer)


def deal(
    variant: Variant,
    *,
    players: int,
    seed: int | None = None,
    dealer: int | None = None,
    jokers: int | None = None,
    deck: Sequence[Card] | None = None,
) -> RoundState:
    """Deal a round. ``deck`` (top first) replays a recorded deal exactly; else the
    variant's deck is shuffled with ``seed``. ``dealer`` None: chosen at random
    (from the seed), R-ALL-11."""
    variant.check_players(players)
    canonical = variant.deck_for(players, jokers)
    rng = rng_for(seed)
    if dealer is None:
        dealer = int(rng.random() * players)
    if not 0 <= dealer < players:
        raise ValueError(f"dealer must be a seat from 0 to {players - 1}, not {dealer}")
    if deck is None:
        order = shuffle(canonical, rng)
    else:
        order = tuple(c.face for c in deck)
        if sorted(order, key=_code) != sorted(canonical, key=_code):
            raise ValueError("the recorded deck is not this variant's deck for this player count")
    cards = list(order)  # top first; the bottom is cards[-1]
    starter = first_player(variant, players, dealer)
    wanted = [variant.deal.hand_size] * players
    wanted[starter] += variant.deal.first_player_extra
    hands: list[list[Card]] = [[] for _ in range(players)]
    exchange: Card | None = None
    if variant.deal.exchange_card:
        # The cut (R-HR-04): cards are turned from the bottom of the lifted packet;
        # jokers go to the recipients in order, the first natural is the exchange card.
        recipients = _cut_joker_recipients(variant, players, dealer)
        handed = 0
        while cards and cards[-1].code == JOKER_CODE and variant.deal.cut_joker_ceremony:
            seat = recipients[handed % players]
            hands[seat].append(cards.pop())
            if variant.deal.cut_joker_reduces_deal:
                wanted[seat] -= 1
            handed += 1
        if cards:
            exchange = cards.pop()
    # Deal one card at a time in the direction of play, starting with the first player.
    seat = starter
    remaining = [max(0, w) for w in wanted]
    while any(remaining):
        if remaining[seat]:
            hands[seat].append(cards.pop(0))
            remaining[seat] -= 1
        seat = next_seat(variant, players, seat)
    discard: tuple[Card, ...] = ()
    if variant.deal.flip_first_discard and cards:
        discard = (cards.pop(0),)
    phase: Phase = "play" if turn_starts_drawn(variant, 0) else "draw"
    hands_t = tuple(sorted_hand(h) for h in hands)
    return RoundState(
        variant=variant,
        players=players,
        dealer=dealer,
        hands=hands_t,
        stock=tuple(cards),
        discard=discard,
        opened=(False,) * players,
        to_move=starter,
        phase=phase,
        exchange=exchange,
        turn=Turn(start_jokers=sum(1 for c in hands_t[starter] if c.code == JOKER_CODE)),
        seed=seed,
        deck=order,
        variant_digest=variant.digest(),
    )


def _cut_joker_recipients(variant: Variant, players: int, dealer: int) -> list[int]:
    if variant.deal.cut_joker_order == "none":
        return [(dealer + 1) % players]
    cutter = (dealer + 1) % players
    order = [cutter, dealer]
    order += [(dealer + k) % players for k in range(2, players)]
    return order[:players] if players > 1 else [dealer]


def _code(card: Card) -> int:
    return card.code
