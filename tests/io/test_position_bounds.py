"""A position is refused where no round of its variant could be so: a hand
larger than the variant's hands grow, or a count of turns or reshuffles
past the round's end (``from_json`` refuses the same of a saved state)."""

from __future__ import annotations

from typing import Any

import pytest

import rummykit as rk


def refusal(position: dict[str, Any]) -> str:
    with pytest.raises(rk.PositionError) as refused:
        rk.position_from_dict(position)
    return str(refused.value)


def test_a_hand_larger_than_a_hand_can_be_in_its_phase_is_refused() -> None:
    """A fuzz found an eleven-card Oklahoma Gin hand in the draw phase taken,
    and the solver then failed deep inside after the draw (a bare ValueError)."""
    eleven = {"variant": "oklahoma_gin", "players": 2, "discard": "4h Ks"}
    hands = ["4c 5c 6c 7h 7s 7d Ah 2d 3s 2h Kd", "4d 5d 6s"]
    expected = "hands[0]: expected at most 10 cards in the draw phase, got 11"
    assert refusal({**eleven, "hands": hands}) == expected
    played = rk.position_from_dict({**eleven, "hands": hands, "phase": "play"})  # drawn: eleven is a hand
    assert len(played.hands[0]) == 11
    assert refusal({**eleven, "hands": hands[::-1], "phase": "play", "to_move": 0}).startswith("hands[1]")


@pytest.mark.parametrize(
    ("key", "value", "message"),
    [
        ("reshuffles", 3, "reshuffles: expected an integer from 0 to 2, got 3"),
        ("reshuffles", -1, "reshuffles: expected an integer from 0 to 2, got -1"),
        ("turns_played", 300, "turns_played: expected an integer from 0 to 299, got 300"),
        ("turns_played", 10**18, f"turns_played: expected an integer from 0 to 299, got {10**18}"),
    ],
)
def test_counts_past_the_round_s_end_are_refused(key: str, value: int, message: str) -> None:
    position = {"variant": "rami51", "players": 2, "hands": ["2c 3d", "Kc Kd"], "stock": "5h", key: value}
    assert refusal(position) == message


def test_a_position_at_its_last_turn_and_reshuffle_is_one_from_json_takes_back() -> None:
    position = {"variant": "rami51", "players": 2, "hands": ["2c 3d", "Kc Kd"], "stock": "5h"}
    last = rk.position_from_dict({**position, "turns_played": 299, "reshuffles": 2})
    assert rk.from_json(rk.to_json(last)) == last
