"""Benchmark of rummykit serve: concurrent games over the real protocol.

Run: python benchmarks/serve.py [--games N] [--variant rami51] [--bot random]

Starts the server on 127.0.0.1 (a free port) in this process, creates N
two-player games (seat 0 human, seat 1 the bot), and plays every human seat at
once with a client choosing random legal moves. Prints the p50 and p99 time
from sending a move to receiving the view after it, and games per second.
The clients run in the same process as the server, so the figures include
the clients' own work.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import time

import httpx

from rummykit.serve import create_app, running
from rummykit.serve.client import PlayedGame, create_game, play_seat


async def play(base: str, games: int, variant: str, bot: str) -> list[PlayedGame]:
    async with httpx.AsyncClient(timeout=120) as http:
        body = {"variant": variant, "players": 2, "bots": {"1": bot}}
        created = [await create_game(http, base, {**body, "seed": i}) for i in range(games)]
    seats = (play_seat(base, c["game"], c["seats"]["0"], 0, i) for i, c in enumerate(created))
    return list(await asyncio.gather(*seats))


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=50, help="concurrent games (default 50)")
    parser.add_argument("--variant", default="rami51", help="bundled variant (default rami51)")
    parser.add_argument("--bot", default="random", help="the bot of seat 1 (random, greedy)")
    args = parser.parse_args()
    with running(create_app()) as base:
        start = time.perf_counter()
        played = asyncio.run(play(base, args.games, args.variant, args.bot))
        seconds = time.perf_counter() - start
    latencies = [t * 1000 for p in played for t in p.latencies]
    errors = sum(len(p.refusals) for p in played)
    print(f"{args.games} concurrent {args.variant} games (seat 1: {args.bot} bot), {len(latencies)} moves, "
          f"{errors} errors, {seconds:.1f} s")  # fmt: skip
    print(f"move -> view: p50 {percentile(latencies, 0.5):.1f} ms, p99 {percentile(latencies, 0.99):.1f} ms, "
          f"mean {statistics.fmean(latencies):.1f} ms")  # fmt: skip
    print(f"games/s: {args.games / seconds:.2f}")


if __name__ == "__main__":
    main()
