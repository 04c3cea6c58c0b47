"""rules/card_use.py: the ways a conditionally taken card can still be used,
which the take's checks ask at the take (R-ALL-14). A take these ways call
possible must leave a turn that can be finished: the property at the end
plays every listed take of generated positions out by legal moves."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

import rummykit as rk
from rummykit.core.cards import Card, parse_cards
from rummykit.core.meld_model import Meld
from rummykit.rules.card_use import rank_at_place, run_bridges, throwable_left
from rummykit.rules.rule_set import rules_of

OPENED = [True, True, False]


def position(variant: str, hand: str, discard: str, table: list[str], **more: Any) -> rk.RoundState:
    players = more.pop("players", 3)
    hands = [hand, *("Kd 5c 2s 9c 4d 7s 3c 6d Jh"[3 * k : 3 * k + 2] for k in range(players - 1))]
    data = {"variant": variant, "players": players, "turns_played": 9, "hands": hands, "discard": discard}
    data["table"] = [{"owner": 1, "cards": cards} for cards in table]
    return rk.position_from_dict({**data, **more})


def takes(state: rk.RoundState) -> list[str]:
    return [str(m) for m in state.legal_moves() if str(m).startswith("take")]


def test_a_run_is_bridged_at_either_end_and_past_the_ace() -> None:
    variant = rk.load_variant("rummy500")
    run = rk.check_meld(variant, "5h 6h 7h")
    assert isinstance(run, Meld)
    held = {c.code >> 2: c for c in parse_cards("3h 8h")}
    assert list(run_bridges(variant, run, Card("9h"), held, [])) == [[Card("8h")]]
    assert list(run_bridges(variant, run, Card("2h"), held, [])) == []  # 4h is missing
    assert list(run_bridges(variant, run, Card("2h"), held, [Card("JK")])) == [[Card("3h"), Card("JK")]]
    assert list(run_bridges(variant, run, Card("Th"), held, [])) == []  # 9h is missing
    assert (rank_at_place(1), rank_at_place(14), rank_at_place(2)) == (12, 12, 0)


def test_the_card_left_to_throw_is_not_the_taken_face_where_that_is_marked() -> None:
    rules = rules_of(rk.load_variant("handromi"))
    assert rules.draw.taken_card_is_marked()
    assert not throwable_left(rules, [Card("9h")], Card("9h"))
    assert throwable_left(rules, [Card("9h"), Card("JK")], Card("9h"))
    assert not throwable_left(rules, [], Card("9h"))


def test_a_take_laid_off_behind_a_bridge_is_listed_where_a_card_is_left() -> None:
    state = position("handromi", "8h 2c", "9h", ["5h 6h 7h"], opened=OPENED)
    assert takes(state) == ["take"]
    after = state.apply("take").apply("layoff 1 8h 9h").apply("discard 2c")
    assert after.table[0].meld.notation() == "5h 6h 7h 8h 9h"


def test_a_bridge_that_leaves_only_the_taken_face_is_no_way() -> None:
    """Found by review: with two decks the card left may be a second 9h, which may not be thrown."""
    assert takes(position("handromi", "8h 9h", "9h", ["5h 6h 7h"], opened=OPENED)) == []
    assert takes(position("handromi", "JK 9h", "9h", ["5h 6h 7h"], opened=OPENED)) == []
    assert takes(position("rummy500", "8h 9h", "9h", ["5h 6h 7h"], players=5)) == []


def test_a_joker_bridges_a_gap_the_hand_cannot_fill() -> None:
    state = position("rummy500", "JK 2c", "9h", ["5h 6h 7h"], players=5)
    assert takes(state) == ["take"]


def test_a_released_joker_meld_needs_a_card_left_to_throw() -> None:
    """Roemie: after opening and the swap, only a second Ad would be left (R-ROE-06 keeps it)."""
    data = {"opened": [False, True, False]}
    stuck = position("roemie", "Th Jh Qh Kh 8s Ac", "Ad Ad", ["7s JK 9s"], **data)
    assert "take 2" not in takes(stuck)
    fine = position("roemie", "Th Jh Qh Kh 8s Ac 9d", "Ad 2c", ["7s JK 9s"], **data)
    assert "take 2" in takes(fine)


SUITS, RANKS = "cdhs", "23456789TJQKA"


def _finishable(state: rk.RoundState, seen: set[Any], budget: list[int]) -> bool:
    """Can the seat to move end its turn from ``state`` by legal moves (a bounded search)?"""
    budget[0] -= 1
    assert budget[0] > 0, "the search ran out of its budget"
    key = (state.phase, state.hands[state.to_move], tuple(t.meld.notation() for t in state.table))
    if key in seen:
        return False
    seen.add(key)
    for move in state.legal_moves():
        if str(move) == "undo":
            continue
        after = state.apply(move)
        if after.phase == "over" or after.turns_played != state.turns_played:
            return True
        if _finishable(after, seen, budget):
            return True
    return False


def _pickup_position(variant: str, players: int, rng: random.Random) -> rk.RoundState | None:
    """A small hand around one suit and rank, a short discard row and a few table melds."""
    suit, rank = rng.choice(SUITS), rng.randrange(13)
    pool = [RANKS[(rank + k) % 13] + suit for k in range(-3, 4)] + [RANKS[rank] + s for s in SUITS]
    pool += ["JK", *(rng.choice(RANKS) + rng.choice(SUITS) for _ in range(6))]
    table = []
    for run_suit in rng.sample(SUITS, rng.randint(0, 3)):  # runs of other suits too, one a suit
        low = rng.randrange(10)
        table.append(" ".join(RANKS[i] + run_suit for i in range(low, low + rng.randint(3, 4))))
    opened = [rng.random() < 0.6, *([True] * (players - 1))]
    hand = " ".join(rng.choice(pool) for _ in range(rng.randint(2, 8)))
    discard = " ".join(rng.choice(pool) for _ in range(rng.randint(1, 3)))
    try:
        return position(variant, hand, discard, table, players=players, opened=opened)
    except rk.PositionError:
        return None  # more copies of a card than the deck holds


@given(
    game=st.sampled_from([("handromi", 3), ("handromi", 4), ("rummy500", 5), ("rummy500", 3), ("roemie", 3)]),
    seed=st.integers(0, 2**32),
)
def test_every_listed_conditional_take_leaves_a_turn_that_can_be_finished(
    game: tuple[str, int], seed: int
) -> None:
    state = _pickup_position(*game, random.Random(seed))
    if state is None:
        return
    for move in state.legal_moves():
        if str(move).startswith("take"):
            assert _finishable(state.apply(move), set(), [3000]), f"{move} from {state.hands[0]}"


def test_no_new_meld_after_opening_leaves_only_lay_offs_for_a_taken_card() -> None:
    """``melds.new_after_opening = false``: an opened seat may lay a taken
    card off but not meld it anew, so a take it could only meld is refused
    (an audit's Handromi and Roemie rounds had reached turns with no legal
    move after such a take)."""
    from tests.key_rows import variant_with

    hands = ["Tc Th 2c 5s", "Kd 5c", "2s 9c"]
    for base, take, discard in (("handromi", "take", "8s Td"), ("roemie", "take 2", "Td 8s")):
        variant = variant_with(base, {"melds.new_after_opening": False})
        for table, listed in (("5h 6h 7h", False), ("Jd Qd Kd", base == "handromi")):
            data = {"players": 3, "turns_played": 9, "hands": hands, "discard": discard, "opened": OPENED}
            data["table"] = [{"owner": 1, "cards": table}]
            state = rk.position_from_dict(data, variant=variant)
            assert (take in takes(state)) is listed, (base, table)
            if not listed:  # where new melds are allowed, the same take is
                assert take in takes(position(base, hands[0], discard, [table], opened=OPENED))
