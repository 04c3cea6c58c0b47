"""Faults: ``rummykit serve --store`` in a process of its own, killed with
SIGKILL at random moments while 50 games (single rounds and matches, with
spectators watching some) are played at once, and started again, 20 times
(``RUMMYKIT_FAULT_CYCLES`` sets how many). No move the server acknowledged
may be lost: after every restart each game is at least at the state its
player last saw, and at the end every acknowledged move is in the stored
record, at its place."""

from __future__ import annotations

import asyncio
import json
import os
import random
import signal
from pathlib import Path
from typing import Any

import attrs
import httpx
from serve_support import states_by_id
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake

from rummykit.serve import GameRegistry, GameStore
from rummykit.serve.client import RandomPlayer
from rummykit.serve.server import spawned

GAMES = 50
CYCLES = int(os.environ.get("RUMMYKIT_FAULT_CYCLES", "20"))
SETUPS: list[dict[str, Any]] = [
    {"variant": "rami51", "players": 2, "bots": {"1": "random"}},
    {"variant": "gin", "players": 2, "bots": {"1": "random"}},
    {"variant": "contract", "players": 3, "bots": {"1": "random", "2": "random"}},
    {"variant": "rami51", "players": 2, "bots": {"1": "greedy"}, "match": True},
]
SPECTATORS = 10
OPTIONS = [
    "--games-per-minute", "100000", "--sockets-per-client", "1000", "--open-games", "100000",
    "--max-games", "1000",
]  # fmt: skip


@attrs.define
class Played:
    """What the client of one game's human seat 0 knows: the token, the
    highest state id it was shown, and each of its moves the server acknowledged
    (the state id it was made at, the move)."""

    token: str
    seen: int = -1
    acknowledged: list[tuple[int, str]] = attrs.Factory(list)
    over: bool = False


async def play_until_cut(base: str, game: str, played: Played, rng: random.Random, lost: list[str]) -> None:
    """Play seat 0 of ``game`` with random legal moves until the round is over
    or the server dies. The first view after connecting must be at least as
    new as the last one seen before (else an acknowledged move was lost)."""
    url = base.replace("http://", "ws://", 1) + f"/ws/games/{game}?token={played.token}"
    first = True
    sent: tuple[int, str] | None = None
    player = RandomPlayer(rng)
    try:
        async with connect(url, max_size=None, open_timeout=30) as socket:
            while True:
                message = json.loads(await socket.recv())
                if message["type"] != "view":
                    lost.append(f"{game}: unexpected message {message}")
                    return
                state_id = message["state_id"]
                if first and state_id < played.seen:
                    lost.append(f"{game}: back at state {state_id} after state {played.seen} was shown")
                first = False
                played.seen = max(played.seen, state_id)
                if sent is not None and state_id > sent[0]:
                    played.acknowledged.append(sent)
                    sent = None
                view, summary = message["view"], message["match"]
                if view["phase"] == "over" and (summary is None or summary["over"]):
                    played.over = True
                    return
                if view["phase"] == "over":
                    sent = (state_id, "next_round")
                    await socket.send(json.dumps({"type": "next_round", "state_id": state_id}))
                    continue
                if view["to_move"] != 0 or not view["legal"]:
                    continue
                move = player.choose(view["legal"])
                sent = (state_id, move)
                await socket.send(json.dumps({"type": "move", "state_id": state_id, "move": move}))
    except (ConnectionClosed, OSError, InvalidHandshake, asyncio.TimeoutError):
        return  # the server was killed


async def create_games(base: str, games: dict[str, Played], count: int, rng: random.Random) -> None:
    async with httpx.AsyncClient(timeout=30) as http:
        for _ in range(count):
            setup = SETUPS[rng.randrange(len(SETUPS))]
            response = await http.post(f"{base}/api/games", json={**setup, "seed": rng.randrange(10**6)})
            assert response.status_code == 201, response.text
            created = response.json()
            games[created["game"]] = Played(created["seats"]["0"])


def test_no_acknowledged_move_is_lost_when_the_server_is_killed(tmp_path: Path) -> None:
    database = tmp_path / "games.sqlite3"
    log = tmp_path / "serve.log"
    games: dict[str, Played] = {}
    lost: list[str] = []
    rng = random.Random(26)
    for _ in range(CYCLES):
        with spawned(["--store", str(database), *OPTIONS], log=log) as (process, base):
            asyncio.run(cycle_then_kill(base, process.pid, games, rng, lost))
    with spawned(["--store", str(database), *OPTIONS], log=log) as (_, base):
        asyncio.run(check_views(base, games, lost))
    assert lost == [], lost[:5]
    check_records(database, games)
    acknowledged = sum(len(p.acknowledged) for p in games.values())
    assert len(games) >= GAMES and acknowledged > CYCLES * GAMES // 2
    print(f"\nfaults: {CYCLES} kills, {len(games)} games, {acknowledged} acknowledged moves, none lost")


async def cycle_then_kill(base: str, pid: int, games: dict[str, Played], rng: random.Random,
                          lost: list[str]) -> None:  # fmt: skip
    running = [game_id for game_id, played in games.items() if not played.over]
    await create_games(base, games, GAMES - len(running), rng)
    tasks = [
        asyncio.create_task(play_until_cut(base, game_id, played, random.Random(rng.random()), lost))
        for game_id, played in games.items()
        if not played.over
    ]
    watched = rng.sample(sorted(games), min(SPECTATORS, len(games)))
    tasks += [asyncio.create_task(watch_until_cut(base, game_id, lost)) for game_id in watched]
    await asyncio.sleep(rng.uniform(0.3, 1.5))
    os.kill(pid, signal.SIGKILL)
    await asyncio.wait_for(asyncio.gather(*tasks), timeout=60)


async def watch_until_cut(base: str, game: str, lost: list[str]) -> None:
    """A spectator: reads views until the server dies; they never go back."""
    url = base.replace("http://", "ws://", 1) + f"/ws/games/{game}"
    seen = -1
    try:
        async with connect(url, max_size=None, open_timeout=30) as socket:
            while True:
                message = json.loads(await socket.recv())
                if message["type"] != "view" or message["state_id"] < seen:
                    lost.append(f"{game}: a spectator got {str(message)[:200]} after state {seen}")
                    return
                seen = message["state_id"]
    except (ConnectionClosed, OSError, InvalidHandshake, asyncio.TimeoutError):
        return  # the server was killed


async def check_views(base: str, games: dict[str, Played], lost: list[str]) -> None:
    """Each game's view now is at least as new as the last one its player saw."""
    for game_id, played in games.items():
        url = base.replace("http://", "ws://", 1) + f"/ws/games/{game_id}?token={played.token}"
        async with connect(url, max_size=None) as socket:
            state_id = json.loads(await socket.recv())["state_id"]
        if state_id < played.seen:
            lost.append(f"{game_id}: at state {state_id} after state {played.seen} was shown")


def check_records(database: Path, games: dict[str, Played]) -> None:
    """Every acknowledged move is in the game's stored record, at its place."""
    registry = GameRegistry(GameStore(database), max_games=10_000)
    assert registry.problems == []
    for game_id, played in games.items():
        game = registry.get(game_id)
        states = states_by_id(game.rounds)
        for state_id, move in played.acknowledged:
            if move == "next_round":
                assert states[state_id].is_over and state_id + 1 in states, (game_id, state_id)
                continue
            before = states[state_id]
            after = before.apply(move, seat=before.to_move)
            assert states[state_id + 1] == after, (game_id, state_id, move)
