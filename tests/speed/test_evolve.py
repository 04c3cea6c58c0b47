"""rummykit.speed.evolve: the engine's fast copy agrees with attrs.evolve, and
copies the hand-written frozen values (Turn, Knocking) too."""

from __future__ import annotations

import sys
from typing import Any

import attrs
import pytest

import rummykit as rk
from rummykit.core.round_values import Knocking, TableMeld, Turn
from rummykit.rules.commit_facts import CommitReads
from rummykit.speed import frozen
from rummykit.speed.evolve import changer_for, evolve, maker_for
from rummykit.speed.frozen import FrozenValue


def test_a_copy_is_what_attrs_evolve_makes() -> None:
    run = rk.check_meld("rami51", "7h 8h 9h")
    assert isinstance(run, rk.Meld)
    meld = TableMeld(owner=1, meld=run, credits=(1, 1, 1))
    assert evolve(meld, owner=0) == attrs.evolve(meld, owner=0)
    assert evolve(meld) is not meld


def test_a_frozen_value_is_copied_with_its_changes() -> None:
    turn = Turn(source="stock", swaps=1)
    assert evolve(turn, swaps=2) == Turn(source="stock", swaps=2)
    assert evolve(turn) == turn and evolve(turn) is not turn
    knocking = Knocking(takes=3)
    assert evolve(knocking, takes=4, repeat=True) == Knocking(takes=4, repeat=True)
    assert knocking == Knocking(takes=3)  # the original is untouched


def test_an_unknown_field_is_a_type_error() -> None:
    with pytest.raises(TypeError, match="no field 'colour'"):
        evolve(Turn(), colour="red")
    with pytest.raises(TypeError):  # an attrs instance: attrs.evolve's own TypeError
        evolve(_Checked(1), colour="red")


@attrs.frozen(slots=True)
class _Checked:
    count: int = attrs.field(validator=attrs.validators.ge(0))
    label: str = attrs.field(default="x", converter=str)


@attrs.frozen
class _WithDict:
    count: int


class _Subclass(_WithDict):
    pass


def test_an_attrs_instance_is_copied_by_attrs_evolve() -> None:
    """A validator or converter still runs on the copy."""
    with pytest.raises(ValueError):
        evolve(_Checked(1), count=-1)
    copy = evolve(_Checked(1), label=5)
    assert copy.label == "5" and copy == attrs.evolve(_Checked(1), label=5)


def test_a_copy_is_a_new_object_of_the_same_class_with_the_same_fields() -> None:
    for original in (_WithDict(3), _Subclass(3), Turn(source="stock", swaps=1)):
        copy = evolve(original)
        assert type(copy) is type(original) and copy == original and copy is not original
    assert evolve(Turn(), swaps=4, source="stock") == Turn(source="stock", swaps=4)



_NATIVE = (frozen.__file__ or "").endswith((".so", ".pyd"))
"""The compiled build: FrozenValue is a native class, which no Python class
may derive from, and Turn and Knocking (above) are copied through __init__."""


@pytest.mark.skipif(_NATIVE, reason="Python classes cannot derive from the compiled FrozenValue")
def test_a_frozen_value_without_slots_is_copied_through_its_init() -> None:
    class Loose(FrozenValue):
        """Instances have a __dict__ (no ``__slots__``): no slots to set, so
        it is copied through its ``__init__``, as the compiled build copies
        its native values."""

        FIELDS = ("left", "right")

        def __init__(self, left: int, right: int = 0) -> None:
            object.__setattr__(self, "left", left)
            object.__setattr__(self, "right", right)

    original = Loose(1, 2)
    copy = evolve(original, right=5)
    assert type(copy) is Loose and copy == Loose(1, 5) and original == Loose(1, 2)
    assert evolve(original) == original and evolve(original) is not original
    with pytest.raises(TypeError, match="no field 'colour'"):
        evolve(original, colour="red")


def _all_subclasses(cls: type) -> list[type]:
    found = []
    for sub in cls.__subclasses__():
        found += [sub, *_all_subclasses(sub)]
    return found


def test_every_frozen_value_of_the_package_refuses_setting_and_deleting() -> None:
    """The refusal is each class's own (frozen.py): none may forget it."""
    import rummykit.rules.commit_facts  # noqa: F401 - Commit is defined there

    classes = [  # the package's own: not evolve's twins, nor classes that tests or doctests made
        c for c in _all_subclasses(FrozenValue) if getattr(sys.modules[c.__module__], c.__name__, None) is c
    ]
    assert {c.__name__ for c in classes} >= {"RoundState", "Turn", "Knocking", "Commit"}
    for cls in classes:
        value = cls(*[getattr(_EXAMPLES[cls.__name__], name) for name in cls.FIELDS])
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            setattr(value, cls.FIELDS[0], None)
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            delattr(value, cls.FIELDS[-1])


def _commit_example() -> object:
    """A Commit whose fields all differ, so that a maker or a copier that
    mixed two of them up would make a different value."""
    from rummykit.rules.commit_facts import Commit
    from rummykit.rules.rule_set import rules_of

    run = rk.check_meld("gin", "7h 8h 9h")
    group = rk.check_meld("gin", "Kc Kd Ks")
    assert isinstance(run, rk.Meld) and isinstance(group, rk.Meld)
    cards = rk.parse_cards("2c 3d 4h 5s 6c")
    return Commit(
        rules_of(rk.load_variant("gin")), (cards[0],), False, (run,), (cards[1],), 2, 3, "discard",
        cards[2], cards[3], True, (run, group), (4,), 5, 6,
    )  # fmt: skip


_EXAMPLES = {
    "RoundState": rk.deal(rk.load_variant("gin"), players=2, seed=3),
    "Turn": Turn(source="stock"),
    "Knocking": Knocking(takes=1),
    "Commit": _commit_example(),
    "CommitReads": CommitReads(frozenset({"new_melds"}), False, True, False, True, False),
}


def test_a_state_copy_is_a_frozen_state_equal_to_one_made_by_its_init() -> None:
    state = _EXAMPLES["RoundState"]
    assert isinstance(state, rk.RoundState)
    copy = state.evolve(turns_played=7, to_move=1)
    fields = {name: getattr(state, name) for name in state.FIELDS} | {"turns_played": 7, "to_move": 1}
    assert type(copy) is rk.RoundState and copy == rk.RoundState(**fields)
    for name in state.FIELDS:  # equality leaves the variant and the log out
        assert getattr(copy, name) is fields[name], name
    assert state.turns_played == 0
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        copy.turns_played = 8  # type: ignore[misc]
    with pytest.raises(TypeError, match="no field 'colour'"):
        state.evolve(colour="red")


@pytest.mark.skipif(_NATIVE, reason="Python classes cannot derive from the compiled FrozenValue")
def test_a_value_whose_base_refuses_stores_is_copied_through_its_slots() -> None:
    """No twin can fill the slots of a class whose base refuses plain
    stores; its copies set each slot through the slot's descriptor."""

    Pair = _refusing_pair()
    original = Pair(1, 2)
    copy = evolve(original, right=5)
    assert type(copy) is Pair and copy == Pair(1, 5) and original == Pair(1, 2)
    with pytest.raises(TypeError, match="no field 'colour'"):
        evolve(original, colour="red")
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        copy.left = 3


def test_a_maker_makes_the_value_that_init_makes() -> None:
    from rummykit.rules.commit_facts import Commit

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
        made.hand = ()  # type: ignore[misc]
    if not _NATIVE:
        assert make is not Commit  # pure Python: a twin is filled, not __init__ called


@pytest.mark.skipif(_NATIVE, reason="a compiled __init__ has no Python signature to read")
def test_every_frozen_value_takes_its_fields_in_the_order_of_fields() -> None:
    """Makers and copiers pass the fields in FIELDS order (the engine makes a
    Commit with them in that order)."""
    import inspect

    import rummykit.rules.commit_facts  # noqa: F401 - Commit is defined there

    for cls in _all_subclasses(FrozenValue):
        if getattr(sys.modules[cls.__module__], cls.__name__, None) is cls:
            parameters = list(inspect.signature(cls.__init__).parameters)[1:]
            assert tuple(parameters) == cls.FIELDS, cls.__name__


@pytest.mark.skipif(_NATIVE, reason="Python classes cannot derive from the compiled FrozenValue")
def test_a_value_whose_base_will_not_have_a_twin_is_still_copied_and_made() -> None:
    """A base that refuses new subclasses, or an abstract one: no twin, so
    the copies set each slot through its descriptor and the maker is the
    class itself."""
    import abc

    class Guarded(FrozenValue):
        __slots__ = ()

        def __init_subclass__(cls, **kwargs: object) -> None:
            if cls.__name__.endswith("Twin"):
                raise TypeError("no twins here")
            super().__init_subclass__()

    class Abstract(FrozenValue, metaclass=abc.ABCMeta):
        __slots__ = ()

        @abc.abstractmethod
        def kind(self) -> str: ...

    for base in (Guarded, Abstract):

        class Pair(base):  # type: ignore[valid-type, misc]
            FIELDS = ("left", "right")
            __slots__ = FIELDS

            def __init__(self, left: int, right: int = 0) -> None:
                object.__setattr__(self, "left", left)
                object.__setattr__(self, "right", right)

            def __setattr__(self, name: str, value: object) -> None:
                raise frozen.frozen_error()

            def kind(self) -> str:
                return "pair"

        copy = evolve(Pair(1, 2), right=5)
        assert type(copy) is Pair and (copy.left, copy.right) == (1, 5)
        assert maker_for(Pair) is Pair


@pytest.mark.skipif(_NATIVE, reason="Python classes cannot derive from the compiled FrozenValue")
def test_a_maker_is_the_class_where_a_field_name_cannot_be_its_parameter() -> None:
    def pair_with(names: tuple[str, str]) -> type[FrozenValue]:
        def init(self: FrozenValue, first: object, second: object) -> None:
            object.__setattr__(self, names[0], first)
            object.__setattr__(self, names[1], second)

        def refuse(self: FrozenValue, name: str, value: object) -> None:
            raise frozen.frozen_error()

        namespace = {"FIELDS": names, "__slots__": names, "__init__": init, "__setattr__": refuse}
        return type("Pair", (FrozenValue,), namespace)

    plain = pair_with(("left", "right"))
    assert maker_for(plain) is not plain and maker_for(plain)(1, 2) == plain(1, 2)
    for names in (("rk_twin", "right"), ("left", "from")):
        cls = pair_with(names)
        assert maker_for(cls) is cls and evolve(cls(1, 2), **{names[0]: 3}) == cls(3, 2)


def test_a_changer_makes_the_copy_evolve_makes() -> None:
    state = _EXAMPLES["RoundState"]
    assert isinstance(state, rk.RoundState)
    change = changer_for(rk.RoundState, ("to_move", "turns_played"))
    copy = change(state, turns_played=7, to_move=1)
    assert type(copy) is rk.RoundState and copy == state.evolve(turns_played=7, to_move=1)
    for name in state.FIELDS:
        assert getattr(copy, name) is getattr(state.evolve(turns_played=7, to_move=1), name), name
    assert state.turns_played == 0 and copy is not state
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        copy.turns_played = 8  # type: ignore[misc]
    knocking = Knocking(takes=3, repeat=True)
    assert changer_for(Knocking, ("takes",))(knocking, takes=4) == Knocking(takes=4, repeat=True)
    assert changer_for(Knocking, ())(knocking) == knocking


def test_a_changer_refuses_a_field_that_is_not_its_class_s() -> None:
    with pytest.raises(ValueError, match="distinct field names"):
        changer_for(Turn, ("swaps", "colour"))
    with pytest.raises(ValueError, match="distinct field names"):
        changer_for(Turn, ("swaps", "swaps"))
    with pytest.raises(TypeError):
        changer_for(Turn, ("swaps",))(Turn(), colour="red")


@pytest.mark.skipif(_NATIVE, reason="compiled, a changer is the class's own evolve or evolve's copier")
def test_a_generated_changer_takes_exactly_its_fields() -> None:
    change = changer_for(Turn, ("swaps",))
    with pytest.raises(TypeError):
        change(Turn())  # a field left out
    with pytest.raises(TypeError):
        change(Turn(), swaps=1, source="stock")  # a field not its own


@pytest.mark.skipif(_NATIVE, reason="Python classes cannot derive from the compiled FrozenValue")
def test_a_changer_without_a_twin_copies_as_evolve_does() -> None:
    pair = _refusing_pair()
    change = changer_for(pair, ("right",))
    copy = change(pair(1, 2), right=5)
    assert type(copy) is pair and copy == pair(1, 5)
    assert change(pair(1, 2), left=5) == evolve(pair(1, 2), left=5)  # as evolve takes them
    with pytest.raises(TypeError, match="no field 'colour'"):
        change(pair(1, 2), colour="red")


def _refusing_pair() -> Any:
    """A two-field value whose base refuses plain stores (no twin can fill it)."""

    class Refusing(FrozenValue):
        __slots__ = ()

        def __setattr__(self, name: str, value: object) -> None:
            raise frozen.frozen_error()

    class Pair(Refusing):
        FIELDS = ("left", "right")
        __slots__ = FIELDS

        def __init__(self, left: int, right: int = 0) -> None:
            object.__setattr__(self, "left", left)
            object.__setattr__(self, "right", right)

    return Pair
