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
Both runs start with every cache emptied (all the solver's tables too, where
``peers.py`` keeps a variant's tables between its passes).
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from peers import compiled_build  # benchmarks/peers.py, beside this script

import rummykit as rk
from rummykit.solver import clear_caches


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


# pstats' row: primitive calls, all calls, own and total seconds, callers.
Row = tuple[int, int, float, float, object]
Key = tuple[str, int, str]  # file, line, function ("~", 0, name for a built-in or compiled function)


def hotspots(variant: rk.Variant, players: int, games: int, seed: int) -> tuple[int, dict[Key, Row]]:
    """The same playouts as :func:`play` under cProfile: decisions, and the
    profile's rows (pstats' own table: its ``get_stats_profile`` rounds the
    times to milliseconds)."""
    profiler = cProfile.Profile()
    profiler.enable()
    decisions = play(variant, players, games, seed)
    profiler.disable()
    rows: dict[Key, Row] = pstats.Stats(profiler).stats  # type: ignore[attr-defined]
    return decisions, rows


def _where(key: Key) -> str:
    """A row's name: the function, with its file inside the package where it has one."""
    filename, line, function = key
    if filename == "~":
        return function
    path = Path(filename)
    package = Path(rk.__file__).parent
    where = f"rummykit/{path.relative_to(package).as_posix()}" if path.is_relative_to(package) else path.name
    return f"{where}:{line} {function}"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="gin", help="a bundled variant's id (default gin)")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=30, help="deals per run (default 30)")
    parser.add_argument("--top", type=int, default=15, help="rows to print (default 15)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    if args.games < 1 or args.top < 1:
        print("hotspots.py: --games and --top need a whole number of at least 1", file=sys.stderr)
        return 2
    try:
        variant = rk.load_variant(args.variant)
        play(variant, args.players, 2, args.seed + 1)  # the first moves import and build what they need
    except (rk.RummykitError, ValueError) as error:
        print(f"hotspots.py: {error}", file=sys.stderr)
        return 2
    print(f"rummykit from {rk.__file__} ({'compiled' if compiled_build() else 'pure Python'})")
    clear_caches(variant)  # both runs start cold: the profiled run finds nothing the first one made
    start = time.perf_counter()
    decisions = play(variant, args.players, args.games, args.seed)
    untimed = (time.perf_counter() - start) / decisions * 1e6
    print(
        f"{args.variant}, {args.players} players, {args.games} random legal playouts: "
        f"{decisions} decisions, {untimed:.1f} us per decision without the profiler"
    )
    clear_caches(variant)
    profiled, table = hotspots(variant, args.players, args.games, args.seed)
    total = sum(row[2] for row in table.values())  # every function's own time, summed
    print(f"under cProfile: {profiled} decisions, {total / profiled * 1e6:.1f} us per decision; by own time")
    print(f"{'calls/dec':>9} {'own us':>7} {'total us':>8}  {'own %':>5}  function")
    rows = sorted(table.items(), key=lambda item: item[1][2], reverse=True)
    for key, (_, calls, own, cumulative, _) in rows[: args.top]:
        print(
            f"{calls / profiled:9.2f} {own / profiled * 1e6:7.2f} "
            f"{cumulative / profiled * 1e6:8.2f}  {own / total * 100:5.1f}  {_where(key)}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
