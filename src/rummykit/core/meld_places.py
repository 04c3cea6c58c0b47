"""Where melds can lie: every run and every set that a suit's or a rank's
held cards can make with jokers under a variant's :class:`MeldRules`.

This is the one enumeration of meld placements. The solver's candidate
tables (:mod:`rummykit.solver.tables`) keep, of each suit's runs and each
rank's sets, the best for each cards-and-jokers pair; the legal-move
listing (:mod:`rummykit.round.meld_listing`) turns every placement into
cards, with the jokers' declarations, and keeps each distinct meld.

A run placement is ``(start, length, used)``: the run's first position
(1 = low ace ... 14 = high ace), its cards, and the held positions whose
cards it uses (jokers fill the others). A set placement is ``(counts,
jokers)``: how many cards of each suit it uses, and its jokers. Every
placement yielded keeps within the rules' sizes and joker limits; whether
the hand holds a card twice (a run from ace to ace uses its suit's ace at
both ends) is for the caller to check.

>>> rules = MeldRules(max_jokers=1)
>>> list(run_places(rules, 1 << 7 | 1 << 8, 1))
[(6, 3, (7, 8)), (7, 3, (7, 8))]
>>> list(set_places(rules, (1, 1, 0, 0), 1))
[((1, 1, 0, 0), 1)]
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import combinations, product

from rummykit.core.meld_model import MeldRules

__all__ = ["run_places", "set_places"]


def run_places(
    rules: MeldRules, held: int, jokers: int, *, by_size: bool = False
) -> Iterator[tuple[int, int, tuple[int, ...]]]:
    """Every run of one suit's held positions (``held``: bit ``p`` for
    position ``p``; an ace at each end it may take) with up to ``jokers``
    jokers, each with at least one natural card: by start, then by length,
    and in each window every choice of held cards to leave out for jokers,
    depth first (``(a,)``, ``(a, b)``, ``(b,)``), or ``by_size`` (``(a,)``,
    ``(b,)``, ``(a, b)``).

    >>> [length for _, length, _ in run_places(MeldRules(), 0b1110, 0)]
    [3]
    >>> [used for _, _, used in run_places(MeldRules(max_jokers=2), 0b1110, 2)][:4]
    [(1, 2, 3), (2, 3), (3,), (2,)]
    >>> [used for _, _, used in run_places(MeldRules(max_jokers=2), 0b1110, 2, by_size=True)][:4]
    [(1, 2, 3), (2, 3), (1, 3), (1, 2)]
    """
    run_min, highest, longest = rules.run_min, rules.run_highest, rules.run_longest
    limit = rules.joker_limit
    # A window starts on a held position or at most `jokers` places before one.
    near = 0
    for k in range(jokers + 1):
        near |= held >> k
    near &= ~((1 << rules.run_lowest) - 1) & ((1 << (highest - run_min + 2)) - 1)
    while near:
        low = near & -near
        near ^= low
        lo = low.bit_length() - 1
        positions: list[int] = []
        gaps = 0
        for hi in range(lo, min(highest, lo + longest - 1) + 1):
            if held >> hi & 1:
                positions.append(hi)
            else:
                gaps += 1
                if gaps > jokers:
                    break
            length = hi - lo + 1
            if length < run_min or not positions:
                continue
            spare = jokers - gaps
            if not spare:
                if not gaps or gaps <= limit(len(positions)):
                    yield lo, length, tuple(positions)
                continue
            for used in _kept(positions, spare, by_size):
                if used and length - len(used) <= limit(len(used)):
                    yield lo, length, used


def _kept(positions: Sequence[int], spare: int, by_size: bool) -> Iterator[tuple[int, ...]]:
    """``positions`` without each choice of at most ``spare`` of them, in
    the order :func:`run_places` says."""
    if by_size:
        for size in range(min(spare, len(positions)) + 1):
            for dropped in combinations(positions, size):
                yield tuple([p for p in positions if p not in dropped])
        return
    for dropped in _subsets(positions, spare):
        yield tuple([p for p in positions if p not in dropped])


def _subsets(items: Sequence[int], at_most: int) -> Iterator[tuple[int, ...]]:
    """Every subset of at most ``at_most`` items, depth first."""
    yield ()
    if at_most >= 1:
        for i, a in enumerate(items):
            yield (a,)
            if at_most >= 2:
                for rest in _subsets(items[i + 1 :], at_most - 1):
                    if rest:
                        yield (a, *rest)


def set_places(
    rules: MeldRules, counts: Sequence[int], jokers: int, *, by_size: bool = False
) -> Iterator[tuple[tuple[int, ...], int]]:
    """Every set of one rank's held cards (``counts``: how many of each
    suit) with up to ``jokers`` jokers, each with at least one natural card:
    every choice of how many of each suit, then the jokers from none up. The
    choices come the first suit counting fastest (with one card a suit:
    every subset of the suits, in the order of a binary count), or
    ``by_size``: by their number of cards, then more of the first suits
    first (the order of ``combinations`` over the cards by suit).

    >>> rules = MeldRules(set_min=2, set_max=3)
    >>> ["".join(map(str, chosen)) for chosen, _ in set_places(rules, (1, 1, 1, 1), 0)]
    ['1100', '1010', '0110', '1110', '1001', '0101', '1101', '0011', '1011', '0111']
    >>> ["".join(map(str, chosen)) for chosen, _ in set_places(rules, (1, 1, 1, 1), 0, by_size=True)]
    ['1100', '1010', '1001', '0110', '0101', '0011', '1110', '1101', '1011', '0111']
    >>> list(set_places(MeldRules(max_jokers=2), (0, 2, 0, 0), 2))  # suits differ: one card a suit counts
    [((0, 1, 0, 0), 2)]
    >>> list(set_places(MeldRules(set_distinct_suits=False, max_jokers=2), (0, 2, 0, 0), 2))
    [((0, 1, 0, 0), 2), ((0, 2, 0, 0), 1), ((0, 2, 0, 0), 2)]
    """
    set_min, most = rules.set_min, rules.set_largest
    if rules.set_distinct_suits and max(counts) > 1:
        counts = [min(count, 1) for count in counts]  # one card of a suit at most
    held = sum(counts)
    if held + (min(jokers, rules.joker_limit(held)) if jokers else 0) < set_min:
        return  # too few cards for any set (the limit grows with the naturals)
    bound_suits = rules.bound_set_jokers and not rules.set_distinct_suits
    least = max(1, set_min - jokers)  # the fewest naturals a set needs
    for naturals, chosen in _suit_choices(rules, counts, by_size):
        if naturals < least or naturals > most:
            continue
        if not jokers:
            yield chosen, 0  # naturals >= least = set_min
            continue
        for k in range(min(jokers, rules.joker_limit(naturals), most - naturals) + 1):
            if naturals + k < set_min:
                continue
            if bound_suits and k > chosen.count(0):
                break  # a bound joker takes a suit the set lacks
            yield chosen, k


def _suit_choices(
    rules: MeldRules, counts: Sequence[int], by_size: bool
) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """Every choice of how many cards of each suit, with its number of cards,
    in the order :func:`set_places` says; made once per counts and order and
    kept by the rules (a few dozen kinds of counts a deck)."""
    c0, c1, c2, c3 = counts  # one count a suit
    key = ("meld_places.suit_choices", c0, c1, c2, c3, by_size)
    products = rules.memo.products
    found: tuple[tuple[int, tuple[int, ...]], ...] | None = products.get(key)
    if found is None:
        choices: list[tuple[int, ...]]
        if by_size:
            # The first suit slowest, more first; then sorted (stably) by size.
            down = product(range(c0, -1, -1), range(c1, -1, -1), range(c2, -1, -1), range(c3, -1, -1))
            choices = sorted(down, key=sum)
        else:
            up = product(range(c3 + 1), range(c2 + 1), range(c1 + 1), range(c0 + 1))
            choices = [chosen[::-1] for chosen in up]
        found = products[key] = tuple(zip(map(sum, choices), choices, strict=True))
    return found
