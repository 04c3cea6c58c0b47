"""The environment's step as it is made fast (docs/agents.md, "Speed"): the
observation an agent is given, built once a step from the state's visible
fields, is its view's vector (the plane-by-plane reference of
test_agent_observation.py) at every step of seeded episodes in every
variant, every seat's, with a mask of exactly the legal ids; an observation
asked for twice in a step is built once; a move's first id is remembered by
the move object, boundedly. Skipped without the rl extra (a failure instead
when RUMMYKIT_REQUIRE_AGENTS is set)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from tests.agents.agent_extras import RL, required

_, _, np = required("pettingzoo", "gymnasium", "numpy", reason=RL)

from tests.agents.test_agent_observation import reference  # noqa: E402

import rummykit as rk  # noqa: E402
from rummykit.agents.actions import KNOWN_LIMIT, ActionSpace  # noqa: E402
from rummykit.agents.env import RummykitEnv  # noqa: E402
from rummykit.agents.observation import ObservationLayout  # noqa: E402
from rummykit.core.moves import Discard, Draw, Meld  # noqa: E402
from rummykit.round.views import view_of  # noqa: E402

VARIANTS = tuple(rk.bundled_variants())
STEPS = 300
"""Steps checked per variant (every agent's observation at each)."""


def check_every_agent(env: RummykitEnv) -> None:
    """Every agent's observation now is the reference vector of its seat's
    view (with its pending choice, if it acts), and its mask holds exactly
    the legal ids (none for a seat not to act)."""
    decisions, layout = env.decisions, env.layout
    for agent in env.agents:
        seat = env.seating.round_seat(int(agent.split("_")[1]))
        assert seat is not None  # a round, not a match: every seat plays
        acting = decisions.actor() == seat
        view = view_of(decisions.state, seat, with_legal=False)
        expected = reference(layout, view, decisions.pending if acting else ())
        seen = env.observe(agent)
        assert seen["observation"].dtype == np.float32 and seen["action_mask"].dtype == np.int8
        assert np.array_equal(seen["observation"], expected)
        assert np.flatnonzero(seen["action_mask"]).tolist() == (decisions.legal_actions() if acting else [])


@pytest.mark.parametrize("variant_id", VARIANTS)
def test_every_observation_is_the_views_vector(variant_id: str) -> None:
    env = RummykitEnv(variant_id, max_steps=STEPS)
    rng = random.Random(variant_id)
    steps = episode = 0
    while steps < STEPS:
        env.reset(seed=episode)
        episode += 1
        for agent in env.agent_iter():
            _, _, termination, truncation, _ = env.last()
            if termination or truncation:
                env.step(None)
                continue
            check_every_agent(env)
            env.step(int(rng.choice(np.flatnonzero(env.observe(agent)["action_mask"]))))
            steps += 1
            if steps >= STEPS:
                break


def test_an_observation_is_built_once_a_step(monkeypatch: Any) -> None:
    builds: list[int] = []
    original = ObservationLayout.encode_state

    def counted(layout: ObservationLayout, state: Any, seat: int, pending: Any = ()) -> Any:
        builds.append(seat)
        return original(layout, state, seat, pending)

    monkeypatch.setattr(ObservationLayout, "encode_state", counted)
    env = RummykitEnv("gin")
    env.reset(seed=4)
    agent = env.agent_selection
    first = env.last()[0]
    assert env.observe(agent) is first and len(builds) == 1
    env.observe("player_0"), env.observe("player_1")
    assert len(builds) == 2  # the other agent's, once
    env.step(int(np.flatnonzero(first["action_mask"])[0]))
    after = env.observe(agent)
    assert len(builds) == 3 and after is not first
    assert not np.array_equal(after["observation"], first["observation"])


def test_a_moves_first_id_is_remembered_by_the_move_object() -> None:
    space = ActionSpace(rk.load_variant("gin"), players=2)
    discard, meld = rk.parse_move("discard 7h"), rk.parse_move("meld 7h 8h 9h")
    assert isinstance(discard, Discard) and isinstance(meld, Meld)
    assert space.known(discard) == (discard, space.encode(discard)[0], True)
    assert space.known(discard) is space.known(discard)
    assert space.known(meld) == (meld, space.word("meld"), False)
    again = rk.parse_move("discard 7h")  # an equal move, another object: its own entry, the same ids
    assert space.known(again)[0] is again and space.known(again)[1:] == space.known(discard)[1:]
    for _ in range(KNOWN_LIMIT + 10):  # fresh objects: the memory forgets, it does not grow
        assert space.known(Draw())[1:] == (space.word("draw"), True)
    assert len(space.known_moves) <= KNOWN_LIMIT
