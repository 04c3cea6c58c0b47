"""The speed-up of two workers over one, here and on a local Ray cluster.

Run: python benchmarks/backends.py [--variant rami51] [--rounds 2000] [--seed 0]

Plays the same rounds (greedy against random) four times: on the local
backend with one worker process and with two, and on a local Ray cluster of
one CPU and of two. Each run's time is the time to play the rounds (the
cluster is started before the clock starts, and its start is printed
apart); each run's summaries are checked to be the same. Prints a table and
the speed-up of two workers over one on each backend (docs/scale.md).
"""

from __future__ import annotations

import argparse
import time

from rummykit.play.backends import Backend, LocalBackend, RayBackend, ray_installed
from rummykit.play.simulate import simulate
from rummykit.variant.model import bundled_variants


def timed(variant: str, rounds: int, seed: int, backend: Backend) -> tuple[float, float, tuple[object, ...]]:
    """Start ``backend``, then play: the seconds to start, to play, and the summaries."""
    start = time.perf_counter()
    with backend:
        ready = time.perf_counter()
        report = simulate(variant, players=2, bots=["greedy", "random"], rounds=rounds, seed=seed,
                          backend=backend)  # fmt: skip
        played = time.perf_counter()
    return ready - start, played - ready, report.summaries


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--variant", default="rami51")
    parser.add_argument("--rounds", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    if args.variant not in bundled_variants():
        known = ", ".join(bundled_variants())
        parser.error(f"--variant: a bundled variant's id ({known}), not {args.variant!r}")
    runs: list[tuple[str, int, Backend]] = [("local", 1, LocalBackend(1)), ("local", 2, LocalBackend(2))]
    if ray_installed():
        runs += [("ray", 1, RayBackend(1)), ("ray", 2, RayBackend(2))]
    else:
        print("ray is not installed (pip install '.[ray]'): the local backend only")
    print(f"{args.variant}, {args.rounds} rounds, greedy against random, seed {args.seed}")
    print(f"{'backend':<9}{'workers':>8}{'start s':>9}{'play s':>9}{'rounds/s':>10}")
    seconds: dict[tuple[str, int], float] = {}
    first: tuple[object, ...] | None = None
    for name, workers, backend in runs:
        start, play, summaries = timed(args.variant, args.rounds, args.seed, backend)
        if first is not None and summaries != first:
            raise SystemExit(f"{name} with {workers} workers gave other results")
        first = summaries
        seconds[name, workers] = play
        print(f"{name:<9}{workers:>8}{start:>9.1f}{play:>9.1f}{args.rounds / play:>10.1f}")
    print("the same results on every run")
    for name in dict.fromkeys(name for name, _ in seconds):
        print(f"speed-up of 2 workers over 1, {name}: {seconds[name, 1] / seconds[name, 2]:.2f}x")


if __name__ == "__main__":
    main()
