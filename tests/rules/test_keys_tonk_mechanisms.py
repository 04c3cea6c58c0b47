"""The mechanisms Tonk brought (issue 28) act, each behind a key that is off
by default, and the stage that owns it answers as the key says:

- ``knock.timing = "before_draw"`` with ``knock.count = "hand"`` (R-TNK-07):
  the knock is the move ``drop`` of the draw phase, every hand counted
  whole; gin's ``knock C`` is then refused;
- ``deal.instant_win`` (R-TNK-03): a dealt winning count ends the round at
  the deal; several void it or share;
- ``scoring.method = "payments"`` with ``scoring.payments`` (R-TNK-08):
  stakes by ending, paid by the losers or by the knocker alone.

Rows that play moves use :func:`key_rows.play`, which also checks that
``legal_moves`` lists exactly the moves ``apply`` accepts.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from key_rows import VariantObserve as Observe
from key_rows import check_variant_row, fields_of, play, variant_with
from key_rows import fields_after as after

import rummykit as rk
from rummykit.core.cards import parse_cards
from rummykit.io.state_checks import check_state
from rummykit.rules.rule_set import rules_of
from rummykit.variant.ending_tables import MAX_STAKE
from rummykit.variant.loading import variant_from_rules
from rummykit.variant.sections import MAX_OPENING_POINTS, MAX_SCORE

DROPS = {
    "knock.allowed": True, "knock.timing": "before_draw", "knock.count": "hand", "scoring.method": "payments",
}  # fmt: skip
PAID = {**DROPS, "scoring.payments": {"drop": {"amount": 1}, "caught": {"amount": 2, "payer": "knocker"}}}
START = {"hands": ["Ac 2d 3h", "Kc Kd 9h"], "stock": "8d 7s"}  # counts 6 and 29
TIED = {"hands": ["Kc 5d 3h", "Kd 5h 3s", "2c 2d"], "stock": "8h", "players": 3}  # 18, 18, 4


def dealt(position: dict[str, Any], *fields: str) -> Observe:
    """Each named field of a position set up right after its deal (``deal_check``)."""

    def observe(variant: rk.Variant) -> object:
        state = rk.position_from_dict({"players": 2, **position, "deal_check": True}, variant=variant)
        return fields_of(state, fields)

    return observe


FORTY_NINE = {"hands": ["Kc Kd Ks Kh 9c", "2c 3d 4h 5s 7c"]}
TWO_WINNERS = {"players": 3, "hands": ["Kc Kd Ks Kh 9c", "Qc Qd Qs Qh Tc", "2c 3d 4h 5s 7c"]}
INSTANT = {"scoring.method": "payments", "scoring.payments": {"tonk_deal": {"amount": 2}}}

# key, value A, value B, base variant, other keys set for both, observe, outcome A, outcome B
Row = tuple[str, Any, Any, str, dict[str, Any], Observe, object, object]
ROWS: list[Row] = [
    # gin's knock instead of a discard, or the drop before the draw (knock C refused).
    ("knock.timing", "instead_of_discard", "before_draw", "rummy",
     {"knock.allowed": True, "scoring.method": "payments", "players.max": 2},
     after({**START, "phase": "play"}, ["0: drop", "0: knock 3h"], "phase"),
     (("drop.not-allowed", "ok"), "knock"), (("turn.wrong-phase", "turn.wrong-phase"), "play")),
    # Without the knock before the draw, the drop is no move; with it, a drop ends play.
    ("knock.timing", "instead_of_discard", "before_draw", "rummy",
     {"knock.allowed": True, "scoring.method": "payments", "players.max": 2},
     after(START, ["0: drop"], "result.ending"), (("drop.not-allowed",), None), (("ok",), "drop")),
    # The count goes with the timing: whole hands before the draw, the best
    # arrangement instead of a discard (the loader refuses the other pairs).
    ("knock.count", "arranged", "hand", "rummy",
     {"knock.allowed": True, "scoring.method": "payments", "players.max": 2},
     lambda variant: rules_of(variant).drop_knock is None, True, False),
    # An equal count catches the dropper, or not.
    ("knock.undercut_on_tie", False, True, "rummy", PAID,
     after(TIED, ["0: drop"], "result.ending", "result.scores"),
     (("ok",), "caught", (-2, 0, 2)), (("ok",), "caught", (-4, 2, 2))),
    # A dealt 49: play begins, or the deal is won at once.
    ("deal.instant_win", None, {"points": [49, 50]}, "tonk", {},
     dealt(FORTY_NINE, "phase", "result.scores"), ("draw", None), ("over", (2, -2))),
    # Two winning counts: the deal is void, or they share the win.
    ("deal.instant_win", {"points": [49, 50]}, {"points": [49, 50], "several": "share"}, "tonk", {},
     dealt(TWO_WINNERS, "result.ending", "result.winners", "result.scores"),
     ("deal_void", (), (0, 0, 0)), ("tonk_deal", (0, 1), (2, 2, -4))),
    # The stakes of a drop: none (no entry), or the entry's.
    ("scoring.payments", {}, {"drop": {"amount": 3}}, "rummy", DROPS,
     after(START, ["0: drop"], "result.scores"), (("ok",), (0, 0)), (("ok",), (3, -3))),
    # A caught drop paid by every seat not winning, or by the dropper alone.
    ("scoring.payments", {"caught": {"amount": 2}}, {"caught": {"amount": 2, "payer": "knocker"}}, "rummy",
     DROPS, after({**TIED, "hands": ["Kc 5d 3h", "Kd 5h 2s", "Ks Qd"]}, ["0: drop"], "result.scores"),
     (("ok",), (-2, 4, -2)), (("ok",), (-2, 2, 0))),
    # The winner collects the other hand, or (payments without entries) nobody pays.
    ("scoring.method", "winner_collects", "payments", "rummy", {},
     after({"hands": ["4c 5c 6c 2d", "3d 8h"], "phase": "play"}, ["0: meld 4c 5c 6c", "0: discard 2d"],
           "result.ending", "result.scores"),
     (("ok", "ok"), "hand_rummy", (22, 0)), (("ok", "ok"), "hand_rummy", (0, 0))),
]  # fmt: skip


def _variant(base: str, keys: dict[str, Any]) -> rk.Variant:
    """``base`` with ``keys`` set; the knock before the draw brings
    ``knock.count = "hand"``, which goes with it (and ``knock.count`` its
    timing); a key set to None is left out (a child cannot unset its
    parent's ``deal.instant_win``, so such a row starts from a copy of the
    parent's rules)."""
    if keys.get("knock.timing") == "before_draw" and "knock.count" not in keys:
        keys = {**keys, "knock.count": "hand"}
    if keys.get("knock.count") == "hand" and "knock.timing" not in keys:
        keys = {**keys, "knock.timing": "before_draw"}
    unset = [key for key, value in keys.items() if value is None]
    if not unset:
        return variant_with(base, keys)
    rules = rk.load_variant(base).full_rules()
    for key in unset:
        table, name = key.rsplit(".", 1)
        rules[table].pop(name, None)
    rules["meta"] = {"id": "keys_test", "name": "keys test"}
    parent = variant_from_rules("keys_test", rules, "")
    return variant_with_parent(parent, {k: v for k, v in keys.items() if v is not None})


def variant_with_parent(parent: rk.Variant, keys: dict[str, Any]) -> rk.Variant:
    rules = parent.full_rules()
    for key, value in keys.items():
        table, name = key.split(".", 1)
        rules[table][name] = value
    return variant_from_rules("keys_test", rules, "")


@pytest.mark.parametrize("row", ROWS, ids=[f"{i}-{r[0]}" for i, r in enumerate(ROWS)])
def test_two_values_two_outcomes(row: Row) -> None:
    check_variant_row(row, _variant)


# --------------------------------------------------------------------------- the loader


BAD = [
    ({"knock.count": "hand"}, "knock.count"),  # the whole hand is counted only before the draw
    ({**DROPS, "knock.count": "arranged"}, "knock.count"),
    ({**DROPS, "scoring.method": "winner_collects"}, "scoring.method"),
    ({"deal.instant_win": {"points": [49]}}, "scoring.method"),
    ({"scoring.payments": {"out": {"amount": 1}}}, "scoring.payments.out.amount"),
    ({**DROPS, "scoring.payments": {"out": {"amount": 1, "payer": "knocker"}}}, "scoring.payments.out.payer"),
    ({**DROPS, "scoring.payments": {"gin": {"amount": 1}}}, "scoring.payments.gin"),
    ({**DROPS, "scoring.payments": {"drop": {"amount": MAX_STAKE + 1}}}, "scoring.payments.drop.amount"),
    ({**DROPS, "scoring.payments": {"drop": {"payer": "losers"}}}, "scoring.payments.drop.amount"),
    ({**DROPS, "deal.instant_win": {"points": []}}, "deal.instant_win.points"),
    ({**DROPS, "deal.instant_win": {"points": [49], "several": "split"}}, "deal.instant_win.several"),
]


@pytest.mark.parametrize(("keys", "path"), BAD)
def test_the_loader_refuses_keys_that_do_not_go_together(keys: dict[str, Any], path: str) -> None:
    with pytest.raises(rk.VariantError) as info:
        variant_with("rummy", keys)
    assert f"{path}:" in str(info.value)


def test_a_whole_hand_count_names_the_timing_it_is_at_odds_with() -> None:
    """An audit read 'expected "arranged" (the default) ... got hand': the
    message never named knock.timing, the key in conflict."""
    with pytest.raises(rk.VariantError) as info:
        variant_with("gin", {"knock.count": "hand"})
    (problem,) = info.value.problems
    assert problem.path == "knock.count" and problem.got == '"hand"'
    assert 'knock.timing is "instead_of_discard"' in problem.expected


def test_the_knock_before_the_draw_is_for_any_number_of_players() -> None:
    variant = variant_with("rummy", PAID)
    assert variant.players.max == 6 and rules_of(variant).knock is None
    state = rk.position_from_dict({"players": 5, "hands": ["Ac 2d", "Kc", "Kd", "Ks", "Kh"]}, variant=variant)
    assert state.apply("drop").result.scores == (4, -1, -1, -1, -1)


def test_the_limits_agree_with_the_sections() -> None:
    from rummykit.variant import ending_tables

    assert ending_tables._MAX_SCORE == MAX_SCORE
    assert ending_tables._MAX_KNOCK_DEADWOOD == MAX_OPENING_POINTS


# --------------------------------------------------------------------------- off by default, saved


def test_the_new_keys_are_off_by_default_and_left_out_of_saved_rules() -> None:
    for name in rk.bundled_variants():
        variant = rk.load_variant(name)
        rules = variant.full_rules()
        if name == "tonk":
            continue
        assert variant.knock.timing == "instead_of_discard" and variant.knock.count == "arranged"
        assert "timing" not in rules["knock"] and "count" not in rules["knock"]
        assert variant.deal.instant_win is None and "instant_win" not in rules["deal"]
        assert not variant.scoring.payments and "payments" not in rules["scoring"]
        rule_set = rules_of(variant)
        assert rule_set.drop_knock is None and rule_set.instant_win is None
        assert rule_set.drop_checks.forbidden is not None or variant.drop.allowed  # the fold (indian)


def test_tonk_saves_its_keys_and_reads_back_equal() -> None:
    tonk = rk.load_variant("tonk")
    rules = tonk.full_rules()
    assert rules["knock"]["timing"] == "before_draw" and rules["knock"]["count"] == "hand"
    assert rules["deal"]["instant_win"] == {"points": [49, 50], "several": "void"}
    assert rules["scoring"]["payments"]["caught"] == {"amount": 2, "payer": "knocker"}
    again = variant_from_rules("saved", rules, "")
    assert again == tonk and again.digest() == tonk.digest()


# --------------------------------------------------------------------------- payments


def _random_tonk_hands(rng: random.Random, players: int) -> list[tuple[rk.Card, ...]]:
    deck = list(rk.load_variant("tonk").deck_for(players))
    rng.shuffle(deck)
    return [tuple(deck[5 * seat : 5 * seat + 5]) for seat in range(players)]


@pytest.mark.parametrize("ending", ["drop", "blocked", "turn_cap", "went_out", "tonk_out", "tonk_deal"])
def test_every_deal_sums_to_zero_and_winner_is_the_only_winner(ending: Any) -> None:
    scoring = rules_of(rk.load_variant("tonk")).scoring
    rng = random.Random(7)
    for _ in range(200):
        players = rng.randint(2, 4)
        hands = _random_tonk_hands(rng, players)
        result = scoring.score(hands, (), (True,) * players, ending, rng.randrange(players))
        assert sum(result.scores) == 0
        assert result.winner == (result.winners[0] if len(result.winners) == 1 else None)
        gaining = tuple(seat for seat, score in enumerate(result.scores) if score > 0)
        assert gaining == result.winners  # every seat tied: nobody gains, no winners


def test_a_drop_result_goes_through_json_and_the_state_checks() -> None:
    state = rk.position_from_dict(
        {"variant": "tonk", "players": 3, "hands": ["9c 9d 5h 2s 3c", "Ac 2d 3h 4s 6c", "Ts 8d 4d 2c 4c"]}
    ).apply("drop")
    again = rk.from_json(rk.to_json(state))
    assert again.result == state.result and again.result.ending == "caught"
    assert again.turns_played == 1  # a drop is a counted turn (R-TNK-09)
    check_state(again)


def test_the_state_checks_refuse_a_forged_winner() -> None:
    import json

    state = rk.position_from_dict(
        {"variant": "tonk", "players": 2, "hands": ["Ac 2d 3h 4s 5c", "Kc Kd 9h 8s 2h"]}
    ).apply("drop")
    doc = json.loads(rk.to_json(state))
    doc["result"]["winner"] = 1
    with pytest.raises(rk.JSONError, match="winner"):
        rk.from_json(json.dumps(doc))


def test_a_tonk_out_and_an_out_by_discard_are_told_apart_only_under_payments() -> None:
    position = {"hands": ["4c 5c 6c", "3d 8h"], "phase": "play"}
    tonk, _ = play(rk.load_variant("tonk"), position, ["0: meld 4c 5c 6c", "0: out"])
    opened = {**position, "opened": [True, False]}
    rummy, _ = play(rk.load_variant("rummy"), opened, ["0: meld 4c 5c 6c", "0: out"])
    assert tonk.result is not None and tonk.result.ending == "tonk_out"
    assert rummy.result is not None and rummy.result.ending == "went_out"
    assert parse_cards("4c") == (rk.Card("4c"),)
