"""How strong rummykit's bots are: gin against OpenSpiel's SimpleGinRummyBot,
and every bot against every other on rami51 and contract.

Run: python benchmarks/strength.py [--hands 5000] [--bots greedy,search-medium]
[--tables 200] [--table-bots greedy,random,search-easy] [--table-variants rami51]
[--only gin|tables] [--first H] [--stop-at HH:MM] [--settings undercut=0.2,defence=false]

1. Gin against OpenSpiel's ``SimpleGinRummyBot`` (``pyspiel.make_simple_gin_rummy_bot``,
   the rule bot of OpenSpiel's ``gin_rummy``), through the lockstep bridge
   of ``tests/round/test_openspiel_gin.py`` (``rummykit.agents.gin_lockstep``): one deal, one OpenSpiel state
   and one rummykit state stepped move for move. The rummykit bot sees only
   its seat's view and answers with a rummykit move, turned into OpenSpiel's
   action(s); OpenSpiel's bot sees only its player's observation and answers
   with an action, turned into rummykit's move(s). Hand ``i`` is dealt from
   its own seed; the rummykit bot sits at seat ``i % 2`` (both seats, the
   same number of hands each), and every hand is played to its end,
   lay-offs included. A hand won is one the rummykit bot won (a hand both
   score nothing in, a wall draw, counts for neither: reported apart). Printed per bot:
   hands won and lost, the win rate of the hands decided and of all hands
   with 95 % (Wilson) intervals, mean points a hand, and the mean and p99
   wall-clock milliseconds of its decisions. Skipped (with a note) without
   open_spiel.
2. Every bot against every other bot (``rummykit simulate`` with the seats
   rotated every P rounds, P the seats) on rami51 (2 players) and contract (3 players: each
   pair plays with the first bot of the pair in the third seat too, so
   that every seat is played, rotated): the first bot's win rate with its
   95 % interval, and each bot's mean points a seat-round (what the
   variant's scoring gives the seat: on rami51 a loser's penalty, counted
   positive, a winner's 0 or its bonus), for a bot may win more rounds and
   still pay more.

``--hands 5000`` gives the published gin figure; the default is fewer
(CI runs a handful: tests/play/test_strength.py). ``--stop-at HH:MM``
begins no gin hand after that UTC time (the table then counts the hands
played and says so), for a run that must end by a deadline.
``--settings`` changes the gin search bots' settings (``SearchSettings``
numbers and flags, e.g. ``undercut=0.2,defence=false``) on top of their
level, to weigh an idea against the level on the same deals (``--bots``
then names search bots only).
"""

from __future__ import annotations

import argparse
import random
import re
import statistics
import sys
import time
from collections.abc import Sequence
from typing import Any, NoReturn

import attrs

import rummykit as rk
from rummykit.agents.gin_lockstep import GinLockstep
from rummykit.play.backends import check_workers
from rummykit.play.bot_specs import bot_from_spec, check_bot_spec, search_settings
from rummykit.play.bots import Bot
from rummykit.play.search_bot import SearchBot, SearchSettings
from rummykit.play.simulate import simulate, wilson
from rummykit.variant.model import Variant


class Hand(GinLockstep):
    """One gin hand in both engines (:class:`GinLockstep`), and the two players."""

    def __init__(
        self, pyspiel: Any, game: Any, seed: int, bot: str, seat: int, settings: dict[str, Any] | None = None
    ) -> None:
        deck = list(range(52))
        random.Random(f"strength:{seed}").shuffle(deck)
        super().__init__(game, deck)
        self.seat = seat
        self.bot = make_bot(bot, self.rk.variant, seed, settings)
        self.rival = pyspiel.make_simple_gin_rummy_bot(game.get_parameters(), 1 - seat)
        self.times: list[float] = []

    def play(self) -> tuple[int, ...]:
        """Play the hand out; rummykit's scores by seat (checked against OpenSpiel's)."""
        while not self.os.is_terminal():
            if self.os.is_chance_node():
                self.deal_stock_card()
            elif self.os.current_player() == self.seat:
                self.our_turn()
            else:
                self.their_turn()
        result = self.rk.result
        if result is None or [int(r) for r in self.os.returns()] != list(result.scores):
            raise AssertionError(f"the engines disagree at the end: {result}, {self.os.returns()}")
        return result.scores

    def our_turn(self) -> None:
        start = time.perf_counter()
        move = self.bot.choose(self.rk.view(self.seat))
        self.times.append(time.perf_counter() - start)
        self.play_move(move)

    def their_turn(self) -> None:
        self.play_action(self.rival.step(self.os))


def make_bot(spec: str, variant: Variant, seed: int, settings: dict[str, Any] | None = None) -> Bot:
    """The bot ``spec`` names, seeded; with ``settings`` (SearchSettings
    keywords, :func:`parse_settings`) a search bot's level changed by them."""
    if not settings:
        return bot_from_spec(spec, variant, seed=seed)
    level = search_settings(spec)
    if level is None:
        raise ValueError(f"--settings change a search bot, not {spec!r}")
    return SearchBot(variant, seed=seed, settings=attrs.evolve(level, **settings))


def parse_settings(text: str) -> dict[str, Any]:
    """``undercut=0.2,defence=false`` as SearchSettings keywords, each
    value of its default's type (a ValueError naming what is wrong)."""
    defaults = SearchSettings()
    found: dict[str, Any] = {}
    for item in filter(None, text.split(",")):
        name, equals, value = item.partition("=")
        default = getattr(defaults, name, None) if not name.startswith("_") else None
        if not equals or isinstance(default, (type(None), Sequence)):
            raise ValueError(
                f"a setting is NAME=VALUE, NAME one of SearchSettings' numbers or flags"
                f" (a time budget is the bot's: search:200ms), not {item!r}"
            )
        if isinstance(default, bool):
            if value not in ("true", "false"):
                raise ValueError(f"{name} is true or false, not {value!r}")
            found[name] = value == "true"
        else:
            try:
                found[name] = type(default)(value)
            except ValueError:
                raise ValueError(f"{name} is a number like {default!r}, not {value!r}") from None
    attrs.evolve(defaults, **found)  # the settings' own checks (ranges), with their words
    return found


def hand_seed(seed: int, index: int) -> int:
    """The seed of hand ``index`` of a run seeded ``seed``: its deal's and the rummykit bot's."""
    return seed * 1_000_003 + index


def play_out(pyspiel: Any, hand: Hand, index: int, refused: list[tuple[int, str]]) -> tuple[int, ...] | None:
    """Hand ``index`` played out: its scores by seat, or None where OpenSpiel
    refused a move rummykit listed as legal (then noted in ``refused``: the
    hand's number and OpenSpiel's first line)."""
    try:
        return hand.play()
    except pyspiel.SpielError as error:
        refused.append((index, str(error).splitlines()[0]))
        return None


def gin_against_openspiel(
    bot: str,
    hands: int,
    seed: int = 0,
    first: int = 0,
    stop: float | None = None,
    settings: dict[str, Any] | None = None,
) -> dict[str, Any] | None:
    """The ``bot``'s record over ``hands`` gin hands against SimpleGinRummyBot
    (hands ``first`` on), or None without open_spiel. A hand in which
    OpenSpiel refuses an action that rummykit's view listed as legal is
    left out and named in ``refused`` (hand number and OpenSpiel's words),
    so that one disagreement of the engines does not lose a long run.
    ``stop``: a ``time.time()`` after which no new hand is begun (the
    record then counts the hands played: ``hands`` says how many).
    ``settings``: a search bot's settings changed (:func:`make_bot`)."""
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game("gin_rummy")
    won = lost = points = 0
    times: list[float] = []
    refused: list[tuple[int, str]] = []
    for index in range(first, first + hands):
        if stop is not None and time.time() >= stop:
            hands = index - first
            break
        hand = Hand(pyspiel, game, hand_seed(seed, index), bot, index % 2, settings)
        scores = play_out(pyspiel, hand, index, refused)
        if scores is None:
            continue
        times += hand.times
        mine, theirs = scores[hand.seat], scores[1 - hand.seat]
        won += mine > theirs
        lost += theirs > mine
        points += mine
        if (index + 1 - first) % 25 == 0:  # a running tally on stderr, for long runs
            print(f"  {bot}: {index + 1 - first} hands, won {won}, lost {lost}", file=sys.stderr, flush=True)
    times.sort()
    played = hands - len(refused)
    low, high = wilson(won, won + lost)
    all_low, all_high = wilson(won, played)
    return {
        "hands": hands, "won": won, "lost": lost, "rate": won / max(1, won + lost), "low": low, "high": high,
        "rate_all": won / max(1, played), "low_all": all_low, "high_all": all_high,
        "points": points / max(1, played),
        "mean_ms": 1000 * statistics.fmean(times) if times else 0.0,
        "p99_ms": 1000 * times[min(len(times) - 1, int(0.99 * len(times)))] if times else 0.0,
        "decisions": len(times), "refused": refused,
    }  # fmt: skip


def print_gin(
    bots: Sequence[str],
    hands: int,
    seed: int,
    first: int = 0,
    stop: float | None = None,
    settings: dict[str, Any] | None = None,
) -> None:
    print(f"gin against OpenSpiel's SimpleGinRummyBot: {hands} hands per bot (from hand {first}), "
          f"both seats, seed {seed}")  # fmt: skip
    if settings:
        print("the search bots' settings changed: " + ", ".join(f"{k}={v}" for k, v in settings.items()))
    head = f"{'bot':18}{'won':>6}{'lost':>6}{'win rate of decided':>21}{'95 % interval':>17}"
    print(head + f"{'of all':>8}{'points/hand':>13}{'ms/decision':>13}{'p99 ms':>9}")
    for bot in bots:
        start = time.perf_counter()
        row = gin_against_openspiel(bot, hands, seed, first, stop, settings)
        if row is None:
            print("  skipped: open_spiel is not installed (pip install open_spiel)")
            return
        interval = f"{row['low']:.1%} - {row['high']:.1%}"
        print(
            f"{bot:18}{row['won']:>6.0f}{row['lost']:>6.0f}{row['rate']:>21.1%}"
            f"{interval:>17}{row['rate_all']:>8.1%}{row['points']:>13.2f}"
            f"{row['mean_ms']:>13.1f}{row['p99_ms']:>9.1f}   ({time.perf_counter() - start:.0f} s)",
            flush=True,
        )
        if row["hands"] < hands:
            print(f"  stopped at the --stop-at time: {row['hands']} hands played (from hand {first})")
        for index, words in row["refused"]:
            print(f"  hand {index} left out: OpenSpiel refused rummykit's legal move: {words}")


TABLES = {"rami51": 2, "contract": 3}
"""The tables' variants and their players."""


def print_tables(
    bots: Sequence[str], rounds: int, seed: int, workers: int, variants: Sequence[str] = tuple(TABLES)
) -> None:
    """Every bot against every other on rami51 (2 players) and contract (3:
    the first bot of the pair in two seats), or on ``variants`` of these,
    seats rotated: each bot's win rate a seat-round (equal bots: 50 % with
    2 players, 33.3 % with 3) and mean points a seat-round."""
    for variant, players in ((v, TABLES[v]) for v in variants):
        rotation = f"seats rotated every {players} rounds"
        print(f"\n{variant}, {players} players, {rounds} rounds a pair, {rotation}, seed {seed}")
        print(f"{'bot':18}{'win rate':>9}{'95 % interval':>17}{'points':>8}  {'against':18}{'win rate':>9}"
              f"{'points':>8}{'ms/round':>10}")  # fmt: skip
        for one, first in enumerate(bots):
            for second in bots[one + 1 :]:
                seats = [first, second, first][:players]
                report = simulate(variant, players=players, bots=seats, rounds=rounds, seed=seed,
                                  workers=workers, rotate=True)  # fmt: skip
                mine, theirs = report.bot_stats()[first], report.bot_stats()[second]
                per_round = 1000 * report.seconds / max(1, report.rounds)
                interval = f"{mine['low']:.1%} - {mine['high']:.1%}"
                print(f"{first:18}{mine['win_rate']:>9.1%}{interval:>17}{mine['mean_score']:>8.1f}  "
                      f"{second:18}{theirs['win_rate']:>9.1%}{theirs['mean_score']:>8.1f}{per_round:>10.0f}",
                      flush=True)  # fmt: skip


_CLOCK = re.compile(r"(?P<hours>[01]?[0-9]|2[0-3]):(?P<minutes>[0-5][0-9])")


def stop_time(text: str | None) -> float | None:
    """The ``time.time()`` of the next UTC ``HH:MM`` (None for None; a
    ValueError for another form)."""
    if text is None:
        return None
    found = _CLOCK.fullmatch(text)
    if found is None:
        raise ValueError(f"a UTC time is HH:MM, from 00:00 to 23:59, not {text!r}")
    now = time.time()
    today = now - now % 86_400 + 3600 * int(found["hours"]) + 60 * int(found["minutes"])
    return today if today > now else today + 86_400


class OneLineParser(argparse.ArgumentParser):
    """An argument parser whose error is one line on stderr, exit 2 (no usage block)."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message}\n")


def main(argv: Sequence[str] | None = None) -> int:
    parser = OneLineParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--hands", type=int, default=200, help="gin hands a bot (5000: the published figure)")
    parser.add_argument("--bots", default="greedy,search-medium", help="rummykit bots to play gin")
    parser.add_argument("--tables", type=int, default=100, help="rounds per pair on rami51 and contract")
    parser.add_argument("--table-bots", default="random,greedy,search-easy", help="bots of the tables")
    parser.add_argument("--only", choices=("gin", "tables"), help="one part only")
    parser.add_argument("--table-variants", default="rami51,contract", help="the tables' variants")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--first", type=int, default=0, help="the first gin hand (to split a run)")
    parser.add_argument("--stop-at", help="UTC time HH:MM after which no new gin hand is begun")
    parser.add_argument("--workers", type=int, default=1, help="worker processes for the tables")
    parser.add_argument(
        "--settings", default="", help="the gin search bots' settings changed: undercut=0.2,defence=false"
    )
    args = parser.parse_args(argv)
    check_arguments(parser, args)  # before the gin run, which may take hours
    try:
        settings = parse_settings(args.settings)
    except ValueError as error:
        parser.error(f"--settings: {error}")
    if settings and args.only != "tables" and any(search_settings(b) is None for b in args.bots.split(",")):
        parser.error("--settings change search bots only: name no other in --bots (its default has greedy)")
    print(f"rummykit from {rk.__file__}; {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}")
    if args.only != "tables":
        bots, stop = args.bots.split(","), stop_time(args.stop_at)
        print_gin(bots, args.hands, args.seed, args.first, stop, settings)
    if args.only != "gin":
        variants = args.table_variants.split(",")
        print_tables(args.table_bots.split(","), args.tables, args.seed, args.workers, variants)
    return 0


def check_arguments(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """Every argument but ``--settings`` checked: a bad one is
    ``parser.error``, one line and exit 2, before anything is played."""
    if args.hands < 1 or args.tables < 1 or args.first < 0:
        parser.error("--hands and --tables are at least 1, --first at least 0")
    try:
        check_workers(args.workers)  # the backends' own rule
    except ValueError as error:
        parser.error(f"--{error}")
    for option, specs in (("--bots", args.bots), ("--table-bots", args.table_bots)):
        try:
            for spec in specs.split(","):
                check_bot_spec(spec)
        except ValueError as error:
            parser.error(f"{option}: {error}")
    if args.only != "gin" and len(args.table_bots.split(",")) < 2:
        parser.error("--table-bots names two bots at least: the tables play every pair")
    unknown = [v for v in args.table_variants.split(",") if v not in TABLES]
    if unknown:
        parser.error(f"unknown table variant {unknown[0]!r} (known: {', '.join(TABLES)})")
    try:
        stop_time(args.stop_at)
    except ValueError as error:
        parser.error(f"--stop-at: {error}")


if __name__ == "__main__":
    sys.exit(main())
