"""Changing melds on the table: laying cards off (:func:`grow_meld`),
swapping a joker out (:func:`swap_joker`, :func:`release_set_joker`), and
reading a table meld back from its notation (:func:`rebuild_meld`).

Like judging, everything here is a pure function of the meld rules and the
cards; the answer is a new :class:`Meld` or a :class:`~rummykit.core.errors.Refusal`.

>>> from rummykit.core.meld_judge import judge_meld
>>> rules = MeldRules()
>>> grow_meld(rules, judge_meld(rules, parse_cards("7h 7s 7d")), "JK").notation()
'7d 7h 7s JK'
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence

from rummykit.core.cards import JOKER, JOKER_CODE, Card, Suit, parse_cards, wild_card
from rummykit.core.errors import N_, Refusal, joined
from rummykit.core.meld_judge import place_wild_cards
from rummykit.core.meld_model import RUN_SLOTS, SET_SLOTS, HasMeldRules, Meld, MeldRules, meld_rules_of
from rummykit.core.meld_refusals import deuce_not_wild, too_many_jokers
from rummykit.core.meld_runs import judge_run
from rummykit.core.meld_sets import judge_set

__all__ = ["grow_meld", "rebuild_meld", "release_set_joker", "swap_joker"]


def grow_meld(variant: HasMeldRules, meld: Meld, cards: str | Iterable[Card | str]) -> Meld | Refusal:
    """Lay ``cards`` off onto the table ``meld``: the grown meld, or a refusal
    with ``layoff.does-not-fit`` (the ``meld.*`` reason is in the message).

    Cards already on the table keep their places; a joker never moves.

    >>> from rummykit.core.meld_judge import judge_meld
    >>> rules = MeldRules()
    >>> run = judge_meld(rules, parse_cards("7s 8s 9s"))
    >>> grow_meld(rules, run, "Ts 6s").notation()
    '6s 7s 8s 9s Ts'
    """
    rules = meld_rules_of(variant)
    added = parse_cards(cards)
    if not added:
        return Refusal("layoff.does-not-fit", "Nothing to lay off.")
    naturals = [c for c in added if c.code != JOKER_CODE]
    jokers = [c for c in added if c.code == JOKER_CODE]
    for card in jokers:
        if card.face.code != JOKER_CODE and not rules.plays_wild(card.face):
            return deuce_not_wild(card).with_code("layoff.does-not-fit")
    if rules.wild_naturals_exist:
        return _extend_with_deuces(rules, meld, naturals, jokers)
    return _extended(rules, meld, naturals, jokers)


def _extended(rules: MeldRules, meld: Meld, naturals: list[Card], jokers: list[Card]) -> Meld | Refusal:
    """``meld`` grown by ``naturals`` and ``jokers``, or a lay-off refusal."""
    total_jokers = meld.jokers + len(jokers)
    total_naturals = len(meld) - meld.jokers + len(naturals)
    if total_jokers > rules.joker_limit(total_naturals):
        reason = too_many_jokers(rules, total_jokers, total_naturals)
        return reason.with_code("layoff.does-not-fit")
    result: Meld | Refusal
    if meld.kind == "set":
        table_naturals = list(meld.naturals)
        fixed_suits = [s.suit for s in meld.joker_slots()]
        result = judge_set(rules, table_naturals + naturals, jokers, fixed_suits)
    else:
        fixed = {slot.position: slot.card for slot in meld.slots}
        result = judge_run(rules, naturals, jokers, fixed)
    if isinstance(result, Refusal):
        return result.with_code("layoff.does-not-fit")
    return result


def _extend_with_deuces(
    rules: MeldRules, meld: Meld, naturals: list[Card], jokers: list[Card]
) -> Meld | Refusal:
    """A lay-off where deuces are wild: undeclared deuces natural first, then
    with the fewest of them wild; the wild cards keep their identity."""
    verdict = _extended(rules, meld, naturals, jokers)
    deuces = [i for i, card in enumerate(naturals) if rules.plays_wild(card)]
    count = 0
    while not isinstance(verdict, Meld) and count < len(deuces):
        count += 1
        for chosen in itertools.combinations(deuces, count):
            wild = [wild_card(naturals[i]) for i in chosen]
            rest = [card for i, card in enumerate(naturals) if i not in chosen]
            grown = _extended(rules, meld, rest, [*jokers, *wild])
            if isinstance(grown, Meld):
                verdict, jokers = grown, [*jokers, *wild]
                break
    if not isinstance(verdict, Meld):
        return verdict
    if meld.kind == "set":
        return place_wild_cards(verdict, jokers, first=[s.card for s in meld.joker_slots()])
    placed = {s.position: s.card for s in meld.joker_slots()}
    return place_wild_cards(verdict, jokers, placed=placed)


def swap_joker(
    variant: HasMeldRules, meld: Meld, card: Card, *, set_min_naturals: int = 0
) -> tuple[Meld, tuple[int, ...]] | Refusal:
    """Put natural ``card`` in place of the joker it stands for.

    Returns the new meld and, for each of its slots, the index of the slot it
    came from (so callers can carry per-slot data such as credits), or a
    refusal: ``swap.no-joker``, ``swap.wrong-card``,
    ``swap.set-needs-three-naturals``.

    >>> from rummykit.core.meld_judge import judge_meld
    >>> rules = MeldRules()
    >>> new, order = swap_joker(rules, judge_meld(rules, parse_cards("7h JK 9h")), Card("8h"))
    >>> new.notation(), order
    ('7h 8h 9h', (0, 1, 2))
    """
    jokers = [i for i, slot in enumerate(meld.slots) if slot.card.code == JOKER_CODE]
    if not jokers:
        return Refusal("swap.no-joker", "This meld holds no joker.")
    if card.code == JOKER_CODE:
        return Refusal("swap.wrong-card", "A joker can only be swapped out by a natural card.")
    slots = list(meld.slots)
    if meld.kind == "run":
        for i in jokers:
            if slots[i].stands_for is card:
                slots[i] = RUN_SLOTS[slots[i].suit or 0][slots[i].position]  # type: ignore[assignment]
                return Meld("run", tuple(slots), meld.points), tuple(range(len(slots)))
        return Refusal("swap.wrong-card", "No joker in this meld stands for {card}.", card=card)
    naturals = len(slots) - len(jokers)
    if naturals < set_min_naturals:
        return Refusal(
            "swap.set-needs-three-naturals",
            "A joker may leave a set only when it lies beside {least} natural cards.",
            least=set_min_naturals,
        )
    held = {s.suit for s in slots if s.card.code != JOKER_CODE}
    if card.rank != meld.rank or card.suit in held:
        return Refusal("swap.wrong-card", "No joker in this set stands for {card}.", card=card)
    target = next((i for i in jokers if slots[i].suit in (card.suit, None)), None)
    if target is None:
        return Refusal("swap.wrong-card", "No joker in this set stands for {card}.", card=card)
    slots[target] = SET_SLOTS[card.code]
    order = sorted(
        range(len(slots)),
        key=lambda i: (slots[i].card.code == JOKER_CODE, slots[i].card.code, i),
    )
    return Meld("set", tuple(slots[i] for i in order), meld.points), tuple(order)


def release_set_joker(
    variant: HasMeldRules, meld: Meld, cards: Sequence[Card]
) -> tuple[Meld, tuple[int | None, ...]] | Refusal:
    """Release the joker of a set by laying every suit its natural cards lack.

    Only a set of exactly ``set_min`` cards holding one joker is open, and only
    while the set with every missing suit stays within ``set_max``; any other
    set with a joker is closed. Returns the new all-natural set and, for each
    of its slots, the index of the slot it came from (the joker's index for the
    first card laid in the joker's place, None for the other new cards), or a
    refusal: ``swap.no-joker``, ``swap.set-closed``, ``swap.wrong-card``,
    ``swap.set-needs-both-suits``.

    >>> from rummykit.core.meld_judge import judge_meld
    >>> rules = MeldRules()
    >>> meld = judge_meld(rules, parse_cards("7h 7s JK"))
    >>> new, order = release_set_joker(rules, meld, parse_cards("7c 7d"))
    >>> new.notation(), order
    ('7c 7d 7h 7s', (2, None, 0, 1))
    >>> release_set_joker(rules, meld, parse_cards("7c")).code
    'swap.set-needs-both-suits'
    """
    rules = variant.meld_rules
    jokers = [i for i, slot in enumerate(meld.slots) if slot.card.code == JOKER_CODE]
    if not jokers:
        return Refusal("swap.no-joker", "This meld holds no joker.")
    rank = meld.rank
    if meld.kind != "set" or rank is None:
        return Refusal("swap.wrong-card", "A run's joker is released by one card, the one it stands for.")
    held = {s.suit for s in meld.slots if s.card.code != JOKER_CODE}
    missing = [suit for suit in Suit if suit not in held]
    if len(meld) != rules.set_min or len(jokers) != 1 or len(held) + len(missing) > rules.set_max:
        return Refusal(
            "swap.set-closed",
            "Only a set of {size} cards with one joker can release it; this set is closed.",
            size=rules.set_min,
        )
    named: set[Suit] = set()
    for card in cards:
        suit = card.suit
        if suit is None or card.rank != rank or suit in held or suit in named:
            return Refusal("swap.wrong-card", "{card} is not a suit this set lacks.", card=card)
        named.add(suit)
    if len(named) != len(missing):
        lacking = joined([Card.natural(rank, suit) for suit in missing], N_("{a} and {b}"))
        return Refusal(
            "swap.set-needs-both-suits",
            "The joker leaves this set only when every missing suit is laid with it: {lacking}.",
            lacking=lacking,
        )
    return _released_set(rules, meld, jokers[0], cards)


def _released_set(
    rules: MeldRules, meld: Meld, joker: int, cards: Sequence[Card]
) -> tuple[Meld, tuple[int | None, ...]] | Refusal:
    """The set of ``meld``'s naturals and ``cards``, with where each slot came from."""
    naturals = [*meld.naturals, *cards]
    result = judge_set(rules, naturals, [])
    if isinstance(result, Refusal):
        return result
    pool: list[tuple[Card, int | None]] = [(s.card, i) for i, s in enumerate(meld.slots) if i != joker]
    pool += [(card, joker if k == 0 else None) for k, card in enumerate(cards)]
    order: list[int | None] = []
    for slot in result.slots:
        found = next(k for k, (card, _) in enumerate(pool) if card is slot.card)
        order.append(pool.pop(found)[1])
    return result, tuple(order)


def rebuild_meld(variant: HasMeldRules, kind: str, cards: Sequence[Card]) -> Meld | Refusal:
    """A table meld from its slots in normal order (``Meld.notation()`` read
    back): every card keeps its place, jokers stand for what they are declared
    as. Used to load states; refuses a meld the rules would not hold."""
    rules = variant.meld_rules
    if not cards:
        return Refusal("meld.too-short", "A meld needs cards.")
    wild = [c for c in cards if c.code == JOKER_CODE and c.face.code != JOKER_CODE]
    refused = next((c for c in wild if not rules.plays_wild(c.face)), None)
    if refused is not None:
        return deuce_not_wild(refused)
    rebuilt = _rebuilt(rules, kind, cards)
    if not wild or isinstance(rebuilt, Refusal):
        return rebuilt
    if kind == "set":
        return place_wild_cards(rebuilt, [], first=[c for c in cards if c.code == JOKER_CODE])
    placed = {rebuilt.low + i: c for i, c in enumerate(cards) if c.code == JOKER_CODE}
    return place_wild_cards(rebuilt, [], placed=placed)


def _rebuilt(rules: MeldRules, kind: str, cards: Sequence[Card]) -> Meld | Refusal:
    """The table meld of :func:`rebuild_meld`, jokers as jokers."""
    if kind == "set":
        naturals = [c for c in cards if c.code != JOKER_CODE]
        suits = [c.declared.suit if c.declared is not None else None for c in cards if c.code == JOKER_CODE]
        if not naturals:
            return Refusal("meld.not-a-meld", "A meld needs at least one natural card.")
        if len(suits) > rules.joker_limit(len(naturals)):
            return too_many_jokers(rules, len(suits), len(naturals))
        return judge_set(rules, naturals, [], suits)
    if kind != "run":
        return Refusal("meld.not-a-meld", "Unknown meld kind {kind}.", kind=repr(kind))
    first = cards[0].declared if cards[0].code == JOKER_CODE else cards[0]
    if first is None:
        return Refusal("meld.joker-declaration", "A run's jokers must say what they stand for.")
    rank = first.code // 4 + 2
    start = 1 if rank == 14 and len(cards) > 1 else rank
    fixed: dict[int, Card] = {}
    for offset, card in enumerate(cards):
        position = start + offset
        if card.code == JOKER_CODE:
            declared = card.declared
            expected = 14 if position in (1, 14) else position
            if declared is None or declared.code // 4 + 2 != expected or declared.suit != first.suit:
                return Refusal(
                    "meld.joker-declaration", "The joker at place {place} does not fit.", place=offset + 1
                )
            fixed[position] = JOKER
        else:
            fixed[position] = card
    run_jokers = sum(1 for c in cards if c.code == JOKER_CODE)
    if run_jokers > rules.joker_limit(len(cards) - run_jokers):
        return too_many_jokers(rules, run_jokers, len(cards) - run_jokers)
    naturals_fixed = {p: c for p, c in fixed.items() if c.code != JOKER_CODE}
    if not naturals_fixed:
        return Refusal("meld.not-a-meld", "A meld needs at least one natural card.")
    for p, c in naturals_fixed.items():
        if (14 if p in (1, 14) else p) != c.code // 4 + 2:
            return Refusal("meld.run-gap", "The cards of this run are not in sequence.")
    if len(cards) < rules.run_min:
        return Refusal("meld.too-short", "A run needs at least {least} cards.", least=rules.run_min)
    return judge_run(rules, [], [], fixed)
