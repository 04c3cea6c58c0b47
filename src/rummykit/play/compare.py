"""Two variants compared by self-play: the same bots play the same number of
rounds of each, on the same seeds, and every figure is given with an
interval; a difference is called clear when its own interval leaves out
zero (``rummykit compare``, docs/compare.md).

Round ``i`` of both variants is dealt from the seed ``round_seed(seed, i)``;
where the two decks are the same cards (Rami 40 and Rami 51), that seed
shuffles them into the same order, so both variants start from the same
hands, and the bots (seeded from the round's seed) start alike too.

>>> result = compare("rami40", "rami51", players=2, bots=["greedy"], rounds=6, seed=1)
>>> result.rounds, result.estimates(0)["round_length"].n
(6, 6)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from statistics import NormalDist, fmean, stdev
from typing import Any, Literal

import attrs

from rummykit.core.moves import Move, SwapJoker
from rummykit.play.backends import Backend, LocalBackend
from rummykit.play.simulate import RoundSummary, SimulationReport, simulate, wilson
from rummykit.round.state import RoundState

__all__ = [
    "CompareWatcher",
    "Comparison",
    "Difference",
    "Estimate",
    "compare",
    "difference",
    "figure_label",
    "finite_or_none",
    "mean_estimate",
    "rate_estimate",
    "round_samples",
    "side_names",
]


class CompareWatcher:
    """Watches a round for the comparison: who played first, the turn of
    the first opening, the points of every opening (the table value of the
    melds laid in the turn a seat opened; 0 where a lay-off opened), the
    joker swaps, and the jokers on the table when the round ended."""

    def __init__(self, state: RoundState) -> None:
        self.first_player = state.to_move
        self.first_opening: int | None = None
        self.openings: list[int] = []
        self.swaps = 0
        self.table_jokers = 0

    def see(self, before: RoundState, move: Move | str, after: RoundState) -> None:
        if isinstance(move, SwapJoker):
            self.swaps += 1
        if after.opened and before.opened:
            for seat in range(after.players):
                if after.opened[seat] and not before.opened[seat]:
                    self._opened(before, after)
        if after.phase == "over":
            self.table_jokers = sum(placed.meld.jokers for placed in after.table)

    def _opened(self, before: RoundState, after: RoundState) -> None:
        """A seat opened with the move from ``before`` to ``after``: its
        turn's new melds are the larger list of the two states (the turn is
        over in ``after`` unless the round ended)."""
        state = after if len(after.turn.new_melds) > len(before.turn.new_melds) else before
        self.openings.append(sum(state.table[i].meld.points for i in state.turn.new_melds))
        if self.first_opening is None:
            self.first_opening = before.turns_played + 1

    def facts(self) -> tuple[tuple[str, float], ...]:
        found: list[tuple[str, float]] = [("first_player", self.first_player), ("swaps", self.swaps)]
        found.append(("table_jokers", self.table_jokers))
        if self.first_opening is not None:
            found.append(("first_opening", self.first_opening))
        found += [("opening", points) for points in self.openings]
        return tuple(found)


@attrs.frozen(slots=True)
class Estimate:
    """A figure of one variant with its interval: a mean (``kind`` "mean",
    ``n`` values with standard deviation ``sd``; a normal interval) or a
    rate (``successes`` out of ``n``; the Wilson interval)."""

    kind: Literal["mean", "rate"]
    value: float
    low: float
    high: float
    n: int
    sd: float = 0.0
    successes: float = 0.0

    def document(self) -> dict[str, Any]:
        """The estimate for JSON: null for a value or bound it has not (no value, or one alone)."""
        interval = [finite_or_none(self.low), finite_or_none(self.high)]
        out: dict[str, Any] = {"value": finite_or_none(self.value), "interval": interval, "n": self.n}
        if self.kind == "mean":
            out["sd"] = self.sd
        else:
            out["successes"] = self.successes
        return out


def finite_or_none(number: float) -> float | None:
    """``number`` for a JSON document: None (null) where it is not finite
    (a figure no round had, the unbounded interval of fewer than two values),
    as JSON has no NaN or infinity."""
    return number if math.isfinite(number) else None


def _z(level: float) -> float:
    """The normal quantile of a two-sided interval at ``level`` (1.96 at 0.95)."""
    return NormalDist().inv_cdf(0.5 + level / 2)


def mean_estimate(values: Sequence[float], level: float = 0.95) -> Estimate:
    """The mean of ``values`` with its normal interval at ``level`` (none
    below two values: the interval is then the mean alone)."""
    if not values:
        return Estimate("mean", math.nan, math.nan, math.nan, 0)
    centre = fmean(values)
    sd = stdev(values) if len(values) > 1 else 0.0
    half = _z(level) * sd / math.sqrt(len(values))
    return Estimate("mean", centre, centre - half, centre + half, len(values), sd=sd)


def rate_estimate(successes: float, trials: int, level: float = 0.95) -> Estimate:
    """A proportion with its Wilson interval at ``level``."""
    low, high = wilson(successes, trials, _z(level))
    if not trials:
        return Estimate("rate", math.nan, low, high, 0)
    value = successes / trials  # inside its interval, rounding aside (0 of n: low may be 1e-17)
    return Estimate("rate", value, min(low, value), max(high, value), trials, successes=successes)


@attrs.frozen(slots=True)
class Difference:
    """A figure of A less the same figure of B, with its interval; ``clear``
    when the interval leaves out zero."""

    value: float
    low: float
    high: float

    @property
    def clear(self) -> bool:
        return self.low > 0 or self.high < 0


def difference(a: Estimate, b: Estimate, level: float = 0.95) -> Difference:
    """``a`` less ``b``: for means, the normal (Welch) interval of the
    difference of two means; for rates, Newcombe's interval built from the
    two Wilson intervals. Never clear with fewer than two values a side."""
    value = a.value - b.value
    if a.n < 2 or b.n < 2:
        return Difference(value, -math.inf, math.inf)
    if a.kind == "mean":
        half = _z(level) * math.sqrt(a.sd**2 / a.n + b.sd**2 / b.n)
        return Difference(value, value - half, value + half)
    below = math.sqrt((a.value - a.low) ** 2 + (b.high - b.value) ** 2)
    above = math.sqrt((a.high - a.value) ** 2 + (b.value - b.low) ** 2)
    return Difference(value, value - below, value + above)


def _facts(summary: RoundSummary, name: str) -> list[float]:
    return [value for key, value in summary.facts if key == name]


def _spread(summary: RoundSummary) -> float:
    """The highest score of a round less the lowest (of the seats that played)."""
    scores = [score for seat, score in enumerate(summary.scores) if summary.played(seat)]
    return max(scores) - min(scores)


def _share(summary: RoundSummary, seat: int) -> float:
    """The part of the round's win that went to ``seat`` (a shared win is split)."""
    return 1 / len(summary.winners) if seat in summary.winners else 0.0


def round_samples(report: SimulationReport) -> dict[str, list[float]]:
    """The values behind the means of one variant, by figure: one per round,
    or per opening for the points of openings."""
    rounds = report.summaries
    return {
        "round_length": [s.turns for s in rounds],
        "first_opening": [v for s in rounds for v in _facts(s, "first_opening")],
        "opening_points": [v for s in rounds for v in _facts(s, "opening")],
        "table_jokers": [v for s in rounds for v in _facts(s, "table_jokers")],
        "joker_swaps": [v for s in rounds for v in _facts(s, "swaps")],
        "score_spread": [_spread(s) for s in rounds],
    }


def _rates(report: SimulationReport, endings: Iterable[str]) -> dict[str, tuple[float, int]]:
    """Successes and trials of the rates of one variant, by figure."""
    rounds = report.summaries
    total = len(rounds)
    first = [int(_facts(s, "first_player")[0]) for s in rounds]
    rates: dict[str, tuple[float, int]] = {
        "no_opening": (sum(1 for s in rounds if not _facts(s, "first_opening")), total),
        "joker_on_table": (sum(1 for s in rounds if _facts(s, "table_jokers")[0] > 0), total),
        "first_player_wins": (sum(_share(s, f) for s, f in zip(rounds, first, strict=True)), total),
    }
    for ending in endings:
        rates[f"ending:{ending}"] = (sum(1 for s in rounds if s.ending == ending), total)
    for seat in range(report.players):
        played = [s for s in rounds if s.played(seat)]
        rates[f"seat:{seat}"] = (sum(_share(s, seat) for s in played), len(played))
    return rates


def figure_label(key: str) -> str:
    """A figure's name in plain words."""
    if key.startswith("ending:"):
        return f"rounds ending {key.partition(':')[2].replace('_', ' ')}"
    if key.startswith("seat:"):
        return f"seat {key.partition(':')[2]}'s win rate"
    return LABELS[key]


LABELS = {
    "round_length": "round length (turns)",
    "first_opening": "turn of the first opening",
    "opening_points": "points of an opening",
    "table_jokers": "jokers on the table at the end of a round",
    "joker_swaps": "joker swaps a round",
    "score_spread": "score spread of a round (highest less lowest)",
    "no_opening": "rounds without an opening",
    "joker_on_table": "rounds ending with a joker on the table",
    "first_player_wins": "first player's win rate",
}
"""The figures in plain words (endings and seats are named by :func:`figure_label`)."""


@attrs.frozen(slots=True)
class Comparison:
    """Two simulations on the same seeds, and their figures compared at ``level``."""

    a: SimulationReport
    b: SimulationReport
    names: tuple[str, str]  # how the report names the two variants
    level: float = 0.95

    @property
    def rounds(self) -> int:
        return self.a.rounds

    def endings(self) -> list[str]:
        """Every way a round ended in either variant."""
        return sorted(set(self.a.endings) | set(self.b.endings))

    def estimates(self, side: int) -> dict[str, Estimate]:
        """Side 0 (A) or 1 (B): each figure's estimate."""
        report = self.b if side else self.a
        found = {key: mean_estimate(values, self.level) for key, values in round_samples(report).items()}
        for key, (hits, trials) in _rates(report, self.endings()).items():
            found[key] = rate_estimate(hits, trials, self.level)
        return found

    def figures(self) -> list[tuple[str, Estimate, Estimate, Difference]]:
        """Every figure: its key, A's estimate, B's, and A less B."""
        a, b = self.estimates(0), self.estimates(1)
        return [(key, a[key], b[key], difference(a[key], b[key], self.level)) for key in a]

    def summary(self) -> list[str]:
        """The differences that are clear at the level, in plain words."""
        lines = [
            _sentence(key, ea, eb, d, self.names, self.level) for key, ea, eb, d in self.figures() if d.clear
        ]
        if not lines:
            level = _percent(self.level)
            lines.append(f"No difference is clear at the {level} level in {self.rounds} rounds.")
        return lines

    def document(self) -> dict[str, Any]:
        """The numbers as one JSON document."""
        figures = {
            key: {"label": figure_label(key), "kind": ea.kind, "a": ea.document(), "b": eb.document(),
                  "difference": _difference_document(d)}
            for key, ea, eb, d in self.figures()
        }  # fmt: skip
        return {
            "a": self.names[0], "b": self.names[1], "players": self.a.players, "bots": list(self.a.bots),
            "rounds": self.rounds, "seed": self.a.seed, "level": self.level,
            "seconds": [self.a.seconds, self.b.seconds], "figures": figures, "summary": self.summary(),
        }  # fmt: skip


def _difference_document(d: Difference) -> dict[str, Any]:
    interval = [finite_or_none(d.low), finite_or_none(d.high)]
    return {"value": finite_or_none(d.value), "interval": interval, "clear": d.clear}


def _percent(level: float) -> str:
    return f"{level * 100:g} %"


def _number(estimate: Estimate, value: float) -> str:
    """A rate as a percentage; a mean with two decimals below 10, else one."""
    if estimate.kind == "rate":
        return f"{value:.1%}"
    return f"{value:.2f}" if abs(value) < 10 else f"{value:.1f}"


def _signed(estimate: Estimate, value: float) -> str:
    """A bound of a difference, with its sign (in percentage points for rates)."""
    if estimate.kind == "rate":
        return f"{value * 100:+.1f}"
    return ("+" if value >= 0 else "") + _number(estimate, value)


def _sentence(key: str, a: Estimate, b: Estimate, d: Difference, names: tuple[str, str], level: float) -> str:
    """One clear difference in plain words."""
    word = "higher" if d.value > 0 else "lower"
    size = f"{abs(d.value) * 100:.1f} points" if a.kind == "rate" else _number(a, abs(d.value))
    low, high = (_signed(a, v) for v in (d.low, d.high))
    return (
        f"{figure_label(key).capitalize()}: {_number(a, a.value)} in {names[0]} "
        f"against {_number(b, b.value)} in {names[1]}; {word} in {names[0]} by {size} "
        f"({_percent(level)} interval of the difference {low} to {high})."
    )


def side_names(a: SimulationReport, b: SimulationReport, refs: tuple[str, str]) -> tuple[str, str]:
    """How to name the two sides: their ids, else the references given, else A and B."""
    for pair in ((a.variant, b.variant), refs):
        if pair[0] != pair[1]:
            return pair
    return (f"{refs[0]} (A)", f"{refs[1]} (B)")


def compare(
    a: str,
    b: str,
    *,
    players: int,
    bots: Sequence[str],
    rounds: int,
    seed: int = 0,
    workers: int = 1,
    level: float = 0.95,
    backend: Backend | None = None,
    progress: Callable[[Iterable[RoundSummary], int], Iterable[RoundSummary]] | None = None,
) -> Comparison:
    """Play ``rounds`` rounds of variant ``a`` and of ``b`` (ids or paths)
    with the same bots on the same seeds, on ``backend`` (by default here,
    in ``workers`` processes), and compare them at ``level`` (0.95: 95 %).
    ``progress`` wraps each variant's stream of finished rounds."""
    if not 0 < level < 1:
        raise ValueError(f"the level must lie between 0 and 1, not {level}")
    with LocalBackend(workers) if backend is None else backend as runner:
        reports = [
            simulate(ref, players=players, bots=bots, rounds=rounds, seed=seed, workers=workers,
                     progress=progress, backend=runner, watch=CompareWatcher)
            for ref in (a, b)
        ]  # fmt: skip
    return Comparison(reports[0], reports[1], side_names(reports[0], reports[1], (a, b)), level)
