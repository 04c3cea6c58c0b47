"""This checkout against another, per decision, on every bundled variant.

Run: python benchmarks/baseline.py OLD/src [--passes 5] [--games 4] [--variants gin rami51 ...]

For a rebuild that must keep the speed (new/old at most 1.05 per variant):
each pass plays, for every variant, random legal games (the same seeds and
the same random numbers on both sides, bare ``legal_moves`` and ``apply``
calls, nothing traced) once with this checkout's ``src`` and once with
``OLD/src``, each in a fresh child process (``benchmarks/peers.py
--child``: one uncounted warm-up game, then the pass, timed per decision).
The two sides take turns, the order flipped every pass, so a slow moment of
a shared host falls on both. It prints, per variant, each side's mean
microseconds per decision (the median of the passes and their range), the
ratio new/old pass by pass (median [min-max]) and whether the median is at
most the limit, for the wall clock and for the CPU time of the games'
decisions (``time.process_time``, which other jobs on a shared host do not
inflate); "cold" is the first pass's wall-clock ratio, beside the median of
all passes.

Which build runs is whatever the two ``src`` folders hold: for the
compiled build, point both at installed compiled trees (``site-packages``
of two virtual environments), e.g. ``--new-src``.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
PEERS = HERE / "peers.py"
SRC = HERE.parent / "src"


def one_pass(src: str, ref: str, seeds: list[int]) -> dict[str, float]:
    """One pass of ``ref`` played by the rummykit in ``src``, in a child process."""
    env = dict(os.environ, PYTHONPATH=src)
    command = [sys.executable, str(PEERS), "--child", ref, "0", ",".join(map(str, seeds))]
    done = subprocess.run(command, env=env, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise SystemExit(f"baseline.py: {ref} with {src} failed:\n{done.stderr.strip()}")
    result: dict[str, float] = json.loads(done.stdout.splitlines()[-1])
    return result


def spread(values: list[float], digits: int = 1) -> str:
    return f"{statistics.median(values):.{digits}f} [{min(values):.{digits}f}-{max(values):.{digits}f}]"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("old_src", help="the other checkout's src directory (or an installed tree)")
    parser.add_argument("--new-src", default=str(SRC), help="this side's src (default: this checkout's)")
    parser.add_argument("--passes", type=int, default=5)
    parser.add_argument("--games", type=int, default=4, help="games per variant and pass")
    parser.add_argument("--limit", type=float, default=1.05)
    parser.add_argument("--variants", nargs="*", help="variant ids (default: every bundled variant)")
    args = parser.parse_args()
    sys.path.insert(0, args.new_src)
    import rummykit as rk

    refs = args.variants or list(rk.bundled_variants())
    new: dict[str, list[dict[str, float]]] = {ref: [] for ref in refs}
    old: dict[str, list[dict[str, float]]] = {ref: [] for ref in refs}
    for number in range(args.passes):
        seeds = [1000 * number + game for game in range(args.games)]
        for ref in refs:
            sides = [(new, args.new_src), (old, args.old_src)]
            for table, src in sides if number % 2 == 0 else reversed(sides):
                table[ref].append(one_pass(src, ref, seeds))
        print(f"pass {number + 1} of {args.passes} done", file=sys.stderr)
    print(f"{args.passes} passes x {args.games} games per variant")
    print(f"new = {args.new_src}\nold = {args.old_src}")
    print_rows(refs, new, old, args.limit)
    return 0


def print_rows(
    refs: list[str],
    new: dict[str, list[dict[str, float]]],
    old: dict[str, list[dict[str, float]]],
    limit: float,
) -> None:
    """Per variant: the wall-clock means and the ratios new/old of the wall
    clock and of the CPU time (blind to other jobs), pass by pass."""
    head = f"{'variant':14}{'new us [range]':>22}{'old us [range]':>22}"
    print(f"{head}{'wall new/old':>20}{'CPU new/old':>20}{'cold':>6}  median at most {limit}")
    for ref in refs:
        wall = [a["mean_us"] / b["mean_us"] for a, b in zip(new[ref], old[ref], strict=True)]
        cpu = [a["cpu_us"] / b["cpu_us"] for a, b in zip(new[ref], old[ref], strict=True)]
        verdict = ", ".join(
            f"{name} {'met' if statistics.median(values) <= limit else 'NOT met'}"
            for name, values in (("wall", wall), ("CPU", cpu))
        )
        means = [spread([p["mean_us"] for p in side[ref]]) for side in (new, old)]
        ratios = f"{spread(wall, 2):>20}{spread(cpu, 2):>20}{wall[0]:>6.2f}"
        print(f"{ref:14}{means[0]:>22}{means[1]:>22}{ratios}  {verdict}")


if __name__ == "__main__":
    raise SystemExit(main())
