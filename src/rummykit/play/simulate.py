"""Many-game simulation: bots play rounds (or matches) and the results are
summed up: rounds per second, win rates with 95 % intervals, round length,
how rounds ended, mean scores.

Every round's seed is derived from the master seed and the round's index (in
a match: from the match's seed and the round's index in the match), so the
results are the same whatever the number of worker processes. Whole matches
are played through :class:`~rummykit.round.match_play.Match`: the variant's match stage
says who deals, who plays each round, when a match is over and who won. In a
match with elimination, each round is played by the bots of the seats still
in (each keeps its match seat), and a simulated player buys back in whenever
the match lets it.

>>> report = simulate("rami51", players=2, bots=["greedy", "random"], rounds=4, seed=1)
>>> report.rounds, sum(report.endings.values())
(4, 4)
"""

from __future__ import annotations

import math
import random
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any, Protocol

import attrs

from rummykit.core.errors import RummykitError
from rummykit.core.moves import Move
from rummykit.core.round_values import RoundResult
from rummykit.io.records import Record
from rummykit.io.serialize import to_json
from rummykit.play.backends import Backend, LocalBackend
from rummykit.play.bot_specs import bot_from_spec, check_bot_spec
from rummykit.play.bots import Bot
from rummykit.round.dealing import deal, next_seat
from rummykit.round.match_play import Match
from rummykit.round.state import RoundState
from rummykit.rules.contract import deal_count
from rummykit.variant.model import Variant, load_variant

__all__ = [
    "MAX_MATCH_ROUNDS",
    "MAX_SIMULATED_ROUNDS",
    "EndlessPlay",
    "RecordsError",
    "RoundSummary",
    "RoundWatcher",
    "SimulationReport",
    "bots_of",
    "play_match",
    "play_round",
    "prepare_records",
    "rotated",
    "round_seed",
    "simulate",
    "wilson",
]

MAX_SIMULATED_ROUNDS = 1_000_000
"""The most rounds one call of :func:`simulate` plays (the tasks are listed up front)."""

MAX_MATCH_ROUNDS = 1_000
"""The most rounds one simulated match may last: a guard for matches that end
at a score rather than after a number of rounds."""


class RecordsError(RummykitError, ValueError):
    """The folder for the records cannot be made or written to."""


def prepare_records(folder: Path) -> None:
    """Make ``folder`` (and its parents) and check that a file can be written
    there, so that a simulation never runs only to fail at the end."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=folder) as probe:
            probe.write(b"rummykit")  # a byte written proves the folder takes records
    except FileExistsError:
        raise RecordsError(f"{folder}: not a folder") from None
    except OSError as error:
        raise RecordsError(f"{folder}: cannot write there: {error.strerror or error}") from None
    except ValueError:  # an embedded NUL in the path
        raise RecordsError(f"{folder}: not a usable path") from None


def round_seed(master: int, index: int) -> int:
    """The seed of round ``index`` of a simulation with seed ``master``."""
    return random.Random(f"rummykit:{master}:{index}").getrandbits(62)


@lru_cache(maxsize=16)
def _variant(ref: str) -> Variant:
    return load_variant(ref)


@attrs.frozen(slots=True)
class RoundSummary:
    index: int
    seed: int
    dealer: int
    bots: tuple[str, ...]  # by seat
    ending: str
    winners: tuple[int, ...]
    scores: tuple[int, ...]  # by seat; 0 for a seat not in play (see ``seats``)
    turns: int
    moves: int
    record: str | None = None  # the round's record (JSON), when asked for
    seats: tuple[int, ...] = ()  # the seats that played the round (in a match); () = every seat
    facts: tuple[tuple[str, float], ...] = ()  # what a RoundWatcher saw, when one was asked for

    def played(self, seat: int) -> bool:
        """Did ``seat`` play this round?"""
        return not self.seats or seat in self.seats


class RoundWatcher(Protocol):
    """Watches one round as it is played and says what it saw: made with
    the state as dealt, shown every move with the states before and after."""

    def see(self, before: RoundState, move: Move | str, after: RoundState) -> None: ...

    def facts(self) -> tuple[tuple[str, float], ...]:
        """What the watcher saw, as named numbers (a name may come more than once)."""
        ...


Watch = Callable[[RoundState], RoundWatcher]
"""What makes a watcher for a round (a class, picklable by name)."""


def play_round(
    variant_ref: str,
    players: int,
    bots: Sequence[str],
    seed: int,
    dealer: int,
    *,
    index: int = 0,
    keep_record: bool = False,
    max_moves: int = 200_000,
    watch: Watch | None = None,
) -> RoundSummary:
    """Play one round with one bot per seat, each bot seeing only its view
    (and ``watch``, if given, making a watcher whose facts the summary keeps)."""
    return _play(variant_ref, players, bots, seed, dealer, index=index, keep_record=keep_record,
                 max_moves=max_moves, watch=watch)[0]  # fmt: skip


def _play(
    variant_ref: str,
    players: int,
    bots: Sequence[str],
    seed: int,
    dealer: int,
    *,
    index: int,
    keep_record: bool,
    max_moves: int = 200_000,
    watch: Watch | None = None,
) -> tuple[RoundSummary, RoundResult]:
    variant = _variant(variant_ref)
    number = index % deal_count(variant) + 1 if deal_count(variant) else 0
    state = deal(variant, players=players, seed=seed, dealer=dealer, deal_number=number)
    players_bots = [bot_from_spec(bots[s], variant, seed=seed + s) for s in range(players)]
    record = Record.start(state) if keep_record else None
    watcher = None if watch is None else watch(state)
    moves = 0
    while state.phase != "over":
        before = state
        buyer = _buyer(state, players_bots) if state.buy_window else None
        move: Move | str = (
            f"{buyer}: buy"
            if buyer is not None
            else players_bots[state.to_move].choose(state.view(state.to_move))
        )
        if record is not None:
            record, state = record.advance(move, state)
        else:
            state = state.apply(move)
        if watcher is not None:
            watcher.see(before, move, state)
        moves += 1
        if moves > max_moves:  # pragma: no cover - the turn cap ends every round first
            raise EndlessPlay(f"a round did not end in {max_moves} moves")
    result = state.result
    if result is None:  # the loop above ends only when the round is over
        raise RuntimeError("a round ended without a result")
    summary = RoundSummary(
        index=index,
        seed=seed,
        dealer=dealer,
        bots=tuple(bots[:players]),
        ending=result.ending,
        winners=result.winners,
        scores=result.scores,
        turns=state.turns_played,
        moves=moves,
        record=None if record is None else to_json(record, indent=1),
        facts=() if watcher is None else watcher.facts(),
    )
    return summary, result


def _buyer(state: RoundState, bots: Sequence[Bot]) -> int | None:
    """The seat that buys the upcard now, if any: the first that wants it,
    going round from the player in turn (R-CON-10: the nearest claimant)."""
    for step in range(1, state.players):
        seat = next_seat(state.variant, state.players, state.to_move, step)
        view = state.view(seat)
        if view.legal and bots[seat].wants_buy(view):
            return seat
    return None


class EndlessPlay(RuntimeError):
    """A round or a match went on past its bound: the variant may never end it."""


def play_match(
    variant_ref: str, players: int, bots: Sequence[str], seed: int, *, keep_record: bool = False
) -> tuple[tuple[RoundSummary, ...], tuple[int, ...]]:
    """Play one whole match: its rounds (numbered from 0 within the match) and
    its winners. The variant's match stage says who deals, when the match is
    over and who won; the first dealer and every round's seed derive from
    ``seed``."""
    variant = _variant(variant_ref)
    first = random.Random(seed).randrange(players)
    match = Match.start(variant, players=players, first_dealer=first)
    summaries: list[RoundSummary] = []
    while not match.is_over:
        for seat in match.pending:  # a simulated player buys back whenever it may
            match = match.decide(seat, "rebuy")
        index = len(match.results)
        if index >= MAX_MATCH_ROUNDS:
            endless = f"a {variant.id} match lasted more than {MAX_MATCH_ROUNDS} rounds"
            raise EndlessPlay(f"{endless} (can its match stage end it?)")
        active = match.active
        summary, result = _play(
            variant_ref, len(active), [bots[seat] for seat in active], round_seed(seed, index),
            active.index(match.dealer_of(index)), index=index, keep_record=keep_record,
        )  # fmt: skip
        match = match.record(result)
        kept = match.results[-1]
        by_match_seat = attrs.evolve(
            summary, dealer=match.dealer_of(index), bots=tuple(bots[:players]), winners=kept.winners,
            scores=kept.scores, seats=active,
        )  # fmt: skip
        summaries.append(by_match_seat)
    return tuple(summaries), match.winners


def _task(args: tuple[Any, ...]) -> RoundSummary:
    return play_round(*args[:5], index=args[5], keep_record=args[6], watch=args[7])


def _match_task(args: tuple[Any, ...]) -> tuple[tuple[RoundSummary, ...], tuple[int, ...]]:
    return play_match(*args[:4], keep_record=args[4])


def _rounds_of(
    played: Iterable[tuple[tuple[RoundSummary, ...], tuple[int, ...]]], winners: list[tuple[int, ...]]
) -> Iterator[RoundSummary]:
    """The rounds of the matches played, numbered on from match to match;
    each match's winners are appended to ``winners``."""
    index = 0
    for summaries, match_winners in played:
        winners.append(match_winners)
        for summary in summaries:
            yield attrs.evolve(summary, index=index)
            index += 1


def wilson(successes: float, trials: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval (95 % by default) of a proportion."""
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


@attrs.frozen(slots=True)
class SimulationReport:
    variant: str
    players: int
    bots: tuple[str, ...]
    seed: int
    workers: int
    rounds: int
    seconds: float
    summaries: tuple[RoundSummary, ...] = attrs.field(repr=False)
    matches: tuple[tuple[int, ...], ...] = ()  # the winners of each match
    rotate: bool = False  # the bots moved one seat every ``players`` rounds (each match)

    @property
    def rounds_per_second(self) -> float:
        return self.rounds / self.seconds if self.seconds else float("inf")

    @property
    def endings(self) -> Counter[str]:
        return Counter(s.ending for s in self.summaries)

    @property
    def mean_turns(self) -> float:
        return sum(s.turns for s in self.summaries) / max(1, self.rounds)

    def seat_wins(self) -> list[float]:
        """Round wins by seat; a shared win counts as a fraction."""
        wins = [0.0] * self.players
        for s in self.summaries:
            for seat in s.winners:
                wins[seat] += 1 / len(s.winners)
        return wins

    def match_wins_by_bot(self) -> dict[str, float]:
        """Match wins by bot name (each match's bots rotated as its rounds
        were); a shared win counts as a fraction."""
        wins: dict[str, float] = dict.fromkeys(sorted(set(self.bots)), 0.0)
        for number, winners in enumerate(self.matches):
            bots = bots_of(self.bots, number, rotate=self.rotate, matches=True)
            for seat in winners:
                wins[bots[seat]] += 1 / len(winners)
        return wins

    def bot_stats(self) -> dict[str, dict[str, float]]:
        """Per bot name: seat-rounds played, wins, win rate and interval, mean score."""
        stats: dict[str, dict[str, float]] = {}
        for s in self.summaries:
            for seat, name in enumerate(s.bots):
                if not s.played(seat):
                    continue
                entry = stats.setdefault(name, {"played": 0, "wins": 0.0, "score": 0.0})
                entry["played"] += 1
                entry["score"] += s.scores[seat]
                if seat in s.winners:
                    entry["wins"] += 1 / len(s.winners)
        for entry in stats.values():
            played = int(entry["played"])
            low, high = wilson(entry["wins"], played)
            entry.update(
                win_rate=entry["wins"] / played, low=low, high=high, mean_score=entry["score"] / played
            )
        return stats

    def document(self) -> dict[str, Any]:
        seats = []
        for seat, wins in enumerate(self.seat_wins()):
            low, high = wilson(wins, self.rounds)
            seats.append({"seat": seat, "wins": wins, "win_rate": wins / max(1, self.rounds),
                          "interval95": [low, high]})  # fmt: skip
        bots = [
            {"bot": name, "seat_rounds": int(e["played"]), "wins": e["wins"], "win_rate": e["win_rate"],
             "interval95": [e["low"], e["high"]], "mean_score": e["mean_score"]}
            for name, e in sorted(self.bot_stats().items())
        ]  # fmt: skip
        return {
            "variant": self.variant,
            "players": self.players,
            "bots": list(self.bots),
            "rotate": self.rotate,
            "seed": self.seed,
            "workers": self.workers,
            "rounds": self.rounds,
            "seconds": self.seconds,
            "rounds_per_second": self.rounds_per_second,
            "mean_turns": self.mean_turns,
            "endings": dict(sorted(self.endings.items())),
            "seats": seats,
            "by_bot": bots,
            "matches": [list(w) for w in self.matches],
            **({"matches_by_bot": self.match_wins_by_bot()} if self.matches else {}),
        }

    def table(self) -> str:
        """The report as text."""
        pace = "each match" if self.matches else f"every {self.players} rounds"
        rotated = f" (rotated {pace})" if self.rotate else ""
        lines = [
            f"{self.variant}, {self.players} players, bots {', '.join(self.bots)}"
            f"{rotated}, seed {self.seed}, {self.workers} worker(s)",
            f"{self.rounds} rounds in {self.seconds:.1f} s: {self.rounds_per_second:.1f} rounds/s; "
            f"mean round length {self.mean_turns:.1f} turns",
            "endings: " + ", ".join(f"{k} {v}" for k, v in sorted(self.endings.items())),
            "",
            f"{'seat':<6}{'wins':>8}{'win rate':>10}   95 % interval",
        ]
        for seat, wins in enumerate(self.seat_wins()):
            low, high = wilson(wins, self.rounds)
            lines.append(f"{seat:<6}{wins:>8.1f}{wins / max(1, self.rounds):>10.1%}   {low:.1%} - {high:.1%}")
        stats = sorted(self.bot_stats().items())
        width = max([8, *(len(name) + 1 for name, _ in stats)])
        lines += ["", f"{'bot':<{width}}{'seat-rounds':>12}{'win rate':>10}   95 % interval   mean score"]
        for name, e in stats:
            lines.append(
                f"{name:<{width}}{int(e['played']):>12}{e['win_rate']:>10.1%}   "
                f"{e['low']:.1%} - {e['high']:.1%}   {e['mean_score']:>10.1f}"
            )
        if self.matches:
            won = Counter(seat for winners in self.matches for seat in winners)
            lines += ["", "matches won by seat: " + ", ".join(f"{s}: {won[s]}" for s in range(self.players))]
            by_bot = self.match_wins_by_bot().items()
            lines.append("matches won by bot: " + ", ".join(f"{name} {wins:g}" for name, wins in by_bot))
        return "\n".join(lines)


def simulate(
    variant_ref: str,
    *,
    players: int,
    bots: Sequence[str],
    rounds: int | None = None,
    matches: int | None = None,
    seed: int = 0,
    workers: int = 1,
    records: Path | None = None,
    progress: Callable[[Iterable[RoundSummary], int], Iterable[RoundSummary]] | None = None,
    backend: Backend | None = None,
    watch: Watch | None = None,
    rotate: bool = False,
) -> SimulationReport:
    """Play ``rounds`` rounds (or ``matches`` whole matches) and sum them up.

    ``bots`` names one bot per seat (repeated if shorter; more bots than
    seats is a ValueError, not bots left out), each by a specification
    (``greedy``, ``search:200ms`` …: :mod:`rummykit.play.bot_specs`).
    ``rotate``: the bots move one seat every ``players`` rounds (each
    match, with ``matches``; :func:`rotated`) while the deal passes one
    seat each round, so that every bot deals, and plays first, equally
    often, and plays every seat. ``progress`` wraps the stream of finished rounds (a progress
    bar). ``backend`` plays the rounds (by default here, in ``workers``
    processes; see :mod:`rummykit.play.backends`); the results are the same
    on every backend. ``watch`` (single rounds only) makes a watcher for
    each round, whose facts its summary keeps."""
    variant = _variant(variant_ref)
    variant.check_players(players)
    _check_bots(bots, players)
    _check_counts(rounds, matches, watch, seed)
    seat_bots = tuple(bots[s % len(bots)] for s in range(players))
    # A match's length is known only once it is over; its usual length sizes
    # the progress bar and the limit.
    usual = Match.start(variant, players=players)
    total = _planned_rounds(rounds, matches, usual)
    runner = LocalBackend(workers) if backend is None else backend  # checks workers; starts nothing yet
    if records is not None:
        prepare_records(records)
    keep = records is not None
    match_winners: list[tuple[int, ...]] = []
    start = time.perf_counter()
    with runner:
        stream: Iterable[RoundSummary]
        if matches is not None:
            match_tasks = _match_tasks(variant_ref, seat_bots, seed, matches, keep, rotate)
            stream = _rounds_of(runner.run(_match_task, match_tasks), match_winners)
        else:
            round_tasks = _round_tasks(variant_ref, seat_bots, seed, total, usual, keep, watch, rotate)
            stream = runner.run(_task, round_tasks)
        summaries = list(progress(stream, total) if progress else stream)
    seconds = time.perf_counter() - start
    if records is not None:
        _write_records(records, summaries)
    return SimulationReport(
        variant=variant.id, players=players, bots=seat_bots, seed=seed, workers=workers,
        rounds=len(summaries), seconds=seconds, summaries=tuple(summaries), matches=tuple(match_winners),
        rotate=rotate,
    )  # fmt: skip


def rotated(seat_bots: Sequence[str], shift: int) -> tuple[str, ...]:
    """The bots by seat after ``shift`` rotations: each moves ``shift``
    seats on, the last seat's bot coming round to seat 0.

    >>> rotated(["greedy", "random", "search"], 1)
    ('search', 'greedy', 'random')
    """
    players = len(seat_bots)
    return tuple(seat_bots[(seat - shift) % players] for seat in range(players))


def bots_of(seat_bots: Sequence[str], number: int, *, rotate: bool, matches: bool) -> tuple[str, ...]:
    """The bots by seat of match ``number`` (``matches``) or of single round
    ``number``: as named, or with ``rotate`` moved one seat each match, or
    every ``len(seat_bots)`` rounds (the deal passes a seat each round, so
    bots moving with it would keep their places at the table)."""
    shift = number if matches else number // len(seat_bots)
    return rotated(seat_bots, shift if rotate else 0)


def _check_bots(bots: Sequence[str], players: int) -> None:
    """ValueError unless ``bots`` names between one bot and one a seat, each
    a bot specification (:mod:`rummykit.play.bot_specs`)."""
    if not bots:
        raise ValueError("name at least one bot")
    if len(bots) > players:
        raise ValueError(f"{len(bots)} bots named for {players} seats (one bot a seat, repeated if fewer)")
    for name in bots:
        check_bot_spec(name)


def _check_counts(rounds: int | None, matches: int | None, watch: Watch | None, seed: int) -> None:
    """ValueError unless either rounds or matches are asked for (and a
    watcher only for rounds), from an integer seed."""
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError(f"the seed must be an integer, not {seed!r}")
    if (rounds is None) == (matches is None):
        raise ValueError("give either a number of rounds or a number of matches")
    if watch is not None and matches is not None:
        raise ValueError("a watcher watches single rounds, not whole matches")


def _planned_rounds(rounds: int | None, matches: int | None, usual: Match) -> int:
    """The rounds a simulation expects to play (``usual`` gives a match's
    usual length); ValueError if none or more than MAX_SIMULATED_ROUNDS."""
    # A match without a fixed length (one that ends on a score) counts one.
    total = rounds if rounds is not None else (matches or 0) * max(usual.rounds, 1)
    if total < 1:
        raise ValueError("simulate at least one round")
    if total > MAX_SIMULATED_ROUNDS:
        raise ValueError(f"simulate at most {MAX_SIMULATED_ROUNDS} rounds at once, not {total}")
    return total


def _match_tasks(
    variant_ref: str, seat_bots: tuple[str, ...], seed: int, matches: int, keep: bool, rotate: bool = False
) -> list[tuple[Any, ...]]:
    """The arguments of :func:`_match_task` for each of ``matches`` whole
    matches (their bots: :func:`bots_of`)."""
    players = len(seat_bots)
    return [
        (variant_ref, players, bots_of(seat_bots, m, rotate=rotate, matches=True), round_seed(seed, -1 - m),
         keep)
        for m in range(matches)
    ]  # fmt: skip


def _round_tasks(
    variant_ref: str, seat_bots: tuple[str, ...], seed: int, total: int, usual: Match, keep: bool,
    watch: Watch | None = None,
    rotate: bool = False,
) -> list[tuple[Any, ...]]:
    """The arguments of :func:`_task` for each of ``total`` single rounds
    (their bots: :func:`bots_of`)."""
    players = len(seat_bots)
    return [
        (variant_ref, players, bots_of(seat_bots, index, rotate=rotate, matches=False),
         round_seed(seed, index), usual.dealer_of(index), index, keep, watch)
        for index in range(total)
    ]  # fmt: skip


def _write_records(folder: Path, summaries: Iterable[RoundSummary]) -> None:
    """Write each round's record to ``folder`` as ``round-NNNNN.json``."""
    for summary in summaries:
        if summary.record is None:  # every task records when records are asked for
            raise RuntimeError(f"round {summary.index} has no record")
        (folder / f"round-{summary.index:05d}.json").write_text(summary.record + "\n", encoding="utf-8")
