"""The groups the show search may lay around one card when the hand holds
wild cards already declared (``JK=8h``, ``9d=8h`` in a show written with
its declarations): such a card may only lie where it is declared, as a wild
card (the group is not pure, and it is no natural card of the group).

A declared card of the card ``X`` is counted in the hand's counts at code
``BOUND + X``. This enumeration tries every place of every window, so it is
slower than :mod:`rummykit.solver.show_groups`; the search asks it only
while the hand holds a declared card.
"""

from __future__ import annotations

from itertools import product

from rummykit.core.meld_model import MeldRules
from rummykit.solver.show_groups import NIBBLE, GroupChoice

__all__ = ["BOUND", "bound_groups_with"]

BOUND = 64
"""The code of a declared wild card standing for the face ``X`` is ``BOUND + X``."""


def _count(counts: int, code: int) -> int:
    return counts >> (NIBBLE * code) & 15


def _code_at(position: int, suit: int) -> int:
    return ((14 if position == 1 else position) - 2) * 4 + suit


def bound_groups_with(
    rules: MeldRules, counts: int, code: int, wild: int, pure_run_min: int
) -> list[GroupChoice]:
    """Every group holding one copy of the natural face ``code`` as itself,
    its other cards natural cards and declared wild cards among ``counts``,
    with at most ``wild`` undeclared wild cards: runs first, then sets."""
    found: list[GroupChoice] = []
    rank = (code >> 2) + 2
    for home in rules.ace_positions if rank == 14 else (rank,):
        for low in range(max(rules.run_lowest, home - rules.run_longest + 1), home + 1):
            for high in range(home, min(rules.run_highest, low + rules.run_longest - 1) + 1):
                _window(rules, counts, code, (home, low, high, wild, pure_run_min), found)
    if rules.set_distinct_suits:
        _bound_sets(rules, counts, code, wild, found)
    return found


def _fillers(counts: int, face: int, inner: bool) -> list[int]:
    """What may fill one place of a run: the face itself, a card declared as
    it, or (inside the run) an undeclared wild card (-1)."""
    options = [face] if _count(counts, face) else []
    if _count(counts, BOUND + face):
        options.append(BOUND + face)
    return [*options, -1] if inner else options


def _window(
    rules: MeldRules, counts: int, code: int, where: tuple[int, int, int, int, int], out: list[GroupChoice]
) -> None:
    """The runs from position ``low`` to ``high`` (both ends laid with a card
    of the hand) holding ``code`` at ``home``."""
    home, low, high, wild, pure_run_min = where
    suit = code & 3
    left = counts - (1 << (NIBBLE * code))
    options = [
        [code] if p == home else _fillers(left, _code_at(p, suit), low < p < high)
        for p in range(low, high + 1)
    ]
    if any(not choice for choice in options) or sum(choice == [-1] for choice in options) > wild:
        return
    length = high - low + 1
    short = max(0, rules.run_min - length)
    for laid in product(*options):
        used: dict[int, int] = {}
        for taken in laid:
            used[taken] = used.get(taken, 0) + 1
        if any(taken >= 0 and taken != code and used[taken] > _count(left, taken) for taken in used):
            continue
        if code in used and used[code] > 1 + _count(left, code):
            continue
        out_group = _group(rules, laid, short, wild, pure_run_min, True, length)
        if out_group is not None:
            out.append(out_group._replace(start=low))


def _group(
    rules: MeldRules,
    laid: tuple[int, ...],
    short: int,
    wild: int,
    pure_run_min: int,
    run: bool,
    length: int,
) -> GroupChoice | None:
    """One group of ``laid`` places (a face, ``BOUND`` + a face, or -1) and
    ``short`` more undeclared wild cards, or None where the rules refuse it."""
    codes = tuple([c for c in laid if c >= 0])
    naturals = sum(1 for c in codes if c < BOUND)
    declared = len(codes) - naturals
    jokers = laid.count(-1) + short
    limit = rules.joker_limit(naturals)
    if jokers > wild or jokers + declared > limit:
        return None
    size_room = (rules.run_longest - length - short) if run else (rules.set_largest - length - short)
    room = min(size_room, limit - jokers - declared)
    pure = run and jokers + declared == 0 and length + short >= pure_run_min
    wild_rank = sum(rules.wild_mask >> c & 1 for c in codes if c < BOUND)
    return GroupChoice(codes, jokers, run, pure, 0, (*laid, *(-1,) * short), room, wild_rank)


def _bound_sets(rules: MeldRules, counts: int, code: int, wild: int, out: list[GroupChoice]) -> None:
    """The sets holding ``code``: for each other suit, no card, its natural
    card or a card declared as it; wild cards where the set is short."""
    base = code & ~3
    options = [[-1, *_fillers(counts, base + s, False)] for s in range(4) if base + s != code]
    for chosen in product(*options):
        laid = (code, *[c for c in chosen if c >= 0])
        if len(laid) > rules.set_largest:
            continue
        short = max(0, rules.set_min - len(laid))
        group = _group(rules, laid, short, wild, 0, False, len(laid))
        if group is not None and len(laid) + short <= rules.set_largest:
            out.append(group._replace(start=base))
