"""rummykit.evolve: the engine's fast copy agrees with attrs.evolve."""

from __future__ import annotations

import attrs
import pytest

import rummykit as rk
from rummykit.evolve import evolve
from rummykit.table import Turn


def test_a_copy_is_what_attrs_evolve_makes() -> None:
    state = rk.deal(rk.load_variant("gin"), players=2, seed=3)
    for changes in ({}, {"phase": "play"}, {"to_move": 1, "turns_played": 4}):
        assert evolve(state, **changes) == attrs.evolve(state, **changes)
    turn = Turn(source="stock")
    assert evolve(turn, swaps=2) == attrs.evolve(turn, swaps=2)
    assert evolve(state) is not state


def test_an_unknown_field_is_a_type_error() -> None:
    state = rk.deal(rk.load_variant("rami51"), players=2, seed=3)
    with pytest.raises(TypeError, match="no field 'colour'"):
        evolve(state, colour="red")
