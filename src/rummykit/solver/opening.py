"""best_opening: the melds of highest table value that open."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import attrs

from rummykit.cards import Card, parse_cards
from rummykit.melds import Meld
from rummykit.solver.tables import (
    FACES,
    FULL,
    NEG,
    Candidate,
    PackedHand,
    build_meld,
    candidates,
    split_for,
    tables_for,
)
from rummykit.variant import Variant

__all__ = ["OpeningPlan", "best_opening"]


@attrs.frozen(slots=True)
class OpeningPlan:
    """The melds of the best opening and their table value."""

    melds: tuple[Meld, ...]
    points: int


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
    tables = tables_for(variant, len(hand_cards))
    hand = PackedHand(hand_cards)
    cands = candidates(tables, hand.state & FULL, hand.jokers, split_for(len(hand_cards), values=True))
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
            melds.append(build_meld(tables, choice))
            f &= ~next(o[3] for o in options[_lowest(choice[0])] if o[4] == choice)
            spread = choice[0] * repeat
            state = (state & ~spread) | ((state >> FACES) & spread)
            jokers -= choice[1]
    return OpeningPlan(tuple(melds), points)


def _lowest(mask: int) -> int:
    return (mask & -mask).bit_length() - 1
