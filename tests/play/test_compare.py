"""``rummykit compare``: the same deals in two variants, the watcher's facts,
the intervals and the tests of differences, the report and the command."""

from __future__ import annotations

import json
import math
import warnings
from pathlib import Path

import pytest

import rummykit as rk
from rummykit.play import compare_report
from rummykit.play.cli import main
from rummykit.play.compare import (
    Comparison,
    compare,
    difference,
    mean_estimate,
    rate_estimate,
    round_samples,
)
from rummykit.play.simulate import round_seed


@pytest.fixture(scope="module")
def comparison() -> Comparison:
    return compare("rami40", "rami51", players=2, bots=["greedy"], rounds=10, seed=3)


def test_the_same_seed_deals_the_same_cards_where_the_decks_agree() -> None:
    # Rami 40 and Rami 51 have the same deck: the same seed, the same hands and stock.
    seed = round_seed(3, 0)
    forty = rk.deal(rk.load_variant("rami40"), players=2, seed=seed, dealer=1)
    fifty_one = rk.deal(rk.load_variant("rami51"), players=2, seed=seed, dealer=1)
    assert forty.hands == fifty_one.hands and forty.stock == fifty_one.stock
    other = rk.deal(rk.load_variant("rami40"), players=2, seed=round_seed(3, 1), dealer=1)
    assert other.hands != forty.hands


def test_the_watcher_sees_openings_that_meet_each_minimum(comparison: Comparison) -> None:
    for report, least in ((comparison.a, 40), (comparison.b, 51)):
        points = round_samples(report)["opening_points"]
        assert points and min(points) >= least, (report.variant, points)
        for summary in report.summaries:
            facts = dict(summary.facts)
            if "first_opening" in facts:
                assert 1 <= facts["first_opening"] <= summary.turns + 1
            assert facts["first_player"] in range(2)
    # The same bots on the same deals: the first player is the same in round i of both.
    firsts = [[dict(s.facts)["first_player"] for s in r.summaries] for r in (comparison.a, comparison.b)]
    assert firsts[0] == firsts[1]


def test_rates_and_differences() -> None:
    # Newcombe (1998), method 10: 56/70 against 48/80 gives 0.0524 to 0.3339.
    d = difference(rate_estimate(56, 70), rate_estimate(48, 80))
    assert (round(d.low, 4), round(d.high, 4)) == (0.0524, 0.3339) and d.clear
    assert not difference(rate_estimate(5, 10), rate_estimate(6, 10)).clear
    mean = mean_estimate([1.0, 2.0, 3.0, 4.0])
    assert mean.value == 2.5 and round(mean.high - mean.value, 3) == round(1.96 * mean.sd / 2, 3)
    assert difference(mean_estimate([1.0, 1.1, 0.9] * 10), mean_estimate([2.0, 2.1, 1.9] * 10)).clear
    assert not difference(mean_estimate([1.0]), mean_estimate([5.0, 6.0])).clear  # too few values
    assert math.isnan(mean_estimate([]).value)
    for hits in (0, 1, 1999, 2000):  # the value lies inside its interval, rounding or not
        rate = rate_estimate(hits, 2000)
        assert rate.low <= rate.value <= rate.high
    wide = rate_estimate(5, 10, level=0.99)
    assert wide.high - wide.low > rate_estimate(5, 10).high - rate_estimate(5, 10).low


def test_the_document_and_summary(comparison: Comparison) -> None:
    data = comparison.document()
    assert data["a"] == "rami40" and data["b"] == "rami51" and data["rounds"] == 10
    figures = data["figures"]
    for key in ("round_length", "first_opening", "opening_points", "first_player_wins", "seat:0", "seat:1",
                "table_jokers", "score_spread"):  # fmt: skip
        assert key in figures, key
    assert any(key.startswith("ending:") for key in figures)
    assert figures["round_length"]["a"]["n"] == 10
    clear = [key for key, f in figures.items() if f["difference"]["clear"]]
    assert len(data["summary"]) == max(1, len(clear))
    json.dumps(data)  # plain JSON


def test_the_command_writes_the_report(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "report"
    code = main(["compare", "rami40", "rami51", "--rounds", "4", "--seed", "2", "--out", str(out)])
    captured = capsys.readouterr()
    assert code == 0 and "rami40 against rami51" in captured.out, captured
    assert captured.err == ""  # the progress bar only on a terminal
    data = json.loads((out / "report.json").read_text(encoding="utf-8"))
    assert data["rounds"] == 4 and data["seed"] == 2
    text = (out / "report.md").read_text(encoding="utf-8")
    assert "## Summary" in text and "| round length (turns) |" in text
    if compare_report.plots_installed():
        for name in compare_report.PLOTS:
            assert (out / name).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n", name
            assert f"({name})" in text or name == "overview.png"


def test_a_figure_one_variant_never_has_is_plotted_without_a_warning(tmp_path: Path) -> None:
    """Gin has no openings: its share of first openings is of nothing (a
    fuzz saw numpy warn of a division by zero on stderr)."""
    if not compare_report.plots_installed():
        pytest.skip("the plots need matplotlib (the plots extra)")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        code = main(["compare", "gin", "indian", "--rounds", "2", "--quiet", "--out", str(tmp_path)])
    assert code == 0 and (tmp_path / "first-opening.png").read_bytes()[:4] == b"\x89PNG"


def test_without_matplotlib_the_plots_are_skipped(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(compare_report, "plots_installed", lambda: False)
    code = main(["compare", "rami40", "rami51", "--rounds", "2", "--out", str(tmp_path), "--json"])
    captured = capsys.readouterr()
    assert code == 0 and json.loads(captured.out)["rounds"] == 2
    assert "plots skipped" in captured.err
    assert "Plots skipped" in (tmp_path / "report.md").read_text(encoding="utf-8")
    assert not list(tmp_path.glob("*.png"))


@pytest.mark.parametrize(
    "words",
    [
        ["rami40", "nosuch"],
        ["rami40", "rami51", "--rounds", "0"],
        ["rami40", "rami51", "--bots", "clever"],
        ["rami40", "rami51", "--players", "9"],
        ["rami40", "rami51", "--level", "1.5"],
        ["rami40", "rami51", "--level", "0.9999999999999999"],  # rounds to 1 in the interval: found late once
        ["rami40", "rami51", "--workers", "0"],
        ["rami40", "rami51", "--workers", "99999999999999999999"],  # a pool would start them all
        ["rami40", "rami51", "--address", "127.0.0.1:6379"],  # the local backend has no address
    ],
)
def test_bad_input_is_one_line(words: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["compare", *words, "--rounds", "2", "--out", str(tmp_path / "r"), *words[2:]])
    err = capsys.readouterr().err
    assert code == 2 and len(err.strip().splitlines()) == 1 and "Traceback" not in err, err
    assert not (tmp_path / "r").exists()  # bad input changes nothing: no report folder is left


def test_the_json_has_no_nan_or_infinity(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """An audit: a figure no round had (gin never opens) was NaN, and the
    interval of a difference with one value a side was infinite, neither of
    them JSON; now both are null, in the printed document and report.json."""
    out = tmp_path / "r"
    code = main(["compare", "gin", "oklahoma_gin", "--rounds", "1", "--quiet", "--json", "--out", str(out)])
    printed = capsys.readouterr().out

    def refuse(constant: str) -> None:
        raise ValueError(constant)

    for text in (printed, (out / "report.json").read_text(encoding="utf-8")):
        document = json.loads(text, parse_constant=refuse)
        opening = document["figures"]["first_opening"]
        assert opening["a"]["value"] is None and opening["difference"]["interval"] == [None, None]
    assert code == 0


def test_an_empty_out_and_an_unwritable_report_are_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """An audit: --out '' fell back to the default folder; a report file that
    could not be written was an 'unexpected' error."""
    assert main(["compare", "rami40", "rami51", "--rounds", "1", "--quiet", "--out", ""]) == 2
    assert "names no file or folder" in capsys.readouterr().err
    (tmp_path / "r" / "report.md").mkdir(parents=True)
    argv = ["compare", "rami40", "rami51", "--rounds", "1", "--quiet", "--out", str(tmp_path / "r")]
    assert main(argv) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("rummykit: error: compare: --out: ") and "report.md" in err
    assert len(err.splitlines()) == 1
