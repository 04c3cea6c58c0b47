"""The PettingZoo environment's speed (docs/agents.md; needs the rl extra).

Run: .venv/bin/python benchmarks/agents.py [--variant gin] [--episodes N] [--seed S]
(the rl extra: .venv/bin/pip install -q ".[rl]")

Plays random legal actions (drawn from the action mask) in the environment
and prints its steps per second (a step: ``env.last()``, the observation
and mask, then ``env.step``), wrapped as ``rummykit_env`` makes it and bare,
beside the same number of random games
played on the bare engine (``legal_moves`` and ``apply`` per move) and the
time of ``apply`` alone, in microseconds per step or move.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import rummykit as rk


def env_steps(variant: str, episodes: int, seed: int, *, bare: bool = False) -> tuple[int, float]:
    """Steps taken and seconds spent over ``episodes`` random episodes
    (``bare``: RummykitEnv without PettingZoo's wrappers)."""
    import numpy as np  # the rl extra's, imported here so that --help needs none of it

    from rummykit.agents.env import RummykitEnv, rummykit_env

    env = RummykitEnv(variant) if bare else rummykit_env(variant)
    rng = np.random.default_rng(seed)
    steps, clock = 0, time.perf_counter
    start = clock()
    for episode in range(episodes):
        env.reset(seed=seed + episode)
        for _agent in env.agent_iter():
            observation, _, termination, truncation, _ = env.last()
            if termination or truncation:
                env.step(None)
                continue
            env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
            steps += 1
    return steps, clock() - start


def engine_moves(variant: str, episodes: int, seed: int) -> tuple[int, float, float]:
    """Moves, seconds of ``legal_moves`` and ``apply``, and the median ``apply`` in seconds."""
    chosen = rk.load_variant(variant)
    players = max(2, chosen.players.min)  # as the environment's default
    rng, clock = random.Random(seed), time.perf_counter
    moves, total, applies = 0, 0.0, []
    for episode in range(episodes):
        state = rk.deal(chosen, players=players, seed=seed + episode)
        while state.phase != "over":
            start = clock()
            move = rng.choice(state.legal_moves())
            middle = clock()
            state = state.apply(move)
            end = clock()
            total += end - start
            applies.append(end - middle)
            moves += 1
    return moves, total, statistics.median(applies)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="gin")
    parser.add_argument("--episodes", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(f"{args.variant}: {args.episodes} random episodes")
    for name, bare in (("rummykit_env", False), ("RummykitEnv (no wrappers)", True)):
        steps, seconds = env_steps(args.variant, args.episodes, args.seed, bare=bare)
        print(f"{name}: {steps / seconds:,.0f} steps per second ({1e6 * seconds / steps:.1f} us a step)")
    moves, engine_seconds, apply_median = engine_moves(args.variant, args.episodes, args.seed)
    each = 1e6 * engine_seconds / moves
    rate = moves / engine_seconds
    print(f"bare engine: {rate:,.0f} moves per second ({each:.1f} us for legal_moves and apply,")
    print(f"  apply alone {1e6 * apply_median:.1f} us)")


if __name__ == "__main__":
    main()
