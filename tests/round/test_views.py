"""The view's opening: whether the melds laid this turn make an opening, by
the minimum and every other opening condition, and the refusal if not."""

from __future__ import annotations

import rummykit as rk


def test_sets_over_the_minimum_without_a_pure_run_are_no_opening_in_romme51() -> None:
    state = rk.deal(rk.load_variant("romme51"), players=2, seed=17).apply("draw")
    state = state.apply("meld 9d 9h 9s").apply("meld Tc Td Th")
    opening = state.view(0).opening
    assert opening.so_far == 57 >= 51 == opening.minimum
    assert not opening.allowed and opening.reason is not None
    assert opening.reason.code == "opening.needs-pure-run"
    # The commit gives the same refusal for any discard.
    discard = f"discard {state.hands[0][0]}"
    try:
        state.apply(discard)
    except rk.IllegalMove as refusal:
        assert refusal.code == "opening.needs-pure-run"
    else:
        raise AssertionError(f"{discard} was accepted")
    # Every seat, and a spectator, sees the same verdict on the melds on the table.
    assert state.view(1).opening == opening == state.view(None).opening


def test_enough_points_open_and_nothing_laid_is_no_opening() -> None:
    state = rk.deal(rk.load_variant("rami51"), players=2, seed=1).apply("draw")
    assert state.view(0).opening.reason is not None
    assert state.view(0).opening.reason.code == "opening.below-minimum"
    laid = state.apply("meld Jc Jh Js")
    assert laid.view(0).opening.so_far == 30 and not laid.view(0).opening.allowed
    opened = laid.apply("meld Kd Kh JK")
    assert opened.view(0).opening.so_far == 60
    assert opened.view(0).opening.allowed and opened.view(0).opening.reason is None


def test_a_seat_that_opened_at_the_deal_is_always_allowed() -> None:
    state = rk.deal(rk.load_variant("gin"), players=2, seed=1)
    opening = state.view(0).opening
    assert opening.allowed and opening.reason is None and opening.minimum is None


def test_a_contract_deal_judges_the_melds_by_its_contract() -> None:
    state = rk.deal(rk.load_variant("contract"), players=3, seed=5)
    opening = state.view(state.to_move).opening
    assert not opening.allowed and opening.reason is not None
    assert opening.reason.code.startswith("opening.")


def test_the_refusal_of_a_move_is_apply_s_and_changes_nothing() -> None:
    state = rk.deal(rk.load_variant("romme51"), players=2, seed=17).apply("draw")
    state = state.apply("meld 9d 9h 9s").apply("meld Tc Td Th")
    discard = f"discard {state.hands[0][0]}"
    refusal = state.refusal_of(discard, seat=0)
    assert refusal is not None and refusal.code == "opening.needs-pure-run"
    other = state.refusal_of(discard, seat=1)
    assert other is not None and other.code == "turn.not-your-turn"
    assert state.refusal_of("undo", seat=0) is None
    assert len(state.table) == 2 and state.phase == "play"  # nothing was played
