"""The show judge and the losers' count (Indian rummy):
the best arrangement of a hand in groups that meets a required
:class:`~rummykit.core.meld_shape.MeldShape`, found by an exact search.

A card of the deal's wild rank may lie in a group as itself (``8h 9h Th``
with nines wild is a pure run) or play wild like a printed joker (``9c=Js``);
every group holds at least one card as itself. The search decides the
lowest face left first (leave it out, or lay a group holding it; a
wild-rank card left out joins the wild cards, every one of which is
counted as spare until spent), lays only the wild cards a group
needs and gives the spare ones at the end to the groups with room, and
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

import attrs

from rummykit.core.cards import JOKER, JOKER_CODE, Card, Rank, code_order, wild_card
from rummykit.core.meld_judge import judge_meld
from rummykit.core.meld_model import Meld, MeldRules
from rummykit.core.meld_shape import MeldShape
from rummykit.core.values import HandValues
from rummykit.solver.show_bound import BOUND, bound_groups_with
from rummykit.solver.show_groups import NIBBLE, GroupChoice, GroupTable, groups_with

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
    """Judge ``cards`` for a show under the meld ``rules``, in a deal whose
    wild rank is ``wild_rank`` (None: only printed jokers are wild): the best
    arrangement meeting ``shape`` and the value of the cards it leaves out (a
    card of the wild rank counts ``values.wild_value``). The cards are faces,
    or wild cards declared (``JK=8h``, ``9d=8h``): a declared card lies only
    where it is declared; declaring a card that is not wild, or a wild card
    as no card (``9d=*``), is a ValueError."""
    rank = None if wild_rank is None else Rank(wild_rank)
    rules = rules.with_wild_rank(rank)
    penalties = values.with_wild_rank(rank)
    counts = jokers = wild = 0
    search = _Search(rules, shape, penalties, (0, 0, values.joker, values.wild_value))
    for card in cards:
        if card.code != JOKER_CODE:
            counts += 1 << (NIBBLE * card.code)
            wild += rules.wild_mask >> card.code & 1
        elif card.declared is not None:
            counts += 1 << (NIBBLE * search.declare(card))
        elif card.face is JOKER:
            jokers += 1
        else:
            raise ValueError(f"{card}: a wild card in a show is a face or declared as a natural card")
    search.jokers, search.wild = jokers, wild
    search.set_caps()
    count, left = search.best(counts, jokers + wild, (0, 0, 0, 0, 0))
    if (count, left) >= _NONE:
        faces = tuple(sorted([card.face for card in cards], key=code_order))
        return Show((), faces, sum(penalties[card.code] for card in faces), False, False)
    groups, unmatched = search.arrangement(counts)
    return Show(groups, unmatched, count, True, left == 0)


# A state's progress: runs, pure runs, sets (each capped where the shape
# stops asking), the room for more wild cards in the groups laid that no
# requirement holds pure (capped at the wild cards there are), and the cards
# of the wild rank laid as themselves (counted only where they and printed
# jokers count differently, else 0).
_Progress = tuple[int, int, int, int, int]
_Choice = tuple[GroupChoice, bool] | int | None


class _Search:
    """The search of one hand's arrangements: states are the counts left,
    the wild cards not yet spent (printed jokers and the wild-rank cards not
    laid as themselves) and the progress."""

    def __init__(
        self, rules: MeldRules, shape: MeldShape, penalties: tuple[int, ...], pool: tuple[int, int, int, int]
    ) -> None:
        self.rules = rules
        self.shape = shape
        self.penalties = penalties
        self.jokers, self.wild, self.joker_value, self.wild_value = pool
        self.memo: dict[tuple[int, int, _Progress], tuple[tuple[int, int], _Choice]] = {}
        self.groups: GroupTable = {}
        """The groups each card can lay, found once in this search."""
        self.declared: dict[int, list[Card]] = {}
        """The wild cards the hand declares, by the face each stands for."""
        self.track_wild = False
        self.caps = (0, 0, 0, 0)

    def set_caps(self) -> None:
        """Read the shape's caps and the wild cards' values once the pool is known."""
        shape = self.shape
        self.track_wild = self.joker_value != self.wild_value and self.wild > 0
        more = 1 if shape.exact else 0
        self.caps = (shape.runs_needed + more, shape.pure_runs, shape.sets + more, self.jokers + self.wild)

    def declare(self, card: Card) -> int:
        """Take in a declared wild card (``JK=8h``, ``9d=8h``); its code in the counts."""
        target = card.declared
        if target is None or not self.rules.plays_wild(card.face):
            raise ValueError(f"{card}: only a wild card may be declared, as a natural card")
        same = self.declared.setdefault(target.code, [])
        same.append(card)
        same.sort(key=self._face_cost, reverse=True)  # groups lay the dearest first
        return BOUND + target.code

    def best(self, counts: int, spare: int, progress: _Progress) -> tuple[int, int]:
        """The least (value, number) of the cards left out from this state on."""
        key = (counts, spare, progress)
        found = self.memo.get(key)
        if found is not None:
            return found[0]
        answer, choice = self._decide(counts, spare, progress)
        self.memo[key] = (answer, choice)
        return answer

    def _left_over(self, spare: int, progress: _Progress) -> tuple[int, int]:
        """What the wild cards left over cost once the groups with room hold
        what they can: the cheapest of them stay out."""
        runs, pure, sets, room, laid_wild = progress
        if not self.shape.met_by(runs, pure, sets):
            return _NONE
        left = spare - min(spare, room)
        if not self.track_wild:
            return (left * self.joker_value, left)
        values = sorted([self.joker_value] * self.jokers + [self.wild_value] * (self.wild - laid_wild))
        return (sum(values[:left]), left)

    def _decide(self, counts: int, spare: int, progress: _Progress) -> tuple[tuple[int, int], _Choice]:
        if not counts:
            return self._left_over(spare, progress), None
        code = ((counts & -counts).bit_length() - 1) // NIBBLE
        if code >= BOUND:  # declared cards lie in groups only beside natural cards: the rest stay out
            left = counts >> (NIBBLE * code) & 15
            value, number = self.best(counts - (left << (NIBBLE * code)), spare, progress)
            cheapest = self.declared[code - BOUND][-left:]
            return (value + sum(map(self._face_cost, cheapest)), number + left), code
        value, number = self.best(counts - (1 << (NIBBLE * code)), spare, progress)
        answer = (value, number)
        if not self.rules.wild_mask >> code & 1:  # a wild-rank card left out is a spare one
            answer = (value + self.penalties[code], number + 1)
        choice: _Choice = code
        if counts >> (NIBBLE * BOUND):
            groups: Sequence[GroupChoice] = bound_groups_with(
                self.rules, counts, code, spare, self.shape.pure_run_min
            )
        else:
            groups = groups_with(
                self.rules, counts, code, (self.caps[3], self.shape.pure_run_min), self.groups
            )
        for group in groups:
            left = spare - group.wild - group.wild_rank_cards
            if left < 0:
                continue
            rest = counts
            for taken in group.codes:
                rest -= 1 << (NIBBLE * taken)
            for held in self._ways(group, progress):
                found = self.best(rest, left, self._after(group, held, progress))
                if found < answer:
                    answer, choice = found, (group, held)
        return answer, choice

    def _ways(self, group: GroupChoice, progress: _Progress) -> tuple[bool, ...]:
        """How a group may count: held pure for the shape (True) or not; a
        pure run may be either while the shape still asks for pure runs."""
        if group.pure and progress[1] < self.caps[1]:
            return (True, False)
        return (False,)

    def _after(self, group: GroupChoice, held: bool, progress: _Progress) -> _Progress:
        runs, pure, sets, room, laid_wild = progress
        max_runs, _, max_sets, max_room = self.caps
        if group.run:
            runs, pure = min(runs + 1, max_runs), pure + held
        else:
            sets = min(sets + 1, max_sets)
        if not held:
            room = min(room + group.room, max_room)
        if self.track_wild:
            laid_wild += group.wild_rank_cards
        return (runs, pure, sets, room, laid_wild)

    def arrangement(self, counts: int) -> tuple[tuple[Meld, ...], tuple[Card, ...]]:
        """The groups and the cards left out along the best path from ``counts``."""
        spare, progress = self.jokers + self.wild, (0, 0, 0, 0, 0)
        laid: list[tuple[GroupChoice, bool]] = []
        left: list[Card] = []
        pool = [JOKER] * self.jokers
        declared = {face: list(cards) for face, cards in self.declared.items()}
        while counts:
            choice = self.memo[(counts, spare, progress)][1]
            if isinstance(choice, int):
                copies = counts >> (NIBBLE * choice) & 15 if choice >= BOUND else 1
                if choice >= BOUND:  # the cheapest stay out; groups lay the others
                    same = declared[choice - BOUND]
                    left += [card.face for card in same[len(same) - copies :]]
                    del same[len(same) - copies :]
                else:
                    face = Card.natural((choice >> 2) + 2, choice & 3)
                    (pool if self.rules.wild_mask >> choice & 1 else left).append(face)
                counts -= copies << (NIBBLE * choice)
            elif choice is not None:
                group, held = choice
                for taken in group.codes:
                    counts -= 1 << (NIBBLE * taken)
                spare -= group.wild + group.wild_rank_cards
                progress = self._after(group, held, progress)
                laid.append(choice)
        pool.sort(key=self._cost, reverse=True)  # the dearest laid first
        melds = []
        extra = min(spare, progress[3])
        for group, held in laid:
            more = 0 if held else min(extra, group.room)
            extra -= more
            melds.append(self._meld(group, pool[: group.wild + more], declared))
            del pool[: group.wild + more]
        return tuple(melds), tuple(sorted(left + pool, key=code_order))

    def _cost(self, card: Card) -> int:
        return self.penalties[card.code]

    def _face_cost(self, card: Card) -> int:
        return self.penalties[card.face.code]

    def _meld(self, group: GroupChoice, wild: list[Card], declared: dict[int, list[Card]]) -> Meld:
        """The group as a judged meld, its wild cards declared (the cards
        ``declared`` by the hand taken from it)."""
        if group.run:
            cards = self._run_cards(group, wild, declared)
        else:
            taken = {code & 3 for code in group.codes}
            missing = [s for s in range(4) if s not in taken]
            cards = [_laid(code, declared) for code in group.codes]
            for i, card in enumerate(wild):
                free = missing[i] if i < len(missing) else None
                target = None if free is None else Card.natural((group.start >> 2) + 2, free)
                cards.append(_wild_as(card, target))
        meld = judge_meld(self.rules, cards)
        if not isinstance(meld, Meld):  # pragma: no cover - the search lays only valid groups
            raise AssertionError(f"the show search laid {cards}: {meld.message}")
        return meld

    def _run_cards(self, group: GroupChoice, wild: list[Card], declared: dict[int, list[Card]]) -> list[Card]:
        """A run's cards: its places from ``group.start``, the wild cards
        beyond them above while there is room, else below."""
        places = list(group.places)
        while places[-1] < 0:  # the core ends with a natural card
            places.pop()
        extra = len(wild) - places.count(-1)
        above = max(0, min(extra, self.rules.run_highest - (group.start + len(places) - 1)))
        start = group.start - (extra - above)
        places = [-1] * (extra - above) + places + [-1] * above
        suit = group.codes[0] & 3
        cards = []
        for i, code in enumerate(places):
            face = _run_face(start + i, suit)
            cards.append(_laid(code, declared) if code >= 0 else _wild_as(wild.pop(0), face))
        return cards


def _laid(code: int, declared: dict[int, list[Card]]) -> Card:
    """The card laid for ``code``: a natural face, or a card the hand declares."""
    if code >= BOUND:
        return declared[code - BOUND].pop(0)
    return Card.natural((code >> 2) + 2, code & 3)


def _run_face(position: int, suit: int) -> Card:
    return Card.natural(14 if position == 1 else position, suit)


def _wild_as(card: Card, target: Card | None) -> Card:
    """The wild card ``card`` (a joker, or a face of the wild rank) declared as ``target``."""
    if card.face is JOKER:
        return Card.joker(target)
    return wild_card(card, target)
