"""JSON for what machines write: states, views, moves and records.

Every document has ``"schema": 1`` and a ``"type"``. Loading a state checks
its invariants (every card of the deck exactly once somewhere, seats in range,
valid table melds) and names the JSON path of the first problem.

>>> import rummykit as rk
>>> state = rk.deal(rk.load_variant("romme51"), players=2, seed=3)
>>> rk.from_json(rk.to_json(state)) == state
True
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

from rummykit.cards import Card, format_cards, parse_cards
from rummykit.documents import SCHEMA, JSONError, load_variant_document, need, variant_document
from rummykit.errors import NotationError, Refusal
from rummykit.melds import rebuild_meld
from rummykit.moves import Move, parse_move
from rummykit.records import Record
from rummykit.state import RoundResult, RoundState, Step, TableMeld, Turn
from rummykit.variant import Variant
from rummykit.views import PlayerView

__all__ = ["SCHEMA", "JSONError", "from_json", "load_variant_document", "to_json", "variant_document"]

def _cards(cards: Any) -> str:
    return format_cards(cards)


def _table(table: tuple[TableMeld, ...]) -> list[dict[str, Any]]:
    return [
        {"owner": t.owner, "kind": t.meld.kind, "cards": t.meld.notation(), "credits": list(t.credits)}
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


def _result(result: RoundResult | None) -> dict[str, Any] | None:
    if result is None:
        return None
    return {
        "ending": result.ending,
        "winner": result.winner,
        "winners": list(result.winners),
        "scores": list(result.scores),
    }


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
        "result": _result(state.result),
        "seed": state.seed,
        "deck": _cards(state.deck),
    }


def view_document(view: PlayerView) -> dict[str, Any]:
    return {
        "schema": SCHEMA,
        "type": "view",
        "seat": view.seat,
        "variant": view.variant,
        "players": view.players,
        "dealer": view.dealer,
        "to_move": view.to_move,
        "phase": view.phase,
        "turns_played": view.turns_played,
        "hand": None if view.hand is None else _cards(view.hand),
        "hand_sizes": list(view.hand_sizes),
        "table": [{"owner": t.owner, "kind": t.meld.kind, "cards": t.notation} for t in view.table],
        "discards": _cards(view.discards),
        "discard_size": view.discard_size,
        "stock_size": view.stock_size,
        "exchange": None if view.exchange is None else str(view.exchange),
        "opened": list(view.opened),
        "taken": None if view.taken is None else str(view.taken),
        "result": _result(view.result),
        "legal": [str(m) for m in view.legal],
    }


def to_json(obj: RoundState | PlayerView | Move | Any, *, indent: int | None = None) -> str:
    """A JSON document for a state, a view, a move or a record."""
    if isinstance(obj, RoundState):
        doc = state_document(obj)
    elif isinstance(obj, PlayerView):
        doc = view_document(obj)
    elif isinstance(obj, Record):
        doc = obj.document()
    else:
        try:
            text = str(parse_move(str(obj)))
        except NotationError:
            raise TypeError(f"cannot write {type(obj).__name__} as JSON") from None
        doc = {"schema": SCHEMA, "type": "move", "move": text}
    return json.dumps(doc, ensure_ascii=False, indent=indent)


# --------------------------------------------------------------------------- loading


def _read_cards(text: Any, path: str) -> tuple[Card, ...]:
    if not isinstance(text, str):
        raise JSONError(path, f"expected a string of cards, got {text!r}")
    try:
        return parse_cards(text)
    except NotationError as error:
        raise JSONError(path, str(error)) from None


def _read_card(text: Any, path: str) -> Card | None:
    if text is None:
        return None
    cards = _read_cards(text, path)
    if len(cards) != 1:
        raise JSONError(path, "expected one card")
    return cards[0]


def _read_table(variant: Variant, data: Any, players: int, path: str) -> tuple[TableMeld, ...]:
    if not isinstance(data, list):
        raise JSONError(path, "expected a list of melds")
    table = []
    for i, entry in enumerate(data):
        where = f"{path}[{i}]"
        owner = need(entry, "owner", int, where)
        if not 0 <= owner < players:
            raise JSONError(f"{where}.owner", f"expected a seat from 0 to {players - 1}")
        kind = need(entry, "kind", str, where)
        cards = _read_cards(need(entry, "cards", str, where), f"{where}.cards")
        meld = rebuild_meld(variant, kind, cards)
        if isinstance(meld, Refusal):
            raise JSONError(f"{where}.cards", f"not a valid meld: {meld.message}")
        credits = need(entry, "credits", list, where)
        if len(credits) != len(meld) or not all(isinstance(c, int) and 0 <= c < players for c in credits):
            raise JSONError(f"{where}.credits", "expected one seat per card")
        table.append(TableMeld(owner, meld, tuple(credits)))
    return tuple(table)


def _read_laid_off(items: list[Any], path: str) -> tuple[tuple[int, Card], ...]:
    out = []
    for i, item in enumerate(items):
        card = _read_card(item[1], f"{path}[{i}]") if isinstance(item, list) and len(item) == 2 else None
        if card is None or not isinstance(item[0], int):
            raise JSONError(f"{path}[{i}]", "expected [meld index, card]")
        out.append((item[0], card))
    return tuple(out)


def _read_turn(variant: Variant, doc: Any, players: int, path: str) -> Turn:
    steps = []
    for i, step in enumerate(need(doc, "steps", list, path)):
        where = f"{path}.steps[{i}]"
        steps.append(
            Step(
                hand=_read_cards(need(step, "hand", str, where), f"{where}.hand"),
                table=_read_table(variant, need(step, "table", list, where), players, f"{where}.table"),
                new_melds=tuple(need(step, "new_melds", list, where)),
                laid_off=_read_laid_off(need(step, "laid_off", list, where), f"{where}.laid_off"),
                swaps=need(step, "swaps", int, where),
            )
        )
    source = need(doc, "source", str, path)
    if source not in ("none", "stock", "discard", "deep", "exchange"):
        raise JSONError(f"{path}.source", f"unknown source {source!r}")
    return Turn(
        source=source,
        taken=_read_card(doc.get("taken"), f"{path}.taken"),
        chosen=_read_card(doc.get("chosen"), f"{path}.chosen"),
        must_use_taken=bool(doc.get("must_use_taken", False)),
        exchanged=bool(doc.get("exchanged", False)),
        start_jokers=need(doc, "start_jokers", int, path),
        new_melds=tuple(need(doc, "new_melds", list, path)),
        laid_off=_read_laid_off(need(doc, "laid_off", list, path), f"{path}.laid_off"),
        swaps=need(doc, "swaps", int, path),
        steps=tuple(steps),
    )


def state_from_document(doc: dict[str, Any]) -> RoundState:
    path = "$"
    variant = load_variant_document(need(doc, "variant", dict, path), "$.variant")
    players = need(doc, "players", int, path)
    try:
        variant.check_players(players)
    except ValueError as error:
        raise JSONError("$.players", str(error)) from None
    seats = {}
    for key in ("dealer", "to_move"):
        seats[key] = need(doc, key, int, path)
        if not 0 <= seats[key] < players:
            raise JSONError(f"$.{key}", f"expected a seat from 0 to {players - 1}")
    phase = need(doc, "phase", str, path)
    if phase not in ("draw", "play", "over"):
        raise JSONError("$.phase", f"unknown phase {phase!r}")
    hands_data = need(doc, "hands", list, path)
    if len(hands_data) != players:
        raise JSONError("$.hands", f"expected {players} hands")
    hands = tuple(tuple(c.face for c in _read_cards(h, f"$.hands[{i}]")) for i, h in enumerate(hands_data))
    stock = _read_cards(need(doc, "stock", str, path), "$.stock")
    discard = _read_cards(need(doc, "discard", str, path), "$.discard")
    exchange = _read_card(doc.get("exchange"), "$.exchange")
    table = _read_table(variant, need(doc, "table", list, path), players, "$.table")
    opened = need(doc, "opened", list, path)
    if len(opened) != players or not all(isinstance(x, bool) for x in opened):
        raise JSONError("$.opened", f"expected {players} booleans")
    result_doc = doc.get("result")
    result = None
    if result_doc is not None:
        result = RoundResult(
            ending=need(result_doc, "ending", str, "$.result"),
            winner=result_doc.get("winner"),
            winners=tuple(need(result_doc, "winners", list, "$.result")),
            scores=tuple(need(result_doc, "scores", list, "$.result")),
        )
    seed = doc.get("seed")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise JSONError("$.seed", "expected an integer or null")
    state = RoundState(
        variant=variant,
        players=players,
        dealer=seats["dealer"],
        hands=hands,
        stock=stock,
        discard=discard,
        table=table,
        opened=tuple(opened),
        to_move=seats["to_move"],
        phase=phase,
        turns_played=need(doc, "turns_played", int, path),
        reshuffles=need(doc, "reshuffles", int, path),
        exchange=exchange,
        turn=_read_turn(variant, need(doc, "turn", dict, path), players, "$.turn"),
        result=result,
        seed=seed,
        deck=_read_cards(doc.get("deck", ""), "$.deck"),
        variant_digest=variant.digest(),
    )
    _check_cards(state)
    return state


def _check_cards(state: RoundState) -> None:
    """Every card of the deck exactly once (a joker option may change the count)."""
    have = Counter(state.all_cards())
    band = state.variant.deck_band(state.players)
    expected: Counter[Card] | None = None
    for jokers in (band.jokers, *band.joker_options):
        deck = Counter(state.variant.deck_for(state.players, jokers))
        if deck == have:
            return
        if expected is None:
            expected = deck
    assert expected is not None
    extra = have - expected
    missing = expected - have
    if extra:
        card = next(iter(extra))
        raise JSONError("$", f"more copies of {card} than the deck holds")
    card = next(iter(missing))
    raise JSONError("$", f"the card {card} is nowhere (every card must be somewhere)")


def from_json(text: str) -> Any:
    """Load a document written by :func:`to_json` (a state, a move or a record;
    a view is returned as its dict, since a view cannot rebuild a state)."""
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as error:
        raise JSONError("$", f"not JSON: {error}") from None
    if not isinstance(doc, dict):
        raise JSONError("$", "expected an object")
    if doc.get("schema") != SCHEMA:
        raise JSONError("$.schema", f"expected {SCHEMA}, got {doc.get('schema')!r}")
    kind = doc.get("type")
    if kind == "state":
        return state_from_document(doc)
    if kind == "move":
        try:
            return parse_move(need(doc, "move", str, "$"))
        except NotationError as error:
            raise JSONError("$.move", str(error)) from None
    if kind == "record":
        return Record.from_document(doc)
    if kind == "view":
        return doc
    raise JSONError("$.type", f"unknown document type {kind!r}")
