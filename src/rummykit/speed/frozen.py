"""Frozen value classes whose repeated parts are generated, for the values a
decision makes and reads most (the round state, the turn, the knock's
facts, a turn's commit).

attrs writes a class's methods when its module is imported, so the compiled
build cannot make an attrs class a native class: its ``__init__`` stays Python
code that sets every field with ``object.__setattr__``, and compiled code
reads its fields the way the interpreter does (docs/compiled-build.md). A
class derived from :class:`FrozenValue` declares each field once, as an
annotation in its class body (``Annotated[type, default]`` for a field with
a default), and ends with a part that ``tools/value_classes.py`` writes from
that declaration as plain source: ``FIELDS``, ``__slots__``, an ``__init__``
that does nothing but set each field with ``object.__setattr__(self,
"name", value)`` (which the compiled build turns into a plain store),
``__setattr__`` and ``__delattr__`` that raise :func:`frozen_error`'s error,
and ``evolve`` (a changed copy, see :mod:`rummykit.speed.evolve`). This base
gives it the rest of ``@attrs.frozen(slots=True)``'s behaviour:

- two values are equal when they are of the same class and their fields
  are equal, but those in ``NOT_COMPARED``; the hash follows equality;
- ``repr`` shows the fields but those in ``NOT_SHOWN``, as attrs would;
- pickling and copying make the value again from its fields.

``__slots__`` serves the pure Python build (the compiled build ignores it: a
native class keeps its fields in its C struct). The refusal to set a field
is each class's own, not this base's: the pure Python build copies a value
by filling a twin class with the same slots and this base, which stores
into a slot as fast as the interpreter can, and then turning the copy into
the class (:mod:`rummykit.speed.evolve`). A class may also write these
parts by hand (``CommitReads`` does; it has no ``evolve``).

>>> from rummykit.core.round_values import Knocking
>>> Knocking(takes=1)
Knocking(upcard_passes=(), takes=1, repeat=False, ...)
>>> Knocking(takes=1).evolve(repeat=True) == Knocking(takes=1, repeat=True)
True
>>> Knocking().takes = 5
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
    """The base of the frozen value classes (see the module)."""

    __slots__ = ()

    FIELDS: ClassVar[tuple[str, ...]] = ()
    """Every field, in the order ``__init__`` takes them."""
    FIELD_SET: ClassVar[frozenset[str]] = frozenset()
    """The same names, as a set, in a generated class (its ``evolve``
    refuses any other)."""
    DERIVED_FROM: ClassVar[frozenset[str]] = frozenset()
    """The fields that a field with a default found from others reads
    (RoundState's ``variant``, from which it finds its ``rules``): ``evolve``
    finds that field again when one of them changes."""
    COPIES: ClassVar[tuple[tuple[str, tuple[str, ...]], ...]] = ()
    """The copies made again and again that change the same fields, each a
    method name and its fields: ``tools/value_classes.py`` writes each as a
    method taking those fields by keyword (``state.with_log(log=...)``),
    which the pure Python build makes a twin changer
    (:func:`rummykit.speed.evolve.use_twin_changers`)."""
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
