"""The PettingZoo environment of every variant (docs/agents.md): PettingZoo's
own api_test and seed_test, the observation from the view only, seeded
resets, rewards, bots in the other seats, matches, the illegal-action
convention and the ansi render. Skipped without the rl extra (a failure
instead when RUMMYKIT_REQUIRE_AGENTS is set, as in .ci/run).
RUMMYKIT_ENV_CYCLES sets api_test's and seed_test's cycles (default 150)."""

from __future__ import annotations

import os
import random
import re
import warnings
from pathlib import Path
from typing import Any

import pytest
from tests.agents.agent_extras import RL, required

_, _, np = required("pettingzoo", "gymnasium", "numpy", reason=RL)

from pettingzoo.test import api_test, seed_test  # noqa: E402

import rummykit as rk  # noqa: E402
from rummykit.agents.env import RummykitEnv, rummykit_env  # noqa: E402
from rummykit.agents.observation import ObservationLayout  # noqa: E402
from rummykit.play.bots import GreedyBot  # noqa: E402
from rummykit.round.views import view_of  # noqa: E402

VARIANTS = tuple(rk.bundled_variants())
CYCLES = int(os.environ.get("RUMMYKIT_ENV_CYCLES", "150"))
DOCS = Path(__file__).resolve().parents[2] / "docs" / "agents.md"


def random_episode(env: Any, seed: int, rng: Any) -> dict[str, float]:
    """Play one episode with random legal actions; every agent's total reward."""
    env.reset(seed=seed)
    totals: dict[str, float] = {}
    for agent in env.agent_iter():
        observation, reward, termination, truncation, _ = env.last()
        totals[agent] = totals.get(agent, 0.0) + reward
        if termination or truncation:
            env.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        env.step(int(rng.choice(legal)))
    return totals


@pytest.mark.parametrize("variant_id", VARIANTS)
def test_pettingzoo_api_and_seed_tests_pass(variant_id: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # api_test's advice (e.g. an all-zero mask of a seat not to act)
        api_test(rummykit_env(variant_id), num_cycles=CYCLES)
        seed_test(lambda: rummykit_env(variant_id), num_cycles=CYCLES)


def test_the_docs_give_every_variants_observation_length() -> None:
    text = DOCS.read_text(encoding="utf-8")
    for variant_id in VARIANTS:
        row = re.search(rf"^\| `{variant_id}` \| (\d+) \| (\d+) \| (\d+) \|", text, re.M)
        assert row is not None, variant_id
        env = RummykitEnv(variant_id)
        assert (int(row[2]), int(row[3])) == (env.space.size, env.layout.size), variant_id


def test_the_observation_reads_only_the_seats_view() -> None:
    """Two states that differ in what seat 0 cannot see (the other hand
    and the stock) give seat 0 the same observation."""
    state = rk.deal("rami51", players=2, seed=5)
    other, stock = list(state.hands[1]), list(state.stock)
    swapped = next(i for i, card in enumerate(stock) if card not in other)
    other[0], stock[swapped] = stock[swapped], other[0]
    hands = (state.hands[0], tuple(sorted(other, key=lambda c: c.code)))
    hidden = state.evolve(hands=hands, stock=tuple(stock))
    env = RummykitEnv("rami51")
    layout = env.layout
    mine = layout.encode(view_of(state, 0))
    assert np.array_equal(mine, layout.encode(view_of(hidden, 0)))
    assert not np.array_equal(layout.encode(view_of(state, 1)), layout.encode(view_of(hidden, 1)))
    hand = dict((name, (start, length)) for name, start, length in layout.planes)["hand"]
    assert mine[hand[0] : hand[0] + hand[1]].sum() == len(state.hands[0])


def test_a_seeded_reset_replays_the_same_episode() -> None:
    first = random_episode(rummykit_env("gin"), 7, np.random.default_rng(1))
    again = random_episode(rummykit_env("gin"), 7, np.random.default_rng(1))
    assert first == again


def test_score_rewards_are_the_round_scores_signed() -> None:
    env = RummykitEnv("rami51", opponents={1: "greedy"})
    rng = np.random.default_rng(3)
    totals = random_episode(env, 11, rng)
    result = env.decisions.state.result
    assert result is not None and set(totals) == {"player_0"}
    assert totals["player_0"] == -result.scores[0]  # a penalty: more is worse


def test_win_rewards_and_greedy_opponents() -> None:
    env = RummykitEnv("gin", rewards="win", opponents={0: "greedy"})
    assert env.possible_agents == ["player_1"]
    totals = random_episode(env, 2, np.random.default_rng(2))
    result = env.decisions.state.result
    assert result is not None
    assert totals["player_1"] == (1.0 if 1 in result.winners else -1.0)


def test_a_match_is_one_episode() -> None:
    env = RummykitEnv("rummy", match=True, rewards="win", opponents={1: "greedy"})
    totals = random_episode(env, 4, np.random.default_rng(4))
    match = env.seating.match
    assert match is not None and match.is_over and len(match.results) >= 1
    assert totals["player_0"] == (1.0 if 0 in match.winners else -1.0)


def test_an_elimination_match_plays_its_rounds_of_fewer_seats() -> None:
    """An audit found the match crash once a seat was out: the observation
    wrote the match's four hand sizes from a round of three."""
    env = RummykitEnv("indian_pool", players=4, match=True)
    rng, fewer = np.random.default_rng(5), []
    env.reset(seed=5)
    planes = {name: (start, length) for name, start, length in env.layout.planes}
    start, _ = planes["hand_sizes"]
    for agent in env.agent_iter():
        observation, _, termination, truncation, _ = env.last()
        state, seat = env.decisions.state, env.seating.round_seat(int(agent.split("_")[1]))
        if state.players < 4 and seat is not None:
            sizes = [len(state.hands[(seat + k) % state.players]) for k in range(state.players)]
            fewer.append(observation["observation"][start : start + 4].tolist() == [*sizes, 0, 0, 0][:4])
        legal = np.flatnonzero(observation["action_mask"])
        env.step(None if termination or truncation else int(rng.choice(legal)))
    match = env.seating.match
    assert match is not None and match.is_over and fewer and all(fewer)


def test_a_match_over_before_any_agent_acts_is_played_again() -> None:
    """Seed 3602 deals a Tonk match whose every deal is won at the deal: the
    agent loop then met agent_selection "player_None"."""
    env = RummykitEnv("tonk", match=True)
    env.reset(seed=3602)
    assert env.agent_selection in env.possible_agents
    assert env.seating.match is not None and not env.seating.match.is_over


def test_an_illegal_action_ends_the_game_with_a_penalty() -> None:
    env = rummykit_env("gin", illegal_reward=-5.0)
    env.reset(seed=1)
    actor = env.agent_selection
    mask = env.last()[0]["action_mask"]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        env.step(int(np.flatnonzero(mask == 0)[0]))
    assert all(env.terminations.values())
    assert env.rewards[actor] == -5.0
    bare = RummykitEnv("gin")
    bare.reset(seed=1)
    before = bare.decisions.state
    with pytest.raises(ValueError, match="not legal now"):
        bare.step(int(np.flatnonzero(mask == 0)[0]))
    assert bare.decisions.state == before


@pytest.mark.parametrize(
    ("options", "says"),
    [
        ({"players": 2.0}, "players must be an integer, not 2.0"),
        ({"players": "2"}, "players must be an integer, not '2'"),
        ({"match": "no"}, "match must be True or False, not 'no'"),
        ({"max_steps": "abc"}, "max_steps must be an integer of 1 or more, not 'abc'"),
        ({"max_steps": None}, "max_steps must be an integer of 1 or more, not None"),
        ({"max_steps": 0}, "max_steps must be an integer of 1 or more, not 0"),
        ({"max_steps": float("nan")}, "max_steps must be an integer of 1 or more, not nan"),
        ({"opponents": [1]}, "opponents map seats to bots, not [1]"),
        ({"opponents": {1: 5}}, "an opponent is a bot (choose and wants_buy) or a bot's name, not 5"),
        ({"opponents": {1: None}}, "an opponent is a bot"),
        ({"opponents": {1: "clever"}}, "unknown bot 'clever'"),
        ({"illegal_reward": "abc"}, "illegal_reward must be a finite number, not 'abc'"),
        ({"illegal_reward": None}, "illegal_reward must be a finite number, not None"),
        ({"illegal_reward": float("nan")}, "illegal_reward must be a finite number, not nan"),
        ({"illegal_reward": 10**400}, "illegal_reward must be a finite number, not 1000"),
        ({"opponents": []}, "opponents map seats to bots, not []"),
        ({"opponents": 0}, "opponents map seats to bots, not 0"),
        ({"opponents": {1: GreedyBot}}, "an opponent is a bot, not the class GreedyBot"),
    ],
)
def test_an_option_of_the_wrong_kind_is_refused_when_the_env_is_made(
    options: dict[str, Any], says: str
) -> None:
    with pytest.raises(ValueError, match=re.escape(says)):
        rummykit_env("gin", **options)


@pytest.mark.parametrize("action", [2.7, "3", True, None])
def test_the_bare_env_takes_integer_ids_only(action: Any) -> None:
    env = RummykitEnv("gin")
    env.reset(seed=1)
    before = (env.decisions.state, env.agent_selection)
    with pytest.raises(ValueError, match=r"an action is an integer id|must act"):
        env.step(action)
    assert (env.decisions.state, env.agent_selection) == before
    legal = np.flatnonzero(env.observe(env.agent_selection)["action_mask"])
    env.step(np.int64(legal[0]))  # numpy's integers are ids, and its 0-d integer arrays (argmax's)
    env.step(np.array(np.flatnonzero(env.observe(env.agent_selection)["action_mask"])[0]))
    with pytest.raises(ValueError, match=re.escape("seed must be an integer of 0 or more, or None, not 1.5")):
        env.reset(seed=1.5)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=re.escape("seed must be an integer of 0 or more, or None, not -5")):
        env.reset(seed=-5)  # random.Random(-5) would replay seed 5


def test_the_wrapped_env_refuses_an_action_that_is_no_id() -> None:
    """PettingZoo's Discrete space takes True for 1, and its illegal-action
    wrapper then failed on it with numpy's "truth value" error."""
    env = rummykit_env("gin")
    env.reset(seed=1)
    before = env.unwrapped.decisions.state
    with pytest.raises(ValueError, match=re.escape("an action is an integer id, not True")):
        env.step(True)  # 2.5 or "3" PettingZoo's out-of-bounds check refuses first
    assert env.unwrapped.decisions.state == before and not any(env.terminations.values())


def test_the_bare_env_refuses_misuse_clearly() -> None:
    env = RummykitEnv("gin", opponents={1: "greedy"})
    for call, what in ((lambda: env.step(0), "step"), (lambda: env.observe("player_0"), "observe")):
        with pytest.raises(RuntimeError, match=f"reset\\(\\) needs to be called before {what}"):
            call()
    env.reset(seed=1)
    for agent in ("player_1", "player_2"):  # a bot's seat, a seat the game has not
        with pytest.raises(ValueError, match=f"unknown agent '{agent}': the agents are player_0"):
            env.observe(agent)
        with pytest.raises(ValueError, match="unknown agent"):
            env.action_space(agent)
    random_episode(env, 1, np.random.default_rng(1))
    assert not env.agents
    with pytest.raises(ValueError, match="the episode is over"):
        env.step(None)


class _Wayward(GreedyBot):
    """A bot that answers with something that is not a move."""

    def choose(self, view: Any) -> Any:
        return "discard 2c"


def test_a_bot_that_chooses_no_legal_move_is_named() -> None:
    env = RummykitEnv("gin", opponents={0: _Wayward(rk.load_variant("gin"))})
    says = "the bot of seat 0 chose 'discard 2c', which is not a legal move now"
    with pytest.raises(ValueError, match=says):
        random_episode(env, 1, np.random.default_rng(1))  # at the bot's first decision


def test_numpy_integers_are_taken_where_integers_are() -> None:
    env = rummykit_env("gin", players=np.int64(2), opponents={np.int64(1): "greedy"}, max_steps=np.int32(50))
    env.reset(seed=np.int64(3))
    again = RummykitEnv("gin", opponents={1: "greedy"})
    again.reset(seed=3)
    assert env.unwrapped.decisions.state == again.decisions.state  # the same seed, the same deal
    assert env.possible_agents == ["player_0"]


def test_the_ansi_render_shows_the_seat_and_its_legal_actions() -> None:
    env = RummykitEnv("gin", render_mode="ansi")
    env.reset(seed=1)
    text = env.render()
    assert text is not None and "hand: " in text and "legal: pass, take" in text


def test_the_observation_layout_covers_the_vector() -> None:
    layout = ObservationLayout(RummykitEnv("contract").space)
    ends = [start + length for _, start, length in layout.planes]
    starts = [start for _, start, _ in layout.planes]
    assert starts[0] == 0 and starts[1:] == ends[:-1] and ends[-1] == layout.size


def test_the_docs_loop_runs() -> None:
    text = DOCS.read_text(encoding="utf-8")
    code = text.split("<!-- run: pettingzoo -->\n```python\n")[1].split("```")[0]
    assert len([line for line in code.splitlines() if line.strip()]) <= 10
    exec(compile(code, "docs/agents.md", "exec"), {})


def test_the_render_names_seats_as_the_agents_after_an_elimination() -> None:
    """An audit: once a seat of an elimination match was out, the render
    named the round's seats (0, 1) where the agents were player_0, player_3."""
    env = RummykitEnv("indian_pool", 4, match=True, render_mode="ansi")
    env.reset(seed=2)
    rng = random.Random(2)
    for agent in env.agent_iter(5000):
        observation, _, termination, truncation, _ = env.last()
        if termination or truncation:
            env.step(None)
            continue
        number = int(agent.removeprefix("player_"))
        if number >= len(env.seating.decisions.state.hands):  # its round seat is another number
            text = env.render()
            assert text is not None and f"seat {number} to act" in text
            return
        env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    pytest.fail("no seat was eliminated")
