"""Contracts (``opening.kind = "contract"``, ``[[contract.deals]]``): each deal
of a match has its own hand size and its own contract, so many sets and so
many runs; a player goes down by laying exactly that contract in one turn
(R-CON-03, R-CON-04, R-CON-05). After going down he lays no new meld
(``melds.new_after_opening = false``, R-CON-06) and lays off from his next
turn on.

The deal number (1 for the first deal of a match) is part of the round
state; 0 means "not in use", and reads as the first deal.

>>> from rummykit.variant.model import load_variant
>>> variant = load_variant("contract")
>>> contract_of(variant, 5).hand_size, describe(contract_of(variant, 5))
(12, '2 sets and 1 run')
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from typing import ClassVar

import attrs

from rummykit.core.errors import N_, Refusal, Text
from rummykit.core.meld_model import Meld
from rummykit.rules.base import BuiltStages, register_commit
from rummykit.rules.commit_facts import Commit
from rummykit.rules.deal import DealRule, StandardDeal
from rummykit.solver.requirement import ContractShape
from rummykit.variant.model import ContractDeal, Variant

__all__ = [
    "ContractAtCommit",
    "contract_deal_rule",
    "contract_of",
    "contract_shapes",
    "deal_count",
    "describe",
    "going_down_turn",
    "joinable_runs",
    "judge_contract",
    "new_meld_refusal",
    "uses_contracts",
]


def contract_shapes(variant: Variant) -> tuple[ContractShape, ...]:
    """Each deal's contract as the solver asks it (none where the opening is
    no contract)."""
    if not uses_contracts(variant):
        return ()
    return tuple(
        ContractShape(deal.sets + deal.runs, partial(judge_contract, deal)) for deal in variant.contract.deals
    )


def uses_contracts(variant: Variant) -> bool:
    """Is the opening the deal's contract (``opening.kind = "contract"``)?"""
    return variant.opening.kind == "contract"


def deal_count(variant: Variant) -> int:
    """How many deals have their own contract (0: none)."""
    return len(variant.contract.deals)


def contract_of(variant: Variant, deal_number: int) -> ContractDeal | None:
    """The contract of deal ``deal_number`` (1-based; 0 reads as 1; past the
    last deal, the last one), or None where the variant has no contracts."""
    deals = variant.contract.deals
    if not deals:
        return None
    index = min(max(deal_number, 1), len(deals)) - 1
    return deals[index]


def describe(contract: ContractDeal) -> str:
    """``2 sets and 1 run``: a contract in words."""

    def count(n: int, word: str) -> str:
        return f"{n} {word}" if n == 1 else f"{n} {word}s"

    parts = [count(n, word) for n, word in ((contract.sets, "set"), (contract.runs, "run")) if n]
    return " and ".join(parts)


def describe_text(contract: ContractDeal) -> Text:
    """:func:`describe` as a phrase to translate ("nothing" for an empty contract)."""
    sets = Text(N_("{n} set") if contract.sets == 1 else N_("{n} sets"), n=contract.sets)
    runs = Text(N_("{n} run") if contract.runs == 1 else N_("{n} runs"), n=contract.runs)
    if contract.sets and contract.runs:
        return Text(N_("{sets} and {runs}"), sets=sets, runs=runs)
    return sets if contract.sets else runs if contract.runs else Text(N_("nothing"))


def contract_deal_rule(variant: Variant, rule: DealRule, deal_number: int) -> DealRule:
    """The deal stage for deal ``deal_number``: the variant's (``rule``), with
    the hand size of that deal's contract where the variant has contracts."""
    contract = contract_of(variant, deal_number)
    if contract is None or not isinstance(rule, StandardDeal):
        return rule
    return attrs.evolve(rule, hand_size_default=contract.hand_size, band_hand_sizes=())


def joinable_runs(a: Meld, b: Meld) -> bool:
    """Two runs of one suit that would make one run end to end (6-7-8-9 and T-J-Q-K)."""
    return a.suit == b.suit and (a.high + 1 == b.low or b.high + 1 == a.low)


def judge_contract(contract: ContractDeal, melds: Sequence[Meld]) -> Refusal | None:
    """Are ``melds`` exactly ``contract`` (R-CON-05)? Each meld may be longer
    than its minimum; the sets differ in rank; no two runs of one suit join."""
    sets = [m for m in melds if m.kind == "set"]
    runs = [m for m in melds if m.kind == "run"]
    wanted = describe_text(contract)
    if len(sets) != contract.sets or len(runs) != contract.runs:
        laid = describe_text(ContractDeal(hand_size=1, sets=len(sets), runs=len(runs)))
        return Refusal(
            "opening.contract", "This deal's contract is {wanted}; you laid {laid}.", wanted=wanted, laid=laid
        )
    ranks = [m.rank for m in sets]
    if len(set(ranks)) != len(ranks):
        return Refusal("opening.contract", "The sets of a contract must differ in rank.")
    for i, a in enumerate(runs):
        for b in runs[i + 1 :]:
            if joinable_runs(a, b):
                return Refusal(
                    "opening.contract",
                    "The runs {a} and {b} would make one run; a contract's runs are separate.",
                    a=a,
                    b=b,
                )
    return None


@attrs.frozen(slots=True)
class ContractAtCommit:
    """The melds of the going-down turn are exactly the deal's contract
    (R-CON-05); checked when the turn is committed."""

    name: str = "contract_at_commit"
    hooks: tuple[str, ...] = ("commit",)
    reads: ClassVar[frozenset[str]] = frozenset({"opened_before", "new_melds", "deal_number", "going_out"})

    def check(self, commit: Commit) -> Refusal | None:
        if commit.opened_before:
            return None
        if not commit.new_melds:  # no going out before going down (R-CON-05, R-CON-11)
            return _NOT_DOWN if commit.going_out else None
        contract = contract_of(commit.variant, commit.deal_number)
        if contract is None:  # the variant always has one with this component (checked at load)
            return Refusal("opening.contract", "This deal has no contract.")
        return judge_contract(contract, commit.new_melds)


_NOT_DOWN = Refusal("opening.contract", "You go out only once you have gone down to this deal's contract.")


@register_commit("contract_at_commit")
def _contract_at_commit(variant: Variant, stages: BuiltStages) -> ContractAtCommit | None:
    return ContractAtCommit() if uses_contracts(variant) else None


def new_meld_refusal(variant: Variant, *, opened_before: bool) -> Refusal | None:
    """A new meld by a player who went down in an earlier turn, where
    ``melds.new_after_opening`` is false (R-CON-06)."""
    if variant.melds.new_after_opening or not opened_before:
        return None
    return Refusal("meld.after-contract", "You have gone down: no new meld now, only lay-offs.")


def going_down_turn(variant: Variant, *, opened_before: bool, new_melds: int) -> bool:
    """Is this the turn in which the mover goes down to his contract? (A
    lay-off refused in it is ``layoff.not-yet``, R-CON-06.)"""
    return uses_contracts(variant) and not opened_before and new_melds > 0
