"""Benchmarks of the engine over random legal playouts.

Run: python benchmarks/engine.py [--rounds N]

Prints, per bundled variant: the median microseconds of ``apply`` and of
``legal_moves``, rounds per second (random legal playouts, legal_moves and
apply at every step), and the bytes each retained state adds (tracemalloc,
keeping every state of a round alive; the median of five rounds).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
import tracemalloc

import rummykit as rk
from rummykit.solver import clear_caches
from rummykit.testing import choose_random_move


def playout(variant: rk.Variant, players: int, seed: int) -> tuple[list[float], list[float], int]:
    rng = random.Random(seed)
    state = rk.deal(variant, players=players, seed=seed)
    apply_times: list[float] = []
    legal_times: list[float] = []
    clock = time.perf_counter
    moves = 0
    while state.phase != "over":
        start = clock()
        legal = state.legal_moves()
        legal_times.append(clock() - start)
        kinds: dict[type, list[rk.Move]] = {}
        for move in legal:
            kinds.setdefault(type(move), []).append(move)
        move = rng.choice(kinds[rng.choice(sorted(kinds, key=lambda k: k.__name__))])
        start = clock()
        state = state.apply(move)
        apply_times.append(clock() - start)
        moves += 1
    return apply_times, legal_times, moves


def retained_bytes(variant: rk.Variant, players: int, seed: int) -> float:
    rng = random.Random(seed)
    state = rk.deal(variant, players=players, seed=seed)
    # The library's bounded caches are emptied before each reading: they are
    # not part of any state.
    clear_caches(variant)
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    kept = [state]
    while state.phase != "over" and len(kept) < 400:
        state = state.apply(choose_random_move(state, rng))
        kept.append(state)
    clear_caches(variant)
    after = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    return (after - before) / max(1, len(kept) - 1)


def bytes_per_state(variant: rk.Variant, players: int) -> float:
    """Bytes per retained state: the median of five rounds (seeds 99-103),
    after one uncounted round (seed 98). What a first round makes once, such
    as the interned moves, is no state's, and a short round's few states
    would carry any such one-off allocation."""
    retained_bytes(variant, players, 98)
    return statistics.median(retained_bytes(variant, players, seed) for seed in range(99, 104))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=6, help="rounds per variant")
    args = parser.parse_args()
    print(f"{'variant':14} {'players':>7} {'apply us':>9} {'legal us':>9} {'moves/round':>11} "
          f"{'rounds/s':>9} {'bytes/state':>11}")  # fmt: skip
    for ref in rk.bundled_variants():
        variant = rk.load_variant(ref)
        players = min(4, variant.players.max)
        applies: list[float] = []
        legals: list[float] = []
        total_moves = 0
        start = time.perf_counter()
        for seed in range(args.rounds):
            a, b, moves = playout(variant, players, seed)
            applies += a
            legals += b
            total_moves += moves
        elapsed = time.perf_counter() - start
        memory = bytes_per_state(variant, players)
        print(
            f"{ref:14} {players:>7} {statistics.median(applies) * 1e6:>9.1f} "
            f"{statistics.median(legals) * 1e6:>9.1f} {total_moves / args.rounds:>11.0f} "
            f"{args.rounds / elapsed:>9.2f} {memory:>11.0f}"
        )


if __name__ == "__main__":
    main()
