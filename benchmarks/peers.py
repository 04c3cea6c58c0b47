"""rummykit side by side with OpenSpiel and RLCard, timed engine to engine.

Run: pip install ".[bench]" && python benchmarks/peers.py [--quick] [--baseline OLD/src]

1. Random legal playouts. Every engine plays uniform random legal moves with
   the same policy: the move is ``legal[int(u * len(legal))]`` where ``u`` is
   the next of a list of random numbers drawn before the pass, so the choice
   costs the same everywhere. Timed per decision, without tracing: the bare
   engine calls only.

   - OpenSpiel ``gin_rummy`` (C++): ``state.legal_actions()`` then
     ``state.apply_action``; a draw from the stock is followed by a chance
     node that deals the card (``chance_outcomes`` + ``apply_action``), timed
     as part of the draw (rummykit deals the drawn card inside ``apply``).
   - RLCard ``gin-rummy`` (Python), bare engine: ``game.judge.get_legal_actions()``
     then ``game.step``.
   - RLCard ``gin-rummy``, environment level (a separate, labelled row):
     ``env.step``, which also builds the observation and the legal-action
     dictionary an agent reads.
   - rummykit: ``state.legal_moves()`` then ``state.apply(move)``, on ``gin``
     (the same game as the two peers) and, for reference, ``rami51`` and
     ``romme51`` (2 players), ``contract`` and ``indian`` (2 players; its
     random moves are drawn among those that stay in the deal while there
     are any: a uniform choice drops or shows wrongly within a few turns)
     (skipped with a note when the variant is not there).

   Dealing is not timed. After one warm-up game each (not counted), the
   engines take turns pass by pass in one process (pass 1 of every engine,
   then pass 2 ...); each pass plays new deals, the same seeds for every
   engine. Before each of its passes rummykit forgets the results it
   remembered from the hands played (least-penalty searches, meld verdicts,
   meld moves, commit verdicts: ``clear_caches(variant, results_only=True)``)
   and collects the garbage (``gc.collect()``, so that no timed pass
   carries the collection of what the warm-up left); it keeps its
   variants' search tables (candidate melds by suit and rank
   pattern, made from the deck and the meld rules on first use: in the
   warm-up game, or in the first pass that needs them), as OpenSpiel makes
   its meld tables untimed (each new game state builds them before its
   first decision). Emptying those too would make every pass
   build them again: 6-11 ms a pass of 12 gin deals (about 1,350 decisions),
   some 4-8 us a decision. A row shows the mean microseconds per decision
   (the median of the passes' means and their range), the median single
   decision, and the legal moves listed per decision; beside the wall-clock mean, the mean in CPU time of the
   process (``time.process_time`` around each game's decisions, so the
   loop's own few calls are in it for every engine), which other jobs on a
   loaded host do not inflate. The ratios are taken pass by pass (both
   engines ran moments apart) and shown as median and range. ``--baseline``
   also times rummykit's ``rami51`` from another checkout (its ``src``
   directory) in a child process within each pass, for the "half of today's
   figure" target, and that checkout's ``contract`` (the fewest players it
   allows) when this one has none.
2. Copies and memory, in a separate pass after the timings: the cost of a
   copy of a state, then bytes per retained state under ``tracemalloc``
   (OpenSpiel's states live on the C++ heap, which tracemalloc cannot see).
3. The least penalty ("deadwood") of 11-card one-deck dense hands (four
   consecutive ranks, four suits) under ``benchmarks/gin.toml``, after the
   best discard: rummykit's ``least_penalty(..., discard=True)``, OpenSpiel's
   ``GinRummyUtils.min_deadwood`` and RLCard's melding utilities (best meld
   clusters of the ten cards kept, for every possible discard), on the same
   hands (card conversions untimed), with how often each disagrees with
   rummykit (rummykit is checked against a brute force in its test suite).
   The solvers take turns over three passes. "cold" forgets rummykit's
   search results before every hand; "warm" keeps them through a pass, as a
   bot playing many hands does.
4. ``simulate --workers 2`` against one worker (best of two runs each).
5. The ratios, rummykit / peer, and the speed targets of issue 10.

A peer that is not installed is skipped with a note.
"""

from __future__ import annotations

import argparse
import copy
import gc
import importlib
import itertools
import json
import os
import random
import statistics
import subprocess
import sys
import time
import tracemalloc
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import rummykit as rk
from rummykit import Card
from rummykit import solver as rk_solver

HERE = Path(__file__).resolve().parent
clock = time.perf_counter
process_time = time.process_time

OPENSPIEL = "OpenSpiel gin_rummy (C++), bare"
RLCARD = "RLCard gin-rummy, bare game.step"
RLCARD_ENV = "RLCard gin-rummy, env.step (env level)"
OURS_GIN = "rummykit gin"
BASELINE = " (baseline)"


def median_us(samples: list[float]) -> float:
    return statistics.median(samples) * 1e6 if samples else float("nan")


# --------------------------------------------------------------------------- playouts


class Tally:
    """One engine's decisions in one pass: seconds per decision, moves listed."""

    def __init__(self) -> None:
        self.times: list[float] = []
        self.listed = 0
        self.cpu = 0.0  # process seconds over whole games' decisions: blind to other jobs

    def summary(self) -> dict[str, float]:
        count = len(self.times)
        return {
            "mean_us": sum(self.times) / count * 1e6 if count else float("nan"),
            "cpu_us": self.cpu / count * 1e6 if count else float("nan"),
            "median_us": median_us(self.times),
            "decisions": float(count),
            "listed": self.listed / count if count else float("nan"),
        }


def uniforms(seed: int) -> Iterator[float]:
    """A game's random numbers, drawn before it from its seed, the same for every engine."""
    rng = random.Random(seed)
    return itertools.cycle([rng.random() for _ in range(20_000)])


Playout = Callable[[list[int]], dict[str, float]]  # the pass's seeds -> Tally.summary()


def openspiel_engine() -> Playout | None:
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game("gin_rummy")

    def play(seeds: list[int]) -> dict[str, float]:
        tally = Tally()
        for seed in seeds:
            pick = uniforms(seed)
            state = game.new_initial_state()
            while state.is_chance_node():  # the deal, untimed
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[int(next(pick) * len(outcomes))][0])
            cpu = process_time()
            while not state.is_terminal():
                start = clock()
                legal = state.legal_actions()
                state.apply_action(legal[int(next(pick) * len(legal))])
                while state.is_chance_node():  # the card drawn from the stock
                    outcomes = state.chance_outcomes()
                    state.apply_action(outcomes[int(next(pick) * len(outcomes))][0])
                tally.times.append(clock() - start)
                tally.listed += len(legal)
            tally.cpu += process_time() - cpu
        return tally.summary()

    return play


def rlcard_engine() -> Playout | None:
    try:
        import numpy as np
        from rlcard.games.gin_rummy.game import GinRummyGame
    except ImportError:
        return None

    def play(seeds: list[int]) -> dict[str, float]:
        tally = Tally()
        for seed in seeds:
            pick = uniforms(seed)
            game = GinRummyGame()
            game.np_random = np.random.RandomState(seed)
            game.init_game()
            judge = game.judge
            cpu = process_time()
            while not game.is_over():
                start = clock()
                legal = judge.get_legal_actions()
                game.step(legal[int(next(pick) * len(legal))])
                tally.times.append(clock() - start)
                tally.listed += len(legal)
            tally.cpu += process_time() - cpu
        return tally.summary()

    return play


def rlcard_env_engine() -> Playout | None:
    try:
        import rlcard
    except ImportError:
        return None

    def play(seeds: list[int]) -> dict[str, float]:
        tally = Tally()
        for seed in seeds:
            pick = uniforms(seed)
            env = rlcard.make("gin-rummy", config={"seed": seed})
            state, _ = env.reset()
            cpu = process_time()
            while not env.is_over():
                start = clock()
                legal = list(state["legal_actions"])
                state, _ = env.step(legal[int(next(pick) * len(legal))])
                tally.times.append(clock() - start)
                tally.listed += len(legal)
            tally.cpu += process_time() - cpu
        return tally.summary()

    return play


def forget_learned(variant: rk.Variant) -> None:
    """Forget the results rummykit remembered from the hands played, and keep
    its variants' search tables (see the module's docstring)."""
    try:
        rk_solver.clear_caches(variant, results_only=True)
    except TypeError:  # a --baseline checkout from before variants kept their own memo
        rk_solver.clear_caches(results_only=True)  # type: ignore[call-arg]
        importlib.import_module("rummykit.speed.memo").forget_all()


def rummykit_engine(ref: str, players: int) -> Playout | None:
    try:
        variant = rk.load_variant(ref)
    except rk.VariantError:
        return None

    def play(seeds: list[int]) -> dict[str, float]:
        forget_learned(variant)  # untimed: no pass finds the results of another's hands
        # Untimed too: every pass starts with empty young generations, so that
        # collecting what the warm-up game left (a millisecond or two) falls in
        # no timed pass, rather than in those of a checkout whose imports
        # happened to allocate a few objects more.
        gc.collect()
        tally = Tally()
        for seed in seeds:
            pick = uniforms(seed)
            state = rk.deal(variant, players=players, seed=seed)
            cpu = process_time()
            while state.phase != "over":
                start = clock()
                legal = state.legal_moves()
                state = state.apply(legal[int(next(pick) * len(legal))])
                tally.times.append(clock() - start)
                tally.listed += len(legal)
            tally.cpu += process_time() - cpu
        return tally.summary()

    def play_staying(seeds: list[int]) -> dict[str, float]:
        # A variant where a seat may leave the deal (drop, declare): the random
        # choice is among the other moves while there are any, so that deals
        # last (a uniform choice declares wrongly within a few turns). The
        # choice is made outside the timed calls.
        from rummykit.core.moves import Declare, Drop  # (a checkout without them never comes here)

        forget_learned(variant)
        gc.collect()
        tally = Tally()
        for seed in seeds:
            pick = uniforms(seed)
            state = rk.deal(variant, players=players, seed=seed)
            cpu = process_time()
            while state.phase != "over":
                start = clock()
                legal = state.legal_moves()
                listed = clock() - start
                staying = [m for m in legal if not isinstance(m, (Drop, Declare))] or legal
                move = staying[int(next(pick) * len(staying))]
                start = clock()
                state = state.apply(move)
                tally.times.append(listed + clock() - start)
                tally.listed += len(legal)
            tally.cpu += process_time() - cpu
        return tally.summary()

    return play_staying if leaves_deal(variant) else play


def leaves_deal(variant: rk.Variant) -> bool:
    """May a seat of ``variant`` declare (and so leave the deal by a move of
    its own)? False for a checkout without declarations."""
    declare = getattr(variant, "declare", None)
    return bool(declare is not None and declare.allowed)


def baseline_engine(src: str, ref: str, players: int) -> Playout:
    """rummykit's ``ref`` from another checkout's ``src``, in a child process."""

    def play(seeds: list[int]) -> dict[str, float]:
        env = dict(os.environ, PYTHONPATH=src)
        command = [sys.executable, __file__, "--child", ref, str(players), ",".join(map(str, seeds))]
        done = subprocess.run(command, env=env, capture_output=True, text=True)
        if done.returncode != 0:
            raise SystemExit(f"--baseline {src}: the child for {ref} failed:\n{done.stderr}")
        result: dict[str, float] = json.loads(done.stdout.splitlines()[-1])
        return result

    return play


def child(ref: str, players: int, seeds: str) -> None:
    """The child process of ``--baseline``: one pass of one rummykit row, as JSON."""
    play = rummykit_engine(ref, players or players_for(ref))
    if play is None:
        raise SystemExit(f"{ref}: no such variant in {rk.__file__}")
    play([0])  # a fresh process: its own uncounted warm-up game, as in the parent
    print(json.dumps(play([int(s) for s in seeds.split(",")])))


def players_for(ref: str) -> int:
    players = rk.load_variant(ref).players
    return max(players.min, min(2, players.max))


def engines(baseline: str | None) -> tuple[dict[str, Playout], list[str]]:
    """The rows that can run here, and a note for each that cannot."""
    found: dict[str, Playout | None] = {
        OPENSPIEL: openspiel_engine(),
        RLCARD: rlcard_engine(),
        OURS_GIN: rummykit_engine("gin", 2),
    }
    for ref in ("rami51", "romme51", "contract", "indian"):
        play = rummykit_engine(ref, players_for(ref)) if ref in rk.bundled_variants() else None
        found[f"rummykit {ref} {players_for(ref)}p" if play else f"rummykit {ref}"] = play
    if baseline:
        found[f"rummykit rami51 2p{BASELINE}"] = baseline_engine(baseline, "rami51", 2)
        if "rummykit contract" in found:  # not on this branch: the baseline's, when it has one
            del found["rummykit contract"]
            found[f"rummykit contract{BASELINE}"] = baseline_engine(baseline, "contract", 0)
    found[RLCARD_ENV] = rlcard_env_engine()
    rows = {name: play for name, play in found.items() if play is not None}
    missing = "no such variant on this branch", "not installed: pip install .[bench]"
    notes = [
        f"{name}: not measured ({missing[0] if 'rummykit' in name else missing[1]})"
        for name, play in found.items()
        if play is None
    ]
    return rows, notes


def playouts(rows: dict[str, Playout], passes: int, games: int) -> dict[str, list[dict[str, float]]]:
    """Every row, pass after pass, in turn; new deals each pass, the same for every row."""
    results: dict[str, list[dict[str, float]]] = {name: [] for name in rows}
    for play in rows.values():  # a warm-up game each (imports, first calls), not counted
        play([0])
    for number in range(passes):
        seeds = [1000 * (number + 1) + game for game in range(games)]
        for name, play in rows.items():
            results[name].append(play(seeds))
        print(f"  pass {number + 1}/{passes} done", file=sys.stderr, flush=True)
    return results


def spread(values: list[float], digits: int = 1) -> str:
    """Median [min-max]."""
    return f"{statistics.median(values):.{digits}f} [{min(values):.{digits}f}-{max(values):.{digits}f}]"


def print_playouts(results: dict[str, list[dict[str, float]]], notes: list[str]) -> None:
    head = f"{'engine':40}{'decisions':>10}{'listed':>7}"
    print(f"{head}{'mean us [range]':>22}{'CPU us [range]':>22}{'median':>8}")
    for name, passes in results.items():
        decisions = sum(p["decisions"] for p in passes)
        listed = statistics.fmean(p["listed"] for p in passes)
        means = spread([p["mean_us"] for p in passes])
        cpu = spread([p["cpu_us"] for p in passes])
        middle = statistics.median(p["median_us"] for p in passes)
        print(f"{name:40}{decisions:>10.0f}{listed:>7.1f}{means:>22}{cpu:>22}{middle:>8.1f}")
    for note in notes:
        print(f"  {note}")


def pass_ratios(mine: list[dict[str, float]], theirs: list[dict[str, float]], key: str) -> list[float]:
    return [a[key] / b[key] for a, b in zip(mine, theirs, strict=True)]


# --------------------------------------------------------------------------- copies and memory


def copies_and_memory() -> dict[str, tuple[float, float]]:
    """Microseconds per copy of a state (median) and bytes per retained state,
    untimed play; tracemalloc only for the bytes. One game each (seed 99) for
    the peers; for rummykit the median of five rounds after an uncounted one."""
    from engine import bytes_per_state  # benchmarks/engine.py, beside this script

    out: dict[str, tuple[float, float]] = {}
    try:
        import pyspiel

        state = pyspiel.load_game("gin_rummy").new_initial_state()
        rng = random.Random(99)
        clones: list[float] = []
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
                continue
            start = clock()
            state.clone()
            clones.append(clock() - start)
            state.apply_action(rng.choice(state.legal_actions()))
        out[OPENSPIEL] = (median_us(clones), float("nan"))
    except ImportError:
        pass
    try:
        import numpy as np
        from rlcard.games.gin_rummy.game import GinRummyGame

        game = GinRummyGame()
        game.np_random = np.random.RandomState(99)
        game.init_game()
        rng = random.Random(99)
        copies: list[float] = []
        while not game.is_over() and len(copies) < 60:
            start = clock()
            copy.deepcopy(game)
            copies.append(clock() - start)
            game.step(rng.choice(game.judge.get_legal_actions()))
        tracemalloc.start()
        before = tracemalloc.get_traced_memory()[0]
        kept = [copy.deepcopy(game) for _ in range(20)]
        retained = (tracemalloc.get_traced_memory()[0] - before) / len(kept)
        tracemalloc.stop()
        out[RLCARD] = (median_us(copies), retained)
    except ImportError:
        pass
    for ref in ("gin", "rami51"):
        # A state is immutable: a copy is a reference, shared with its parent.
        out[f"rummykit {ref}"] = (0.0, bytes_per_state(rk.load_variant(ref), 2))
    return out


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
    """Each solver on the same hands, ``passes`` times in turn."""
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
            results.setdefault(name, {})["disagree"] = wrong / len(hands)
            results[name][f"pass {number}"] = median_us(times)
    return results


def deadwood_ratios(mine: dict[str, float], theirs: dict[str, float]) -> list[float]:
    """Ours / theirs within each pass: the two ran moments apart, in one phase of the host."""
    return [mine[key] / theirs[key] for key in mine if key.startswith("pass ")]


Solver = Any  # a function: hands -> (seconds per hand, deadwood per hand)


def _ours_cold(variant: rk.Variant) -> Solver:
    def solve(hands: list[list[Card]]) -> tuple[list[float], list[int]]:
        times, values = [], []
        for hand in hands:
            forget_learned(variant)
            start = clock()
            values.append(rk.least_penalty(variant, hand, discard=True).penalty)
            times.append(clock() - start)
        return times, values

    return solve


def _ours_warm(variant: rk.Variant) -> Solver:
    def solve(hands: list[list[Card]]) -> tuple[list[float], list[int]]:
        forget_learned(variant)  # warm within the pass only
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
    from rummykit.play.simulate import simulate

    best = {1: 0.0, 2: 0.0}
    for workers in (1, 2, 1, 2):  # in turn, the best of two runs each
        report = simulate(
            "rami51", players=4, bots=["greedy", "random"], rounds=rounds, seed=5, workers=workers
        )
        best[workers] = max(best[workers], report.rounds_per_second)
    return best[1], best[2]


# --------------------------------------------------------------------------- report


def print_ratios(results: dict[str, list[dict[str, float]]]) -> None:
    print("Ratios pass by pass, rummykit / peer: median [min-max] of the passes' ratios of the mean")
    print("per decision (wall clock, then CPU), and of the median single decision; below 1: rummykit faster")
    ours = [name for name in results if name.startswith("rummykit") and not name.endswith(BASELINE)]
    for peer in (OPENSPIEL, RLCARD, RLCARD_ENV):
        if peer not in results:
            continue
        for name in ours:
            wall = spread(pass_ratios(results[name], results[peer], "mean_us"), 2)
            cpu = spread(pass_ratios(results[name], results[peer], "cpu_us"), 2)
            medians = statistics.median(pass_ratios(results[name], results[peer], "median_us"))
            print(f"  {name:19} / {peer:38} {wall:>19} {cpu:>19} {medians:>6.2f}")


def compiled_build() -> bool:
    """Is the installed rummykit the compiled build (docs/compiled-build.md)?"""
    import rummykit.core.meld_judge

    return not str(rummykit.core.meld_judge.__file__).endswith(".py")


def print_targets(results: dict[str, list[dict[str, float]]], today_us: float) -> None:
    compiled = compiled_build()
    build = "compiled build (mypyc)" if compiled else "pure Python build"
    print(f"Issue 10 targets, {build}: the median of the passes' ratios of the mean per")
    print("decision decides (wall clock; CPU time beside it)")

    def check(label: str, mine: list[dict[str, float]], theirs: list[dict[str, float]], limit: float) -> None:
        wall = pass_ratios(mine, theirs, "mean_us")
        cpu = pass_ratios(mine, theirs, "cpu_us")
        verdict = "met" if statistics.median(wall) <= limit else "NOT met"
        shown = f"wall {spread(wall, 2):>19} CPU {spread(cpu, 2):>19}"
        print(f"  {label:40} at most {limit:<4} {shown}  {verdict}")

    if OURS_GIN in results and RLCARD in results:
        check("gin / RLCard bare engine", results[OURS_GIN], results[RLCARD], 0.5)
    if OURS_GIN in results and OPENSPIEL in results:
        check("gin / OpenSpiel", results[OURS_GIN], results[OPENSPIEL], 2.0 if compiled else 4.0)
    rami = "rummykit rami51 2p"
    if rami in results and rami + BASELINE in results:
        check("rami51 2p / the baseline checkout", results[rami], results[rami + BASELINE], 0.5)
    elif rami in results:
        today = [{"mean_us": today_us, "cpu_us": today_us}] * len(results[rami])
        check(f"rami51 2p / {today_us:g} us (issue 10, another day)", results[rami], today, 0.5)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer passes, games and hands")
    parser.add_argument("--baseline", metavar="SRC", help="another checkout's src directory to time too")
    parser.add_argument("--today-us", type=float, default=140.0, help=argparse.SUPPRESS)
    parser.add_argument("--child", nargs=3, metavar=("REF", "PLAYERS", "SEEDS"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.child[0], int(args.child[1]), args.child[2])
        return
    passes, games, hands = (3, 4, 1000) if args.quick else (7, 12, 5000)

    rows, notes = engines(args.baseline)
    print(f"Random legal playouts: {passes} passes x {games} games per engine, interleaved, untraced")
    results = playouts(rows, passes, games)
    print_playouts(results, notes)
    print("  listed: legal moves per decision; decisions: over all passes")
    print()
    print("Copies and memory (a separate pass; tracemalloc only for the bytes)")
    print(f"{'engine':42}{'copy us':>10}{'bytes/state':>13}")
    for name, (copy_us, bytes_) in copies_and_memory().items():
        shown = "n/a (C++)" if bytes_ != bytes_ else f"{bytes_:.0f}"
        copied = "0 (a reference)" if copy_us == 0 else f"{copy_us:.1f}"
        print(f"{name:42}{copied:>10}{shown:>13}")
    print()
    print("Least penalty after the best discard, 11-card one-deck dense hands", end=" ")
    print(f"({hands} hands, 3 passes in turn)")
    dead = deadwood(hands)
    print(f"{'solver':18}{'median us per hand [range of passes]':>38}{'disagrees with rummykit':>26}")
    for name, row in dead.items():
        times = [value for key, value in row.items() if key.startswith("pass ")]
        print(f"{name:18}{spread(times):>38}{row['disagree']:>25.2%}")
    print()
    one, two = workers_speedup(40 if args.quick else 160)
    print(f"simulate rami51 4p greedy/random: 1 worker {one:.1f} rounds/s, 2 workers {two:.1f} rounds/s, "
          f"speed-up {two / one:.2f}x")  # fmt: skip
    print()
    print_ratios(results)
    for peer in ("OpenSpiel", "RLCard"):
        if peer in dead:
            for ours in ("rummykit (cold)", "rummykit (warm)"):
                label = f"deadwood {ours} / {peer}"
                print(f"  {label:63} {spread(deadwood_ratios(dead[ours], dead[peer]), 2):>20}")
    print()
    print_targets(results, args.today_us)


if __name__ == "__main__":
    main()
