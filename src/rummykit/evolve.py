"""A fast ``attrs.evolve`` for the engine's hot path.

``attrs.evolve`` looks the class's fields up on every call and passes every
field by keyword. The engine copies states and turns several times a move,
so this module writes, once per class, a function that builds the copy with
positional arguments: each field from the changes if given, else from the
old object.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import attrs

__all__ = ["evolve"]

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
    names = [a.name for a in attrs.fields(cls) if a.init]
    if any(not name.isidentifier() or name.startswith("_") for name in names):
        return _generic(cls)
    known = frozenset(names)
    arguments = ", ".join(f"c[{n!r}] if {n!r} in c else o.{n}" for n in names)
    source = f"def copy(o, c):\n    return cls({arguments})\n"
    namespace: dict[str, Any] = {"cls": cls}
    exec(compile(source, f"<rummykit.evolve {cls.__qualname__}>", "exec"), namespace)
    fast: Callable[[Any, dict[str, Any]], Any] = namespace["copy"]

    def checked(obj: Any, changes: dict[str, Any]) -> Any:
        if not changes.keys() <= known:
            unknown = sorted(set(changes) - known)
            raise TypeError(f"{cls.__name__} has no field {unknown[0]!r}")
        return fast(obj, changes)

    return checked


def _generic(cls: type) -> Callable[[Any, dict[str, Any]], Any]:
    def copy(obj: Any, changes: dict[str, Any]) -> Any:
        return attrs.evolve(obj, **changes)

    return copy
