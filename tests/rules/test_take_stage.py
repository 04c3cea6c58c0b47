"""The take stage (rules/take.py): which checks a variant's keys call for;
that ``apply`` refuses a take of the top discard exactly when the stage
does, with its code; and that where no check may refuse (read from the state
before the take, as the legal-move listing reads it) ``apply`` accepts it."""

from __future__ import annotations

import random

import pytest

import rummykit as rk
from rummykit.core.moves import Take
from rummykit.round.draw_phase import apply_take
from rummykit.round.knocking import take_ends_round
from rummykit.rules.rule_set import rules_of
from rummykit.testing import random_playout

VARIANTS = rk.bundled_variants()


@pytest.mark.parametrize(
    ("ref", "expected"),
    [
        ("rami51", ["other_card_to_throw"]),
        ("roemie", ["other_card_to_throw"]),
        ("handromi", ["pickup_duty_met", "other_card_to_throw"]),
        ("kalooki", ["pickup_duty_met", "other_card_to_throw"]),
        ("rummy500", ["pickup_duty_met", "other_card_to_throw"]),
        ("gin", ["wall_take_knocks"]),
        ("contract", ["other_card_to_throw"]),
    ],
)
def test_the_checks_a_variant_calls_for(ref: str, expected: list[str]) -> None:
    assert [check.name for check in rules_of(rk.load_variant(ref)).take.checks] == expected


@pytest.mark.parametrize("ref", sorted(VARIANTS))
def test_apply_refuses_a_take_exactly_as_the_stage_does(ref: str) -> None:
    variant = rk.load_variant(ref)
    rules = rules_of(variant)
    refused = accepted = 0
    for seed in range(8):
        start = rk.deal(variant, players=variant.players.min, seed=seed)
        for state in random_playout(start, random.Random(seed), max_moves=200):
            if state.phase != "draw" or rules.draw.take_refusal(1, len(state.discard)) is not None:
                continue
            if take_ends_round(state) is not None:
                continue
            card = state.discard[-1].face
            after = tuple(sorted((*state.hands[state.to_move], card), key=lambda c: c.code))
            refusal = rules.take.refusal(rules, state, after)
            if refusal is None:
                apply_take(state, Take(1))
                accepted += 1
            else:
                assert rules.take.may_refuse(rules, state)
                with pytest.raises(rk.IllegalMove) as raised:
                    apply_take(state, Take(1))
                assert raised.value.code == refusal.code
                refused += 1
    assert accepted
    # Random rounds meet refused takes where a check can refuse one: the
    # wall (gin) and the pickup duties (handromi, kalooki, rummy500).
    assert refused or ref not in {"gin", "handromi", "kalooki", "rummy500"}


def test_a_rule_set_and_its_stages_pickle_and_copy() -> None:
    """A Commit carries its rule set, so the rule set (and its take stage)
    must survive pickling and copying in both builds."""
    import copy
    import pickle

    gin = rk.load_variant("gin")
    rules = rules_of(gin)
    again = pickle.loads(pickle.dumps(rules))
    assert again.variant.rules_digest == gin.rules_digest
    assert [c.name for c in again.take.checks] == [c.name for c in rules.take.checks]
    assert pickle.loads(pickle.dumps(rules.take)) == rules.take
    assert copy.deepcopy(rules.take) == rules.take
    swapped = rules.evolve(take=rules.take)
    assert pickle.loads(pickle.dumps(swapped)).take == rules.take
    with pytest.raises(AttributeError):
        del rules.take.checks  # type: ignore[misc]
