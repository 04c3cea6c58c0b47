"""A small client of the server's protocol (asyncio, ``websockets``): it
creates a game over HTTP and plays one seat with random legal moves to the
end, timing each move from sending it to receiving the new view. The load
test and benchmarks/serve.py use it; it is also an example of a client.
"""

from __future__ import annotations

import json
import random
import time
from typing import Any

import attrs
import httpx
from websockets.asyncio.client import connect

from rummykit.serve.undo_limit import LAYING, MAX_UNDOS_PER_TURN

__all__ = ["PlayedGame", "RandomPlayer", "create_game", "play_seat", "random_move"]


@attrs.frozen(slots=True)
class PlayedGame:
    game: str
    rounds: int
    moves: int
    refusals: tuple[dict[str, Any], ...]  # the refused and error messages (none expected)
    latencies: tuple[float, ...]  # seconds from a move sent to the view after it


PATIENCE = MAX_UNDOS_PER_TURN // 4
"""How many times :class:`RandomPlayer` takes moves back in one turn before it
stops laying cards in that turn (well within the server's limit)."""


def random_move(legal: list[str], rng: random.Random, *, undoing: bool = False, laying: bool = True) -> str:
    """A random legal move: a kind first (draw, meld, discard ...), then a move
    of that kind. Undo only when nothing else is legal, and then (``undoing``)
    back to the start of the turn, so that melds too small to open are not
    laid and taken back for ever; never a take when a draw is legal (a taken
    discard may have to open at once); with ``laying`` false, no move that lays
    cards on the table where another kind is legal."""
    if undoing and "undo" in legal:
        return "undo"
    kinds: dict[str, list[str]] = {}
    for move in legal:
        kinds.setdefault(move.split()[0], []).append(move)
    if len(kinds) > 1:
        kinds.pop("undo", None)
    if "draw" in kinds:
        kinds.pop("take", None)
    if not laying and set(kinds) - set(LAYING):
        for kind in LAYING:
            kinds.pop(kind, None)
    return rng.choice(kinds[rng.choice(sorted(kinds))])


@attrs.define
class RandomPlayer:
    """A seat playing :func:`random_move`: it takes its moves back to the start
    of the turn when stuck, and after PATIENCE such undos in one turn it lays
    no more cards in that turn (so it never meets the server's undo limit)."""

    rng: random.Random
    undoing: bool = False
    undos: int = 0  # in this turn

    def choose(self, legal: list[str]) -> str:
        if any(move.split()[0] in ("draw", "take") for move in legal):
            self.undos = 0  # a new turn
        move = random_move(legal, self.rng, undoing=self.undoing, laying=self.undos < PATIENCE)
        self.undoing = move == "undo"
        self.undos += self.undoing
        return move


async def create_game(http: httpx.AsyncClient, base: str, body: dict[str, Any]) -> dict[str, Any]:
    """POST /api/games; the answer (game id, tokens by seat)."""
    response = await http.post(f"{base}/api/games", json=body)
    response.raise_for_status()
    created: dict[str, Any] = response.json()
    return created


async def play_seat(base: str, game: str, token: str, seed: int) -> PlayedGame:
    """Play the seat of ``token`` with random legal moves until the round
    (or the match: ``next_round`` after each round) is over; its view says
    which seat of each round it is."""
    player = RandomPlayer(random.Random(seed))
    url = base.replace("http://", "ws://", 1) + f"/ws/games/{game}?token={token}"
    refusals: list[dict[str, Any]] = []
    latencies: list[float] = []
    moves = rounds = 0
    sent: float | None = None
    async with connect(url, max_size=None) as socket:
        while True:
            message = json.loads(await socket.recv())
            if message["type"] != "view":
                refusals.append(message)
                break
            if sent is not None:
                latencies.append(time.perf_counter() - sent)
                sent = None
            view, summary = message["view"], message["match"]
            if view["phase"] == "over":
                rounds += 1
                if summary is None or summary["over"]:
                    break
                await socket.send(json.dumps({"type": "next_round", "state_id": message["state_id"]}))
                continue
            if view["seat"] is None or view["to_move"] != view["seat"] or not view["legal"]:  # round seats
                continue
            move = player.choose(view["legal"])
            sent = time.perf_counter()
            await socket.send(json.dumps({"type": "move", "state_id": message["state_id"], "move": move}))
            moves += 1
    return PlayedGame(game, rounds, moves, tuple(refusals), tuple(latencies))
