"""Issue 8, item 5: the feasibility check of a deep take (Roemie's ``take N``)
is a bounded decision search (``can_open_with``), quick on long discard rows,
and it answers as the old search did (``best_opening`` with the chosen card).
"""

from __future__ import annotations

import random
from itertools import combinations

from hypothesis import given
from hypothesis import strategies as st

import rummykit as rk
from rummykit.core.cards import JOKER_CODE, Card
from rummykit.core.meld_judge import judge_meld
from rummykit.core.meld_model import Meld
from rummykit.core.moves import Take
from rummykit.io.positions import position_from_dict
from rummykit.round.state import RoundState
from rummykit.rules import best_opening, can_go_out, max_hand
from rummykit.rules.contract import uses_contracts
from rummykit.rules.rule_set import rules_of
from rummykit.solver.opening_reach import can_open_with

ROEMIE = rk.load_variant("roemie")
VARIANTS = {ref: rk.load_variant(ref) for ref in rk.bundled_variants()}


def old_deep_possible(state: RoundState, chosen: Card) -> bool:
    """The check before issue 8 (engine._deep_possible), kept as the reference."""
    variant = state.variant
    hand = state.hands[state.to_move]
    if state.opened[state.to_move]:
        others = list(hand)
        others.remove(chosen)
        pool = sorted(set(others), key=lambda c: c.code)
        for i, a in enumerate(pool):
            for b in pool[i + 1 :]:
                if isinstance(judge_meld(variant.meld_rules, [chosen, a, b]), Meld):
                    return True
        return False
    if best_opening(variant, hand, must_use=chosen) is not None:
        return True
    if variant.opening.waived_for_hand_rummy:
        return can_go_out(variant, hand, table=(), not_discardable=[chosen]) is not None
    return False


def roemie_position(seed: int, own: int, row: int, opened: bool) -> RoundState:
    deck = list(ROEMIE.deck_for(2))
    random.Random(seed).shuffle(deck)
    hands = [deck[:own], deck[own : own + 13]]
    row_cards = deck[own + 13 : own + 13 + row]
    return position_from_dict(
        {
            "variant": "roemie",
            "players": 2,
            "turns_played": row + 1,
            "phase": "draw",
            "hands": [" ".join(map(str, h)) for h in hands],
            "discard": " ".join(map(str, row_cards)),
            "opened": [opened, False],
        },
        variant=ROEMIE,
    )


@given(
    seed=st.integers(0, 2**32),
    own=st.integers(1, 13),
    row=st.integers(2, 9),
    opened=st.booleans(),
)
def test_deep_take_answers_as_the_old_search(seed: int, own: int, row: int, opened: bool) -> None:
    state = roemie_position(seed, own, row, opened)
    for depth in range(2, row + 1):
        try:
            after = state.apply(Take(depth))
            new = True
        except rk.IllegalMove as refusal:
            assert refusal.code == "draw.taken-card-unused"
            new = False
        chosen = state.discard[-depth]
        taken_hand = (*state.hands[0], *state.discard[-depth:])
        old = old_deep_possible(_holding(state, taken_hand), chosen)
        copies = sum(1 for c in taken_hand if c.face is chosen.face)
        if copies == 1 or chosen.code == JOKER_CODE:
            assert new == old, (depth, [str(c) for c in taken_hand])
        else:
            # A second card of the chosen face may be all that is left, and it
            # may not be thrown (R-ALL-12): the new check refuses such takes.
            assert old or not new, (depth, [str(c) for c in taken_hand])
        if new:
            assert after.turn.chosen == chosen


def _holding(state: RoundState, hand: tuple[Card, ...]) -> RoundState:
    hands = (tuple(sorted(hand, key=lambda c: c.code)), *state.hands[1:])
    return position_from_dict(
        {
            "variant": "roemie",
            "players": 2,
            "hands": [" ".join(map(str, h)) for h in hands],
            "opened": list(state.opened),
        },
        variant=ROEMIE,
    )


@given(
    ref=st.sampled_from(sorted(VARIANTS)),
    seed=st.integers(0, 2**32),
    size=st.integers(3, 14),
    index=st.integers(0, 13),
)
def test_can_open_with_agrees_with_best_opening(ref: str, seed: int, size: int, index: int) -> None:
    variant = VARIANTS[ref]
    deck = list(variant.deck_for(variant.players.min))
    random.Random(seed).shuffle(deck)
    hand = deck[: min(size, max_hand(variant))]
    size = len(hand)
    card = hand[index % size]
    # can_open_with asks the opening's minimum, not a deal's contract: so does
    # best_opening given a minimum (a contract variant's is 0).
    minimum = 0 if uses_contracts(variant) else None
    expected = best_opening(variant, hand, must_use=card, minimum=minimum) is not None
    assert can_open_with(variant, hand, card, keep_discard=False, demands=rules_of(variant).hand) == expected
    others = list(hand)
    others.remove(card)
    # Melds of three to five cards: with jokers limited by the naturals
    # (romme), Ks JK JK is no meld but Ts JK JK Ks is.
    any_meld = any(
        isinstance(judge_meld(variant.meld_rules, [card, *group]), Meld)
        for size in (2, 3, 4)
        for group in combinations(others, size)
    )
    assert (
        can_open_with(variant, hand, card, opening=False, keep_discard=False, demands=rules_of(variant).hand)
        == any_meld
    )


def test_a_deep_take_leaving_only_the_chosen_face_is_refused() -> None:
    """The only opening leaves the other 7h, which may not be thrown: the
    old check accepted ``take 6`` and the turn could only be undone."""
    state = position_from_dict(
        {
            "variant": "roemie",
            "players": 2,
            "turns_played": 9,
            "phase": "draw",
            "hands": ["7h", "2c 5d"],
            "discard": "7h 8h 9h Th Jh Qh",
        }
    )
    assert "take 6" not in [str(m) for m in state.legal_moves()]
    try:
        state.apply("take 6")
    except rk.IllegalMove as refusal:
        assert refusal.code == "draw.taken-card-unused"
    else:
        raise AssertionError("take 6 was accepted")


def test_long_rows_list_their_deep_takes() -> None:
    """An 80-card row: every deep take is judged (quickly: see benchmarks/deep_take.py)."""
    state = roemie_position(seed=3, own=13, row=80, opened=False)
    takes = [m for m in state.legal_moves() if isinstance(m, Take)]
    assert len(takes) > 40
    deepest = max(takes, key=lambda m: m.depth)
    after = state.apply(deepest)
    assert len(after.hands[0]) == 13 + deepest.depth
    assert after.legal_moves()


def test_a_deep_take_may_count_on_a_joker_released_from_the_table() -> None:
    # Opened, the mover swaps 8h for the run's joker and lays Kd Kc JK: the
    # take of Kd was refused before, as if no joker could be had.
    variant = rk.load_variant("roemie")
    position = {
        "players": 2, "hands": ["8h Kc 2d", "5c 9d"], "discard": "Qs Kd 3c", "stock": "4s",
        "opened": [True, True], "table": [{"owner": 1, "cards": "7h JK=8h 9h"}],
    }  # fmt: skip
    state = rk.position_from_dict(position, variant=variant)
    assert "take 2" in [str(m) for m in state.legal_moves()]
    done = state.apply("0: take 2").apply("0: swap 1 8h").apply("0: meld Kd Kc JK").apply("0: discard 2d")
    assert done.to_move == 1
    # Without a hand card that frees the joker, the take stays refused.
    position["hands"] = ["5h Kc 2d", "5c 9d"]
    state = rk.position_from_dict(position, variant=variant)
    assert "take 2" not in [str(m) for m in state.legal_moves()]
