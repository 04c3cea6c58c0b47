"""The mechanisms Liverpool Rummy brought (WORLD 8.4), each off by default:

- ``going_out.final_discard = "forbidden"``: the hand is emptied by melds and
  lay-offs and the turn ends with ``out``; a discard of the last card is
  ``discard.last-card``;
- ``going_out.in_opening_turn = "required"`` (R-LIV-05): the turn a player
  goes down in ends with an empty hand; a discard that leaves cards (or any
  discard where the last one is forbidden) is ``opening.all-out``, ``out``
  with cards left stays ``out.not-empty``;
- ``contract.deals[].rules``: keys that hold for one deal only; the deal's
  rule set is the variant's compiled with them in place, kept by the
  variant's rule set (one a deal at most) and carried by the round of that
  deal (``RoundState.rules``).

Rows that play moves use :func:`key_rows.play`, which also checks that
``legal_moves`` lists exactly the moves ``apply`` accepts.
"""

from __future__ import annotations

import pickle
from typing import Any

import pytest
from key_rows import OPENED, check_variant_row, play, variant_with
from key_rows import VariantObserve as Observe

import rummykit as rk
from rummykit.rules.rule_set import deal_rule_sets, rules_of
from rummykit.variant.loading import variant_from_rules

FREE = {"opening.min_points": 0}
MELD_ALL = {"hands": ["7h 8h 9h", "5c 9d Kd"], "phase": "play"}
MELD_AND_ONE = {"hands": ["7h 8h 9h 2d", "5c 9d Kd"], "phase": "play"}
MELD_AND_TWO = {"hands": ["7h 8h 9h 2d Kc", "5c 9d Kd"], "phase": "play"}


def after(position: dict[str, Any], moves: list[str]) -> Observe:
    """The verdicts and the phase once the moves are played."""

    def observe(variant: rk.Variant) -> object:
        state, verdicts = play(variant, position, moves)
        return verdicts, state.phase

    return observe


# key, value A, value B, base variant, other keys set for both, observe, outcome A, outcome B
Row = tuple[str, Any, Any, str, dict[str, Any], Observe, object, object]
ROWS: list[Row] = [
    # The last card: discarded to go out, or never.
    ("going_out.final_discard", "optional", "forbidden", "rami51", FREE,
     after(MELD_AND_ONE, ["0: meld 7h 8h 9h", "0: discard 2d"]),
     (("ok", "ok"), "over"), (("ok", "discard.last-card"), "play")),
    # An empty hand: a discard was owed, or ``out`` ends the round.
    ("going_out.final_discard", "required", "forbidden", "rami51", FREE,
     after(MELD_ALL, ["0: meld 7h 8h 9h", "0: out"]),
     (("ok", "out.needs-discard"), "play"), (("ok", "ok"), "over")),
    # Going down with cards left: a discard ends the turn, or the turn must go out.
    ("going_out.in_opening_turn", "allowed", "required", "rami51", FREE,
     after(MELD_AND_TWO, ["0: meld 7h 8h 9h", "0: out", "0: discard 2d"]),
     (("ok", "out.not-empty", "ok"), "draw"), (("ok", "out.not-empty", "opening.all-out"), "play")),
    # A going-down turn that empties the hand by its discard: allowed both ways
    # (the last discard is optional), then with a forbidden last discard the
    # all-out condition names the refusal.
    ("going_out.in_opening_turn", "allowed", "required", "rami51",
     {**FREE, "going_out.final_discard": "forbidden"},
     after(MELD_AND_ONE, ["0: meld 7h 8h 9h", "0: discard 2d"]),
     (("ok", "discard.last-card"), "play"), (("ok", "opening.all-out"), "play")),
]  # fmt: skip


@pytest.mark.parametrize("row", ROWS, ids=[f"{i}-{r[0]}" for i, r in enumerate(ROWS)])
def test_two_values_two_outcomes(row: Row) -> None:
    check_variant_row(row)


def test_in_opening_turn_asks_nothing_of_a_player_who_went_down_before() -> None:
    variant = variant_with("rami51", {**FREE, "going_out.in_opening_turn": "required"})
    position = {**MELD_AND_TWO, "opened": OPENED}
    assert play(variant, position, ["0: meld 7h 8h 9h", "0: discard 2d"])[1] == ("ok", "ok")


def test_the_new_keys_are_off_by_default_and_left_out_of_saved_rules() -> None:
    for name in rk.bundled_variants():
        variant = rk.load_variant(name)
        assert "in_opening_turn" not in variant.full_rules()["going_out"]
        if name != "liverpool":
            assert variant.going_out.final_discard != "forbidden"
            assert not any(deal.rules for deal in variant.contract.deals)
            assert deal_rule_sets(variant) == ()
            assert rules_of(variant).going_out.last_discard is None


# --------------------------------------------------------------------------- deal rules

LAST_DEAL_ALL_OUT = """
[meta]
id = "deal_rules_test"
name = "deal rules test"
extends = "contract"
[[contract.deals]]
hand_size = 10
sets = 2
[[contract.deals]]
hand_size = 12
runs = 3
[contract.deals.rules.going_out]
final_discard = "forbidden"
in_opening_turn = "required"
[contract.deals.rules.values.hand]
joker = 25
[match]
rounds = 2
"""


def test_a_deal_with_rules_plays_the_variant_with_them_in_place() -> None:
    variant = rk.loads_variant(LAST_DEAL_ALL_OUT)
    rules = rules_of(variant)
    assert rules.for_deal(1) is rules and rules.for_deal(0) is rules
    last = rules.for_deal(2)
    assert last is not rules and rules.for_deal(9) is last  # past the last deal: the last
    own = deal_rule_sets(variant)
    assert len(own) == len(variant.contract.deals) and own[0] is None and own[1] is last
    assert last.variant.going_out.final_discard == "forbidden"
    assert last.variant.values.hand.joker == 25 and variant.values.hand.joker == 15
    assert last.going_out.final_discard_forbidden() and not rules.going_out.final_discard_forbidden()
    assert deal_rule_sets(last.variant) == () and rules_of(last.variant) is last
    assert rules_of(variant).for_deal(2) is last  # compiled once, with the variant's rule set


def test_the_round_of_that_deal_carries_its_rules() -> None:
    variant = rk.loads_variant(LAST_DEAL_ALL_OUT)
    first = rk.deal(variant, players=3, seed=4, deal_number=1)
    last = rk.deal(variant, players=3, seed=4, deal_number=2)
    assert first.rules is rules_of(variant) and last.rules is rules_of(variant).for_deal(2)
    assert last.evolve(deal_number=1).rules is rules_of(variant)
    assert first.evolve(deal_number=2).rules is last.rules
    assert first.evolve(to_move=1).rules is first.rules
    again = rk.from_json(rk.to_json(last))
    assert again.rules.variant.going_out.final_discard == "forbidden" and again == last
    assert pickle.loads(pickle.dumps(last)).rules.variant.values.hand.joker == 25


def test_deal_rules_are_saved_and_read_back_equal() -> None:
    variant = rk.loads_variant(LAST_DEAL_ALL_OUT)
    saved = variant.full_rules()["contract"]["deals"]
    assert "rules" not in saved[0]
    assert saved[1]["rules"] == {
        "going_out": {"final_discard": "forbidden", "in_opening_turn": "required"},
        "values": {"hand": {"joker": 25}},
    }
    assert variant_from_rules("saved", variant.full_rules(), "") == variant
    plain = rk.loads_variant(LAST_DEAL_ALL_OUT.split("[contract.deals.rules")[0] + "[match]\nrounds = 2\n")
    assert plain.digest() != variant.digest()


@pytest.mark.parametrize(
    ("rules", "path"),
    [
        (
            '[contract.deals.rules.going_out]\nfinal_discard = "never"',
            "contract.deals[1].rules.going_out.final_discard",
        ),
        ("[contract.deals.rules.deck]\nwild_deuces = true", "contract.deals[1].rules.deck"),
        ("[contract.deals.rules.melds]\nset_mni = 3", "contract.deals[1].rules.melds.set_mni"),
        ("[contract.deals.rules.values.hand]\njoker = -1", "contract.deals[1].rules.values.hand.joker"),
        ("[contract.deals.rules.melds]\nset_min = 9\nset_max = 4", "contract.deals[1].rules.melds.set_min"),
        ("[contract.deals]\nrules = 3", "contract.deals[1].rules"),
    ],
)
def test_deal_rules_are_checked_as_their_tables_are(rules: str, path: str) -> None:
    head = LAST_DEAL_ALL_OUT.split("[contract.deals.rules")[0]
    text = head + rules + "\n[match]\nrounds = 2\n"
    if "rules = 3" in rules:
        text = (
            head.rsplit("[[contract.deals]]", 1)[0]
            + "[[contract.deals]]\nhand_size = 12\nruns = 3\nrules = 3\n"
        )
    with pytest.raises(rk.VariantError) as raised:
        rk.loads_variant(text)
    assert path in [problem.path for problem in raised.value.problems], str(raised.value)


def test_a_problem_of_the_variant_itself_is_not_named_again_under_a_deal_s_rules() -> None:
    """An audit's contract child with a wall and no knock, one deal with rules
    of its own: the wall's problem was reported twice, the second time under
    contract.deals[0].rules.stock_exhausted.action, a key no deal holds."""
    text = (
        '[meta]\nid = "walled"\nname = "Walled"\nextends = "contract"\n[match]\nrounds = 1\n'
        '[stock_exhausted]\naction = "wall"\n[[contract.deals]]\nhand_size = 10\nsets = 2\n'
        '[contract.deals.rules.going_out]\nfinal_discard = "optional"\n'
    )
    with pytest.raises(rk.VariantError) as raised:
        rk.loads_variant(text)
    assert [problem.path for problem in raised.value.problems] == ["stock_exhausted.action"]
