"""A fast ``attrs.evolve`` for the engine's hot path (attrs classes and
:class:`rummykit.frozen.FrozenValue` ones).

``attrs.evolve`` looks the class's fields up on every call and passes every
field by keyword to the class's ``__init__``, which sets each one with
``object.__setattr__`` (the class is frozen). The engine copies states and
turns several times a move, so this module writes, once per class, a
function that makes the copy without ``__init__``: a new instance whose
slots are set from the old object by each slot's own descriptor, and then
from the changes. That is only the same as ``__init__`` for a slotted class
whose ``__init__`` does nothing else (no validator, converter or
``__attrs_post_init__``, no cached hash); any other class is copied by
building it through ``__init__``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, NoReturn, TypeVar

import attrs

from rummykit.frozen import FrozenValue

__all__ = ["evolve", "slot_copier"]

_T = TypeVar("_T")
_COPIERS: dict[type, Callable[[Any, dict[str, Any]], Any]] = {}


def evolve(obj: _T, **changes: Any) -> _T:
    """A copy of the attrs instance ``obj`` with ``changes`` (field names,
    as ``attrs.evolve`` takes them; an unknown name raises TypeError)."""
    copier = _COPIERS.get(type(obj))
    if copier is None:
        copier = _COPIERS[type(obj)] = _copier(type(obj))
    result: _T = copier(obj, changes)
    return result


def _copier(cls: type) -> Callable[[Any, dict[str, Any]], Any]:
    if issubclass(cls, FrozenValue):
        # Pure Python: slots to set. Compiled: a native class, made by its compiled __init__.
        if "__slots__" in vars(cls):
            return slot_copier(cls, cls.FIELDS)
        return _through_init(cls, list(cls.FIELDS))
    if not attrs.has(cls):
        raise TypeError(f"{cls.__name__} is neither an attrs class nor a FrozenValue")
    fields = attrs.fields(cls)
    names = [a.name for a in fields]
    if any(not name.isidentifier() or name.startswith("_") for name in names):
        return _generic(cls)
    if not _init_only_sets_fields(cls, fields):
        return _through_init(cls, [a.name for a in fields if a.init])
    return slot_copier(cls, names)


def slot_copier(cls: type, names: Sequence[str]) -> Callable[[Any, dict[str, Any]], Any]:
    """A copier for the slotted class ``cls`` whose ``__init__`` does nothing
    but set each of the slots ``names`` to the value given: ``copy(obj,
    changes)`` makes a new instance without ``__init__`` and sets its slots
    from ``obj``, then from ``changes`` (an unknown name raises TypeError)."""
    setters = {name: getattr(cls, name).__set__ for name in names}
    namespace: dict[str, Any] = {"new": object.__new__, "cls": cls, "setters": setters, "unknown": _unknown}
    lines = ["def copy(o, c):", "    made = new(cls)"]
    for name in names:
        namespace[f"set_{name}"] = setters[name]
        lines.append(f"    set_{name}(made, o.{name})")
    lines += [
        "    for name, value in c.items():",
        "        setter = setters.get(name)",
        "        if setter is None:",
        "            unknown(cls, name)",
        "        setter(made, value)",
        "    return made",
    ]
    exec(compile("\n".join(lines) + "\n", f"<rummykit.evolve {cls.__qualname__}>", "exec"), namespace)
    copy: Callable[[Any, dict[str, Any]], Any] = namespace["copy"]
    return copy


def _init_only_sets_fields(cls: type, fields: tuple[attrs.Attribute[Any], ...]) -> bool:
    """Does ``cls.__init__`` only set each field's slot to the value given
    (so a copy may set the slots itself)?"""
    bases = cls.__mro__[:-1]  # every class but ``object``: an instance has a __dict__ unless all have slots
    if not all("__slots__" in base.__dict__ for base in bases):
        return False
    slots = {slot for base in bases for slot in base.__dict__["__slots__"]} - {"__weakref__"}
    return (
        slots == {a.name for a in fields}
        and all(a.init and a.validator is None and a.converter is None for a in fields)
        and not hasattr(cls, "__attrs_post_init__")
        and not hasattr(cls, "__attrs_pre_init__")
    )


def _unknown(cls: type, name: str) -> NoReturn:
    raise TypeError(f"{cls.__name__} has no field {name!r}")


def _through_init(cls: type, names: list[str]) -> Callable[[Any, dict[str, Any]], Any]:
    """The copier of a class whose ``__init__`` does more than set its
    fields: every field passed to ``cls`` by position."""
    known = frozenset(names)
    arguments = ", ".join(f"c[{n!r}] if {n!r} in c else o.{n}" for n in names)
    source = f"def copy(o, c):\n    return cls({arguments})\n"
    namespace: dict[str, Any] = {"cls": cls}
    exec(compile(source, f"<rummykit.evolve {cls.__qualname__}>", "exec"), namespace)
    fast: Callable[[Any, dict[str, Any]], Any] = namespace["copy"]

    def checked(obj: Any, changes: dict[str, Any]) -> Any:
        if not changes.keys() <= known:
            _unknown(cls, sorted(set(changes) - known)[0])
        return fast(obj, changes)

    return checked


def _generic(cls: type) -> Callable[[Any, dict[str, Any]], Any]:
    def copy(obj: Any, changes: dict[str, Any]) -> Any:
        return attrs.evolve(obj, **changes)

    return copy
