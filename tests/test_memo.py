"""The tables of remembered results: per owner, bounded, and never a wrong answer."""

from __future__ import annotations

import attrs

from rummykit import Meld, Refusal, judge_meld, load_variant, parse_cards
from rummykit.memo import PerOwner, forget_all


def test_each_owner_has_its_own_table() -> None:
    memo: PerOwner[str, int] = PerOwner(limit=10)
    first, second = object(), object()
    memo.table(first)["x"] = 1
    assert memo.table(first) == {"x": 1}
    assert memo.table(second) == {}


def test_a_full_table_is_emptied() -> None:
    memo: PerOwner[int, int] = PerOwner(limit=3)
    owner = object()
    for key in range(3):
        memo.table(owner)[key] = key
    assert memo.table(owner) == {}


def test_forget_all_empties_every_table() -> None:
    memo: PerOwner[str, int] = PerOwner(limit=10)
    owner = object()
    memo.table(owner)["x"] = 1
    forget_all()
    assert memo.table(owner) == {}


def test_equal_cards_under_other_rules_are_judged_again() -> None:
    rules = load_variant("rami51").meld_rules
    cards = parse_cards("7h JK JK")
    assert isinstance(judge_meld(rules, cards), Refusal)  # one joker at most
    looser = attrs.evolve(rules, max_jokers=2)
    assert isinstance(judge_meld(looser, cards), Meld)
    assert isinstance(judge_meld(rules, cards), Refusal)
    assert judge_meld(rules, cards) is judge_meld(rules, list(cards))
