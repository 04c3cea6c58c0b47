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
from collections import Counter
from collections.abc import Sequence
from typing import Any

import attrs

from rummykit.core.cards import JOKER, JOKER_CODE, Card, build_deck, code_order
from rummykit.core.errors import NotationError, Refusal
from rummykit.core.melds import MeldRules, rebuild_meld
from rummykit.core.moves import Move, parse_move
from rummykit.io.documents import (
    MAX_DEPTH,
    MAX_DOCUMENT_CHARS,
    MAX_JOKERS,
    MAX_SCORE,
    SCHEMA,
    JSONError,
    card_list,
    check_schema,
    describe,
    load_variant_document,
    parse_document,
    read_bool,
    read_card,
    read_cards,
    read_faces,
    read_hand,
    read_header,
    read_int,
    read_list,
    read_object,
    read_result,
    read_seed,
    read_text,
    result_document,
    variant_document,
)
from rummykit.io.records import Record
from rummykit.round.knocking import KNOCK_PHASES
from rummykit.round.match_play import Match
from rummykit.round.round_scoring import round_result
from rummykit.round.state import LOG_SIZE, Knocking, RoundResult, RoundState, Step, TableMeld, Turn
from rummykit.round.views import KnockView, OpeningView, PlayerView, TableView
from rummykit.rules.buy import buy_rule
from rummykit.rules.contract import deal_count
from rummykit.rules.deal import deal_rule
from rummykit.rules.going_out import going_out_rule
from rummykit.rules.knock import knock_rule
from rummykit.rules.match import DECISIONS, Decision
from rummykit.variant.model import MAX_DECKS, MAX_PLAYERS, MAX_ROUNDS, MAX_SET_SIZE, MAX_TURN_CAP, Variant

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
        **_knocking_document(state.knocking),
        **({"log": list(state.log)} if state.log else {}),
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


_KNOCKING_KEYS = (
    "upcard_passes",
    "takes",
    "repeat",
    "knocker",
    "knock_card",
    "gin",
    "layoffs",
    "defender_melded",
)


def _read_knocking(doc: Any, players: int, path: str) -> Knocking:
    if doc is None:
        return Knocking()
    read_object(doc, path, _KNOCKING_KEYS)
    return Knocking(
        upcard_passes=_read_seats(doc["upcard_passes"], f"{path}.upcard_passes", players),
        takes=read_int(doc["takes"], f"{path}.takes", 0, 10_000),
        repeat=read_bool(doc["repeat"], f"{path}.repeat"),
        knocker=_read_seat_or_none(doc["knocker"], f"{path}.knocker", players),
        knock_card=read_card(doc["knock_card"], f"{path}.knock_card"),
        gin=read_bool(doc["gin"], f"{path}.gin"),
        layoffs=read_faces(doc["layoffs"], f"{path}.layoffs"),
        defender_melded=read_bool(doc["defender_melded"], f"{path}.defender_melded"),
    )


def _read_seats(data: Any, path: str, players: int) -> tuple[int, ...]:
    return tuple(read_int(x, f"{path}[{i}]", 0, players - 1) for i, x in enumerate(read_list(data, path)))


def _read_seat_or_none(value: Any, path: str, players: int) -> int | None:
    return None if value is None else read_int(value, path, 0, players - 1)


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
    return {"minimum": opening.minimum, "so_far": opening.so_far}


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


# --------------------------------------------------------------------------- states


_STATE_KEYS = (
    "variant", "players", "dealer", "to_move", "phase", "turns_played", "reshuffles",
    "hands", "stock", "discard", "table", "opened", "turn",
)  # fmt: skip
_TURN_KEYS = ("source", "start_jokers", "new_melds", "laid_off", "swaps", "steps")
_TURN_OPTIONAL = ("taken", "chosen", "must_use_taken", "exchanged")
_VIEW_KEYS = (
    "seat", "variant", "players", "dealer", "to_move", "phase", "turns_played", "hand", "hand_sizes",
    "table", "discards", "discard_size", "stock_size", "exchange", "opened", "taken", "result", "legal",
)  # fmt: skip
_VIEW_KEYS_2 = ("variant_name", "opening", "log")  # written from schema 2 on
_SOURCES = ("none", "stock", "discard", "deep", "exchange")


def _read_table(variant: Variant, data: Any, players: int, path: str) -> tuple[TableMeld, ...]:
    table = []
    for i, entry in enumerate(read_list(data, path)):
        where = f"{path}[{i}]"
        read_object(entry, where, ("owner", "kind", "cards", "credits"))
        owner = read_int(entry["owner"], f"{where}.owner", 0, players - 1)
        kind = read_text(entry["kind"], f"{where}.kind")
        meld = rebuild_meld(variant, kind, read_cards(entry["cards"], f"{where}.cards"))
        if isinstance(meld, Refusal):
            raise JSONError(f"{where}.cards", f"not a valid meld: {meld.message}")
        credits = read_list(entry["credits"], f"{where}.credits", len(meld))
        seats = tuple(read_int(c, f"{where}.credits[{j}]", 0, players - 1) for j, c in enumerate(credits))
        table.append(TableMeld(owner, meld, seats))
    return tuple(table)


def _index(value: Any, path: str, size: int) -> int:
    """The index of a meld on a table of ``size`` melds."""
    if size == 0:
        raise JSONError(path, f"expected no meld index (the table is empty), got {describe(value)}")
    return read_int(value, path, 0, size - 1)


def _read_indices(data: Any, path: str, size: int) -> tuple[int, ...]:
    """Distinct indices of table melds (a table of ``size`` melds)."""
    indices = tuple(_index(x, f"{path}[{i}]", size) for i, x in enumerate(read_list(data, path)))
    if len(set(indices)) != len(indices):
        raise JSONError(path, "expected each meld once")
    return indices


def _read_laid_off(data: Any, path: str, size: int) -> tuple[tuple[int, Card], ...]:
    out = []
    for i, item in enumerate(read_list(data, path)):
        where = f"{path}[{i}]"
        if not isinstance(item, list) or len(item) != 2:
            raise JSONError(where, f"expected [meld index, card], got {describe(item)}")
        card = read_card(item[1], f"{where}[1]")
        if card is None:
            raise JSONError(f"{where}[1]", "expected a card")
        out.append((_index(item[0], f"{where}[0]", size), card))
    return tuple(out)


def _read_step(variant: Variant, doc: Any, players: int, path: str) -> Step:
    read_object(doc, path, ("hand", "table", "new_melds", "laid_off", "swaps"))
    table = _read_table(variant, doc["table"], players, f"{path}.table")
    laid_off = _read_laid_off(doc["laid_off"], f"{path}.laid_off", len(table))
    return Step(
        hand=read_hand(doc["hand"], f"{path}.hand"),
        table=table,
        new_melds=_read_indices(doc["new_melds"], f"{path}.new_melds", len(table)),
        laid_off=laid_off,
        swaps=read_int(doc["swaps"], f"{path}.swaps", 0, len(laid_off)),
    )


def _read_turn(variant: Variant, doc: Any, players: int, table: int, path: str) -> Turn:
    read_object(doc, path, _TURN_KEYS, _TURN_OPTIONAL)
    source = read_text(doc["source"], f"{path}.source")
    if source not in _SOURCES:
        raise JSONError(f"{path}.source", f"expected one of {', '.join(_SOURCES)}, got {describe(source)}")
    laid_off = _read_laid_off(doc["laid_off"], f"{path}.laid_off", table)
    steps = read_list(doc["steps"], f"{path}.steps")
    return Turn(
        source=source,  # type: ignore[arg-type]  # checked against _SOURCES above
        taken=read_card(doc.get("taken"), f"{path}.taken"),
        chosen=read_card(doc.get("chosen"), f"{path}.chosen"),
        must_use_taken=read_bool(doc.get("must_use_taken", False), f"{path}.must_use_taken"),
        exchanged=read_bool(doc.get("exchanged", False), f"{path}.exchanged"),
        start_jokers=read_int(doc["start_jokers"], f"{path}.start_jokers", 0, MAX_JOKERS),
        new_melds=_read_indices(doc["new_melds"], f"{path}.new_melds", table),
        laid_off=laid_off,
        swaps=read_int(doc["swaps"], f"{path}.swaps", 0, len(laid_off)),
        steps=tuple(_read_step(variant, s, players, f"{path}.steps[{i}]") for i, s in enumerate(steps)),
    )


def _read_buys(data: Any, players: int) -> tuple[int, ...]:
    if data == []:
        return ()
    items = read_list(data, "$.buys", players)
    return tuple(read_int(x, f"$.buys[{i}]", 0, MAX_TURN_CAP) for i, x in enumerate(items))


def state_from_document(doc: Any) -> RoundState:
    """A state from its document, every field checked; JSONError names the path
    of the first problem."""
    optional = ("exchange", "result", "seed", "deck", "deal_number", "buys", "buy_window", "knocking", "log")
    doc = read_header(doc, "state", _STATE_KEYS, optional)
    variant = load_variant_document(doc["variant"], "$.variant")
    players = read_int(doc["players"], "$.players", variant.players.min, variant.players.max)
    limits = going_out_rule(variant)
    phase = read_text(doc["phase"], "$.phase")
    if phase not in ("draw", "play", "over", *KNOCK_PHASES):
        raise JSONError("$.phase", f"expected draw, play or over, got {describe(phase)}")
    if phase in KNOCK_PHASES and knock_rule(variant) is None:
        raise JSONError("$.phase", f"{variant.id} has no {phase} phase")
    table = _read_table(variant, doc["table"], players, "$.table")
    state = RoundState(
        variant=variant,
        players=players,
        dealer=read_int(doc["dealer"], "$.dealer", 0, players - 1),
        hands=tuple(
            read_hand(h, f"$.hands[{i}]") for i, h in enumerate(read_list(doc["hands"], "$.hands", players))
        ),
        stock=read_faces(doc["stock"], "$.stock"),
        discard=read_faces(doc["discard"], "$.discard"),
        table=table,
        opened=tuple(
            read_bool(x, f"$.opened[{i}]")
            for i, x in enumerate(read_list(doc["opened"], "$.opened", players))
        ),
        to_move=read_int(doc["to_move"], "$.to_move", 0, players - 1),
        phase=phase,  # type: ignore[arg-type]  # checked above
        turns_played=read_int(doc["turns_played"], "$.turns_played", 0, limits.turn_cap()),
        reshuffles=read_int(doc["reshuffles"], "$.reshuffles", 0, limits.max_reshuffles()),
        exchange=read_card(doc.get("exchange"), "$.exchange"),
        turn=_read_turn(variant, doc["turn"], players, len(table), "$.turn"),
        result=read_result(doc.get("result"), players, "$.result"),
        seed=read_seed(doc.get("seed"), "$.seed"),
        deck=read_faces(doc.get("deck", ""), "$.deck"),
        deal_number=read_int(doc.get("deal_number", 0), "$.deal_number", 0, MAX_ROUNDS),
        buys=_read_buys(doc.get("buys", []), players),
        buy_window=read_bool(doc.get("buy_window", False), "$.buy_window"),
        variant_digest=variant.digest(),
        knocking=_read_knocking(doc.get("knocking"), players, "$.knocking"),
        log=_read_log(doc.get("log", [])),
    )
    check_state(state)
    return state


# --------------------------------------------------------------------------- views

_LOOSE_MELDS = MeldRules(
    set_min=1, set_max=MAX_SET_SIZE, set_distinct_suits=False, run_min=1, run_max=14, max_jokers=MAX_SET_SIZE
)
"""Meld rules that hold every meld any variant lays: a view names its variant
by id only, so its melds are read back as written, points included."""
_LOOSE_BOUND_MELDS = attrs.evolve(_LOOSE_MELDS, set_joker_suit="bound")
"""The same for a set whose jokers are written with the suit they are bound
to (``JK=Jd``, as in a variant whose set jokers take a suit): the loose rules
would read the joker back without its suit."""
_MAX_LOG_TEXT = 200


def view_from_document(doc: Any) -> PlayerView:
    """A view from its document (schema 2, or the plainer schema 1), every
    field checked; JSONError names the path of the first problem."""
    doc = read_header(doc, "view", _VIEW_KEYS, (*_VIEW_KEYS_2, "deal_number", "knock"))
    if doc["schema"] >= SCHEMA:
        read_object(doc, "$", ("schema", "type", *_VIEW_KEYS, *_VIEW_KEYS_2), ("deal_number", "knock"))
    players = read_int(doc["players"], "$.players", 1, MAX_PLAYERS)
    seat = doc["seat"]
    hand = doc["hand"]
    return PlayerView(
        seat=None if seat is None else read_int(seat, "$.seat", 0, players - 1),
        variant=read_text(doc["variant"], "$.variant"),
        players=players,
        dealer=read_int(doc["dealer"], "$.dealer", 0, players - 1),
        to_move=read_int(doc["to_move"], "$.to_move", 0, players - 1),
        phase=_read_phase(doc["phase"]),
        turns_played=read_int(doc["turns_played"], "$.turns_played", 0, MAX_TURN_CAP),
        hand=None if hand is None else read_faces(hand, "$.hand"),
        hand_sizes=_read_counts(doc["hand_sizes"], "$.hand_sizes", players),
        table=_read_view_table(doc["table"], players),
        discards=read_faces(doc["discards"], "$.discards"),
        discard_size=read_int(doc["discard_size"], "$.discard_size", 0, _MAX_CARDS),
        stock_size=read_int(doc["stock_size"], "$.stock_size", 0, _MAX_CARDS),
        exchange=read_card(doc["exchange"], "$.exchange"),
        opened=tuple(
            read_bool(x, f"$.opened[{i}]")
            for i, x in enumerate(read_list(doc["opened"], "$.opened", players))
        ),
        taken=read_card(doc["taken"], "$.taken"),
        result=read_result(doc["result"], players, "$.result"),
        legal=tuple(
            _read_move_text(m, f"$.legal[{i}]") for i, m in enumerate(read_list(doc["legal"], "$.legal"))
        ),
        deal_number=read_int(doc.get("deal_number", 0), "$.deal_number", 0, MAX_ROUNDS),
        variant_name=read_text(doc.get("variant_name", ""), "$.variant_name"),
        opening=_read_opening(doc.get("opening")),
        log=_read_log(doc.get("log", [])),
        knock=_read_knock_view(doc.get("knock"), players),
    )


_MAX_CARDS = MAX_DECKS * 52 + MAX_JOKERS
"""The most cards a deck can hold (a bound for the counts a view states)."""


def _read_phase(value: Any) -> str:
    phase = read_text(value, "$.phase")
    if phase not in ("draw", "play", "over", *KNOCK_PHASES):
        raise JSONError("$.phase", f"expected draw, play, over or a knock phase, got {describe(phase)}")
    return phase


def _read_counts(data: Any, path: str, players: int) -> tuple[int, ...]:
    return tuple(
        read_int(x, f"{path}[{i}]", 0, _MAX_CARDS) for i, x in enumerate(read_list(data, path, players))
    )


def _read_view_table(data: Any, players: int) -> tuple[TableView, ...]:
    table = []
    for i, entry in enumerate(read_list(data, "$.table")):
        where = f"$.table[{i}]"
        read_object(entry, where, ("owner", "kind", "cards"), ("number", "points", "tentative"))
        kind = read_text(entry["kind"], f"{where}.kind")
        cards = read_cards(entry["cards"], f"{where}.cards")
        bound = kind == "set" and any(c.code == JOKER_CODE and c.declared is not None for c in cards)
        meld = rebuild_meld(_LOOSE_BOUND_MELDS if bound else _LOOSE_MELDS, kind, cards)
        if isinstance(meld, Refusal):
            raise JSONError(f"{where}.cards", f"not a meld: {meld.message}")
        points = read_int(entry.get("points", meld.points), f"{where}.points", -MAX_SCORE, MAX_SCORE)
        number = read_int(entry.get("number", i + 1), f"{where}.number", i + 1, i + 1)
        table.append(
            TableView(
                owner=read_int(entry["owner"], f"{where}.owner", 0, players - 1),
                meld=attrs.evolve(meld, points=points),
                number=number,
                points=points,
                tentative=read_bool(entry.get("tentative", False), f"{where}.tentative"),
            )
        )
    return tuple(table)


def _read_opening(doc: Any) -> OpeningView:
    if doc is None:
        return OpeningView()
    path = "$.opening"
    read_object(doc, path, ("minimum", "so_far"))
    minimum = doc["minimum"]
    return OpeningView(
        None if minimum is None else read_int(minimum, f"{path}.minimum", 1, MAX_SCORE),
        read_int(doc["so_far"], f"{path}.so_far", -MAX_SCORE, MAX_SCORE),
    )


def _read_knock_view(doc: Any, players: int) -> KnockView:
    if doc is None:
        return KnockView()
    path = "$.knock"
    read_object(doc, path, ("upcard_passes", "knocker", "gin", "layoffs", "knock_card"))
    return KnockView(
        upcard_passes=_read_seats(doc["upcard_passes"], f"{path}.upcard_passes", players),
        knocker=_read_seat_or_none(doc["knocker"], f"{path}.knocker", players),
        gin=read_bool(doc["gin"], f"{path}.gin"),
        layoffs=read_faces(doc["layoffs"], f"{path}.layoffs"),
        knock_card=read_card(doc["knock_card"], f"{path}.knock_card"),
    )


def _read_log(data: Any) -> tuple[str, ...]:
    entries = read_list(data, "$.log")
    if len(entries) > LOG_SIZE:
        raise JSONError("$.log", f"expected at most {LOG_SIZE} moves, got {len(entries)}")
    out = []
    for i, entry in enumerate(entries):
        text = read_text(entry, f"$.log[{i}]")
        if len(text) > _MAX_LOG_TEXT:
            raise JSONError(f"$.log[{i}]", f"expected a move of at most {_MAX_LOG_TEXT} characters")
        out.append(text)
    return tuple(out)


def _read_move_text(value: Any, path: str) -> Move:
    try:
        return parse_move(read_text(value, path))
    except NotationError as error:
        raise JSONError(path, str(error)) from None


# --------------------------------------------------------------------------- matches


def match_from_document(doc: Any) -> Match:
    """A match from its document, every field checked and the match played
    again from its start (each round's seats, each decision), so that what
    loads is a match the variant's match stage allows; JSONError names the
    path of the first problem."""
    doc = read_header(doc, "match", ("variant", "players", "rounds", "first_dealer", "results", "decisions"))
    variant = load_variant_document(doc["variant"], "$.variant")
    players = read_int(doc["players"], "$.players", variant.players.min, variant.players.max)
    try:
        match = Match.start(
            variant,
            players=players,
            first_dealer=read_int(doc["first_dealer"], "$.first_dealer", 0, players - 1),
            rounds=read_int(doc["rounds"], "$.rounds", 0, MAX_ROUNDS),
        )
    except ValueError as error:
        raise JSONError("$.rounds", str(error)) from None
    results = read_list(doc["results"], "$.results")
    decisions = [
        _read_decision(d, f"$.decisions[{i}]", players)
        for i, d in enumerate(read_list(doc["decisions"], "$.decisions"))
    ]
    for index in range(len(results) + 1):
        for i, decision in enumerate(decisions):
            if decision.after == index:
                match = _decide(match, decision, f"$.decisions[{i}]")
        if index < len(results):
            match = _record_result(match, _read_round_result(results[index], players, index), index)
    if any(d.after > len(results) for d in decisions):
        raise JSONError("$.decisions", "expected decisions after rounds played only")
    return match


def _read_round_result(doc: Any, players: int, index: int) -> RoundResult:
    result = read_result(doc, players, f"$.results[{index}]")
    if result is None:
        raise JSONError(f"$.results[{index}]", "expected a round's result, got null")
    return result


def _read_decision(doc: Any, path: str, players: int) -> Decision:
    read_object(doc, path, ("after", "seat", "choice"))
    choice = read_text(doc["choice"], f"{path}.choice")
    if choice not in DECISIONS:
        raise JSONError(f"{path}.choice", f"expected one of {', '.join(DECISIONS)}, got {describe(choice)}")
    return Decision(
        read_int(doc["after"], f"{path}.after", 0, MAX_ROUNDS),
        read_int(doc["seat"], f"{path}.seat", 0, players - 1),
        choice,
    )


def _decide(match: Match, decision: Decision, path: str) -> Match:
    try:
        return match.decide(decision.seat, decision.choice)
    except ValueError as error:  # IllegalMove too
        raise JSONError(path, str(error)) from None


def _record_result(match: Match, result: RoundResult, index: int) -> Match:
    """The match with round ``index``'s result, stored by match seat, recorded
    again by round seat: a seat not in play must have scored nothing."""
    path = f"$.results[{index}]"
    active = match.active
    for seat, score in enumerate(result.scores):
        if seat not in active and score:
            raise JSONError(
                f"{path}.scores[{seat}]", f"expected 0: seat {seat} did not play round {index + 1}"
            )
    seats = {seat: j for j, seat in enumerate(active)}
    if any(w not in seats for w in result.winners) or (
        result.winner is not None and result.winner not in seats
    ):
        raise JSONError(f"{path}.winners", f"expected seats that played round {index + 1}")
    by_round = attrs.evolve(
        result,
        winner=None if result.winner is None else seats[result.winner],
        winners=tuple(seats[w] for w in result.winners),
        scores=tuple(result.scores[seat] for seat in active),
    )
    try:
        after = match.record(by_round)
    except ValueError as error:
        raise JSONError(path, str(error)) from None
    if after.results[-1] != result:
        raise JSONError(path, "expected a result kept by match seat")
    return after


# --------------------------------------------------------------------------- a state's consistency


def check_state(state: RoundState) -> None:
    """What a loaded state must hold beyond its fields' types: every card once,
    a turn that fits the phase and the table, a result exactly when the round
    is over and equal to the round's scoring."""
    if state.exchange is not None and not deal_rule(state.variant).exchange_card:
        raise JSONError("$.exchange", f"{state.variant.id} has no exchange card")
    _check_cards(state)
    if state.deck and Counter(state.deck) != Counter(state.all_cards()):
        raise JSONError("$.deck", "expected the cards of the round in the order they were dealt")
    if state.phase != "over" and going_out_rule(state.variant).turn_cap_reached(state.turns_played):
        raise JSONError("$.turns_played", "the round ends when it reaches the turn cap")
    _check_turn(state)
    _check_result(state)
    _check_contract_keys(state)


def _check_contract_keys(state: RoundState) -> None:
    """A deal number only where the variant has contracts (one of its deals),
    buys only where it buys, and an open buy window only right after a draw
    from the stock (R-CON-10)."""
    deals = deal_count(state.variant)
    if state.deal_number > deals:
        raise JSONError("$.deal_number", f"expected a deal from 1 to {deals}" if deals else "no deal number")
    if state.buys and buy_rule(state.variant) is None:
        raise JSONError("$.buys", f"{state.variant.id} has no buying")
    turn = state.turn
    if state.buy_window and (state.phase != "play" or turn.source != "stock" or turn.steps):
        raise JSONError("$.buy_window", "expected a window only right after a draw from the stock")
    if state.buy_window and buy_rule(state.variant) is None:
        raise JSONError("$.buy_window", f"{state.variant.id} has no buying")


def _check_cards(state: RoundState) -> None:
    """Every card of the deck exactly once (a joker option may change the count);
    the deck is counted, never built, so no count can exhaust memory."""
    band = state.variant.deck_band(state.players)
    have = Counter(state.all_cards())
    jokers = have.pop(JOKER, 0)
    for card in sorted(have, key=code_order):
        if have[card] > band.decks:
            raise JSONError("$", f"more copies of {card} than the deck holds")
    for card in build_deck(1, 0):
        if have[card] < band.decks:
            raise JSONError("$", f"the card {card} is nowhere (every card must be somewhere)")
    allowed = (band.jokers, *band.joker_options)
    if jokers > max(allowed):
        raise JSONError("$", f"more copies of {JOKER} than the deck holds")
    if jokers not in allowed:
        raise JSONError("$", f"the card {JOKER} is nowhere (every card must be somewhere)")


def _table_faces(table: Sequence[TableMeld]) -> Counter[Card]:
    return Counter(c.face for t in table for c in t.meld.cards)


def _check_turn(state: RoundState) -> None:
    turn = state.turn
    if state.phase != "play":
        fresh = Turn(start_jokers=turn.start_jokers)
        if turn != fresh:
            raise JSONError(
                "$.turn", f"expected a turn with nothing drawn or played in the {state.phase} phase"
            )
        return
    for index in turn.new_melds:
        if state.table[index].owner != state.to_move:
            raise JSONError("$.turn.new_melds", f"meld {index} is not the mover's")
    cards = Counter(state.hands[state.to_move]) + _table_faces(state.table)
    for i, step in enumerate(turn.steps):
        _check_step(state, step, f"$.turn.steps[{i}]", cards)
        if i and len(step.table) < len(turn.steps[i - 1].table):
            raise JSONError(
                f"$.turn.steps[{i}].table", "expected the table of each step to hold the last one's melds"
            )


def _check_step(state: RoundState, step: Step, path: str, cards: Counter[Card]) -> None:
    """A step is what ``undo`` restores: the mover's hand and the table before
    a play of this turn. It must hold the same cards as the mover's hand and
    the table now, keep every meld this turn did not touch, and its lists must
    be what this turn's lists were then."""
    turn = state.turn
    if Counter(step.hand) + _table_faces(step.table) != cards:
        raise JSONError(path, "expected the same cards as the mover's hand and the table hold now")
    if len(step.table) > len(state.table):
        raise JSONError(f"{path}.table", "expected no more melds than the table holds now")
    touched = {index for index, _ in turn.laid_off}
    for index, entry in enumerate(step.table):
        now = state.table[index]
        if entry != now and (index not in touched or entry.owner != now.owner):
            raise JSONError(
                f"{path}.table[{index}]", "expected the meld as it lies, or laid off to this turn"
            )
    for index in range(len(step.table), len(state.table)):
        if index not in turn.new_melds:
            raise JSONError(f"{path}.table", f"meld {index} was not laid this turn")
    if turn.new_melds[: len(step.new_melds)] != step.new_melds:
        raise JSONError(f"{path}.new_melds", "expected the new melds of this turn so far")
    if turn.laid_off[: len(step.laid_off)] != step.laid_off:
        raise JSONError(f"{path}.laid_off", "expected the lay-offs of this turn so far")
    if step.swaps > turn.swaps:
        raise JSONError(f"{path}.swaps", "expected no more swaps than this turn made")


def _check_result(state: RoundState) -> None:
    result = state.result
    if result is None:
        if state.phase == "over":
            raise JSONError("$.result", "missing: the round is over")
        return
    if state.phase != "over":
        raise JSONError("$.result", f"expected null while the round goes on ({state.phase} phase)")
    _check_ending(state, result)
    expected = round_result(
        state.variant,
        state.hands,
        state.table,
        state.opened,
        result.ending,
        result.winner if result.knocker is None else result.knocker,
    )
    for name in ("ending", "winners", "scores", "deadwood", "knocker"):
        if getattr(result, name) != getattr(expected, name):
            shown = list(getattr(expected, name))
            raise JSONError(f"$.result.{name}", f"expected {shown} (the round's scoring)")


def _check_ending(state: RoundState, result: RoundResult) -> None:
    limits = going_out_rule(state.variant)
    if result.ending in ("went_out", "hand_rummy"):
        if result.winner is None or state.hands[result.winner]:
            raise JSONError("$.result.winner", "expected the seat whose hand is empty")
        return
    if result.winner is not None:
        raise JSONError(
            "$.result.winner", f"expected null: nobody went out of a round that ends {result.ending}"
        )
    if result.ending == "turn_cap" and state.turns_played < limits.turn_cap():
        raise JSONError("$.result.ending", f"the round has not reached its turn cap ({limits.turn_cap()})")
    if result.ending == "blocked":
        can_refill = limits.reshuffle_allowed(state.reshuffles, len(state.discard))
        if state.stock or not limits.stock_runs_out() or can_refill:
            raise JSONError("$.result.ending", "the stock is not exhausted for good")


def from_json(text: str | bytes | dict[str, Any]) -> Any:
    """Load a document written by :func:`to_json` (a state, a view, a move or
    a record), given as JSON text or as the dict it parses to.

    Bad input of any kind, however large or deep, raises :class:`JSONError`:
    a document holds at most ``MAX_DOCUMENT_CHARS`` characters and nests at
    most ``MAX_DEPTH`` levels."""
    doc = text if isinstance(text, dict) else parse_document(text)
    kind = doc.get("type") if isinstance(doc, dict) else None
    if kind == "state":
        return state_from_document(doc)
    if kind == "move":
        read_header(doc, "move", ("move",))
        try:
            return parse_move(read_text(doc["move"], "$.move"))
        except NotationError as error:
            raise JSONError("$.move", str(error)) from None
    if kind == "record":
        return Record.from_document(doc)
    if kind == "match":
        return match_from_document(doc)
    if kind == "view":
        return view_from_document(doc)
    check_schema(doc)
    raise JSONError("$.type", f"expected state, move, record, view or match, got {describe(kind)}")
