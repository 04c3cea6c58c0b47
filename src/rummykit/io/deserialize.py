"""Reading the JSON documents :func:`~rummykit.io.serialize.to_json` writes:
states, views, matches and moves (:func:`from_json`), each checked key by key,
naming the JSON path of the first problem."""

from __future__ import annotations

from typing import Any

import attrs

from rummykit.core.cards import JOKER_CODE, Card
from rummykit.core.errors import NotationError, Refusal
from rummykit.core.meld_growth import rebuild_meld
from rummykit.core.meld_model import MeldRules
from rummykit.core.moves import Move, parse_move
from rummykit.core.round_values import LOG_SIZE, Knocking, RoundResult, Step, TableMeld, Turn, leaving_of
from rummykit.io.documents import (
    MAX_JOKERS,
    MAX_SCORE,
    SCHEMA,
    JSONError,
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
)
from rummykit.io.records import Record
from rummykit.io.state_checks import check_state
from rummykit.round.knocking import KNOCK_PHASES
from rummykit.round.match_play import Match
from rummykit.round.state import RoundState
from rummykit.round.views import KnockView, OpeningView, PlayerView, TableView
from rummykit.rules.match import DECISIONS, Decision
from rummykit.rules.rule_set import rules_of
from rummykit.variant.model import MAX_DECKS, MAX_PLAYERS, MAX_ROUNDS, MAX_SET_SIZE, MAX_TURN_CAP, Variant

__all__ = [
    "from_json",
    "match_from_document",
    "state_from_document",
    "view_from_document",
]


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
_VIEW_OPTIONAL = ("deal_number", "knock", "indicator", "dropped", "chosen")  # written where in use
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


def _read_dropped(data: Any, players: int) -> tuple[int, ...]:
    """The seats out of the deal with the score each left with (empty: none)."""
    if not data:
        return ()
    items = read_list(data, "$.dropped", players)
    return tuple(read_int(x, f"$.dropped[{i}]", 0, MAX_TURN_CAP) for i, x in enumerate(items))


def _read_has_drawn(data: Any, players: int) -> tuple[bool, ...]:
    """Who has had a turn in this deal, where a position said (empty: found from the turns)."""
    if not data:
        return ()
    items = read_list(data, "$.has_drawn", players)
    return tuple(read_bool(x, f"$.has_drawn[{i}]") for i, x in enumerate(items))


def state_from_document(doc: Any) -> RoundState:
    """A state from its document, every field checked; JSONError names the path
    of the first problem."""
    optional = (
        *("exchange", "result", "seed", "deck", "deal_number", "buys", "buy_window", "knocking", "log"),
        *("dropped", "has_drawn", "out_of_play"),
        "indicator",
    )
    doc = read_header(doc, "state", _STATE_KEYS, optional)
    variant = load_variant_document(doc["variant"], "$.variant")
    players = read_int(doc["players"], "$.players", variant.players.min, variant.players.max)
    limits = rules_of(variant).going_out
    phase = read_text(doc["phase"], "$.phase")
    if phase not in ("draw", "play", "over", *KNOCK_PHASES):
        raise JSONError("$.phase", f"expected draw, play or over, got {describe(phase)}")
    if phase in KNOCK_PHASES and rules_of(variant).knock is None:
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
        leaving=leaving_of(
            _read_dropped(doc.get("dropped", []), players),
            _read_has_drawn(doc.get("has_drawn", []), players),
            read_faces(doc.get("out_of_play", ""), "$.out_of_play"),
        ),
        indicator=read_card(doc.get("indicator"), "$.indicator"),
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
    doc = read_header(doc, "view", _VIEW_KEYS, (*_VIEW_KEYS_2, *_VIEW_OPTIONAL))
    if doc["schema"] >= SCHEMA:
        read_object(doc, "$", ("schema", "type", *_VIEW_KEYS, *_VIEW_KEYS_2), _VIEW_OPTIONAL)
    players = read_int(doc["players"], "$.players", 1, MAX_PLAYERS)
    seat = doc["seat"]
    hand = doc["hand"]
    view = PlayerView(
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
        indicator=read_card(doc.get("indicator"), "$.indicator"),
        dropped=_read_dropped(doc.get("dropped", []), players),
        chosen=read_card(doc.get("chosen"), "$.chosen"),
    )
    _check_view_counts(view)
    return view


def _check_view_counts(view: PlayerView) -> None:
    """The counts a view states agree with the cards it shows: the seat's
    hand size with its hand, the discard pile's size with the discards shown."""
    if view.seat is not None and view.hand is not None and view.hand_sizes[view.seat] != len(view.hand):
        raise JSONError(
            f"$.hand_sizes[{view.seat}]",
            f"expected {len(view.hand)}, the cards of the hand shown, got {view.hand_sizes[view.seat]}",
        )
    if view.discard_size < len(view.discards):
        stated, shown = view.discard_size, len(view.discards)
        raise JSONError("$.discard_size", f"expected at least {shown}, the discards shown, got {stated}")


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
    read_object(doc, path, ("minimum", "so_far"), ("allowed", "reason"))
    minimum = doc["minimum"]
    return OpeningView(
        None if minimum is None else read_int(minimum, f"{path}.minimum", 1, MAX_SCORE),
        read_int(doc["so_far"], f"{path}.so_far", -MAX_SCORE, MAX_SCORE),
        read_bool(doc.get("allowed", False), f"{path}.allowed"),
        _read_reason(doc.get("reason"), f"{path}.reason"),
    )


def _read_reason(doc: Any, path: str) -> Refusal | None:
    """A refusal as a view writes it, ``{"code", "message"}`` (the message
    kept as written: it has no fields left to fill in)."""
    if doc is None:
        return None
    read_object(doc, path, ("code", "message"))
    return Refusal(read_text(doc["code"], f"{path}.code"), read_text(doc["message"], f"{path}.message"))


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
