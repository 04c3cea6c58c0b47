"""Every variant as an OpenSpiel game (docs/agents.md): OpenSpiel's own
random_sim_test with serialisation for every variant, chance, the
parameters, the observation tensor from the view, and OpenSpiel's MCTS bot
playing gin. Skipped without open_spiel (the bench extra; a failure instead
when RUMMYKIT_REQUIRE_AGENTS is set, as in .ci/run).
RUMMYKIT_OPENSPIEL_SIMS sets random_sim_test's games per variant (default 1)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from tests.agents.agent_extras import BENCH, required

pyspiel, np = required("pyspiel", "numpy", reason=BENCH)

import rummykit as rk  # noqa: E402
from rummykit.agents.openspiel_game import GAME_PREFIX, RummykitState  # noqa: E402
from rummykit.round.views import view_of  # noqa: E402

VARIANTS = tuple(rk.bundled_variants())
SIMS = int(os.environ.get("RUMMYKIT_OPENSPIEL_SIMS", "1"))
DOCS = Path(__file__).resolve().parents[2] / "docs" / "agents.md"


def dealt(game: object, seed: int) -> RummykitState:
    """A state past the chance nodes of the deal."""
    rng = np.random.default_rng(seed)
    state = game.new_initial_state()  # type: ignore[attr-defined]
    while state.is_chance_node():
        outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
        assert abs(sum(probabilities) - 1.0) < 1e-9
        state.apply_action(int(rng.choice(outcomes, p=probabilities)))
    return state  # type: ignore[no-any-return]


@pytest.mark.parametrize("variant_id", VARIANTS)
def test_openspiels_random_sim_test_passes(variant_id: str) -> None:
    game = pyspiel.load_game(f"{GAME_PREFIX}_{variant_id}")
    pyspiel.random_sim_test(game, num_sims=SIMS, serialize=True, verbose=False)


def test_the_game_has_the_variants_parameters_and_sizes() -> None:
    game = pyspiel.load_game("python_rummykit(variant=rummy,players=3)")
    assert (game.num_players(), game.num_distinct_actions(), game.max_chance_outcomes()) == (3, 128, 52)
    assert pyspiel.load_game(f"{GAME_PREFIX}_contract").num_players() == 3
    assert pyspiel.load_game(f"{GAME_PREFIX}(variant=contract)").num_players() == 3  # its fewest
    with pytest.raises(Exception, match="players"):
        pyspiel.load_game(f"{GAME_PREFIX}_gin(players=3)")


def test_chance_deals_the_whole_deck_then_the_round_starts() -> None:
    game = pyspiel.load_game(f"{GAME_PREFIX}_gin")
    state = dealt(game, 3)
    assert len(state.history()) == 52
    round_state = state.decisions.state if state.decisions else None
    assert round_state is not None and round_state.phase == "first_upcard"
    assert state.current_player() == round_state.to_move


@pytest.mark.parametrize(("variant_id", "dealt_first", "outcome", "problem"), [
    ("gin", (), 52, "not a card face's index"),
    ("gin", (), 200, "not a card face's index"),
    ("gin", (0,), 0, "no card of that face is left"),
    ("rami51", (0, 0), 0, "no card of that face is left"),  # two decks: each face twice, not three times
])  # fmt: skip
def test_a_chance_outcome_that_cannot_be_dealt_is_refused_and_changes_nothing(
    variant_id: str, dealt_first: tuple[int, ...], outcome: int, problem: str
) -> None:
    state = pyspiel.load_game(f"{GAME_PREFIX}_{variant_id}").new_initial_state()
    for face in dealt_first:
        state.apply_action(face)
    before = (str(state), state.history(), state.chance_outcomes())
    with pytest.raises(ValueError, match=problem):
        state.apply_action(outcome)
    assert (str(state), state.history(), state.chance_outcomes()) == before


def test_max_moves_must_be_positive() -> None:
    for bad in (0, -100):
        with pytest.raises(ValueError, match=f"max_moves must be 1 or more, not {bad}"):
            pyspiel.load_game(f"{GAME_PREFIX}_gin", {"max_moves": bad})


def _played_out(state: RummykitState, rng: object) -> RummykitState:
    """``state`` played to its end with random legal actions."""
    while not state.is_terminal():
        state.apply_action(int(rng.choice(state.legal_actions())))  # type: ignore[attr-defined]
    return state


def test_max_moves_counts_every_action_and_bounds_the_game() -> None:
    """An audit found contract games of 438 actions where max_game_length
    said 405: the cut counted engine moves, not a meld's several ids."""
    game = pyspiel.load_game(f"{GAME_PREFIX}_contract(max_moves=300)")
    for seed in range(4):
        state = _played_out(dealt(game, seed), np.random.default_rng(seed))
        assert len(state.history()) <= game.max_game_length()
        if state.cut:
            assert state.decisions is not None and state.decisions.taken == 300


def test_a_cut_game_refuses_every_action_and_changes_nothing() -> None:
    game = pyspiel.load_game(f"{GAME_PREFIX}_rummy(max_moves=3)")
    state = _played_out(dealt(game, 1), np.random.default_rng(1))
    assert state.cut and state.decisions is not None and state.returns() == [0.0, 0.0]
    hidden = state.decisions.legal_actions()  # the round itself goes on, hidden
    before = (state.history(), state.decisions.state, state.decisions.taken)
    with pytest.raises(ValueError, match="the game was cut at 3 actions: no action is legal"):
        state.apply_action(hidden[0])
    assert (state.history(), state.decisions.state, state.decisions.taken) == before


@pytest.mark.parametrize("outcome", [52, -1, 1000])
def test_a_chance_label_needs_a_card_faces_index(outcome: int) -> None:
    state = pyspiel.load_game(f"{GAME_PREFIX}_gin").new_initial_state()
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, 0) == "deal 2c"
    with pytest.raises(ValueError, match=f"chance outcome {outcome} is not a card face's index"):
        state.action_to_string(pyspiel.PlayerId.CHANCE, outcome)


def test_the_observation_tensor_is_the_views_encoding() -> None:
    game = pyspiel.load_game(f"{GAME_PREFIX}_rami51")
    state = dealt(game, 5)
    assert state.decisions is not None
    layout = state.shared.layout
    for seat in (0, 1):
        expected = layout.encode(view_of(state.decisions.state, seat))
        assert np.array_equal(np.asarray(state.observation_tensor(seat)), expected)
        assert np.array_equal(np.asarray(state.information_state_tensor(seat)), expected)
    assert state.observation_string(0) != state.observation_string(1)


def _observation(game: object, kind: object, state: RummykitState, seat: int) -> tuple[Any, str]:
    from open_spiel.python.observation import make_observation

    observer = make_observation(game, kind)
    observer.set_from(state, seat)
    return observer.tensor.copy(), observer.string_from(state, seat)


def test_a_public_observation_is_every_seats_and_shows_no_hand() -> None:
    """An audit found the observer ignoring the observation type asked for:
    a public-only observation (OpenSpiel's playthroughs ask for one) was
    the seat's own view, its hand included."""
    game = pyspiel.load_game(f"{GAME_PREFIX}_gin")
    state = dealt(game, 3)
    assert state.decisions is not None
    public = pyspiel.IIGObservationType(
        perfect_recall=False, public_info=True, private_info=pyspiel.PrivateInfoType.NONE
    )
    (first, first_text), (second, second_text) = (_observation(game, public, state, s) for s in (0, 1))
    assert np.array_equal(first, second) and first_text == second_text
    planes = {name: (start, start + length) for name, start, length in state.shared.layout.planes}
    start, end = planes["hand"]
    assert not first[start:end].any() and "hand" not in first_text
    assert all(str(card) not in first_text.split() for card in state.decisions.state.hands[0])
    assert first.sum() > 0  # the hand sizes, the stock, the phase ...


def test_a_private_observation_is_the_seats_own_cards_alone() -> None:
    game = pyspiel.load_game(f"{GAME_PREFIX}_gin")
    state = dealt(game, 3)
    assert state.decisions is not None
    private = pyspiel.IIGObservationType(
        perfect_recall=False, public_info=False, private_info=pyspiel.PrivateInfoType.SINGLE_PLAYER
    )
    tensor, text = _observation(game, private, state, 1)
    planes = {name: (start, start + length) for name, start, length in state.shared.layout.planes}
    start, end = planes["hand"]
    assert tensor[start:end].sum() == len(state.decisions.state.hands[1]) == tensor.sum()
    assert text.startswith("seat 1 hand ") and "phase" not in text
    every = pyspiel.IIGObservationType(
        perfect_recall=False, public_info=True, private_info=pyspiel.PrivateInfoType.ALL_PLAYERS
    )
    with pytest.raises(ValueError, match="one seat's private cards at most"):
        _observation(game, every, state, 0)


def _in_seat_zeros_frame(vector: Any, layout: Any, seat: int, players: int) -> Any:
    """Seat ``seat``'s vector with its seat and table planes turned from
    relative to ``seat`` into relative to seat 0."""
    out, planes, faces = vector.copy(), {n: (a, n2) for n, a, n2 in layout.planes}, len(layout.space.faces)
    for name in ("hand_sizes", "opened", "dropped", "to_move", "dealer", "knocker"):
        start, _ = planes[name]
        for relative in range(players):
            out[start + (relative + seat) % players] = vector[start + relative]
    for relative in range(players):
        target, source = planes[f"table_{(relative + seat) % players}"][0], planes[f"table_{relative}"][0]
        out[target : target + faces] = vector[source : source + faces]
    start, length = planes["table_melds"]
    for owner in range(start, start + length, 3):  # each meld's owner, relative plus 1 (0: no meld)
        if vector[owner]:
            out[owner] = (int(vector[owner]) - 1 + seat) % players + 1
    return out


@pytest.mark.parametrize(("variant_id", "players"), [("gin", 2), ("oklahoma_gin", 2), ("rummy500", 2)])
def test_public_and_private_observations_split_every_seats_view(variant_id: str, players: int) -> None:
    """Over played rounds (knocks and face-down knock cards, pending picks):
    the public observation is every seat's own with its private planes left
    out, in seat 0's frame, the same for every seat; the private one is the
    seat's own private planes alone."""
    from open_spiel.python.observation import make_observation

    game = pyspiel.load_game(f"{GAME_PREFIX}_{variant_id}")
    none, single = pyspiel.PrivateInfoType.NONE, pyspiel.PrivateInfoType.SINGLE_PLAYER
    public = make_observation(game, pyspiel.IIGObservationType(perfect_recall=False, private_info=none))
    private = make_observation(
        game, pyspiel.IIGObservationType(perfect_recall=False, public_info=False, private_info=single)
    )
    full, mask, seen = make_observation(game), public._private, set()
    for seed in range(3):
        state, rng = dealt(game, seed), np.random.default_rng(seed)
        while not state.is_terminal():
            public.set_from(state, 0)
            shared, text = public.tensor.copy(), public.string_from(state, 0)
            for seat in range(players):
                public.set_from(state, seat)
                assert np.array_equal(public.tensor, shared) and public.string_from(state, seat) == text
                full.set_from(state, seat)
                own = full.tensor.copy()
                hidden = np.where(mask, 0, own)
                layout = state.shared.layout
                assert np.array_equal(_in_seat_zeros_frame(hidden, layout, seat, players), shared)
                private.set_from(state, seat)
                assert np.array_equal(private.tensor, np.where(mask, own, 0))
                knocking = state.decisions.state.knocking if state.decisions is not None else None
                if knocking is not None and knocking.knocker == seat and knocking.knock_card is not None:
                    assert f" knock {knocking.knock_card} " in private.string_from(state, seat)
            assert state.decisions is not None
            seen.add("knock" if state.decisions.state.knocking.knocker is not None else "")
            seen.add("pending" if state.decisions.pending else "")
            legal = state.legal_actions()  # a knock where there is one, to reach the knock phases
            knocks = [a for a in legal if state.shared.space.label(a).startswith("knock")]
            state.apply_action(int(rng.choice(knocks or legal)))
    assert seen >= ({"knock"} if "gin" in variant_id else {"pending"})


def test_returns_are_the_round_scores_signed() -> None:
    game = pyspiel.load_game(f"{GAME_PREFIX}_rummy")
    state = dealt(game, 8)
    rng = np.random.default_rng(8)
    while not state.is_terminal():
        state.apply_action(int(rng.choice(state.legal_actions())))
    assert state.decisions is not None and state.decisions.state.result is not None
    assert state.returns() == [float(s) for s in state.decisions.state.result.scores]  # points won


def test_openspiels_mcts_bot_plays_gin() -> None:
    from open_spiel.python.algorithms import mcts

    game = pyspiel.load_game(f"{GAME_PREFIX}_gin")
    rng = np.random.RandomState(1)
    evaluator = mcts.RandomRolloutEvaluator(1, rng)
    bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=4, evaluator=evaluator, random_state=rng)
    state, chosen = dealt(game, 1), 0
    while not state.is_terminal():
        if state.is_chance_node():
            raise AssertionError("no chance node after the deal")
        if state.current_player() == 0:
            action = bot.step(state)
            assert action in state.legal_actions()
            chosen += 1
        else:
            action = int(rng.choice(state.legal_actions()))
        state.apply_action(action)
    assert chosen > 3 and len(state.returns()) == 2


def test_the_docs_loop_runs() -> None:
    text = DOCS.read_text(encoding="utf-8")
    code = text.split("<!-- run: openspiel -->\n```python\n")[1].split("```")[0]
    assert len([line for line in code.splitlines() if line.strip()]) <= 11
    exec(compile(code, "docs/agents.md", "exec"), {})


@pytest.mark.parametrize("name", [f"{GAME_PREFIX}_gin", f"{GAME_PREFIX}_rummy500", GAME_PREFIX])
def test_games_and_their_states_pickle(name: str) -> None:
    """A game pickles as its name and parameters (an audit found a variant's
    game class, made at registration, unpicklable), for other processes."""
    import pickle

    params = {"variant": "rami51", "players": 3} if name == GAME_PREFIX else {}
    game = pyspiel.load_game(name, params)
    again = pickle.loads(pickle.dumps(game))
    assert str(again) == str(game) and again.num_distinct_actions() == game.num_distinct_actions()
    state = game.new_initial_state()
    for outcome in range(5):
        state.apply_action(state.legal_actions()[outcome])
    assert again.deserialize_state(state.serialize()).history() == state.history()
    assert pickle.loads(pickle.dumps(state)).history() == state.history()


def test_a_pickled_game_loads_in_a_fresh_process(tmp_path: Path) -> None:
    """A review: unpickling called pyspiel.load_game, which knows no rummykit
    game in a process that has not imported rummykit's module."""
    import pickle
    import subprocess
    import sys

    saved = tmp_path / "game.pickle"
    saved.write_bytes(pickle.dumps(pyspiel.load_game(f"{GAME_PREFIX}_rami51", {"players": 3})))
    script = "import pickle, sys; print(pickle.loads(open(sys.argv[1], 'rb').read()))"
    argv = [sys.executable, "-c", script, str(saved)]
    done = subprocess.run(argv, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == f"{GAME_PREFIX}_rami51(max_moves=5000,players=3)"
