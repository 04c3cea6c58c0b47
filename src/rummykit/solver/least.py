"""least_penalty: the arrangement that leaves the smallest hand penalty."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

import attrs

from rummykit.cards import _NATURALS, JOKER, JOKER_CODE, Card, parse_card, parse_cards
from rummykit.melds import Meld
from rummykit.solver.tables import (
    FACES,
    FULL,
    MEMO_LIMIT,
    Chain,
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
    if isinstance(cards, str):
        cards = parse_cards(cards)
    elif not isinstance(cards, (list, tuple)):
        cards = tuple(cards)
    tables = _tables(variant)
    penalties = tables.penalties
    plain = _pack_plain(cards, penalties)
    if plain is not None:
        return _least_plain(tables, plain[0], plain[1], discard=discard)
    hand_cards = [c.face for c in parse_cards(cards)]
    if discard:
        return _least_with_discard(variant, hand_cards)
    hand = _Hand(hand_cards)
    total = sum(penalties[c.code] for c in hand_cards)
    cands = _candidates(tables, hand.state & FULL, hand.jokers)
    repeat = hand.repeat
    if len(tables.least) > MEMO_LIMIT:
        tables.least.clear()
    memo = tables.least
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


def _pack_plain(cards: Sequence[Card | str], penalties: Sequence[int]) -> tuple[int, int] | None:
    """A hand of distinct natural faces as one bit mask, with its penalty;
    None for a hand with a joker or a repeated face."""
    state = total = 0
    for card in cards:
        if not isinstance(card, Card):
            card = parse_card(card)
        code = card.code
        bit = 1 << code
        if state & bit or code == JOKER_CODE:
            return None
        state |= bit
        total += penalties[code]
    return state, total


def _least_with_discard(variant: Variant, hand: list[Card]) -> Arrangement:
    """least_penalty after throwing the best card away, for hands with jokers
    or repeated faces: every card is tried."""
    if not hand:
        raise ValueError("an empty hand has nothing to discard")
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


def _least_plain(tables: _Tables, hand: int, total: int, *, discard: bool = False) -> Arrangement:
    """least_penalty for the common case of distinct faces and no joker: the
    state is a plain bit mask, the candidates are the deck's jokerless melds
    in chains (tables.plain_chains), and a table shared by all hands maps a
    state to its best cover. With ``discard``, exactly one card is thrown
    away, which covers its penalty."""
    if discard:
        return _least_plain_owing(tables, hand, total)
    chains = tables.plain_chains()
    memo = tables.least_plain
    if len(memo) > MEMO_LIMIT:
        memo.clear()
    lookup = memo.get

    def best(state: int) -> int:
        low = state & -state
        rest = state ^ low
        result = 0
        if rest:
            hit = lookup(rest)
            result = best(rest) if hit is None else hit
        for chain in chains[low.bit_length() - 1]:
            for mask, gain in chain:
                if mask & state != mask:
                    break
                after = state ^ mask
                if after:
                    hit = lookup(after)
                    gain += best(after) if hit is None else hit
                if gain > result:
                    result = gain
        memo[state] = result
        return result

    covered = 0
    if hand:
        hit = lookup(hand)
        covered = best(hand) if hit is None else hit
    # Every state the walk reaches was valued by the search, the empty one excepted.
    melds: list[Meld] = []
    leftover: list[Card] = []
    state = hand
    while state:
        low = state & -state
        rest = state ^ low
        target = memo[state]
        if (memo[rest] if rest else 0) == target:
            leftover.append(_NATURALS[low.bit_length() - 1])
            state = rest
            continue
        mask = _meld_reaching(chains[low.bit_length() - 1], state, target, memo.__getitem__, 0)
        melds.append(tables.plain_meld(mask))
        state ^= mask
    return Arrangement(tuple(melds), tuple(leftover), total - covered)


def _least_plain_owing(tables: _Tables, hand: int, total: int) -> Arrangement:
    """_least_plain with one card to throw away. A state maps to two covers:
    the best, and the best that leaves a card over to throw."""
    chains = tables.plain_chains()
    penalties = tables.penalties
    memo = tables.least_owing
    if len(memo) > MEMO_LIMIT:
        memo.clear()
    lookup = memo.get

    def both(state: int) -> tuple[int, int]:
        low = state & -state
        index = low.bit_length() - 1
        rest = state ^ low
        if rest:
            # This card is left over: thrown away, or kept while another is.
            best, owing = lookup(rest) or both(rest)
            if penalties[index] + best > owing:
                owing = penalties[index] + best
        else:
            best, owing = 0, penalties[index]
        for chain in chains[index]:
            for mask, gain in chain:
                if mask & state != mask:
                    break
                after = state ^ mask
                if after:
                    after_best, after_owing = lookup(after) or both(after)
                    if gain + after_best > best:
                        best = gain + after_best
                    if gain + after_owing > owing:
                        owing = gain + after_owing
                elif gain > best:
                    best = gain
        found = memo[state] = (best, owing)
        return found

    if not hand:
        raise ValueError("an empty hand has nothing to discard")
    covered = (lookup(hand) or both(hand))[1]

    def cover_of(state: int) -> int:
        return memo[state][0]

    def owing_of(state: int) -> int:
        return memo[state][1]

    # Every state the walk reaches was valued by the search (the empty one
    # excepted: nothing to cover, no card to throw).
    values = (cover_of, owing_of)
    nothing = (0, -1)
    melds: list[Meld] = []
    leftover: list[Card] = []
    thrown: Card | None = None
    state = hand
    slot = 1  # 1 while a card is still to be thrown, then 0
    while state:
        low = state & -state
        index = low.bit_length() - 1
        rest = state ^ low
        target = memo[state][slot]
        after_low = memo[rest] if rest else nothing
        if slot and penalties[index] + after_low[0] == target:
            thrown, state, slot = _NATURALS[index], rest, 0
            continue
        if after_low[slot] == target:
            leftover.append(_NATURALS[index])
            state = rest
            continue
        mask = _meld_reaching(chains[index], state, target, values[slot], -slot)
        melds.append(tables.plain_meld(mask))
        state ^= mask
    return Arrangement(tuple(melds), tuple(leftover), total - covered, thrown)


def _meld_reaching(
    chains: tuple[Chain, ...], state: int, target: int, value: Callable[[int], int], empty: int
) -> int:
    """The first chained meld of ``state`` whose gain and the ``value`` of
    what is left (``empty`` when nothing is) reach ``target``."""
    for chain in chains:
        for mask, gain in chain:
            if mask & state != mask:
                break
            after = state ^ mask
            if gain + (value(after) if after else empty) == target:
                return mask
    raise AssertionError("the search table has no meld for its own value")
