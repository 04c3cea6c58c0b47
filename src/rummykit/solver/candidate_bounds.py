"""What best_opening's bounds know of a candidate meld: the faces its
jokers may stand for (:func:`span`), how many jokers make a meld that
cannot take one more (:func:`hole_jokers`), the most one face or one
joker adds to a meld's table value (:func:`value_bounds`), and the most
any card adds (:func:`most_card_value`).

>>> from rummykit.core.meld_model import MeldRules
>>> hole_jokers(MeldRules(max_jokers=4)), hole_jokers(MeldRules(jokers_vs_naturals="fewer"))
(2, 1)
"""

from __future__ import annotations

from rummykit.core.meld_model import MeldRules
from rummykit.solver.hand_masks import FACES
from rummykit.solver.tables import Candidate

__all__ = ["hole_jokers", "most_card_value", "span", "value_bounds"]


def span(cand: Candidate) -> int:
    """The faces a candidate's jokers may stand for: the run's window in its
    suit, or the set's rank in every suit."""
    if cand.kind == "set":
        return 0xF << ((cand.rank - 2) * 4)
    out = 0
    for p in range(cand.start, cand.start + cand.length):
        out |= 1 << (((12 if p in (1, 14) else p - 2) * 4) + cand.suit)
    return out


def hole_jokers(rules: MeldRules) -> int:
    """How many jokers a meld must hold so that it cannot take one more in
    place of one of its naturals (its joker limit, or a single natural).

    A meld whose joker stands for a face the hand still holds (a hole) is
    worth, where jokers count as the card they stand for and the player
    declares their places, exactly what it is worth with that natural
    instead: the natural then leaves another meld, whose place a joker takes
    (the same value again), unless that meld cannot take one more joker. So
    best_opening needs a hole only while at least this many jokers are left
    for such a meld."""
    if rules.naturals_cap_jokers:
        return 1
    return max(1, min(rules.max_jokers, min(rules.set_min, rules.run_min) - 1))


def value_bounds(rules: MeldRules, cands: dict[int, list[Candidate]]) -> tuple[list[int], int]:
    """The most one natural face, and one joker, can add to a meld's table
    value: a meld is worth the sum of its cards' places (a thirteen-card run
    that reads its ace low, at most that), and a joker its place's value or
    its fixed points. A face in none of ``cands`` adds nothing."""
    values = rules.values
    run_values, set_values = values.run_values, values.set_values
    fixed = values.fixed_joker
    joker = max(*run_values, *set_values) if fixed is None else fixed
    used = 0
    for group in cands.values():
        for cand in group:
            used |= cand.mask
    bound = [0] * FACES
    for code in range(FACES):
        if used >> code & 1:
            rank = code // 4 + 2
            bound[code] = max(set_values[rank], run_values[rank], run_values[1] if rank == 14 else 0)
    return bound, joker


def most_card_value(rules: MeldRules) -> int:
    """The most any one card, natural or wild, adds to a meld's table value:
    a hand of ``n`` cards lays melds worth at most ``n`` times this (an
    opening minimum above that is out of reach, with no search)."""
    values = rules.values
    return max(*values.run_values, *values.set_values, values.fixed_joker or 0)
