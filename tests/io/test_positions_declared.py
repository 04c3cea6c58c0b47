"""A position's hands and piles hold plain faces (R-WLD-01): a declared card
(a joker or a wild card standing for another) belongs to a meld only."""

from __future__ import annotations

import pytest

import rummykit as rk
from rummykit.io.positions import PositionError


@pytest.mark.parametrize("key", ["hands", "stock", "discard"])
@pytest.mark.parametrize("card", ["JK=8h", "2h=*", "7d=8h"])
def test_a_declared_card_outside_a_meld_is_refused(key: str, card: str) -> None:
    position: dict[str, object] = {"variant": "rami51", "players": 2, "hands": ["2c", "3d"]}
    position[key] = [f"{card} 2c", "3d"] if key == "hands" else card
    with pytest.raises(PositionError, match=f"expected plain faces .* got {card}"):
        rk.position_from_dict(position)


def test_plain_faces_and_a_declared_table_meld_are_accepted() -> None:
    table = [{"owner": 1, "cards": "7h JK=8h 9h"}]
    hands = ["JK 2c", "3d"]
    state = rk.position_from_dict({"variant": "rami51", "players": 2, "hands": hands, "table": table})
    assert str(state.table[0].meld) == "7h JK=8h 9h"
