"""benchmarks/strength.py: a handful of hands, for the bridge and the
output's shape only (the strength figures come from the benchmark run by
hand: docs/bots.md)."""

from __future__ import annotations

import time
from types import ModuleType

import pytest
from tool_support import BENCHMARKS, load_tool


def _strength() -> ModuleType:
    return load_tool("strength", BENCHMARKS)


def test_gin_against_openspiels_simple_bot() -> None:
    """Whole hands through the lockstep bridge, both seats: the engines
    agree on every hand's scores (checked inside), and the figures add up."""
    pytest.importorskip("pyspiel", reason="needs open_spiel: pip install '.[bench]'")
    strength = _strength()
    for bot, hands in (("greedy", 6), ("search-easy:6it", 2)):
        row = strength.gin_against_openspiel(bot, hands, seed=1)
        assert row is not None and row["hands"] == hands
        assert row["won"] + row["lost"] <= hands and row["decisions"] > 0
        assert row["low"] <= row["rate"] <= row["high"]
        assert 0 < row["mean_ms"] <= row["p99_ms"] * 2 + 1


def test_tables_play_every_pair_with_the_seats_rotated(capsys: pytest.CaptureFixture[str]) -> None:
    strength = _strength()
    assert strength.main(["--only", "tables", "--tables", "2", "--table-bots", "random,greedy"]) == 0
    lines = capsys.readouterr().out.splitlines()
    rows = [line for line in lines if line.startswith("random ")]
    assert len(rows) == 2  # rami51 and contract: one pair each
    assert any("rami51, 2 players" in line for line in lines)
    assert any("contract, 3 players" in line for line in lines)


def test_tables_of_one_variant(capsys: pytest.CaptureFixture[str]) -> None:
    strength = _strength()
    args = ["--only", "tables", "--tables", "2", "--table-bots", "random,greedy"]
    assert strength.main([*args, "--table-variants", "rami51"]) == 0
    out = capsys.readouterr().out
    assert "rami51, 2 players" in out and "contract" not in out
    with pytest.raises(SystemExit):
        strength.main(["--only", "tables", "--table-variants", "tonk"])


def test_a_hand_openspiel_refuses_is_left_out_and_named(monkeypatch: pytest.MonkeyPatch) -> None:
    """A hand in which OpenSpiel refuses rummykit's move does not end the
    run: it is counted apart and named; ``first`` numbers the hands."""
    pyspiel = pytest.importorskip("pyspiel", reason="needs open_spiel: pip install '.[bench]'")
    strength = _strength()
    played = strength.Hand.play

    def play(self: object) -> tuple[int, ...]:
        if getattr(self, "seat", None) == 1:
            raise pyspiel.SpielError("gin_rummy.cc:451 deadwood_[cur_player_] <= knock_card_\nmore")
        return played(self)  # type: ignore[no-any-return]

    monkeypatch.setattr(strength.Hand, "play", play)
    row = strength.gin_against_openspiel("greedy", 4, seed=1, first=7)
    assert row is not None
    assert [index for index, _ in row["refused"]] == [7, 9]  # the odd hands: the bot in seat 1
    assert row["refused"][0][1] == "gin_rummy.cc:451 deadwood_[cur_player_] <= knock_card_"
    assert row["won"] + row["lost"] <= 2


def test_a_stop_time_ends_the_gin_run_between_hands(capsys: pytest.CaptureFixture[str]) -> None:
    """With a stop time passed, no hand is begun and the table says so;
    ``stop_time`` reads UTC HH:MM as its next coming."""
    pytest.importorskip("pyspiel", reason="needs open_spiel: pip install '.[bench]'")
    strength = _strength()
    row = strength.gin_against_openspiel("greedy", 3, seed=1, stop=time.time() - 1)
    assert row is not None and row["hands"] == 0 and row["decisions"] == 0
    strength.print_gin(["greedy"], 3, 1, stop=time.time() - 1)
    assert "stopped at the --stop-at time: 0 hands played (from hand 0)" in capsys.readouterr().out
    stop = strength.stop_time(time.strftime("%H:%M", time.gmtime(time.time() + 120)))
    assert 0 < stop - time.time() <= 180
    tomorrow = strength.stop_time(time.strftime("%H:%M", time.gmtime(time.time() - 120)))
    assert tomorrow - time.time() > 86_000


def test_settings_change_the_search_bots_level(capsys: pytest.CaptureFixture[str]) -> None:
    """``--settings`` are SearchSettings keywords of their defaults' types,
    checked by the settings themselves; a bad one is one line, exit 2; they
    ask nothing of the bots of a run of the tables only."""
    strength = _strength()
    assert strength.parse_settings("undercut=0.2,defence=false,samples=12") == {
        "undercut": 0.2,
        "defence": False,
        "samples": 12,
    }
    assert strength.parse_settings("") == {}
    variant = strength.rk.load_variant("gin")
    bot = strength.make_bot("search-easy", variant, 1, {"undercut": 0.5})
    assert bot.settings.undercut == 0.5 and bot.settings.samples == 12  # the level's, changed
    for bad, words in (
        ("undercut=x", "undercut is a number like 0.0, not 'x'"),
        ("bogus=1", "not 'bogus=1'"),
        ("seconds=1", "not 'seconds=1'"),
        ("defence=maybe", "defence is true or false"),
        ("undercut=-1", "undercut and ramp are at least 0"),
    ):
        with pytest.raises(SystemExit) as stopped:
            strength.main(["--only", "gin", "--bots", "search", "--settings", bad])
        assert stopped.value.code == 2
        error = capsys.readouterr().err
        assert words in error and len(error.splitlines()) == 1
    with pytest.raises(SystemExit) as stopped:
        strength.main(["--only", "gin", "--bots", "greedy", "--settings", "undercut=0.2"])
    assert stopped.value.code == 2
    assert "search bots only" in capsys.readouterr().err
    assert strength.main(["--only", "tables", "--tables", "1", "--table-bots", "random,greedy",
                          "--table-variants", "rami51", "--settings", "undercut=0.2"]) == 0  # fmt: skip


@pytest.mark.parametrize(
    ("words", "says"),
    [
        (["--stop-at", "abc"], "--stop-at: a UTC time is HH:MM, from 00:00 to 23:59, not 'abc'"),
        (["--stop-at=25:99"], "not '25:99'"),
        (["--stop-at", ""], "not ''"),
        (["--bots", "foo"], "--bots: unknown bot 'foo'"),
        (["--bots", "greedy,,greedy"], "--bots: unknown bot ''"),
        (["--bots", "search:0ms"], "search:<N>ms (N from 1 to 60000)"),
        (["--table-bots", "foo,greedy"], "--table-bots: unknown bot 'foo'"),
        (["--only", "tables", "--table-bots", "greedy"], "--table-bots names two bots at least"),
        (["--tables", "0"], "--hands and --tables are at least 1"),
        (["--hands", "-1"], "--hands and --tables are at least 1"),
        (["--first", "-5"], "--first at least 0"),
        (["--workers", "0"], "--workers must be from 1 to 256, not 0"),
        (["--workers", "99999999999999999999"], "--workers must be from 1 to 256"),
    ],
)
def test_a_bad_argument_is_one_line_before_anything_is_played(
    capsys: pytest.CaptureFixture[str], words: list[str], says: str
) -> None:
    with pytest.raises(SystemExit) as stopped:
        _strength().main(words)
    captured = capsys.readouterr()
    assert stopped.value.code == 2 and captured.out == ""  # not even the header: nothing began
    assert says in captured.err and len(captured.err.splitlines()) == 1, captured.err
