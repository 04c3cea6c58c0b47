"""Remembered results: kept by their owner, bounded, gone with it, and never a wrong answer."""

from __future__ import annotations

import copy
import gc
import pickle
import weakref

import attrs

from rummykit import Meld, Refusal, deal, judge_meld, load_variant, parse_cards
from rummykit.speed.memo import Memo, MemoTable, once_per_owner


class Owner:
    def __init__(self) -> None:
        self.memo = Memo()


def test_each_owner_has_its_own_table() -> None:
    kind: MemoTable[str, int] = MemoTable("test.kind", limit=10)
    first, second = Owner(), Owner()
    kind.of(first)["x"] = 1
    assert kind.of(first) == {"x": 1}
    assert kind.of(second) == {}
    assert kind.of(first) == {"x": 1}


def test_a_full_table_is_emptied() -> None:
    kind: MemoTable[int, int] = MemoTable("test.small", limit=3)
    owner = Owner()
    for key in range(3):
        kind.of(owner)[key] = key
    assert kind.of(owner) == {}


def test_two_kinds_of_table_are_apart() -> None:
    one: MemoTable[str, int] = MemoTable("test.one", limit=10)
    two: MemoTable[str, int] = MemoTable("test.two", limit=10)
    owner = Owner()
    one.of(owner)["x"] = 1
    assert two.of(owner) == {}


def test_clearing_a_memo_forgets_its_tables_and_products() -> None:
    kind: MemoTable[str, int] = MemoTable("test.kind", limit=10)
    owner = Owner()
    kind.of(owner)["x"] = 1

    @once_per_owner
    def made(owner: Owner) -> list[int]:
        return [1]

    first = made(owner)
    owner.memo.clear(tables_only=True)
    assert kind.of(owner) == {} and made(owner) is first
    owner.memo.clear()
    assert made(owner) is not first


def test_a_copy_of_a_memo_starts_empty() -> None:
    owner = Owner()
    MemoTable[str, int]("test.kind", limit=10).of(owner)["x"] = 1
    assert repr(copy.deepcopy(owner.memo)) == repr(pickle.loads(pickle.dumps(owner.memo))) == repr(Memo())


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


def test_what_is_remembered_for_a_variant_goes_with_it() -> None:
    """A variant played and dropped leaves nothing behind that holds it: no
    table outside it remembers it (its rule set, solver tables, verdicts)."""
    variant = attrs.evolve(load_variant("rami51"))
    state = deal(variant, players=2, seed=5)
    for _ in range(30):
        moves = state.legal_moves()
        if not moves or state.is_over:
            break
        state = state.apply(moves[-1])
    assert variant.memo.products and repr(variant.memo) != repr(Memo())
    gone = weakref.ref(variant)
    del variant, state, moves
    gc.collect()
    assert gone() is None
