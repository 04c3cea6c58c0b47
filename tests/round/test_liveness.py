"""Every round can go on (R-ALL-14): from every state reached by random legal
play, the seat to move can finish its turn, and a draw is listed only where,
after it, the turn can still be finished.

"Finish" means: some sequence of legal moves hands the turn to the next seat
or ends the round. The search for it is bounded (commits first, then the
largest melds); a state where the bound runs out counts as a failure, so the
bound is set well above what any bundled variant needs.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from hypothesis import given
from hypothesis import strategies as st

import rummykit as rk
from rummykit.core.moves import Discard, Draw, DrawExchange, Drop, LayOff, Move, Out, Pass, Take, Undo
from rummykit.core.moves import Meld as MeldMove
from rummykit.io.positions import position_from_dict
from rummykit.round.state import RoundState
from rummykit.rules import can_go_out
from rummykit.testing import choose_random_move
from rummykit.testing.strategies import playout_states

VARIANTS = {ref: rk.load_variant(ref) for ref in rk.bundled_variants()}
BUDGET = 2000  # states visited per search at most (a swap before the meld it frees may come late)


def _order(state: RoundState) -> Callable[[Move], tuple[int, int]]:
    """Commits first, then melds and lay-offs holding the card the turn must
    use (the largest first), then the other melds, lay-offs and swaps; laying
    off a deep chosen card (which must start a new meld) comes last."""
    turn = state.turn
    chosen = {turn.chosen.face} if turn.chosen is not None else set()
    owed = chosen | ({turn.taken.face} if turn.taken is not None else set())

    def key(move: Move) -> tuple[int, int]:
        if isinstance(move, Discard | Out):
            return (0, 0)
        if isinstance(move, LayOff) and any(c.face in chosen for c in move.cards):
            return (4, 0)
        if isinstance(move, MeldMove | LayOff):
            uses = any(c.face in owed for c in move.cards)
            return (1 if uses else 2, -len(move.cards))
        return (3, 0)

    return key


def _place(state: RoundState) -> tuple[object, ...]:
    """A state as far as finishing the turn goes: the order of the melds laid does not matter."""
    table = sorted(t.meld.notation() for t in state.table)
    return (state.phase, state.hands[state.to_move], tuple(table), state.turn.exchanged)


def turn_ends(before: RoundState, after: RoundState) -> bool:
    return after.phase == "over" or after.turns_played != before.turns_played


def can_finish(state: RoundState, budget: int = BUDGET) -> bool:
    """Can the seat to move finish its turn from ``state`` by legal moves?

    Undo leads back only to states of this turn from which ``state`` was
    reached, so the turn can be finished from ``state`` exactly when it can
    be from the first of them: the search starts there and never undoes.
    """
    while state.turn.steps:
        state = state.apply(Undo())
    if state.phase == "play" and _follows_a_plan(state):
        return True
    seen: set[tuple[object, ...]] = set()
    stack = [state]
    while stack and len(seen) < budget:
        current = stack.pop()
        place = _place(current)
        if place in seen:
            continue
        seen.add(place)
        children = []
        moves = [m for m in current.legal_moves() if not isinstance(m, Undo)]
        for move in sorted(moves, key=_order(current)):
            after = current.apply(move)
            if turn_ends(current, after):
                return True
            if _place(after) not in seen:
                children.append(after)
        stack.extend(reversed(children))
    return False


def _follows_a_plan(state: RoundState) -> bool:
    """Try the solver's way to lay the whole hand down, move by move through
    ``apply`` (so a success is a real finish, whatever the solver said)."""
    variant = state.variant
    seat = state.to_move
    opened = state.opened[seat]
    touch = opened or variant.layoff.in_hand_rummy_turn
    table = [t.meld for t in state.table] if touch else []
    taken = state.turn.taken
    blocked = [taken] if taken is not None and variant.draw.no_discard_of_taken_card else []
    plan = can_go_out(
        variant,
        state.hands[seat],
        table=table,
        must_open=not opened and not variant.opening.waived_for_hand_rummy,
        not_discardable=blocked,
    )
    if plan is None:
        return False
    moves: list[Move] = [MeldMove(m.cards) for m in plan.melds]
    moves += [LayOff(index + 1, cards) for index, cards in plan.layoffs]
    moves.append(Out() if plan.discard is None else Discard(plan.discard))
    current = state
    try:
        for move in moves:
            current = current.apply(move)
    except rk.IllegalMove:
        return False
    return turn_ends(state, current)


def check_live(state: RoundState) -> None:
    """The liveness property at one state (AssertionError naming the move)."""
    if state.phase == "over":
        return
    legal = state.legal_moves()
    assert legal, "a live round has no legal move"
    if state.phase == "draw":
        for move in legal:
            assert isinstance(move, Draw | Take | DrawExchange | Pass | Drop), move
            after = state.apply(move)
            if isinstance(move, Drop):  # the fold ends the turn (R-IND-10)
                assert after.phase == "over" or after.to_move != state.to_move
                continue
            assert after.phase == "over" or can_finish(after), f"after {move} the turn cannot be finished"
    else:
        assert can_finish(state), "the turn cannot be finished"


@given(
    state=st.sampled_from(sorted(VARIANTS)).flatmap(lambda ref: playout_states(VARIANTS[ref], max_moves=120)),
    seed=st.integers(0, 2**32),
)
def test_every_reachable_state_can_finish_its_turn(state: RoundState, seed: int) -> None:
    """From a random point of a random round of every variant, a stretch of
    states, each checked."""
    rng = random.Random(seed)
    for _ in range(20):
        check_live(state)
        if state.phase == "over":
            break
        state = state.apply(choose_random_move(state, rng))


HANDROMI_TAKEN_JOKER = {
    "variant": "handromi",
    "players": 2,
    "to_move": 0,
    "turns_played": 10,
    "phase": "draw",
    "hands": ["Td Ts Kc Kd Ks 5d 7h 9c", "2d 3d 4d"],
    "discard": "2c JK",
}


def test_a_taken_joker_laid_with_two_naturals_is_used() -> None:
    """Issue 8, item 4: the taken joker counts as laid, not as a natural partner."""
    state = position_from_dict(HANDROMI_TAKEN_JOKER)
    for move in ("take", "meld Td Ts JK", "meld Kc Kd Ks"):
        state = state.apply(move)
    legal = [str(m) for m in state.legal_moves()]
    assert legal == ["discard 5d", "discard 7h", "discard 9c", "undo"]
    after = state.apply("discard 5d")
    assert after.to_move == 1 and after.opened == (True, False)


def test_the_handromi_position_is_live() -> None:
    state = position_from_dict(HANDROMI_TAKEN_JOKER)
    check_live(state)
    check_live(state.apply("take"))


HANDROMI_LAYOFF_BEFORE_OPENING = {
    "variant": "handromi",
    "players": 2,
    "to_move": 0,
    "turns_played": 10,
    "phase": "draw",
    "hands": ["2d 3c 5c 6c 6h 6s 7d 8c Td Ts Jh Qd Kc Kd", "2c 3d 4c"],
    "discard": "9s 3h",
    "opened": [False, True],
    "table": [
        {"owner": 1, "cards": "4d JK 5d 6d"},
        {"owner": 1, "cards": "4h JK 6h"},
        {"owner": 1, "cards": "Kc Kd Kh"},
    ],
}


def test_a_taken_discard_that_only_fits_a_tentative_layoff_is_refused() -> None:
    """R-HR-09 with R-ALL-14: before opening a Handrömi lay-off is tentative
    (R-ALL-15), standing only if the turn opens or goes out; with neither
    possible, the 3h that fits 4h JK 6h may not be taken."""
    state = position_from_dict(HANDROMI_LAYOFF_BEFORE_OPENING)
    assert [str(m) for m in state.legal_moves()] == ["draw"]
    try:
        state.apply("take")
    except rk.IllegalMove as error:
        assert error.code == "draw.taken-card-unused"
    else:
        raise AssertionError("take was accepted")
    check_live(state)


def test_a_taken_discard_laid_off_before_an_opening_is_still_allowed() -> None:
    """The same lay-off stands when the turn also opens (here with 50 in kings and queens)."""
    position = dict(HANDROMI_LAYOFF_BEFORE_OPENING)
    position["hands"] = ["Kc Kd Ks Qc Qd Qs 2d 9c", "2c 3d 4c"]
    position["table"] = [{"owner": 1, "cards": "4h JK 6h"}]
    state = position_from_dict(position)
    for move in ("take", "layoff 1 3h", "meld Kc Kd Ks", "meld Qc Qd Qs", "discard 2d"):
        state = state.apply(move)
    assert state.to_move == 1 and state.opened == (True, True)


def test_a_contract_player_who_has_gone_down_is_live_at_five_players() -> None:
    """R-CON-06 with R-ALL-12: with three packs, a Liverpool player who has
    gone down holds two 4h and sees the third on the pile; the take, which
    would leave him nothing to throw and no meld he may lay, is not listed,
    and the draw leaves a turn that can be finished."""
    state = position_from_dict(
        {
            "variant": "liverpool",
            "players": 5,
            "deal_number": 3,
            "to_move": 1,
            "hands": ["2c", "4h 4h", "3c", "5c", "6c"],
            "opened": [False, True, False, False, False],
            "table": [{"owner": 1, "cards": "As 2s 3s 4s"}, {"owner": 1, "cards": "9d Td Jd Qd"}],
            "discard": "9c 4h",
        }
    )
    assert state.legal_moves() == [Draw()]
    check_live(state)


def test_a_deep_take_whose_card_needs_a_swap_first_is_live() -> None:
    """Roemie, found by a fuzz: the chosen 7h starts a new meld only with the
    joker that 4h (taken with it) swaps off the table; the search must reach
    that swap past the many lay-offs (the budget's reason)."""
    table = [
        "4c 5c 6c JK=7c", "9s Ts Js Qs Ks As", "2s 3s 4s 5s 6s", "Ac Ad As", "9c 9d 9s",
        "3d 4d 5d 6d 7d 8d", "2h 3h JK=4h 5h", "2d 2h 2s", "Tc Td Th", "3c 3d 3h 3s",
    ]
    owners = [1, 1, 0, 0, 0, 1, 1, 2, 2, 0]
    state = position_from_dict(
        {
            "variant": "roemie",
            "players": 3,
            "to_move": 2,
            "dealer": 2,
            "turns_played": 56,
            "opened": [True, True, True],
            "hands": ["Jh Qd Qd Kc", "5c 6d", "2d 4d 6s 7s 8s 8s Th Jd Jd Qs Kh Ah Ah"],
            "discard": "9h Kh 7h 9c 4h",
            "table": [{"owner": o, "cards": c} for o, c in zip(owners, table, strict=True)],
        }
    )
    assert "take 3" in [str(m) for m in state.legal_moves()]
    check_live(state)
