"""least_penalty: the arrangement that leaves the smallest hand penalty."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import attrs

from rummykit.cards import _NATURALS, JOKER, Card, parse_cards
from rummykit.melds import Meld
from rummykit.solver.tables import (
    FACES,
    FULL,
    MEMO_LIMIT,
    Candidate,
    _build,
    _candidates,
    _Hand,
    _Tables,
    _tables,
)
from rummykit.variant import Variant

__all__ = ["Arrangement", "least_penalty"]


@attrs.frozen(slots=True)
class Arrangement:
    """Melds laid from a hand, the cards left over, and their penalty; with
    ``discard``, the card thrown away first (not counted)."""

    melds: tuple[Meld, ...]
    leftover: tuple[Card, ...]
    penalty: int
    discard: Card | None = None


# --------------------------------------------------------------------------- least penalty


def least_penalty(
    variant: Variant, cards: str | Iterable[Card | str], *, discard: bool = False
) -> Arrangement:
    """The melds that leave the smallest hand penalty, and what is left.

    ``discard``: one card is thrown away first (the gin "deadwood after the
    discard" of an 11-card hand); the best card to throw is part of the answer.

    >>> from rummykit.variant import load_variant
    >>> a = least_penalty(load_variant("roemie"), "7h 8h 9h JK Ac")
    >>> [m.notation() for m in a.melds], a.penalty
    (['7h 8h 9h JK=Th'], 10)
    >>> b = least_penalty(load_variant("roemie"), "7h 8h 9h JK Ac", discard=True)
    >>> b.penalty, b.discard
    (0, Card('Ac'))
    """
    hand_cards = [c.face for c in parse_cards(cards)]
    if discard:
        return _least_with_discard(variant, hand_cards)
    penalties = variant.values.hand.by_code
    hand = _Hand(hand_cards)
    tables = _tables(variant)
    cands = _candidates(tables, hand.state & FULL, hand.jokers)
    total = sum(penalties[c.code] for c in hand_cards)
    repeat = hand.repeat
    if len(tables.least) > MEMO_LIMIT:
        tables.least.clear()
    memo = tables.least

    if hand.layers == 1 and not hand.jokers:
        return _least_plain(tables, cands, hand.state, total)
    lookup = memo.get
    single = hand.layers == 1

    def search(state: int, jokers: int) -> int:
        key = (state, jokers)
        hit = lookup(key)
        if hit is not None:
            return hit[0]
        if not state & FULL:
            memo[key] = (0, None)
            return 0
        present = state & FULL
        low = present & -present
        options = cands.get(low.bit_length() - 1)
        choice: Any = None
        if single:
            # One copy of every face: removing cards is a plain xor.
            best = search(state ^ low, jokers)
            if options:
                for cand in options:
                    mask = cand[0]
                    if mask & state == mask and cand[1] <= jokers:
                        value = cand[4] + search(state ^ mask, jokers - cand[1])
                        if value > best:
                            best, choice = value, cand
            memo[key] = (best, choice)
            return best
        # Leave one copy of this face in the hand.
        best = search((state & ~(low * repeat)) | ((state >> FACES) & low * repeat), jokers)
        if options:
            for cand in options:
                mask = cand[0]
                if mask & present == mask and cand[1] <= jokers:
                    spread = mask * repeat
                    value = cand[4] + search(
                        (state & ~spread) | ((state >> FACES) & spread), jokers - cand[1]
                    )
                    if value > best:
                        best, choice = value, cand
        memo[key] = (best, choice)
        return best

    covered = search(hand.state, hand.jokers)
    melds: list[Meld] = []
    leftover: list[Card] = []
    state, jokers = hand.state, hand.jokers
    while state & FULL:
        _, choice = memo[(state, jokers)]
        if choice is None:
            low = state & FULL & -(state & FULL)
            leftover.append(_NATURALS[low.bit_length() - 1])
            state = (state & ~(low * repeat)) | ((state >> FACES) & low * repeat)
        else:
            melds.append(_build(tables, choice))
            spread = choice[0] * repeat
            state = (state & ~spread) | ((state >> FACES) & spread)
            jokers -= choice[1]
    leftover.extend([JOKER] * jokers)
    return Arrangement(tuple(melds), tuple(leftover), total - covered)


def _least_with_discard(variant: Variant, hand: list[Card]) -> Arrangement:
    """least_penalty after throwing the best card away."""
    if not hand:
        raise ValueError("an empty hand has nothing to discard")
    tables = _tables(variant)
    packed = _Hand(hand)
    if packed.layers == 1 and not packed.jokers:
        penalties = variant.values.hand.by_code
        cands = _candidates(tables, packed.state, 0)
        total = sum(penalties[c.code] for c in hand)
        return _least_plain(tables, cands, packed.state, total, discard=True)
    penalty = variant.values.hand.by_code
    best: Arrangement | None = None
    for card in sorted(set(hand), key=lambda c: c.code):
        rest = list(hand)
        rest.remove(card)
        option = least_penalty(variant, rest)
        key = (option.penalty, -penalty[card.code], card.code)
        if best is None or key < (best.penalty, -penalty[best.discard.code], best.discard.code):  # type: ignore[union-attr]
            best = attrs.evolve(option, discard=card)
    assert best is not None
    return best


def _least_plain(
    tables: _Tables, cands: dict[int, list[Candidate]], hand: int, total: int, *, discard: bool = False
) -> Arrangement:
    """least_penalty for the common case of distinct faces and no joker: the
    state is a plain bit mask and the table maps it to the best cover. With
    ``discard``, exactly one card is thrown away, which covers its penalty."""
    memo = tables.least_plain
    if len(memo) > MEMO_LIMIT:
        memo.clear()
    lookup = memo.get
    options_of = cands.get
    penalties = tables.penalties
    flag = 1 << 60  # marks the states that still owe their discard

    def best(state: int) -> int:
        hit = lookup(state)
        if hit is not None:
            return hit
        low = state & -state
        rest = state ^ low
        result = best(rest) if rest else 0
        options = options_of(low.bit_length() - 1)
        if options:
            for cand in options:
                mask = cand[0]
                if mask & state == mask:
                    rest = state ^ mask
                    value = cand[4] + (best(rest) if rest else 0)
                    if value > result:
                        result = value
        memo[state] = result
        return result

    def owing(state: int) -> int:
        """Best cover of ``state`` when one of its cards must be thrown away."""
        key = state | flag
        hit = lookup(key)
        if hit is not None:
            return hit
        low = state & -state
        rest = state ^ low
        # Throw this card away, or keep it as leftover and throw another.
        result = penalties[low.bit_length() - 1] + (best(rest) if rest else 0)
        if rest:
            result = max(result, owing(rest))
        for cand in options_of(low.bit_length() - 1) or ():
            mask = cand[0]
            if mask & state == mask and mask != state:
                value = cand[4] + owing(state ^ mask)
                if value > result:
                    result = value
        memo[key] = result
        return result

    covered = (owing(hand) if discard else best(hand)) if hand else 0
    melds: list[Meld] = []
    leftover: list[Card] = []
    thrown: Card | None = None
    state, owe = hand, discard
    while state:
        low = state & -state
        card = _NATURALS[low.bit_length() - 1]
        rest = state ^ low
        if owe:
            target = owing(state)
            if penalties[card.code] + (best(rest) if rest else 0) == target:
                thrown, owe, state = card, False, rest
                continue
            if rest and owing(rest) == target:
                leftover.append(card)
                state = rest
                continue
            for cand in options_of(low.bit_length() - 1) or ():
                mask = cand[0]
                if mask & state == mask and mask != state and cand[4] + owing(state ^ mask) == target:
                    melds.append(_build(tables, cand))
                    state ^= mask
                    break
            continue
        target = best(state)
        for cand in options_of(low.bit_length() - 1) or ():
            mask = cand[0]
            if mask & state == mask:
                after = state ^ mask
                if cand[4] + (best(after) if after else 0) == target:
                    melds.append(_build(tables, cand))
                    state = after
                    break
        else:
            leftover.append(card)
            state = rest
    return Arrangement(tuple(melds), tuple(leftover), total - covered, thrown)
