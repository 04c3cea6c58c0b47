"""The show judge (solver/show.py) against a brute force: every way to lay
groups of a small hand, each group judged by a plain reading of the rules
that tries every card of the wild rank as itself and as wild
(tests/brute_force.py). The count, whether the hand can be shown, and the
arrangement the judge returns (its groups judged again, its cards the hand's)
must agree, for several shapes, rules and hand values."""

from __future__ import annotations

from collections import Counter

from brute_force import brute_show, show_group_kinds
from hypothesis import given
from hypothesis import strategies as st

from rummykit.core.cards import JOKER, Card, Suit, parse_cards, wild_card
from rummykit.core.meld_model import Meld, MeldRules
from rummykit.core.meld_shape import MeldShape
from rummykit.core.values import HandValues
from rummykit.solver.show import judge_show

INDIAN = MeldRules(set_max=4, run_max=13, max_jokers=12, joker_placement="declared", ambiguous_kind="run")
TIGHT = MeldRules(set_max=4, run_max=13, ace_low=False, max_jokers=2, jokers_vs_naturals="not_more")
RANKS = (2, 3, 4, 5, 6, 12, 13, 14)
POOL = [Card.natural(r, s) for r in RANKS for s in (Suit.CLUBS, Suit.HEARTS, Suit.SPADES)] * 2 + [JOKER] * 2
SHAPES = [
    MeldShape(runs=2, pure_runs=1),
    MeldShape(runs=1, pure_runs=1),
    MeldShape(sets=1),
    MeldShape(runs=1, sets=1),
    MeldShape(pure_runs=2),
    MeldShape(runs=1, sets=1, exact=True),
]
VALUES = [HandValues(number="face", ace=10, joker=0, wild=0), HandValues(joker=15, wild=5)]


def declared(hand: list[Card], wild_rank: int | None, targets: list[int]) -> list[Card]:
    """``hand`` with some of its wild cards declared, as a show may write them:
    the i-th wild card as ``POOL[targets[i]]`` where that index is a natural."""
    out = []
    for card in hand:
        wild = card.is_joker or card.rank == wild_rank
        target = POOL[targets.pop()] if wild and targets else JOKER
        if wild and target.is_natural:
            card = Card.joker(target) if card.is_joker else wild_card(card, target)
        out.append(card)
    return out


@given(
    st.lists(st.integers(0, len(POOL) - 1), min_size=5, max_size=9, unique=True),
    st.sampled_from([None, *RANKS]),
    st.integers(0, len(SHAPES) - 1),
    st.sampled_from([INDIAN, TIGHT]),
    st.sampled_from(VALUES),
    st.lists(st.integers(0, len(POOL) - 1), max_size=3),
)
def test_show_matches_brute_force(
    picks: list[int],
    wild_rank: int | None,
    shape_at: int,
    rules: MeldRules,
    values: HandValues,
    targets: list[int],
) -> None:
    """Hands of faces, and with some wild cards declared (which bind them)."""
    hand = declared([POOL[i] for i in picks], wild_rank, targets)
    shape = SHAPES[shape_at]
    penalties = values.with_wild_rank(wild_rank)
    show = judge_show(rules, hand, shape, values, wild_rank)
    expected = brute_show(rules, hand, shape, lambda c: penalties[c.face.code], wild_rank)
    if expected is None:
        assert not show.shape_met and not show.valid and show.groups == ()
        assert show.count == sum(penalties[c.face.code] for c in hand)
        return
    assert show.shape_met
    assert (show.count, len(show.unmatched)) == expected
    assert show.valid == (expected[1] == 0)
    check_arrangement(rules, hand, shape, show.groups, show.unmatched, wild_rank, penalties)


def check_arrangement(
    rules: MeldRules,
    hand: list[Card],
    shape: MeldShape,
    groups: tuple[Meld, ...],
    unmatched: tuple[Card, ...],
    wild_rank: int | None,
    penalties: tuple[int, ...],
) -> None:
    """The groups are valid melds of the hand's cards, meet the shape, and
    with the cards left out make up the hand."""
    laid = [card for meld in groups for card in meld.cards]
    assert Counter(c.face for c in laid) + Counter(unmatched) == Counter(c.face for c in hand)
    for meld in groups:
        kinds = show_group_kinds(rules, tuple(card.face for card in meld.cards), wild_rank)
        assert ("pure" if meld.is_pure else meld.kind) in kinds, meld
    runs = sum(meld.kind == "run" for meld in groups)
    pure = sum(meld.is_pure and len(meld) >= shape.pure_run_min for meld in groups)
    sets = sum(meld.kind == "set" for meld in groups)
    assert shape.met_by(runs, pure, sets)


def test_exact_shape_leaves_out_a_third_meld() -> None:
    """Exactly one run and one set: the sixes stay out (3h-6h and the
    queens), though a run and two sets would lay every card."""
    hand = list(parse_cards("3h 4h 5h 6c 6h 6s Qc Qh Qs"))
    values = VALUES[0]
    exact = judge_show(INDIAN, hand, SHAPES[-1], values)
    assert (exact.count, len(exact.unmatched), exact.valid) == (12, 2, False)
    assert brute_show(INDIAN, hand, SHAPES[-1], lambda c: values.by_code[c.code], None) == (12, 2)
    assert judge_show(INDIAN, hand, SHAPES[3], values).valid
