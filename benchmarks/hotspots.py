"""Where a decision's time goes: random legal playouts under cProfile.

Run: python benchmarks/hotspots.py [--variant gin] [--players 2] [--games 30] [--top 15]

Plays uniform random legal playouts (``legal_moves`` then ``apply`` of one
listed move, as ``benchmarks/peers.py`` does), first without the profiler to
time a decision, then the same games under cProfile, and prints the
functions that take the most time of their own: calls per decision, own and
total time per decision. The profiler slows every Python call, so its
microseconds are larger than the untimed figure and say where the time goes,
not how much there is.

To compare two checkouts, run the script from this one with the other's
source first on the path: ``PYTHONPATH=../old/src python benchmarks/hotspots.py``
(the first line printed names the package that was profiled).
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import sys
import time
from collections.abc import Sequence

import rummykit as rk
import rummykit.engine


def play(variant: rk.Variant, players: int, games: int, seed: int) -> int:
    """Random legal playouts of ``games`` deals; the number of decisions."""
    choice = random.Random(seed).random
    decisions = 0
    for game in range(games):
        state = rk.deal(variant, players=players, seed=seed * 1000 + game)
        while state.result is None:
            legal = state.legal_moves()
            state = state.apply(legal[int(choice() * len(legal))])
            decisions += 1
    return decisions


def hotspots(variant: rk.Variant, players: int, games: int, seed: int) -> tuple[int, pstats.Stats]:
    profiler = cProfile.Profile()
    profiler.enable()
    decisions = play(variant, players, games, seed)
    profiler.disable()
    return decisions, pstats.Stats(profiler)


def _where(key: tuple[str, int, str]) -> str:
    filename, line, name = key
    if filename == "~":  # a built-in
        return name
    parts = filename.replace("\\", "/").split("/")
    short = "/".join(parts[parts.index("rummykit") :]) if "rummykit" in parts else parts[-1]
    return f"{short}:{line} {name}"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="gin", help="a bundled variant's id (default gin)")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=30, help="deals per run (default 30)")
    parser.add_argument("--top", type=int, default=15, help="rows to print (default 15)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    variant = rk.load_variant(args.variant)
    compiled = not str(rummykit.engine.__file__).endswith(".py")
    print(f"rummykit from {rk.__file__} ({'compiled' if compiled else 'pure Python'})")
    play(variant, args.players, 2, args.seed + 1)  # warm the caches
    start = time.perf_counter()
    decisions = play(variant, args.players, args.games, args.seed)
    untimed = (time.perf_counter() - start) / decisions * 1e6
    print(
        f"{args.variant}, {args.players} players, {args.games} random legal playouts: "
        f"{decisions} decisions, {untimed:.1f} us per decision without the profiler"
    )
    profiled_decisions, stats = hotspots(variant, args.players, args.games, args.seed)
    table = stats.stats  # type: ignore[attr-defined]  # pstats keeps its rows here
    rows = sorted(table.items(), key=lambda item: item[1][2], reverse=True)[: args.top]
    total = sum(row[2] for row in table.values())
    print(f"under cProfile: {total / profiled_decisions * 1e6:.1f} us per decision; by own time")
    print(f"{'calls/dec':>9} {'own us':>7} {'total us':>8}  {'own %':>5}  function")
    for key, (_, calls, own, cumulative, _) in rows:
        print(
            f"{calls / profiled_decisions:9.2f} {own / profiled_decisions * 1e6:7.2f} "
            f"{cumulative / profiled_decisions * 1e6:8.2f}  {own / total * 100:5.1f}  {_where(key)}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
