"""One rule of the rules text: the keys of a variant file it speaks for, the
sentences it says for a variant, and when those sentences may be left out.

A :class:`Rule` is asked by the rules text (:mod:`.book`) and by the diff
(:mod:`.diff`) alike: the text leaves a rule out where it is idle (a knock
limit where nobody knocks), the diff shows it whenever a key it speaks for
differs.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from rummykit.core.errors import Text
from rummykit.variant.model import Variant

__all__ = ["Rule", "Say", "key_value", "never"]

Say = Callable[[Variant], Sequence[Text]]
"""The sentences of a rule for a variant (English templates, translated when shown)."""


def never(variant: Variant) -> bool:
    """The idle test of a rule that is always worth saying."""
    return False


class Rule:
    """The sentences that speak for ``keys`` (key paths of the variant schema,
    as ``schema_keys()`` writes them); ``idle`` tells where the rules text may
    leave them out (the keys then change nothing a player sees)."""

    __slots__ = ("idle", "keys", "say")

    def __init__(self, keys: Sequence[str], say: Say, idle: Callable[[Variant], bool] = never) -> None:
        self.keys = tuple(keys)
        self.say = say
        self.idle = idle

    def values(self, variant: Variant) -> tuple[Any, ...]:
        """The values of the rule's keys in ``variant`` (see :func:`key_value`)."""
        return tuple(key_value(variant, key) for key in self.keys)

    def __repr__(self) -> str:
        return f"Rule({', '.join(self.keys)})"


def key_value(variant: Variant, key: str) -> Any:
    """The value of schema key ``key`` in ``variant``: a list for a key under
    an array of tables (``deck.by_players[].decks``), a dict by ending for
    ``scoring.payments.ENDING.*``, None for a shorthand key the loader put in
    the place of others (``opening.shape.runs``)."""
    return _walk(variant, key.split("."))


def _walk(value: Any, parts: list[str]) -> Any:
    if not parts:
        return list(value) if isinstance(value, tuple) else value
    if value is None:
        return None
    head, rest = parts[0], parts[1:]
    if head == "ENDING":
        return {ending: _walk(entry, rest) for ending, entry in value}
    found = getattr(value, head.removesuffix("[]"), None)
    if head.endswith("[]"):
        return [_walk(item, rest) for item in found or ()]
    return _walk(found, rest)
