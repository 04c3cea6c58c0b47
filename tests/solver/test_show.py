"""The show judge and the losers' count (solver/show.py):
hands of 13 and 14 cards with a wild rank and printed jokers, the best
arrangement meeting the shape and what the cards left out count."""

from __future__ import annotations

import pytest

from rummykit import Card, MeldRules, parse_cards
from rummykit.core.cards import Rank
from rummykit.core.errors import NotationError
from rummykit.core.meld_shape import MeldShape
from rummykit.core.values import HandValues
from rummykit.solver.show import judge_show

INDIAN = MeldRules(set_max=4, run_max=13, max_jokers=12, joker_placement="declared", ambiguous_kind="run")
VALUES = HandValues(number="face", ace=10, joker=0, wild=0)
DECLARE = MeldShape(runs=2, pure_runs=1)


def show(cards: str, wild: Rank | None, shape: MeldShape = DECLARE) -> tuple[bool, int, list[str], str]:
    judged = judge_show(INDIAN, parse_cards(cards), shape, VALUES, wild)
    return (
        judged.valid,
        judged.count,
        [str(meld) for meld in judged.groups],
        " ".join(map(str, judged.unmatched)),
    )


def test_the_loser_counts_the_cards_outside_his_best_arrangement() -> None:
    """The example of the Indian rules: seat 1 keeps 3c 4c 5c and Ts JK Qs."""
    valid, count, groups, left = show("3c 4c 5c 6h JK 8h Kd Qs 2d 7s 4d Ts Jh", Rank.NINE)
    assert (valid, count, groups) == (False, 47, ["3c 4c 5c", "Ts JK=Js Qs"])
    assert left == "2d 4d 6h 7s 8h Jh Kd"


def test_a_valid_show_lays_every_card() -> None:
    valid, count, groups, left = show("2h 3h 4h 5s 6s 7s 8d 8c 8h Kc Kd Ks Qd", Rank.NINE)
    assert valid is False and count == 10 and left == "Qd" and len(groups) == 4
    valid, count, groups, left = show("2h 3h 4h 5s 6s 7s 8d 8c 8h Kc Kd Ks", Rank.NINE)
    assert (valid, count, left) == (True, 0, "")


def test_a_wild_card_in_its_own_place_makes_a_pure_sequence() -> None:
    valid, _, groups, _ = show("8h 9h Th 4c 9d 6c Kc Ks Kd", Rank.NINE)
    assert valid and "8h 9h Th" in groups and "4c 9d=5c 6c" in groups


def test_without_a_pure_sequence_every_card_counts() -> None:
    valid, count, groups, left = show("8h 9s Th 4c JK 6c Kc Ks Kd 2s 3d 5h Jc", Rank.TWO)
    assert not valid and count == 8 + 9 + 10 + 4 + 6 + 30 + 3 + 5 + 10 and groups == []
    assert left == "2s 3d 4c 5h 6c 8h 9s Th Jc Kc Kd Ks JK"  # the deuce and the joker count 0


def test_a_printed_joker_cut_makes_aces_wild() -> None:
    """The game maps a printed joker cut to the wild rank A; the judge takes the rank."""
    valid, count, groups, _ = show("Ah 5c 6c 7c Qs Ks Ad 3d 4d 5d JK 9h 9s", Rank.ACE)
    assert valid and count == 0 and len(groups) == 4
    valid, count, _, _ = show("Ah 5c 6c 7c Qs Ks 3d 4d 5d 9h 9s 9c", Rank.ACE)
    assert valid and count == 0  # Qs Ks Ah=As


def test_fourteen_cards_and_jokers_alone_are_no_group() -> None:
    valid, count, groups, left = show("5c 6c 7c JK JK 2h 2d 2s Th Jh Qh Td 8d 9d", Rank.THREE)
    assert valid and count == 0 and len(groups) == 4
    valid, count, groups, left = show("5c 6c 7c JK JK 2h 2d 2s Th Jh Qh 4s 8d 9d", Rank.THREE)
    assert not valid and count == 4 and left == "4s"
    valid, count, _, left = show("5c 6c 7c JK JK 9s", Rank.THREE)
    assert valid and left == ""  # the jokers join a group: 5c 6c 7c is the pure one, 9s JK JK the other


def test_a_declared_wild_card_lies_where_it_is_declared() -> None:
    valid, count, groups, left = show("3c 4c 5c 6h JK=7h 8h Kd Qs 2d 7s 4d Ts Jh", Rank.NINE)
    assert (valid, count, groups) == (False, 53, ["3c 4c 5c", "6h JK=7h 8h"])
    valid, count, groups, left = show("2h 3h 4h 5s 6s 7s 8d 8c 8h Kc Kd Ks JK=Qh", Rank.NINE)
    assert (valid, count, left) == (False, 0, "JK")  # no group holds a queen of hearts
    valid, _, groups, _ = show("8h 9d=9h Th 4c 5c 6c", Rank.NINE)
    assert valid and "8h 9d=9h Th" in groups


@pytest.mark.parametrize("cards", ["7d=8h 5c 6c 7c", "9d=* 5c 6c 7c", "JK=* 5c"])
def test_only_a_wild_card_is_declared_and_as_a_natural_card(cards: str) -> None:
    with pytest.raises((ValueError, NotationError)):
        judge_show(INDIAN, parse_cards(cards), DECLARE, VALUES, Rank.NINE)


def test_sets_and_the_values_of_left_wild_cards() -> None:
    values = HandValues(joker=20, wild=5)
    judged = judge_show(INDIAN, parse_cards("7c 7d 7h 9s JK 3c"), MeldShape(sets=1), values, Rank.NINE)
    assert judged.valid and len(judged.groups) == 2  # 3c with the joker and the nine is a run
    judged = judge_show(INDIAN, parse_cards("7c 7d 7h 9s JK"), MeldShape(sets=1), values, Rank.NINE)
    assert judged.count == 5 and judged.unmatched == (
        Card("9s"),
    )  # the joker (20) laid, the nine (5) left
    assert judged.shape_met and not judged.valid
