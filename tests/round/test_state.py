"""RoundState is a frozen value: a FrozenValue whose constructor and copy
``tools/value_classes.py`` writes from its declared fields (so that the
compiled build makes it a native class), it must behave as the
``@attrs.frozen(slots=True)`` class it replaced, in both builds."""

from __future__ import annotations

import ast
import copy
import operator
import pickle
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import rummykit as rk
from rummykit.core.round_values import Knocking, Turn
from rummykit.round.state import STATE_FIELDS, RoundState
from rummykit.rules.commit_facts import Commit
from rummykit.rules.rule_set import rules_of
from rummykit.speed.frozen import FrozenValue

GIN = rk.load_variant("gin")


def _state(seed: int = 1) -> RoundState:
    return rk.deal(GIN, players=2, seed=seed)


def test_fields_cannot_be_set_or_deleted() -> None:
    state = _state()
    before = {name: getattr(state, name) for name in STATE_FIELDS}
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        state.phase = "play"
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        del state.stock
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        state.colour = "red"
    assert {name: getattr(state, name) for name in STATE_FIELDS} == before


def test_equality_and_hash_leave_out_the_variant_object_and_the_log() -> None:
    state = _state()
    again = rk.deal(rk.load_variant("gin"), players=2, seed=1)  # another Variant object
    assert state.variant is not again.variant
    assert operator.eq(state, again) and not operator.ne(state, again)  # __ne__ is its own method
    assert hash(state) == hash(again)
    logged = state.evolve(log=("0: draw",))
    assert logged == state and hash(logged) == hash(state)
    changes: list[dict[str, Any]] = [{"to_move": 1}, {"phase": "play"}, {"variant_digest": "x"}]
    for change in [*changes, {"stock": state.stock[1:]}]:
        changed = state.evolve(**change)
        assert operator.ne(changed, state) and not operator.eq(changed, state)
    assert state != "a state" and state.__eq__(object()) is NotImplemented


def test_repr_names_the_position_fields() -> None:
    text = repr(_state())
    assert text.startswith("RoundState(players=2, dealer=")
    for hidden in ("variant=", "log=", "deck=", "variant_digest="):
        assert hidden not in text
    assert "knocking=Knocking(" in text


def test_pickle_and_copy_give_an_equal_state_with_every_field() -> None:
    state = _state().apply("pass")
    for made in (pickle.loads(pickle.dumps(state)), copy.copy(state), copy.deepcopy(state)):
        assert made == state
        assert made.log == state.log and made.variant == state.variant
        assert made.legal_moves() == state.legal_moves()


@given(st.integers(0, 50), st.sampled_from(STATE_FIELDS))
def test_evolve_changes_one_field_and_keeps_the_others(seed: int, name: str) -> None:
    state = _state(seed)
    value = getattr(_state(seed + 1), name)
    changed = state.evolve(**{name: value})
    for other in STATE_FIELDS:
        assert getattr(changed, other) is (value if other == name else getattr(state, other))
    assert state.evolve() == state and state.evolve() is not state


def test_the_rule_set_is_found_from_the_variant_and_not_pickled() -> None:
    """``rules`` is not compared, shown or pickled: found from the variant
    when a state is made, again when ``evolve`` gives it another variant."""
    state = _state()
    assert state.rules is rules_of(GIN)
    rami = rk.load_variant("rami51")
    moved = state.evolve(variant=rami)
    assert moved.rules is rules_of(rami) and moved.variant is rami
    assert state.evolve(variant=rami, rules=state.rules).rules is state.rules  # as given
    assert state.evolve(to_move=1).rules is state.rules
    other = RoundState(*[getattr(state, n) for n in STATE_FIELDS[:-1]], rules=rules_of(rami))
    assert other == state and "rules" not in repr(other)
    again = pickle.loads(pickle.dumps(other))
    assert again.rules is rules_of(again.variant) and again.rules.variant.meta.id == "gin"  # found again


def test_evolve_refuses_an_unknown_field() -> None:
    with pytest.raises(TypeError, match="no field 'colour'"):
        _state().evolve(colour="red")


def test_the_constructor_takes_the_fields_in_order() -> None:
    state = _state().apply("pass")
    rebuilt = RoundState(*[getattr(state, name) for name in STATE_FIELDS])
    assert rebuilt == state and rebuilt.log == state.log
    keywords = RoundState(**{name: getattr(state, name) for name in STATE_FIELDS})
    assert keywords == state


def _init_parameters(module: str, cls: str) -> tuple[str, ...]:
    """The parameters of ``cls.__init__`` as written in the installed source
    (the compiled build's native classes show no signature)."""
    tree = ast.parse((Path(rk.__file__).parent / module).read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef) and node.name == cls:
            for item in node.body:
                if isinstance(item, ast.FunctionDef) and item.name == "__init__":
                    return tuple(arg.arg for arg in item.args.args[1:])
    raise AssertionError(f"{module} has no {cls}.__init__")


@pytest.mark.parametrize(
    ("module", "cls"),
    [
        ("round/state.py", RoundState),
        ("core/round_values.py", Turn),
        ("core/round_values.py", Knocking),
        ("rules/commit_facts.py", Commit),
    ],
)
def test_fields_are_the_constructor_parameters_in_order(module: str, cls: type[FrozenValue]) -> None:
    """Pickling, copying and ``evolve`` pass the fields by position."""
    assert _init_parameters(module, cls.__name__) == cls.FIELDS
    assert len(set(cls.FIELDS)) == len(cls.FIELDS)
    assert set(cls.FIELDS) >= cls.NOT_COMPARED and set(cls.FIELDS) >= cls.NOT_SHOWN


def test_a_card_takes_its_notation_only() -> None:
    with pytest.raises(TypeError):
        rk.Card("7h", 3)
    with pytest.raises(rk.NotationError):
        rk.Card(5)
    assert rk.Card("7h") is rk.Card("7h")


def test_the_methods_are_the_engine_the_listing_the_views_and_the_writer() -> None:
    from rummykit.io.state_writer import state_json
    from rummykit.round.legal import legal_moves
    from rummykit.round.move_log import apply_logged
    from rummykit.round.views import view_of

    state = _state()
    move = state.legal_moves()[0]
    assert (
        state.apply(move) == apply_logged(state, move)
        and state.apply(move).log == apply_logged(state, move).log
    )
    assert state.legal_moves(0) == legal_moves(state, 0) and state.view(1) == view_of(state, 1)
    assert state.to_json() == state_json(state) == rk.to_json(state)


@pytest.mark.parametrize(("name", "changed"), RoundState.COPIES)
def test_each_copy_is_the_same_value_as_evolve(name: str, changed: tuple[str, ...]) -> None:
    """The copies the engine makes with every move (a twin changer in the pure
    Python build, the generated method in the compiled one) make what
    ``evolve`` makes, every field alike (the log too), and take exactly their
    fields."""
    state = _state()
    after = state.apply(state.legal_moves()[0])  # other values in every changed field but a few
    values = {field: getattr(after, field) for field in changed}
    made = getattr(state, name)(**values)
    expected = state.evolve(**values)
    assert type(made) is RoundState
    assert all(getattr(made, f) is getattr(expected, f) for f in RoundState.FIELDS if f != "rules")
    assert made.rules is state.rules
    with pytest.raises(TypeError):
        getattr(state, name)(**values, seed=5)


class _Three:
    """An integer of another library (numpy's ``int64`` is one): it has ``__index__``."""

    def __index__(self) -> int:
        return 3


def test_a_seed_is_any_integer_kept_as_pythons() -> None:
    state = rk.deal("gin", players=2, seed=_Three())
    assert state == rk.deal("gin", players=2, seed=3) and type(state.seed) is int
    with pytest.raises(TypeError, match="'float' object cannot be interpreted as an integer"):
        rk.deal("gin", players=2, seed=1.5)  # type: ignore[arg-type]
