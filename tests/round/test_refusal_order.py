"""R-WLD-02: a move the variant lacks is refused as such whatever the phase,
after ``turn.round-over`` and ``turn.not-your-turn`` and before the phase
(where nobody melds during play, ``meld``, ``layoff`` and ``swap`` are
``turn.wrong-phase`` in every phase: R-IND-06)."""

from __future__ import annotations

import pytest

import rummykit as rk
from rummykit.core.errors import Refusal
from rummykit.round.legal import legal_moves
from rummykit.round.state import RoundState
from rummykit.rules.rule_set import RuleSet, rules_of


def lacking(rules: RuleSet) -> dict[str, Refusal]:
    """Moves that the rule set never allows, with the refusal its keys fix
    for each (``take 9``: a take from deep in the row)."""
    moves = {
        "swap 1 2c": rules.table_moves.swap.forbidden,
        "shift 1 7c JK=7d": rules.table_moves.shift.forbidden,
        "exchange 2c": rules.exchange_checks.forbidden,
        "draw exchange": rules.draw_exchange_checks.forbidden,
        "drop": rules.drop_checks.forbidden,
        "declare 2c": rules.declare_checks.forbidden,
        "take 9": rules.draw.take_absent(9),
    }
    return {move: refusal for move, refusal in moves.items() if refusal is not None}


def code_of(state: RoundState, move: str) -> str:
    try:
        state.apply(f"{state.to_move}: {move}")
    except rk.IllegalMove as refused:
        return refused.code
    return "accepted"


def draw_and_play_phases(variant: str) -> tuple[RoundState, RoundState]:
    """A dealt round in its draw phase, and the same round once the player to move has drawn."""
    low = rk.load_variant(variant).players.min
    state = rk.deal(variant, players=max(2, low), seed=7)
    for _ in range(4):  # past a first player's extra card, or gin's first upcard
        if state.phase == "draw":
            break
        verbs = [str(move).split()[0] for move in legal_moves(state)]
        verb = next(verb for verb in ("pass", "discard", "draw") if verb in verbs)
        state = state.apply(next(m for m in legal_moves(state) if str(m).split()[0] == verb))
    drawn = next(state.apply(m) for m in legal_moves(state) if str(m) in ("draw", "take"))
    return state, drawn


@pytest.mark.parametrize("variant", sorted(rk.bundled_variants()))
def test_a_move_the_variant_lacks_is_refused_alike_in_both_phases(variant: str) -> None:
    before, after = draw_and_play_phases(variant)
    assert (before.phase, after.phase) == ("draw", "play")
    for move, refusal in lacking(before.rules).items():
        assert (code_of(before, move), code_of(after, move)) == (refusal.code, refusal.code), (variant, move)


def test_the_lacking_moves_are_found() -> None:
    assert set(lacking(rules_of(rk.load_variant("rami51")))) == {
        "shift 1 7c JK=7d", "exchange 2c", "draw exchange", "drop", "declare 2c", "take 9"
    }  # fmt: skip
    gin = lacking(rules_of(rk.load_variant("gin")))
    assert gin["swap 1 2c"].code == "turn.wrong-phase"  # R-IND-06


def test_the_seat_comes_before_the_lack() -> None:
    state = rk.deal("rami51", players=2, seed=7)
    with pytest.raises(rk.IllegalMove) as refused:
        state.apply("shift 1 7c JK=7d", seat=1 - state.to_move)  # rami51 has no shifts
    assert refused.value.code == "turn.not-your-turn"
