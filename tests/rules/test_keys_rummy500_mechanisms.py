"""The mechanisms Rummy 500 brought (issue 9 item 4) act, each behind a key
that is off by default: for every key, two values give two outcomes.

- ``draw.deep_chosen_card_use = "meld_or_layoff_same_turn"`` (R-500-03): the
  card chosen from deep in the row must be melded or laid off this turn;
- ``draw.top_card_use`` (R-500-03): the same for the top discard;
- ``opening.open_at_deal`` (R-500-04): every seat counts as opened from the deal;
- ``values.table.joker`` as an integer (R-500-06): a table joker's fixed points;
- ``match.target`` (R-500-11): the match ends once a total reaches it.

Rows that play moves use :func:`key_rows.play`, which also checks that
``legal_moves`` lists exactly the moves ``apply`` accepts.
"""

from __future__ import annotations

from typing import Any

import attrs
import pytest
from key_rows import OPENED, ROWS_ELSEWHERE, RUN_4C, RUN_7H, meld_points, play, plays, variant_with
from key_rows import VariantObserve as Observe

import rummykit as rk
from rummykit.core.cards import parse_cards
from rummykit.core.meld_judge import judge_meld
from rummykit.core.meld_model import Meld
from rummykit.core.round_values import RoundResult, TableMeld
from rummykit.round.match_play import Match
from rummykit.rules.rule_set import rules_of
from rummykit.variant.model import Variant


def ending(position: dict[str, Any], moves: list[str]) -> Observe:
    def observe(variant: Variant) -> object:
        state, _ = play(variant, position, moves)
        return None if state.result is None else state.result.ending

    return observe


def opened_at_deal(variant: Variant) -> object:
    return rk.deal(variant, players=3, seed=1).opened


def table_points(cards: str, credits: tuple[int, ...]) -> Observe:
    """Seat 0's table points for one meld whose slots are credited so."""

    def observe(variant: Variant) -> object:
        meld = judge_meld(variant.meld_rules, parse_cards(cards))
        assert isinstance(meld, Meld)
        return rules_of(variant).scoring.table_points([TableMeld(1, meld, credits)], 0)

    return observe


def best_opening_points(hand: str) -> Observe:
    def observe(variant: Variant) -> object:
        plan = rk.best_opening(variant, hand, minimum=0)
        return None if plan is None else plan.points

    return observe


def match_over_after(scores: tuple[int, ...]) -> Observe:
    """Is a three-seat match over after one round with these scores?"""

    def observe(variant: Variant) -> object:
        match = Match.start(variant, players=3)
        result = RoundResult(ending="went_out", winner=0, winners=(0,), scores=scores)
        match = match.record(result)
        return match.is_over, match.winners

    return observe


# key, value A, value B, base variant, other keys set for both, observe, outcome A, outcome B
Row = tuple[str, Any, Any, str, dict[str, Any], Observe, object, object]
ROWS: list[Row] = [
    # The chosen deep card: nothing owed, or melded / laid off (refused at the take).
    ("draw.deep_chosen_card_use", "none", "meld_or_layoff_same_turn", "roemie", {},
     plays({"hands": ["2c 5d", "5c 9d"], "discard": "9h 4d", "opened": OPENED}, ["0: take 2"]),
     ("ok",), ("draw.taken-card-unused",)),
    # A lay-off meets the new value where the old one wants a new meld.
    ("draw.deep_chosen_card_use", "new_meld_same_turn", "meld_or_layoff_same_turn", "roemie", {},
     plays({"hands": ["2c 5d", "5c 9d"], "discard": "Th 4d", "opened": OPENED, "table": RUN_7H},
           ["0: take 2", "0: layoff 1 Th", "0: discard 2c"]),
     ("draw.taken-card-unused", "turn.wrong-phase", "turn.wrong-phase"), ("ok", "ok", "ok")),
    # ... and at the commit: the chosen card still in the hand is refused.
    ("draw.deep_chosen_card_use", "none", "meld_or_layoff_same_turn", "roemie", {},
     plays({"hands": ["2c 5d", "5c 9d"], "discard": "Th 4d", "opened": OPENED, "table": RUN_7H},
           ["0: take 2", "0: discard 2c"]),
     ("ok", "ok"), ("ok", "draw.taken-card-unused")),
    # The top discard: taken freely, or only to be melded or laid off.
    ("draw.top_card_use", "none", "meld_or_layoff_same_turn", "rami51", {},
     plays({"hands": ["2c 5d", "5c 9d"], "discard": "9h", "opened": OPENED}, ["0: take"]),
     ("ok",), ("draw.taken-card-unused",)),
    ("draw.top_card_use", "none", "meld_or_layoff_same_turn", "rami51", {},
     plays({"hands": ["9d 9s 2c 5d", "5c 9d"], "discard": "9h", "opened": OPENED},
           ["0: take", "0: discard 2c"]),
     ("ok", "ok"), ("ok", "draw.taken-card-unused")),
    # Every seat opened at the deal: lay-offs from the start, no hand rummy.
    ("opening.open_at_deal", False, True, "rami51", {}, opened_at_deal,
     (False, False, False), (True, True, True)),
    ("opening.open_at_deal", False, True, "rami51", {},
     plays({"hands": ["3c 9d 2d", "5c 9d"], "phase": "play", "table": RUN_4C}, ["0: layoff 1 3c"]),
     ("layoff.not-opened",), ("ok",)),
    ("opening.open_at_deal", False, True, "rami51", {"opening.min_points": 0},
     ending({"hands": ["7h 8h 9h 2c", "5c 9d"], "phase": "play"}, ["0: meld 7h 8h 9h", "0: discard 2c"]),
     "hand_rummy", "went_out"),
    # A table joker: the card it stands for, or fixed points.
    ("values.table.joker", "represented", 15, "rami51", {}, meld_points("JK 7s 8s"), 21, 30),
    ("values.table.joker", "represented", 15, "rami51", {}, meld_points("Kh Ks JK"), 30, 35),
    ("values.table.joker", "represented", 0, "rami51", {}, meld_points("As 2s JK"), 6, 3),
    ("values.table.joker", "represented", 15, "rami51", {}, table_points("JK 7s 8s", (0, 1, 1)), 6, 15),
    ("values.table.joker", "represented", 25, "rami51", {"melds.max_jokers_per_meld": 2},
     best_opening_points("JK JK 5s 2c 9d"), 27, 59),  # 9d JK JK: 9 + 9 + 9, or 9 + 25 + 25
    # The match: a fixed number of rounds, or until a total reaches the target.
    ("match.target", 0, 500, "roemie", {}, match_over_after((510, 20, -30)), (False, (0,)), (True, (0,))),
    ("match.target", 0, 100, "rami51", {}, match_over_after((120, 20, 30)), (False, (1,)), (True, (1,))),
]  # fmt: skip


RUMMY_ROWS = {"opening.layoff_opens", "stock_exhausted.reshuffle"}  # in test_keys_rummy_mechanisms.py
LIVERPOOL_ROWS = {"going_out.in_opening_turn"}  # in test_keys_liverpool_mechanisms.py


def _settings(key: str, value: Any, also: dict[str, Any]) -> dict[str, Any]:
    return {**also, key: value}


@pytest.mark.parametrize("row", ROWS, ids=[f"{i}-{r[0]}" for i, r in enumerate(ROWS)])
def test_two_values_two_outcomes(row: Row) -> None:
    key, a, b, base, also, observe, outcome_a, outcome_b = row
    assert outcome_a != outcome_b
    for value, expected in ((a, outcome_a), (b, outcome_b)):
        assert observe(variant_with(base, _settings(key, value, also))) == expected, (key, value)


def test_every_new_key_has_a_row_and_is_off_by_default() -> None:
    keys = {row[0] for row in ROWS}
    mine = ROWS_ELSEWHERE - RUMMY_ROWS - LIVERPOOL_ROWS
    assert keys >= mine
    assert keys == mine | {"draw.deep_chosen_card_use", "values.table.joker", "match.target"}
    rami = rk.load_variant("rami51")
    assert rami.draw.top_card_use == "none" and rami.draw.deep_chosen_card_use == "none"
    assert rami.opening.open_at_deal is False and rami.match.target == 0
    assert rami.values.table.joker == "represented"


def test_a_target_match_has_no_fixed_length_and_leaders_share() -> None:
    variant = variant_with("roemie", {"match.target": 500})
    match = Match.start(variant, players=2)
    assert match.rounds == 0 and not match.is_over
    match = match.record(RoundResult(ending="went_out", winner=0, winners=(0, 1), scores=(500, 500)))
    assert match.is_over and match.winners == (0, 1)
    assert attrs.evolve(match, results=()).is_over is False


def test_a_lay_off_meets_the_top_card_use() -> None:
    variant = variant_with("rami51", {"draw.top_card_use": "meld_or_layoff_same_turn"})
    position = {"hands": ["2c 5d", "5c 9d"], "discard": "7c", "opened": OPENED, "table": RUN_4C}
    _, verdicts = play(variant, position, ["0: take", "0: layoff 1 7c", "0: discard 2c"])
    assert verdicts == ("ok", "ok", "ok")
