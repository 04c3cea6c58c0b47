"""What the gin search bot knows of the next player's hand, measured against
that hand: the feeding chances it weighs its discards by, beside the truth.

When ``SearchBot`` chooses a discard it cuts each card's worth by the chance
that the next player takes it (``SearchBot.feeding_of``: the share of its
guessed hands of that player in which the card joins a meld). This benchmark
plays gin hands against OpenSpiel's ``SimpleGinRummyBot`` through
``strength.py``'s lockstep bridge and, at each of the bot's discards, records
each card's chance beside what the benchmark (never the bot) reads in the real
round: does the card join a meld of the rule bot's hand? It prints how well
the chances are calibrated (the Brier score beside that of one constant
chance, the truth by bands of chance). The bot's moves are its own: the
record changes nothing (a time budget, which the record would spend, is
refused: a level or an iteration budget only).

``--oracle`` hands the bot the truth instead (a chance of 1 or 0), so that
the win rate printed is what knowing which cards join a meld of the rule
bot's hand would be worth to the feeding cut alone: an upper bound for any
better guessing, not a bot. (The calibration lines then are of the bot's
own chances, recorded but not used, on the positions the oracle led to.)
``--settings`` changes the bot's ``SearchSettings`` on top of its level,
as ``strength.py``'s does (``guesses=80``: its chances from 80 guessed
hands, as ``search``'s were before it was given 400). A hand in which
OpenSpiel refuses a move rummykit listed is left out and named, as
``strength.py`` does.

    .venv/bin/python benchmarks/inference.py --hands 120 --first 400
    .venv/bin/python benchmarks/inference.py --hands 120 --first 400 --settings guesses=80
    .venv/bin/python benchmarks/inference.py --hands 600 --first 400 --oracle
"""

from __future__ import annotations

import statistics
import sys
from collections.abc import Callable, Sequence
from typing import Any

import attrs
from strength import (  # benchmarks/strength.py, beside this script
    Hand,
    OneLineParser,
    hand_seed,
    parse_settings,
    play_out,
)

import rummykit as rk
from rummykit.core.cards import Card
from rummykit.play.bot_specs import NAMED_BOTS, search_settings
from rummykit.play.determinize import joins_a_meld
from rummykit.play.search_bot import SearchBot, SearchSettings
from rummykit.play.simulate import wilson
from rummykit.round.dealing import next_seat
from rummykit.round.views import PlayerView

BANDS = ((0.0, 0.05), (0.05, 0.15), (0.15, 0.3), (0.3, 0.5), (0.5, 1.01))
"""The bands of chance the truth is tallied by."""

DESCRIPTION = "The gin search bot's feeding chances beside the rule bot's real hand (docs/bots.md)."

PROBE_FORMS = ", ".join([*(name for name in NAMED_BOTS if name.startswith("search")), "search:<N>it"])
"""The bots the probe plays: the search levels, with an iteration budget or none."""


def probe_settings(spec: str, changes: dict[str, Any] | None = None) -> SearchSettings:
    """The settings of the search bot ``spec`` names, with ``changes``
    (:func:`parse_settings`'s), without a time budget (which the record
    would spend); a ValueError naming what is accepted."""
    settings = search_settings(spec)
    if settings is None:
        raise ValueError(f"the probe is a search bot ({PROBE_FORMS}), not {spec!r}")
    if settings.seconds is not None:
        raise ValueError(f"a time budget would be spent on the record: a level or search:<N>it, not {spec!r}")
    return attrs.evolve(settings, **changes) if changes else settings


class ProbeBot(SearchBot):
    """A search bot (of ``settings``, :func:`probe_settings`'s) whose
    feeding chances are recorded beside the truth (``truth(seat)``: that
    seat's real hand, read by the benchmark), and, with ``oracle``,
    replaced by it."""

    def __init__(
        self,
        settings: SearchSettings,
        *,
        seed: int,
        truth: Callable[[int], Sequence[Card]],
        oracle: bool = False,
    ) -> None:
        super().__init__(rk.load_variant("gin"), seed=seed, settings=settings)
        self.truth = truth
        self.oracle = oracle
        self.rows: list[tuple[float, bool]] = []  # (the bot's chance, the card joins a meld of the real hand)

    def feeding_of(
        self, view: PlayerView, guesses: Sequence[tuple[list[Card], float]], cards: Sequence[Card]
    ) -> dict[Card, float]:
        chances = super().feeding_of(view, guesses, cards)
        if view.seat is None:
            return chances
        hand = list(self.truth(next_seat(self.variant, view.players, view.seat)))
        real = {card: joins_a_meld(self.variant, hand, card) for card in cards}
        self.rows += [(chances.get(card, 0.0), real[card]) for card in cards]
        return {card: float(real[card]) for card in cards} if self.oracle else chances


class ProbedHand(Hand):
    """One gin hand of ``strength.py``, the rummykit seat played by a :class:`ProbeBot`."""

    def __init__(
        self,
        pyspiel: Any,
        game: Any,
        seed: int,
        settings: SearchSettings,
        seat: int,
        oracle: bool,
    ) -> None:
        super().__init__(pyspiel, game, seed, "greedy", seat)
        self.probe = ProbeBot(settings, seed=seed, truth=lambda s: self.rk.hands[s], oracle=oracle)
        self.bot = self.probe


def probe(
    settings: SearchSettings,
    hands: int,
    *,
    first: int = 0,
    seed: int = 0,
    oracle: bool = False,
) -> dict[str, Any] | None:
    """Hands ``first`` on, as ``strength.py`` numbers and deals them, played
    by a search bot of ``settings``: the rows recorded and
    the record (None without open_spiel). A hand in
    which OpenSpiel refuses rummykit's move is left out and named in
    ``refused`` (hand number and OpenSpiel's words)."""
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game("gin_rummy")
    rows: list[tuple[float, bool]] = []
    won = lost = 0
    refused: list[tuple[int, str]] = []
    for index in range(first, first + hands):
        hand = ProbedHand(pyspiel, game, hand_seed(seed, index), settings, index % 2, oracle)
        scores = play_out(pyspiel, hand, index, refused)
        if scores is None:
            continue
        rows += hand.probe.rows
        won += scores[hand.seat] > scores[1 - hand.seat]
        lost += scores[1 - hand.seat] > scores[hand.seat]
    return {"rows": rows, "won": won, "lost": lost, "refused": refused}


def calibration(rows: Sequence[tuple[float, bool]]) -> list[str]:
    """The lines that say how well the chances foretold the truth."""
    if not rows:
        return ["no discard was weighed"]
    base = statistics.fmean(real for _, real in rows)
    constant = statistics.fmean((base - real) ** 2 for _, real in rows)
    brier = statistics.fmean((chance - real) ** 2 for chance, real in rows)
    lines = [
        f"{len(rows)} cards weighed for a discard;"
        f" {base:.1%} of them join a meld of the rule bot's real hand",
        f"Brier score: the bot's chances {brier:.4f}, one constant chance ({base:.3f}) {constant:.4f}",
        "chance band      cards   joins a meld of the real hand",
    ]
    for low, high in BANDS:
        band = [real for chance, real in rows if low <= chance < high]
        share = f"{statistics.fmean(band):.1%}" if band else "-"
        lines.append(f"{low:.2f} - {min(high, 1.0):.2f}  {len(band):7d}   {share}")
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    parser = OneLineParser(prog="inference.py", description=DESCRIPTION)
    parser.add_argument("--hands", type=int, default=120, help="gin hands to play (default 120)")
    parser.add_argument("--first", type=int, default=0, help="the first hand's number (strength.py's deals)")
    parser.add_argument("--bot", default="search", help="the search bot's level (default search)")
    parser.add_argument("--oracle", action="store_true", help="hand the bot the real hand's truth instead")
    parser.add_argument("--settings", default="", help="the bot's settings changed: guesses=80")
    args = parser.parse_args(argv)
    if args.hands < 1 or args.first < 0:
        parser.error("--hands is at least 1 and --first at least 0")
    try:
        changes = parse_settings(args.settings)
    except ValueError as error:
        parser.error(f"--settings: {error}")
    try:
        settings = probe_settings(args.bot, changes)  # before the hands: a bad name is no run's last words
    except ValueError as error:
        parser.error(str(error))
    record = probe(settings, args.hands, first=args.first, oracle=args.oracle)
    if record is None:
        parser.error("needs open_spiel: pip install '.[bench]'")
    kind = "the real hand's truth (--oracle)" if args.oracle else "its own guesses"
    last = args.first + args.hands - 1
    changed = "".join(f", {name}={value}" for name, value in changes.items())
    print(f"{args.bot}{changed} against SimpleGinRummyBot, hands {args.first}-{last}; feeding by {kind}")
    won, lost = record["won"], record["lost"]
    low, high = wilson(won, won + lost)
    rate = won / max(1, won + lost)
    print(f"won {won}, lost {lost}: {rate:.1%} of the hands decided ({low:.1%} - {high:.1%})")
    for index, words in record["refused"]:
        print(f"  hand {index} left out: OpenSpiel refused rummykit's legal move: {words}")
    print("\n".join(calibration(record["rows"])))
    return 0


if __name__ == "__main__":
    sys.exit(main())
