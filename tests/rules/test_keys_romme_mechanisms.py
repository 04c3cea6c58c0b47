"""The mechanisms German Rommé brought (issue 9, item 4): a limit of jokers
against the natural cards of a meld, a winner credited with minus the sum of
the others' scores, and a match that ends when a total exceeds a limit.

Each key: two values, two outcomes. The joker limit is judged in one place
(:class:`~rummykit.core.meld_model.MeldRules`), and the two other listings of melds, the
legal moves and the solver's candidates, must agree with it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import combinations
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import rummykit as rk
from rummykit import extend_meld
from rummykit.core.cards import JOKER, Card, parse_cards
from rummykit.core.meld_judge import judge_meld
from rummykit.core.meld_model import Meld
from rummykit.core.moves import Meld as MeldMove
from rummykit.core.round_values import Ending, RoundResult
from rummykit.play.simulate import simulate
from rummykit.round.match_play import Match
from rummykit.round.round_scoring import round_result
from rummykit.rules.match import TotalExceeds
from rummykit.rules.rule_set import rules_of
from rummykit.solver.hand_masks import FULL, PackedHand
from rummykit.solver.tables import build_meld, candidates, tables_for
from rummykit.variant.model import Variant, load_variant, loads_variant


def child(parent: str, **keys: Any) -> Variant:
    """``parent`` with keys set (``"section.key": value``, TOML written by hand)."""
    tables: dict[str, list[str]] = {}
    for path, value in keys.items():
        section, key = path.rsplit(".", 1)
        text = f'"{value}"' if isinstance(value, str) else str(value).lower()
        tables.setdefault(section, []).append(f"{key} = {text}")
    lines = ["[meta]", 'id = "romme_keys"', 'name = "romme keys"', f'extends = "{parent}"']
    for section, rows in tables.items():
        lines += [f"[{section}]", *rows]
    return loads_variant("\n".join(lines) + "\n")


def melded(cards: str) -> Callable[[Variant], object]:
    def observe(variant: Variant) -> object:
        verdict = judge_meld(variant.meld_rules, parse_cards(cards))
        return verdict.notation() if isinstance(verdict, Meld) else verdict.code

    return observe


def laid_off(meld: str, cards: str) -> Callable[[Variant], object]:
    def observe(variant: Variant) -> object:
        base = judge_meld(variant.meld_rules, parse_cards(meld))
        assert isinstance(base, Meld)
        verdict = extend_meld(variant, base, cards)
        return verdict.notation() if isinstance(verdict, Meld) else verdict.code

    return observe


def scored(
    hands: tuple[str, ...], ending: Ending = "went_out", winner: int | None = 0
) -> Callable[[Variant], object]:
    def observe(variant: Variant) -> object:
        opened = [True] * len(hands)
        result = round_result(variant, [parse_cards(h) for h in hands], [], opened, ending, winner)
        return result.scores

    return observe


def match_over(*rounds: tuple[int, ...]) -> Callable[[Variant], object]:
    def observe(variant: Variant) -> object:
        match = Match.start(variant, players=len(rounds[0]), first_dealer=0)
        seen = []
        for scores in rounds:
            match = match.record(RoundResult("went_out", None, (), scores))
            seen.append(match.is_over)
            if match.is_over:
                break
        return seen, match.winners

    return observe


MANY = {"melds.max_jokers_per_meld": 6}
# (key, value A, value B, parent, extra keys, observation)
ROWS: list[tuple[str, Any, Any, str, dict[str, Any], Callable[[Variant], object]]] = [
    ("melds.jokers_vs_naturals", "any", "not_more", "rami51", MANY, melded("7h JK JK")),
    ("melds.jokers_vs_naturals", "not_more", "fewer", "rami51", MANY, melded("9c 9d JK JK")),
    ("melds.jokers_vs_naturals", "any", "not_more", "rami51", MANY, laid_off("7h JK 9h", "JK JK")),
    ("melds.jokers_vs_naturals", "not_more", "fewer", "rami51", MANY, laid_off("7h 8h 9h JK", "JK JK")),
    ("scoring.winner_score", 0, "minus_others", "rami51", {}, scored(("", "7c", "Kd JK"))),
    (
        "scoring.hand_rummy_winner_score",
        0,
        "minus_others",
        "rami51",
        {"scoring.hand_rummy_multiplier": 2},
        scored(("", "7c", "Kd"), ending="hand_rummy"),
    ),
    ("match.end_when_total_exceeds", 0, 100, "rami51", {}, match_over((101, 20), (0, 0))),
    ("match.end_when_total_exceeds", 100, 200, "rami51", {}, match_over((101, 20), (0, 0))),
]


@pytest.mark.parametrize("row", ROWS, ids=[f"{r[0]}={r[1]}/{r[2]}" for r in ROWS])
def test_two_values_two_outcomes(row: Any) -> None:
    key, a, b, parent, extra, observe = row
    seen_a = observe(child(parent, **{key: a}, **extra))
    seen_b = observe(child(parent, **{key: b}, **extra))
    assert seen_a != seen_b, (key, seen_a)


def test_minus_others_is_zero_sum_and_credits_nobody_in_a_blocked_round() -> None:
    variant = child("rami51", **{"scoring.winner_score": "minus_others"})
    assert scored(("", "7c", "Kd JK"))(variant) == (-37, 7, 30)
    assert scored(("Ac", "7c"), ending="blocked", winner=None)(variant) == (11, 7)
    doubled = child(
        "rami51",
        **{"scoring.hand_rummy_winner_score": "minus_others", "scoring.hand_rummy_multiplier": 2},
    )
    assert scored(("", "7c", "Kd"), ending="hand_rummy")(doubled) == (-34, 14, 20)


def test_a_match_to_a_limit_ends_only_above_it() -> None:
    variant = child("rami51", **{"match.end_when_total_exceeds": 500})
    rule = rules_of(variant).match
    assert isinstance(rule, TotalExceeds) and rule.lengths(4) == (0,)
    seen, winners = match_over((300, 100, -400), (200, 50, -250), (1, 0, -1))(variant)
    assert seen == [False, False, True] and winners == (2,)  # 500 is not over 500; 501 is


# --------------------------------------------------------------------------- the listings agree


LIMITED = {
    (limit, placement): child(
        "rami51",
        **{
            "melds.max_jokers_per_meld": 6,
            "melds.jokers_vs_naturals": limit,
            "melds.joker_placement": placement,
        },
    )
    for limit in ("any", "not_more", "fewer")
    for placement in ("lowest_value", "declared")
}
POOL = parse_cards("7h 8h 9h Th 9c 9d 9s 2h Ah Kh")


def valid_groups(variant: Variant, naturals: Sequence[Card], jokers: int) -> set[Meld]:
    """Every meld of distinct hand faces and up to ``jokers`` jokers, by brute force."""
    found = set()
    for size in range(1, len(naturals) + 1):
        for group in combinations(naturals, size):
            for k in range(jokers + 1):
                verdict = judge_meld(variant.meld_rules, [*group, *(JOKER,) * k])
                if isinstance(verdict, Meld):
                    found.add(verdict)
    return found


hands = st.tuples(
    st.lists(st.sampled_from(POOL), min_size=1, max_size=7, unique=True),
    st.integers(0, 3),
    st.sampled_from(sorted(LIMITED)),
)


@given(hands)
def test_legal_meld_moves_agree_with_judge_meld(hand: tuple[list[Card], int, tuple[str, str]]) -> None:
    naturals, jokers, which = hand
    variant = LIMITED[which]
    cards = " ".join(str(c) for c in [*naturals, *(JOKER,) * jokers])
    position = {"players": 2, "hands": [cards, "3c 4d"], "stock": "2c", "opened": [True, True]}
    state = rk.position_from_dict(position, variant=variant).apply("0: draw")
    listed = set()
    for move in state.legal_moves():
        if isinstance(move, MeldMove):
            verdict = judge_meld(variant.meld_rules, move.cards)
            assert isinstance(verdict, Meld), (str(move), verdict)
            listed.add(judge_meld(variant.meld_rules, [c.face for c in move.cards]))
    drawn = [*naturals, Card("2c")]
    assert listed >= valid_groups(variant, drawn, jokers)


@given(hands)
def test_solver_candidates_agree_with_judge_meld(hand: tuple[list[Card], int, tuple[str, str]]) -> None:
    naturals, jokers, which = hand
    variant = LIMITED[which]
    tables = tables_for(variant, rules_of(variant).hand, len(naturals) + jokers)
    packed = PackedHand([*naturals, *(JOKER,) * jokers])
    found = set()
    for group in candidates(tables, packed.state & FULL, packed.jokers).values():
        for cand in group:
            build_meld(tables, cand)  # raises if judge_meld disagrees
            found.add((cand.mask, cand.jokers))
    expected = set()
    for meld in valid_groups(variant, naturals, jokers):
        mask = sum(1 << c.code for c in meld.naturals)
        expected.add((mask, meld.jokers))
    assert found == expected


@given(
    st.lists(st.sampled_from(parse_cards("6h 9h Th 7c 7d JK")), min_size=1, max_size=4),
    st.sampled_from(sorted(LIMITED)),
)
def test_the_going_out_search_lays_off_within_the_limit(hand: list[Card], which: tuple[str, str]) -> None:
    variant = LIMITED[which]
    table = [judge_meld(variant.meld_rules, parse_cards(t)) for t in ("7h 8h JK", "7s 7h JK")]
    melds = [m for m in table if isinstance(m, Meld)]
    plan = rk.can_go_out(variant, hand, table=melds, keep_discard=False)
    brute = _brute_out(variant, hand, melds)
    assert (plan is not None) == brute
    if plan is not None:
        grown = list(melds)
        for index, cards in plan.layoffs:
            result = extend_meld(variant, grown[index], cards)
            assert isinstance(result, Meld)
            grown[index] = result


def _brute_out(variant: Variant, hand: Sequence[Card], melds: Sequence[Meld]) -> bool:
    """Can the whole hand be laid (new melds, lay-offs), no discard?"""
    if not hand:
        return True
    first, rest = hand[0], list(hand[1:])
    for size in range(len(rest) + 1):
        for others in combinations(range(len(rest)), size):
            group = [first, *(rest[i] for i in others)]
            left = [c for i, c in enumerate(rest) if i not in others]
            new = judge_meld(variant.meld_rules, group)
            if len(group) >= 3 and isinstance(new, Meld) and _brute_out(variant, left, melds):
                return True
            for k, meld in enumerate(melds):
                grown = extend_meld(variant, meld, group)
                table = [*melds[:k], grown, *melds[k + 1 :]]
                if isinstance(grown, Meld) and _brute_out(variant, left, table):
                    return True
    return False


def test_simulated_matches_to_a_limit_play_until_a_total_is_over_it() -> None:
    # A match with no fixed length (rounds 0) was refused as "no round" before.
    report = simulate("romme", players=2, bots=["greedy", "random"], matches=1, seed=1)
    totals = [sum(s.scores[seat] for s in report.summaries) for seat in range(2)]
    assert max(totals) > 500 and list(report.matches) == [
        rules_of(load_variant("romme")).match.leaders(totals)
    ]
    before_last = [sum(s.scores[seat] for s in report.summaries[:-1]) for seat in range(2)]
    assert max(before_last) <= 500
