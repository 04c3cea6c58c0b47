"""Random-policy games per second on gin: rummykit's PettingZoo environment
beside PettingZoo's ``gin_rummy_v4`` and OpenSpiel's ``gin_rummy``, in one run.

Run: .venv/bin/pip install -q ".[rl,bench]"
     .venv/bin/python benchmarks/agents_peers.py [--passes 7] [--games 20] [--cold 3]

Every contender plays whole two-player games of gin with the same policy,
a uniform random legal action: ``legal[int(u * len(legal))]``, ``u`` the
next of a list of random numbers drawn before the pass, so the choice costs
the same everywhere; an agent reads its observation at every decision, as a
learning agent would.

- ``rummykit_env``: rummykit's environment wrapped as PettingZoo's classic
  games are (``TerminateIllegalWrapper``, ``AssertOutOfBoundsWrapper``,
  ``OrderEnforcingWrapper``); the loop is PettingZoo's: ``agent_iter``,
  ``last()`` (the observation and the action mask), ``step``.
- ``RummykitEnv``: the same without the wrappers (the two rows differ by
  what PettingZoo's wrappers cost).
- PettingZoo ``gin_rummy_v4``: PettingZoo 1.27 no longer ships it (it was
  removed; RLCard keeps the game). It is rebuilt here as it was: PettingZoo's
  own ``RLCardBase`` over RLCard's ``gin-rummy``, the observation cut to its
  four planes, the same three wrappers, the same loop; and bare, without
  the wrappers. (Its one change of
  rewards, a knock paid 0.5 rather than RLCard's 0.2, costs one call a game
  and is left out.)
- OpenSpiel ``gin_rummy`` (C++): ``legal_actions``, ``observation_tensor``
  of the player to act, ``apply_action``; chance nodes (the deal, a card
  drawn from the stock) are sampled from ``chance_outcomes`` with the same
  random numbers. A second row leaves the observation out (the engine alone).

Cold: a fresh object (environment or game) made and its first ``--cold``
games played, before any other game of that contender, construction
included. Warm: after the cold games, the contenders take turns pass by
pass (pass 1 of every contender, then pass 2 ...), ``gc.collect()`` before
each pass, each pass ``--games`` new games (the environment reset with the
pass's seed once, then reset without one); a row shows the median of the
passes' games per second with their range, the agent decisions per game,
and the microseconds per decision (wall clock, and CPU time of the process,
``time.process_time``, which other jobs on a shared host do not inflate).
Nothing is traced while timing.
"""

from __future__ import annotations

import argparse
import gc
import random
import statistics
import time
from collections.abc import Callable
from typing import Any, ClassVar

Player = Callable[[list[float], int], int]  # one game, the random numbers from an offset; its decisions


def pettingzoo_player(env: Any) -> Player:
    """One game of a PettingZoo AEC environment (reset without a seed) per call."""

    def play(numbers: list[float], offset: int) -> int:
        env.reset()
        decisions, count = 0, len(numbers)
        for _agent in env.agent_iter():
            observation, _, termination, truncation, _ = env.last()
            if termination or truncation:
                env.step(None)
                continue
            legal = observation["action_mask"].nonzero()[0]
            env.step(int(legal[int(numbers[(offset + decisions) % count] * len(legal))]))
            decisions += 1
        return decisions

    return play


def make_rummykit(*, bare: bool) -> Callable[[int], Player]:
    def make(seed: int) -> Player:
        from rummykit.agents.env import RummykitEnv, rummykit_env

        env = RummykitEnv("gin") if bare else rummykit_env("gin")
        env.reset(seed=seed)
        return pettingzoo_player(env)

    return make


def make_gin_rummy_v4(*, bare: bool) -> Callable[[int], Player]:
    def make(seed: int) -> Player:
        return pettingzoo_player(gin_rummy_v4(seed, bare=bare))

    return make


def gin_rummy_v4(seed: int, *, bare: bool) -> Any:
    """PettingZoo's ``gin_rummy_v4`` as it was (see the module's docstring), reset with ``seed``."""
    from pettingzoo.classic.rlcard_envs.rlcard_base import RLCardBase
    from pettingzoo.utils import wrappers

    class GinRummyV4(RLCardBase):  # type: ignore[misc]
        metadata: ClassVar[dict[str, Any]] = {
            "render_modes": [],
            "name": "gin_rummy_v4",
            "is_parallelizable": False,
        }

        def __init__(self) -> None:
            super().__init__("gin-rummy", 2, (4, 52))
            self.render_mode = None

        def observe(self, agent: str) -> dict[str, Any]:
            import numpy as np

            state = self.env.get_state(self._name_to_int(agent))
            mask = np.zeros(110, "int8")
            for action in self.next_legal_moves:
                mask[action] = 1
            return {"observation": state["obs"][0:4, :].astype(self._dtype), "action_mask": mask}

    env: Any = GinRummyV4()
    if bare:
        env.reset(seed=seed)
        return env
    env = wrappers.TerminateIllegalWrapper(env, illegal_reward=-1)
    env = wrappers.AssertOutOfBoundsWrapper(env)
    env = wrappers.OrderEnforcingWrapper(env)
    env.reset(seed=seed)
    return env


def make_openspiel(*, observe: bool) -> Callable[[int], Player]:
    def make(seed: int) -> Player:
        import pyspiel

        game = pyspiel.load_game("gin_rummy")

        def play(numbers: list[float], offset: int) -> int:
            state = game.new_initial_state()
            decisions = drawn = 0
            count = len(numbers)
            while not state.is_terminal():
                u = numbers[(offset + decisions + drawn) % count]
                if state.is_chance_node():
                    state.apply_action(_sample(state.chance_outcomes(), u))
                    drawn += 1
                    continue
                legal = state.legal_actions()
                if observe:
                    state.observation_tensor(state.current_player())
                state.apply_action(legal[int(u * len(legal))])
                decisions += 1
            return decisions

        return play

    return make


def _sample(outcomes: list[tuple[int, float]], u: float) -> int:
    total = 0.0
    for action, probability in outcomes:
        total += probability
        if u < total:
            return action
    return outcomes[-1][0]


CONTENDERS: dict[str, Callable[[int], Player]] = {
    "rummykit_env (wrapped)": make_rummykit(bare=False),
    "RummykitEnv (bare)": make_rummykit(bare=True),
    "PettingZoo gin_rummy_v4 (wrapped)": make_gin_rummy_v4(bare=False),
    "PettingZoo gin_rummy_v4 (bare)": make_gin_rummy_v4(bare=True),
    "OpenSpiel gin_rummy": make_openspiel(observe=True),
    "OpenSpiel gin_rummy, no observation": make_openspiel(observe=False),
}


def timed(play: Player, games: int, numbers: list[float], first: int) -> tuple[float, float, int]:
    """Wall seconds, CPU seconds and decisions of ``games`` games (game g
    reads the random numbers from ``first + 997 g`` on)."""
    wall, cpu = time.perf_counter(), time.process_time()
    decisions = sum(play(numbers, first + 997 * game) for game in range(games))
    return time.perf_counter() - wall, time.process_time() - cpu, decisions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--passes", type=int, default=7)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--cold", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    numbers = [rng.random() for _ in range(20_000)]
    players: dict[str, Player] = {}
    print(f"gin, 2 players, uniform random legal actions; cold: {args.cold} games on a fresh object")
    for name, make in CONTENDERS.items():
        start = time.perf_counter()
        players[name] = make(args.seed)
        _, _, decisions = timed(players[name], args.cold, numbers, 0)
        total = time.perf_counter() - start
        print(
            f"  {name:38} cold {args.cold / total:8.1f} games/s"
            f" ({decisions / args.cold:.0f} decisions a game)"
        )
    rates: dict[str, list[float]] = {name: [] for name in players}
    walls: dict[str, list[float]] = {name: [] for name in players}
    cpus: dict[str, list[float]] = {name: [] for name in players}
    per_game: dict[str, float] = {}
    for number in range(args.passes):
        for name, play in players.items():
            gc.collect()
            wall, cpu, decisions = timed(play, args.games, numbers, 101 * (number + 1))
            rates[name].append(args.games / wall)
            walls[name].append(1e6 * wall / decisions)
            cpus[name].append(1e6 * cpu / decisions)
            per_game[name] = decisions / args.games
    print(f"warm: {args.passes} interleaved passes of {args.games} games (median [range])")
    for name in players:
        rate = rates[name]
        print(
            f"  {name:38} {statistics.median(rate):8.1f} games/s [{min(rate):.1f}-{max(rate):.1f}]"
            f"  {per_game[name]:5.0f} decisions a game"
            f"  {statistics.median(walls[name]):7.1f} us a decision (CPU {statistics.median(cpus[name]):.1f})"
        )


if __name__ == "__main__":
    main()
