"""What one client may cost rummykit serve. It holds at most ``max_games``
games (``--max-games``): a game beyond the cap is refused with ``game.limit``
and changes nothing, and the finished games no socket watches make room first
(a store keeps them). Sockets per game and per address, new games a minute
per address, and what waits on a socket are bounded; frames are never
compressed."""

from __future__ import annotations

import asyncio
import base64
import json
import os
import random
import re
import socket
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager, suppress
from pathlib import Path

import httpx
import pytest
from serve_support import TIMEOUT, Client, create_game, seeded_registry, served, socket_url
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import PlainTextResponse
from starlette.routing import Route
from websockets.exceptions import ConnectionClosed, InvalidHandshake
from websockets.sync.client import connect

import rummykit as rk
from rummykit.play.cli import main
from rummykit.serve import GameRegistry, GameSpec, GameStore, ServerLimits, create_app, running
from rummykit.serve.limits import ADDRESSES, CreationRate, Outbox
from rummykit.serve.registry import DEFAULT_MAX_GAMES
from rummykit.serve.server import MAX_HEADER_BYTES, header_length

GIN = {"variant": "gin", "players": 2, "bots": {"1": "random"}}


def post_game(base: str, **body: object) -> httpx.Response:
    return httpx.post(f"{base}/api/games", json=body, timeout=TIMEOUT)


def play_to_the_end(base: str, created: dict[str, object], keep_open: bool = False) -> Client:
    seats = created["seats"]
    assert isinstance(seats, dict)
    seat = Client(base, str(created["game"]), seats["0"])
    seat.receive()
    assert seat.play_random(0, random.Random(5))["phase"] == "over"
    if not keep_open:
        seat.close()
    return seat


def wait_unwatched(registry: GameRegistry, game_id: str) -> None:
    """Wait until the server has seen the game's last socket close."""
    left = threading.Event()
    for _ in range(2000):
        if not registry.games[game_id].listeners:
            return
        left.wait(0.01)
    raise AssertionError(f"game {game_id} is still watched")


def test_a_game_beyond_the_cap_is_refused_and_changes_nothing() -> None:
    with served(seeded_registry(max_games=2)) as (base, registry):
        first = create_game(base, seed=1, **GIN)
        second = create_game(base, seed=2, **GIN)
        before = {game_id: game.state_id for game_id, game in registry.games.items()}
        refused = post_game(base, seed=3, **GIN)
        refused_nl = post_game(base, seed=3, lang="nl", **GIN)
        after = {game_id: game.state_id for game_id, game in registry.games.items()}
    assert sorted(before) == sorted([first["game"], second["game"]]) and after == before
    assert refused.status_code == refused_nl.status_code == 503
    error = refused.json()["error"]
    assert error == {
        "code": "game.limit",
        "message": "The server holds 2 games, as many as it may: try again once a game is over.",
    }
    assert refused_nl.json()["error"]["code"] == "game.limit"
    assert refused_nl.json()["error"]["message"].startswith("De server houdt 2 spellen bij")


def test_a_bad_spec_is_still_a_bad_request_at_the_cap() -> None:
    with served(seeded_registry(max_games=1)) as (base, _):
        create_game(base, seed=1, **GIN)
        response = post_game(base, variant="gin", players=9)
    assert response.status_code == 400 and response.json()["error"]["code"] == "request.invalid"


def test_finished_unwatched_games_make_room_and_watched_or_running_ones_do_not() -> None:
    with served(seeded_registry(max_games=2)) as (base, registry):
        running = create_game(base, seed=1, **GIN)
        finished = create_game(base, seed=2, **GIN)
        watcher = play_to_the_end(base, finished, keep_open=True)
        watched = post_game(base, seed=3, **GIN)  # the finished game is still watched
        watcher.close()
        wait_unwatched(registry, finished["game"])
        third = post_game(base, seed=3, **GIN)
        held = sorted(registry.games)
        gone = httpx.get(f"{base}/api/games/{finished['game']}/record", timeout=TIMEOUT)
    assert watched.status_code == 503 and watched.json()["error"]["code"] == "game.limit"
    assert third.status_code == 201
    assert held == sorted([running["game"], third.json()["game"]])
    assert gone.status_code == 404  # no store: a dropped game is gone


def test_a_dropped_game_stays_in_the_store_and_is_read_back(tmp_path: Path) -> None:
    store = GameStore(tmp_path / "games.sqlite3")
    with served(seeded_registry(store, max_games=1)) as (base, registry):
        finished = create_game(base, seed=2, **GIN)
        seat = play_to_the_end(base, finished)
        wait_unwatched(registry, finished["game"])
        created = post_game(base, seed=3, **GIN)
        dropped = finished["game"] not in registry.games
        record = httpx.get(f"{base}/api/games/{finished['game']}/record", timeout=TIMEOUT)
        again = Client(base, finished["game"], finished["seats"]["0"])
        view = again.receive()
        again.move("draw", view["state_id"])
        refused = again.reply()
        again.close()
        held = sorted(registry.games)
    assert created.status_code == 201 and dropped
    assert held == [created.json()["game"]]
    assert store.load(finished["game"]) is not None
    assert record.status_code == 200 and rk.from_json(record.text).replay().is_over
    assert view["type"] == "view" and view["view"]["phase"] == "over"
    assert view["state_id"] == seat.state_id
    assert refused["type"] == "refused"


def test_a_store_larger_than_the_cap_keeps_its_running_games_in_memory(tmp_path: Path) -> None:
    database = tmp_path / "games.sqlite3"
    store = seeded_registry(GameStore(database))
    running, _ = store.create(GameSpec("gin", players=2, bots=((1, "random"),), seed=1))
    done, tokens = store.create(GameSpec("gin", players=2, bots=((1, "random"),), seed=2))
    with served(store) as (base, _):
        play_to_the_end(base, {"game": done.id, "seats": {"0": tokens[0]}})
    restarted = GameRegistry(GameStore(database), max_games=1)
    assert sorted(restarted.games) == [running.id]
    assert restarted.get(done.id).finished
    with pytest.raises(rk.IllegalMove) as info:
        restarted.create(GameSpec("gin", players=2, bots=((1, "random"),), seed=3))
    assert info.value.code == "game.limit" and sorted(restarted.games) == [running.id]


def test_the_cap_has_a_default_and_is_checked() -> None:
    assert GameRegistry().max_games == DEFAULT_MAX_GAMES == 1000
    with pytest.raises(ValueError, match="max_games: expected an integer of at least 1, got 0"):
        GameRegistry(max_games=0)


def test_the_serve_command_checks_max_games(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", "--max-games", "0"]) == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and "--max-games must be at least 1, not 0" in error


def test_the_serve_command_refuses_an_empty_store(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)  # an empty path had been read as the current folder
    assert main(["serve", "--port", "0", "--store", ""]) == 2
    error = capsys.readouterr().err
    assert error == "rummykit: error: serve: --store names no file or folder (an empty path)\n"
    assert list(tmp_path.iterdir()) == []


# --------------------------------------------------------------------------- per client


def test_games_a_minute_from_one_address_are_limited() -> None:
    with served(seeded_registry(), ServerLimits(games_per_minute=3)) as (base, registry):
        answers = [post_game(base, seed=i, **GIN) for i in range(4)]
    assert [a.status_code for a in answers] == [201, 201, 201, 429]
    error = answers[-1].json()["error"]
    assert error["code"] == "request.rate-limited" and "at most 3 new games a minute" in error["message"]
    assert 1 <= int(answers[-1].headers["Retry-After"]) <= 20
    assert len(registry.games) == 3


def test_a_refused_request_costs_none_of_the_games_a_minute() -> None:
    """Bad specifications (400) and a full server (503) make no game, and so
    spend none of the address's new games a minute."""
    with served(seeded_registry(max_games=1), ServerLimits(games_per_minute=2)) as (base, registry):
        bad = [post_game(base, seed=i, variant="rami51", players=9) for i in range(3)]
        bad.append(post_game(base, seed=1, variant="gin", players=2, bots={"1": "search:5ms"}))
        made = post_game(base, seed=1, **GIN)
        full = [post_game(base, seed=i, **GIN) for i in range(2)]
    assert {answer.status_code for answer in bad} == {400}
    assert made.status_code == 201 and len(registry.games) == 1
    assert [answer.json()["error"]["code"] for answer in full] == ["game.limit", "game.limit"]


def test_the_creation_rate_gives_back_a_token() -> None:
    rate = CreationRate(per_minute=1, clock=lambda: 0.0)
    assert rate.allow("a") and not rate.allow("a")
    rate.give_back("a")
    assert rate.allow("a") and not rate.allow("a")
    rate.give_back("a")
    rate.give_back("a")
    assert rate.buckets["a"][0] == 1.0  # never past the bucket's size


def test_unfinished_games_of_one_address_are_limited() -> None:
    limits = ServerLimits(open_games_per_client=2, games_per_minute=100)
    with served(seeded_registry(), limits) as (base, registry):
        first = create_game(base, seed=1, **GIN)
        create_game(base, seed=2, **GIN)
        refused = post_game(base, seed=3, **GIN)
        play_to_the_end(base, first)
        again = post_game(base, seed=4, **GIN)
    assert refused.status_code == 429 and refused.json()["error"]["code"] == "request.too-many-games"
    assert "at most 2 unfinished games from one address" in refused.json()["error"]["message"]
    assert again.status_code == 201 and len(registry.games) == 3


def test_the_creation_rate_refills_and_forgets_the_addresses_idle_longest() -> None:
    now = [0.0]
    rate = CreationRate(per_minute=2, clock=lambda: now[0])
    assert [rate.allow("a"), rate.allow("a"), rate.allow("a")] == [True, True, False]
    now[0] += 30
    assert [rate.allow("a"), rate.allow("a")] == [True, False]
    for address in range(ADDRESSES + 10):
        rate.allow(str(address))
    assert len(rate.buckets) == ADDRESSES and "a" not in rate.buckets


def closed_with(client: Client) -> tuple[dict[str, object], int | None]:
    message = client.receive()
    with pytest.raises(ConnectionClosed):
        client.socket.recv(timeout=TIMEOUT)
    return message, client.socket.close_code


def test_sockets_per_game_and_per_address_are_capped() -> None:
    limits = ServerLimits(sockets_per_game=3, sockets_per_client=5, games_per_minute=100)
    with served(seeded_registry(), limits) as (base, registry):
        one = create_game(base, seed=1, **GIN)
        two = create_game(base, seed=2, **GIN)
        watchers = [Client(base, one["game"]) for _ in range(3)]
        for watcher in watchers:
            watcher.receive()
        game_full = closed_with(Client(base, one["game"]))
        more = [Client(base, two["game"]) for _ in range(2)]
        for watcher in more:
            watcher.receive()
        address_full = closed_with(Client(base, two["game"]))
        watchers[0].close()
        for _ in range(2000):  # the server sees the socket go
            if len(registry.games[one["game"]].listeners) == 2:
                break
            threading.Event().wait(0.01)
        again = Client(base, one["game"])
        room_again = again.receive()["type"]
        for client in [*watchers[1:], *more, again]:
            client.close()
    assert game_full == (
        {"type": "error", "code": "game.too-many-sockets",
         "message": "This game has 3 sockets open, as many as it may."},
        4429,
    )  # fmt: skip
    assert address_full[0]["code"] == "client.too-many-sockets" and address_full[1] == 4429
    assert address_full[0]["message"] == "This address has 5 sockets open, as many as it may."
    assert room_again == "view"


def test_a_socket_that_does_not_read_holds_one_view_and_a_few_replies() -> None:
    outbox = Outbox(limit=3)
    for _ in range(1000):
        outbox.add_view()
    assert len(outbox) == 1
    for n in range(3):
        outbox.add_reply({"n": n})
        outbox.add_view()
    assert len(outbox) == 4 and not outbox.overflowed
    views = iter(range(100))
    assert outbox.take(lambda: {"view": next(views)}) == [{"n": 0}, {"n": 1}, {"n": 2}, {"view": 0}]
    for n in range(4):
        outbox.add_reply({"n": n})
    assert outbox.overflowed and len(outbox) == 3


def test_frames_are_never_compressed() -> None:
    with served() as (base, _):
        created = create_game(base, seed=1, **GIN)
        client = Client(base, created["game"])  # websockets offers permessage-deflate by default
        client.receive()
        extensions = client.socket.protocol.extensions
        client.close()
    assert extensions == []


def test_the_limits_are_checked() -> None:
    for field in ("sockets_per_game", "sockets_per_client", "games_per_minute", "pending_replies",
                  "open_games_per_client", "connections"):  # fmt: skip
        with pytest.raises(ValueError, match=f"{field}: expected an integer of at least 1, got 0"):
            ServerLimits(**{field: 0})
    for wrong in (0, -1.5, float("nan"), float("inf"), True, "10"):
        with pytest.raises(ValueError, match="request_seconds: expected a number of seconds above 0"):
            ServerLimits(request_seconds=wrong)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("option", "value", "said"),
    [
        ("--games-per-minute", "0", "--games-per-minute must be at least 1, not 0"),
        ("--sockets-per-client", "0", "--sockets-per-client must be at least 1, not 0"),
        ("--sockets-per-game", "-3", "--sockets-per-game must be at least 1, not -3"),
        ("--idle-timeout", "0", "--idle-timeout must be above 0 seconds, not 0.0"),
        ("--idle-timeout", "nan", "--idle-timeout must be above 0 seconds, not nan"),
        ("--max-connections", "0", "--max-connections must be at least 1, not 0"),
        ("--request-timeout", "0", "--request-timeout must be a number of seconds above 0, not 0.0"),
        ("--request-timeout", "inf", "--request-timeout must be a number of seconds above 0, not inf"),
    ],
)
def test_the_serve_command_checks_its_limits(
    option: str, value: str, said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["serve", option, value]) == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and said in error


def test_a_socket_that_lets_its_replies_pile_up_is_closed() -> None:
    """A client that sends frames and never reads what comes back: once the
    connection's buffers are full, the replies wait on the server, and past
    ``pending_replies`` of them the server drops the socket. The client here
    is a bare TCP socket with a small receive buffer that, after the opening
    handshake, never reads."""
    limits = ServerLimits(pending_replies=4, sockets_per_client=1000, games_per_minute=1000)
    with served(seeded_registry(), limits) as (base, registry):
        created = create_game(base, seed=1, **GIN)
        game = registry.games[created["game"]]
        with flooding(base, f"/ws/games/{created['game']}"):
            for _ in range(1000):  # the server drops it, though the client never closes
                if not game.listeners:
                    break
                threading.Event().wait(0.01)
            watched = list(game.listeners)
    assert watched == []


@contextmanager
def flooding(base: str, path: str, frames: int = 300_000) -> Iterator[None]:
    """A socket that sends ``x`` frames (each not JSON, so each gets an error
    reply) and reads nothing after the opening handshake; open while the
    block runs. A bare TCP socket with a small receive buffer."""
    host, port = base.removeprefix("http://").split(":")
    with socket.socket() as raw:
        raw.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        raw.connect((host, int(port)))
        raw.settimeout(TIMEOUT)
        key = base64.b64encode(os.urandom(16)).decode()
        raw.sendall(f"GET {path} HTTP/1.1\r\nHost: {host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                    f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n".encode())  # fmt: skip
        answer = b""
        while b"\r\n\r\n" not in answer:
            answer += raw.recv(1)  # the handshake only, byte by byte: nothing of what follows
        assert answer.startswith(b"HTTP/1.1 101"), answer
        frame = bytes([0x81, 0x81, 0, 0, 0, 0]) + b"x"  # a masked text frame (mask 0) holding "x"
        raw.settimeout(10)
        with suppress(OSError):  # the server may stop reading, or reset the connection
            for _ in range(0, frames, 1000):
                raw.sendall(frame * 1000)
        yield


def test_idle_games_expire_while_the_server_runs() -> None:
    registry = seeded_registry(idle_seconds=0.2)
    limits = ServerLimits(games_per_minute=1000)
    with running(create_app(registry, limits, sweep_seconds=0.05)) as base:
        created = create_game(base, seed=1, **GIN)
        for _ in range(400):
            if created["game"] not in registry.games:
                break
            threading.Event().wait(0.01)
        gone = httpx.get(f"{base}/api/games/{created['game']}/labels", timeout=TIMEOUT)
    assert gone.status_code == 404


def test_a_seat_gives_its_token_in_a_header_not_in_the_address() -> None:
    with served() as (base, _):
        created = create_game(base, seed=1, **GIN)
        protocols = ["rummykit", f"rummykit.token.{created['seats']['0']}"]
        with connect(socket_url(base, created["game"]), subprotocols=protocols) as seat:  # type: ignore[arg-type]
            view = json.loads(seat.recv(timeout=TIMEOUT))["view"]
            chosen = seat.subprotocol
        with connect(socket_url(base, created["game"]), subprotocols=["rummykit"]) as spectator:  # type: ignore[list-item]
            watched = json.loads(spectator.recv(timeout=TIMEOUT))["view"]
    assert chosen == "rummykit" and view["hand"] and view["seat"] == 0
    assert watched["hand"] is None


def test_the_serve_command_passes_its_options_on(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    seen: list[tuple[object, ...]] = []
    monkeypatch.setattr("rummykit.serve.server.run", lambda *given: seen.append(given))
    options = [
        "--idle-timeout", "90", "--games-per-minute", "7", "--sockets-per-client", "5",
        "--open-games", "3", "--sockets-per-game", "9", "--max-games", "11",
        "--max-connections", "40", "--request-timeout", "2.5",
        "--forwarded-allow-ips", "10.0.0.1", "--store", str(tmp_path / "g.sqlite3"), "--port", "0",
    ]  # fmt: skip
    assert main(["serve", *options]) == 0
    host, port, store, max_games, limits, idle, forwarded = seen[0]
    assert (host, port, store, max_games, idle, forwarded) == (
        "127.0.0.1",
        0,
        tmp_path / "g.sqlite3",
        11,
        90.0,
        "10.0.0.1",
    )
    assert limits == ServerLimits(
        sockets_per_game=9,
        sockets_per_client=5,
        games_per_minute=7,
        open_games_per_client=3,
        connections=40,
        request_seconds=2.5,
    )


def test_a_client_gone_before_its_body_ends_is_a_bad_request_not_a_traceback() -> None:
    """A POST whose client disconnects mid-body (a fuzz found uvicorn logged
    ClientDisconnect's traceback for each): answered 400, nothing made."""
    from rummykit.serve.app import BadRequest, read_body

    async def gone() -> dict[str, object]:
        return {"type": "http.disconnect"}

    headers = [(b"content-type", b"application/json")]
    request = Request({"type": "http", "method": "POST", "headers": headers}, gone)
    with pytest.raises(BadRequest) as refused:
        asyncio.run(read_body(request))
    assert (refused.value.status, refused.value.code) == (400, "request.invalid")


# --------------------------------------------------------------------------- connections

SLOW = 1.0
"""The request timeout of the connection tests (seconds): short, so that
they end soon; what they check is that a connection is closed at all,
within a margin many times as wide (a slow shared host)."""


def raw_connection(base: str) -> socket.socket:
    host, port = base.removeprefix("http://").split(":")
    return socket.create_connection((host, int(port)), timeout=TIMEOUT)


def read_to_the_end(raw: socket.socket) -> bytes:
    """Everything the server sends until it closes the connection (a reset counts as closed)."""
    got = b""
    with suppress(ConnectionResetError):
        while chunk := raw.recv(4096):
            got += chunk
    return got


def test_a_request_that_does_not_arrive_whole_in_time_is_closed() -> None:
    """A slowloris client: a header never finished, a body shorter than its
    Content-Length, or nothing at all. Each is closed once
    ``request_seconds`` have passed (recv would fail after TIMEOUT, 60 s,
    should it stay open); the server serves on meanwhile."""
    limits = ServerLimits(request_seconds=SLOW)
    with served(limits=limits) as (base, _), ExitStack() as stack:
        header, body, silent = (stack.enter_context(raw_connection(base)) for _ in range(3))
        header.sendall(b"POST /api/games HTTP/1.1\r\nHost: x\r\n")
        header.sendall(b"X-More: still coming\r\n")
        json_body = b"Content-Type: application/json\r\nContent-Length: 10000\r\n\r\n{"
        body.sendall(b"POST /api/games HTTP/1.1\r\nHost: x\r\n" + json_body)
        for _ in range(3):
            assert httpx.get(f"{base}/api/variants", timeout=TIMEOUT).status_code == 200
        answers = [read_to_the_end(raw) for raw in (header, body, silent)]
    assert answers[0].startswith(b"HTTP/1.1 408 ")
    assert answers[1:] == [b"", b""]  # a body cut short: the request's own answer goes to no one


def test_requests_that_arrive_in_time_are_served_on_one_connection() -> None:
    """The request timeout ends with each request: a client that keeps its
    connection and sends whole requests is served, however long it stays
    (each pause is shorter than the keep-alive time)."""
    with (
        served(limits=ServerLimits(request_seconds=SLOW)) as (base, _),
        httpx.Client(timeout=TIMEOUT) as http,
    ):
        statuses = []
        for _ in range(4):
            statuses.append(http.get(f"{base}/api/variants").status_code)
            threading.Event().wait(SLOW / 2)
        statuses.append(
            http.post(f"{base}/api/games", json={"variant": "gin", "bots": {"1": "random"}}).status_code
        )
    assert statuses == [200, 200, 200, 200, 201]


def test_pipelined_requests_that_came_whole_are_all_answered() -> None:
    """Requests sent together (HTTP pipelining) came whole: none is timed
    while it waits for the answers before it (a review found the timer left
    running, and the connection closed after two of four answers)."""

    async def slow(request: Request) -> PlainTextResponse:
        await asyncio.sleep(SLOW * 0.4)
        return PlainTextResponse("ok\n")

    app = Starlette(routes=[Route("/slow", slow)])
    app.state.limits = ServerLimits(request_seconds=SLOW * 0.5)
    request = b"GET /slow HTTP/1.1\r\nHost: x\r\n\r\n"
    with running(app) as base, raw_connection(base) as raw:
        raw.sendall(request * 3 + request.replace(b"\r\n\r\n", b"\r\nConnection: close\r\n\r\n"))
        answer = read_to_the_end(raw)
    assert answer.count(b"HTTP/1.1 200 ") == 4 and b" 408 " not in answer


def test_a_header_larger_than_its_bound_is_refused() -> None:
    with served() as (base, _), raw_connection(base) as raw:
        raw.sendall(b"GET /api/variants HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * MAX_HEADER_BYTES + b"\r\n")
        answer = read_to_the_end(raw)
    assert answer.startswith(b"HTTP/1.1 400 ")


def test_connections_past_the_cap_are_refused_and_free_room_is_used_again() -> None:
    """With ``connections`` open (HTTP ones that send nothing, and a
    WebSocket), one more is answered 503 and closed at once; once some
    close, new ones are served again."""
    limits = ServerLimits(connections=4, request_seconds=TIMEOUT)
    with served(limits=limits) as (base, _):
        created = create_game(base, seed=1, **GIN)
        with ExitStack() as stack:
            spectator = Client(base, str(created["game"]))
            stack.callback(spectator.close)
            spectator.receive()
            held = [stack.enter_context(raw_connection(base)) for _ in range(3)]
            with raw_connection(base) as extra:
                refused = read_to_the_end(extra)
            # refused as it opens: the client learns it from the answer, or while it sends its
            # handshake (where websockets' sync client, its socket closed under it while it sends,
            # can trip its own internal assertion: seen once in CI, a race inside the library)
            with pytest.raises((InvalidHandshake, ConnectionClosed, OSError, AssertionError)):
                Client(base, str(created["game"])).receive()
            held[0].sendall(b"GET /api/variants HTTP/1.1\r\nHost: x\r\n\r\n")
            served_within_cap = held[0].makefile("rb").read(12)
        assert wait_for(lambda: httpx.get(f"{base}/api/variants", timeout=TIMEOUT).status_code == 200)
    assert refused.startswith(b"HTTP/1.1 503 ") and refused.endswith(b"as many connections as it may.\n")
    assert served_within_cap == b"HTTP/1.1 200"


def wait_for(check: Callable[[], bool]) -> bool:
    """Whether ``check`` comes true within TIMEOUT (it is asked again every 50 ms)."""
    for _ in range(TIMEOUT * 20):
        with suppress(httpx.HTTPError):
            if check():
                return True
        threading.Event().wait(0.05)
    return False


@pytest.mark.parametrize("pieces", [1, 2], ids=["in one read", "in two reads each under the bound"])
def test_a_whole_header_larger_than_its_bound_is_refused(pieces: int) -> None:
    """A header past the bound is refused though it arrives whole (h11
    bounds only a header still unfinished after a read)."""
    padding = b"a" * (MAX_HEADER_BYTES + 4000)
    header = b"GET /api/variants HTTP/1.1\r\nHost: x\r\nX-Big: " + padding + b"\r\n\r\n"
    with served() as (base, _), raw_connection(base) as raw:
        size = len(header) // pieces + 1
        for start in range(0, len(header), size):
            raw.sendall(header[start : start + size])
            time.sleep(0.05)
        answer = read_to_the_end(raw)
    assert answer.startswith(b"HTTP/1.1 400 ")


@pytest.mark.parametrize("first", ["GET /api/variants", "POST /api/games"])
def test_a_pipelined_header_past_its_bound_is_refused_after_the_request_before(first: str) -> None:
    """The request before is answered first (and a game it makes is told);
    then the next, whose header is too large, gets 400 (it had been served
    200 when it came in the same read, or written 400 in place of the
    answer to the request before)."""
    body = json.dumps(GIN).encode()
    head = f"{first} HTTP/1.1\r\nHost: x\r\n".encode()
    if first.startswith("POST"):
        head += b"Content-Type: application/json\r\nContent-Length: %d\r\n" % len(body)
    request = head + b"\r\n" + (body if first.startswith("POST") else b"")
    padding = b"X-Big: " + b"a" * (MAX_HEADER_BYTES + 4000) + b"\r\n"
    large = b"GET /api/variants HTTP/1.1\r\nHost: x\r\n" + padding + b"Connection: close\r\n\r\n"
    with served() as (base, registry), raw_connection(base) as raw:
        raw.sendall(request + large)
        answer = read_to_the_end(raw)
    statuses = re.findall(rb"HTTP/1\.1 (\d{3}) ", answer)
    assert statuses == [b"201" if first.startswith("POST") else b"200", b"400"], answer[-300:]
    assert len(registry.games) == (1 if first.startswith("POST") else 0)


def test_a_header_within_its_bound_is_served_beside_a_large_body() -> None:
    """A body read in the same read as its header does not count as header."""
    game = json.dumps(GIN).encode()[:-1]
    body = game + b" " * (MAX_HEADER_BYTES - len(game) - 1) + b"}"
    head = b"POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nConnection: close\r\n"
    with served() as (base, _), raw_connection(base) as raw:
        raw.sendall(head + b"Content-Length: %d\r\n\r\n" % len(body) + body)
        answer = read_to_the_end(raw)
    assert answer.startswith(b"HTTP/1.1 201 "), answer[:200]


def test_header_length_counts_to_the_empty_line() -> None:
    header = b"GET / HTTP/1.1\r\nHost: x\r\n\r\n"
    assert header_length(header + b"body") == len(header)
    assert header_length(b"\r\nGET / HTTP/1.1\nHost: x\n\n") == len(b"GET / HTTP/1.1\nHost: x\n\n")
    assert header_length(b"GET / HTTP/1.1\r\nHost: x\r\n") is None
