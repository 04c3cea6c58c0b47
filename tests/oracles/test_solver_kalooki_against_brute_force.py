"""The solver under Kalooki-like rules: several jokers in a meld (up to three,
or any number), at least one natural, a joker worth the card it stands for on
the table and 15 in the hand, aces high only. Every answer is compared with a
brute-force reference that tries every group of cards and every declaration
of its jokers (tests/brute_force.py). The variants are built here from TOML text.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from brute_force import assert_cards_of, brute_least_penalty, check_best_opening, check_can_go_out
from hypothesis import given
from hypothesis import strategies as st

from rummykit import Card, best_opening, least_penalty, parse_cards
from rummykit.variant.model import loads_variant

KALOOKI_LIKE = """
[meta]
id = "kalooki_like"
name = "Kalooki-like rules"

[players]
min = 2
max = 5

[[deck.by_players]]
players = [2, 5]
decks = 2
jokers = 4

[deal]
hand_size = 13

[melds]
set_max = 4
set_distinct_suits = true
run_max = 13
ace_low = false
ace_high = true
max_jokers_per_meld = {max_jokers}
joker_placement = "declared"
set_joker_suit = "any_missing"

[opening]
min_points = 40

[going_out]
final_discard = "required"

[values.table]
number = "face"
ace_high_run = 11
ace_in_set = 11
joker = "represented"

[values.hand]
number = "face"
ace = 11
joker = 15
"""

VARIANTS = {
    limit: loads_variant(
        KALOOKI_LIKE.replace("{max_jokers}", str(limit)).replace("kalooki_like", f"k{limit}")
    )
    for limit in (3, 13)
}
JK = Card("JK")
DENSE = parse_cards("9h Th Jh Qh Kh Ah Tc Td Ts Kd Ks Ad 5c 6c 7c 2s JK")
SPREAD = parse_cards("2c 3c 7d 9s Th Qh Ad 6h 6s 8h 8d Kc JK")


def hands(pool: Sequence[Card], low: int, high: int) -> st.SearchStrategy[list[Card]]:
    """Hands of two decks with up to four jokers."""
    return st.lists(st.sampled_from(pool), min_size=low, max_size=high).filter(
        lambda cards: (
            all(n <= 2 for c, n in Counter(cards).items() if not c.is_joker) and cards.count(JK) <= 4
        )
    )


def with_jokers(pool: Sequence[Card], low: int, high: int) -> st.SearchStrategy[list[Card]]:
    """Hands that surely hold two to four jokers."""
    return st.tuples(hands([c for c in pool if not c.is_joker], low, high), st.integers(2, 4)).map(
        lambda drawn: drawn[0] + [JK] * drawn[1]
    )


some_hand = st.one_of(hands(DENSE, 0, 8), hands(SPREAD, 0, 8), with_jokers(DENSE, 1, 6))
limits = st.sampled_from(sorted(VARIANTS))


@given(limits, some_hand)
def test_least_penalty_with_several_jokers_a_meld(limit: int, hand: list[Card]) -> None:
    variant = VARIANTS[limit]
    result = least_penalty(variant, hand)
    assert result.penalty == brute_least_penalty(variant, hand)
    assert_cards_of(hand, result.melds)
    laid = [c.face for m in result.melds for c in m.cards] + list(result.leftover)
    assert sorted(laid, key=Card.sort_key) == sorted((c.face for c in hand), key=Card.sort_key)
    assert all(m.jokers <= variant.meld_rules.max_jokers for m in result.melds)


@given(limits, some_hand, st.sampled_from([0, 40]))
def test_best_opening_with_several_jokers_a_meld(limit: int, hand: list[Card], minimum: int) -> None:
    variant = VARIANTS[limit]
    check_best_opening(variant, hand, minimum)


TABLE = ("Th Jh Qh", "Kc Kd Ks", "5c JK 7c", "9s JK JK")


@given(
    limits,
    st.one_of(hands(DENSE, 1, 6), with_jokers(DENSE, 1, 4)),
    st.lists(st.integers(0, len(TABLE) - 1), max_size=2, unique=True),
    st.booleans(),
)
def test_can_go_out_with_several_jokers_a_meld(
    limit: int, hand: list[Card], picks: list[int], keep: bool
) -> None:
    variant = VARIANTS[limit]
    check_can_go_out(variant, hand, [TABLE[i] for i in picks], keep)


def test_a_joker_counts_as_the_card_it_stands_for() -> None:
    variant = VARIANTS[3]
    # Qh Kh Ah with jokers for Th Jh: 10 + 10 + 10 + 10 + 11.
    plan = best_opening(variant, "Qh Kh Ah JK JK")
    assert plan is not None and plan.points == 51
    # Three jokers and one natural: a set of four kings (40), or a run up to the ace.
    plan = best_opening(variant, "Kc JK JK JK")
    assert plan is not None and plan.points == 41  # Kc with jokers for Jc Qc Ac: 10 + 10 + 10 + 11
    # Four jokers need a meld of two naturals or more where a meld holds three at most.
    assert best_opening(variant, "Kc JK JK JK JK", minimum=0) is not None
    assert least_penalty(variant, "Kc JK JK JK JK").penalty == 15
    assert least_penalty(VARIANTS[13], "Kc JK JK JK JK").penalty == 0
