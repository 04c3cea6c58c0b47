"""Remembered results, kept by the object they belong to.

An owner (a variant, its meld rules, the solver's tables) carries a
:class:`Memo`; what is remembered for it lives there and goes with it. A
kind of table is named once, as a module constant :class:`MemoTable` (its
name and its bound: it holds no entries itself); ``TABLE.of(owner)`` is the
owner's table of that kind. :func:`once_per_owner` makes a factory whose
product is made once per owner and kept in the owner's memo.

Each table is bounded: it is emptied when it reaches its limit (results are
values; forgetting them costs only time). The tables may be used from
several threads without a lock: a caller only gets an entry and sets an
entry whole (``get`` then ``table[key] = value``), each a single dict
operation, and a table emptied meanwhile only makes the caller compute the
value again. A caller must never read an entry back with ``table[key]``
after setting it.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Hashable
from typing import Any, Generic, Protocol, TypeVar

__all__ = ["HasMemo", "Memo", "MemoTable", "once_per_owner"]

K = TypeVar("K")
V = TypeVar("V")


class Memo:
    """The remembered results of one owner object: its tables by kind, and
    the products of :func:`once_per_owner` factories."""

    __slots__ = ("products", "tables")

    def __init__(self) -> None:
        self.tables: dict[MemoTable[Any, Any], dict[Any, Any]] = {}
        """The owner's tables, by kind (use :meth:`MemoTable.of`)."""
        self.products: dict[Hashable, Any] = {}
        """What each :func:`once_per_owner` factory made of the owner (and
        other products, each under a key of its maker)."""

    def clear(self, *, tables_only: bool = False) -> None:
        """Forget the tables (``tables_only``: keep what the factories made), or everything."""
        self.tables.clear()
        if not tables_only:
            self.products.clear()

    def __reduce__(self) -> tuple[Any, ...]:
        # Remembered results stay with their owner: a copy starts empty.
        return (Memo, ())

    def __repr__(self) -> str:
        return f"Memo({len(self.tables)} tables, {len(self.products)} made)"


class HasMemo(Protocol):
    """An object that keeps its own remembered results."""

    @property
    def memo(self) -> Memo: ...


class MemoTable(Generic[K, V]):
    """A kind of table: its name and the most entries it holds. The tables
    themselves are in each owner's :class:`Memo`."""

    __slots__ = ("limit", "name")

    def __init__(self, name: str, limit: int) -> None:
        self.name = name
        self.limit = limit

    def of(self, owner: HasMemo) -> dict[K, V]:
        """``owner``'s table of this kind, emptied first if it has reached the limit."""
        tables = owner.memo.tables
        try:
            table: dict[K, V] = tables[self]
        except KeyError:
            table = tables[self] = {}
        if len(table) >= self.limit:
            table.clear()
        return table

    def __repr__(self) -> str:
        return f"MemoTable({self.name!r}, limit={self.limit})"


Owner = TypeVar("Owner", bound=HasMemo)
Made = TypeVar("Made")


def once_per_owner(factory: Callable[[Owner], Made]) -> Callable[[Owner], Made]:
    """``factory(owner)`` made once per owner and kept in the owner's memo
    (a variant's rule components: ``functools.lru_cache`` would hash the
    variant, its whole rules, on every call, and keep it alive)."""

    def once(owner: Owner) -> Made:
        products = owner.memo.products
        try:
            return products[factory]  # type: ignore[no-any-return]
        except KeyError:
            product = products[factory] = factory(owner)
            return product

    functools.update_wrapper(once, factory)
    return once
