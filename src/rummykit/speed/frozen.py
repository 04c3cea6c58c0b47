"""Frozen value classes written out by hand, for the values a decision makes
and reads most (the round state, the knock's facts, a turn's commit).

attrs writes a class's methods when its module is imported, so the compiled
build cannot make an attrs class a native class: its ``__init__`` stays Python
code that sets every field with ``object.__setattr__``, and compiled code
reads its fields the way the interpreter does. A class derived from
:class:`FrozenValue` writes its ``__init__`` itself (one
``object.__setattr__(self, "name", value)`` a field, which the compiled
build turns into a plain store), names its fields in ``FIELDS``, and
refuses setting and deleting a field itself (raising
``attrs.exceptions.FrozenInstanceError``, see below); this base gives it the
rest of ``@attrs.frozen(slots=True)``'s behaviour:

- two values are equal when they are of the same class and their fields
  are equal, but those in ``NOT_COMPARED``; the hash follows equality;
- ``repr`` shows the fields but those in ``NOT_SHOWN``, as attrs would;
- pickling and copying make the value again from its fields.

A subclass declares ``__slots__ = FIELDS`` for the pure Python build (the
compiled build ignores it: a native class keeps its fields in its C struct),
and refuses setting and deleting a field itself, with ``__setattr__`` and
``__delattr__`` that raise :func:`frozen_error`'s error. The refusal is the
subclass's, not this base's: the pure Python build copies a value by
filling a twin class with the same slots and this base, which stores into a
slot as fast as the interpreter can, and then turning the copy into the
subclass (:mod:`rummykit.speed.evolve`). A subclass without the two methods is
not frozen at all; the test suite checks that every subclass in the package
has them. :func:`rummykit.speed.evolve.evolve` copies any of them.

>>> class Pair(FrozenValue):
...     FIELDS = ("left", "right")
...     __slots__ = FIELDS
...     def __init__(self, left: int, right: int = 0) -> None:
...         object.__setattr__(self, "left", left)
...         object.__setattr__(self, "right", right)
...     def __setattr__(self, name, value):
...         raise frozen_error()
...     def __delattr__(self, name):
...         raise frozen_error()
>>> Pair(1, 2), Pair(1, 2) == Pair(1, 2), Pair(1) == Pair(1, 2)
(Pair(left=1, right=2), True, False)
>>> Pair(1).left = 5
Traceback (most recent call last):
    ...
attr.exceptions.FrozenInstanceError: can't set attribute
"""

from __future__ import annotations

from typing import Any, ClassVar

from attrs.exceptions import FrozenInstanceError

__all__ = ["FrozenValue", "frozen_error"]


def frozen_error() -> FrozenInstanceError:
    """The error for setting or deleting a field of a frozen value (attrs' own)."""
    return FrozenInstanceError()


class FrozenValue:
    """The base of the hand-written frozen value classes (see the module)."""

    __slots__ = ()

    FIELDS: ClassVar[tuple[str, ...]] = ()
    """Every field, in the order ``__init__`` takes them."""
    NOT_COMPARED: ClassVar[frozenset[str]] = frozenset()
    """Fields that equality and the hash leave out."""
    NOT_SHOWN: ClassVar[frozenset[str]] = frozenset()
    """Fields that ``repr`` leaves out."""

    def compared(self) -> tuple[Any, ...]:
        """The values that equality and the hash compare."""
        left_out = self.NOT_COMPARED
        return tuple([getattr(self, name) for name in self.FIELDS if name not in left_out])

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self) or not isinstance(other, FrozenValue):
            return NotImplemented
        return self.compared() == other.compared()

    def __ne__(self, other: object) -> bool:
        if type(other) is not type(self) or not isinstance(other, FrozenValue):
            return NotImplemented
        return self.compared() != other.compared()

    def __hash__(self) -> int:
        return hash((type(self).__name__, *self.compared()))

    def __repr__(self) -> str:
        hidden = self.NOT_SHOWN
        shown = [f"{name}={getattr(self, name)!r}" for name in self.FIELDS if name not in hidden]
        return f"{type(self).__name__}({', '.join(shown)})"

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        # Pickling and copying make the value again from its fields.
        return (type(self), tuple([getattr(self, name) for name in self.FIELDS]))
