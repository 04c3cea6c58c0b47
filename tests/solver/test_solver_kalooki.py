"""The solver under Kalooki-like rules: several jokers in a meld (up to three,
or any number), at least one natural, a joker worth the card it stands for on
the table and 15 in the hand, aces high only. Every answer is compared with a
brute-force reference that tries every group of cards and every declaration
of its jokers. The variants are built here from TOML text.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import cache
from itertools import combinations, combinations_with_replacement

from brute_force import least_left_over
from hypothesis import given
from hypothesis import strategies as st

from rummykit import Card, Meld, best_opening, can_go_out, extend_meld, judge_meld, least_penalty, parse_cards
from rummykit.variant.model import Variant, loads_variant

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


def meld_values(variant: Variant, cards: tuple[Card, ...]) -> list[tuple[int, bool]]:
    """Every (table value, is pure run) a player can get for these cards as
    one meld: the jokers as they are, and every declaration of them."""
    return _meld_values(variant, tuple(sorted(cards, key=Card.sort_key)))


@cache
def _meld_values(variant: Variant, cards: tuple[Card, ...]) -> list[tuple[int, bool]]:
    rules = variant.meld_rules
    naturals = [c for c in cards if not c.is_joker]
    jokers = len(cards) - len(naturals)
    if not naturals:
        return []
    out = []
    base = judge_meld(rules, cards)
    if isinstance(base, Meld):
        out.append((base.points, base.is_pure))
    if jokers:
        targets: list[Card] = []
        if len({c.rank for c in naturals}) == 1:
            targets += [Card.natural(naturals[0].rank, s) for s in range(4)]
        if len({c.suit for c in naturals}) == 1:
            targets += [Card.natural(r, naturals[0].suit) for r in range(2, 15)]
        for declared in combinations_with_replacement(targets, jokers):
            result = judge_meld(rules, naturals + [Card.joker(t) for t in declared])
            if isinstance(result, Meld):
                out.append((result.points, result.is_pure))
    return out


def groups_with(first: int, rest: Sequence[int], low: int, high: int) -> list[tuple[int, ...]]:
    return [(first, *combo) for size in range(low, high + 1) for combo in combinations(rest, size - 1)]


def brute_least_penalty(variant: Variant, hand: Sequence[Card]) -> int:
    penalty = variant.values.hand.by_code
    return least_left_over(
        hand, lambda card: penalty[card.code], lambda group: bool(meld_values(variant, group))
    )


def brute_best_opening(variant: Variant, hand: Sequence[Card], minimum: int) -> int | None:
    @cache
    def best(remaining: frozenset[int]) -> int:
        if not remaining:
            return 0
        first, *rest = sorted(remaining)
        result = best(remaining - {first})
        for group in groups_with(first, rest, 3, len(remaining)):
            for value, _ in meld_values(variant, tuple(hand[i] for i in group)):
                result = max(result, value + best(remaining - set(group)))
        return result

    value = best(frozenset(range(len(hand))))
    return None if value <= 0 or value < minimum else value


def brute_can_go_out(variant: Variant, hand: Sequence[Card], table: Sequence[Meld], keep: bool) -> bool:
    def go(remaining: frozenset[int], melds: tuple[Meld, ...], discarded: bool) -> bool:
        if not remaining:
            return discarded or not keep
        first, *rest = sorted(remaining)
        if keep and not discarded and go(remaining - {first}, melds, True):
            return True
        for group in groups_with(first, rest, 1, len(remaining)):
            cards = tuple(hand[i] for i in group)
            left = remaining - set(group)
            if len(group) >= 3 and meld_values(variant, cards) and go(left, melds, discarded):
                return True
            for k, meld in enumerate(melds):
                grown = extend_meld(variant, meld, cards)
                if isinstance(grown, Meld) and go(left, (*melds[:k], grown, *melds[k + 1 :]), discarded):
                    return True
        return False

    return go(frozenset(range(len(hand))), tuple(table), False)


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


def assert_cards_of(hand: Sequence[Card], melds: Sequence[Meld]) -> None:
    left = Counter(c.face for c in hand)
    left.subtract(c.face for m in melds for c in m.cards)
    assert min(left.values(), default=0) >= 0



def check_best_opening(variant: Variant, hand: list[Card], minimum: int) -> None:
    """best_opening's points are the brute force's; its melds use the hand's cards."""
    plan = best_opening(variant, hand, minimum=minimum)
    assert (None if plan is None else plan.points) == brute_best_opening(variant, hand, minimum)
    if plan is not None:
        assert_cards_of(hand, plan.melds)
        assert sum(m.points for m in plan.melds) == plan.points


def check_can_go_out(variant: Variant, hand: list[Card], table_melds: list[str], keep: bool) -> None:
    """can_go_out agrees with the brute force, and its plan lays exactly the hand."""
    judged = (judge_meld(variant.meld_rules, parse_cards(t)) for t in table_melds)
    table = [m for m in judged if isinstance(m, Meld)]
    plan = can_go_out(variant, hand, table=table, keep_discard=keep)
    assert (plan is not None) == brute_can_go_out(variant, hand, table, keep)
    if plan is not None:
        grown = list(table)
        used = Counter(c.face for m in plan.melds for c in m.cards)
        for index, cards in plan.layoffs:
            result = extend_meld(variant, grown[index], cards)
            assert isinstance(result, Meld)
            grown[index] = result
            used.update(c.face for c in cards)
        if plan.discard is not None:
            used[plan.discard.face] += 1
        assert used == Counter(c.face for c in hand)

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
