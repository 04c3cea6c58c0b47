"""Dealing a round; how the cards are shared out is the variant's deal stage
(:mod:`rummykit.rules.deal`), the shuffle is :mod:`rummykit.round.shuffling`'s.

>>> import rummykit as rk
>>> state = deal(rk.load_variant("rami51"), players=2, seed=7)
>>> len(state.hands[0]), len(state.discard), state.phase
(13, 1, 'draw')
"""

from __future__ import annotations

import operator
from collections.abc import Sequence
from typing import SupportsIndex

from rummykit.core.cards import JOKER_CODE, Card, code_order
from rummykit.core.round_values import Phase, Turn, sorted_hand
from rummykit.round.deal_check import after_deal
from rummykit.round.shuffling import rng_for, shuffle
from rummykit.round.state import RoundState
from rummykit.rules.contract import contract_deal_rule, deal_count
from rummykit.rules.first_upcard import offers_first_upcard
from rummykit.rules.opening import opened_at_deal
from rummykit.rules.rule_set import rules_of
from rummykit.variant.model import Variant, as_variant

__all__ = ["deal", "first_player", "next_seat"]


def next_seat(variant: Variant, players: int, seat: int, steps: int = 1) -> int:
    """The seat ``steps`` turns after ``seat`` in the direction of play."""
    return rules_of(variant).deal.next_seat(players, seat, steps)


def first_player(variant: Variant, players: int, dealer: int) -> int:
    return rules_of(variant).deal.first_player(players, dealer)


def deal(
    variant: Variant | str,
    *,
    players: int,
    seed: SupportsIndex | None = None,
    dealer: int | None = None,
    jokers: int | None = None,
    deck: Sequence[Card] | None = None,
    deal_number: int = 0,
) -> RoundState:
    """Deal a round. ``deck`` (top first) replays a recorded deal exactly; else the
    variant's deck is shuffled with ``seed``. ``dealer`` None: chosen at random
    (from the seed), R-ALL-11. ``deal_number`` (1 up) is the deal of a match
    where each deal has its own contract and hand size (0: not in use; a
    variant with contracts reads it as 1)."""
    variant = as_variant(variant)
    variant.check_players(players)
    deal_number = _checked_deal_number(variant, deal_number)
    canonical = variant.deck_for(players, jokers)
    number = None if seed is None else operator.index(seed)  # numpy's integers too; a float is a TypeError
    rng = rng_for(number)
    rule = contract_deal_rule(variant, rules_of(variant).deal, deal_number)
    if dealer is None:
        dealer = rule.first_dealer(players, rng.random())
    if not 0 <= dealer < players:
        raise ValueError(f"dealer must be a seat from 0 to {players - 1}, not {dealer}")
    if deck is None:
        order = shuffle(canonical, rng)
    else:
        order = tuple(c.face for c in deck)
        if sorted(order, key=code_order) != sorted(canonical, key=code_order):
            raise ValueError("the recorded deck is not this variant's deck for this player count")
    dealt = rule.deal(order, players, dealer)
    phase: Phase = "play" if rules_of(variant).draw.turn_starts_drawn(0) else "draw"
    if offers_first_upcard(variant):
        phase = "first_upcard"
    hands = tuple(sorted_hand(h) for h in dealt.hands)
    starter = dealt.first_player
    dealt_state = RoundState(
        variant=variant,
        players=players,
        dealer=dealer,
        hands=hands,
        stock=dealt.stock,
        discard=dealt.discard,
        opened=(opened_at_deal(variant),) * players,
        to_move=starter,
        phase=phase,
        exchange=dealt.exchange,
        indicator=dealt.indicator,
        turn=Turn(start_jokers=sum(1 for c in hands[starter] if c.code == JOKER_CODE)),
        seed=number,
        deal_number=deal_number,
        deck=order,
        variant_digest=variant.digest(),
    )
    return after_deal(dealt_state)


def _checked_deal_number(variant: Variant, deal_number: int) -> int:
    """``deal_number`` as the deal uses it: 1 for 0 where the variant has
    contract deals; a TypeError or ValueError for a number it has no deal of
    (a saved state holding it would be refused)."""
    if isinstance(deal_number, bool) or not hasattr(type(deal_number), "__index__"):
        raise TypeError(f"deal_number must be an int, not {type(deal_number).__name__}")
    deal_number, deals = operator.index(deal_number), deal_count(variant)
    if deals and 0 <= deal_number <= deals:
        return deal_number or 1
    if not deals and deal_number == 0:
        return 0
    expected = f"from 1 to {deals}" if deals else f"0 ({variant.id} has no contract deals)"
    raise ValueError(f"deal_number must be {expected}, not {deal_number}")
