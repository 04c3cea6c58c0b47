"""A fast ``attrs.evolve`` for the engine's hot path: copies of the
hand-written frozen values (:class:`rummykit.speed.frozen.FrozenValue`).

The engine copies a state, a turn or the knock's facts with each move, so
this module writes, once per class, a function that makes the copy. In pure
Python it makes the new instance without ``__init__`` (whose
``object.__setattr__`` for each field is the slow part): it fills an
instance of a twin class (the same base and slots, but no refusing
``__setattr__``) with one plain store a field, first from the old object and
then from the changes, and makes the filled instance one of the class by
assigning its ``__class__``. That is the same value as ``__init__`` makes,
since a FrozenValue's ``__init__`` does nothing but set its fields. Where
no twin can be made, each slot is set through its own descriptor. In the
compiled build the class is native and has no slots; there the copy is made
by the compiled ``__init__`` from the old object's fields, and the changed
fields are set after. Any other object (an attrs instance) is copied by
``attrs.evolve``. :func:`maker_for` makes a new value the same way.
"""

from __future__ import annotations

import keyword
import sys
from collections.abc import Callable, Sequence
from typing import Any, NoReturn, TypeVar, cast

import attrs

from rummykit.speed.frozen import FrozenValue

__all__ = ["changer_for", "evolve", "maker_for", "set_changes", "slot_copier_for"]

_T = TypeVar("_T")
_F = TypeVar("_F", bound=FrozenValue)
_COPIERS: dict[type, Callable[[Any, dict[str, Any]], Any]] = {}


def evolve(obj: _T, **changes: Any) -> _T:
    """A copy of ``obj`` (a FrozenValue, or an attrs instance) with
    ``changes`` (field names, as ``attrs.evolve`` takes them; an unknown
    name raises TypeError)."""
    copier = _COPIERS.get(type(obj))
    if copier is None:
        copier = _COPIERS[type(obj)] = _copier(type(obj))
    result: _T = copier(obj, changes)
    return result


def _copier(cls: type) -> Callable[[Any, dict[str, Any]], Any]:
    if not issubclass(cls, FrozenValue):
        return _generic(cls)
    # Compiled: a native class (or one with slots beyond FIELDS) is made by __init__.
    return slot_copier_for(cls) or _through_init(cls, list(cls.FIELDS))


def slot_copier_for(cls: type[_F]) -> Callable[[_F, dict[str, Any]], _F] | None:
    """The copier that sets the slots of the FrozenValue class ``cls``
    itself, where its instances' slots are exactly its FIELDS (the pure
    Python build); None for a native class (the compiled build)."""
    return _slot_copier(cls, cls.FIELDS) if _slots_are_fields(cls) else None


def maker_for(cls: type[_F]) -> Callable[..., _F]:
    """A function that makes a ``cls`` (a FrozenValue class) from all of its
    fields, each given by keyword or in the order of FIELDS, none left to a
    default: the same value as ``cls(...)``, whose ``__init__`` does nothing
    but set them. In pure Python it fills a twin (see ``_slot_copier``), in
    about a third of the time of ``__init__``'s ``object.__setattr__`` calls;
    compiled (a native class), where no twin can be made, or where a field's
    name cannot be a parameter of the maker, it is ``cls``."""
    names = cls.FIELDS
    twin = _filler_twin(cls)
    if twin is None:
        return cls
    return _twin_filler(cls, twin, f"make({', '.join(names)})", {name: name for name in names})


def changer_for(cls: type[_F], changed: Sequence[str]) -> Callable[..., _F]:
    """A function ``change(obj, **values)`` that takes the fields ``changed``
    of the FrozenValue class ``cls`` by keyword and makes the same copy of
    ``obj`` as ``evolve(obj, **values)``: for the engine's copies that change
    the same fields with every move. In pure Python it fills a twin (see
    ``_slot_copier``) from ``obj`` and the keywords, each a parameter of its
    own (no dict of changes), in less than half the time of ``evolve``, and
    takes exactly these fields. Compiled (a native class), or where no twin
    can be made, it is the class's own ``evolve`` where it has one (the
    compiled RoundState's is native), else ``evolve``'s copier: there it
    takes any of the fields, as ``evolve`` does. A name in ``changed`` that
    is no field of ``cls`` raises ValueError."""
    names = cls.FIELDS
    unknown = [name for name in changed if name not in names]
    if unknown or len(set(changed)) != len(changed):
        raise ValueError(f"{cls.__name__}: expected distinct field names, got {list(changed)!r}")
    twin = _filler_twin(cls)
    if twin is None:
        own = getattr(cls, "evolve", None)
        if own is not None:
            return cast("Callable[..., _F]", own)
        copier = _COPIERS.get(cls) or _COPIERS.setdefault(cls, _copier(cls))

        def change(obj: Any, **values: Any) -> Any:
            return copier(obj, values)

        return change
    header = f"change(rk_o, *, {', '.join(changed)})" if changed else "change(rk_o)"
    values = {name: name if name in changed else f"rk_o.{name}" for name in names}
    return _twin_filler(cls, twin, header, values)


def _filler_twin(cls: type[FrozenValue]) -> type | None:
    """The twin a maker's or a changer's code fills (see ``_twin_of``); None
    where there is none, or where a field's name cannot be written in that
    code (a keyword, or a name the code uses itself)."""
    names = cls.FIELDS
    if not _all_identifiers(names) or set(names) & _MAKER_NAMES or not _slots_are_fields(cls):
        return None
    return _twin_of(cls, names)


def _twin_filler(
    cls: type[FrozenValue], twin: type, header: str, values: dict[str, str]
) -> Callable[..., Any]:
    """A function written for ``cls``: ``def`` + ``header``, a body that fills
    each slot of a new ``twin`` with its expression in ``values`` (a
    parameter, or a field of the parameter ``rk_o``) and makes it a ``cls``."""
    name = header.split("(", 1)[0]
    lines = [f"def {header}:", "    rk_made = rk_new(rk_twin)"]
    lines += [f"    rk_made.{field} = {values[field]}" for field in cls.FIELDS]
    lines += ["    rk_made.__class__ = rk_cls", "    return rk_made"]
    namespace: dict[str, Any] = {"rk_new": object.__new__, "rk_twin": twin, "rk_cls": cls}
    source = "\n".join(lines) + "\n"
    exec(compile(source, f"<rummykit.speed.evolve {name} {cls.__qualname__}>", "exec"), namespace)
    made: Callable[..., Any] = namespace[name]
    return made


_MAKER_NAMES = frozenset({"rk_new", "rk_twin", "rk_cls", "rk_made", "rk_o"})
"""The names a maker's or a changer's code uses besides the fields (a class
with a field of one of these names gets neither)."""


def _slots_are_fields(cls: type[FrozenValue]) -> bool:
    """Are the instances' slots exactly the class's FIELDS (no __dict__)?"""
    bases = cls.__mro__[:-1]  # every class but ``object``: an instance has a __dict__ unless all have slots
    if not all("__slots__" in vars(base) for base in bases):
        return False
    return {slot for base in bases for slot in vars(base)["__slots__"]} == set(cls.FIELDS)


def _slot_copier(cls: type, names: Sequence[str]) -> Callable[[Any, dict[str, Any]], Any]:
    """A copier for the slotted class ``cls`` whose ``__init__`` does nothing
    but set each of the slots ``names`` to the value given: ``copy(obj,
    changes)`` makes a new instance without ``__init__``, sets its slots
    from ``obj``, then from ``changes`` (an unknown name raises TypeError).

    The slots are filled on an instance of a twin of ``cls`` (the same base,
    the same slots, and no refusing ``__setattr__``), where a store is one
    plain slot store, and the filled instance then becomes a ``cls``: less
    than half the time of setting each slot through its descriptor on a
    ``cls``, which refuses plain stores. Where no such twin can be made (see
    ``_twin_of``), the slots are set through their descriptors."""
    twin = _twin_of(cls, names) if _all_identifiers(names) else None
    if twin is None:
        return _descriptor_copier(cls, names)
    namespace: dict[str, Any] = {
        "new": object.__new__,
        "cls": cls,
        "twin": twin,
        "known": frozenset(names),
        "unknown": _unknown,
    }
    lines = ["def copy(o, c):", "    made = new(twin)"]
    lines += [f"    made.{name} = o.{name}" for name in names]
    lines += [
        "    for name, value in c.items():",
        "        if name not in known:",
        "            unknown(cls, name)",
        "        setattr(made, name, value)",
        "    made.__class__ = cls",
        "    return made",
    ]
    exec(compile("\n".join(lines) + "\n", f"<rummykit.speed.evolve {cls.__qualname__}>", "exec"), namespace)
    copy: Callable[[Any, dict[str, Any]], Any] = namespace["copy"]
    return copy


def _all_identifiers(names: Sequence[str]) -> bool:
    """May generated code name each of ``names`` (as an attribute or a parameter)?"""
    return all(name.isidentifier() and not keyword.iskeyword(name) for name in names)


def _descriptor_copier(cls: type, names: Sequence[str]) -> Callable[[Any, dict[str, Any]], Any]:
    """The copier where no twin can be made (or no code may spell a slot's
    name): each slot of a new ``cls`` is set through its own descriptor."""
    setters = {name: getattr(cls, name).__set__ for name in names}

    def copy(obj: Any, changes: dict[str, Any]) -> Any:
        made: Any = object.__new__(cls)
        for name, setter in setters.items():
            setter(made, changes[name] if name in changes else getattr(obj, name))
        for name in changes:
            if name not in setters:
                _unknown(cls, name)
        return made

    return copy


def _twin_of(cls: type, names: Sequence[str]) -> type | None:
    """A class with ``cls``'s bases and slots but none of its methods, whose
    instances may become ``cls`` instances (``__class__`` assignment), and
    which stores into its slots plainly; None where there is none: a base
    refuses stores too, the layouts differ, a base will not have the twin
    (its ``__init_subclass__`` refuses it, or it is abstract), or Python
    runs without its global lock, where assigning ``__class__`` stops every
    thread. A twin holds no value anyone sees (each copy becomes a ``cls``
    before it is returned), though ``FrozenValue.__subclasses__()`` lists it."""
    gil_enabled: Callable[[], bool] = getattr(sys, "_is_gil_enabled", lambda: True)
    if not gil_enabled():
        return None
    namespace = {"__slots__": tuple(names), "__module__": cls.__module__}
    try:
        twin = type(f"_{cls.__name__}Twin", cls.__bases__, namespace)
        if twin.__setattr__ is not object.__setattr__:  # type: ignore[comparison-overlap]
            return None  # a base refuses stores too
        probe: Any = object.__new__(twin)
        probe.__class__ = cls  # a TypeError where the layouts differ
    except Exception:  # any refusal means no twin: copy the slow way
        return None
    return twin


def _unknown(cls: type, name: str) -> NoReturn:
    raise TypeError(f"{cls.__name__} has no field {name!r}")


def _through_init(cls: type, names: list[str]) -> Callable[[Any, dict[str, Any]], Any]:
    """A copier that makes the copy by ``cls``'s own ``__init__`` from the
    old object's fields, then sets the changed fields alone (a FrozenValue's
    ``__init__`` does nothing but set its fields; an unknown name raises
    TypeError). Compiled, the class is native and this function too."""
    known = frozenset(names)

    def copy(obj: Any, changes: dict[str, Any]) -> Any:
        return set_changes(cls(*[getattr(obj, name) for name in names]), changes, known)

    return copy


def set_changes(made: _F, changes: dict[str, Any], known: frozenset[str]) -> _F:
    """``made``, a copy made just now that nobody else holds yet, with the
    fields ``changes`` set on it (a name not in ``known`` raises TypeError):
    how the compiled build finishes a copy that its native ``__init__`` made
    from the old value's fields."""
    for name, value in changes.items():
        if name not in known:
            _unknown(type(made), name)
        object.__setattr__(made, name, value)
    return made


def _generic(cls: type) -> Callable[[Any, dict[str, Any]], Any]:
    def copy(obj: Any, changes: dict[str, Any]) -> Any:
        return attrs.evolve(obj, **changes)

    return copy
