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
Between the two, where a bare step's time goes: the round played by action
ids as the environment plays it, without PettingZoo's API
(``Decisions``: the legal ids, one taken), then with the acting seat's mask
written, then with its observation vector built too; each layer's cost is
its row less the row below (the last, the bare step less the layers).
The passes are interleaved (every row once, then again),
``gc.collect()`` before each; a row shows the median of the passes' means
and their range, in microseconds of the process's CPU time (``--clock
cpu``, the default: other jobs on a shared host do not inflate it;
``--clock wall`` for the wall clock). The ratios are the environment's step
over (a) ``apply`` alone (the issue's "bare apply") and (b) one decision
(what an agent's step must also do: find the legal moves), pass by pass;
the last line says whether the issue's target, a bare step at most 3x a
bare ``apply`` (median of the passes), is met.
"""

from __future__ import annotations

import argparse
import gc
import random
import statistics
import time
from collections.abc import Callable

import rummykit as rk
from rummykit.variant.model import bundled_variants

Clock = Callable[[], float]
CLOCKS: dict[str, Clock] = {"cpu": time.process_time, "wall": time.perf_counter}


TARGET = 3.0
"""The issue's target: a bare step at most this many times a bare ``apply``."""


def env_steps(
    variant: str, episodes: int, seed: int, *, bare: bool = False, clock: Clock = time.perf_counter
) -> tuple[int, float]:
    """Steps taken and seconds spent in them (by ``clock``) over ``episodes``
    random episodes (``bare``: RummykitEnv without PettingZoo's wrappers)."""
    import numpy as np  # the rl extra's, imported here so that --help needs none of it

    from rummykit.agents.env import RummykitEnv, rummykit_env

    env = RummykitEnv(variant) if bare else rummykit_env(variant)
    rng = random.Random(seed)
    steps, spent = 0, 0.0
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
    return steps, spent


def id_steps(variant: str, episodes: int, seed: int, layer: int, clock: Clock) -> tuple[int, float]:
    """Steps and seconds (by ``clock``) of ``episodes`` random rounds played
    by action ids as the environment plays them, without PettingZoo's API:
    ``layer`` 0, the legal ids and one taken (``Decisions``); 1, the acting
    seat's mask written too; 2, its observation vector built too."""
    import numpy as np

    from rummykit.agents.actions import ActionSpace
    from rummykit.agents.decisions import Decisions
    from rummykit.agents.observation import ObservationLayout

    chosen = rk.load_variant(variant)
    players = chosen.usual_players()  # as the environment's default
    space = ActionSpace(chosen, players)
    layout = ObservationLayout(space)
    rng = random.Random(seed)
    steps, spent = 0, 0.0
    for episode in range(episodes):
        game = Decisions(space, rk.deal(chosen, players=players, seed=seed + episode))
        while not game.over:
            start = clock()
            legal = game.legal_ids()
            if layer:
                mask = bytearray(space.size)
                for action in legal:
                    mask[action] = 1
                np.frombuffer(mask, dtype=np.int8)
            if layer > 1:
                layout.encode_state(game.state, game.acting(), game.pending)
            middle = clock()
            action = rng.choice(sorted(legal))  # the policy: untimed
            resumed = clock()
            game.step(action)
            spent += (middle - start) + (clock() - resumed)
            steps += 1
    return steps, spent


def engine_moves(
    variant: str, episodes: int, seed: int, clock: Clock = time.perf_counter
) -> tuple[int, float, float]:
    """Moves, seconds of ``legal_moves`` and ``apply``, and seconds of ``apply`` alone (by ``clock``)."""
    chosen = rk.load_variant(variant)
    players = chosen.usual_players()  # as the environment's default
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
    return f"  {name:38} {median:7.1f} {unit} [{min(values):.1f}-{max(values):.1f}]"


ROWS = {
    "wrapped": "rummykit_env step (wrapped)",
    "bare": "RummykitEnv step (no wrappers)",
    "ids+vector": "by ids, mask and observation vector",
    "ids+mask": "by ids and mask",
    "ids": "by ids (legal ids, one taken)",
    "decision": "engine decision (legal_moves+apply)",
    "apply": "engine apply alone",
}
LAYERS = (
    ("PettingZoo's API (step, last, observe)", "bare", "ids+vector"),
    ("the observation vector", "ids+vector", "ids+mask"),
    ("the action mask", "ids+mask", "ids"),
    ("action ids (Decisions)", "ids", "decision"),
)


def one_pass(args: argparse.Namespace, number: int, rows: dict[str, list[float]]) -> None:
    """Every row once, interleaved, into ``rows`` (microseconds a step)."""
    clock, seed = CLOCKS[args.clock], args.seed + 1000 * number
    for name, bare in (("wrapped", False), ("bare", True)):
        gc.collect()
        steps, seconds = env_steps(args.variant, args.episodes, seed, bare=bare, clock=clock)
        rows[name].append(1e6 * seconds / steps)
    for name, layer in (("ids+vector", 2), ("ids+mask", 1), ("ids", 0)):
        gc.collect()
        steps, seconds = id_steps(args.variant, args.episodes, seed, layer, clock)
        rows[name].append(1e6 * seconds / steps)
    gc.collect()
    moves, decisions, applying = engine_moves(args.variant, args.episodes, seed, clock)
    rows["decision"].append(1e6 * decisions / moves)
    rows["apply"].append(1e6 * applying / moves)


def report(args: argparse.Namespace, rows: dict[str, list[float]]) -> None:
    print(
        f"{args.variant}: {args.passes} interleaved passes of {args.episodes} random episodes,"
        f" microseconds of {args.clock} time (median [range])"
    )
    for name, label in ROWS.items():
        print(_row(label, rows[name]))
    for env in ("wrapped", "bare"):
        for per in ("apply", "decision"):
            ratios = [step / base for step, base in zip(rows[env], rows[per], strict=True)]
            print(_row(f"ratio {env}/{per}", ratios, "x"))
    median = {name: statistics.median(values) for name, values in rows.items()}
    print("where a bare step goes (medians; each layer is its row less the row below):")
    print(f"  {'the engine (legal_moves+apply)':38} {median['decision']:7.1f} us")
    for label, row, below in LAYERS:
        print(f"  {label:38} {median[row] - median[below]:7.1f} us")
    bare = statistics.median(step / base for step, base in zip(rows["bare"], rows["apply"], strict=True))
    verdict = "met" if bare <= TARGET else "not met"
    print(f"target: a bare step at most {TARGET:g}x a bare apply: {verdict} ({bare:.1f}x)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="gin")
    parser.add_argument("--episodes", type=int, default=100)
    parser.add_argument("--passes", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--clock", choices=sorted(CLOCKS), default="cpu")
    args = parser.parse_args()
    if args.variant not in bundled_variants():
        known = ", ".join(bundled_variants())
        parser.error(f"--variant: a bundled variant's id ({known}), not {args.variant!r}")
    rows: dict[str, list[float]] = {name: [] for name in ROWS}
    for number in range(args.passes):
        one_pass(args, number, rows)
    report(args, rows)


if __name__ == "__main__":
    main()
