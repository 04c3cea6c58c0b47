"""Exhaustive searches the solver tests check the solver against: slow and
plainly right (every group of cards, every declaration of its jokers, judged
by judge_meld), and the checks that hold the solver's answers to them."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from functools import cache
from itertools import combinations, combinations_with_replacement, product
from typing import TypeVar

from rummykit import Card, Meld, best_opening, can_go_out, extend_meld, judge_meld, parse_cards
from rummykit.core.meld_model import MeldRules
from rummykit.core.meld_shape import MeldShape
from rummykit.variant.model import Variant

C = TypeVar("C")


def least_left_over(
    hand: Sequence[C], penalty: Callable[[C], int], meldable: Callable[[tuple[C, ...]], bool]
) -> int:
    """The least total ``penalty`` of the cards left out of melds, over every
    way to lay groups of three cards or more that ``meldable`` accepts."""

    @cache
    def best(remaining: frozenset[int]) -> int:
        if not remaining:
            return 0
        first, *rest = sorted(remaining)
        result = penalty(hand[first]) + best(remaining - {first})
        for size in range(2, len(rest) + 1):
            for others in combinations(rest, size):
                group = (first, *others)
                if meldable(tuple(hand[i] for i in group)):
                    result = min(result, best(remaining - set(group)))
        return result

    return best(frozenset(range(len(hand))))


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


# --------------------------------------------------------------------------- shows (Indian rummy)


def show_group_kinds(rules: MeldRules, cards: tuple[Card, ...], wild_rank: int | None) -> set[str]:
    """What a group of cards can be under ``rules`` with ``wild_rank`` wild
    (printed jokers always): "set", "run", "pure" (a pure run of at least
    three cards), trying every card of the wild rank as itself and as wild.
    A declared wild card (``JK=8h``, ``9d=8h``) lies where it is declared."""
    kinds: set[str] = set()
    bound = [c.declared for c in cards if c.declared is not None]
    wild_at = [i for i, c in enumerate(cards) if c.rank is not None and c.rank == wild_rank]
    for size in range(len(wild_at) + 1):
        for as_wild in combinations(wild_at, size):
            naturals = [c for i, c in enumerate(cards) if c.is_natural and i not in as_wild]
            kinds |= _plain_kinds(rules, naturals, len(cards) - len(naturals) - len(bound), bound)
    return kinds


def _plain_kinds(rules: MeldRules, naturals: list[Card], wild: int, bound: list[Card]) -> set[str]:
    if not naturals or wild + len(bound) > rules.joker_limit(len(naturals)):
        return set()
    total = len(naturals) + len(bound) + wild
    kinds: set[str] = set()
    members = naturals + bound
    ranks = {c.rank for c in members}
    suits = [c.suit for c in members]
    distinct = not rules.set_distinct_suits or len(set(suits)) == len(suits)
    if len(ranks) == 1 and distinct and rules.set_min <= total <= rules.set_largest:
        kinds.add("set")
    if len(set(suits)) == 1 and rules.run_min <= total <= rules.run_longest:
        choices = [rules.ace_positions if c.rank == 14 else (int(c.rank or 0),) for c in members]
        for positions in product(*choices):
            if len(set(positions)) < len(positions):
                continue
            low, high = min(positions), max(positions)
            if high - low + 1 <= total and any(
                start <= low and start + total - 1 >= high
                for start in range(rules.run_lowest, rules.run_highest - total + 2)
            ):
                kinds.add("run")
                if wild == 0 and not bound and total >= 3:
                    kinds.add("pure")
    return kinds


def brute_show(
    rules: MeldRules, hand: Sequence[Card], shape: MeldShape, penalty: Callable[[Card], int],
    wild_rank: int | None,
) -> tuple[int, int] | None:
    """The least (value, number) of the cards left out over every way to lay
    groups of ``hand`` that meets ``shape`` (runs, pure runs of three cards
    or more, sets; a pure run counting as a run); None when no way does."""
    more = 1 if shape.exact else 0
    caps = (max(shape.runs, shape.pure_runs) + more, shape.pure_runs, shape.sets + more)
    kinds_of = cache(lambda group: show_group_kinds(rules, tuple(hand[i] for i in group), wild_rank))

    @cache
    def best(remaining: frozenset[int], runs: int, pure: int, sets: int) -> tuple[int, int] | None:
        if not remaining:
            return (0, 0) if shape.met_by(runs, pure, sets) else None
        first, *rest = sorted(remaining)
        found: list[tuple[int, int]] = []
        left = best(remaining - {first}, runs, pure, sets)
        if left is not None:
            found.append((left[0] + penalty(hand[first]), left[1] + 1))
        for size in range(2, len(rest) + 1):
            for others in combinations(rest, size):
                group = (first, *others)
                for kind in kinds_of(group):
                    after = (
                        (runs + 1, pure + (kind == "pure"), sets) if kind != "set" else (runs, pure, sets + 1)
                    )
                    capped = (min(after[0], caps[0]), min(after[1], caps[1]), min(after[2], caps[2]))
                    answer = best(remaining - set(group), *capped)
                    if answer is not None:
                        found.append(answer)
        return min(found) if found else None

    return best(frozenset(range(len(hand))), 0, 0, 0)
