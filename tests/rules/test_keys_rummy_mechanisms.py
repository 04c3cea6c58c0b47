"""The mechanisms Basic Rummy brought (issue 28) act, each behind a key that
is off by default, and the stage that owns it answers as the key says:

- ``scoring.method = "winner_collects"`` (R-RUM-07): the winner scores the
  others' hand penalties, the others 0, a blocked round 0 for everyone;
  ``scoring.hand_rummy_self_multiplier`` doubles a hand rummy (R-RUM-08);
- ``opening.layoff_opens`` (R-RUM-08, R-RUM-11): a lay-off counts as opening,
  so a player who laid off earlier goes out by no hand rummy later;
- ``stock_exhausted.reshuffle = "turn_over"`` (R-RUM-10): the discards but the
  top are turned over unshuffled, the oldest on top of the new stock.

Rows that play moves use :func:`key_rows.play`, which also checks that
``legal_moves`` lists exactly the moves ``apply`` accepts.
"""

from __future__ import annotations

from typing import Any

import pytest
from key_rows import OPENED, RUN_4C, check_variant_row, variant_with
from key_rows import VariantObserve as Observe
from key_rows import fields_after as after

import rummykit as rk
from rummykit.core.cards import parse_cards
from rummykit.round.turn_start import start_turn
from rummykit.rules.rule_set import rules_of
from rummykit.rules.scoring import CollectingScoring
from rummykit.variant.key_warnings import variant_warnings
from rummykit.variant.loading import variant_from_rules

FREE_LAYOFF = {"opening.min_points": 0, "layoff.requires_opened": False}
COLLECTS = {"scoring.method": "winner_collects", "opening.min_points": 0}


LAID_OFF = {"hands": ["3c 9d 2d", "5c 9d"], "phase": "play", "table": RUN_4C}
LAID_OFF_EARLIER = {
    "hands": ["3c 7h 8h 2d", "5c 9d Kd"], "phase": "play", "table": RUN_4C, "stock": "Ks 9h",
}  # fmt: skip
LATER_OUT = [
    "0: layoff 1 3c", "0: discard 2d", "1: draw", "1: discard Ks", "0: draw", "0: meld 7h 8h 9h", "0: out",
]  # fmt: skip
OUT = {"hands": ["7h 8h 9h 2d", "5c 9d Kd"], "phase": "play"}
EMPTY_STOCK = {"hands": ["7h", "5c 9d"], "stock": "2c", "rest": "discard"}

# key, value A, value B, base variant, other keys set for both, observe, outcome A, outcome B
Row = tuple[str, Any, Any, str, dict[str, Any], Observe, object, object]
ROWS: list[Row] = [
    # A lay-off alone opens, or stands without opening.
    ("opening.layoff_opens", False, True, "rami51", FREE_LAYOFF,
     after(LAID_OFF, ["0: layoff 1 3c", "0: discard 2d"], "opened"),
     (("ok", "ok"), (False, False)), (("ok", "ok"), (True, False))),
    # So the player who laid off earlier goes out by hand rummy, or not.
    ("opening.layoff_opens", False, True, "rami51", FREE_LAYOFF,
     after(LAID_OFF_EARLIER, LATER_OUT, "result.ending"),
     (("ok",) * 7, "hand_rummy"), (("ok",) * 7, "went_out")),
    # The refill: shuffled (seeded), or turned over, 2c (the oldest) drawn first.
    ("stock_exhausted.reshuffle", "shuffle", "turn_over", "rami51", {},
     after(EMPTY_STOCK, ["0: draw", "0: discard 2c", "1: draw"], "hands"),
     (("ok",) * 3, (parse_cards("7h"), parse_cards("2s 5c 9d"))),
     (("ok",) * 3, (parse_cards("7h"), parse_cards("2c 5c 9d")))),
    # The winner's score: his empty hand (0), or the others' hands (5 + 9 + 10).
    ("scoring.method", "hand_penalty", "winner_collects", "rami51", {"opening.min_points": 0},
     after({**OUT, "opened": OPENED}, ["0: meld 7h 8h 9h", "0: discard 2d"], "result.scores"),
     (("ok", "ok"), (0, 24)), (("ok", "ok"), (24, 0))),
    # A hand rummy under winner_collects: the collected score, or twice it.
    ("scoring.hand_rummy_self_multiplier", 1, 2, "rami51", COLLECTS,
     after(OUT, ["0: meld 7h 8h 9h", "0: discard 2d"], "result.ending", "result.scores"),
     (("ok", "ok"), "hand_rummy", (24, 0)), (("ok", "ok"), "hand_rummy", (48, 0))),
]  # fmt: skip


@pytest.mark.parametrize("row", ROWS, ids=[f"{i}-{r[0]}" for i, r in enumerate(ROWS)])
def test_two_values_two_outcomes(row: Row) -> None:
    check_variant_row(row)


def test_the_new_keys_are_off_by_default_and_left_out_of_saved_rules() -> None:
    for name in rk.bundled_variants():
        variant = rk.load_variant(name)
        rules = variant.full_rules()
        if not variant.opening.layoff_opens:
            assert "layoff_opens" not in rules["opening"]
        if variant.stock_exhausted.reshuffle == "shuffle":
            assert "reshuffle" not in rules["stock_exhausted"]
    rami = rk.load_variant("rami51")
    assert rami.opening.layoff_opens is False and rami.stock_exhausted.reshuffle == "shuffle"
    assert rami.scoring.method == "hand_penalty"


def test_a_variant_with_the_keys_set_saves_them_and_reads_back_equal() -> None:
    variant = variant_with(
        "rami51", {**COLLECTS, "opening.layoff_opens": True, "stock_exhausted.reshuffle": "turn_over"}
    )
    rules = variant.full_rules()
    assert rules["opening"]["layoff_opens"] is True
    assert rules["stock_exhausted"]["reshuffle"] == "turn_over"
    assert rules["scoring"]["method"] == "winner_collects"
    assert variant_from_rules("saved", rules, "") == variant


# --------------------------------------------------------------------------- the stages


# (hands, ending, winner, blocked winners kept, multiplier) -> (winners, scores)
COLLECTING = [
    (("", "5c 9d Kd"), "went_out", 0, False, 2, ((0,), (24, 0))),
    (("", "5c 9d Kd"), "hand_rummy", 0, False, 2, ((0,), (48, 0))),
    (("", "5c 9d Kd"), "hand_rummy", 0, False, 3, ((0,), (72, 0))),
    (("Ah", "", "2s 3s"), "went_out", 1, False, 2, ((1,), (0, 11 + 5, 0))),  # rami51's ace: 11 in hand
    (("7h 8h", "5c 9d"), "blocked", None, False, 2, ((), (0, 0))),
    (("7h 8h", "5c 9d"), "turn_cap", None, True, 2, ((0, 1), (0, 0))),
]


@pytest.mark.parametrize(("hands", "ending", "winner", "blocked", "multiplier", "expected"), COLLECTING)
def test_collecting_scoring(
    hands: tuple[str, ...], ending: Any, winner: int | None, blocked: bool, multiplier: int, expected: Any
) -> None:
    variant = variant_with(
        "rami51",
        {
            **COLLECTS,
            "scoring.hand_rummy_self_multiplier": multiplier,
            "stock_exhausted.blocked_winner": "best_round_score" if blocked else "none",
            "match.winner": "highest_total",
        },
    )
    scoring = rules_of(variant).scoring
    assert isinstance(scoring, CollectingScoring)
    result = scoring.score([parse_cards(h) for h in hands], (), (False,) * len(hands), ending, winner)
    assert (result.winners, result.scores) == expected
    assert result.winner == winner and result.ending == ending


def test_the_opening_stage_says_whether_a_lay_off_opens() -> None:
    opens = rules_of(variant_with("rami51", {**FREE_LAYOFF, "opening.layoff_opens": True})).opening
    free = rules_of(variant_with("rami51", FREE_LAYOFF)).opening
    assert opens.opens_by_layoff(parse_cards("3c")) and not opens.opens_by_layoff(())
    assert not free.opens_by_layoff(parse_cards("3c"))


def test_a_turned_over_stock_is_the_pile_but_its_top_in_order() -> None:
    variant = variant_with("rami51", {"stock_exhausted.reshuffle": "turn_over"})
    assert not rules_of(variant).going_out.refill_is_shuffled()
    assert rules_of(rk.load_variant("rami51")).going_out.refill_is_shuffled()
    position = {"players": 2, "hands": ["7h", "5c 9d"], "stock": "", "rest": "discard"}
    pile = rk.position_from_dict({**position, "phase": "play"}, variant=variant).discard
    played = rk.position_from_dict({**position, "phase": "play"}, variant=variant).evolve(phase="draw")
    refilled = start_turn(played)
    assert refilled.stock == pile[:-1] and refilled.discard == pile[-1:] and refilled.reshuffles == 1
    # A position whose turn starts with the stock empty is checked as a turn's start is (R-ALL-08).
    assert rk.position_from_dict(position, variant=variant) == refilled
    shuffled = rk.position_from_dict(position, variant=rk.load_variant("rami51"))
    assert sorted(c.code for c in shuffled.stock) == sorted(c.code for c in pile[:-1])
    assert shuffled.stock != pile[:-1] and shuffled.reshuffles == 1


# (keys set on rami51) -> the warnings' key paths
WARNINGS = [
    ({**COLLECTS, "scoring.hand_rummy_self_multiplier": 2}, []),
    ({**COLLECTS, "scoring.winner_score": -10, "scoring.hand_rummy_multiplier": 2},
     ["scoring.winner_score", "scoring.hand_rummy_multiplier"]),
    ({"opening.layoff_opens": True}, ["opening.layoff_opens"]),  # lay-offs need an opening
    ({**FREE_LAYOFF, "opening.layoff_opens": True}, []),
    ({**FREE_LAYOFF, "opening.layoff_opens": True, "opening.open_at_deal": True}, ["opening.layoff_opens"]),
    ({"stock_exhausted.reshuffle": "turn_over"}, []),
    ({"stock_exhausted.reshuffle": "turn_over", "stock_exhausted.max_reshuffles": 0},
     ["stock_exhausted.reshuffle"]),
]  # fmt: skip


@pytest.mark.parametrize(("keys", "paths"), WARNINGS)
def test_idle_keys_warn(keys: dict[str, Any], paths: list[str]) -> None:
    found = [w.path for w in variant_warnings(variant_with("rami51", keys))]
    assert [p for p in found if p.startswith(("scoring.", "opening.layoff", "stock_exhausted."))] == paths
