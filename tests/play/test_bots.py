"""Bots: the strength check (greedy against random in every variant), and that
bots only ever see their own view."""

from __future__ import annotations

import os

import pytest

import rummykit as rk
from rummykit.core.moves import Knock
from rummykit.play.bots import GreedyBot, RandomBot, make_bot
from rummykit.testing import check_invariants

# 200 rounds a variant; the small CI profile (tests/conftest.py) plays 80.
_DEFAULT_ROUNDS = "80" if os.environ.get("HYPOTHESIS_PROFILE") == "ci" else "200"
ROUNDS = int(os.environ.get("RUMMYKIT_STRENGTH_ROUNDS", _DEFAULT_ROUNDS))


@pytest.mark.parametrize("ref", rk.bundled_variants())
def test_greedy_beats_random(ref: str) -> None:
    """A few hundred rounds per variant (RUMMYKIT_STRENGTH_ROUNDS): every round
    ends, every state keeps the invariants, and the greedy bot wins the large
    majority."""
    variant = rk.load_variant(ref)
    wins = 0.0
    for r in range(ROUNDS):
        players = max(2, variant.players.min)
        state = rk.deal(variant, players=players, seed=r, dealer=r % 2)
        bots = [GreedyBot(variant, seed=r)] + [RandomBot(variant, seed=r + s) for s in range(1, players)]
        moves = 0
        while state.phase != "over":
            view = state.view(state.to_move)
            move = bots[state.to_move].choose(view)
            assert move in view.legal
            state = state.apply(move)
            check_invariants(state)
            moves += 1
            assert moves < 20_000, "a round must end"
        assert state.result is not None
        if 0 in state.result.winners:
            wins += 1 / len(state.result.winners)
    assert wins / ROUNDS >= 0.75, f"greedy won {wins} of {ROUNDS}"
    print(f"{ref}: greedy won {wins:g} of {ROUNDS}")


def test_bots_need_a_seat_to_move() -> None:
    variant = rk.load_variant("rami51")
    state = rk.deal(variant, players=2, seed=1)
    other = 1 - state.to_move
    for bot in (GreedyBot(variant), RandomBot(variant, seed=1)):
        with pytest.raises(ValueError, match="no legal move"):
            bot.choose(state.view(other))
    with pytest.raises(ValueError, match="unknown bot"):
        make_bot("clever", variant)


def test_views_of_other_seats_carry_no_moves() -> None:
    state = rk.deal(rk.load_variant("roemie"), players=3, seed=2)
    assert state.view(state.to_move).legal
    assert all(not state.view(s).legal for s in range(3) if s != state.to_move)
    assert not state.view(None).legal


def test_greedy_knocks_lays_its_melds_and_the_defender_lays_off() -> None:
    """In gin GreedyBot knocks when it may (keeping the least deadwood), lays
    the melds of its best arrangement, says done; as the defender it lays off
    first, then lays its melds (the undercut of docs/variants/gin.md)."""
    gin = rk.load_variant("gin")
    state = rk.position_from_dict(
        {
            "players": 2,
            "phase": "play",
            "hands": ["4c 5c 6c 7h 7s 7d Ah 2d 3s 2h Kd", "3c 9s 9d 9c Th Jh Qh Kh 4d 2c"],
        },
        variant=gin,
    )
    bots = [GreedyBot(gin, seed=1), GreedyBot(gin, seed=2)]
    played = []
    while state.phase != "over":
        move = bots[state.to_move].choose(state.view(state.to_move))
        played.append(f"{state.to_move}: {move}")
        state = state.apply(move)
    assert played == [
        "0: knock Kd", "0: meld 4c 5c 6c", "0: meld 7d 7h 7s", "0: done",
        "1: layoff 1 3c 2c", "1: meld 9c 9d 9s", "1: meld Th Jh Qh Kh", "1: done",
    ]  # fmt: skip
    assert state.result is not None and state.result.ending == "undercut"
    assert state.result.scores == (-29, 29)


@pytest.mark.parametrize(
    ("hands", "move"),
    [
        (["Ac 2d 3h 2s Ad", "Kc Kd 9h 8s 2h"], "drop"),  # 9: at or below 10, likely the lowest
        (["Ac 2d 3h 4s 5c", "Kc Kd 9h 8s 2h"], "draw"),  # 15: too high to drop, plays its turn
    ],
)
def test_greedy_drops_in_tonk_only_with_a_low_count(hands: list[str], move: str) -> None:
    variant = rk.load_variant("tonk")
    state = rk.position_from_dict({"variant": "tonk", "players": 2, "hands": hands, "stock": "9d"})
    assert str(GreedyBot(variant).choose(state.view(0))) == move


def test_greedy_drop_threshold_falls_with_more_players() -> None:
    from rummykit.play.bots import drop_threshold

    assert [drop_threshold(n) for n in (2, 3, 4)] == [10, 8, 6]


def test_greedy_knocks_only_within_the_deals_limit() -> None:
    """In Oklahoma Gin the first upcard sets the deal's knock limit (R-OKG-02):
    GreedyBot knocks only from the legal moves, which the limit bounds, so
    every knock it makes keeps deadwood within the deal's limit, and in deals
    with a low limit it still knocks when it can."""
    variant = rk.load_variant("oklahoma_gin")
    knocks = low = 0
    for r in range(40):
        state = rk.deal(variant, players=2, seed=r, dealer=r % 2)
        bots = [GreedyBot(variant, seed=r), GreedyBot(variant, seed=r + 1)]
        limit = state.rules.knock.limit(state.indicator)
        while state.phase != "over":
            move = bots[state.to_move].choose(state.view(state.to_move))
            if isinstance(move, Knock):
                rest = list(state.hands[state.to_move])
                rest.remove(move.card)
                assert state.rules.knock.deadwood(rest) <= limit
                knocks += 1
                low += limit < 10
            state = state.apply(move)
    assert knocks >= 20 and low >= 5, (knocks, low)


def test_greedy_goes_out_in_liverpools_all_out_deal() -> None:
    """Deal 7 of liverpool goes down only by going out (R-LIV-05): the greedy
    bot builds its hand toward the three runs and goes down only when they
    hold every card; against random bots it wins most of these deals, and
    among greedy bots most of them end by going out, not blocked."""
    variant = rk.load_variant("liverpool")
    endings: dict[str, int] = {}
    wins = 0.0
    rounds = max(6, ROUNDS // 10)
    for r in range(rounds):
        for field in ("random", "greedy"):
            state = rk.deal(variant, players=3, seed=r, dealer=r % 3, deal_number=7)
            bots = [GreedyBot(variant, seed=r)] + [make_bot(field, variant, seed=r + s) for s in (1, 2)]
            while state.phase != "over":
                view = state.view(state.to_move)
                move = bots[state.to_move].choose(view)
                assert move in view.legal
                state = state.apply(move)
            assert state.result is not None
            if field == "random":
                wins += 0 in state.result.winners
            else:
                endings[state.result.ending] = endings.get(state.result.ending, 0) + 1
            if state.result.ending == "went_out":  # down and out at once: the table is the winner's
                assert {t.owner for t in state.table} <= set(state.result.winners)
    assert wins / rounds >= 0.75, f"greedy won {wins} of {rounds}"
    assert endings.get("went_out", 0) >= rounds * 0.6, endings
