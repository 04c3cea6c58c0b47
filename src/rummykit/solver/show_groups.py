"""The groups the show search may lay around one card: every run and every
set that holds the card (as itself), drawn from the cards still left and a
number of wild cards (printed jokers and cards of the wild rank playing wild).
A group takes only the wild cards it needs (the gaps of a run, the places
of natural cards it leaves to other groups, the places that make it long
enough); the search adds wild cards it has left over to groups with room at
the end, so a group's room is part of its description.

A hand is one integer here: four bits per face code (``counts >> 4 * code & 15``
copies of face ``code`` are left). A group is a :class:`GroupChoice`: the face
codes it takes, how many wild cards, its kind, whether it is a pure run, and
where its cards lie (a run's positions; a set's suits), so that the search
can write it out as cards afterwards.
"""

from __future__ import annotations

from itertools import combinations
from typing import NamedTuple

from rummykit.core.meld_model import MeldRules

__all__ = ["NIBBLE", "GroupChoice", "GroupTable", "groups_with"]

NIBBLE = 4
"""Bits per face code in a hand's counts."""

_SUIT_ROWS = tuple(sum(15 << (NIBBLE * code) for code in range(suit, 52, 4)) for suit in range(4))
"""The counts' bits of each suit's faces: all a run reads of the hand."""


class GroupChoice(NamedTuple):
    """One group the search may lay: ``codes`` the natural faces it takes
    (as themselves; ``wild_rank_cards`` of them are of the wild rank),
    ``wild`` how many wild cards fill it, ``run`` its kind, ``pure`` a pure
    run (no wild card standing for another, at least ``pure_run_min``
    cards), ``room`` how many more wild cards it could hold. ``places``: for
    a run, the code of each card in order from position ``start`` (-1 for a
    wild card); for a set, its codes (-1 for the wild cards) and ``start``
    its rank's lowest code."""

    codes: tuple[int, ...]
    wild: int
    run: bool
    pure: bool
    start: int
    places: tuple[int, ...]
    room: int
    wild_rank_cards: int


GroupTable = dict[tuple[int, int, int, int, int], tuple[GroupChoice, ...]]
"""The groups found in one search, by card and the counts they read."""


def _count(counts: int, code: int) -> int:
    return counts >> (NIBBLE * code) & 15


def _code_at(position: int, suit: int) -> int:
    """The face code of a run position (1 and 14 are the ace) in ``suit``."""
    rank = 14 if position == 1 else position
    return (rank - 2) * 4 + suit


def groups_with(
    rules: MeldRules, counts: int, code: int, where: tuple[int, int], table: GroupTable
) -> tuple[GroupChoice, ...]:
    """Every group holding one copy of face ``code`` as itself, its other
    natural cards among ``counts`` (which still holds ``code``), with at most
    ``wild`` wild cards (``where`` is wild and pure_run_min): runs first,
    then sets. ``rules.wild_mask`` says which faces are of the wild rank.
    The groups of a card depend only on its suit's and its rank's counts:
    they are kept in ``table``, the search's."""
    wild, pure_run_min = where
    base = code & ~3
    key = (code, counts & _SUIT_ROWS[code & 3], counts >> (NIBBLE * base) & 0xFFFF, wild, pure_run_min)
    found = table.get(key)
    if found is None:
        found = table[key] = tuple(_groups_of(rules, counts, code, wild, pure_run_min))
    return found


def _groups_of(rules: MeldRules, counts: int, code: int, wild: int, pure_run_min: int) -> list[GroupChoice]:
    found: list[GroupChoice] = []
    for home in _run_positions(rules, code):
        starts = [home]
        ace_low = _code_at(1, code & 3)
        if home > 1 and 1 in rules.ace_positions and _count(counts, ace_low) > (ace_low == code):
            starts.append(1)
        for start in starts:
            _cores_from(rules, counts, code, (home, start, wild, pure_run_min), found)
    _sets_with(rules, counts, code, wild, found)
    return found


def _run_positions(rules: MeldRules, code: int) -> tuple[int, ...]:
    rank = (code >> 2) + 2
    return rules.ace_positions if rank == 14 else (rank,)


def _cores_from(
    rules: MeldRules, counts: int, code: int, where: tuple[int, int, int, int], out: list[GroupChoice]
) -> None:
    """The runs holding ``code`` at run position ``home`` whose core (from a
    natural card to a natural card) starts at ``start``; ``where`` is
    (home, start, wild cards at most, pure_run_min)."""
    home, start, wild, pure_run_min = where
    suit = code & 3
    used = {code: 1}
    places: list[int] = []  # the code at start + i, or -1 where no card is left
    gaps = 0
    for position in range(start, min(rules.run_highest, start + rules.run_longest - 1) + 1):
        face = _code_at(position, suit)
        if position == home:
            places.append(code)
        elif _count(counts, face) > used.get(face, 0):
            places.append(face)
            used[face] = used.get(face, 0) + 1
        else:
            places.append(-1)
            gaps += 1
            if gaps > wild:
                break
        if places[-1] >= 0 and position >= home:
            _emit_core(rules, tuple(places), (start, home - start, wild, pure_run_min), out)


def _emit_core(
    rules: MeldRules, places: tuple[int, ...], where: tuple[int, int, int, int], out: list[GroupChoice]
) -> None:
    """The runs of one core (both ends natural; ``where`` is its first
    position, the index of the card it is built around, the wild cards at
    most and pure_run_min): each inner card kept or left to other groups
    (its place played by a wild card), wild cards added where the core is
    shorter than a run."""
    start, home, wild, pure_run_min = where
    inner = [i for i in range(1, len(places) - 1) if places[i] >= 0 and i != home]
    gaps = places.count(-1)
    short = max(0, rules.run_min - len(places))
    wild_mask = rules.wild_mask
    for swap in range(min(wild - gaps - short, len(inner)) + 1):
        for chosen in combinations(inner, swap):
            laid = list(places)
            for i in chosen:
                laid[i] = -1
            codes = tuple([c for c in laid if c >= 0])
            jokers = gaps + swap + short
            limit = rules.joker_limit(len(codes))
            if jokers > limit:
                continue
            pure = jokers == 0 and len(laid) >= pure_run_min
            room = min(rules.run_longest - len(laid) - short, limit - jokers)
            wild_rank = sum(wild_mask >> c & 1 for c in codes)
            out.append(
                GroupChoice(codes, jokers, True, pure, start, (*laid, *(-1,) * short), room, wild_rank)
            )


def _sets_with(rules: MeldRules, counts: int, code: int, wild: int, out: list[GroupChoice]) -> None:
    """The sets holding ``code``: other natural cards of its rank (of other
    suits where suits must differ), and the wild cards that make it long enough."""
    base = code & ~3
    if rules.set_distinct_suits:
        others = [base + s for s in range(4) if base + s != code and _count(counts, base + s)]
    else:
        others = [base + s for s in range(4) for _ in range(_count(counts, base + s) - (base + s == code))]
    wild_mask = rules.wild_mask
    seen: set[tuple[int, ...]] = set()
    for size in range(min(len(others), rules.set_largest - 1) + 1):
        for chosen in combinations(others, size):
            if chosen in seen:
                continue
            seen.add(chosen)
            codes = (code, *chosen)
            jokers = max(0, rules.set_min - len(codes))
            limit = rules.joker_limit(len(codes))
            if jokers > min(wild, limit):
                continue
            room = min(rules.set_largest - len(codes) - jokers, limit - jokers)
            wild_rank = sum(wild_mask >> c & 1 for c in codes)
            out.append(
                GroupChoice(codes, jokers, False, False, base, (*codes, *(-1,) * jokers), room, wild_rank)
            )
