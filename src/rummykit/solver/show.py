"""The show judge and the losers' count (Indian rummy):
the best arrangement of a hand in groups that meets a required
:class:`~rummykit.core.meld_shape.MeldShape`, found by an exact search.

A card of the deal's wild rank may lie in a group as itself (``8h 9h Th``
with nines wild is a pure run) or play wild like a printed joker (``9c=Js``);
every group holds at least one card as itself. The search tries each way of
sending the wild-rank cards to the wild cards' pool, then decides the
lowest face left first (leave it out, or lay a group holding it), and
remembers every state: the answer is the least value of the cards left out,
then the fewest of them, over every arrangement that meets the shape.

>>> from rummykit.core.cards import Rank, parse_cards
>>> from rummykit.core.meld_shape import MeldShape
>>> from rummykit.core.values import HandValues
>>> from rummykit.variant.model import load_variant
>>> rules = load_variant("rummy").meld_rules
>>> rules = attrs.evolve(rules, max_jokers=12, joker_placement="declared", ambiguous_kind="run")
>>> values = HandValues(number="face", ace=10, joker=0, wild=0)
>>> cards = parse_cards("3c 4c 5c 6h JK 8h Kd Qs 2d 7s 4d Ts Jh")
>>> show = judge_show(rules, cards, MeldShape(runs=2, pure_runs=1), values, wild_rank=Rank.NINE)
>>> show.valid, show.count, [str(meld) for meld in show.groups]
(False, 47, ['3c 4c 5c', 'Ts JK=Js Qs'])
>>> pure = judge_show(rules, parse_cards("8h 9h Th 9c Jc Qc"), MeldShape(runs=2), values, Rank.NINE)
>>> pure.valid, [str(meld) for meld in pure.groups]
(True, ['8h 9h Th', 'Jc Qc 9c=Kc'])
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import product

import attrs

from rummykit.core.cards import JOKER, JOKER_CODE, Card, Rank, code_order, wild_card
from rummykit.core.meld_judge import judge_meld
from rummykit.core.meld_model import Meld, MeldRules
from rummykit.core.meld_shape import MeldShape
from rummykit.core.values import HandValues
from rummykit.solver.show_groups import NIBBLE, GroupChoice, groups_with

__all__ = ["Show", "judge_show"]

_NONE = (1 << 30, 0)
"""What a state that cannot meet the shape is worth (more than any hand)."""


@attrs.frozen(slots=True)
class Show:
    """A hand judged for a show: ``groups``, its best arrangement meeting
    the shape (the wild cards declared, ``JK=Js``, ``7d=8h``), ``unmatched``
    the cards left out of it and ``count`` their value; ``shape_met``: some
    arrangement meets the shape (else ``groups`` is empty and ``count`` is
    the value of every card); ``valid``: some arrangement meeting it leaves
    no card out (a valid declaration)."""

    groups: tuple[Meld, ...]
    unmatched: tuple[Card, ...]
    count: int
    shape_met: bool
    valid: bool


def judge_show(
    rules: MeldRules,
    cards: Sequence[Card],
    shape: MeldShape,
    values: HandValues,
    wild_rank: Rank | int | None = None,
) -> Show:
    """Judge ``cards`` (faces) for a show under the meld ``rules``, in a deal
    whose wild rank is ``wild_rank`` (None: only printed jokers are wild):
    the best arrangement meeting ``shape`` and the value of the cards it
    leaves out (a card of the wild rank counts ``values.wild_value``)."""
    rank = None if wild_rank is None else Rank(wild_rank)
    rules = rules.with_wild_rank(rank)
    penalties = values.with_wild_rank(rank)
    best: tuple[tuple[int, int], _Search, int] | None = None
    for search, counts in _searches(rules, cards, shape, penalties):
        answer = search.best(counts, len(search.pool), 0, 0, 0)
        if answer < _NONE and (best is None or answer < best[0]):
            best = (answer, search, counts)
    if best is None:
        faces = tuple(sorted(cards, key=code_order))
        return Show((), faces, sum(penalties[card.code] for card in faces), False, False)
    (count, left), search, counts = best
    groups, unmatched = search.arrangement(counts)
    return Show(groups, unmatched, count, True, left == 0)


def _searches(
    rules: MeldRules, cards: Sequence[Card], shape: MeldShape, penalties: tuple[int, ...]
) -> list[tuple[_Search, int]]:
    """One search for each way of sending wild-rank cards to the wild pool
    (how many of each face), with the hand's counts left for it."""
    faces = [card.face for card in cards]
    if any(card.declared is not None or card.face is not card.undeclared for card in cards):
        raise ValueError("a show is judged on the faces of the cards, without declarations")
    jokers = faces.count(JOKER)
    counts = 0
    for face in faces:
        if face.code != JOKER_CODE:
            counts += 1 << (NIBBLE * face.code)
    wild_faces = sorted(
        {face for face in faces if face.code != JOKER_CODE and rules.plays_wild(face)}, key=code_order
    )
    out = []
    for taken in product(*(range(faces.count(face) + 1) for face in wild_faces)):
        pool = [JOKER] * jokers
        left = counts
        for face, number in zip(wild_faces, taken, strict=True):
            pool += [face] * number
            left -= number << (NIBBLE * face.code)
        out.append((_Search(rules, shape, penalties, pool), left))
    return out


class _Search:
    """The search of one hand's arrangements with a given pool of wild
    cards: states are (counts left, wild cards left, runs, pure runs, sets
    so far, each capped where the shape stops asking)."""

    def __init__(
        self, rules: MeldRules, shape: MeldShape, penalties: tuple[int, ...], pool: list[Card]
    ) -> None:
        self.rules = rules
        self.shape = shape
        self.penalties = penalties
        # The pool, the dearest first: groups take wild cards from the front,
        # so the cheapest are the ones left out.
        self.pool = sorted(pool, key=lambda card: -penalties[card.code])
        self.left_cost = [
            sum(penalties[c.code] for c in self.pool[len(self.pool) - k :]) if k else 0
            for k in range(len(self.pool) + 1)
        ]
        extra = 1 if shape.exact else 0
        self.caps = (shape.runs_needed + extra, shape.pure_runs, shape.sets + extra)
        self.memo: dict[tuple[int, int, int, int, int], tuple[tuple[int, int], GroupChoice | int | None]] = {}

    def best(self, counts: int, wild: int, runs: int, pure: int, sets: int) -> tuple[int, int]:
        """The least (value, number) of the cards left out from this state on."""
        key = (counts, wild, runs, pure, sets)
        found = self.memo.get(key)
        if found is not None:
            return found[0]
        answer, choice = self._decide(counts, wild, runs, pure, sets)
        self.memo[key] = (answer, choice)
        return answer

    def _decide(
        self, counts: int, wild: int, runs: int, pure: int, sets: int
    ) -> tuple[tuple[int, int], GroupChoice | int | None]:
        if not counts:
            if self.shape.met_by(runs, pure, sets):
                return (self.left_cost[wild], wild), None
            return _NONE, None
        code = ((counts & -counts).bit_length() - 1) // NIBBLE
        value, number = self.best(counts - (1 << (NIBBLE * code)), wild, runs, pure, sets)
        answer: tuple[int, int] = (value + self.penalties[code], number + 1)
        choice: GroupChoice | int | None = code
        max_runs, max_pure, max_sets = self.caps
        for group in groups_with(self.rules, counts, code, wild, self.shape.pure_run_min):
            rest = counts
            for taken in group.codes:
                rest -= 1 << (NIBBLE * taken)
            if group.run:
                state = (min(runs + 1, max_runs), min(pure + group.pure, max_pure), sets)
            else:
                state = (runs, pure, min(sets + 1, max_sets))
            found = self.best(rest, wild - group.wild, *state)
            if found < answer:
                answer, choice = found, group
        return answer, choice

    def arrangement(self, counts: int) -> tuple[tuple[Meld, ...], tuple[Card, ...]]:
        """The groups and the cards left out along the best path from ``counts``."""
        wild, runs, pure, sets = len(self.pool), 0, 0, 0
        max_runs, max_pure, max_sets = self.caps
        groups: list[Meld] = []
        left: list[Card] = []
        pool = list(self.pool)
        while counts:
            choice = self.memo[(counts, wild, runs, pure, sets)][1]
            if isinstance(choice, int):
                left.append(Card.natural((choice >> 2) + 2, choice & 3))
                counts -= 1 << (NIBBLE * choice)
                continue
            if choice is None:  # pragma: no cover - a state with cards always decides one
                break
            for taken in choice.codes:
                counts -= 1 << (NIBBLE * taken)
            wild -= choice.wild
            groups.append(self._meld(choice, pool[: choice.wild]))
            del pool[: choice.wild]
            if choice.run:
                runs, pure = min(runs + 1, max_runs), min(pure + choice.pure, max_pure)
            else:
                sets = min(sets + 1, max_sets)
        left += pool
        return tuple(groups), tuple(sorted(left, key=code_order))

    def _meld(self, group: GroupChoice, wild: list[Card]) -> Meld:
        """The group as a judged meld, its wild cards declared."""
        cards: list[Card] = []
        if group.run:
            # Wild cards added beyond the core go above it while there is room, else below.
            core = [i for i, code in enumerate(group.places) if code >= 0]
            places = list(group.places[: core[-1] + 1])
            extra = len(group.places) - len(places)
            above = min(extra, self.rules.run_highest - (group.start + len(places) - 1))
            start = group.start - (extra - above)
            places = [-1] * (extra - above) + places + [-1] * above
            suit = group.codes[0] & 3
            for i, code in enumerate(places):
                face = _run_face(start + i, suit)
                cards.append(face if code >= 0 else _wild_as(wild.pop(0), face))
        else:
            taken = {code & 3 for code in group.codes}
            missing = [s for s in range(4) if s not in taken]
            cards = [Card.natural((code >> 2) + 2, code & 3) for code in group.codes]
            for i, card in enumerate(wild):
                free = missing[i] if i < len(missing) else None
                target = None if free is None else Card.natural((group.start >> 2) + 2, free)
                cards.append(_wild_as(card, target))
        meld = judge_meld(self.rules, cards)
        if not isinstance(meld, Meld):  # pragma: no cover - the search lays only valid groups
            raise AssertionError(f"the show search laid {cards}: {meld.message}")
        return meld


def _run_face(position: int, suit: int) -> Card:
    return Card.natural(14 if position == 1 else position, suit)


def _wild_as(card: Card, target: Card | None) -> Card:
    """The wild card ``card`` (a joker, or a face of the wild rank) declared as ``target``."""
    if card.face is JOKER:
        return Card.joker(target)
    return wild_card(card, target)
