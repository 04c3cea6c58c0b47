"""Releasing a set's joker with every missing suit (``swap.set_release``, R-KAL-10).

A test variant (Rami 51 with ``swap.set_release = "all_missing_suits"``, up to
three jokers a meld, no relay duty) and Rami 51 itself (``"one_card"``): the
move ``swap M C C``, its refusals (``swap.set-closed``,
``swap.set-needs-both-suits``, ``swap.wrong-card``), undo, the bookkeeping of
one swap, table credits, and the legal-move listing against ``apply``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import combinations
from typing import Any

import pytest
from hypothesis import assume, event, given
from hypothesis import strategies as st

import rummykit as rk
from rummykit.core.cards import JOKER, Card, Rank, Suit, parse_cards
from rummykit.core.meld_growth import release_set_joker
from rummykit.core.meld_judge import judge_meld
from rummykit.core.moves import SwapJoker, parse_move
from rummykit.io.serialize import state_from_document
from rummykit.io.state_writer import state_document
from rummykit.round.state import RoundState
from rummykit.rules.rule_set import rules_of
from rummykit.variant.model import Variant, loads_variant

BODY = """
[meta]
id = "set_release_test"
name = "set release test"
extends = "rami51"

[melds]
max_jokers_per_meld = 3

[swap]
allowed = true
set_min_naturals = 0
set_release = "all_missing_suits"
relay = "{relay}"
relay_targets = ["new_meld", "layoff_jokerless"]
"""


def release_variant(relay: str = "none") -> Variant:
    return loads_variant(BODY.format(relay=relay))


RELEASE = release_variant()
ONE_CARD = rk.load_variant("rami51")


def position(variant: Variant, hand: str, *table: str, opened: bool = True) -> RoundState:
    data: dict[str, Any] = {
        "players": 2,
        "hands": [hand, "5d 6d"],
        "phase": "play",
        "opened": [opened, True],
        "table": [{"owner": 1, "cards": cards} for cards in table],
    }
    return rk.position_from_dict(data, variant=variant)


def refused(state: RoundState, move: str) -> str:
    before = state_document(state)
    with pytest.raises(rk.IllegalMove) as caught:
        state.apply(move)
    assert state_document(state) == before, "a refused move leaves the state unchanged"
    assert not any(_same(parse_move(move), m) for m in state.legal_moves()), f"{move} refused but listed"
    return caught.value.code


def accepted(state: RoundState, move: str) -> RoundState:
    assert any(_same(parse_move(move), m) for m in state.legal_moves()), f"{move} accepted but not listed"
    return state.apply(move)


def _same(a: rk.Move, b: rk.Move) -> bool:
    if isinstance(a, SwapJoker) and isinstance(b, SwapJoker):
        return a.meld == b.meld and sorted(c.code for c in a.cards) == sorted(c.code for c in b.cards)
    return a == b


def hand_text(state: RoundState, seat: int = 0) -> str:
    return " ".join(str(c) for c in state.hands[seat])


# --------------------------------------------------------------------------- the move


@pytest.mark.parametrize("text", ["swap 2 7c 7d", "swap 1 8h", "swap 3 Kc Kd Ks"])
def test_swap_notation_round_trips(text: str) -> None:
    move = parse_move(text)
    assert str(move) == text
    assert parse_move(str(move)) == move


def test_swap_with_one_card_is_unchanged() -> None:
    move = parse_move("swap 1 8h")
    assert move == SwapJoker(1, Card("8h"))
    assert move.cards == (Card("8h"),)


def test_swap_move_checks_its_further_cards() -> None:
    with pytest.raises(TypeError, match=r"SwapJoker\.more must"):
        SwapJoker(1, Card("7c"), ("7d",))  # type: ignore[arg-type]
    assert SwapJoker(1, Card("7c"), [Card("7d")]).more == (Card("7d"),)
    with pytest.raises(rk.NotationError):
        parse_move("swap 1")


# --------------------------------------------------------------------------- all_missing_suits


def test_both_missing_suits_release_the_joker_to_the_hand() -> None:
    state = position(RELEASE, "Kc Kd 2c 3c", "Kh Ks JK")
    after = accepted(state, "swap 1 Kd Kc")
    assert [entry.meld.notation() for entry in after.table] == ["Kc Kd Kh Ks"]
    assert after.table[0].meld.points == 40
    assert sorted(hand_text(after).split()) == ["2c", "3c", "JK"]
    assert after.turn.swaps == 1
    # The cards in code order, however written: ``swap 1 Kd Kc`` is ``swap 1 Kc Kd``.
    assert [card for _, card in after.turn.laid_off] == [Card("Kc"), Card("Kd")]


def test_one_card_from_an_open_set_needs_both_suits() -> None:
    state = position(RELEASE, "Kc Kd 2c", "Kh Ks JK")
    assert refused(state, "swap 1 Kc") == "swap.set-needs-both-suits"


@pytest.mark.parametrize(
    ("table", "move"),
    [
        ("Kd Kh Ks JK", "swap 1 Kc"),  # four cards with a joker
        ("Kh JK JK", "swap 1 Kc Kd Ks"),  # two jokers
        ("Kh JK JK", "swap 1 Kc Kd"),
        ("Kh JK JK JK", "swap 1 Kc Kd Ks"),
    ],
)
def test_a_longer_set_or_one_with_two_jokers_is_closed(table: str, move: str) -> None:
    state = position(RELEASE, "Kc Kd Ks 2c", table)
    assert refused(state, move) == "swap.set-closed"


def test_a_set_is_closed_when_both_suits_would_pass_set_max() -> None:
    variant = loads_variant(_with_set_max(3))
    state = position(variant, "Kc Kd 2c", "Kh Ks JK")
    assert refused(state, "swap 1 Kc Kd") == "swap.set-closed"


def test_one_missing_suit_alone_releases_a_set_of_set_min_four() -> None:
    variant = loads_variant(_with_set_max(4).replace("set_max = 4", "set_max = 4\nset_min = 4"))
    state = position(variant, "Kc 2c", "Kd Kh Ks JK")
    after = accepted(state, "swap 1 Kc")
    assert after.table[0].meld.notation() == "Kc Kd Kh Ks"
    assert refused(position(variant, "Kc Kd 2c", "Kh Ks JK JK"), "swap 1 Kc Kd") == "swap.set-closed"


def _with_set_max(set_max: int) -> str:
    return BODY.format(relay="none").replace(
        "max_jokers_per_meld = 3", f"max_jokers_per_meld = 3\nset_max = {set_max}"
    )


@pytest.mark.parametrize(
    ("hand", "move"),
    [
        ("Kc Qd 2c", "swap 1 Kc Qd"),  # another rank
        ("Kc Kh 2c", "swap 1 Kc Kh"),  # a suit the set holds
        ("Kc Kc 2c", "swap 1 Kc Kc"),  # one suit twice
        ("Kc Kd JK", "swap 1 Kc JK"),  # a joker
    ],
)
def test_a_card_that_is_not_a_missing_suit_is_the_wrong_card(hand: str, move: str) -> None:
    state = position(RELEASE, hand, "Kh Ks JK")
    assert refused(state, move) == "swap.wrong-card"


def test_runs_keep_the_one_card_swap() -> None:
    state = position(RELEASE, "8h 8d 2c", "7h JK 9h")
    assert refused(state, "swap 1 8h 8d") == "swap.wrong-card"
    assert refused(state, "swap 1 8d") == "swap.wrong-card"
    after = accepted(state, "swap 1 8h")
    assert after.table[0].meld.notation() == "7h 8h 9h"


def test_a_meld_without_a_joker_refuses_any_swap() -> None:
    state = position(RELEASE, "Kc Kd 2c", "Kh Ks Kd")
    assert refused(state, "swap 1 Kc") == "swap.no-joker"
    assert refused(state, "swap 1 Kc Kd") == "swap.no-joker"


def test_the_release_needs_an_opened_player() -> None:
    state = position(RELEASE, "Kc Kd 2c", "Kh Ks JK", opened=False)
    assert refused(state, "swap 1 Kc Kd") == "swap.not-opened"


def test_undo_restores_the_set_and_the_hand() -> None:
    state = position(RELEASE, "Kc Kd 2c", "Kh Ks JK")
    after = state.apply("swap 1 Kc Kd").apply("undo")
    # The same round, whose public log now holds the swap and its undo.
    assert {**state_document(after), "log": []} == {**state_document(state), "log": []}
    assert after.log == ("0: swap 1 Kc Kd", "0: undo")


def test_a_state_after_a_release_saves_and_loads() -> None:
    after = position(RELEASE, "Kc Kd 2c", "Kh Ks JK").apply("swap 1 Kc Kd")
    document = state_document(after)
    assert state_document(state_from_document(document)) == document


def test_the_released_joker_is_kept_or_discarded_freely() -> None:
    state = position(RELEASE, "Kc Kd 2c", "Kh Ks JK")
    after = state.apply("swap 1 Kc Kd").apply("discard JK")
    assert after.to_move == 1
    assert hand_text(after) == "2c"


def test_credits_the_joker_slot_to_its_placer_and_the_other_card_to_the_swapper() -> None:
    state = position(RELEASE, "Kc Kd 2c", "Kh Ks JK")
    after = state.apply("swap 1 Kc Kd")
    slots = after.table[0].meld.slots
    credits = dict(zip((str(s.card) for s in slots), after.table[0].credits, strict=True))
    assert credits == {"Kc": 1, "Kd": 0, "Kh": 1, "Ks": 1}


def test_a_release_is_one_swap_for_the_relay_duty() -> None:
    """Under a relay duty, the one joker taken needs one relay, not one per card laid."""
    variant = release_variant("mandatory")
    state = position(variant, "Kc Kd 9s 8s", "Kh Ks JK", "2c 3c 4c")
    after = state.apply("swap 1 Kc Kd")
    assert refused(after, "discard 9s") == "swap.joker-not-relaid"
    after = after.apply("layoff 2 JK")
    done = after.apply("discard 9s")
    assert done.to_move == 1


def test_the_mechanism_names_the_slot_each_card_came_from() -> None:
    rules = RELEASE.meld_rules
    meld = judge_meld(rules, parse_cards("9s 9h JK"))
    assert not isinstance(meld, rk.Refusal)
    result = release_set_joker(rules, meld, parse_cards("9d 9c"))
    assert not isinstance(result, rk.Refusal)
    new, order = result
    assert new.notation() == "9c 9d 9h 9s"
    assert order == (None, 2, 0, 1)


# --------------------------------------------------------------------------- one_card


def test_one_card_refuses_several_cards() -> None:
    variant = loads_variant(BODY.format(relay="none").replace('set_release = "all_missing_suits"', ""))
    state = position(variant, "Kc Kd 2c", "Kh Ks JK")
    assert refused(state, "swap 1 Kc Kd") == "swap.wrong-card"
    after = accepted(state, "swap 1 Kc")
    assert after.table[0].meld.notation() == "Kc Kh Ks"


def test_rami51_keeps_its_rule_of_three_naturals() -> None:
    state = position(ONE_CARD, "Kc Kd 2c", "Kh Ks JK")
    assert refused(state, "swap 1 Kc") == "swap.set-needs-three-naturals"
    assert refused(state, "swap 1 Kc Kd") == "swap.wrong-card"


# --------------------------------------------------------------------------- listing against apply

SHAPES = [
    ("set", 3, 1),
    ("set", 3, 1),
    ("set", 3, 1),
    ("set", 4, 1),
    ("set", 3, 2),
    ("set", 4, 2),
    ("set", 3, 0),
    ("run", 4, 1),
]


@st.composite
def release_positions(draw: st.DrawFn, variant: Variant) -> RoundState:
    """Table sets and runs with jokers, and a hand rich in the cards that
    could take a joker's place (and in near misses)."""
    ranks = draw(st.lists(st.sampled_from(list(Rank)[1:-1]), min_size=1, max_size=3, unique=True))
    table: list[list[Card]] = []
    near: list[Card] = []
    given_cards: list[Card] = []
    for rank in ranks:
        kind, size, jokers = draw(st.sampled_from(SHAPES))
        if kind == "set":
            suits = draw(st.permutations(list(Suit)))[: size - jokers]
            cards = [Card.natural(rank, s) for s in suits] + [JOKER] * jokers
            near += [Card.natural(rank, s) for s in Suit]
            if draw(st.booleans()):  # every missing suit, often enough to release
                given_cards += [Card.natural(rank, s) for s in Suit if s not in suits]
        else:
            suit = draw(st.sampled_from(list(Suit)))
            start = min(int(rank), 10)
            cards = [Card.natural(r, suit) for r in range(start, start + size)]
            place = draw(st.integers(0, size - 1))
            near += [cards[place], Card.natural(start + place, (suit + 1) % 4)]
            cards[place] = JOKER
        table.append(cards)
    hand = given_cards + draw(st.lists(st.sampled_from(near), min_size=1, max_size=5, unique=True))
    hand += draw(st.lists(st.sampled_from([Card("2c"), JOKER]), max_size=2))
    named = Counter([*hand, *(c for cards in table for c in cards), Card("5d"), Card("6d")])
    assume(all(count <= (4 if card is JOKER else 2) for card, count in named.items()))
    opened = draw(st.sampled_from([True, True, True, False]))
    melds = (" ".join(str(c) for c in cards) for cards in table)
    return position(variant, " ".join(str(c) for c in hand), *melds, opened=opened)


def _swaps(state: RoundState) -> dict[tuple[int, tuple[int, ...]], SwapJoker]:
    """The listed swaps, by meld and sorted card codes."""
    return {
        (m.meld, tuple(sorted(c.code for c in m.cards))): m
        for m in state.legal_moves()
        if isinstance(m, SwapJoker)
    }


def _groups(hand: Sequence[Card]) -> set[tuple[Card, ...]]:
    return {group for k in (1, 2, 3) for group in combinations(sorted(hand, key=lambda c: c.code), k)}


@pytest.mark.parametrize(
    "variant", [RELEASE, release_variant("mandatory")], ids=["relay-none", "relay-mandatory"]
)
@given(data=st.data())
def test_every_accepted_swap_is_listed_and_every_listed_one_applies(
    variant: Variant, data: st.DataObject
) -> None:
    state = data.draw(release_positions(variant))
    listed = _swaps(state)
    for index in range(1, len(state.table) + 1):
        for group in _groups(state.hands[0]):
            move = SwapJoker(index, group[0], group[1:])
            key = (index, tuple(c.code for c in group))
            try:
                after = state.apply(move)
            except rk.IllegalMove:
                assert key not in listed, f"{move} is listed but refused"
                continue
            assert key in listed, f"{move} is accepted but not listed"
            assert after.turn.swaps == state.turn.swaps + 1
            event(f"accepted a swap of {len(group)} card(s)")
            assert after.table[index - 1].meld.jokers == state.table[index - 1].meld.jokers - 1
    for move in listed.values():
        state.apply(move)


def test_the_table_rule_is_the_one_place_the_key_acts() -> None:
    meld = judge_meld(RELEASE.meld_rules, parse_cards("Kh Ks JK"))
    assert not isinstance(meld, rk.Refusal)
    one = rules_of(ONE_CARD).table.swap_out_joker(meld, parse_cards("Kc Kd"))
    both = rules_of(RELEASE).table.swap_out_joker(meld, parse_cards("Kc Kd"))
    assert isinstance(one, rk.Refusal) and one.code == "swap.wrong-card"
    assert not isinstance(both, rk.Refusal)
