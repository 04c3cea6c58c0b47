"""Tables of remembered results: one per owner object (a variant's rules),
or shared by every owner and registered to be forgotten with the others
(:func:`forgotten_with_all`).

An owner is found by identity: hashing a rules object on every call would
cost more than many a lookup saves. Each table is bounded: it is emptied
when it reaches its limit (results are values; forgetting them costs only
time).

The tables may be used from several threads without a lock: a caller only
gets an entry and sets an entry whole (``get`` then ``table[key] = value``),
each a single dict operation, and a table emptied by another thread (its
limit, :func:`forget_all`) only makes the caller compute the value again.
A caller must never read an entry back with ``table[key]`` after setting it.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Generic, Protocol, TypeVar

__all__ = ["PerOwner", "forget_all", "forgotten_with_all", "once_per_owner"]

K = TypeVar("K")
V = TypeVar("V")


class PerOwner(Generic[K, V]):
    """A dict of remembered results for each owner object."""

    __slots__ = ("_last", "_limit", "_tables")

    def __init__(self, limit: int) -> None:
        self._limit = limit
        self._tables: dict[int, tuple[object, dict[K, V]]] = {}
        # The last owner's entry (one entry, replaced whole), found without a
        # lookup by a program that plays one variant.
        self._last: tuple[object, dict[K, V]] | None = None
        _ALL.append(self)

    def table(self, owner: object) -> dict[K, V]:
        """The owner's table, emptied first if it has reached the limit."""
        entry = self._last
        if entry is None or entry[0] is not owner:
            entry = self._tables.get(id(owner))
            if entry is None or entry[0] is not owner:
                if len(self._tables) > 64:
                    self._tables.clear()
                entry = self._tables[id(owner)] = (owner, {})
            self._last = entry
        table = entry[1]
        if len(table) >= self._limit:
            table.clear()
        return table

    def clear(self) -> None:
        self._tables.clear()
        self._last = None


class _Clearable(Protocol):
    def clear(self) -> None: ...


_ALL: list[_Clearable] = []


def forgotten_with_all(table: dict[K, V]) -> dict[K, V]:
    """``table`` (a dict of remembered results, shared by every owner), to be
    emptied by :func:`forget_all` too."""
    _ALL.append(table)
    return table


def forget_all() -> None:
    """Empty every table of remembered results."""
    for memo in _ALL:
        memo.clear()


Owner = TypeVar("Owner")
Made = TypeVar("Made")


def once_per_owner(factory: Callable[[Owner], Made], *, limit: int = 64) -> Callable[[Owner], Made]:
    """``factory(owner)`` made once per owner object and then remembered,
    found by identity (a variant's rule components: ``functools.lru_cache``
    would hash the variant, its whole rules, on every call). The table holds
    each owner, so its id stays its own while it is remembered.

    At most ``limit`` owners are remembered (the table is emptied beyond);
    like the tables above, it is safe to share between threads without a lock.
    The last owner asked for is kept beside the table (one entry, replaced
    whole), so a program that plays one variant finds it without a lookup."""
    made: dict[int, tuple[object, Made]] = {}
    last: list[tuple[object, Made] | None] = [None]

    def once(owner: Owner) -> Made:
        hit = last[0]
        if hit is not None and hit[0] is owner:
            return hit[1]
        hit = made.get(id(owner))
        if hit is None or hit[0] is not owner:
            hit = (owner, factory(owner))
            if len(made) >= limit:
                made.clear()
            made[id(owner)] = hit
        last[0] = hit
        return hit[1]

    functools.update_wrapper(once, factory)
    return once
