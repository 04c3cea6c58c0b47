"""Every key of the knock variants acts (docs/variants/gin.md): for each, one
position and a few moves give one outcome under one value of the key and
another under a second value; ``legal_moves`` agrees with ``apply`` on every
move tried (the ``play`` helper of tests/key_rows.py checks it).

A row: (key, value A, value B, base variant, other keys set for both, the
position, the moves, what is observed, the outcome under A, under B).
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from key_rows import KeyRow, check_row, codes, phase, play, variant_with

import rummykit as rk
from rummykit.play.bots import GreedyBot
from rummykit.round.match_play import Match
from rummykit.round.state import RoundState
from rummykit.variant.model import variant_warnings


def dealt_phase(state: RoundState, verdicts: tuple[str, ...]) -> object:
    return rk.deal(state.variant, players=2, seed=1, dealer=1).phase


def scores(state: RoundState, verdicts: tuple[str, ...]) -> object:
    assert state.result is not None
    return state.result.scores


def ending(state: RoundState, verdicts: tuple[str, ...]) -> object:
    assert state.result is not None
    return state.result.ending


KNOCKER = "4c 5c 6c 7h 7s 7d Ah 2d 3s 2h Kd"  # knock Kd: Ah 2d 3s 2h = 8 deadwood
KNOCK = ["0: knock Kd", "0: meld 4c 5c 6c", "0: meld 7h 7s 7d", "0: done"]
GIN = "4c 5c 6c 7c 7h 7s 7d 9h 9s 9d Kd"
GIN_KNOCK = ["0: knock Kd", "0: meld 4c 5c 6c 7c", "0: meld 7h 7s 7d", "0: meld 9h 9s 9d", "0: done"]
UNDERCUT = {"hands": [KNOCKER, "3c 9s 9d 9c Th Jh Qh Kh 4d 2c"], "phase": "play"}

ROWS: list[KeyRow] = [
    ("deal.first_upcard", "offer_both_then_stock", "none", "gin", {},
     {"hands": ["2c", "3c"]}, [], dealt_phase, "first_upcard", "draw"),
    ("draw.max_upcard_takes", 2, 0, "gin", {},
     {"hands": ["2c 3c", "4d 5d"], "discard": "9s"},
     ["0: take", "0: discard 2c", "1: take"], phase, "over", "play"),
    ("draw.repeat_take_discard_draws", True, False, "gin", {},
     {"hands": ["2c 3c", "4d 5d"], "discard": "9s"},
     ["0: take", "0: discard 9s", "1: take", "1: discard 9s"], phase, "over", "draw"),
    # deadwood_difference (gin) needs melds.during_play = false: toggled on rami51
    ("melds.during_play", False, True, "rami51", {},
     {"hands": ["7h 8h 9h 2c 5d", "4d 5d"], "phase": "play", "opened": [True, False]},
     ["0: meld 7h 8h 9h"], codes, ("turn.wrong-phase",), ("ok",)),
    ("stock_exhausted.action", "wall", "reshuffle_discard_except_top", "gin", {},
     {"hands": ["2c 3c", "4d 5d"], "stock": "Kc 2d", "rest": "discard"},
     ["0: draw"], codes, ("draw.wall",), ("ok",)),
    ("stock_exhausted.wall_size", 2, 1, "gin", {},
     {"hands": ["2c 3c", "4d 5d"], "stock": "Kc 2d", "rest": "discard"},
     ["0: draw"], codes, ("draw.wall",), ("ok",)),
    # gin's knock goes with deadwood_difference, which needs a knock: toggled on tonk's knock (drop)
    ("knock.allowed", True, False, "tonk", {},
     {"hands": ["2c 3c 4d 5s 6h", "9d Td Jd Qs Kh"]}, ["0: drop"], codes, ("ok",), ("drop.not-allowed",)),
    ("knock.max_deadwood", 10, 5, "gin", {},
     {"hands": [KNOCKER, "4d 5d"], "phase": "play"},
     ["0: knock Kd"], codes, ("ok",), ("knock.deadwood",)),
    ("knock.gin_bonus", 25, 20, "gin", {},
     {"hands": [GIN, "2d 3d"], "phase": "play"},
     [*GIN_KNOCK, "1: done"], scores, (30, -30), (25, -25)),
    ("knock.undercut_bonus", 25, 10, "gin", {},
     UNDERCUT, [*KNOCK, "1: layoff 1 3c 2c", "1: meld 9s 9d 9c", "1: meld Th Jh Qh Kh", "1: done"],
     scores, (-29, 29), (-14, 14)),
    ("knock.undercut_on_tie", False, True, "gin", {},
     {"hands": [KNOCKER, "8d"], "phase": "play"}, [*KNOCK, "1: done"], ending, "knock", "undercut"),
    ("knock.layoff_on_gin", False, True, "gin", {},
     {"hands": [GIN, "8c 2d"], "phase": "play"},
     [*GIN_KNOCK, "1: layoff 1 8c"], codes, ("ok",) * 5 + ("knock.gin-no-layoff",), ("ok",) * 6),
    ("knock.layoff_chain_per_end", 2, 1, "gin", {},
     UNDERCUT, [*KNOCK, "1: layoff 1 3c 2c"], codes, ("ok",) * 5, ("ok",) * 4 + ("layoff.does-not-fit",)),
]  # fmt: skip


@pytest.mark.parametrize("row", ROWS, ids=[row[0] for row in ROWS])
def test_two_values_two_outcomes(row: KeyRow) -> None:
    check_row(row)


def test_views_hide_the_knock_card_and_the_other_hand() -> None:
    """After a knock the face-down card is in no other seat's view (nor a
    spectator's), only in the knocker's own, and a seat never sees the other
    seat's hand."""
    gin = rk.load_variant("gin")
    state = rk.position_from_dict(
        {"players": 2, "phase": "play", "hands": [KNOCKER, "3c 9s 9d 9c Th"], "discard": "5s"}, variant=gin
    )
    state = state.apply("0: knock Kd")
    assert state.knocking.knock_card == rk.parse_cards("Kd")[0]
    for seat in (1, None):
        text = rk.to_json(state.view(seat))
        assert "Kd" not in text, seat
    assert state.view(0).knock.knock_card == rk.parse_cards("Kd")[0]
    assert "9s" not in rk.to_json(state.view(0)) and "Ah" not in rk.to_json(state.view(1))
    assert "Kd" in rk.to_json(state)  # the full state keeps it (a saved game)
    again = rk.from_json(rk.to_json(state))
    assert again == state and again.knocking == state.knocking


def test_views_show_the_upcard_passes_the_knocker_and_the_layoffs() -> None:
    """A view names the seats that passed the first upcard, then the knocker,
    gin or not, and the defender's lay-offs; it loads back from its JSON and
    its document fits the view schema."""
    from rummykit.io.schemas import document_schema

    jsonschema = pytest.importorskip("jsonschema")
    gin = rk.load_variant("gin")
    dealt = rk.deal(gin, players=2, seed=1, dealer=1)
    assert dealt.phase == "first_upcard" and dealt.view(0).knock == rk.round.views.KnockView()
    assert "knock" not in json.loads(rk.to_json(dealt.view(0)))
    passed = dealt.apply(f"{dealt.to_move}: pass")
    assert passed.view(1 - dealt.to_move).knock.upcard_passes == (dealt.to_move,)
    state, verdicts = play(gin, UNDERCUT, [*KNOCK, "1: layoff 1 3c 2c"])
    assert set(verdicts) == {"ok"}
    for seat in (0, 1, None):
        view = state.view(seat)
        assert (view.knock.knocker, view.knock.gin) == (0, False)
        assert view.knock.layoffs == tuple(rk.parse_cards("2c 3c"))  # in code order, however written
        doc = json.loads(rk.to_json(view))
        jsonschema.validate(doc, document_schema("view"))
        assert rk.from_json(doc) == view
    gin_state, _ = play(gin, {"hands": [GIN, "3c 8s 8d 8c Th"], "phase": "play"}, GIN_KNOCK)
    assert gin_state.view(1).knock.gin


def test_round_result_carries_deadwood_and_knocker_through_json() -> None:
    gin = rk.load_variant("gin")
    state, _ = play(
        gin, UNDERCUT, [*KNOCK, "1: layoff 1 3c 2c", "1: meld 9s 9d 9c", "1: meld Th Jh Qh Kh", "1: done"]
    )
    assert state.result is not None
    assert (state.result.ending, state.result.deadwood, state.result.knocker) == ("undercut", (8, 4), 0)
    again = rk.from_json(rk.to_json(state))
    assert again.result == state.result


@pytest.mark.parametrize(
    ("settings", "path"),
    [
        ({"knock.allowed": True, "players.max": 4}, "knock.allowed"),
        ({"knock.allowed": False}, "scoring.method"),
    ],
)
def test_a_knock_needs_two_players_and_deadwood_scoring_needs_a_knock(
    settings: dict[str, Any], path: str
) -> None:
    with pytest.raises(rk.VariantError) as info:
        variant_with("gin", settings)
    assert path in str(info.value)


def test_a_gin_table_may_play_to_100() -> None:
    """R-GIN-15's option: ``match.target = 100`` plays hands until a total
    reaches 100; the highest total wins. Greedy bots play it to the end."""
    to_100 = rk.loads_variant(
        """
[meta]
id = "gin_to_100"
name = "Gin Rummy to 100"
extends = "gin"

[match]
target = 100
"""
    )
    match = Match.start(to_100, players=2)
    bots = [GreedyBot(to_100, seed=seat) for seat in range(2)]
    hands = 0
    while not match.is_over:
        assert max(match.totals) < 100  # no hand is dealt after the target is reached
        state = match.deal_next(seed=hands)
        while state.result is None:
            seat = state.to_move
            state = state.apply(bots[seat].choose(state.view(seat)), seat=seat)
        match = match.record(state.result)
        hands += 1
    assert hands > 1 and max(match.totals) >= 100
    assert match.winners == tuple(s for s in range(2) if match.totals[s] == max(match.totals))


def test_knock_keys_warn_while_knocking_is_off() -> None:
    child = rk.loads_variant(
        """
[meta]
id = "no_knock"
name = "Knock keys, knocking off"
extends = "rami51"

[knock]
max_deadwood = 5
gin_bonus = 25
"""
    )
    # gin_bonus keeps its default: only the key set to another value warns.
    assert [str(w) for w in variant_warnings(child)] == [
        "warning: knock.max_deadwood: does nothing while `knock.allowed` is false."
    ]
    assert variant_warnings(rk.load_variant("gin")) == []
