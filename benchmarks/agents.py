"""The PettingZoo environment's step against the engine's (docs/agents.md; needs the rl extra).

Run: .venv/bin/python benchmarks/agents.py [--variant gin] [--episodes N] [--passes P] [--clock cpu]
(the rl extra: .venv/bin/pip install -q ".[rl]")

A step is what an agent waits for between its action and its next
observation: ``env.step(action)`` then ``env.last()`` (the next agent's
observation vector and action mask, both built; the loop reads the mask).
Random legal actions (drawn from the mask, untimed) over ``--episodes``
episodes, wrapped as ``rummykit_env`` makes the environment and bare
(``RummykitEnv``). The engine plays the same number of random games: one
decision is ``legal_moves`` and ``apply``; ``apply`` alone is timed too.
In the bare environment's pass the observation vector of each step's state
is built once more, untimed in the step, and timed alone (what the vector
costs of a step). The passes are interleaved (environment, bare
environment, engine; then again), ``gc.collect()`` before each; a row shows
the median of the passes' means and their range, in microseconds of the
process's CPU time (``--clock cpu``, the default: other jobs on a shared
host do not inflate it; ``--clock wall`` for the wall clock). The ratios are
the environment's step over (a) ``apply`` alone (the issue's "bare apply")
and (b) one decision (what an agent's step must also do: find the legal
moves), pass by pass; the last line says whether the issue's target, a bare
step at most 3x a bare ``apply`` (median of the passes), is met.
"""

from __future__ import annotations

import argparse
import gc
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

import rummykit as rk

Clock = Callable[[], float]
CLOCKS: dict[str, Clock] = {"cpu": time.process_time, "wall": time.perf_counter}


TARGET = 3.0
"""The issue's target: a bare step at most this many times a bare ``apply``."""


def env_steps(
    variant: str, episodes: int, seed: int, *, bare: bool = False, clock: Clock = time.perf_counter
) -> tuple[int, float, float]:
    """Steps taken, seconds spent in them and (``bare`` only: RummykitEnv
    without PettingZoo's wrappers) seconds of their observation vectors
    built again alone (by ``clock``), over ``episodes`` random episodes."""
    import numpy as np  # the rl extra's, imported here so that --help needs none of it

    from rummykit.agents.env import RummykitEnv, rummykit_env

    env = RummykitEnv(variant) if bare else rummykit_env(variant)
    rng = random.Random(seed)
    steps, spent, vectors = 0, 0.0, 0.0
    for episode in range(episodes):
        env.reset(seed=seed + episode)
        observation, _, termination, truncation, _ = env.last()
        while env.agents:
            action = (
                None if termination or truncation else rng.choice(np.flatnonzero(observation["action_mask"]))
            )
            start = clock()
            env.step(action)
            if env.agents:
                observation, _, termination, truncation, _ = env.last()
            if action is not None:  # a finished agent's step is not timed
                spent += clock() - start
                steps += 1
                if bare and env.agents:
                    vectors += _vector_again(env, clock)
    return steps, spent, vectors


def _vector_again(env: Any, clock: Clock) -> float:
    """The seconds of the acting agent's observation vector built once more."""
    decisions = env.decisions
    seat = env.seating.round_seat(int(env.agent_selection.split("_")[1]))
    if seat is None or decisions.over:
        return 0.0
    start = clock()
    env.layout.encode_state(decisions.state, seat, decisions.pending)
    return clock() - start


def engine_moves(
    variant: str, episodes: int, seed: int, clock: Clock = time.perf_counter
) -> tuple[int, float, float]:
    """Moves, seconds of ``legal_moves`` and ``apply``, and seconds of ``apply`` alone (by ``clock``)."""
    chosen = rk.load_variant(variant)
    players = max(2, chosen.players.min)  # as the environment's default
    rng = random.Random(seed)
    moves, total, applying = 0, 0.0, 0.0
    for episode in range(episodes):
        state = rk.deal(chosen, players=players, seed=seed + episode)
        while state.phase != "over":
            start = clock()
            legal = state.legal_moves()
            middle = clock()
            move = rng.choice(legal)  # the policy: untimed, as in the environment's loop
            chosen_at = clock()
            state = state.apply(move)
            end = clock()
            total += (middle - start) + (end - chosen_at)
            applying += end - chosen_at
            moves += 1
    return moves, total, applying


def _row(name: str, values: list[float], unit: str = "us") -> str:
    median = statistics.median(values)
    return f"  {name:34} {median:7.1f} {unit} [{min(values):.1f}-{max(values):.1f}]"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="gin")
    parser.add_argument("--episodes", type=int, default=100)
    parser.add_argument("--passes", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--clock", choices=sorted(CLOCKS), default="cpu")
    args = parser.parse_args()
    clock = CLOCKS[args.clock]
    rows: dict[str, list[float]] = {name: [] for name in ("wrapped", "bare", "vector", "decision", "apply")}
    ratios: dict[str, list[float]] = {
        name: [] for name in ("wrapped/apply", "wrapped/decision", "bare/apply", "bare/decision")
    }
    for number in range(args.passes):
        seed = args.seed + 1000 * number
        for name, bare in (("wrapped", False), ("bare", True)):
            gc.collect()
            steps, seconds, vectors = env_steps(args.variant, args.episodes, seed, bare=bare, clock=clock)
            rows[name].append(1e6 * seconds / steps)
            if bare:
                rows["vector"].append(1e6 * vectors / steps)
        gc.collect()
        moves, decisions, applying = engine_moves(args.variant, args.episodes, seed, clock)
        rows["decision"].append(1e6 * decisions / moves)
        rows["apply"].append(1e6 * applying / moves)
        for env in ("wrapped", "bare"):
            ratios[f"{env}/apply"].append(rows[env][-1] / rows["apply"][-1])
            ratios[f"{env}/decision"].append(rows[env][-1] / rows["decision"][-1])
    print(
        f"{args.variant}: {args.passes} interleaved passes of {args.episodes} random episodes,"
        f" microseconds of {args.clock} time (median [range])"
    )
    print(_row("rummykit_env step (wrapped)", rows["wrapped"]))
    print(_row("RummykitEnv step (no wrappers)", rows["bare"]))
    print(_row("  its observation vector, alone", rows["vector"]))
    print(_row("engine decision (legal_moves+apply)", rows["decision"]))
    print(_row("engine apply alone", rows["apply"]))
    for name, values in ratios.items():
        print(_row(f"ratio {name}", values, "x"))
    bare = statistics.median(ratios["bare/apply"])
    verdict = "met" if bare <= TARGET else "not met"
    print(f"target: a bare step at most {TARGET:g}x a bare apply: {verdict} ({bare:.1f}x)")


if __name__ == "__main__":
    main()
