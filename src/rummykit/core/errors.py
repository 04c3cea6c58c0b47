"""The exceptions of rummykit, split by *why* something failed.

Every one subclasses :class:`RummykitError`, so ``except rk.RummykitError``
catches whatever the library refuses, and also the builtin it always
subclassed (:class:`ValueError`), so ``except ValueError`` still works; each
carries data, not only text.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import attrs

from rummykit.core.translation import N_, Translator, english, translator

__all__ = [
    "N_",
    "IllegalMove",
    "NotationError",
    "Problem",
    "Refusal",
    "RummykitError",
    "SeatError",
    "Text",
    "VariantError",
    "joined",
]


def render(template: str, fields: Mapping[str, object], translate: Translator = english) -> str:
    """``template`` translated and filled in: a :class:`Text` or :class:`Refusal` field is
    translated too, any other value is written with ``str``."""
    text = translate(template)
    if not fields:
        return text
    values = {name: _field_text(value, translate) for name, value in fields.items()}
    return text.format(**values)


def joined(items: Sequence[object], template: str) -> object:
    """``items`` joined two by two with ``template`` (``N_("{a} or {b}")``), to
    translate with the sentence that holds them: ``8h and 8s``."""
    result: object = items[0] if items else ""
    for item in items[1:]:
        result = Text(template, a=result, b=item)
    return result


def _field_text(value: object, translate: Translator) -> str:
    if isinstance(value, (Text, Refusal, IllegalMove, NotationError)):
        return value.text(translate)
    return str(value)


class Text:
    """A phrase to translate: an English ``template`` with named ``fields``.

    Used as the value of another message's field (a word such as "hearts", or a
    reason inside a refusal), so that the phrase is translated with its sentence.
    """

    __slots__ = ("fields", "template")

    def __init__(self, template: str, /, **fields: object) -> None:
        self.template = template
        self.fields = fields

    def text(self, translate: Translator = english) -> str:
        return render(self.template, self.fields, translate)

    def __str__(self) -> str:
        return self.text()

    def __repr__(self) -> str:
        return f"Text({self.template!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Text) and str(self) == str(other)

    def __hash__(self) -> int:
        return hash(str(self))


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

    def __init__(self, token: str, reason: str = "", /, **fields: object) -> None:
        self.token = token
        self.reason_template = reason
        self.fields = {name: _shortened(value) for name, value in fields.items()}
        self.reason = render(reason, self.fields)
        detail = f": {self.reason}" if reason else ""
        super().__init__(f"cannot read {self.shown_token}{detail}")

    @property
    def shown_token(self) -> str:
        """The text at fault as a message names it: quoted, and shortened in
        the middle where it is long (a refusal is one sentence, whatever the
        text given)."""
        token = self.token
        if len(token) <= _SHOWN_CHARS:
            return repr(token)
        half = _SHOWN_CHARS // 2
        return f"{token[:half]!r}...{token[-half:]!r}"

    def why(self) -> Text:
        """The reason, to translate (an English template with named fields)."""
        return Text(self.reason_template, **self.fields)

    def text(self, translate: Translator = english) -> str:
        """``str(error)`` in the language of ``translate``."""
        template = N_("cannot read {token}: {reason}") if self.reason else N_("cannot read {token}")
        return render(template, {"token": self.shown_token, "reason": self.why()}, translate)


_SHOWN_CHARS = 80
"""The longest text at fault a message names whole."""


def _shortened(value: object) -> object:
    """A field of a reason, a text cut in the middle where it is long."""
    if isinstance(value, str) and len(value) > _SHOWN_CHARS:
        half = _SHOWN_CHARS // 2
        return f"{value[:half]}...{value[-half:]}"
    return value


@attrs.frozen(slots=True, init=False, eq=False, repr=False)
class Refusal:
    """Why something is not allowed: a stable ``code`` and one sentence.

    The sentence is an English ``template`` with named ``fields``
    (``Refusal("card.not-in-hand", "You do not hold {card}.", card=card)``);
    ``message`` is it in English, :meth:`message_in` in another language
    (docs/languages.md). Two refusals are equal when their code and English
    message are. A refusal is a value, returned by the checking functions;
    :class:`IllegalMove` is the exception that carries one.
    """

    code: str
    template: str
    fields: dict[str, object]

    def __init__(self, code: str, template: str, /, **fields: object) -> None:
        # Set directly (the class is frozen): refusals are made often while moves are searched.
        set_field = object.__setattr__
        set_field(self, "code", code)
        set_field(self, "template", template)
        set_field(self, "fields", fields)

    @property
    def message(self) -> str:
        """The sentence in English."""
        return self.text()

    def text(self, translate: Translator = english) -> str:
        return render(self.template, self.fields, translate)

    def message_in(self, lang: str | None) -> str:
        """The sentence in ``lang`` ("nl", "hu", "sv", "de"; English otherwise)."""
        return self.text(translator(lang))

    def with_code(self, code: str) -> Refusal:
        """The same sentence under another code."""
        return Refusal(code, self.template, **self.fields)

    def __bool__(self) -> bool:
        # A refusal is never a success, so ``if check_meld(...)`` reads naturally.
        return False

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Refusal) and (self.code, self.message) == (other.code, other.message)

    def __hash__(self) -> int:
        return hash((self.code, self.message))

    def __repr__(self) -> str:
        return f"Refusal(code={self.code!r}, message={self.message!r})"


class IllegalMove(RummykitError, ValueError):
    """A move, meld or opening that the rules refuse; ``code`` is listed in docs/refusal-codes.md."""

    def __init__(self, code: str, message: str, /, **fields: object) -> None:
        # The sentence is written when asked for: refused moves are many while
        # legal moves are listed, and most of them are never shown.
        self.code = code
        self.template = message
        self.fields = fields
        super().__init__(code, message)

    @property
    def message(self) -> str:
        """The sentence in English."""
        return render(self.template, self.fields)

    def __str__(self) -> str:
        return f"{self.code}: {self.message}"

    def __repr__(self) -> str:
        return f"IllegalMove({self.code!r}, {self.message!r})"

    @classmethod
    def from_refusal(cls, refusal: Refusal) -> IllegalMove:
        return cls(refusal.code, refusal.template, **refusal.fields)

    def text(self, translate: Translator = english) -> str:
        return render(self.template, self.fields, translate)

    def message_in(self, lang: str | None) -> str:
        """The sentence in ``lang`` ("nl", "hu", "sv", "de"; English otherwise); ``str`` stays English."""
        return self.text(translator(lang))

    def __reduce__(self) -> tuple[Any, ...]:
        return (_illegal_move, (self.code, self.template, self.fields))


def _illegal_move(code: str, template: str, fields: dict[str, object]) -> IllegalMove:
    """Rebuilds a pickled :class:`IllegalMove` (its fields are keyword arguments)."""
    return IllegalMove(code, template, **fields)


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
