"""Exhaustive searches the solver tests check the solver against: slow and
plainly right."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from itertools import combinations
from typing import TypeVar

C = TypeVar("C")


def least_left_over(
    hand: Sequence[C], penalty: Callable[[C], int], meldable: Callable[[tuple[C, ...]], bool]
) -> int:
    """The least total ``penalty`` of the cards left out of melds, over every
    way to lay groups of three cards or more that ``meldable`` accepts."""

    @cache
    def best(remaining: frozenset[int]) -> int:
        if not remaining:
            return 0
        first, *rest = sorted(remaining)
        result = penalty(hand[first]) + best(remaining - {first})
        for size in range(2, len(rest) + 1):
            for others in combinations(rest, size):
                group = (first, *others)
                if meldable(tuple(hand[i] for i in group)):
                    result = min(result, best(remaining - set(group)))
        return result

    return best(frozenset(range(len(hand))))
