"""Judging groups of cards as new melds: sets and runs, jokers and wild deuces.

Everything here is a pure function of a variant's :class:`MeldRules` and the
cards. The answer is a :class:`Meld` (kind, normalised slots, table points) or a
:class:`~rummykit.core.errors.Refusal` with a ``meld.*`` code from docs/refusal-codes.md.
Laying cards off onto a table meld is :mod:`rummykit.core.meld_growth`.

>>> from rummykit.core.cards import parse_cards
>>> rules = MeldRules()
>>> judge_meld(rules, parse_cards("JK 7s 8s")).notation()
'JK=6s 7s 8s'
>>> judge_meld(rules, parse_cards("Kh Ah 2h")).code
'meld.run-wraparound'
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from rummykit.core.cards import JOKER, JOKER_CODE, Card, code_order, wild_card
from rummykit.core.errors import N_, Refusal, joined
from rummykit.core.meld_model import Meld, MeldRules, Slot
from rummykit.core.meld_refusals import NOT_A_MELD, RUN_SUITS, SET_RANKS, deuce_not_wild, too_many_jokers
from rummykit.core.meld_runs import judge_run
from rummykit.core.meld_sets import judge_set
from rummykit.speed.memo import MemoTable

__all__ = ["judge_meld", "place_wild_cards"]

_JUDGED: MemoTable[tuple[Card, ...], Meld | Refusal] = MemoTable("melds.judged", limit=10_000)


def judge_meld(rules: MeldRules, cards: Sequence[Card]) -> Meld | Refusal:
    """Judge a group of cards as a new meld under ``rules``.

    The order of the cards does not matter; a joker may carry a declaration
    (``JK=8h``), which binds it where the variant lets players declare.
    Verdicts are values: they are remembered per rules object and group.
    """
    verdicts = _JUDGED.of(rules)
    key = tuple(cards)
    verdict = verdicts.get(key)
    if verdict is None:
        judge = _judge_with_deuces if rules.wild_naturals_exist else _judge_cards
        verdict = verdicts[key] = judge(rules, key)
    return verdict


def _judge_cards(rules: MeldRules, cards: Sequence[Card]) -> Meld | Refusal:
    naturals: list[Card] = []
    jokers: list[Card] = []
    for card in cards:
        if card.code == JOKER_CODE:
            if not rules.plays_wild(card.face):
                return deuce_not_wild(card)
            jokers.append(card)
        else:
            naturals.append(card)
    if not naturals:
        if not jokers:
            return Refusal("meld.too-short", "A meld needs cards.")
        return Refusal("meld.not-a-meld", "A meld needs at least one natural card.")
    if len(jokers) > rules.joker_limit(len(naturals)):
        return too_many_jokers(rules, len(jokers), len(naturals))
    naturals.sort(key=code_order)  # messages name cards in a fixed order
    rank_bits = suit_bits = 0
    for card in naturals:
        code = card.code
        rank_bits |= 1 << (code >> 2)
        suit_bits |= 1 << (code & 3)
    same_rank = rank_bits & (rank_bits - 1) == 0
    same_suit = suit_bits & (suit_bits - 1) == 0
    if same_rank and not (same_suit and len(naturals) == 1):
        return judge_set(rules, naturals, jokers)
    if same_suit and not same_rank:
        return judge_run(rules, naturals, jokers)
    if same_rank:
        return _judge_one_natural(rules, naturals, jokers)
    ranks, suits = rank_bits.bit_count(), suit_bits.bit_count()
    if ranks < suits:
        return SET_RANKS
    if suits < ranks:
        return RUN_SUITS
    return NOT_A_MELD


def _judge_one_natural(rules: MeldRules, naturals: list[Card], jokers: list[Card]) -> Meld | Refusal:
    """One natural card and jokers: a declaration of another rank makes a
    run, one of the same rank a set; without one, ``ambiguous_kind`` is tried
    first and the other kind second (R-KAL-08: ``7h JK JK`` is three sevens
    where sets come first)."""
    rank_code = naturals[0].code >> 2
    declared = [j.declared.code >> 2 for j in jokers if j.declared is not None]
    if any(code != rank_code for code in declared):
        return judge_run(rules, naturals, jokers)
    if declared or rules.ambiguous_as_set:
        as_set = judge_set(rules, naturals, jokers)
        if isinstance(as_set, Meld):
            return as_set
        as_run = judge_run(rules, naturals, jokers)
        return as_run if isinstance(as_run, Meld) else as_set
    as_run = judge_run(rules, naturals, jokers)
    if isinstance(as_run, Meld):
        return as_run
    as_set = judge_set(rules, naturals, jokers)
    return as_set if isinstance(as_set, Meld) else as_run


# --------------------------------------------------------------------------- wild deuces


def _judge_with_deuces(rules: MeldRules, cards: Sequence[Card]) -> Meld | Refusal:
    """Judge where deuces are wild (R-CON-14), or the cards of a wild rank
    (the same reading: ``7d=8h`` as ``2h=8c``): a declared deuce (``2h=8c``)
    is wild; an undeclared one is itself, unless the meld fails so and reads
    one way only with the fewest of its deuces wild (an undeclared wild deuce
    takes its place in a run as an undeclared joker does). Two ways are
    possible only where one natural card may carry several wild cards (a lone
    deuce of either suit in ``2c 2d JK JK``); the player then declares."""
    verdict = _judge_cards(rules, cards)
    if isinstance(verdict, Meld):
        return place_wild_cards(verdict, [c for c in cards if c.code == JOKER_CODE])
    wild = rules.wild_mask
    deuces = [i for i, card in enumerate(cards) if card.code != JOKER_CODE and wild >> card.code & 1]
    for count in range(1, len(deuces) + 1):
        readings: dict[str, Meld] = {}
        for chosen in itertools.combinations(deuces, count):
            trial = [wild_card(card) if i in chosen else card for i, card in enumerate(cards)]
            meld = _judge_cards(rules, trial)
            if isinstance(meld, Meld):
                meld = place_wild_cards(meld, [c for c in trial if c.code == JOKER_CODE])
                readings.setdefault(meld.notation(), meld)
        if len(readings) == 1:
            return next(iter(readings.values()))
        if readings:
            ways = joined(sorted(readings), N_("{a} or {b}"))
            return Refusal(
                "meld.deuce-ambiguous",
                "These cards make a meld in more than one way ({ways}); declare the wild deuce, like 2h=8c.",
                ways=ways,
            )
    if verdict is SET_RANKS:  # a set once every wild card plays wild, but with too many of them
        too_many = _too_many_wild(rules, cards, deuces)
        return verdict if too_many is None else too_many
    return verdict


def _too_many_wild(rules: MeldRules, cards: Sequence[Card], wild: list[int]) -> Refusal | None:
    """The refusal of cards whose other naturals make one rank once the wild
    naturals at indices ``wild`` (undeclared deuces) play wild, where that
    is more wild cards than a meld may hold (``7h 7s 2c 2d`` where naturals
    must outnumber wild cards); None for any other cards."""
    naturals = [card.code >> 2 for i, card in enumerate(cards) if i not in wild and card.code != JOKER_CODE]
    if not naturals or len(set(naturals)) != 1:
        return None
    jokers = len(cards) - len(naturals)
    return (
        too_many_jokers(rules, jokers, len(naturals)) if jokers > rules.joker_limit(len(naturals)) else None
    )


def place_wild_cards(
    meld: Meld, loose: Sequence[Card], placed: dict[int, Card] | None = None, first: Sequence[Card] = ()
) -> Meld:
    """``meld`` with its wild places holding the wild cards themselves (a wild
    deuce stays the deuce it is). ``placed``: run positions whose wild card
    is known (a table meld's); ``first``: a set's table wild cards, which come
    before the new ones; ``loose``: the wild cards laid now, a declared one
    going to the place it stands for."""
    if all(card.face is JOKER for card in (*loose, *first)) and not placed:
        return meld
    placed = placed or {}
    slots = list(meld.slots)
    free = [i for i, slot in enumerate(slots) if slot.card.code == JOKER_CODE and slot.position not in placed]
    cards: dict[int, Card] = {i: placed[s.position] for i, s in enumerate(slots) if s.position in placed}
    pending: list[Card] = []
    undeclared: list[Card] = []
    for card in sorted(loose, key=str):  # the cards' order as written changes nothing
        target = card.declared
        spot = next((i for i in free if target is not None and slots[i].stands_for is target), None)
        if target is None:
            undeclared.append(card)
        elif spot is None or meld.kind == "set":
            pending.append(card)
        else:
            free.remove(spot)
            cards[spot] = card
    pending = [*first, *pending, *undeclared]
    for i, card in zip(free, pending, strict=False):
        cards[i] = card
    for i, card in cards.items():
        if card.face is not JOKER:
            slot = slots[i]
            slots[i] = Slot(card.undeclared, slot.rank, slot.suit, slot.position)
    return Meld(meld.kind, tuple(slots), meld.points)
