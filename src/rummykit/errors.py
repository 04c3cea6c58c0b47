"""The exceptions of rummykit, split by *why* something failed.

Every one subclasses :class:`RummykitError`, so ``except rk.RummykitError``
catches whatever the library refuses, and also the builtin it always
subclassed (:class:`ValueError`), so ``except ValueError`` still works; each
carries data, not only text.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

__all__ = ["IllegalMove", "NotationError", "Problem", "Refusal", "RummykitError", "SeatError", "VariantError"]


class RummykitError(Exception):
    """The base of every exception rummykit defines (each also subclasses the
    builtin it derived from before, most often :class:`ValueError`)."""


class SeatError(RummykitError, ValueError):
    """A seat that is no seat of the round (``state.view(5)`` at a table of 3)."""

    def __init__(self, seat: int, players: int) -> None:
        self.seat = seat
        self.players = players
        super().__init__(
            f"seat must be from 0 to {players - 1} (this round has {players} players), not {seat}"
        )


class NotationError(RummykitError, ValueError):
    """A card or a move that cannot be read; ``token`` is the text at fault."""

    code = "notation.invalid"

    def __init__(self, token: str, reason: str = "") -> None:
        self.token = token
        self.reason = reason
        detail = f": {reason}" if reason else ""
        super().__init__(f"cannot read {token!r}{detail}")


@attrs.frozen(slots=True)
class Refusal:
    """Why something is not allowed: a stable ``code`` and one English sentence.

    A refusal is a value, returned by the checking functions; :class:`IllegalMove`
    is the exception that carries one.
    """

    code: str
    message: str

    def __bool__(self) -> bool:
        # A refusal is never a success, so ``if check_meld(...)`` reads naturally.
        return False


class IllegalMove(RummykitError, ValueError):
    """A move, meld or opening that the rules refuse; ``code`` is listed in docs/refusal-codes.md."""

    def __init__(self, code: str, message: str) -> None:
        self.code = code
        self.message = message
        super().__init__(f"{code}: {message}")

    @classmethod
    def from_refusal(cls, refusal: Refusal) -> IllegalMove:
        return cls(refusal.code, refusal.message)


@attrs.frozen(slots=True)
class Problem:
    """One mistake in a variant file: where it is, what was expected, what was found."""

    file: str
    path: str
    expected: str
    got: str

    def __str__(self) -> str:
        return f"{self.file}: {self.path}: expected {self.expected}, got {self.got}"


class VariantError(RummykitError, ValueError):
    """A variant file that cannot be used; ``problems`` lists every mistake found."""

    def __init__(self, problems: Sequence[Problem]) -> None:
        self.problems = tuple(problems)
        super().__init__("\n".join(str(p) for p in self.problems))
