"""Messages in the players' languages: English, Dutch, Hungarian, Swedish and German.

Every refusal, terminal-game line and command-line error is written in the
source as an English template with named fields (``"You do not hold {card}."``).
The templates are gathered into ``locale/rummykit.pot`` by Babel and translated
in ``locale/<lang>/LC_MESSAGES/rummykit.po``; the compiled ``.mo`` files ship
with the package. A message is translated at the edge, when it is shown:

>>> from rummykit.core.errors import IllegalMove
>>> error = IllegalMove("card.not-in-hand", "You do not hold {card}.", card="7h")
>>> translate(error, "de")
'Du hast 7h nicht auf der Hand.'
>>> error.message, error.code
('You do not hold 7h.', 'card.not-in-hand')

An unknown language, or none, gives English. See docs/languages.md.
"""

from __future__ import annotations

import gettext
import os
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from pathlib import Path
from typing import Protocol

__all__ = [
    "LANGUAGES",
    "LOCALE_DIR",
    "N_",
    "Translatable",
    "Translator",
    "english",
    "language",
    "language_from_environment",
    "speaking",
    "spoken",
    "translate",
    "translator",
]

# A function from an English template to the same template in some language.
Translator = Callable[[str], str]


class Translatable(Protocol):
    """A message that can be written in a language: a refusal, an IllegalMove, a Text."""

    def text(self, translate: Translator = ..., /) -> str: ...


def N_(message: str) -> str:
    """Mark an English template for the catalogues; it is returned unchanged.

    Babel's extraction finds the templates given to ``Refusal``, ``IllegalMove``
    and ``Text`` by their position; ``N_`` marks the others (a template chosen
    by a condition, a word used as a field).
    """
    return message


def english(template: str) -> str:
    """The translator that leaves an English template as it is."""
    return template


# English first: the language of the source, and the fallback.
LANGUAGES = ("en", "nl", "hu", "sv", "de")
DOMAIN = "rummykit"
LOCALE_DIR = Path(__file__).resolve().parents[1] / "locale"

# Words and phrases that other messages take as a field (Text(word)), marked here
# for the catalogues: suit names, and the duties of rules.turn's deep-take rules.
WORDS = (
    N_("clubs"),
    N_("diamonds"),
    N_("hearts"),
    N_("spades"),
    N_("start a new meld"),
    N_("be melded or laid off"),
)


def language(lang: str | None) -> str:
    """The supported language named by ``lang`` ("nl", "nl_NL.UTF-8", "de-AT" ...), else "en"."""
    if not lang:
        return "en"
    code = lang.strip().replace("-", "_").split(".")[0].split("@")[0].split("_")[0].lower()
    return code if code in LANGUAGES else "en"


def language_from_environment(environ: Mapping[str, str] | None = None) -> str:
    """The language the environment asks for, as gettext reads it: ``LANGUAGE``
    (a colon-separated list), else the first of ``LC_ALL``, ``LC_MESSAGES``,
    ``LANG`` that is set; English when none names a supported language."""
    env = os.environ if environ is None else environ
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(name, "")
        if not value:
            continue
        for tag in value.split(":"):
            if language(tag) != "en" or tag.lower().startswith("en"):
                return language(tag)
        if name != "LANGUAGE":
            return "en"
    return "en"


@cache
def translator(lang: str | None) -> Translator:
    """The function that gives an English template in ``lang`` (English where a
    template has no translation)."""
    code = language(lang)
    if code == "en":
        return english
    catalogue = gettext.translation(DOMAIN, localedir=str(LOCALE_DIR), languages=[code], fallback=True)
    return catalogue.gettext


# The language of the game being played here (rummykit.play.terminal's lines).
_SPOKEN: ContextVar[str] = ContextVar("rummykit_spoken", default="en")


def spoken() -> str:
    """The language set by the innermost :func:`speaking` (English outside any)."""
    return _SPOKEN.get()


@contextmanager
def speaking(lang: str | None) -> Iterator[None]:
    """Within the block, :func:`spoken` is ``lang`` (one game's language; each
    thread and task has its own)."""
    token = _SPOKEN.set(language(lang))
    try:
        yield
    finally:
        _SPOKEN.reset(token)


def translate(message: Translatable, lang: str | None) -> str:
    """``message``'s sentence in ``lang``; the code of a refusal is the same in every language."""
    return message.text(translator(lang))
