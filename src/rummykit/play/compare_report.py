"""The report of ``rummykit compare`` in a folder: ``report.md`` (the
summary, a table of every figure with its intervals, and the plots),
``report.json`` (the same numbers) and PNG plots drawn with matplotlib (the
``plots`` extra; without it the report says the plots were skipped)."""

from __future__ import annotations

import importlib
import importlib.util
import json
import math
from collections.abc import Callable
from pathlib import Path
from typing import Any

from rummykit.play.compare import Comparison, Estimate, figure_label, round_samples
from rummykit.play.extras import install_hint

__all__ = ["PLOTS", "plots_installed", "report_markdown", "write_report"]

PLOTS = {
    "overview.png": "every plot below on one page",
    "round-length.png": "round length in turns",
    "first-opening.png": "the turn of the first opening",
    "opening-points.png": "the points of openings",
    "score-spread.png": "the score spread of a round",
    "endings.png": "how rounds end",
    "win-rates.png": "the first player's and each seat's win rate",
}
"""The plots a report draws (file name: what it shows)."""

COLOURS = ("#1f77b4", "#d62728")


def plots_installed() -> bool:
    """Is matplotlib (the ``plots`` extra) installed?"""
    return importlib.util.find_spec("matplotlib") is not None


def _cell(estimate: Estimate) -> str:
    if estimate.n == 0:
        return "none"
    if estimate.kind == "rate":
        return f"{estimate.value:.1%} ({estimate.low:.1%} – {estimate.high:.1%})"
    digits = 2 if abs(estimate.value) < 10 else 1
    return f"{estimate.value:.{digits}f} ({estimate.low:.{digits}f} – {estimate.high:.{digits}f})"


def _difference_cell(kind: str, value: float, low: float, high: float) -> str:
    if math.isinf(low) or math.isnan(value):
        return "(too few values)"
    if kind == "rate":
        return f"{value * 100:+.1f} pts ({low * 100:+.1f} to {high * 100:+.1f})"
    digits = 2 if max(abs(low), abs(high)) < 10 else 1
    return f"{value:+.{digits}f} ({low:+.{digits}f} to {high:+.{digits}f})"


def report_markdown(comparison: Comparison, plots: bool) -> str:
    """``report.md``: the settings, the summary, the table, and the plots
    (or a line saying they were skipped)."""
    a, b = comparison.names
    level = f"{comparison.level * 100:g} %"
    lines = [
        f"# {a} against {b}",
        "",
        f"{comparison.rounds} rounds of each, {comparison.a.players} players, bots "
        f"{', '.join(comparison.a.bots)} (by seat), seed {comparison.a.seed}: round i of both variants "
        "is dealt from the same seed. Intervals are at the "
        f"{level} level: Wilson intervals for rates, normal intervals for means; a difference is clear "
        "when its own interval (Newcombe's for rates, Welch's for means) leaves out zero.",
        "",
        "## Summary",
        "",
        *(f"- {line}" for line in comparison.summary()),
        "",
        "## Every figure",
        "",
        f"| figure | {a} | {b} | {a} less {b} | clear |",
        "|---|---|---|---|---|",
    ]
    for key, ea, eb, d in comparison.figures():
        cell = _difference_cell(ea.kind, d.value, d.low, d.high)
        clear = "yes" if d.clear else ""
        lines.append(f"| {figure_label(key)} | {_cell(ea)} | {_cell(eb)} | {cell} | {clear} |")
    lines += ["", "## Plots", ""]
    if plots:
        lines += [f"![{what}]({name})" for name, what in PLOTS.items() if name != "overview.png"]
    else:
        lines.append(f"Plots skipped: matplotlib is not installed ({install_hint('plots')}).")
    return "\n".join(lines) + "\n"


def write_report(comparison: Comparison, folder: Path) -> list[Path]:
    """Write the report into ``folder`` (made if missing): the files written."""
    folder.mkdir(parents=True, exist_ok=True)
    plots = plots_installed()
    written = [folder / "report.json", folder / "report.md"]
    document = json.dumps(comparison.document(), indent=2, allow_nan=False)
    written[0].write_text(document + "\n", encoding="utf-8")
    written[1].write_text(report_markdown(comparison, plots), encoding="utf-8")
    if plots:
        written += _draw(comparison, folder)
    return written


def _draw(comparison: Comparison, folder: Path) -> list[Path]:
    """Every plot of :data:`PLOTS` as a PNG in ``folder``."""
    matplotlib = importlib.import_module("matplotlib")
    matplotlib.use("Agg")  # files only, never a window
    pyplot = importlib.import_module("matplotlib.pyplot")
    panels = _panels(comparison)
    written = []
    for name, draw in panels.items():
        figure, axes = pyplot.subplots(figsize=(5, 3.4), dpi=80)
        draw(axes)
        figure.tight_layout()
        written.append(folder / name)
        figure.savefig(written[-1])
        pyplot.close(figure)
    figure, grid = pyplot.subplots(2, 3, figsize=(13, 7), dpi=70)
    for draw, axes in zip(panels.values(), grid.flat, strict=True):
        draw(axes)
    figure.suptitle(f"{comparison.names[0]} against {comparison.names[1]}: {comparison.rounds} rounds each")
    figure.tight_layout()
    written.append(folder / "overview.png")
    figure.savefig(written[-1])
    pyplot.close(figure)
    return written


def _panels(comparison: Comparison) -> dict[str, Callable[[Any], None]]:
    """The drawing of each plot, by file name, each onto the axes it is given."""
    samples = (round_samples(comparison.a), round_samples(comparison.b))
    names = comparison.names

    def histogram(key: str, unit: str) -> Callable[[Any], None]:
        def draw(axes: Any) -> None:
            top = _top([*samples[0][key], *samples[1][key]])
            edges = _edges(top)
            for side in (0, 1):
                values = [min(v, top) for v in samples[side][key]]
                if not values:  # no share of nothing (a variant without openings, say)
                    axes.plot([], [], color=COLOURS[side], label=f"{names[side]} (none)")
                    continue
                axes.hist(values, bins=edges, histtype="step", linewidth=1.6, density=True,
                          color=COLOURS[side], label=names[side])  # fmt: skip
            axes.set_title(figure_label(key))
            axes.set_xlabel(f"{unit} (the last bin: {top:g} and above)")
            axes.set_ylabel("share")
            axes.legend(fontsize="small")

        return draw

    return {
        "round-length.png": histogram("round_length", "turns"),
        "first-opening.png": histogram("first_opening", "turn"),
        "opening-points.png": histogram("opening_points", "points"),
        "score-spread.png": histogram("score_spread", "points"),
        "endings.png": _bars(comparison, [f"ending:{e}" for e in comparison.endings()], "how rounds end"),
        "win-rates.png": _bars(
            comparison,
            ["first_player_wins", *(f"seat:{s}" for s in range(comparison.a.players))],
            "win rates",
        ),
    }


def _top(values: list[float]) -> float:
    """Where a histogram stops: at the 99th percentile, so that a few very
    long rounds do not squeeze the rest (at least 1)."""
    if not values:
        return 1.0
    ordered = sorted(values)
    return max(1.0, ordered[int(0.99 * (len(ordered) - 1))])


def _edges(top: float) -> list[float]:
    """Histogram bin edges from 0 to ``top``: about 30 bins, on whole numbers."""
    width = max(1, math.ceil(top / 30))
    return [float(x) for x in range(0, int(top) + 2 * width, width)]


def _bars(comparison: Comparison, keys: list[str], title: str) -> Callable[[Any], None]:
    """Bars of rates side by side, with their intervals as error bars."""
    estimates = (comparison.estimates(0), comparison.estimates(1))

    def draw(axes: Any) -> None:
        for side in (0, 1):
            shown = [estimates[side][key] for key in keys]
            below, above = [e.value - e.low for e in shown], [e.high - e.value for e in shown]
            axes.bar(
                [i + (side - 0.5) * 0.38 for i in range(len(keys))], [e.value for e in shown], width=0.38,
                yerr=[[max(0.0, x) for x in below], [max(0.0, x) for x in above]],
                color=COLOURS[side], alpha=0.8, capsize=3, label=comparison.names[side],
            )  # fmt: skip
        axes.set_xticks(range(len(keys)))
        axes.set_xticklabels([_short(key) for key in keys], fontsize="small")
        axes.set_ylim(0, 1)
        axes.set_title(f"{title} ({comparison.level * 100:g} % intervals)")
        axes.legend(fontsize="small")

    return draw


def _short(key: str) -> str:
    """A bar's label."""
    if key == "first_player_wins":
        return "first player"
    kind, _, name = key.partition(":")
    return f"seat {name}" if kind == "seat" else name.replace("_", " ")
