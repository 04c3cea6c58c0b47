import json
from pathlib import Path

import pytest

import rummykit as rk
from rummykit.play.cli import main
from rummykit.play.simulate import round_seed, simulate, wilson


def test_results_do_not_depend_on_workers() -> None:
    one = simulate("romme51", players=2, bots=["greedy", "random"], rounds=6, seed=9, workers=1)
    two = simulate("romme51", players=2, bots=["greedy", "random"], rounds=6, seed=9, workers=2)
    assert one.summaries == two.summaries
    assert one.document()["seats"] == two.document()["seats"]


def test_round_seeds_are_stable() -> None:
    assert round_seed(1, 0) == round_seed(1, 0) != round_seed(1, 1)
    assert round_seed(0, 0) == 3731898472849502490


def test_matches_play_whole_matches(tmp_path: Path) -> None:
    report = simulate("rami40", players=2, bots=["random"], matches=2, seed=3, records=tmp_path)
    assert report.rounds == 4 and len(report.matches) == 2
    files = sorted(tmp_path.glob("*.json"))
    assert len(files) == 4
    record = rk.from_json(files[0].read_text())
    assert record.replay().result.scores == report.summaries[0].scores


def test_wilson() -> None:
    low, high = wilson(50, 100)
    assert low < 0.5 < high and round(high - low, 2) == 0.19
    assert wilson(0, 0) == (0.0, 1.0)


@pytest.mark.parametrize(
    "kwargs",
    [
        {"rounds": 0},
        {"rounds": 2, "matches": 1},
        {"rounds": 2, "bots": ["clever"]},
        {"rounds": 2, "players": 7},
    ],
)
def test_bad_arguments(kwargs: dict[str, object]) -> None:
    args = {"players": 2, "bots": ["random"], **kwargs}
    with pytest.raises(ValueError):
        simulate("romme51", **args)  # type: ignore[arg-type]


def test_cli(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["simulate", "-v", "rami51", "--rounds", "3", "--quiet", "--json", "--seed", "4"])
    out = capsys.readouterr().out
    data = json.loads(out)
    assert code == 0 and data["rounds"] == 3 and sum(data["endings"].values()) == 3
    assert {b["bot"] for b in data["by_bot"]} == {"greedy", "random"}
    code = main(["simulate", "-v", "rami51", "--rounds", "2", "--bots", "greedy,clever"])
    err = capsys.readouterr().err
    assert code == 2 and len(err.strip().splitlines()) == 1
    code = main(["simulate", "-v", "rami51", "--players", "2", "--rounds", "2", "--quiet"])
    out = capsys.readouterr().out
    assert code == 0 and "rounds/s" in out and "win rate" in out


def test_gin_simulates_with_greedy_knocking(capsys: pytest.CaptureFixture[str]) -> None:
    """`rummykit simulate -v gin --bots greedy,random` runs; the greedy bot
    knocks (GreedyBot knocks when it may) and wins most rounds."""
    code = main(["simulate", "-v", "gin", "--bots", "greedy,random", "--rounds", "12", "--quiet", "--json"])
    data = json.loads(capsys.readouterr().out)
    assert code == 0 and data["rounds"] == 12
    endings = data["endings"]
    assert endings.get("knock", 0) + endings.get("gin", 0) + endings.get("undercut", 0) >= 6, endings
    greedy = next(b for b in data["by_bot"] if b["bot"] == "greedy")
    assert greedy["mean_score"] > 0, greedy


def test_rotation_moves_the_bots_a_seat_every_p_rounds_for_any_workers() -> None:
    """--rotate: round i's seat s is played by the bot named for seat
    s - i // P (P seats); as the deal passes a seat each round, every bot
    deals, plays first and sits in every seat equally often (an audit found
    the bots moving with the deal, the second named always first); the same
    results with one worker or two; per-bot seat-rounds even."""
    bots = ["greedy", "random", "random"]
    one = simulate("rami51", players=3, bots=bots, rounds=9, seed=2, rotate=True)
    two = simulate("rami51", players=3, bots=bots, rounds=9, seed=2, rotate=True, workers=2)
    assert one.summaries == two.summaries
    first, later = ("greedy", "random", "random"), ("random", "greedy", "random")
    assert [s.bots for s in one.summaries[:4]] == [first, first, first, later]
    greedy_seats = [s.bots.index("greedy") for s in one.summaries]
    dealt = [rk.deal("rami51", players=3, seed=s.seed, dealer=s.dealer) for s in one.summaries]
    greedy_first = [s.bots[state.to_move] == "greedy" for s, state in zip(one.summaries, dealt, strict=True)]
    greedy_deals = [s.bots[s.dealer] == "greedy" for s in one.summaries]
    assert sorted(greedy_seats) == [0, 0, 0, 1, 1, 1, 2, 2, 2] and sum(greedy_first) == sum(greedy_deals) == 3
    document = one.document()
    assert document["rotate"] is True
    assert {row["bot"]: row["seat_rounds"] for row in document["by_bot"]} == {"greedy": 9, "random": 18}
    matches = simulate("rami40", players=2, bots=["greedy", "random"], matches=2, seed=3, rotate=True)
    firsts = {summary.bots for summary in matches.summaries}
    assert firsts == {("greedy", "random"), ("random", "greedy")}
    by_bot, expected = matches.document()["matches_by_bot"], {"greedy": 0.0, "random": 0.0}
    for bots, winners in zip((("greedy", "random"), ("random", "greedy")), matches.matches, strict=True):
        for seat in winners:  # match m's bots rotated m seats
            expected[bots[seat]] += 1 / len(winners)
    assert by_bot == expected and sum(expected.values()) == 2
    assert expected["greedy"] == 2  # greedy won both matches, from either seat
    assert f"matches won by bot: greedy {expected['greedy']:g}, random" in matches.table()


def test_cli_bot_specifications_and_rotation(capsys: pytest.CaptureFixture[str]) -> None:
    """A search bot by specification in the CLI; a bad specification is one
    line naming the accepted forms, exit 2."""
    argv = ["simulate", "-v", "gin", "--rounds", "2", "--quiet", "--json", "--rotate"]
    code = main([*argv, "--bots", "search-easy:8it,greedy"])
    data = json.loads(capsys.readouterr().out)
    assert code == 0 and data["rotate"] is True
    assert {b["bot"]: b["seat_rounds"] for b in data["by_bot"]} == {"search-easy:8it": 2, "greedy": 2}
    code = main(["simulate", "-v", "gin", "--rounds", "2", "--bots", "search:fast"])
    err = capsys.readouterr().err.strip()
    assert code == 2 and len(err.splitlines()) == 1
    assert "search:<N>it" in err and "search:<N>ms" in err and "search-hard" in err
    argv = ["simulate", "-v", "rami51", "--rounds", "2", "--quiet", "--rotate", "--bots", "greedy,random"]
    code = main(argv)
    assert code == 0 and "(rotated every 2 rounds)" in capsys.readouterr().out
    code = main([*argv[:3], "--matches", "1", *argv[5:]])
    assert code == 0 and "(rotated each match)" in capsys.readouterr().out


def test_bad_workers_or_seed_change_nothing(tmp_path: Path) -> None:
    """A count of workers no backend starts, or a seed that is no integer,
    is refused before the records' folder is made."""
    records = tmp_path / "records"
    with pytest.raises(ValueError, match="workers must be from 1 to 256, not 1000"):
        simulate("rami51", players=2, bots=["greedy"], rounds=1, workers=1000, records=records)
    for seed in ("abc", 1.5, True):
        with pytest.raises(ValueError, match="the seed must be an integer"):
            simulate("rami51", players=2, bots=["greedy"], rounds=1, seed=seed, records=records)  # type: ignore[arg-type]
    assert not records.exists()


def test_a_match_that_never_ends_is_one_line_and_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A winner who collects nothing never reaches the target: the command
    says so on one line (it said "unexpected RuntimeError")."""
    monkeypatch.setattr("rummykit.play.simulate.MAX_MATCH_ROUNDS", 4)
    path = tmp_path / "endless.toml"
    hand = "\n".join(f"{key} = 0" for key in ("number", "ten", "jack", "queen", "king", "ace"))
    path.write_text(f'[meta]\nid = "endless"\nname = "Endless"\nextends = "rummy"\n[values.hand]\n{hand}\n')
    assert main(["simulate", "-v", str(path), "--matches", "1", "--quiet"]) == 2
    error = capsys.readouterr().err
    assert error == (
        "rummykit: error: simulate: a endless match lasted more than 4 rounds (can its match stage end it?)\n"
    )
