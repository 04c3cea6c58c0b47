"""rummykit serve's guarantees, checked against a real server on 127.0.0.1:
a token acts only for its seat, no message to a seat holds another seat's
cards, the stock or the seed, stale and replayed moves are refused, and bad
messages get an error and change nothing. Run with -s to see the counts."""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from typing import Any

import httpx
import pytest
from serve_support import TIMEOUT, Client, cards, create_game, served, states_by_id
from websockets.exceptions import ConnectionClosed

from rummykit.core.cards import format_cards
from rummykit.round.state import RoundState
from rummykit.serve import Game
from rummykit.serve.messages import MessageError, read_message

CARD = re.compile(r"(?<![A-Za-z0-9])(?:[2-9TJQKA][cdhs]|JK)(?![A-Za-z0-9])")
STANDS_FOR = re.compile(r"JK=[2-9TJQKA][cdhs]")
HIDDEN_KEYS = {"hands", "stock", "deck", "seed", "master_seed", "secret", "tokens", "stocks"}


def keys_of(value: Any) -> set[str]:
    if isinstance(value, dict):
        return set(value) | {k for v in value.values() for k in keys_of(v)}
    if isinstance(value, list):
        return {k for v in value for k in keys_of(v)}
    return set()


def public_faces(states: dict[int, RoundState], upto: int, seat: int | None) -> set[str]:
    """Every card face the seat may know at state ``upto``: its hand, and
    whatever was ever on the table, in the discards or the exchange."""
    faces: set[str] = set() if seat is None else {str(c) for c in states[upto].hands[seat]}
    for state_id in range(upto + 1):
        state = states.get(state_id)
        if state is None or state.players != states[upto].players:
            continue
        for meld in state.table:
            faces |= set(CARD.findall(meld.meld.notation()))
        faces |= {str(c) for c in state.discard}
        if state.exchange is not None:
            faces.add(str(state.exchange))
    return faces


def check_messages(received: list[str], seat: int | None, game: Game, counts: Counter[str]) -> None:
    """Every message a seat (None: a spectator) got holds its own hand only,
    no other hand, no stock order, no seed and no card it cannot know."""
    states = states_by_id(game.rounds)
    # the rounds' seeds (62-bit numbers derived from the game's seed, which
    # its creator chose and is a small number here, so not searched for)
    seeds = {str(r.seed) for r in game.rounds if r.seed is not None}
    assert seeds and all(len(seed) >= 9 for seed in seeds)
    for text in received:
        message = json.loads(text)
        counts["messages"] += 1
        assert not keys_of(message) & HIDDEN_KEYS, text
        counts["hidden keys absent"] += 1
        assert not any(seed in text for seed in seeds)
        counts["seeds absent"] += len(seeds)
        if message["type"] != "view":
            continue
        state = states[message["state_id"]]
        view = message["view"]
        if seat is None:
            assert view["hand"] is None
        else:
            assert cards(view["hand"]) == state.hands[seat]
        counts["own hand only"] += 1
        for other, hand in enumerate(state.hands):
            if other == seat or len(hand) < 4:  # a short hand may be a meld laid and taken back
                continue
            for order in (list(hand), sorted(hand, key=str)):
                assert json.dumps(format_cards(order).split()) not in text
                assert format_cards(order) not in text
            counts["other hands absent"] += 1
        if len(state.stock) >= 2:
            assert json.dumps(format_cards(state.stock).split()) not in text
            assert format_cards(state.stock) not in text
            counts["stock order absent"] += 1
        known = public_faces(states, message["state_id"], seat)
        # "JK=4d" names what a joker stands for (in a meld or a legal move), not a card
        leaked = set(CARD.findall(STANDS_FOR.sub("JK", json.dumps(view)))) - known
        assert not leaked, (message["state_id"], leaked)
        counts["card faces known"] += 1


@pytest.mark.parametrize(
    ("variant", "players", "match"),
    [
        ("rami51", 3, False),
        ("gin", 2, False),
        ("romme", 2, False),
        ("rami51", 2, True),
        ("handromi", 3, False),
    ],
)
def test_no_message_holds_another_seats_cards_the_stock_or_the_seed(
    variant: str, players: int, match: bool
) -> None:
    counts: Counter[str] = Counter()
    bots = {str(s): ("greedy" if s % 2 else "random") for s in range(1, players)}
    with served() as (base, registry):
        created = create_game(base, variant=variant, players=players, bots=bots, match=match, seed=17)
        game = registry.get(created["game"])
        watcher = Client(base, created["game"])
        seat = Client(base, created["game"], created["seats"]["0"])
        seat.receive()
        rng = random.Random(7)
        while True:
            seat.play_random(0, rng)
            summary = seat.last["match"] if seat.last else None
            if summary is None or summary["over"]:
                break
            seat.send({"type": "next_round", "state_id": seat.state_id})
            seat.receive()
        while watcher.receive()["state_id"] != game.state_id:
            continue
        seat.close()
        watcher.close()
    token = created["seats"]["0"]
    assert not any(token in text for text in seat.received + watcher.received)
    check_messages(seat.received, 0, game, counts)
    check_messages(watcher.received, None, game, counts)
    print(f"\nsecurity ({variant}, {len(game.rounds)} round(s)): {dict(counts)}")


def test_a_token_acts_only_for_its_own_seat() -> None:
    counts: Counter[str] = Counter()
    with served() as (base, registry):
        created = create_game(base, variant="rami51", players=3, bots={"2": "greedy"}, seed=5)
        other_game = create_game(base, variant="rami51", players=2, bots={"1": "random"}, seed=5)
        game = registry.get(created["game"])
        clients = {s: Client(base, created["game"], created["seats"][str(s)]) for s in (0, 1)}
        for client in clients.values():
            client.receive()
        mover = game.state.to_move
        other = 1 - mover
        before = (game.state_id, game.state)
        for client, text, code in (
            (clients[other], "draw", "turn.not-your-turn"),
            (clients[other], f"{mover}: draw", "turn.not-your-turn"),
            (clients[mover], f"{other}: draw", "turn.not-your-turn"),
            (clients[other], f"{mover}:draw", "turn.not-your-turn"),
        ):
            client.move(text)
            reply = client.reply()
            assert reply["type"] == "refused" and reply["code"] == code, reply
            assert (game.state_id, game.state) == before
            counts["moves for another seat refused"] += 1
        for token, game_id in (
            ("not-a-token", created["game"]),
            (created["seats"]["0"][:-1], created["game"]),
            (other_game["seats"]["0"], created["game"]),
            (created["seats"]["0"], other_game["game"]),
        ):
            stranger = Client(base, game_id, token)
            error = stranger.receive()
            assert error == {
                "type": "error",
                "code": "game.bad-token",
                "message": "This token is no seat's token in this game.",
            }
            with pytest.raises(ConnectionClosed) as closed:
                stranger.receive()
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 4403
            counts["foreign tokens refused"] += 1
        clients[mover].move("draw")
        moved = clients[mover].receive()
        seen = clients[other].receive()
        for client in clients.values():
            client.close()
    assert moved["state_id"] == seen["state_id"] == before[0] + 1
    assert cards(seen["view"]["hand"]) == game.state.hands[other]
    print(f"\nsecurity (tokens): {dict(counts)}")


def test_stale_and_replayed_moves_are_refused() -> None:
    counts: Counter[str] = Counter()
    with served() as (base, registry):
        created = create_game(base, variant="rami51", players=2, bots={"1": "greedy"}, seed=3)
        game = registry.get(created["game"])
        seat = Client(base, created["game"], created["seats"]["0"])
        seat.settle(0)
        start = seat.state_id
        draw = {"type": "move", "state_id": start, "move": "draw"}
        seat.send(draw)
        seat.send(draw)  # a double submit: the second one is stale
        assert seat.receive()["state_id"] == start + 1
        refused = seat.reply()
        assert refused == {
            "type": "refused",
            "state_id": start + 1,
            "code": "game.stale-state",
            "message": f"The move was made against state {start}; the game is at {start + 1}.",
        }
        counts["double submits refused"] += 1
        seat.move(next(m for m in seat.view["legal"] if m.startswith("discard")))
        seat.settle(0)
        now = (game.state_id, game.state)
        for old in (draw, {"type": "move", "state_id": start + 1, "move": "discard 2c"}):
            seat.send(old)
            assert seat.reply()["code"] == "game.stale-state"
            assert (game.state_id, game.state) == now
            counts["replayed moves refused"] += 1
        for state_id in (-1, now[0] + 1, 10**30):
            seat.move("draw", state_id)
            assert seat.reply()["code"] == "game.stale-state"
            counts["made-up state ids refused"] += 1
        seat.close()
    assert (game.state_id, game.state) == now
    print(f"\nsecurity (stale states): {dict(counts)}")


BAD_MESSAGES: list[str | bytes] = [
    "not json",
    "{",
    "[]",
    "1",
    '"move"',
    "{}",
    '{"type": "dance", "state_id": 0}',
    '{"type": "move"}',
    '{"type": "move", "move": "draw"}',
    '{"type": "move", "state_id": "0", "move": "draw"}',
    '{"type": "move", "state_id": true, "move": "draw"}',
    '{"type": "move", "state_id": 1.5, "move": "draw"}',
    '{"type": "move", "state_id": 0, "move": 5}',
    '{"type": "move", "state_id": 0, "move": null}',
    '{"type": "next_round"}',
    '{"type": "move", "state_id": 0, "move": "draw", "type": "check"}',  # a key twice: as the HTTP API
    '{"type": "move", "state_id": NaN, "move": "draw"}',
    '{"type": "move", "state_id": 0, "move": "draw", "seat": 1}',  # an unknown field: as the HTTP API
    '{"type": "next_round", "state_id": 0, "move": "draw"}',
    '{"type": "check", "state_id": 0, "move": "\\ud800"}',  # no answer could echo a lone surrogate
    '{"type": "move", "state_id": 0, "move": "draw\\udc00"}',
    "[" * 8000 + "]" * 8000,
    '{"type": "move", "state_id": 0, "move": "' + "x" * (16 * 1024) + '"}',
    b"\x00\x01binary",
]


def test_bad_messages_get_an_error_and_change_nothing() -> None:
    counts: Counter[str] = Counter()
    with served() as (base, registry):
        created = create_game(base, variant="rami51", players=2, bots={"1": "greedy"}, seed=12)
        game = registry.get(created["game"])
        seat = Client(base, created["game"], created["seats"]["0"])
        seat.settle(0)
        before = (game.state_id, game.state)
        for bad in BAD_MESSAGES:
            seat.send(bad)
            reply = seat.receive()
            assert reply["type"] == "error" and reply["code"] == "message.invalid", (bad, reply)
            assert reply["message"].startswith("expected ")
            assert (game.state_id, game.state) == before
            counts["bad messages answered with an error"] += 1
        for move in ("fly 3c", "meld", "draw draw", "discard ZZ", "0: 0: draw", ""):
            seat.move(move)
            reply = seat.reply()
            assert reply["type"] == "refused" and reply["code"] == "notation.invalid", (move, reply)
            assert (game.state_id, game.state) == before
            counts["unknown or unreadable moves refused"] += 1
        # A frame beyond the server's limit closes the connection: the client
        # learns it while still sending (the server may close first) or at
        # its next read.
        with pytest.raises((ConnectionClosed, ConnectionResetError, BrokenPipeError)):
            seat.send('{"type": "move", "state_id": 0, "move": "' + "x" * (2 * 1024 * 1024) + '"}')
            seat.receive()
        counts["huge frames closed"] += 1
        again = Client(base, created["game"], created["seats"]["0"])
        assert again.receive()["state_id"] == before[0]
        again.move("draw")
        assert again.receive()["state_id"] == before[0] + 1  # still playable
        again.close()
    print(f"\nsecurity (bad messages): {dict(counts)}")


def test_a_message_with_unknown_fields_is_refused_naming_them_and_changes_nothing() -> None:
    """A move that carries fields of its own (a seat, a token) is not played
    while they are ignored: it is refused, the fields named, and the socket
    stays open for the move without them."""
    with served() as (base, registry):
        created = create_game(base, variant="rami51", players=2, bots={"1": "greedy"}, seed=12, lang="nl")
        game = registry.get(created["game"])
        seat = Client(base, created["game"], created["seats"]["0"])
        seat.settle(0)
        before = (game.state_id, game.state)
        move = {
            "type": "move",
            "state_id": game.state_id,
            "move": "draw",
            "seat": 1,
            "token": "x",
            "unexpected": [1],
        }
        seat.send(move)
        refused = seat.reply()
        unchanged = (game.state_id, game.state) == before
        seat.send({"type": "check", "state_id": game.state_id, "move": "draw", "bogus": 1})
        check_refused = seat.reply()
        seat.move("draw")
        played = seat.receive()
        seat.close()
    assert refused["type"] == "error" and refused["code"] == "message.invalid" and unchanged
    assert "'seat', 'token', 'unexpected'" in refused["message"]
    assert refused["message"] != str(read_error(move))  # in the game's language (Dutch)
    assert check_refused["code"] == "message.invalid" and "'bogus'" in check_refused["message"]
    assert played["type"] == "view" and played["state_id"] == before[0] + 1


def read_error(message: dict[str, object]) -> MessageError:
    """The error reading ``message`` gives (in English)."""
    with pytest.raises(MessageError) as error:
        read_message(json.dumps(message))
    return error.value


@pytest.mark.parametrize(
    ("content_type", "shown"),
    [
        (None, "none"),
        ("text/plain", "'text/plain'"),
        ("multipart/form-data", "'multipart/form-data'"),
    ],
)
def test_a_body_not_labelled_json_is_refused(content_type: str | None, shown: str) -> None:
    """A page of another site can send plain text or a form to the server
    without the browser asking it first; JSON it cannot."""
    body = json.dumps({"variant": "gin", "players": 2, "bots": {"1": "random"}}).encode()
    headers = {} if content_type is None else {"Content-Type": content_type}
    with served() as (base, registry):
        response = httpx.post(f"{base}/api/games", content=body, headers=headers, timeout=TIMEOUT)
        labelled = httpx.post(
            f"{base}/api/games",
            content=body,
            headers={"Content-Type": "Application/JSON; charset=utf-8"},
            timeout=TIMEOUT,
        )
    assert response.status_code == 415
    assert response.json()["error"] == {
        "code": "request.content-type",
        "message": f"expected a body of type application/json, got {shown}",
    }
    assert labelled.status_code == 201 and len(registry.games) == 1


def test_bad_requests_are_refused_with_a_code() -> None:
    counts: Counter[str] = Counter()
    with served() as (base, registry):
        for body, status in (
            (b"x" * (16 * 1024 + 1), 413),
            (b"{not json", 400),
            (b"[]", 400),
            (json.dumps({"variant": "../../etc/passwd"}).encode(), 400),
            (json.dumps({"variant": "rami51", "players": 9}).encode(), 400),
            (json.dumps({"variant": "rami51", "players": True}).encode(), 400),
            (
                json.dumps(
                    {"variant": "rami51", "players": 2, "bots": {"0": "greedy", "1": "random"}}
                ).encode(),
                400,
            ),
            (json.dumps({"variant": "rami51", "players": 2, "bots": {"5": "greedy"}}).encode(), 400),
            (json.dumps({"variant": "rami51", "players": 2, "bots": {"1": "oracle"}}).encode(), 400),
            (json.dumps({"variant": "rami51", "players": 2, "seed": -1}).encode(), 400),
            (json.dumps({"variant": "rami51", "players": 2, "lang": "xx"}).encode(), 400),
            (json.dumps({"variant": "rami51", "players": 2, "cheat": True}).encode(), 400),
            (b'{"variant": "rami51", "players": 2, "players": 3}', 400),  # a key twice
            (b'{"variant": "rami51", "players": 3, "bots": {"1": "random", "01": "greedy"}}', 400),
            (b'{"variant": "rami51", "players": 3, "bots": {"001": "random"}}', 400),
            (b'{"variant": "rami51", "players": 2, "seed": ' + b"9" * 5000 + b"}", 400),
        ):
            json_body = {"Content-Type": "application/json"}
            response = httpx.post(f"{base}/api/games", content=body, headers=json_body, timeout=TIMEOUT)
            assert response.status_code == status, (body[:80], response.text)
            error = response.json()["error"]
            assert error["code"] and error["message"]
            counts["bad requests refused"] += 1
        assert registry.games == {}
        missing = httpx.get(f"{base}/api/games/nothing/record", timeout=TIMEOUT)
        assert missing.status_code == 404 and missing.json()["error"]["code"] == "game.not-found"
        lost = Client(base, "nothing")
        assert lost.receive()["code"] == "game.not-found"
        lost.close()
        counts["unknown games refused"] += 2
    print(f"\nsecurity (requests): {dict(counts)}")


def test_a_path_or_method_the_api_has_not_is_a_json_error() -> None:
    """Every answer of the API is JSON, the routing's 404 and 405 too (a
    fuzz found them plain text); other paths keep plain text."""
    with served() as (base, _):
        for method, path, status, code in (
            ("GET", "/api/games/x", 404, "request.not-found"),
            ("GET", "/api/games", 405, "request.method-not-allowed"),
            ("DELETE", "/api/games", 405, "request.method-not-allowed"),
        ):
            answer = httpx.request(method, base + path, timeout=TIMEOUT)
            assert answer.status_code == status and answer.json()["error"]["code"] == code, (method, path)
        assert httpx.get(base + "/api/games", timeout=TIMEOUT).headers["allow"] == "POST"
        assert httpx.get(base + "/nosuch", timeout=TIMEOUT).headers["content-type"].startswith("text/plain")
