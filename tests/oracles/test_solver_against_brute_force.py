"""The solver against a brute-force reference that tries every subset."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import cache
from itertools import combinations
from pathlib import Path

import pytest
from brute_force import least_left_over
from hypothesis import given
from hypothesis import strategies as st

from rummykit import (
    Arrangement,
    Card,
    Meld,
    Refusal,
    best_opening,
    can_go_out,
    extend_meld,
    judge_meld,
    least_penalty,
    parse_cards,
)
from rummykit.rules.rule_set import rules_of
from rummykit.variant.model import Variant, load_variant, loads_variant

VARIANTS = {ref: load_variant(ref) for ref in ("rami51", "roemie", "handromi", "romme51")}
DENSE = parse_cards("Ah 2h 3h 4h 5h 5c 5d 5s 4c 3s Qh Kh Qs Ks Kd JK")
SPREAD = parse_cards("2c 7d 9s Th Jh Qc Ad 6h 6s 8h 8d 3c JK")


def meld_values(variant: Variant, cards: Sequence[Card]) -> list[tuple[int, bool]]:
    """Every (table value, is pure run) a player can get for these cards as one meld."""
    out = []
    base = judge_meld(variant.meld_rules, cards)
    if isinstance(base, Meld):
        out.append((base.points, base.is_pure))
    jokers = [i for i, c in enumerate(cards) if c.is_joker]
    naturals = [c for c in cards if not c.is_joker]
    if jokers and naturals and variant.melds.joker_placement == "declared":
        suit = naturals[0].suit
        rank = naturals[0].rank
        targets = [Card.natural(r, suit) for r in range(2, 15)] + [Card.natural(rank, s) for s in range(4)]
        for target in targets:
            trial = list(cards)
            trial[jokers[0]] = Card.joker(target)
            result = judge_meld(variant.meld_rules, trial)
            if isinstance(result, Meld):
                out.append((result.points, result.is_pure))
    return out


def subsets_with(first: int, rest: Sequence[int], sizes: range) -> list[tuple[int, ...]]:
    out = []
    for size in sizes:
        for combo in combinations(rest, size - 1):
            out.append((first, *combo))
    return out


def brute_least_penalty(variant: Variant, hand: Sequence[Card]) -> int:
    penalty = variant.values.hand.by_code
    rules = variant.meld_rules
    return least_left_over(
        hand, lambda card: penalty[card.code], lambda group: isinstance(judge_meld(rules, group), Meld)
    )


def brute_best_opening(variant: Variant, hand: Sequence[Card], must_use: Card | None) -> int | None:
    need_pure = variant.opening.require_pure_run

    @cache
    def best(remaining: frozenset[int], pure: bool, used: bool) -> int:
        """Best value from the remaining cards so that the flags still wanted are met."""
        if not remaining:
            return 0 if not pure and not used else -1
        first, *rest = sorted(remaining)
        result = best(remaining - {first}, pure, used)
        for group in subsets_with(first, rest, range(3, len(remaining) + 1)):
            cards = [hand[i] for i in group]
            has_forced = must_use is not None and any(c.face is must_use for c in cards)
            for value, is_pure in meld_values(variant, cards):
                child = best(remaining - set(group), pure and not is_pure, used and not has_forced)
                if child >= 0:
                    result = max(result, child + value)
        return result

    value = best(frozenset(range(len(hand))), need_pure, must_use is not None)
    if value <= 0 or value < variant.opening.min_points:
        return None
    return value


def brute_can_go_out(
    variant: Variant, hand: Sequence[Card], table: Sequence[Meld], keep: bool | None
) -> bool:
    if keep is None and variant.going_out.final_discard == "required":
        keep = True

    def go(remaining: frozenset[int], melds: tuple[Meld, ...], discarded: bool) -> bool:
        if not remaining:
            return discarded or keep is not True
        first, *rest = sorted(remaining)
        if keep is not False and not discarded and go(remaining - {first}, melds, True):
            return True
        for group in subsets_with(first, rest, range(1, len(remaining) + 1)):
            cards = [hand[i] for i in group]
            left = remaining - set(group)
            if (
                len(group) >= 3
                and isinstance(judge_meld(variant.meld_rules, cards), Meld)
                and go(left, melds, discarded)
            ):
                return True
            for k, meld in enumerate(melds):
                grown = extend_meld(variant, meld, cards)
                if isinstance(grown, Meld) and go(left, (*melds[:k], grown, *melds[k + 1 :]), discarded):
                    return True
        return False

    return go(frozenset(range(len(hand))), tuple(table), False)


def hands(pool: Sequence[Card], low: int, high: int) -> st.SearchStrategy[list[Card]]:
    return st.lists(st.sampled_from(pool), min_size=low, max_size=high).filter(
        lambda cards: all(n <= 2 for n in Counter(cards).values()) and cards.count(Card("JK")) <= 2
    )


variants = st.sampled_from(sorted(VARIANTS))


def check_arrangement(hand: Sequence[Card], melds: Sequence[Meld]) -> None:
    left = Counter(c.face for c in hand)
    for meld in melds:
        for card in meld.cards:
            left[card.face] -= 1
    assert min(left.values(), default=0) >= 0


@given(variants, st.one_of(hands(DENSE, 0, 9), hands(SPREAD, 0, 9)))
def test_least_penalty_equals_brute_force(ref: str, hand: list[Card]) -> None:
    variant = VARIANTS[ref]
    result = least_penalty(variant, hand)
    assert result.penalty == brute_least_penalty(variant, hand)
    check_arrangement(hand, result.melds)
    assert_same_cards(result, hand)


@given(variants, st.one_of(hands(DENSE, 0, 9), hands(SPREAD, 0, 9)), st.booleans())
def test_best_opening_equals_brute_force(ref: str, hand: list[Card], force: bool) -> None:
    variant = VARIANTS[ref]
    must_use = hand[0].face if force and hand else None
    plan = best_opening(variant, hand, must_use=must_use)
    expected = brute_best_opening(variant, hand, must_use)
    assert (None if plan is None else plan.points) == expected
    if plan is not None:
        check_arrangement(hand, plan.melds)
        assert sum(m.points for m in plan.melds) == plan.points
        if must_use is not None:
            assert any(c.face is must_use for m in plan.melds for c in m.cards)


@given(
    st.sampled_from([*sorted(VARIANTS), "gin"]),
    st.one_of(hands(DENSE, 1, 11), hands(SPREAD, 1, 11)),
    st.booleans(),
    st.integers(0, 40),
)
def test_penalty_floor_never_exceeds_the_least_penalty(
    ref: str, hand: list[Card], discard: bool, enough: int
) -> None:
    """The quick floor is a true lower bound, with or without a discard; told
    ``enough`` it may stop early, but only once the floor is above it."""
    from rummykit.rules.variant_queries import penalty_floor

    variant = VARIANTS.get(ref) or load_variant(ref)
    least = least_penalty(variant, hand, discard=discard).penalty
    floor = penalty_floor(variant, hand, discard=discard)
    assert 0 <= floor <= least
    early = penalty_floor(variant, hand, discard=discard, enough=enough)
    assert early == floor if floor <= enough else enough < early <= floor


def test_penalty_floor_counts_the_cards_in_no_meld() -> None:
    from rummykit.rules.variant_queries import penalty_floor

    gin = load_variant("gin")
    assert penalty_floor(gin, "7h 8h 9h Kc 2d") == 12
    assert penalty_floor(gin, "7h 8h 9h Kc 2d", discard=True) == 2
    assert penalty_floor(gin, "7h 8h 9h 9c 9d") == 0  # every card in some meld
    assert penalty_floor(gin, "7h 7h Kc") == 0  # a face twice: no bound sought
    assert penalty_floor(gin, "") == 0
    wild = load_variant(str(WILD_DEUCES))
    assert penalty_floor(wild, "2h 7c 9d") == 0  # a deuce may play wild: no bound is sought
    assert penalty_floor(wild, "3h 7c Kd") == least_penalty(wild, "3h 7c Kd").penalty


TABLE = [parse_cards(t) for t in ("6h 7h 8h", "Kc Kd Ks", "Jd JK Kd", "5c 5d 5h")]


@given(
    variants,
    hands(DENSE, 1, 6),
    st.lists(st.integers(0, 3), max_size=2, unique=True),
    st.sampled_from([None, True, False]),
)
def test_can_go_out_equals_brute_force(
    ref: str, hand: list[Card], picks: list[int], keep: bool | None
) -> None:
    variant = VARIANTS[ref]
    table = [judge_meld(variant.meld_rules, TABLE[i]) for i in picks]
    melds = [m for m in table if isinstance(m, Meld)]
    plan = can_go_out(variant, hand, table=melds, keep_discard=keep)
    assert (plan is not None) == brute_can_go_out(variant, hand, melds, keep)
    if plan is not None:
        # The plan really lays the whole hand down.
        check_arrangement(hand, plan.melds)
        grown = list(melds)
        used = Counter(c.face for m in plan.melds for c in m.cards)
        for index, cards in plan.layoffs:
            result = extend_meld(variant, grown[index], cards)
            assert isinstance(result, Meld)
            grown[index] = result
            used.update(c.face for c in cards)
        if plan.discard is not None:
            used[plan.discard.face] += 1
        assert used == Counter(c.face for c in hand)


def test_solver_handles_twenty_cards_three_decks_many_jokers() -> None:
    # Rami 51 deals 13 cards: a hand of 20 needs a larger deal.
    variant = loads_variant(
        '[meta]\nid = "rami51_deal19"\nname = "Rami 51, 19 cards"\nextends = "rami51"\n'
        "[deal]\nhand_size = 19\n"
    )
    hand = parse_cards("7h 7h 7h 8h 8h 8h 9h 9h 9h 7c 7d 7s JK JK JK JK 2c 3c 4c 5c")
    result = least_penalty(variant, hand)
    assert result.penalty == 0
    plan = best_opening(variant, hand)
    assert plan is not None and plan.points >= 100


def test_must_use_not_in_hand() -> None:
    assert best_opening(load_variant("rami51"), "Th Jh Qh Kh Ah", must_use="2c") is None


def test_must_open_respects_pure_run() -> None:
    romme = load_variant("romme51")
    assert can_go_out(romme, "Kh Ks Kd Qc Qd Qh 2c", must_open=True) is None
    assert can_go_out(romme, "Jh Qh Kh Ac Ad Ah 2c", must_open=True) is not None


def test_not_discardable() -> None:
    romme = load_variant("romme51")
    assert can_go_out(romme, "Jh Qh Kh 2c") is not None
    assert can_go_out(romme, "Jh Qh Kh 2c", not_discardable=["2c"]) is None


def test_arrangement_reports_leftover() -> None:
    result = least_penalty(load_variant("romme51"), "7h 8h 9h 9c 9d 2s")
    assert [m.notation() for m in result.melds] == ["9c 9d 9h"]
    assert [str(c) for c in result.leftover] == ["2s", "7h", "8h"]
    assert result.penalty == 17


@pytest.mark.parametrize("ref", sorted(VARIANTS))
def test_empty_hand(ref: str) -> None:
    variant = VARIANTS[ref]
    assert least_penalty(variant, []).penalty == 0
    assert best_opening(variant, []) is None
    assert can_go_out(variant, [], keep_discard=True) is None
    assert isinstance(can_go_out(variant, [], keep_discard=False), object)
    assert not isinstance(judge_meld(variant.meld_rules, []), Meld)
    assert isinstance(judge_meld(variant.meld_rules, []), Refusal)


@given(variants, st.one_of(hands(DENSE, 1, 8), hands(SPREAD, 1, 8)))
def test_least_penalty_after_a_discard_equals_brute_force(ref: str, hand: list[Card]) -> None:
    variant = VARIANTS[ref]
    result = least_penalty(variant, hand, discard=True)
    expected = min(
        brute_least_penalty(variant, [c for j, c in enumerate(hand) if j != i]) for i in range(len(hand))
    )
    assert result.penalty == expected
    assert result.discard is not None
    pen = variant.values.hand.by_code
    assert result.penalty == sum(pen[c.code] for c in result.leftover)
    assert sum(len(m) for m in result.melds) + len(result.leftover) + 1 == len(hand)
    assert_same_cards(result, hand)


def assert_same_cards(result: Arrangement, hand: Sequence[Card]) -> None:
    """The melds, the leftover and the discard are the hand's cards, each once."""
    laid = [c.face for m in result.melds for c in m.cards] + list(result.leftover)
    if result.discard is not None:
        laid.append(result.discard)
    assert sorted(laid, key=Card.sort_key) == sorted((c.face for c in hand), key=Card.sort_key)


GIN = load_variant(str(Path(__file__).resolve().parents[2] / "benchmarks" / "gin.toml"))


@given(
    st.lists(
        st.sampled_from(parse_cards("Ac 2c 3c 4c Ad 2d 3d 4d Ah 2h 3h 4h As 2s 3s 4s")),
        min_size=11,
        max_size=11,
        unique=True,
    )
)
def test_dense_gin_hands_after_a_discard(hand: list[Card]) -> None:
    result = least_penalty(GIN, hand, discard=True)
    expected = min(brute_least_penalty(GIN, [c for j, c in enumerate(hand) if j != i]) for i in range(11))
    assert result.penalty == expected
    assert_same_cards(result, hand)


@given(
    st.sampled_from([*sorted(VARIANTS), "gin"]),
    st.one_of(hands(DENSE, 0, 11), hands(SPREAD, 0, 11)),
    st.booleans(),
)
def test_penalty_floor_by_suit_rows_equals_the_cards_in_no_smallest_meld(
    ref: str, hand: list[Card], discard: bool
) -> None:
    """The per-suit tables give the floor written out here from the
    variant's smallest melds: the penalty of the cards in none of them that
    the hand holds, less the dearest with a discard."""
    from rummykit.rules.variant_queries import penalty_floor
    from rummykit.solver.tables import tables_for

    variant = VARIANTS.get(ref) or load_variant(ref)
    if discard and not hand:
        return
    tables = tables_for(variant, rules_of(variant).hand, len(hand))
    rows = tables.suit_rows()
    assert rows is not None  # every bundled variant has them
    floor = penalty_floor(variant, hand, discard=discard)
    if len({card.face for card in hand}) < len(hand) or any(card.is_joker for card in hand):
        assert rows.floor(hand, discard) is None  # the general way answers these
        return
    packed = sum(1 << card.code for card in hand)
    melded = 0
    for masks in tables.plain_heads():
        for mask in masks:
            if mask & packed == mask:
                melded |= mask
    left = [tables.penalties[card.code] for card in hand if not melded >> card.code & 1]
    wild = any(card.code < variant.meld_rules.wild_below for card in hand)
    expected = 0 if wild else sum(left) - (max(left, default=0) if discard else 0)
    assert rows.floor(hand, discard) == expected == floor


NATURAL_FACES = [Card.natural(rank, suit) for rank in range(2, 15) for suit in range(4)]
MELDED = parse_cards("5c 6c 7c 8c 9c Tc 5h 6h 7h 8h 5s 6s 7s 7d 8d 9d Kc Kh Ks Ad 2d 3d")
"""Naturals in many runs and sets, and a few in none."""


WILD_DEUCES = Path(__file__).parents[1] / "conformance" / "variants" / "contract_wild_deuces.toml"


@given(
    st.sampled_from([*sorted(VARIANTS), "gin", str(WILD_DEUCES)]),
    st.one_of(
        hands(DENSE, 0, 11),
        hands(SPREAD, 0, 11),
        st.lists(st.sampled_from(NATURAL_FACES), max_size=11, unique=True),
        st.lists(st.sampled_from(MELDED), max_size=11, unique=True),
    ),
)
def test_least_penalty_leaves_the_cards_in_no_meld_out_of_its_search(ref: str, hand: list[Card]) -> None:
    """Without a discard, the cards that the suit rows find in no meld are
    left out of the search: the arrangement (its melds, their order and the
    cards left over) is the one the search of the whole hand finds. (With
    deuces that may play wild, each way is searched whole.)"""
    from rummykit.solver import least
    from rummykit.solver.tables import tables_for

    variant = VARIANTS.get(ref) or load_variant(ref)
    faces = [card.face for card in hand]
    if len(set(faces)) < len(faces) or any(card.is_joker for card in faces):
        return  # the plain search is for distinct natural faces
    if variant.meld_rules.wild_below and variant.meld_rules.wild_naturals(faces):
        return  # deuces that may play wild are searched each way
    tables = tables_for(variant, rules_of(variant).hand, len(faces))
    rows = tables.suit_rows()
    assert rows is not None
    read = rows.read(faces)
    assert read is not None
    mask, total, unmelded = read
    assert mask == sum(1 << card.code for card in faces)
    assert total == sum(tables.penalties[card.code] for card in faces)
    whole = least._least_plain(tables, mask, total)  # the search of every card, the reference
    assert least_penalty(variant, hand) == whole
    assert {card.code for card in whole.leftover} >= {c for c in range(52) if unmelded >> c & 1}
    assert unmelded & ~mask == 0  # cards of the hand only


def test_suit_rows_only_for_runs_in_a_suit_and_sets_of_a_rank() -> None:
    from rummykit.solver.suit_rows import suit_rows_for
    from rummykit.solver.tables import tables_for

    gin = tables_for(load_variant("gin"), rules_of(load_variant("gin")).hand, 10)
    heads, penalties = gin.plain_heads(), gin.penalties

    def mask(text: str) -> int:
        return sum(1 << card.code for card in parse_cards(text))

    seven = Card("7h").code
    assert suit_rows_for(heads, penalties, 0) is not None
    mixed = [*heads]
    mixed[seven] = (*heads[seven], mask("7h 8c 9h"))
    assert suit_rows_for(mixed, penalties, 0) is None  # a meld across suits and ranks
    uneven = [tuple(m for m in masks if m != mask("7h 7s 7d")) for masks in heads]
    assert suit_rows_for(uneven, penalties, 0) is None  # the sets of sevens lack one choice of suits
    rows = gin.suit_rows()
    assert rows is not None
    assert rows.floor(parse_cards("7h 7h Kc"), False) is None  # a face twice: the loop answers
    assert rows.floor([*parse_cards("7h Kc"), Card("JK")], False) is None  # a joker: the loop answers
    assert rows.floor(parse_cards("Ah 2h 3h Kc Qd"), False) == 20  # the ace is low in gin
    assert rows.floor(parse_cards("Qh Kh Ah 5c"), False) == 26  # and never high
    assert rows.floor(parse_cards("Qh Kh Ah 5c"), True) == 16  # less the dearest
