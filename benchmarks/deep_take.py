"""Benchmark of Roemie's deep takes on long discard rows (issue 8, item 5).

Run: python benchmarks/deep_take.py [--seeds N]

For discard rows of 20, 40 and 80 cards (two players, the mover holding 13
cards, not opened and opened), prints the median and the worst milliseconds
over the seeds of: ``legal_moves()`` in the draw phase (every ``take N`` is
judged), ``apply("take N")`` for the deepest legal take, and ``legal_moves()``
right after it (what a view of the mover computes). Caches are emptied
before every reading, so each is a first call.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

import rummykit as rk
from rummykit.core.moves import Take
from rummykit.io.positions import position_from_dict
from rummykit.solver import clear_caches

ROWS = (20, 40, 80)


def position(variant: rk.Variant, row: int, seed: int, opened: bool) -> rk.RoundState:
    deck = list(variant.deck_for(2))
    random.Random(seed).shuffle(deck)
    text = [" ".join(map(str, part)) for part in (deck[:13], deck[13:26], deck[26 : 26 + row])]
    return position_from_dict(
        {
            "variant": variant.id,
            "players": 2,
            "turns_played": row + 1,
            "phase": "draw",
            "hands": text[:2],
            "discard": text[2],
            "opened": [opened, False],
        },
        variant=variant,
    )


def timed(variant: rk.Variant, action: Callable[[], object]) -> tuple[float, object]:
    clear_caches(variant)
    start = time.perf_counter()
    result = action()
    return (time.perf_counter() - start) * 1e3, result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=5, help="positions per row length")
    args = parser.parse_args()
    variant = rk.load_variant("roemie")
    heads = ("legal ms", "take N ms", "legal after ms")
    print(f"{'row':>4} {'opened':>6} " + " ".join(f"{h:>17}" for h in heads) + f" {'N (median)':>10}")
    print(f"{'':>4} {'':>6} {'median':>8} {'max':>8} {'median':>8} {'max':>8} {'median':>8} {'max':>8}")
    for row in ROWS:
        for opened in (False, True):
            legal, take, after, depths = [], [], [], []
            for seed in range(args.seeds):
                state = position(variant, row, seed, opened)
                ms, moves = timed(variant, state.legal_moves)
                legal.append(ms)
                deep = [m for m in moves if isinstance(m, Take) and m.depth > 1]  # type: ignore[attr-defined]
                if not deep:
                    continue
                move = max(deep, key=lambda m: m.depth)
                ms, taken = timed(variant, lambda: state.apply(move))  # noqa: B023 (called at once)
                take.append(ms)
                depths.append(move.depth)
                ms, _ = timed(variant, taken.legal_moves)  # type: ignore[attr-defined]
                after.append(ms)
            print(
                f"{row:>4} {opened!s:>6} {_pair(legal)} {_pair(take)} {_pair(after)} "
                f"{statistics.median(depths) if depths else '-':>10}"
            )


def _pair(samples: list[float]) -> str:
    if not samples:
        return f"{'-':>8} {'-':>8}"
    return f"{statistics.median(samples):>8.1f} {max(samples):>8.1f}"


if __name__ == "__main__":
    main()
