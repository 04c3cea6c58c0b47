"""JSON for what machines write: states, views, moves and records.

Every document has ``"schema"`` (2; documents of schema 1 still load) and a
``"type"``; lists of cards are arrays of card strings (docs/wire-format.md). Loading a state checks
its invariants (every card of the deck exactly once somewhere, seats in range,
valid table melds) and names the JSON path of the first problem.

>>> import rummykit as rk
>>> state = rk.deal(rk.load_variant("romme51"), players=2, seed=3)
>>> rk.from_json(rk.to_json(state)) == state
True
"""

from __future__ import annotations

import json
from typing import Any

from rummykit.core.errors import NotationError
from rummykit.core.moves import Move, parse_move
from rummykit.io.deserialize import from_json, match_from_document, state_from_document, view_from_document
from rummykit.io.documents import (
    MAX_DEPTH,
    MAX_DOCUMENT_CHARS,
    MAX_JOKERS,
    SCHEMA,
    JSONError,
    card_list,
    load_variant_document,
    read_result,
    result_document,
    variant_document,
)
from rummykit.io.records import Record
from rummykit.io.state_checks import check_state
from rummykit.io.state_writer import state_json
from rummykit.round.match_play import Match
from rummykit.round.state import RoundState
from rummykit.round.views import KnockView, OpeningView, PlayerView

__all__ = [
    "MAX_DEPTH",
    "MAX_DOCUMENT_CHARS",
    "MAX_JOKERS",
    "SCHEMA",
    "JSONError",
    "check_state",
    "from_json",
    "load_variant_document",
    "match_document",
    "match_from_document",
    "read_result",
    "result_document",
    "state_from_document",
    "to_json",
    "view_document",
    "view_from_document",
]


def view_document(view: PlayerView) -> dict[str, Any]:
    """A seat's view as schema 2 writes it (docs/wire-format.md): cards as
    arrays, table melds numbered with their points, the opening so far, the
    legal moves and the last public moves."""
    return {
        "schema": SCHEMA,
        "type": "view",
        "seat": view.seat,
        "variant": view.variant,
        "variant_name": view.variant_name,
        "players": view.players,
        "dealer": view.dealer,
        "to_move": view.to_move,
        "phase": view.phase,
        "turns_played": view.turns_played,
        "hand": None if view.hand is None else card_list(view.hand),
        "hand_sizes": list(view.hand_sizes),
        "table": [
            {
                "number": t.number,
                "owner": t.owner,
                "kind": t.meld.kind,
                "cards": t.notation.split(),
                "points": t.points,
                "tentative": t.tentative,
            }
            for t in view.table
        ],
        "discards": card_list(view.discards),
        "discard_size": view.discard_size,
        "stock_size": view.stock_size,
        "exchange": None if view.exchange is None else str(view.exchange),
        "opened": list(view.opened),
        "opening": _opening_document(view.opening),
        "taken": None if view.taken is None else str(view.taken),
        "result": result_document(view.result),
        "legal": [str(m) for m in view.legal],
        "log": list(view.log),
        **({"deal_number": view.deal_number} if view.deal_number else {}),
        **({"knock": _knock_view_document(view.knock)} if view.knock != KnockView() else {}),
        **({"indicator": str(view.indicator)} if view.indicator is not None else {}),
        **({"dropped": list(view.dropped)} if view.dropped else {}),
        **({"chosen": str(view.chosen)} if view.chosen is not None else {}),
    }


def match_document(match: Match) -> dict[str, Any]:
    """A match: its variant, players, length and first dealer, every round's
    result (by match seat) and every rebuy or retirement decided."""
    return {
        "schema": SCHEMA,
        "type": "match",
        "variant": variant_document(match.variant),
        "players": match.players,
        "rounds": match.rounds,
        "first_dealer": match.first_dealer,
        "results": [result_document(r) for r in match.results],
        "decisions": [{"after": d.after, "seat": d.seat, "choice": d.choice} for d in match.decisions],
    }


def _knock_view_document(knock: KnockView) -> dict[str, Any]:
    return {
        "upcard_passes": list(knock.upcard_passes),
        "knocker": knock.knocker,
        "gin": knock.gin,
        "layoffs": card_list(knock.layoffs),
        "knock_card": None if knock.knock_card is None else str(knock.knock_card),
    }


def _opening_document(opening: OpeningView) -> dict[str, Any]:
    reason = opening.reason
    return {
        "minimum": opening.minimum,
        "so_far": opening.so_far,
        "allowed": opening.allowed,
        "reason": None if reason is None else {"code": reason.code, "message": reason.message},
    }


def to_json(obj: RoundState | PlayerView | Move | Any, *, indent: int | None = None) -> str:
    """A JSON document for a state, a view, a move, a record or a match."""
    if isinstance(obj, RoundState):
        return state_json(obj, indent=indent)
    if isinstance(obj, PlayerView):
        doc = view_document(obj)
    elif isinstance(obj, Record):
        doc = obj.document()
    elif isinstance(obj, Match):
        doc = match_document(obj)
    else:
        try:
            text = str(parse_move(str(obj)))
        except NotationError:
            raise TypeError(f"cannot write {type(obj).__name__} as JSON") from None
        doc = {"schema": SCHEMA, "type": "move", "move": text}
    return json.dumps(doc, ensure_ascii=False, indent=indent)
