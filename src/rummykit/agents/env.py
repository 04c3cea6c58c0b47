"""Every bundled variant as a PettingZoo AEC environment (the ``rl`` extra:
``pip install ".[rl]"`` from the clone); docs/agents.md describes the action ids,
the observation planes and the rewards.

``rummykit_env(variant, players)`` is the environment wrapped as
PettingZoo's classic games are (an illegal action ends the game with
``illegal_reward`` for the seat that made it; an action out of range or a
step out of order raises); :class:`RummykitEnv` is the bare environment,
which raises a ``ValueError`` on an illegal action.

>>> env = rummykit_env("gin")
>>> env.reset(seed=1)
>>> env.agent_selection, int(env.action_space("player_0").n)
('player_0', 182)
"""

from __future__ import annotations

import operator
import random
from collections.abc import Mapping
from typing import Any, ClassVar

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from rummykit.agents.actions import ActionSpace
from rummykit.agents.decisions import Decisions
from rummykit.agents.observation import ObservationLayout
from rummykit.agents.option_checks import REWARDS, check_env_options, is_finite_number, is_integer
from rummykit.agents.seats import Seating
from rummykit.play.bots import Bot
from rummykit.variant.model import Variant, as_variant

__all__ = ["REWARDS", "RummykitEnv", "rummykit_env"]

Observation = dict[str, npt.NDArray[Any]]


def rummykit_env(
    variant: Variant | str = "gin",
    players: int | None = None,
    *,
    illegal_reward: float = -1.0,
    **options: Any,
) -> AECEnv:
    """The environment of ``variant`` for ``players`` seats (default: two,
    or the fewest the variant allows), wrapped as PettingZoo's classic games
    are. ``options`` are :class:`RummykitEnv`'s."""
    if not is_finite_number(illegal_reward):
        raise ValueError(f"illegal_reward must be a finite number, not {illegal_reward!r}")
    env: AECEnv = RummykitEnv(variant, players, **options)
    env = TerminateIllegalIds(env, illegal_reward=illegal_reward)
    env = wrappers.AssertOutOfBoundsWrapper(env)
    return wrappers.OrderEnforcingWrapper(env)


class TerminateIllegalIds(wrappers.TerminateIllegalWrapper):  # type: ignore[misc]  # no type information
    """PettingZoo's illegal-action wrapper that first refuses an action
    that is neither None nor an integer id (a ``ValueError``, nothing
    changed): PettingZoo's ``Discrete`` space, which its bounds check asks,
    takes ``True`` for the id 1, and the illegal-action check then fails on
    it. (No wrapper of its own: each layer costs every attribute read.)"""

    def step(self, action: Any) -> None:
        if action is not None and not is_integer(action):
            raise ValueError(f"an action is an integer id, not {action!r}")
        super().step(action)


class RummykitEnv(AECEnv):  # type: ignore[misc]  # PettingZoo ships no type information
    """One round (or one match, ``match=True``) of a variant per episode.

    ``rewards``: one of :data:`REWARDS`. ``opponents``: seats played by a
    bot (a :class:`rummykit.play.bots.Bot`, or a bot's name such as
    ``"greedy"``, made afresh at each reset from the reset's seed); the
    agents are the other seats, ``player_S`` for seat S. ``max_steps``: the
    actions after which an episode is truncated (a random policy can lay and
    take back melds in a turn for long)."""

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["ansi", "human"],
        "name": "rummykit_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        variant: Variant | str = "gin",
        players: int | None = None,
        *,
        rewards: str = "score",
        match: bool = False,
        opponents: Mapping[int, Bot | str] | None = None,
        max_steps: int = 20_000,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        variant = as_variant(variant)
        players = variant.usual_players() if players is None else players
        check_env_options(players, rewards, match, max_steps, render_mode)
        players = operator.index(players)
        self.space = ActionSpace(variant, players)
        self.layout = ObservationLayout(self.space)
        self.render_mode = render_mode
        self.max_steps = max_steps
        bots = {} if opponents is None else opponents  # anything else is checked: [] is refused
        self.seating = Seating(self.space, bots, rewards=rewards, match=match)
        self.possible_agents = [f"player_{seat}" for seat in self.seating.agent_seats]
        self._seat_of = {f"player_{seat}": seat for seat in self.seating.agent_seats}
        box = spaces.Box(0.0, np.inf, (self.layout.size,), np.float32)
        mask = spaces.Box(0, 1, (self.space.size,), np.int8)
        self.observation_spaces = {
            agent: spaces.Dict({"observation": box, "action_mask": mask}) for agent in self.possible_agents
        }
        self.action_spaces = {a: spaces.Discrete(self.space.size) for a in self.possible_agents}
        self._rng = random.Random()
        self._steps = 0
        self._was_reset = False
        self._carried: dict[int, float] = {}
        self._agent_at = {seat: f"player_{seat}" for seat in range(players)}
        self._observed: dict[str, tuple[Decisions, int, Observation]] = {}  # by agent: its last observation

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        self._seat(agent)  # a clear error for a name that is no agent's
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        self._seat(agent)
        return self.action_spaces[agent]

    def _seat(self, agent: str) -> int:
        """``agent``'s seat (a ValueError for a name that is no agent's: a bot's seat, say)."""
        seat = self._seat_of.get(agent)
        if seat is None:
            raise ValueError(f"unknown agent {agent!r}: the agents are {', '.join(self.possible_agents)}")
        return seat

    def _check_reset(self, what: str) -> None:
        """A RuntimeError before the first reset (there is no episode to ``what`` yet)."""
        if not self._was_reset:
            raise RuntimeError(f"reset() needs to be called before {what}")

    @property
    def decisions(self) -> Decisions:
        """The round being played, action by action (its ``state`` is the engine's)."""
        return self.seating.decisions

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new episode; ``seed`` makes it (and every later seedless reset) reproducible."""
        if seed is not None:
            if not is_integer(seed) or operator.index(seed) < 0:
                raise ValueError(f"seed must be an integer of 0 or more, or None, not {seed!r}")
            self._rng = random.Random(operator.index(seed))
        carried = self.seating.start(self._rng.getrandbits(62))
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._steps = 0
        self._was_reset = True
        self._carried = carried  # paid with the first step: after a reset every reward is 0
        self.agent_selection = f"player_{self.seating.acting_seat()}"

    def observe(self, agent: str) -> Observation:
        """``agent``'s observation and action mask, built when first asked
        for after a step and then given again (the same arrays) until the
        next step."""
        decisions = self.seating.decisions
        hit = self._observed.get(agent)
        if hit is not None and hit[0] is decisions and hit[1] == decisions.taken:
            return hit[2]
        seat = self._seat(agent)
        self._check_reset("observe")
        observation = self._observation(seat, decisions)
        self._observed[agent] = (decisions, decisions.taken, observation)
        return observation

    def _observation(self, seat: int, decisions: Decisions) -> Observation:
        round_seat = self.seating.round_seat(seat)
        if round_seat is None:  # a seat out of the match sees nothing of the round
            return {
                "observation": np.zeros(self.layout.size, dtype=np.float32),
                "action_mask": np.zeros(self.space.size, dtype=np.int8),
            }
        mask = bytearray(self.space.size)
        acting = decisions.actor() == round_seat
        if acting:
            for action in decisions.legal_ids():
                mask[action] = 1
        vector = self.layout.encode_state(decisions.state, round_seat, decisions.pending if acting else ())
        return {"observation": vector, "action_mask": np.frombuffer(mask, dtype=np.int8)}

    def step(self, action: int | None) -> None:
        self._check_reset("step")
        if not self.agents:
            raise ValueError("the episode is over: reset() starts another")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} must act: None is only for a finished agent")
        if not is_integer(action):
            raise ValueError(f"an action is an integer id, not {action!r}")
        self.seating.act(operator.index(action))  # a ValueError for an illegal id, with nothing changed
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        self._steps += 1
        earned = self.seating.play_bots()
        if self._carried:
            for seat, reward in self._carried.items():
                earned[seat] = earned.get(seat, 0.0) + reward
            self._carried = {}
        self._after_move(earned)
        if self.render_mode == "human":
            print(self.render())

    def _after_move(self, scores: Mapping[int, float]) -> None:
        """Pay the rewards of the rounds that ended, end the episode when the
        game is over (or truncate it), and select the next agent."""
        for seat, reward in scores.items():
            agent = self._agent_at[seat]
            if agent in self.rewards:
                self.rewards[agent] += reward
        if self.seating.over:
            self.terminations = dict.fromkeys(self.agents, True)
        elif self._steps >= self.max_steps:
            self.truncations = dict.fromkeys(self.agents, True)
        actor = self.seating.acting_seat()
        if actor is not None:
            self.agent_selection = self._agent_at[actor]
        self._accumulate_rewards()

    def render(self) -> str | None:
        """The acting seat's view in text (``ansi``: returned; ``human``: printed by ``step``)."""
        if self.render_mode is None:
            return None
        self._check_reset("render")
        return self.seating.text()

    def close(self) -> None:
        return None
