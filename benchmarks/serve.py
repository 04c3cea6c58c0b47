"""Load benchmark of rummykit serve, the server in a process of its own.

Run: python benchmarks/serve.py [--games 200] [--spectators 200] [--variant rami51]
                                [--bot random] [--attack-seconds 20] [--no-store]

Starts ``rummykit serve`` in a separate process (with an SQLite store in a
temporary folder unless --no-store), then, from this process:

1. opens ``--spectators`` sockets that never read a message, one on each game
   in turn, and plays ``--games`` two-player games at once (seat 0 a client
   choosing random legal moves, seat 1 the server's bot) to their end;
2. the attack the server once fell to: 20 spectator sockets that never read
   on one game while its seat loops ``meld``/``undo`` for ``--attack-seconds``.

Prints the server's resident memory (VmRSS, from /proc) at the start, every
few seconds and at the end of each phase, and the p50 and p99 time from a move
sent to the view after it. Figures depend on the host: compare them on one
machine.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect

from rummykit.serve.client import PlayedGame, play_seat
from rummykit.serve.server import spawned
from rummykit.variant.model import bundled_variants

OPTIONS = [
    "--games-per-minute", "1000000", "--sockets-per-client", "100000", "--open-games", "1000000",
    "--sockets-per-game", "64", "--max-games", "100000", "--max-connections", "100000",
]  # fmt: skip


def rss_mib(pid: int) -> float:
    """The resident memory of process ``pid`` in MiB (Linux)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError(f"no VmRSS for process {pid}")


class Memory:
    """The server's memory, sampled every ``every`` seconds while a phase runs."""

    def __init__(self, pid: int, every: float = 2.0) -> None:
        self.pid = pid
        self.every = every
        self.samples: list[tuple[float, float]] = []
        self.start = time.perf_counter()

    def sample(self) -> float:
        value = rss_mib(self.pid)
        self.samples.append((time.perf_counter() - self.start, value))
        return value

    async def watch(self) -> None:
        while True:
            self.sample()
            await asyncio.sleep(self.every)

    def line(self, most: int = 12) -> str:
        """The samples (time, MiB), at most ``most`` of them, evenly spread; the last always."""
        step = max(1, -(-len(self.samples) // most))
        shown = [*self.samples[:-1:step], self.samples[-1]]
        return ", ".join(f"{t:.0f}s {m:.0f}" for t, m in shown)


def ws_url(base: str, game: str, token: str | None = None) -> str:
    url = base.replace("http://", "ws://", 1) + f"/ws/games/{game}"
    return url if token is None else f"{url}?token={token}"


async def create(http: httpx.AsyncClient, base: str, body: dict[str, Any]) -> dict[str, Any]:
    response = await http.post(f"{base}/api/games", json=body)
    response.raise_for_status()
    created: dict[str, Any] = response.json()
    return created


async def idle_spectators(base: str, games: list[str], count: int) -> list[ClientConnection]:
    """``count`` sockets, one per game in turn, that never read (their client
    stops taking frames once its small queue is full)."""
    return [await connect(ws_url(base, games[i % len(games)]), max_queue=1) for i in range(count)]


async def load_phase(base: str, args: argparse.Namespace, memory: Memory) -> list[PlayedGame]:
    async with httpx.AsyncClient(timeout=120) as http:
        body = {"variant": args.variant, "players": 2, "bots": {"1": args.bot}}
        created = [await create(http, base, {**body, "seed": i}) for i in range(args.games)]
    print(f"  {len(created)} games created: {memory.sample():.1f} MiB")
    watchers = await idle_spectators(base, [c["game"] for c in created], args.spectators)
    print(f"  {len(watchers)} spectator sockets that never read: {memory.sample():.1f} MiB")
    sampler = asyncio.create_task(memory.watch())
    start = time.perf_counter()
    seats = (play_seat(base, c["game"], c["seats"]["0"], i) for i, c in enumerate(created))
    played = list(await asyncio.gather(*seats))
    seconds = time.perf_counter() - start
    sampler.cancel()
    print(f"  every game over after {seconds:.1f} s ({args.games / seconds:.2f} games/s), "
          f"spectators still open: {memory.sample():.1f} MiB")  # fmt: skip
    drop(watchers)
    return played


def drop(sockets: list[ClientConnection]) -> None:
    """Cut the connections at once (a closing handshake would wait for the
    frames these clients never read)."""
    for socket in sockets:
        socket.transport.abort()


async def attack_phase(base: str, args: argparse.Namespace, memory: Memory) -> int:
    """One seat loops meld/undo (any move where no meld is legal) while 20
    sockets on its game never read; the number of moves it made."""
    async with httpx.AsyncClient(timeout=120) as http:
        created = await create(http, base, {"variant": args.variant, "players": 2, "bots": {"1": args.bot}})
    watchers = await idle_spectators(base, [created["game"]], 20)
    sampler = asyncio.create_task(memory.watch())
    rng = random.Random(1)
    moves = refused = 0
    deadline = time.perf_counter() + args.attack_seconds
    async with connect(ws_url(base, created["game"], created["seats"]["0"]), max_size=None) as seat:
        legal: list[str] = []
        state_id = 0
        while time.perf_counter() < deadline:
            message = json.loads(await seat.recv())
            if message["type"] == "view":
                view, state_id = message["view"], message["state_id"]
                if view["phase"] == "over":
                    break
                if view["to_move"] != 0 or not view["legal"]:
                    continue
                legal = view["legal"]
                melds = [m for m in legal if m.startswith("meld")]
                move = "undo" if "undo" in legal else rng.choice(melds or legal)
            else:  # game.undo-limit: the turn must end before it melds again
                refused += 1
                ends = [m for m in legal if m.split()[0] not in ("meld", "undo")] or legal
                move = rng.choice(ends)
            await seat.send(json.dumps({"type": "move", "state_id": state_id, "move": move}))
            moves += 1
    print(f"  ({refused} undos refused with game.undo-limit)")
    sampler.cancel()
    drop(watchers)
    return moves


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="concurrent games (default 200)")
    parser.add_argument("--spectators", type=int, default=200, help="idle spectator sockets (default 200)")
    parser.add_argument("--variant", default="rami51", help="bundled variant (default rami51)")
    parser.add_argument("--bot", default="random", help="the bot of seat 1 (random, greedy)")
    parser.add_argument("--attack-seconds", type=float, default=20, help="the meld/undo phase (default 20)")
    parser.add_argument("--no-store", action="store_true", help="serve without a store")
    args = parser.parse_args()
    if args.variant not in bundled_variants():
        known = ", ".join(bundled_variants())
        parser.error(f"--variant: a bundled variant's id ({known}), not {args.variant!r}")
    with tempfile.TemporaryDirectory() as folder:
        options = OPTIONS if args.no_store else [*OPTIONS, "--store", str(Path(folder) / "games.sqlite3")]
        with spawned(options) as (process, base):
            run(base, process.pid, args)


def run(base: str, pid: int, args: argparse.Namespace) -> None:
    store = "no store" if args.no_store else "an SQLite store"
    print(f"rummykit serve in its own process (pid {pid}, {store}); clients in this one")
    memory = Memory(pid)
    print(f"phase 1: {args.games} concurrent {args.variant} games (seat 1: {args.bot} bot), "
          f"{args.spectators} idle spectators")  # fmt: skip
    print(f"  server memory at the start: {memory.sample():.1f} MiB")
    played = asyncio.run(load_phase(base, args, memory))
    latencies = [t * 1000 for p in played for t in p.latencies]
    errors = sum(len(p.refusals) for p in played)
    p50, p99 = percentile(latencies, 0.5), percentile(latencies, 0.99)
    print(f"  {len(latencies)} moves, {errors} errors")
    print(f"  move -> view: p50 {p50:.1f} ms, p99 {p99:.1f} ms, mean {statistics.fmean(latencies):.1f} ms")
    print(f"  server memory (MiB) over time: {memory.line()}")
    attack = Memory(pid)
    seconds = f"{args.attack_seconds:.0f} s"
    print(f"phase 2: 20 spectators that never read, one seat looping meld/undo for {seconds}")
    print(f"  server memory at the start: {attack.sample():.1f} MiB")
    moves = asyncio.run(attack_phase(base, args, attack))
    print(f"  {moves} moves; server memory at the end: {attack.sample():.1f} MiB")
    print(f"  server memory (MiB) over time: {attack.line()}")


if __name__ == "__main__":
    main()
