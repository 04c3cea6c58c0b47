"""The groups the show search may lay around one card: every run and every
set that holds the card (as itself), drawn from the cards still left and a
number of wild cards (printed jokers and cards of the wild rank playing wild).

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

__all__ = ["NIBBLE", "GroupChoice", "groups_with"]

NIBBLE = 4
"""Bits per face code in a hand's counts."""


class GroupChoice(NamedTuple):
    """One group the search may lay: ``codes`` the natural faces it takes
    (as themselves), ``wild`` how many wild cards fill it, ``run`` its kind,
    ``pure`` a pure run (no wild card standing for another, at least
    ``pure_run_min`` cards). ``places``: for a run, the position of each
    card in order (``code`` or -1 for a wild card) from ``start``; for a
    set, its rank's code base (-1 entries for the wild cards)."""

    codes: tuple[int, ...]
    wild: int
    run: bool
    pure: bool
    start: int
    places: tuple[int, ...]


def _count(counts: int, code: int) -> int:
    return counts >> (NIBBLE * code) & 15


def _code_at(position: int, suit: int) -> int:
    """The face code of a run position (1 and 14 are the ace) in ``suit``."""
    rank = 14 if position == 1 else position
    return (rank - 2) * 4 + suit


def groups_with(rules: MeldRules, counts: int, code: int, wild: int, pure_run_min: int) -> list[GroupChoice]:
    """Every group holding one copy of face ``code`` as itself, its other
    natural cards among ``counts`` (which still holds ``code``), with at most
    ``wild`` wild cards: runs first, then sets."""
    found = _runs_with(rules, counts, code, wild, pure_run_min)
    found += _sets_with(rules, counts, code, wild)
    return found


def _run_positions(rules: MeldRules, code: int) -> tuple[int, ...]:
    rank = (code >> 2) + 2
    return rules.ace_positions if rank == 14 else (rank,)


def _runs_with(rules: MeldRules, counts: int, code: int, wild: int, pure_run_min: int) -> list[GroupChoice]:
    """The runs holding ``code``: a core from a natural card to a natural
    card (every place between natural or wild), then wild cards added
    beyond its ends up to the longest run."""
    suit = code & 3
    out: list[GroupChoice] = []
    for home in _run_positions(rules, code):
        starts = [home]
        ace_low = _code_at(1, suit)
        if home > 1 and 1 in rules.ace_positions and _count(counts, ace_low) > (ace_low == code):
            starts.append(1)
        for start in starts:
            _cores_from(rules, counts, code, home, start, wild, pure_run_min, out)
    return out


def _cores_from(
    rules: MeldRules,
    counts: int,
    code: int,
    home: int,
    start: int,
    wild: int,
    pure_run_min: int,
    out: list[GroupChoice],
) -> None:
    """The runs whose core starts at ``start`` (``code`` at ``home``)."""
    suit = code & 3
    used = {code: 1}
    # places[i] is the code at start + i (or -1 where no card is left).
    places: list[int] = []
    gaps = 0
    last = min(rules.run_highest, start + rules.run_longest - 1)
    for position in range(start, last + 1):
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
        end = len(places) - 1
        if places[end] < 0 or start + end < home:
            continue
        _emit_core(rules, tuple(places), start, home, wild - gaps, pure_run_min, out)


def _emit_core(
    rules: MeldRules,
    places: tuple[int, ...],
    start: int,
    home: int,
    spare: int,
    pure_run_min: int,
    out: list[GroupChoice],
) -> None:
    """The runs of one core (both ends natural): present inner cards kept or
    played by wild cards (``spare`` more wild cards at most), then wild
    cards beyond the ends."""
    gaps = places.count(-1)
    inner = [i for i in range(1, len(places) - 1) if places[i] >= 0 and start + i != home]
    for swap in range(min(spare, len(inner)) + 1):
        for chosen in combinations(inner, swap):
            laid = list(places)
            for i in chosen:
                laid[i] = -1
            codes = tuple([c for c in laid if c >= 0])
            filled = gaps + swap
            room = min(spare - swap, rules.run_longest - len(laid))
            for extra in range(room + 1):
                length = len(laid) + extra
                jokers = filled + extra
                if length < rules.run_min or jokers > rules.joker_limit(len(codes)):
                    continue
                pure = jokers == 0 and length >= pure_run_min
                out.append(GroupChoice(codes, jokers, True, pure, start, (*laid, *(-1,) * extra)))


def _sets_with(rules: MeldRules, counts: int, code: int, wild: int) -> list[GroupChoice]:
    """The sets holding ``code``: other natural cards of its rank (of other
    suits where suits must differ), then wild cards up to the largest set."""
    base = code & ~3
    if rules.set_distinct_suits:
        others = [base + s for s in range(4) if base + s != code and _count(counts, base + s)]
    else:
        others = [base + s for s in range(4) for _ in range(_count(counts, base + s) - (base + s == code))]
    out: list[GroupChoice] = []
    seen: set[tuple[int, ...]] = set()
    for size in range(min(len(others), rules.set_largest - 1) + 1):
        for chosen in combinations(others, size):
            if chosen in seen:
                continue
            seen.add(chosen)
            codes = (code, *chosen)
            limit = min(wild, rules.joker_limit(len(codes)), rules.set_largest - len(codes))
            for jokers in range(limit + 1):
                if len(codes) + jokers >= rules.set_min:
                    out.append(GroupChoice(codes, jokers, False, False, base, (*codes, *(-1,) * jokers)))
    return out
