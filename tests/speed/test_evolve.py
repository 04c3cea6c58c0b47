"""rummykit.speed.evolve: the copies of the frozen values (RoundState, Turn,
Knocking, Commit), one strategy per build: a twin filled in pure Python, the
class's ``__init__`` compiled (or without a twin); both make the same value."""

from __future__ import annotations

import inspect
import sys
import traceback
from typing import Any, NoReturn

import attrs
import pytest

import rummykit as rk
from rummykit.core import round_values
from rummykit.core.round_values import Knocking, Turn
from rummykit.round import state as state_module
from rummykit.rules import commit_facts
from rummykit.rules.commit_facts import Commit, CommitReads
from rummykit.speed import frozen
from rummykit.speed.evolve import changer_for, evolve, maker_for, twin_copier
from rummykit.speed.frozen import FrozenValue

_NATIVE = (frozen.__file__ or "").endswith((".so", ".pyd"))
"""The compiled build: the values are native classes, which no Python class
may derive from, and which have no twin (they are copied through __init__)."""


def test_a_frozen_value_is_copied_with_its_changes() -> None:
    turn = Turn(source="stock", swaps=1)
    assert evolve(turn, swaps=2) == Turn(source="stock", swaps=2) == turn.evolve(swaps=2)
    assert evolve(turn) == turn and evolve(turn) is not turn
    knocking = Knocking(takes=3)
    assert evolve(knocking, takes=4, repeat=True) == Knocking(takes=4, repeat=True)
    assert knocking == Knocking(takes=3)  # the original is untouched
    assert evolve(Turn(), swaps=4, source="stock") == Turn(source="stock", swaps=4)


def test_an_unknown_field_is_a_type_error() -> None:
    for value in (Turn(), Knocking(), _EXAMPLES["Commit"], _EXAMPLES["RoundState"]):
        with pytest.raises(TypeError, match="no field 'colour'"):
            evolve(value, colour="red")


def _all_subclasses(cls: type) -> list[type]:
    found = []
    for sub in cls.__subclasses__():
        found += [sub, *_all_subclasses(sub)]
    return found


def _package_values() -> list[type[FrozenValue]]:
    """The package's own FrozenValue classes: not evolve's twins, nor
    classes that tests or doctests made."""
    return [
        c for c in _all_subclasses(FrozenValue) if getattr(sys.modules[c.__module__], c.__name__, None) is c
    ]


def test_every_frozen_value_of_the_package_refuses_setting_and_deleting() -> None:
    """The refusal is each class's own (frozen.py): none may forget it."""
    classes = _package_values()
    assert {c.__name__ for c in classes} >= {"RoundState", "Turn", "Knocking", "Commit", "CommitReads"}
    for cls in classes:
        value = cls(*[getattr(_EXAMPLES[cls.__name__], name) for name in cls.FIELDS])
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            setattr(value, cls.FIELDS[0], None)
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            delattr(value, cls.FIELDS[-1])


def _commit_example() -> Commit:
    """A Commit whose fields all differ, so that a maker or a copier that
    mixed two of them up would make a different value."""
    from rummykit.rules.rule_set import rules_of

    run = rk.check_meld("gin", "7h 8h 9h")
    group = rk.check_meld("gin", "Kc Kd Ks")
    assert isinstance(run, rk.Meld) and isinstance(group, rk.Meld)
    cards = rk.parse_cards("2c 3d 4h 5s 6c")
    return Commit(
        rules_of(rk.load_variant("gin")), (cards[0],), False, (run,), (cards[1],), 2, 3, "discard",
        cards[2], cards[3], True, (run, group), (4,), 5, 6,
    )  # fmt: skip


_EXAMPLES: dict[str, Any] = {
    "RoundState": rk.deal(rk.load_variant("gin"), players=2, seed=3).apply("pass"),
    "Turn": Turn(source="stock", taken=rk.Card("7h"), start_jokers=1, new_melds=(0,), swaps=2),
    "Knocking": Knocking(upcard_passes=(0,), takes=1, knocker=1, layoffs=(rk.Card("2c"),)),
    "Commit": _commit_example(),
    "CommitReads": CommitReads(frozenset({"new_melds"}), False, True, False, True, False),
}


def test_a_state_copy_is_a_frozen_state_equal_to_one_made_by_its_init() -> None:
    state = _EXAMPLES["RoundState"]
    copy = state.evolve(turns_played=7, to_move=1)
    fields = {name: getattr(state, name) for name in state.FIELDS} | {"turns_played": 7, "to_move": 1}
    assert type(copy) is rk.RoundState and copy == rk.RoundState(**fields)
    for name in state.FIELDS:  # equality leaves the variant and the log out
        assert getattr(copy, name) is fields[name], name
    assert state.turns_played != 7
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        copy.turns_played = 8


_COPIERS = {  # the module and the name of each generated class's twin copier, and changes to make
    "RoundState": (state_module, "_round_state_copier", {"to_move": 1, "turns_played": 9}),
    "Turn": (round_values, "_turn_copier", {"swaps": 5, "source": "discard"}),
    "Knocking": (round_values, "_knocking_copier", {"takes": 4}),
    "Commit": (commit_facts, "_commit_copier", {"swaps": 7, "hand": ()}),
}


@pytest.mark.parametrize("name", sorted(_COPIERS))
def test_the_two_copy_strategies_make_the_same_value(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The twin (pure Python) and ``__init__`` then the changes (compiled,
    or where there is no twin): the same fields, each the very object."""
    value = _EXAMPLES[name]
    cls = type(value)
    module, copier, changes = _COPIERS[name]
    assert (getattr(module, copier) is None) == _NATIVE  # the build's one strategy
    made = [value.evolve(**changes), value.evolve()]
    monkeypatch.setattr(module, copier, None)  # no twin: through __init__
    through_init = [value.evolve(**changes), value.evolve()]
    for first, second in zip(made, through_init, strict=True):
        assert type(first) is type(second) is cls and first == second
        assert all(getattr(first, f) is getattr(second, f) for f in cls.FIELDS)
    with pytest.raises(TypeError, match="no field 'colour'"):
        value.evolve(colour="red")
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        setattr(through_init[0], cls.FIELDS[0], None)


def test_a_maker_makes_the_value_that_init_makes() -> None:
    example = _EXAMPLES["Commit"]
    fields = {name: getattr(example, name) for name in Commit.FIELDS}
    assert len({repr(value) for value in fields.values()}) == len(fields)  # every field its own value
    make = maker_for(Commit)
    made = make(**fields)
    assert type(made) is Commit and made == Commit(**fields)
    for name in Commit.FIELDS:
        assert getattr(made, name) is fields[name], name
    assert make(*fields.values()) == made  # in the order of FIELDS too
    copy = evolve(made, swaps=7)
    expected = [7 if name == "swaps" else value for name, value in fields.items()]
    assert [getattr(copy, name) for name in Commit.FIELDS] == expected
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        made.hand = ()
    assert (make is Commit) == _NATIVE  # pure Python: a twin is filled, not __init__ called


@pytest.mark.skipif(_NATIVE, reason="a compiled __init__ has no Python signature to read")
def test_every_frozen_value_takes_its_fields_in_the_order_of_fields() -> None:
    """Makers and copiers pass the fields in FIELDS order (the engine makes a
    Commit with them in that order)."""
    for cls in _package_values():
        parameters = list(inspect.signature(cls.__init__).parameters)[1:]
        assert tuple(parameters) == cls.FIELDS, cls.__name__
        if hasattr(cls, "evolve"):  # the generated classes (CommitReads is written by hand)
            assert frozenset(cls.FIELDS) == cls.FIELD_SET, cls.__name__


def test_a_changer_makes_the_copy_evolve_makes() -> None:
    state = _EXAMPLES["RoundState"]
    change = changer_for(rk.RoundState, ("to_move", "turns_played"))
    copy = change(state, turns_played=7, to_move=1)
    assert type(copy) is rk.RoundState and copy == state.evolve(turns_played=7, to_move=1)
    for name in state.FIELDS:
        assert getattr(copy, name) is getattr(state.evolve(turns_played=7, to_move=1), name), name
    assert state.turns_played != 7 and copy is not state
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        copy.turns_played = 8
    knocking = Knocking(takes=3, repeat=True)
    assert changer_for(Knocking, ("takes",))(knocking, takes=4) == Knocking(takes=4, repeat=True)
    assert changer_for(Knocking, ())(knocking) == knocking


def test_a_changer_refuses_a_field_that_is_not_its_class_s() -> None:
    with pytest.raises(ValueError, match="distinct field names"):
        changer_for(Turn, ("swaps", "colour"))
    with pytest.raises(ValueError, match="distinct field names"):
        changer_for(Turn, ("swaps", "swaps"))
    with pytest.raises(ValueError, match="distinct field names"):
        changer_for(rk.RoundState, ("variant",))  # only evolve finds the rules again
    with pytest.raises(TypeError):
        changer_for(Turn, ("swaps",))(Turn(), colour="red")


@pytest.mark.skipif(_NATIVE, reason="compiled, a changer is the class's own evolve")
def test_a_generated_changer_takes_exactly_its_fields() -> None:
    change = changer_for(Turn, ("swaps",))
    with pytest.raises(TypeError):
        change(Turn())  # a field left out
    with pytest.raises(TypeError):
        change(Turn(), swaps=1, source="stock")  # a field not its own


def test_without_a_twin_the_functions_are_the_class_s_own(monkeypatch: pytest.MonkeyPatch) -> None:
    """Python without its global lock (where assigning ``__class__`` stops
    every thread) has no twin, as the compiled build has none."""
    monkeypatch.setattr(sys, "_is_gil_enabled", lambda: False, raising=False)
    assert twin_copier(Turn) is None
    assert maker_for(Commit) is Commit
    change = changer_for(Turn, ("swaps",))
    assert change == Turn.evolve and change(Turn(), swaps=2) == Turn(swaps=2)


@pytest.mark.skipif(_NATIVE, reason="compiled, no function is written")
def test_the_written_functions_show_their_source() -> None:
    """Registered with linecache: inspect and tracebacks show their lines."""
    change = changer_for(Turn, ("swaps",))
    assert "rk_made.swaps = swaps" in inspect.getsource(change)
    copier = twin_copier(Knocking)
    assert copier is not None
    try:
        copier(Knocking(), {"colour": "red"})
    except TypeError:
        text = traceback.format_exc()
    assert "<rummykit.speed.evolve rummykit.core.round_values.Knocking" in text
    assert "rk_unknown(rk_cls, rk_name)" in text  # the line that raised, read back from linecache


def _refusing_pair(refusing_base: bool) -> Any:
    """A two-field value, written by hand; its base refuses plain stores
    when ``refusing_base`` (then no twin can fill it)."""

    class Base(FrozenValue):
        __slots__ = ()

        if refusing_base:

            def __setattr__(self, name: str, value: object) -> NoReturn:
                raise frozen.frozen_error()

    class Pair(Base):
        FIELDS = ("left", "right")
        FIELD_SET = frozenset(FIELDS)
        __slots__ = FIELDS

        def __init__(self, left: int, right: int = 0) -> None:
            object.__setattr__(self, "left", left)
            object.__setattr__(self, "right", right)

        def __setattr__(self, name: str, value: object) -> NoReturn:
            raise frozen.frozen_error()

    return Pair


@pytest.mark.skipif(_NATIVE, reason="Python classes cannot derive from the compiled FrozenValue")
def test_a_twin_is_made_only_where_it_stores_plainly_into_the_same_layout() -> None:
    pair = _refusing_pair(refusing_base=False)
    copier = twin_copier(pair)
    assert copier is not None and copier(pair(1, 2), {"right": 5}) == pair(1, 5)
    assert maker_for(pair)(1, 2) == pair(1, 2) and maker_for(pair) is not pair
    assert twin_copier(_refusing_pair(refusing_base=True)) is None  # its twin could not store plainly
    loose = type("Loose", (pair,), {"FIELDS": ("left", "right", "extra")})  # a __dict__, another layout
    assert twin_copier(loose) is None and maker_for(loose) is loose

