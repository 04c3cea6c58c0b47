"""The tables of remembered results: per owner, bounded, and never a wrong answer."""

from __future__ import annotations

import attrs

from rummykit import Meld, Refusal, judge_meld, load_variant, parse_cards
from rummykit.speed.memo import PerOwner, forget_all, forgotten_with_all, once_per_owner


def test_each_owner_has_its_own_table() -> None:
    memo: PerOwner[str, int] = PerOwner(limit=10)
    first, second = object(), object()
    memo.table(first)["x"] = 1
    assert memo.table(first) == {"x": 1}
    assert memo.table(second) == {}
    assert memo.table(first) == {"x": 1}  # the last owner's table is kept beside; the others stay


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


def test_once_per_owner_makes_a_value_once_per_owner_object() -> None:
    made: list[object] = []

    @once_per_owner
    def rule_of(owner: object) -> tuple[object, int]:
        made.append(owner)
        return (owner, len(made))

    first = load_variant("gin")
    assert rule_of(first) is rule_of(first) and made == [first]
    # An equal variant that is another object gets its own value.
    second = attrs.evolve(first)
    assert second == first and second is not first
    assert rule_of(second)[0] is second and len(made) == 2
    assert rule_of.__name__ == "rule_of"


def test_once_per_owner_forgets_beyond_64_owners_and_stays_right() -> None:
    calls: list[int] = []

    @once_per_owner
    def double(owner: list[int]) -> int:
        calls.append(owner[0])
        return owner[0] * 2

    owners = [[n] for n in range(200)]
    assert [double(o) for o in owners] == [2 * n for n in range(200)]
    assert len(calls) == 200
    double(owners[-1])  # the latest owner is remembered
    assert len(calls) == 200
    double(owners[0])  # the first was forgotten when the table filled
    assert calls[-1] == 0 and len(calls) == 201
    assert [double(o) for o in reversed(owners)] == [2 * n for n in reversed(range(200))]


def test_forget_all_empties_a_shared_table_given_to_it() -> None:
    table = forgotten_with_all({"turn": True})
    assert table == {"turn": True}
    forget_all()
    assert table == {}

