"""Finding a deal's contract in a hand (R-CON-05): which of the melds a
hand can form, together, are exactly the contract and lay the most cards.
The bots ask it (:class:`rummykit.play.bots.GreedyBot` goes down with it).

The search tries the sets first, then the runs, each in the order given,
and drops a branch as soon as it breaks the contract (two sets of one
rank, two runs that would make one), cannot fit the hand, or cannot lay
more cards than the best contract found so far (its longest melds are too
short, or free cards that no meld left to choose holds are too many). It
is bounded: after ``budget`` melds tried in partial contracts it answers
with the best found so far, so a variant with a long contract (thirty
cards, six sets and two runs) gets an answer in a second or so,
where the exhaustive search took a minute. Below the bound the answer is
the exhaustive search's: the first contract found with the most cards
laid.

>>> from rummykit.core.cards import parse_cards
>>> from rummykit.core.meld_judge import judge_meld
>>> from rummykit.variant.model import load_variant
>>> rules = load_variant("contract").meld_rules
>>> melds = [judge_meld(rules, parse_cards(text)) for text in ("7s 7h 7d", "7s 7h 7d 7c", "9s 9h 9d")]
>>> hand = parse_cards("7s 7h 7d 7c 9s 9h 9d 2c")
>>> contract = load_variant("contract").contract.deals[0]  # two sets
>>> [str(meld) for meld in find_contract(contract, melds, hand)]
['7c 7d 7h 7s', '9d 9h 9s']
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from rummykit.core.cards import Card
from rummykit.core.meld_model import Meld
from rummykit.rules.contract import joinable_runs
from rummykit.variant.model import ContractDeal

__all__ = ["CONTRACT_SEARCH_BUDGET", "ContractSearch", "find_contract"]

Needs = tuple[tuple[Card, int], ...]
"""A meld's cards as (face, how many) pairs."""

CONTRACT_SEARCH_BUDGET = 200_000
"""How many melds :func:`find_contract` tries in partial contracts at most
before it answers with the best found so far."""


def find_contract(
    contract: ContractDeal,
    candidates: Sequence[Meld],
    hand: Sequence[Card],
    *,
    keep: int = 0,
    at_least: int = 0,
    budget: int = CONTRACT_SEARCH_BUDGET,
) -> tuple[Meld, ...] | None:
    """Melds from ``candidates`` (each formable from ``hand``) that together
    are exactly ``contract`` and fit in the hand with ``keep`` cards to
    spare: the first found with the most cards laid, at least ``at_least``
    (within ``budget`` melds tried in partial contracts: the best found by
    then), or None."""
    search = ContractSearch(contract, candidates, hand, keep=keep, at_least=at_least, budget=budget)
    return search.best()


class ContractSearch:
    """One search for a contract in one hand (:func:`find_contract`): the
    cards still free, the best contract found and how many were tried."""

    def __init__(
        self,
        contract: ContractDeal,
        candidates: Sequence[Meld],
        hand: Sequence[Card],
        *,
        keep: int = 0,
        at_least: int = 0,
        budget: int = CONTRACT_SEARCH_BUDGET,
    ) -> None:
        if budget < 1:
            raise ValueError(f"a contract search tries at least one partial contract, not {budget}")
        self.contract = contract
        self.sets = [m for m in candidates if m.kind == "set"]
        self.runs = [m for m in candidates if m.kind == "run"]
        self._set_needs = list(map(_needs, self.sets))
        self._run_needs = list(map(_needs, self.runs))
        self.free: Counter[Card] = Counter(card.face for card in hand)
        self.spare = len(hand) - keep  # the most cards a contract may lay
        self.budget = budget
        self.tried = 0  # melds tried in a partial contract
        self.searched = False
        self.found: tuple[Meld, ...] | None = None
        self.laid = at_least - 1  # the cards the contract found lays (less than at_least: none found)
        self._hand_size = len(hand)
        self._last_run = _last_index(self.runs)
        self._last_set = _last_index(self.sets) | dict.fromkeys(self._last_run, len(self.sets))
        self._longest_set = _suffix_longest(self.sets)
        self._longest_run = _suffix_longest(self.runs)

    def best(self) -> tuple[Meld, ...] | None:
        """The contract found, searching once: None where no contract fits
        the hand with ``keep`` cards to spare, none lays ``at_least`` cards,
        or none was found within the budget."""
        if not self.searched:
            self.searched = True
            self._sets((), 0, self.contract.sets, 0)
        return self.found

    def _over(self, bound: int, last: dict[Card, int], start: int) -> bool:
        """Is this branch done: the budget spent, the best found already
        lays every card it may, or this branch cannot lay more than it
        (``bound``: its longest melds; nor can it lay a free card that no
        meld it may still take holds: ``last``, :meth:`_stranded`)?"""
        if self.tried >= self.budget or self.laid == self.spare or min(bound, self.spare) <= self.laid:
            return True
        return self.laid >= 0 and self._hand_size - self._stranded(last, start) <= self.laid

    def _stranded(self, last: dict[Card, int], start: int) -> int:
        """How many free cards no meld from index ``start`` on holds (``last``:
        each face's last index in the melds still to choose from)."""
        return sum(count for face, count in self.free.items() if count and last.get(face, -1) < start)

    def _sets(self, chosen: tuple[Meld, ...], start: int, wanted: int, laid: int) -> None:
        """Add ``wanted`` more sets to ``chosen`` (``laid`` cards) from index
        ``start`` on, then the runs."""
        bound = laid + wanted * self._longest_set[start] + self.contract.runs * self._longest_run[0]
        if self._over(bound, self._last_set, start):
            return
        if wanted == 0:
            self._runs(chosen, (), 0, self.contract.runs, laid)
            return
        ranks = {meld.rank for meld in chosen}
        rest = (wanted - 1) * self._longest_set[start] + self.contract.runs * self._longest_run[0]
        for i in range(start, len(self.sets)):
            if self.tried >= self.budget or self.laid == self.spare:
                return
            meld = self.sets[i]
            needs = self._set_needs[i]
            size = len(meld)
            if laid + size + rest <= self.laid or meld.rank in ranks:
                continue  # too short to lay more than the best found, or a second set of a rank
            if self._take(needs, size, laid):
                self._sets((*chosen, meld), i + 1, wanted - 1, laid + size)
                self._give(needs)

    def _runs(
        self, sets: tuple[Meld, ...], runs: tuple[Meld, ...], start: int, wanted: int, laid: int
    ) -> None:
        """Add ``wanted`` more runs to ``runs`` from index ``start`` on; a
        complete contract laying more than the best found becomes it."""
        if wanted == 0:
            if laid > self.laid:
                self.found, self.laid = (*sets, *runs), laid
            return
        if self._over(laid + wanted * self._longest_run[start], self._last_run, start):
            return
        rest = (wanted - 1) * self._longest_run[start]
        for i in range(start, len(self.runs)):
            if self.tried >= self.budget or self.laid == self.spare:
                return
            meld = self.runs[i]
            needs = self._run_needs[i]
            size = len(meld)
            if laid + size + rest <= self.laid or any(joinable_runs(meld, other) for other in runs):
                continue  # too short to lay more than the best found, or it would join a run
            if self._take(needs, size, laid):
                self._runs(sets, (*runs, meld), i + 1, wanted - 1, laid + size)
                self._give(needs)

    def _take(self, needs: Needs, size: int, laid: int) -> bool:
        """Take a meld's cards (``needs``, ``size`` of them) from the free
        ones, if they are all free and leave the cards to spare (else take
        nothing); one try of the budget."""
        self.tried += 1
        if laid + size > self.spare:
            return False
        free = self.free
        for face, count in needs:
            if free[face] < count:
                return False
        for face, count in needs:
            free[face] -= count
        return True

    def _give(self, needs: Needs) -> None:
        """Give a meld's cards (``needs``) back to the free ones."""
        free = self.free
        for face, count in needs:
            free[face] += count


def _needs(meld: Meld) -> Needs:
    """The faces of a meld's cards, each with how many of it."""
    return tuple(Counter(card.face for card in meld.cards).items())


def _last_index(melds: Sequence[Meld]) -> dict[Card, int]:
    """Each face's last index in ``melds`` among the melds that hold it."""
    return {card.face: i for i, meld in enumerate(melds) for card in meld.cards}


def _suffix_longest(melds: Sequence[Meld]) -> list[int]:
    """For each start index (and one past the end), the most cards of a meld from there on."""
    longest = [0] * (len(melds) + 1)
    for i in range(len(melds) - 1, -1, -1):
        longest[i] = max(longest[i + 1], len(melds[i]))
    return longest
