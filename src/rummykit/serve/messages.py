"""The messages of the server's WebSocket: reading what a client sends, and
writing what the server sends back.

A client message is one JSON object of at most :data:`MAX_MESSAGE_BYTES`
bytes with a known ``type`` and its fields; anything else is a
:class:`MessageError`, answered with an ``error`` message, and changes
nothing.

>>> read_message('{"type": "move", "state_id": 3, "move": "draw"}')
ClientMessage(kind='move', state_id=3, move='draw')
>>> read_message('{"type": "check", "state_id": 3, "move": "discard 2c"}')
ClientMessage(kind='check', state_id=3, move='discard 2c')
>>> read_message('{"type": "dance"}')
Traceback (most recent call last):
...
rummykit.serve.messages.MessageError: expected "type" to be "move", "check" or "next_round", got 'dance'
>>> read_message('{"type": "next_round", "state_id": 3, "seat": 1}')
Traceback (most recent call last):
...
rummykit.serve.messages.MessageError: expected only the fields "type", "state_id", got 'seat'
"""

from __future__ import annotations

import json
from typing import Any

import attrs

from rummykit.core.errors import IllegalMove, Text
from rummykit.core.translation import N_, Translator, english, translator
from rummykit.io.documents import JSONError, parse_document
from rummykit.io.serialize import to_json
from rummykit.rules.variant_queries import least_penalty
from rummykit.serve.games import Game

__all__ = [
    "MAX_MESSAGE_BYTES",
    "ClientMessage",
    "MessageError",
    "checked_message",
    "error_message",
    "invalid_message",
    "read_message",
    "refused_message",
    "view_message",
]

MAX_MESSAGE_BYTES = 16 * 1024
"""The largest message (and request body) the server reads, in bytes."""

_KINDS = ("move", "check", "next_round")
_FIELDS = {
    "move": ("type", "state_id", "move"),
    "check": ("type", "state_id", "move"),
    "next_round": ("type", "state_id"),
}
"""The fields of each type of message: a message with any other is refused."""
_NAMED = 5
"""How many unknown fields an error names at most (each cut to 40 characters)."""


class MessageError(ValueError):
    """A client message that cannot be read: the ``error`` message's text, an
    English template with named fields (``str`` is English; :meth:`text`
    writes it in another language)."""

    code = "message.invalid"

    def __init__(self, template: str, /, **fields: object) -> None:
        self.reason = Text(template, **fields)
        super().__init__(self.reason.text())

    def text(self, translate: Translator = english) -> str:
        return self.reason.text(translate)


@attrs.frozen(slots=True)
class ClientMessage:
    kind: str  # "move", "check" (the refusal a move would get, nothing changed) or "next_round"
    state_id: int
    move: str = ""


def read_message(data: str | bytes | None) -> ClientMessage:
    """A client's message, every field checked (MessageError names what was
    expected and what came). A field other than the type's is refused too,
    as the HTTP API refuses an unknown key."""
    if not isinstance(data, str):
        raise MessageError(N_("expected a text frame holding a JSON object, got a binary frame"))
    size = len(data.encode("utf-8", "surrogatepass"))
    if size > MAX_MESSAGE_BYTES:
        raise MessageError(
            N_("expected a message of at most {limit} bytes, got {size}"), limit=MAX_MESSAGE_BYTES, size=size
        )
    try:
        doc = parse_document(data)  # as the HTTP API reads a body: no key twice, no NaN
    except JSONError as error:
        problem = str(error).removeprefix("$: ")
        raise MessageError(N_("expected a JSON object ({problem})"), problem=problem) from None
    if not isinstance(doc, dict):
        raise MessageError(N_("expected a JSON object, got {kind}"), kind=type(doc).__name__)
    kind = doc.get("type")
    if kind not in _KINDS:
        raise MessageError(
            N_('expected "type" to be "move", "check" or "next_round", got {value}'), value=_describe(kind)
        )
    _check_fields(doc, kind)
    state_id = doc.get("state_id")
    if not isinstance(state_id, int) or isinstance(state_id, bool):
        raise MessageError(N_('expected "state_id" to be an integer, got {value}'), value=_describe(state_id))
    if kind == "next_round":
        return ClientMessage(kind, state_id)
    move = doc.get("move")
    if not isinstance(move, str) or not _is_text(move):
        raise MessageError(N_('expected "move" to be a move in notation, got {value}'), value=_describe(move))
    return ClientMessage(kind, state_id, move)


def _check_fields(doc: dict[str, Any], kind: str) -> None:
    """MessageError naming the fields of ``doc`` that a ``kind`` message has not (the first few)."""
    unknown = [key for key in doc if key not in _FIELDS[kind]]
    if unknown:
        named = ", ".join(repr(key[:40]) for key in unknown[:_NAMED])
        raise MessageError(
            N_("expected only the fields {expected}, got {unknown}"),
            expected=", ".join(f'"{field}"' for field in _FIELDS[kind]),
            unknown=named + (", ..." if len(unknown) > _NAMED else ""),
        )


def _is_text(value: str) -> bool:
    """Can ``value`` be written as UTF-8 (no lone surrogate, which JSON's
    ``\\ud800`` can make, and which no answer could echo)?"""
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _describe(value: Any) -> object:
    if value is None:
        return Text("nothing")
    if isinstance(value, str):
        return repr(value[:40])
    return type(value).__name__


def view_message(game: Game, seat: int | None) -> dict[str, Any]:
    """What a seat (None: a spectator) gets after every change of the game:
    the view (its opening's reason in the game's language), the match, who
    sits where (``seats``: each seat's bot, or null for a person, and the
    name its player typed, or null), the game's seat of each of the round's
    (``round_seats``: the view numbers the round's seats, which a match
    that eliminates players makes fewer than the game's) and, where
    the variant knocks, the seat's ``deadwood`` (the least its hand can
    leave, after the best discard while it holds a drawn card; null for a
    spectator)."""
    view = game.view(seat)
    doc = json.loads(to_json(view))
    opening = view.opening
    reason = opening.reason
    if reason is not None:
        doc["opening"]["reason"]["message"] = reason.message_in(game.spec.lang)
    bots, names = dict(game.spec.bots), dict(game.spec.names)
    message = {
        "type": "view",
        "state_id": game.state_id,
        "view": doc,
        "match": game.match_summary(),
        "seats": [{"seat": s, "bot": bots.get(s), "name": names.get(s)} for s in range(game.spec.players)],
        "round_seats": list(game.active),
    }
    if game.variant.knock.allowed:
        hand = view.hand
        if hand is None:
            message["deadwood"] = None
        else:
            drawn = len(hand) > game.variant.deal.hand_size  # a drawn card: counted after the discard
            message["deadwood"] = least_penalty(game.variant, hand, discard=drawn).penalty
    return message


def checked_message(game: Game, move: str, refusal: IllegalMove | None) -> dict[str, Any]:
    """The answer to a ``check``: whether ``move`` would be played now, and
    if not its refusal (code and sentence in the game's language), as a
    ``refused`` message would give it. Nothing changed."""
    return {
        "type": "checked",
        "state_id": game.state_id,
        "move": move,
        "allowed": refusal is None,
        "code": None if refusal is None else refusal.code,
        "message": None if refusal is None else refusal.message_in(game.spec.lang),
    }


def refused_message(game: Game, refusal: IllegalMove) -> dict[str, Any]:
    """A refusal, its sentence in the game's language (the code is the same in every language)."""
    return {
        "type": "refused",
        "state_id": game.state_id,
        "code": refusal.code,
        "message": refusal.message_in(game.spec.lang),
    }


def error_message(code: str, message: str) -> dict[str, Any]:
    return {"type": "error", "code": code, "message": message}


def invalid_message(game: Game, error: MessageError) -> dict[str, Any]:
    """The ``error`` message for a frame that is no message, in the game's language."""
    return error_message(error.code, error.text(translator(game.spec.lang)))
