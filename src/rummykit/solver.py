"""The meld solver: best opening, going out, least penalty. Exact and pure.

Hands are multisets of faces plus a number of jokers. Inside, a hand is one
integer: bit ``code + 52*i`` is set when the hand holds more than ``i`` copies
of the face ``code``, so removing a meld (never two equal faces) is two integer
operations. A depth-first search decides the lowest remaining face first
(leave it, meld it, lay it off, discard it) and memoises every state, which
makes it exact: the tests compare it with a brute-force reference.

Candidate melds come from per-suit and per-rank patterns, cached per variant,
so a hand's candidates are found by a few dictionary look-ups.

>>> from rummykit.variant import load_variant
>>> rami = load_variant("rami51")
>>> best_opening(rami, parse_cards("Ah Kh Qh Jh 9c 9d 9s 2c 5d")).points
68
>>> least_penalty(rami, parse_cards("7h 8h 9h 9c 9d 2s")).penalty
17
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from typing import Any

import attrs

from rummykit.cards import _NATURALS, JOKER, JOKER_CODE, Card, parse_cards
from rummykit.errors import Refusal
from rummykit.melds import Meld, MeldRules, extend_meld, judge_meld
from rummykit.variant import Variant

__all__ = [
    "Arrangement",
    "GoOutPlan",
    "OpeningPlan",
    "best_opening",
    "can_go_out",
    "clear_caches",
    "least_penalty",
]

FACES = 52
FULL = (1 << FACES) - 1
MEMO_LIMIT = 200_000  # entries kept in a variant's shared least-penalty table
NEG = -1  # "impossible" in the value tables (all real values are >= 0)


@attrs.frozen(slots=True)
class OpeningPlan:
    """The melds of the best opening and their table value."""

    melds: tuple[Meld, ...]
    points: int


@attrs.frozen(slots=True)
class Arrangement:
    """Melds laid from a hand, the cards left over, and their penalty; with
    ``discard``, the card thrown away first (not counted)."""

    melds: tuple[Meld, ...]
    leftover: tuple[Card, ...]
    penalty: int
    discard: Card | None = None


@attrs.frozen(slots=True)
class GoOutPlan:
    """How a whole hand can be laid down: new melds, lay-offs onto table melds
    (meld index, cards), and the last discard (None when nothing is kept)."""

    melds: tuple[Meld, ...]
    layoffs: tuple[tuple[int, tuple[Card, ...]], ...]
    discard: Card | None


# --------------------------------------------------------------------------- candidates
#
# A candidate is (mask, jokers, value, pure, gain, info): the natural faces it
# uses, the jokers it needs, its table value as the variant would count it (the
# player declares the best place where the variant lets him), whether it is a
# pure run, the hand penalty it saves, and what is needed to build the Meld:
# ("set", rank) or ("run", suit, start, length).

Candidate = tuple[int, int, int, bool, int, tuple[Any, ...]]


class _Tables:
    """Per-variant caches of candidate melds, keyed on suit and rank patterns."""

    def __init__(self, rules: MeldRules, pure_min: int, penalties: Sequence[int]) -> None:
        self.rules = rules
        self.pure_min = pure_min
        self.penalties = penalties
        self.built: dict[Candidate, Meld] = {}
        # least_penalty's search results, shared by every hand of this variant:
        # a state's best cover depends only on the state (a transposition table).
        self.least: dict[tuple[int, int], tuple[int, Any]] = {}
        self.least_plain: dict[int, int] = {}  # the same for hands of distinct faces, no joker
        self.longest = min(rules.run_max, 13)
        self.lowest = 1 if rules.ace_low else 2
        self.highest = 14 if rules.ace_high else 13
        self.run_cache: dict[tuple[int, int, int], list[tuple[int, Candidate]]] = {}
        self.set_cache: dict[tuple[int, int, int], list[tuple[int, Candidate]]] = {}
        values = rules.values.run_values
        self.prefix = [0]
        for v in values:
            self.prefix.append(self.prefix[-1] + v)

    def runs(self, suit: int, pattern: int, max_jokers: int) -> list[tuple[int, Candidate]]:
        """The runs of one suit's pattern, each with its lowest face."""
        key = (suit, pattern, max_jokers)
        found = self.run_cache.get(key)
        if found is None:
            found = self.run_cache[key] = _by_lowest(self._runs(suit, pattern, max_jokers))
        return found

    def _runs(self, suit: int, pattern: int, max_jokers: int) -> list[Candidate]:
        rules = self.rules
        best: dict[tuple[int, int], list[Any]] = {}
        declared = rules.joker_placement == "declared"
        for lo in range(self.lowest, self.highest - rules.run_min + 2):
            for length in range(rules.run_min, self.longest + 1):
                hi = lo + length - 1
                if hi > self.highest:
                    break
                window = ((1 << length) - 1) << lo
                present = pattern & window
                count = present.bit_count()
                gaps = length - count
                if gaps > max_jokers:
                    continue
                value = self.prefix[hi + 1] - self.prefix[lo]
                # Any subset of the present naturals may be replaced by jokers.
                positions = [p for p in range(lo, hi + 1) if present >> p & 1]
                for dropped in _subsets(positions, max_jokers - gaps):
                    used = [p for p in positions if p not in dropped]
                    if not used:
                        continue
                    mask = 0
                    for p in used:
                        rank = 14 if p == 1 else p
                        mask |= 1 << ((rank - 2) * 4 + suit)
                    jokers = length - len(used)
                    key = (mask, jokers)
                    entry = best.get(key)
                    better = entry is None or (value > entry[0] if declared else value < entry[0])
                    if better:
                        best[key] = [value, jokers == 0 and length >= self.pure_min, lo, length]
        return [
            (mask, jokers, v, pure, self._gain(mask, jokers), ("run", suit, lo, length))
            for (mask, jokers), (v, pure, lo, length) in best.items()
        ]

    def _gain(self, mask: int, jokers: int) -> int:
        return sum(self.penalties[code] for code in _codes(mask)) + jokers * self.penalties[JOKER_CODE]

    def sets(self, rank_index: int, pattern: int, max_jokers: int) -> list[tuple[int, Candidate]]:
        """The sets of one rank's suit pattern, each with its lowest face."""
        key = (rank_index, pattern, max_jokers)
        found = self.set_cache.get(key)
        if found is None:
            found = self.set_cache[key] = _by_lowest(self._sets(rank_index, pattern, max_jokers))
        return found

    def _sets(self, rank_index: int, pattern: int, max_jokers: int) -> list[Candidate]:
        rules = self.rules
        suits = [s for s in range(4) if pattern >> s & 1]
        value = rules.values.set_values[rank_index + 2]
        out: list[Candidate] = []
        for chosen in _all_subsets(suits):
            if not chosen:
                continue
            for jokers in range(max_jokers + 1):
                size = len(chosen) + jokers
                if size < rules.set_min or size > rules.set_max:
                    continue
                if rules.set_distinct_suits and size > 4:
                    continue
                mask = 0
                for s in chosen:
                    mask |= 1 << (rank_index * 4 + s)
                gain = self._gain(mask, jokers)
                out.append((mask, jokers, value * size, False, gain, ("set", rank_index + 2)))
        return out


def _by_lowest(cands: list[Candidate]) -> list[tuple[int, Candidate]]:
    return [((c[0] & -c[0]).bit_length() - 1, c) for c in cands]


def _subsets(items: Sequence[int], at_most: int) -> Iterable[tuple[int, ...]]:
    yield ()
    if at_most >= 1:
        for i, a in enumerate(items):
            yield (a,)
            if at_most >= 2:
                for rest in _subsets(items[i + 1 :], at_most - 1):
                    if rest:
                        yield (a, *rest)


def _all_subsets(items: Sequence[int]) -> Iterable[tuple[int, ...]]:
    for bits in range(1 << len(items)):
        yield tuple(x for i, x in enumerate(items) if bits >> i & 1)


_TABLES: dict[tuple[MeldRules, int, tuple[int, ...]], _Tables] = {}


_BY_VARIANT: dict[int, tuple[Variant, _Tables]] = {}


def _tables(variant: Variant) -> _Tables:
    # Looked up by the variant object first: hashing the rules on every call
    # would cost more than many a search.
    hit = _BY_VARIANT.get(id(variant))
    if hit is not None and hit[0] is variant:
        return hit[1]
    pure_min = variant.opening.pure_run_min
    penalties = variant.values.hand.by_code
    key = (variant.meld_rules, pure_min, penalties)
    found = _TABLES.get(key)
    if found is None:
        found = _TABLES[key] = _Tables(variant.meld_rules, pure_min, penalties)
    if len(_BY_VARIANT) > 256:
        _BY_VARIANT.clear()
    _BY_VARIANT[id(variant)] = (variant, found)
    return found


class _Hand:
    """A hand packed for the search."""

    __slots__ = ("jokers", "layers", "repeat", "state")

    def __init__(self, cards: Iterable[Card]) -> None:
        jokers = 0
        state = 0
        for card in cards:
            code = card.code
            if code == JOKER_CODE:
                jokers += 1
                continue
            bit = 1 << code
            while state & bit:
                bit <<= FACES
            state |= bit
        self.state = state
        self.jokers = jokers
        self.layers = max(1, (state.bit_length() + FACES - 1) // FACES)
        self.repeat = sum(1 << (FACES * i) for i in range(self.layers))


def _candidates(tables: _Tables, faces: int, jokers: int) -> dict[int, list[Candidate]]:
    """Every candidate meld of these faces, grouped by its lowest face."""
    max_jokers = min(tables.rules.max_jokers, jokers)
    suit_patterns = [0, 0, 0, 0]
    rank_patterns: dict[int, int] = {}
    rest = faces
    ace_low, ace_high = tables.rules.ace_low, tables.rules.ace_high
    while rest:
        low = rest & -rest
        code = low.bit_length() - 1
        rest ^= low
        rank_index, suit = code >> 2, code & 3
        rank_patterns[rank_index] = rank_patterns.get(rank_index, 0) | (1 << suit)
        if rank_index == 12:
            if ace_low:
                suit_patterns[suit] |= 1 << 1
            if ace_high:
                suit_patterns[suit] |= 1 << 14
        else:
            suit_patterns[suit] |= 1 << (rank_index + 2)
    grouped: dict[int, list[Candidate]] = {}
    lists = [tables.runs(suit, p, max_jokers) for suit, p in enumerate(suit_patterns) if p]
    lists += [tables.sets(r, p, max_jokers) for r, p in rank_patterns.items()]
    for found in lists:
        for low, cand in found:
            group = grouped.get(low)
            if group is None:
                grouped[low] = [cand]
            else:
                group.append(cand)
    return grouped


# --------------------------------------------------------------------------- building melds


def _build(tables: _Tables, cand: Candidate) -> Meld:
    found = tables.built.get(cand)
    if found is not None:
        return found
    mask, jokers, value, _, _, info = cand
    naturals = [Card.natural(code // 4 + 2, code % 4) for code in _codes(mask)]
    if info[0] == "set":
        cards = naturals + [JOKER] * jokers
    else:
        _, suit, start, length = info
        held = {14 if c.rank == 14 and start == 1 else int(c.rank or 0) for c in naturals}
        if start == 1:
            held = {1 if r == 14 else r for r in held}
        free = [p for p in range(start, start + length) if p not in held]
        cards = naturals + [Card.joker(Card.natural(14 if p == 1 else p, suit)) for p in free]
    meld = judge_meld(tables.rules, cards)
    assert isinstance(meld, Meld) and meld.points == value, (cards, meld, value)
    if len(tables.built) < 100_000:
        tables.built[cand] = meld
    return meld


def _codes(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


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


# --------------------------------------------------------------------------- best opening


def best_opening(
    variant: Variant,
    cards: str | Iterable[Card | str],
    *,
    must_use: Card | str | None = None,
    minimum: int | None = None,
) -> OpeningPlan | None:
    """The melds of highest table value that open under the variant's rules
    (minimum, pure run, jokers per meld), optionally using ``must_use``; None if
    the hand cannot open. ``minimum`` replaces the variant's minimum (0: the
    most valuable melds, whatever their total).

    >>> from rummykit.variant import load_variant
    >>> best_opening(load_variant("romme51"), "Kh Ks Kd Kc 9h 9s 9d") is None
    True
    """
    hand_cards = [c.face for c in parse_cards(cards)]
    forced = parse_cards([must_use])[0].face if must_use is not None else None
    if forced is not None and forced not in hand_cards:
        return None
    hand = _Hand(hand_cards)
    tables = _tables(variant)
    cands = _candidates(tables, hand.state & FULL, hand.jokers)
    need_pure = variant.opening.require_pure_run
    forced_mask = 0 if forced is None or forced.is_joker else 1 << forced.code
    forced_joker = forced is not None and forced.is_joker
    # Flags: bit 0 = a pure run is laid, bit 1 = the forced card is used.
    flags_wanted = (1 if need_pure else 0) | (2 if forced is not None else 0)
    width = flags_wanted + 1
    options: dict[int, list[tuple[int, int, int, int, Candidate]]] = {}
    for face, group in cands.items():
        options[face] = [
            (
                c[0],
                c[1],
                c[2],
                ((1 if c[3] else 0) | (2 if (c[0] & forced_mask or (forced_joker and c[1])) else 0))
                & flags_wanted,
                c,
            )
            for c in group
        ]
    repeat = hand.repeat
    memo: dict[tuple[int, int], tuple[list[int], list[Any]]] = {}
    base = [0] + [NEG] * (width - 1)

    def search(state: int, jokers: int) -> list[int]:
        key = (state, jokers)
        hit = memo.get(key)
        if hit is not None:
            return hit[0]
        present = state & FULL
        if not present:
            memo[key] = (base, [None] * width)
            return base
        low = present & -present
        face = low.bit_length() - 1
        result = list(search((state & ~(low * repeat)) | ((state >> FACES) & low * repeat), jokers))
        choices: list[Any] = [None] * width
        for mask, need, value, flags, cand in options.get(face, ()):
            if need <= jokers and mask & present == mask:
                spread = mask * repeat
                child = search((state & ~spread) | ((state >> FACES) & spread), jokers - need)
                for f in range(width):
                    got = child[f & ~flags]
                    if got >= 0 and got + value > result[f]:
                        result[f] = got + value
                        choices[f] = cand
        memo[key] = (result, choices)
        return result

    values = search(hand.state, hand.jokers)
    points = values[flags_wanted]
    floor = variant.opening.min_points if minimum is None else minimum
    if points < 0 or points < floor or points == 0:
        return None
    melds: list[Meld] = []
    state, jokers, f = hand.state, hand.jokers, flags_wanted
    while state & FULL:
        choice = memo[(state, jokers)][1][f]
        if choice is None:
            low = state & FULL & -(state & FULL)
            state = (state & ~(low * repeat)) | ((state >> FACES) & low * repeat)
        else:
            melds.append(_build(tables, choice))
            f &= ~next(o[3] for o in options[_lowest(choice[0])] if o[4] is choice)
            spread = choice[0] * repeat
            state = (state & ~spread) | ((state >> FACES) & spread)
            jokers -= choice[1]
    return OpeningPlan(tuple(melds), points)


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


def clear_caches(*, results_only: bool = False) -> None:
    """Forget cached search results (``results_only``), or everything: candidate
    lists, built melds and search results. Answers never change; only speed."""
    if results_only:
        for tables in _TABLES.values():
            tables.least.clear()
            tables.least_plain.clear()
    else:
        _TABLES.clear()
        _BY_VARIANT.clear()


def _lowest(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


# --------------------------------------------------------------------------- going out


def can_go_out(
    variant: Variant,
    cards: str | Iterable[Card | str],
    *,
    table: Sequence[Meld] = (),
    keep_discard: bool | None = None,
    must_open: bool = False,
    not_discardable: Collection[Card | str] = (),
) -> GoOutPlan | None:
    """Can the whole hand be laid down, as new melds and lay-offs onto the
    ``table`` melds? Returns a plan (truthy) or None.

    ``keep_discard``: True, one card must be left to discard; False, nothing
    may be left; None, as the variant says (``going_out.final_discard``:
    ``required`` means True, ``optional`` allows either). ``must_open``: the new
    melds must also satisfy the opening rules (minimum, pure run).
    ``not_discardable``: faces that may not be the discard (R-ALL-12).

    >>> from rummykit.variant import load_variant
    >>> rami = load_variant("rami51")
    >>> run = judge_meld(rami.meld_rules, parse_cards("7h 8h 9h"))
    >>> plan = can_go_out(rami, "5h 6h", table=[run], keep_discard=False)
    >>> plan.layoffs, plan.discard
    (((0, (Card('5h'), Card('6h'))),), None)
    """
    hand_cards = [c.face for c in parse_cards(cards)]
    if keep_discard is None and variant.going_out.final_discard == "required":
        keep_discard = True
    blocked = {c.face.code for c in parse_cards(not_discardable)}
    rules = variant.meld_rules
    if must_open and not variant.opening.layoff_same_turn:
        table = ()
    hand = _Hand(hand_cards)
    tables = _tables(variant)
    cands = _candidates(tables, hand.state & FULL, hand.jokers)
    need_pure = must_open and variant.opening.require_pure_run
    width = 2 if need_pure else 1
    lowest, highest, longest = tables.lowest, tables.highest, tables.longest
    set_room = min(rules.set_max, 4) if rules.set_distinct_suits else rules.set_max
    bound = rules.set_joker_suit == "bound"
    start_table = tuple(_table_state(m, bound) for m in table)
    repeat = hand.repeat
    memo: dict[tuple[Any, ...], tuple[list[int], list[Any]]] = {}
    may_discard = keep_discard is not False
    must_discard = keep_discard is True

    def joker_room(tstate: tuple[tuple[Any, ...], ...]) -> int:
        room = 0
        for meld in tstate:
            free = rules.max_jokers - meld[4]
            if meld[0] == "r":
                length = meld[3] - meld[2] + 1
                ends = (meld[2] - lowest) + (highest - meld[3])
                room += max(0, min(free, longest - length, ends))
            else:
                room += max(0, min(free, set_room - meld[3]))
        return room

    def finish(jokers: int, tstate: tuple[tuple[Any, ...], ...], discarded: bool) -> Any:
        """Place the last jokers; returns the discard decision or None if impossible."""
        if not discarded and must_discard:
            if jokers == 0 or JOKER_CODE in blocked:
                return None
            jokers -= 1
            discarded = True
            decision: Any = "joker"
        elif not discarded and may_discard and jokers and JOKER_CODE not in blocked:
            if joker_room(tstate) >= jokers:
                return "none"
            jokers -= 1
            decision = "joker"
        else:
            decision = "none"
        return decision if joker_room(tstate) >= jokers else None

    def search(state: int, jokers: int, tstate: tuple[tuple[Any, ...], ...], discarded: bool) -> list[int]:
        key = (state, jokers, tstate, discarded)
        hit = memo.get(key)
        if hit is not None:
            return hit[0]
        present = state & FULL
        result = [NEG] * width
        choices: list[Any] = [None] * width
        if not present:
            decision = finish(jokers, tstate, discarded)
            if decision is not None:
                result = [0] + ([NEG] * (width - 1))
                choices = [("end", decision)] * width
            memo[key] = (result, choices)
            return result
        low = present & -present
        face = low.bit_length() - 1

        def consider(child: list[int], value: int, flags: int, choice: Any) -> None:
            for f in range(width):
                got = child[f & ~flags]
                if got >= 0 and got + value > result[f]:
                    result[f] = got + value
                    choices[f] = choice

        if may_discard and not discarded and face not in blocked:
            child = search(
                (state & ~(low * repeat)) | ((state >> FACES) & low * repeat), jokers, tstate, True
            )
            consider(child, 0, 0, ("discard", face))
        for cand in cands.get(face, ()):
            mask, need = cand[0], cand[1]
            if need <= jokers and mask & present == mask:
                spread = mask * repeat
                child = search(
                    (state & ~spread) | ((state >> FACES) & spread),
                    jokers - need,
                    tstate,
                    discarded,
                )
                consider(child, cand[2] if must_open else 0, 1 if cand[3] else 0, ("meld", cand))
        for index, meld in enumerate(tstate):
            for mask, need, grown in _layoffs(
                meld, face, present, jokers, rules, lowest, highest, longest, set_room, bound
            ):
                spread = mask * repeat
                new_table = (*tstate[:index], grown, *tstate[index + 1 :])
                child = search(
                    (state & ~spread) | ((state >> FACES) & spread),
                    jokers - need,
                    new_table,
                    discarded,
                )
                consider(child, 0, 0, ("layoff", index, mask, need, meld, grown))
        memo[key] = (result, choices)
        return result

    values = search(hand.state, hand.jokers, start_table, False)
    f = width - 1
    if values[f] < 0:
        return None
    if must_open and values[f] < variant.opening.min_points:
        return None
    return _go_out_plan(variant, tables, memo, hand, start_table, f, repeat, table)


def _table_state(meld: Meld, bound: bool) -> tuple[Any, ...]:
    if meld.kind == "run":
        return ("r", int(meld.suit or 0), meld.low, meld.high, meld.jokers)
    suits = 0
    for slot in meld.slots:
        if slot.suit is not None and (bound or not slot.is_joker):
            suits |= 1 << slot.suit
    return ("s", int(meld.rank or 0), suits, len(meld), meld.jokers)


def _layoffs(
    meld: tuple[Any, ...],
    face: int,
    present: int,
    jokers: int,
    rules: MeldRules,
    lowest: int,
    highest: int,
    longest: int,
    set_room: int,
    bound: bool,
) -> Iterable[tuple[int, int, tuple[Any, ...]]]:
    """Ways to lay off the face ``face`` (with bridge cards) onto one table meld:
    (natural mask used, jokers used, the meld's new state)."""
    rank_index, suit = face >> 2, face & 3
    if meld[0] == "s":
        _, rank, suits, size, held = meld
        if rank - 2 == rank_index and not suits >> suit & 1 and size < set_room:
            yield (1 << face, 0, ("s", rank, suits | (1 << suit), size + 1, held))
        return
    _, run_suit, lo, hi, held = meld
    if run_suit != suit:
        return
    positions = (
        ((1,) if rules.ace_low else ()) + ((14,) if rules.ace_high else ())
        if rank_index == 12
        else (rank_index + 2,)
    )
    for p in positions:
        if p < lo and p >= lowest and hi - p + 1 <= longest:
            bridge = list(range(p + 1, lo))
            for used, need in _bridges(bridge, suit, present, jokers, rules.max_jokers - held):
                yield (used | (1 << face), need, ("r", suit, p, hi, held + need))
        elif p > hi and p <= highest and p - lo + 1 <= longest:
            need = p - hi - 1
            if need <= jokers and held + need <= rules.max_jokers:
                yield (1 << face, need, ("r", suit, lo, p, held + need))


def _bridges(
    positions: Sequence[int], suit: int, present: int, jokers: int, joker_room: int
) -> Iterable[tuple[int, int]]:
    """Fill the positions between a card and a run: each with a held natural or a joker."""
    options: list[tuple[int, int]] = [(0, 0)]
    for p in positions:
        rank = 14 if p == 1 else p
        bit = 1 << ((rank - 2) * 4 + suit)
        grown = []
        for used, need in options:
            if present & bit:
                grown.append((used | bit, need))
            if need + 1 <= min(jokers, joker_room):
                grown.append((used, need + 1))
        options = grown
        if not options:
            return
    yield from options


def _go_out_plan(
    variant: Variant,
    tables: _Tables,
    memo: dict[tuple[Any, ...], tuple[list[int], list[Any]]],
    hand: _Hand,
    start_table: tuple[tuple[Any, ...], ...],
    f: int,
    repeat: int,
    table: Sequence[Meld],
) -> GoOutPlan:
    melds: list[Meld] = []
    layoffs: list[tuple[int, tuple[Card, ...]]] = []
    grown_table = list(table)
    discard: Card | None = None
    state, jokers, tstate, discarded = hand.state, hand.jokers, start_table, False
    while True:
        choice = memo[(state, jokers, tstate, discarded)][1][f]
        kind = choice[0]
        if kind == "end":
            break
        if kind == "discard":
            low = 1 << choice[1]
            discard = Card.natural(choice[1] // 4 + 2, choice[1] % 4)
            state = (state & ~(low * repeat)) | ((state >> FACES) & low * repeat)
            discarded = True
        elif kind == "meld":
            cand = choice[1]
            melds.append(_build(tables, cand))
            f &= ~(1 if cand[3] else 0)
            spread = cand[0] * repeat
            state = (state & ~spread) | ((state >> FACES) & spread)
            jokers -= cand[1]
        else:
            _, index, mask, need, _, grown = choice
            added = tuple(Card.natural(c // 4 + 2, c % 4) for c in _codes(mask)) + (JOKER,) * need
            extended = extend_meld(variant, grown_table[index], added)
            assert isinstance(extended, Meld), extended
            grown_table[index] = extended
            layoffs.append((index, added))
            spread = mask * repeat
            state = (state & ~spread) | ((state >> FACES) & spread)
            jokers -= need
            tstate = (*tstate[:index], grown, *tstate[index + 1 :])
    # The last jokers: the discard, then lay-offs onto melds with room.
    decision = choice[1]
    if decision == "joker":
        discard = JOKER
        jokers -= 1
    index = 0
    while jokers:
        extended = extend_meld(variant, grown_table[index], [JOKER])
        if isinstance(extended, Refusal):
            index += 1
            continue
        grown_table[index] = extended
        layoffs.append((index, (JOKER,)))
        jokers -= 1
    return GoOutPlan(tuple(melds), tuple(layoffs), discard)
