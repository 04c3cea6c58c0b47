"""Judging a set: cards of one rank, each suit once where the variant says
so, jokers standing for the suits the naturals lack (R-ALL-04).

>>> from rummykit.core.cards import parse_cards
>>> judge_set(MeldRules(), parse_cards("7h 7s"), parse_cards("JK")).notation()
'7h 7s JK'
>>> judge_set(MeldRules(), parse_cards("7h 7h 7s"), []).code
'meld.set-duplicate-suit'
"""

from __future__ import annotations

from collections.abc import Sequence

from rummykit.core.cards import Card, Rank, Suit
from rummykit.core.errors import Refusal
from rummykit.core.meld_model import BOUND_SUIT_ORDER, SET_JOKER_SLOTS, SET_SLOTS, Meld, MeldRules
from rummykit.core.meld_refusals import SET_RANKS

__all__ = ["judge_set"]


def judge_set(
    rules: MeldRules,
    naturals: Sequence[Card],
    jokers: Sequence[Card],
    fixed_suits: Sequence[Suit | None] = (),
) -> Meld | Refusal:
    """Judge a set of ``naturals`` and ``jokers`` laid now (a new meld, or a
    lay-off's cards with the table's naturals among ``naturals``);
    ``fixed_suits`` are jokers already on the table (a lay-off), each with
    the suit it stands for (None: any suit the naturals lack)."""
    n = len(naturals) + len(jokers) + len(fixed_suits)
    if n < rules.set_min:
        return Refusal("meld.too-short", "A set needs at least {least} cards.", least=rules.set_min)
    if n > rules.set_max:
        return Refusal("meld.too-long", "A set holds at most {most} cards.", most=rules.set_max)
    rank = naturals[0].rank
    if rank is None:  # a natural card always has a rank
        raise ValueError(f"{naturals[0]} has no rank")
    for card in naturals:
        if card.rank != rank:
            return SET_RANKS
    taken = 0
    for card in naturals:
        bit = 1 << card.code % 4
        if taken & bit and rules.set_distinct_suits:
            return Refusal(
                "meld.set-duplicate-suit",
                "A set may not hold two cards of one suit ({card} twice).",
                card=card,
            )
        taken |= bit
    if fixed_suits:
        with_table = _with_table_jokers(rules, rank, fixed_suits, taken)
        if isinstance(with_table, Refusal):
            return with_table
        taken = with_table
    if rules.set_distinct_suits and n > 4:
        return Refusal("meld.too-long", "A set has only four suits, so at most four cards.")
    joker_suits: list[Suit | None] = []
    if jokers:
        suits = _joker_suits(rules, rank, jokers, taken)
        if isinstance(suits, Refusal):
            return suits
        joker_suits = suits
    bound = rules.bound_set_jokers
    value = rules.values.set_values[rank]
    jokers_row = SET_JOKER_SLOTS[rank]
    slots = [SET_SLOTS[code] for code in sorted(c.code for c in naturals)]
    slots += [jokers_row[4 if suit is None or not bound else suit] for suit in fixed_suits]
    slots += [jokers_row[4 if suit is None or not bound else suit] for suit in joker_suits]
    fixed_joker = rules.values.fixed_joker
    if fixed_joker is None:
        return Meld("set", tuple(slots), value * len(slots))
    wild = len(fixed_suits) + len(joker_suits)
    return Meld("set", tuple(slots), value * (len(slots) - wild) + fixed_joker * wild)


def _with_table_jokers(
    rules: MeldRules, rank: Rank, fixed_suits: Sequence[Suit | None], taken: int
) -> int | Refusal:
    """The suits ``taken`` (bit ``suit``) by a set's naturals, with those its
    table jokers stand for; or the refusal of a table joker standing for a
    suit a natural holds, where suits must differ."""
    for suit in fixed_suits:
        if suit is not None:
            if taken >> suit & 1 and rules.set_distinct_suits:
                return Refusal(
                    "meld.set-duplicate-suit",
                    "The joker in this set stands for {card}; swap it out instead.",
                    card=Card.natural(rank, suit),
                )
            taken |= 1 << suit
    return taken


def _joker_suits(
    rules: MeldRules, rank: Rank, jokers: Sequence[Card], taken: int
) -> list[Suit | None] | Refusal:
    """The suit each new joker of a set stands for (None: any the set lacks),
    declared ones first, beside the suits ``taken``; or the refusal of a
    declaration that does not fit, or of a bound joker with no suit left."""
    joker_suits: list[Suit | None] = []
    pending = 0
    for joker in jokers:
        declared = joker.declared
        if declared is None:
            pending += 1
            continue
        if declared.rank != rank or (taken >> declared.code % 4) & 1:
            return Refusal(
                "meld.joker-declaration",
                "A joker in this set can stand only for a {rank} of a suit the set lacks, not {declared}.",
                rank=rank.symbol,
                declared=declared,
            )
        taken |= 1 << declared.code % 4
        joker_suits.append(declared.suit)
    bound = rules.bound_set_jokers
    for _ in range(pending):
        if bound:
            free = [s for s in BOUND_SUIT_ORDER if not taken >> s & 1]
            if not free:
                return Refusal(
                    "meld.joker-declaration",
                    "A joker in this set must stand for a {rank} of a suit the set lacks; none is left.",
                    rank=rank.symbol,
                )
            suit = free[0]
            taken |= 1 << suit
            joker_suits.append(suit)
        else:
            joker_suits.append(None)
    return joker_suits
