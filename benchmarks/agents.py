"""The PettingZoo environment's step against the engine's (docs/agents.md; needs the rl extra).

Run: .venv/bin/python benchmarks/agents.py [--variant gin] [--episodes N] [--seed S] [--passes P]
(the rl extra: .venv/bin/pip install -q ".[rl]")

A step is what an agent waits for between its action and its next
observation: ``env.step(action)`` then ``env.last()`` (the next agent's
observation and action mask). Random legal actions (drawn from the mask,
untimed) over ``--episodes`` episodes, wrapped as ``rummykit_env`` makes the
environment and bare (``RummykitEnv``). The engine plays the same number of
random games: one decision is ``legal_moves`` and ``apply``; ``apply`` alone
is timed too. The passes are interleaved (environment, bare environment,
engine; then again), ``gc.collect()`` before each; a row shows the median of
the passes' means and their range, in microseconds. The ratios are the
environment's step over (a) ``apply`` alone (the issue's "bare apply") and
(b) one decision (what an agent's step must also do: find the legal moves),
pass by pass.
"""

from __future__ import annotations

import argparse
import gc
import random
import statistics
import time

import rummykit as rk


def env_steps(variant: str, episodes: int, seed: int, *, bare: bool = False) -> tuple[int, float]:
    """Steps taken and seconds spent in them over ``episodes`` random episodes
    (``bare``: RummykitEnv without PettingZoo's wrappers)."""
    import numpy as np  # the rl extra's, imported here so that --help needs none of it

    from rummykit.agents.env import RummykitEnv, rummykit_env

    env = RummykitEnv(variant) if bare else rummykit_env(variant)
    rng = random.Random(seed)
    steps, spent, clock = 0, 0.0, time.perf_counter
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
            spent += clock() - start
            steps += action is not None
    return steps, spent


def engine_moves(variant: str, episodes: int, seed: int) -> tuple[int, float, float]:
    """Moves, seconds of ``legal_moves`` and ``apply``, and seconds of ``apply`` alone."""
    chosen = rk.load_variant(variant)
    players = max(2, chosen.players.min)  # as the environment's default
    rng, clock = random.Random(seed), time.perf_counter
    moves, total, applying = 0, 0.0, 0.0
    for episode in range(episodes):
        state = rk.deal(chosen, players=players, seed=seed + episode)
        while state.phase != "over":
            start = clock()
            legal = state.legal_moves()
            middle = clock()
            move = rng.choice(legal)
            state = state.apply(move)
            end = clock()
            total += end - start
            applying += end - middle
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
    args = parser.parse_args()
    rows: dict[str, list[float]] = {name: [] for name in ("wrapped", "bare", "decision", "apply")}
    ratios: dict[str, list[float]] = {
        name: [] for name in ("wrapped/apply", "wrapped/decision", "bare/apply", "bare/decision")
    }
    for number in range(args.passes):
        seed = args.seed + 1000 * number
        for name, bare in (("wrapped", False), ("bare", True)):
            gc.collect()
            steps, seconds = env_steps(args.variant, args.episodes, seed, bare=bare)
            rows[name].append(1e6 * seconds / steps)
        gc.collect()
        moves, decisions, applying = engine_moves(args.variant, args.episodes, seed)
        rows["decision"].append(1e6 * decisions / moves)
        rows["apply"].append(1e6 * applying / moves)
        for env in ("wrapped", "bare"):
            ratios[f"{env}/apply"].append(rows[env][-1] / rows["apply"][-1])
            ratios[f"{env}/decision"].append(rows[env][-1] / rows["decision"][-1])
    print(
        f"{args.variant}: {args.passes} interleaved passes of {args.episodes} random episodes,"
        " microseconds (median [range])"
    )
    print(_row("rummykit_env step (wrapped)", rows["wrapped"]))
    print(_row("RummykitEnv step (no wrappers)", rows["bare"]))
    print(_row("engine decision (legal_moves+apply)", rows["decision"]))
    print(_row("engine apply alone", rows["apply"]))
    for name, values in ratios.items():
        print(_row(f"ratio {name}", values, "x"))


if __name__ == "__main__":
    main()
