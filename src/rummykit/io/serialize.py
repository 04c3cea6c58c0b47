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
from rummykit.round.match_play import Match
from rummykit.round.state import Knocking, RoundState, TableMeld, Turn
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


def _cards(cards: Any) -> list[str]:
    return card_list(cards)


def _table(table: tuple[TableMeld, ...]) -> list[dict[str, Any]]:
    return [
        {
            "owner": t.owner,
            "kind": t.meld.kind,
            "cards": t.meld.notation().split(),
            "credits": list(t.credits),
        }
        for t in table
    ]


def _turn(turn: Turn) -> dict[str, Any]:
    return {
        "source": turn.source,
        "taken": None if turn.taken is None else str(turn.taken),
        "chosen": None if turn.chosen is None else str(turn.chosen),
        "must_use_taken": turn.must_use_taken,
        "exchanged": turn.exchanged,
        "start_jokers": turn.start_jokers,
        "new_melds": list(turn.new_melds),
        "laid_off": [[i, str(c)] for i, c in turn.laid_off],
        "swaps": turn.swaps,
        "steps": [
            {
                "hand": _cards(s.hand),
                "table": _table(s.table),
                "new_melds": list(s.new_melds),
                "laid_off": [[i, str(c)] for i, c in s.laid_off],
                "swaps": s.swaps,
            }
            for s in turn.steps
        ],
    }


def _contract_keys(state: RoundState) -> dict[str, Any]:
    """The deal number, buys and buy window, written only where in use."""
    out: dict[str, Any] = {}
    if state.deal_number:
        out["deal_number"] = state.deal_number
    if state.buys:
        out["buys"] = list(state.buys)
    if state.buy_window:
        out["buy_window"] = True
    return out


def _leaving_keys(state: RoundState) -> dict[str, Any]:
    """The seats out of the deal, who has had a turn (where a position said)
    and the cards out of play, written only where in use."""
    out: dict[str, Any] = {}
    if state.dropped:
        out["dropped"] = list(state.dropped)
    if state.has_drawn:
        out["has_drawn"] = list(state.has_drawn)
    if state.out_of_play:
        out["out_of_play"] = _cards(state.out_of_play)
    return out


def state_document(state: RoundState) -> dict[str, Any]:
    return {
        "schema": SCHEMA,
        "type": "state",
        "variant": variant_document(state.variant),
        "players": state.players,
        "dealer": state.dealer,
        "to_move": state.to_move,
        "phase": state.phase,
        "turns_played": state.turns_played,
        "reshuffles": state.reshuffles,
        "hands": [_cards(h) for h in state.hands],
        "stock": _cards(state.stock),
        "discard": _cards(state.discard),
        "exchange": None if state.exchange is None else str(state.exchange),
        "table": _table(state.table),
        "opened": list(state.opened),
        "turn": _turn(state.turn),
        "result": result_document(state.result),
        "seed": state.seed,
        "deck": _cards(state.deck),
        **_contract_keys(state),
        **_leaving_keys(state),
        **_knocking_document(state.knocking),
        **({"log": list(state.log)} if state.log else {}),
        **({"indicator": str(state.indicator)} if state.indicator is not None else {}),
    }


def _knocking_document(knocking: Knocking) -> dict[str, Any]:
    """The knock variants' facts, only where they are in use."""
    if knocking == Knocking():
        return {}
    return {
        "knocking": {
            "upcard_passes": list(knocking.upcard_passes),
            "takes": knocking.takes,
            "repeat": knocking.repeat,
            "knocker": knocking.knocker,
            "knock_card": None if knocking.knock_card is None else str(knocking.knock_card),
            "gin": knocking.gin,
            "layoffs": _cards(knocking.layoffs),
            "defender_melded": knocking.defender_melded,
        }
    }


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
        doc = state_document(obj)
    elif isinstance(obj, PlayerView):
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
