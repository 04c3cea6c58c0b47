"""least_penalty: the arrangement that leaves the smallest hand penalty."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

import attrs

from rummykit.core.cards import JOKER, JOKER_CODE, NATURALS, Card, code_order, parse_cards
from rummykit.core.meld_model import Meld
from rummykit.solver.deuces import deuce_choices, wild_deuce_melds
from rummykit.solver.hand_masks import FACES, FULL, PackedHand, face_codes, take
from rummykit.solver.requirement import HandRules
from rummykit.solver.search_limits import MEMO_LIMIT, bounded, split_for
from rummykit.solver.tables import Candidate, Tables, build_meld, candidates, tables_for
from rummykit.variant.model import Variant, as_variant

__all__ = ["Arrangement", "least_penalty", "penalty_floor"]


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
    variant: Variant | str, cards: str | Iterable[Card | str], *, demands: HandRules, discard: bool = False
) -> Arrangement:
    """The melds that leave the smallest hand penalty, and what is left.

    ``discard``: one card is thrown away first (the gin "deadwood after the
    discard" of an 11-card hand); the best card to throw is part of the answer.

    >>> from rummykit.variant.model import load_variant
    >>> roemie, demands = load_variant("roemie"), HandRules(max_hand=108)
    >>> a = least_penalty(roemie, "7h 8h 9h JK Ac", demands=demands)
    >>> [m.notation() for m in a.melds], a.penalty
    (['7h 8h 9h JK=Th'], 10)
    >>> b = least_penalty(roemie, "7h 8h 9h JK Ac", demands=demands, discard=True)
    >>> b.penalty, b.discard
    (0, Card('Ac'))
    """
    variant = _variant_of(variant)
    cards = _as_sequence(cards)
    if variant.meld_rules.wild_below:
        faces = [c.face for c in parse_cards(cards)]
        if variant.meld_rules.wild_naturals(faces):
            return _least_deuces_wild(variant, demands, faces, discard=discard)
    return _least(variant, demands, cards, discard=discard)


def _least_deuces_wild(
    variant: Variant, demands: HandRules, faces: list[Card], *, discard: bool
) -> Arrangement:
    """The least penalty where deuces are wild: the best over every choice of
    the deuces that play wild (the fewest on a tie)."""
    best: tuple[Arrangement, list[Card]] | None = None
    for hand, wild in deuce_choices(variant.meld_rules, faces):
        option = _least(variant, demands, hand, discard=discard)
        if best is None or option.penalty < best[0].penalty:
            best = (option, wild)
    if best is None:  # deuce_choices always offers the hand as it is
        raise ValueError("no way to play the hand")
    option, deuces = best
    melds = wild_deuce_melds(option.melds, deuces)
    leftover = tuple(deuces.pop(0) if c is JOKER and deuces else c for c in option.leftover)
    thrown = option.discard
    if thrown is JOKER and deuces:
        thrown = deuces.pop(0)
    return Arrangement(melds, leftover, option.penalty, thrown)


def _least(
    variant: Variant, demands: HandRules, cards: Sequence[Card | str], *, discard: bool
) -> Arrangement:
    """least_penalty with every card as itself."""
    cards = _as_sequence(cards)
    tables = tables_for(variant, demands, len(cards))
    if not discard:
        rows = tables.suit_rows()
        read = rows.read(cards) if rows is not None else None
        if read is not None:  # the cards the suit rows find in no meld are left out of the search
            plain, total, unmelded = read
            return _least_plain(tables, plain, total, unmelded)
    mask = _plain_mask(cards)
    if mask is not None:
        total = _penalty_of(cards, tables.penalties)
        if discard:
            return _least_plain_owing(tables, mask, total)
        return _least_plain(tables, mask, total)
    hand_cards = [c.face for c in parse_cards(cards)]
    if discard:
        return _least_with_discard(variant, demands, hand_cards)
    return _least_packed(tables, hand_cards)


_Cover = tuple[int, Any]
"""A state's best cover (the penalty its melds save) and its first step:
the candidate melded, or None (the lowest card is left over)."""


def _least_packed(tables: Tables, hand_cards: list[Card]) -> Arrangement:
    """least_penalty of a hand with jokers or a face twice: a search over
    packed hands (cards, jokers), remembered in a table shared by all hands.

    Branch and bound: a state covers at most the penalties of its cards that
    lie in some candidate, and of its jokers; a meld covers exactly its
    cards. A branch that cannot beat what the state already has (or tie,
    for the left card, which wins ties) is not searched: values stay exact.
    (Hands of real size are searched without bounds: working them out
    would cost more than it saves.)"""
    penalties = tables.penalties
    hand = PackedHand(hand_cards)
    total = sum(penalties[c.code] for c in hand_cards)
    cands = candidates(tables, hand.state, hand.jokers, split_for(len(hand_cards), values=False))
    if len(tables.least) > MEMO_LIMIT:
        tables.least.clear()
    memo = tables.least
    lookup = memo.get
    start = (hand.state, hand.jokers)
    value: Callable[[int, int], _Cover]
    if bounded(len(hand_cards)):
        bounds, joker_bound = _cover_bounds(cands, penalties)
        top = _bound_of(hand.state, hand.jokers, bounds, joker_bound)
        bounded_value = _bounded_cover(cands, memo, bounds, hand)
        covered = (lookup(start) or bounded_value(hand.state, hand.jokers, top))[0]

        def value(state: int, jokers: int) -> _Cover:
            return bounded_value(state, jokers, top)

    else:
        value = _plain_cover(cands, memo, hand)
        covered = (lookup(start) or value(hand.state, hand.jokers))[0]
    melds, leftover = _least_steps(tables, hand, lookup, value)
    return Arrangement(melds, leftover, total - covered)


def _cover_bounds(cands: dict[int, list[Candidate]], penalties: Sequence[int]) -> tuple[list[int], int]:
    """The most each face, and a joker, can add to a cover: its penalty
    where some candidate holds it, else nothing."""
    meldable = 0
    for group in cands.values():
        for cand in group:
            meldable |= cand.mask
    bounds = [penalties[code] if meldable >> code & 1 else 0 for code in range(FACES)]
    joker_bound = penalties[JOKER_CODE] if any(c.jokers for g in cands.values() for c in g) else 0
    return bounds, joker_bound


def _bound_of(state: int, jokers: int, bounds: Sequence[int], joker_bound: int) -> int:
    """The most a packed hand can cover."""
    total = jokers * joker_bound
    while state:
        total += sum(bounds[code] for code in face_codes(state & FULL))
        state >>= FACES
    return total


def _bounded_cover(
    cands: dict[int, list[Candidate]],
    memo: dict[tuple[int, int], _Cover],
    bounds: Sequence[int],
    hand: PackedHand,
) -> Callable[[int, int, int], _Cover]:
    """The search of a big hand: ``value(state, jokers, bound)``."""
    lookup = memo.get
    repeat = hand.repeat
    single = hand.layers == 1

    def value(state: int, jokers: int, bound: int) -> _Cover:
        """The state's best cover and first step, valued now and remembered
        (``bound``: no cover of the state is larger)."""
        key = (state, jokers)
        if not state & FULL:
            found: _Cover = (0, None)
            memo[key] = found
            return found
        present = state & FULL
        low = present & -present
        options = cands.get(low.bit_length() - 1)
        choice: Any = None
        best = -1
        if options:
            for cand in options:
                mask = cand[0]
                if mask & state == mask and cand[1] <= jokers and best < bound:
                    if single:
                        after = (state ^ mask, jokers - cand[1])
                    elif mask <= FULL:
                        spread = mask * repeat
                        after = ((state & ~spread) | ((state >> FACES) & spread), jokers - cand[1])
                    else:
                        after = (take(state, mask, repeat), jokers - cand[1])
                    got = cand[4] + (lookup(after) or value(*after, bound - cand[4]))[0]
                    if got > best:
                        best, choice = got, cand
        # Leave one copy of this face in the hand (it wins ties).
        left = bound - bounds[low.bit_length() - 1]
        if left >= best:
            rest = state ^ low if single else (state & ~(low * repeat)) | ((state >> FACES) & low * repeat)
            got = (lookup((rest, jokers)) or value(rest, jokers, left))[0]
            if got >= best:
                best, choice = got, None
        found = memo[key] = (best, choice)
        return found

    return value


def _plain_cover(
    cands: dict[int, list[Candidate]], memo: dict[tuple[int, int], _Cover], hand: PackedHand
) -> Callable[[int, int], _Cover]:
    """The search of a hand of real size (no bounds): ``value(state, jokers)``."""
    lookup = memo.get
    repeat = hand.repeat
    single = hand.layers == 1

    def value(state: int, jokers: int) -> _Cover:
        """The state's best cover and first step, valued now and remembered."""
        key = (state, jokers)
        if not state & FULL:
            found: _Cover = (0, None)
            memo[key] = found
            return found
        present = state & FULL
        low = present & -present
        options = cands.get(low.bit_length() - 1)
        choice: Any = None
        if single:
            # One copy of every face: removing cards is a plain xor.
            best = (lookup((state ^ low, jokers)) or value(state ^ low, jokers))[0]
            if options:
                for cand in options:
                    mask = cand[0]
                    if mask & state == mask and cand[1] <= jokers:
                        after = (state ^ mask, jokers - cand[1])
                        got = cand[4] + (lookup(after) or value(*after))[0]
                        if got > best:
                            best, choice = got, cand
            found = memo[key] = (best, choice)
            return found
        # Leave one copy of this face in the hand.
        rest = (state & ~(low * repeat)) | ((state >> FACES) & low * repeat)
        best = (lookup((rest, jokers)) or value(rest, jokers))[0]
        if options:
            for cand in options:
                mask = cand[0]
                if mask & state == mask and cand[1] <= jokers:
                    if mask <= FULL:
                        spread = mask * repeat
                        after = ((state & ~spread) | ((state >> FACES) & spread), jokers - cand[1])
                    else:
                        after = (take(state, mask, repeat), jokers - cand[1])
                    got = cand[4] + (lookup(after) or value(*after))[0]
                    if got > best:
                        best, choice = got, cand
        found = memo[key] = (best, choice)
        return found

    return value


def _least_steps(
    tables: Tables,
    hand: PackedHand,
    lookup: Callable[[tuple[int, int]], _Cover | None],
    value: Callable[[int, int], _Cover],
) -> tuple[tuple[Meld, ...], tuple[Card, ...]]:
    """The melds and the cards left over, following the first steps from the
    hand (every state on the way was valued by the search, unless another
    thread has emptied the table since: then it is valued again, which gives
    the same cover)."""
    melds: list[Meld] = []
    leftover: list[Card] = []
    state, jokers = hand.state, hand.jokers
    repeat = hand.repeat
    while state & FULL:
        choice = (lookup((state, jokers)) or value(state, jokers))[1]
        if choice is None:
            low = state & FULL & -(state & FULL)
            leftover.append(NATURALS[low.bit_length() - 1])
            state = (state & ~(low * repeat)) | ((state >> FACES) & low * repeat)
        else:
            melds.append(build_meld(tables, choice))
            state = take(state, choice.mask, repeat)
            jokers -= choice.jokers
    leftover.extend([JOKER] * jokers)
    return tuple(melds), tuple(leftover)


def penalty_floor(
    variant: Variant | str,
    cards: str | Iterable[Card | str],
    *,
    demands: HandRules,
    discard: bool = False,
    enough: int | None = None,
) -> int:
    """A quick lower bound of ``least_penalty(variant, cards, discard=discard).penalty``:
    the cards that lie in none of the hand's melds are left over however the
    hand is arranged (with ``discard``, all of them but the dearest, which
    may be the card thrown away). 0 where the hand holds a joker, a deuce
    that may play wild or a face twice, for which it does not look further.
    ``enough``: stop as soon as the bound exceeds it (the answer is then some
    bound above ``enough``).

    Under the common meld rules the cards in no meld are read from per-suit
    tables (:mod:`rummykit.solver.suit_rows`), the whole hand at once;
    otherwise each card's smallest melds are tried, dearest cards first.

    >>> from rummykit.variant.model import load_variant
    >>> gin = load_variant("gin")
    >>> demands = HandRules(max_hand=11)
    >>> penalty_floor(gin, "7h 8h 9h Kc 2d", demands=demands)
    12
    >>> penalty_floor(gin, "7h 8h 9h Kc 2d", demands=demands, discard=True)
    2
    """
    if not isinstance(variant, Variant) or not isinstance(cards, (tuple, list)):
        variant, cards = _variant_of(variant), _as_sequence(cards)
    tables = tables_for(variant, demands, len(cards))
    rows = tables.suit_rows()
    if rows is not None:
        floor = rows.floor(cards, discard)
        if floor is not None:
            return floor
    hand = _plain_mask(cards)
    if hand is None or hand & ((1 << variant.meld_rules.wild_below) - 1):
        return 0  # a deuce that may play wild could put any card in a meld
    return _floor_by_heads(tables, hand, discard, enough)


def _floor_by_heads(tables: Tables, hand: int, discard: bool, enough: int | None) -> int:
    """penalty_floor of a hand of distinct natural faces (a mask), where the
    suit rows do not answer: each card's smallest melds are tried."""
    penalties = tables.penalties
    heads = tables.plain_heads()
    near = tables.plain_near()
    meldable = total = dearest = 0
    rest = hand
    while rest:
        # From the highest code down: the court cards, which weigh most in
        # most variants, come early, so ``enough`` is passed sooner.
        code = rest.bit_length() - 1
        bit = 1 << code
        rest ^= bit
        if bit & meldable:
            continue
        partners, needed = near[code]
        in_meld = False
        if (hand & partners).bit_count() >= needed:  # else too few partners for any meld
            for mask in heads[code]:
                if mask & hand == mask:
                    meldable |= mask
                    in_meld = True
                    break
        if not in_meld:
            penalty = penalties[code]
            total += penalty
            if penalty > dearest:
                dearest = penalty
            if enough is not None and total - (dearest if discard else 0) > enough:
                break
    return total - dearest if discard else total


def _variant_of(variant: Variant | str) -> Variant:
    """``as_variant(variant)``, with the common case (a Variant already)
    answered here: ``as_variant`` lives in a module the compiled build leaves
    as Python, and calling it costs more than the check."""
    return variant if isinstance(variant, Variant) else as_variant(variant)


def _penalty_of(cards: Sequence[Card | str], penalties: Sequence[int]) -> int:
    """The penalty of the cards (faces, or their notation)."""
    total = 0
    try:
        for card in cards:
            total += penalties[card.code]  # type: ignore[union-attr]
    except AttributeError:  # notation among the cards
        total = 0
        for face in parse_cards(cards):
            total += penalties[face.code]
    return total


def _as_sequence(cards: str | Iterable[Card | str]) -> Sequence[Card | str]:
    if isinstance(cards, str):
        return parse_cards(cards)
    return cards if isinstance(cards, (list, tuple)) else tuple(cards)


_NATURAL_BITS: dict[Card | str, int] = {card: 1 << card.code for card in NATURALS}
"""Each natural face's bit in a packed hand (a joker, a declared card or a
card's notation is no key)."""


def _plain_mask(cards: Sequence[Card | str]) -> int | None:
    """A hand of distinct natural faces as one bit mask; None for a hand
    with a joker or a repeated face."""
    try:
        mask: int = sum(map(_NATURAL_BITS.__getitem__, cards))
    except KeyError:  # a joker, a declared card or notation among the cards
        return _plain_mask_of(cards)
    # Bits of distinct faces add without a carry; a face twice carries, and
    # the sum then has fewer bits set than the hand has cards.
    return mask if mask.bit_count() == len(cards) else None


def _plain_mask_of(cards: Sequence[Card | str]) -> int | None:
    """``_plain_mask`` for cards that are not all natural faces."""
    if any(isinstance(card, str) for card in cards):
        cards = parse_cards(cards)
    mask = 0
    for card in cards:
        code = card.code  # type: ignore[union-attr]
        bit = 1 << code
        if mask & bit or code == JOKER_CODE:
            return None
        mask |= bit
    return mask


def _least_with_discard(variant: Variant, demands: HandRules, hand: list[Card]) -> Arrangement:
    """least_penalty after throwing the best card away, for hands with jokers
    or repeated faces: every card is tried."""
    if not hand:
        raise ValueError("an empty hand has nothing to discard")
    penalty = variant.hand_penalties
    options = []
    for card in sorted(set(hand), key=code_order):
        rest = list(hand)
        rest.remove(card)
        option = least_penalty(variant, rest, demands=demands)
        options.append(((option.penalty, -penalty[card.code], card.code), card, option))
    _, card, option = min(options, key=lambda entry: entry[0])  # the hand is not empty
    return attrs.evolve(option, discard=card)


def _least_plain(tables: Tables, hand: int, total: int, unmelded: int = 0) -> Arrangement:
    """least_penalty for the common case of distinct faces and no joker: the
    state is a plain bit mask, the candidates are the deck's jokerless melds
    in chains (tables.plain_chains), and a table shared by all hands maps a
    state to its best cover and the first step to it (a meld's mask, or 0:
    the lowest card is left over).

    ``unmelded``: cards of ``hand`` known to lie in no meld of it (from
    :meth:`SuitRows.read`). They are left out of the search: at every
    state holding them the search would only pass them over, so the melds
    found and their order are the same, and the cards left over are the
    search's and these, in code order as the search would list them."""
    chains = tables.plain_chains()
    memo = tables.least_plain
    if len(memo) > MEMO_LIMIT:
        memo.clear()
    lookup = memo.get

    def best(state: int) -> tuple[int, int]:
        low = state & -state
        rest = state ^ low
        result = step = 0
        if rest:
            result = (lookup(rest) or best(rest))[0]
        for chain in chains[low.bit_length() - 1]:
            for mask, gain in chain:
                if mask & state != mask:
                    break
                after = state ^ mask
                if after:
                    gain += (lookup(after) or best(after))[0]
                if gain > result:
                    result, step = gain, mask
        found = memo[state] = (result, step)
        return found

    searched = hand & ~unmelded
    covered = (lookup(searched) or best(searched))[0] if searched else 0
    # Follow the steps (every state on the way was valued by the search,
    # unless another thread has emptied the table since).
    melds: list[Meld] = []
    left = unmelded
    state = searched
    while state:
        step = (lookup(state) or best(state))[1]
        if step:
            melds.append(tables.plain_meld(step))
            state ^= step
        else:
            low = state & -state
            left |= low
            state ^= low
    leftover = tuple([NATURALS[code] for code in face_codes(left)])
    return Arrangement(tuple(melds), leftover, total - covered)


def _least_plain_owing(tables: Tables, hand: int, total: int) -> Arrangement:
    """_least_plain with one card to throw away. A state maps to two covers,
    the best and the best that leaves a card over to throw, each with its
    first step: a meld's mask, 0 (the lowest card is left over) or -1 (the
    lowest card is thrown)."""
    memo = tables.least_owing
    if len(memo) > MEMO_LIMIT:
        memo.clear()
    lookup = memo.get
    both = _owing_covers(tables, memo)
    if not hand:
        raise ValueError("an empty hand has nothing to discard")
    covered = (lookup(hand) or both(hand))[1]
    # Follow the steps (every state on the way was valued by the search,
    # unless another thread has emptied the table since).
    melds: list[Meld] = []
    leftover: list[Card] = []
    thrown: Card | None = None
    state = hand
    slot = 3  # the owing step while a card is still to be thrown, then the best step
    while state:
        step = (lookup(state) or both(state))[slot]
        if step > 0:
            melds.append(tables.plain_meld(step))
            state ^= step
            continue
        low = state & -state
        card = NATURALS[low.bit_length() - 1]
        if step < 0:
            thrown, slot = card, 2
        else:
            leftover.append(card)
        state ^= low
    return Arrangement(tuple(melds), tuple(leftover), total - covered, thrown)


def _owing_covers(
    tables: Tables, memo: dict[int, tuple[int, int, int, int]]
) -> Callable[[int], tuple[int, int, int, int]]:
    """The search of _least_plain_owing: ``both(state)``, the state's best
    cover, its best cover that leaves a card to throw, and their first steps."""
    chains = tables.plain_chains()
    penalties = tables.penalties
    lookup = memo.get

    def both(state: int) -> tuple[int, int, int, int]:
        low = state & -state
        index = low.bit_length() - 1
        rest = state ^ low
        best_step = 0
        if rest:
            # This card is left over: thrown away, or kept while another is.
            best, after_owing, _, _ = lookup(rest) or both(rest)
            owing, owing_step = penalties[index] + best, -1
            if after_owing > owing:
                owing, owing_step = after_owing, 0
        else:
            best, owing, owing_step = 0, penalties[index], -1
        for chain in chains[index]:
            for mask, gain in chain:
                if mask & state != mask:
                    break
                after = state ^ mask
                if after:
                    after_best, after_owing, _, _ = lookup(after) or both(after)
                    if gain + after_best > best:
                        best, best_step = gain + after_best, mask
                    if gain + after_owing > owing:
                        owing, owing_step = gain + after_owing, mask
                elif gain > best:
                    best, best_step = gain, mask
        found = memo[state] = (best, owing, best_step, owing_step)
        return found

    return both
