"""Helpers of the server tests (tests/test_serve_*.py): a real server on
127.0.0.1 in a thread, HTTP calls, and a WebSocket client per seat.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import httpx
from websockets.sync.client import ClientConnection, connect

from rummykit.core.cards import Card, parse_cards
from rummykit.io.records import Record
from rummykit.round.state import RoundState
from rummykit.serve import GameRegistry, GameStore, ServerLimits, create_app, running
from rummykit.serve.client import RandomPlayer

TIMEOUT = 60  # seconds a client waits for one message before the test fails
TEST_SECRET = b"rummykit tests: seeded deals".ljust(32, b".")
"""Every test game's secret, so that a seed gives the same deals in every run
(a real server gives each game a random one)."""


def seeded_registry(store: GameStore | None = None, **options: Any) -> GameRegistry:
    """A registry whose seeded games deal the same in every run (TEST_SECRET)."""
    return GameRegistry(store, secret=lambda: TEST_SECRET, **options)


@contextmanager
def served(
    registry: GameRegistry | None = None, limits: ServerLimits | None = None
) -> Iterator[tuple[str, GameRegistry]]:
    """A server of ``registry`` (a new one by default) on a free port of
    127.0.0.1, stopped when the block ends: (base URL, registry). The tests
    create many games and sockets from one address: unless ``limits`` says
    otherwise, a thousand games a minute and a thousand sockets."""
    if limits is None:
        limits = ServerLimits(sockets_per_client=1000, games_per_minute=1000, open_games_per_client=1000)
    games = registry if registry is not None else GameRegistry(secret=lambda: TEST_SECRET)
    with running(create_app(games, limits)) as base:
        yield base, games


def create_game(base: str, **body: Any) -> dict[str, Any]:
    response = httpx.post(f"{base}/api/games", json=body, timeout=TIMEOUT)
    assert response.status_code == 201, response.text
    created: dict[str, Any] = response.json()
    return created


def socket_url(base: str, game: str, token: str | None = None) -> str:
    url = base.replace("http://", "ws://", 1) + f"/ws/games/{game}"
    return url if token is None else f"{url}?token={token}"


class Client:
    """One seat's (or a spectator's) WebSocket; every message received is kept
    in ``received`` (the raw text) for the security checks."""

    def __init__(self, base: str, game: str, token: str | None = None) -> None:
        # entered as a context (left in close()): what websockets asks of a sync connection
        self.socket: ClientConnection = connect(
            socket_url(base, game, token), open_timeout=TIMEOUT
        ).__enter__()
        self.received: list[str] = []
        self.last: dict[str, Any] | None = None  # the last view message

    def close(self) -> None:
        self.socket.close()

    def receive(self) -> dict[str, Any]:
        text = self.socket.recv(timeout=TIMEOUT)
        assert isinstance(text, str)
        self.received.append(text)
        message: dict[str, Any] = json.loads(text)
        if message["type"] == "view":
            self.last = message
        return message

    def send(self, message: dict[str, Any] | str | bytes) -> None:
        self.socket.send(message if isinstance(message, (str, bytes)) else json.dumps(message))

    def move(self, move: str, state_id: int | None = None) -> None:
        sid = self.state_id if state_id is None else state_id
        self.send({"type": "move", "state_id": sid, "move": move})

    @property
    def state_id(self) -> int:
        assert self.last is not None
        state_id: int = self.last["state_id"]
        return state_id

    @property
    def view(self) -> dict[str, Any]:
        assert self.last is not None
        view: dict[str, Any] = self.last["view"]
        return view

    def reply(self) -> dict[str, Any]:
        """The next message that is not a view (a refusal or an error)."""
        while True:
            message = self.receive()
            if message["type"] != "view":
                return message

    def settle(self, seat: int) -> dict[str, Any]:
        """Read views until ``seat`` is to move or the round is over; that view."""
        while True:
            message = self.receive()
            assert message["type"] == "view", message
            view = message["view"]
            if view["phase"] == "over" or (view["to_move"] == seat and view["legal"]):
                return view

    def play_random(self, seat: int, rng: random.Random) -> dict[str, Any]:
        """Play random legal moves (see RandomPlayer) for ``seat`` until the round is
        over; every move must be accepted. The last view."""
        view = self.view
        player = RandomPlayer(rng)
        while view["phase"] != "over":
            if view["to_move"] != seat or not view["legal"]:
                view = self.settle(seat)
                continue
            move = player.choose(view["legal"])
            self.move(move)
            view = self.settle(seat)
        return view


def cards(value: str | list[str]) -> tuple[Card, ...]:
    """The cards of a document: a list of cards, or (schema 1) one string of them."""
    return tuple(parse_cards(value if isinstance(value, str) else " ".join(value)))


def states_by_id(records: list[Record]) -> dict[int, RoundState]:
    """Every state of a served game by its state id, replayed from the
    server's records (state 0 is the first deal; each move and each new
    round adds one)."""
    states: dict[int, RoundState] = {}
    state_id = -1
    for record in records:
        state = record.initial()
        state_id += 1
        states[state_id] = state
        for move in record.moves:
            state = state.apply(move)
            state_id += 1
            states[state_id] = state
    return states
