"""benchmarks/inference.py: the search bot's feeding chances recorded beside
the rule bot's real hand, and that recording them changes no move (the
figures come from the benchmark run by hand: docs/bots.md)."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from types import ModuleType

import pytest
from tool_support import BENCHMARKS, load_tool

import rummykit as rk
from rummykit.play.determinize import joins_a_meld
from rummykit.play.search_bot import SearchBot


@pytest.fixture
def inference() -> Iterator[ModuleType]:
    """The benchmark, which imports strength.py from beside it."""
    sys.path.insert(0, str(BENCHMARKS))
    try:
        yield load_tool("inference", BENCHMARKS)
    finally:
        sys.path.remove(str(BENCHMARKS))


def _discard_view(seed: int) -> tuple[rk.RoundState, rk.PlayerView]:
    """A gin round at its seat's first discard."""
    state = rk.deal(rk.load_variant("gin"), players=2, seed=seed)
    while state.phase != "play":
        state = state.apply(next(m for m in state.legal_moves() if type(m).__name__ in ("Draw", "Pass")))
    return state, state.view(state.to_move)


@pytest.mark.parametrize("oracle", [False, True])
def test_the_probe_records_the_bots_chances_and_the_truth(inference: ModuleType, oracle: bool) -> None:
    """The chances recorded are the search bot's own; the truth is whether
    the card joins a meld of the real hand; with ``oracle`` the bot is
    handed the truth instead of its chances."""
    state, view = _discard_view(3)
    other = 1 - state.to_move
    settings = inference.probe_settings("search-easy")
    probe = inference.ProbeBot(settings, seed=5, truth=lambda seat: state.hands[seat], oracle=oracle)
    plain = SearchBot(state.variant, seed=5, settings=probe.settings)
    cards = list(view.hand or ())
    guesses = [(list(state.hands[other]), 1.0), ([*state.hands[other][:-1], cards[0]], 1.0)]
    own = plain.feeding_of(view, guesses, cards)
    given = probe.feeding_of(view, guesses, cards)
    truth = {card: joins_a_meld(state.variant, list(state.hands[other]), card) for card in cards}
    assert probe.rows == [(own[card], truth[card]) for card in cards]
    assert given == ({card: float(truth[card]) for card in cards} if oracle else own)


def test_recording_changes_no_move(inference: ModuleType) -> None:
    """A hand played by the probe is the same hand of strength.py, move for
    move (OpenSpiel's history), and the probe recorded its chances."""
    pyspiel = pytest.importorskip("pyspiel", reason="needs open_spiel: pip install '.[bench]'")
    strength = sys.modules["strength"]
    game = pyspiel.load_game("gin_rummy")
    settings = inference.probe_settings("search-easy")
    for index in range(2):
        plain = strength.Hand(pyspiel, game, 11 + index, "search-easy", index % 2)
        probed = inference.ProbedHand(pyspiel, game, 11 + index, settings, index % 2, False)
        assert plain.play() == probed.play()
        assert plain.os.history() == probed.os.history() and probed.probe.rows


def test_the_hands_are_strength_pys(inference: ModuleType) -> None:
    """``probe`` plays the hands ``strength.py`` numbers alike (the same
    deals, seats and bot seeds): the same record."""
    pytest.importorskip("pyspiel", reason="needs open_spiel: pip install '.[bench]'")
    strength = sys.modules["strength"]
    record = inference.probe(inference.probe_settings("search-easy"), 3, first=3, seed=1)
    row = strength.gin_against_openspiel("search-easy", 3, seed=1, first=3)
    assert record is not None and row is not None and record["rows"]
    assert (record["won"], record["lost"]) == (row["won"], row["lost"])


def test_the_oracle_hands_the_bot_the_truth(inference: ModuleType, monkeypatch: pytest.MonkeyPatch) -> None:
    """With ``oracle`` every chance the race is given is 1 or 0; without, the bot's own."""
    pytest.importorskip("pyspiel", reason="needs open_spiel: pip install '.[bench]'")
    given: list[float] = []
    feeding_of = inference.ProbeBot.feeding_of

    def recorded(self: object, *args: object) -> dict[object, float]:
        chances: dict[object, float] = feeding_of(self, *args)
        given.extend(chances.values())
        return chances

    monkeypatch.setattr(inference.ProbeBot, "feeding_of", recorded)
    record = inference.probe(inference.probe_settings("search-easy"), 1, first=2, seed=1, oracle=True)
    assert record is not None and given and set(given) <= {0.0, 1.0}
    given.clear()
    inference.probe(inference.probe_settings("search-easy"), 1, first=2, seed=1)
    assert given and not set(given) <= {0.0, 1.0}


def test_a_hand_openspiel_refuses_is_left_out_and_named(
    inference: ModuleType, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    pyspiel = pytest.importorskip("pyspiel", reason="needs open_spiel: pip install '.[bench]'")

    def refuse(self: object) -> tuple[int, ...]:
        raise pyspiel.SpielError("gin_rummy.cc:451 deadwood_[cur_player_] <= knock_card_\nmore")

    monkeypatch.setattr(inference.ProbedHand, "play", refuse)
    assert inference.main(["--hands", "2", "--first", "4", "--bot", "search-easy"]) == 0
    out = capsys.readouterr().out
    assert "won 0, lost 0" in out and "no discard was weighed" in out
    assert "hand 5 left out: OpenSpiel refused rummykit's legal move: gin_rummy.cc:451" in out


def test_the_printout(inference: ModuleType, capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("pyspiel", reason="needs open_spiel: pip install '.[bench]'")
    assert inference.main(["--hands", "1", "--first", "2", "--bot", "search-easy"]) == 0
    out = capsys.readouterr().out
    assert "hands 2-2; feeding by its own guesses" in out and "Brier score" in out


def test_settings_change_the_probe_s_level(inference: ModuleType, capsys: pytest.CaptureFixture[str]) -> None:
    """``--settings`` changes the probed bot's settings on top of its level, and says so."""
    settings = inference.probe_settings("search-easy", {"guesses": 30})
    bot = inference.ProbeBot(settings, seed=1, truth=list)
    assert (bot.settings.guesses, bot.settings.samples) == (30, 12)
    pyspiel = pytest.importorskip("pyspiel", reason="needs open_spiel: pip install '.[bench]'")
    game = pyspiel.load_game("gin_rummy")
    hand = inference.ProbedHand(pyspiel, game, 11, settings, 0, False)
    assert hand.bot is hand.probe and hand.probe.settings.guesses == 30
    argv = ["--hands", "1", "--first", "2", "--bot", "search-easy", "--settings", "guesses=30"]
    assert inference.main(argv) == 0
    assert "search-easy, guesses=30 against SimpleGinRummyBot, hands 2-2" in capsys.readouterr().out


def test_calibration_lines(inference: ModuleType) -> None:
    lines = inference.calibration([(0.0, False), (1.0, True), (0.1, False), (0.1, True)])
    assert lines[0].startswith("4 cards weighed") and "50.0%" in lines[0]
    assert "the bot's chances 0.2050, one constant chance (0.500) 0.2500" in lines[1]
    assert lines[3].endswith("   0.0%") and lines[4].endswith("   50.0%") and lines[-1].endswith("   100.0%")
    assert inference.calibration([]) == ["no discard was weighed"]


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["--hands", "0"], "--hands is at least 1"),
        (["--first", "-1"], "--first at least 0"),
        (["--hands", "abc"], "invalid int value"),
        (["--bot", "greedy", "--hands", "1"], "not 'greedy'"),
        (["--bot", "search:200ms", "--hands", "1"], "a time budget would be spent on the record"),
        (["--settings", "guesses=-1", "--hands", "1"], "--settings: the race's guesses are at least 0"),
        (["--settings", "guesses", "--hands", "1"], "--settings: a setting is NAME=VALUE"),
    ],
)
def test_bad_arguments_are_one_line_exit_2(
    inference: ModuleType, argv: list[str], said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stop:
        inference.main(argv)
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("inference.py: error: ") and err.count("\n") == 1 and said in err
