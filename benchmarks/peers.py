"""rummykit side by side with OpenSpiel and RLCard, in one process.

Run: pip install ".[bench]" && python benchmarks/peers.py [--quick]

1. Random-legal playouts: OpenSpiel's ``gin_rummy`` (C++), RLCard's
   ``gin-rummy`` (Python) and rummykit's ``rami51`` (2 and 4 players) and
   ``romme51``. For each: microseconds per decision (listing the legal moves
   and applying one), the cost of a copy of the state, and bytes per retained
   state (tracemalloc; OpenSpiel's states live on the C++ heap, which
   tracemalloc cannot see).
2. The least penalty ("deadwood") of 11-card one-deck dense hands (four
   consecutive ranks, four suits) under ``benchmarks/gin.toml``, after the
   best discard: rummykit's ``least_penalty(..., discard=True)``, OpenSpiel's
   ``GinRummyUtils.min_deadwood`` and RLCard's melding utilities (best meld
   clusters of the ten cards kept, for every possible discard), on the same
   hands, with how often each disagrees with rummykit (rummykit is checked
   against a brute force in its test suite). The solvers take turns over
   three passes and each shows its best pass: this host's speed wanders
   between phases, and turns keep one solver from getting all the slow ones.
   "cold" forgets rummykit's search results before every hand; "warm" keeps
   them through a pass, as a bot playing many hands does.
3. ``simulate --workers 2`` against one worker (best of two runs each).
4. The ratios, rummykit / peer.

The playouts too take turns, two passes, and each engine shows its best.

A peer that is not installed is skipped with a note.
"""

from __future__ import annotations

import argparse
import copy
import random
import statistics
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import Any

from engine import retained_bytes  # benchmarks/engine.py, beside this script

import rummykit as rk
from rummykit import solver as rk_solver
from rummykit.cards import Card

HERE = Path(__file__).resolve().parent
clock = time.perf_counter


def median_us(samples: list[float]) -> float:
    return statistics.median(samples) * 1e6 if samples else float("nan")


# --------------------------------------------------------------------------- playouts


def openspiel_playouts(games: int) -> dict[str, float] | None:
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game("gin_rummy")
    rng = random.Random(1)
    decisions: list[float] = []
    clones: list[float] = []
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(rng.choice(outcomes)[0])
                continue
            start = clock()
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
            decisions.append(clock() - start)
            if len(clones) < 2000:
                start = clock()
                state.clone()
                clones.append(clock() - start)
    return {"decision_us": median_us(decisions), "copy_us": median_us(clones), "bytes": float("nan")}


def rlcard_playouts(games: int) -> dict[str, float] | None:
    try:
        import rlcard
    except ImportError:
        return None
    env = rlcard.make("gin-rummy", config={"seed": 1})
    rng = random.Random(1)
    decisions: list[float] = []
    copies: list[float] = []
    kept: list[Any] = []
    tracemalloc.start()
    base = tracemalloc.get_traced_memory()[0]
    for game_index in range(games):
        state, _ = env.reset()
        while not env.is_over():
            start = clock()
            legal = list(state["legal_actions"].keys())
            state, _ = env.step(legal[rng.randrange(len(legal))])
            decisions.append(clock() - start)
            if game_index == 0 and len(copies) < 200:
                start = clock()
                kept.append(copy.deepcopy(env.game))
                copies.append(clock() - start)
    retained = (tracemalloc.get_traced_memory()[0] - base) / max(1, len(kept))
    tracemalloc.stop()
    return {"decision_us": median_us(decisions), "copy_us": median_us(copies), "bytes": retained}


def rummykit_playouts(ref: str, players: int, games: int) -> dict[str, float]:
    variant = rk.load_variant(ref)
    rng = random.Random(1)
    decisions: list[float] = []
    copies: list[float] = []
    for game in range(games):
        state = rk.deal(variant, players=players, seed=game)
        while state.phase != "over":
            start = clock()
            legal = state.legal_moves()
            kinds: dict[type, list[rk.Move]] = {}
            for move in legal:
                kinds.setdefault(type(move), []).append(move)
            move = rng.choice(kinds[rng.choice(sorted(kinds, key=lambda k: k.__name__))])
            state = state.apply(move)
            decisions.append(clock() - start)
            if len(copies) < 2000:
                start = clock()
                kept = state  # an immutable state is shared, never copied
                copies.append(clock() - start)
                del kept
    retained = retained_bytes(variant, players, 99)  # as benchmarks/engine.py measures it
    return {"decision_us": median_us(decisions), "copy_us": median_us(copies), "bytes": retained}


# --------------------------------------------------------------------------- deadwood


def dense_hands(count: int) -> list[list[Card]]:
    rng = random.Random(2026)
    hands = []
    for _ in range(count):
        low = rng.randint(1, 10)  # ace low only: A-4 … T-K
        ranks = [14 if r == 1 else r for r in range(low, low + 4)]
        pool = [Card.natural(r, s) for r in ranks for s in range(4)]
        hands.append(rng.sample(pool, 11))
    return hands


def deadwood(count: int, passes: int = 3) -> dict[str, dict[str, float]]:
    """Each solver on the same hands, ``passes`` times in turn; a solver's
    figure is its best pass (this host's speed wanders between phases)."""
    variant = rk.load_variant(str(HERE / "gin.toml"))
    hands = dense_hands(count)
    ours = [rk.least_penalty(variant, hand, discard=True).penalty for hand in hands]
    solvers = {"rummykit (cold)": _ours_cold(variant), "rummykit (warm)": _ours_warm(variant)}
    solvers.update(_openspiel_deadwood() or {})
    solvers.update(_rlcard_deadwood() or {})
    results: dict[str, dict[str, float]] = {}
    for number in range(passes):
        for name, solve in solvers.items():
            times, theirs = solve(hands)
            wrong = sum(1 for a, b in zip(ours, theirs, strict=True) if a != b)
            best = results.get(name, {}).get("us", float("inf"))
            results.setdefault(name, {}).update(us=min(best, median_us(times)), disagree=wrong / len(hands))
            results[name][f"pass {number}"] = median_us(times)
    return results


def pass_ratios(mine: dict[str, float], theirs: dict[str, float]) -> list[float]:
    """Ours / theirs within each pass: the two ran moments apart, in one phase of the host."""
    return [mine[key] / theirs[key] for key in mine if key.startswith("pass ")]


Solver = Any  # a function: hands -> (seconds per hand, deadwood per hand)


def _ours_cold(variant: rk.Variant) -> Solver:
    def solve(hands: list[list[Card]]) -> tuple[list[float], list[int]]:
        times, values = [], []
        for hand in hands:
            rk_solver.clear_caches(results_only=True)
            start = clock()
            values.append(rk.least_penalty(variant, hand, discard=True).penalty)
            times.append(clock() - start)
        return times, values

    return solve


def _ours_warm(variant: rk.Variant) -> Solver:
    def solve(hands: list[list[Card]]) -> tuple[list[float], list[int]]:
        rk_solver.clear_caches(results_only=True)  # warm within the pass only
        times, values = [], []
        for hand in hands:
            start = clock()
            values.append(rk.least_penalty(variant, hand, discard=True).penalty)
            times.append(clock() - start)
        return times, values

    return solve


def _openspiel_deadwood() -> dict[str, Solver] | None:
    try:
        import pyspiel.gin_rummy as gin
    except ImportError:
        return None
    utils = gin.GinRummyUtils(13, 4, 10)

    def solve(hands: list[list[Card]]) -> tuple[list[float], list[int]]:
        ints = [utils.card_strings_to_card_ints([str(c) for c in hand]) for hand in hands]
        times, values = [], []
        for hand in ints:
            start = clock()
            values.append(utils.min_deadwood(hand))
            times.append(clock() - start)
        return times, values

    return {"OpenSpiel": solve}


def _rlcard_deadwood() -> dict[str, Solver] | None:
    try:
        from rlcard.games.gin_rummy.utils import melding
        from rlcard.games.gin_rummy.utils import utils as rl_utils
    except ImportError:
        return None

    def solve(hands: list[list[Card]]) -> tuple[list[float], list[int]]:
        times, values = [], []
        for hand in hands:
            cards = [rl_utils.card_from_text(str(c)[0].upper() + str(c)[1].upper()) for c in hand]
            start = clock()
            best: int | None = None
            for i in range(len(cards)):
                kept = cards[:i] + cards[i + 1 :]
                clusters = melding.get_best_meld_clusters(kept)
                value = (
                    rl_utils.get_deadwood_count(kept, clusters[0])
                    if clusters
                    else sum(rl_utils.get_deadwood_value(c) for c in kept)
                )
                best = value if best is None else min(best, value)
            times.append(clock() - start)
            assert best is not None
            values.append(best)
        return times, values

    return {"RLCard": solve}


def workers_speedup(rounds: int) -> tuple[float, float]:
    """Rounds per second of ``simulate`` with one worker and with two."""
    from rummykit.simulate import simulate

    best = {1: 0.0, 2: 0.0}
    for workers in (1, 2, 1, 2):  # in turn, the best of two runs each
        report = simulate(
            "rami51", players=4, bots=["greedy", "random"], rounds=rounds, seed=5, workers=workers
        )
        best[workers] = max(best[workers], report.rounds_per_second)
    return best[1], best[2]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer games and hands")
    args = parser.parse_args()
    games = 20 if args.quick else 100
    ours_games = 3 if args.quick else 12
    hands = 1000 if args.quick else 5000

    engines: dict[str, Callable[[], dict[str, float] | None]] = {
        "OpenSpiel gin_rummy": lambda: openspiel_playouts(games),
        "RLCard gin-rummy": lambda: rlcard_playouts(games),
        "rummykit rami51 2p": lambda: rummykit_playouts("rami51", 2, ours_games),
        "rummykit rami51 4p": lambda: rummykit_playouts("rami51", 4, ours_games),
        "rummykit romme51 2p": lambda: rummykit_playouts("romme51", 2, ours_games),
    }
    rows: dict[str, dict[str, float] | None] = {}
    for _ in range(2):  # in turn, each engine's best of two passes
        for name, play in engines.items():
            row, best = play(), rows.get(name)
            if row is not None and best is not None:
                row = {key: min(value, best[key]) for key, value in row.items()}
            rows[name] = row
    print("Random-legal playouts (best of 2 passes)")
    print(f"{'engine':22}{'us/decision':>13}{'copy us':>10}{'bytes/state':>13}")
    for name, row in rows.items():
        if row is None:
            print(f"{name:22}  (not installed: pip install '.[bench]')")
            continue
        print(f"{name:22}{row['decision_us']:>13.1f}{row['copy_us']:>10.2f}{row['bytes']:>13.0f}")
    print()
    print("Least penalty after the best discard, 11-card one-deck dense hands (best of 3 passes)")
    dead = deadwood(hands)
    print(f"{'solver':18}{'median us':>11}{'disagrees with rummykit':>26}")
    for name, row in dead.items():
        print(f"{name:18}{row['us']:>11.1f}{row['disagree']:>25.2%}")
    print()
    one, two = workers_speedup(40 if args.quick else 160)
    print(f"simulate rami51 4p greedy/random: 1 worker {one:.1f} rounds/s, 2 workers {two:.1f} rounds/s, "
          f"speed-up {two / one:.2f}x")  # fmt: skip
    print()
    print("Ratios, rummykit / peer (below 1: rummykit is faster)")
    for peer in ("OpenSpiel gin_rummy", "RLCard gin-rummy"):
        row = rows[peer]
        if row is None:
            continue
        for ours in ("rummykit rami51 2p", "rummykit rami51 4p", "rummykit romme51 2p"):
            mine = rows[ours]
            assert mine is not None
            print(f"  us/decision  {ours} / {peer}: {mine['decision_us'] / row['decision_us']:.2f}")
        mine = rows["rummykit rami51 4p"]
        assert mine is not None
        print(f"  copy         rummykit / {peer}: {mine['copy_us'] / row['copy_us']:.3f}")
    for peer in ("OpenSpiel", "RLCard"):
        if peer in dead:
            for ours in ("rummykit (cold)", "rummykit (warm)"):
                ratios = pass_ratios(dead[ours], dead[peer])
                each = ", ".join(f"{r:.2f}" for r in ratios)
                best = dead[ours]["us"] / dead[peer]["us"]
                middle = statistics.median(ratios)
                label = f"deadwood     {ours} / {peer}"
                print(f"  {label}: {best:.2f} (best / best; pass by pass: {each}, median {middle:.2f})")


if __name__ == "__main__":
    main()
