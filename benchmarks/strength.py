"""How strong rummykit's bots are: gin against OpenSpiel's SimpleGinRummyBot,
and every bot against every other on rami51 and contract.

Run: python benchmarks/strength.py [--hands 5000] [--bots greedy,search-medium]
[--tables 200] [--table-bots greedy,random,search-easy] [--only gin|tables]

1. Gin against OpenSpiel's ``SimpleGinRummyBot`` (``pyspiel.make_simple_gin_rummy_bot``,
   the rule bot of OpenSpiel's ``gin_rummy``), through the lockstep bridge
   of ``tests/round/test_openspiel_gin.py``: one deal, one OpenSpiel state
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
   rotated each round) on rami51 (2 players) and contract (3 players: each
   pair plays with the first bot of the pair in the third seat too, so
   that every seat is played, rotated): the first bot's win rate with its
   95 % interval.

``--hands 5000`` gives the published gin figure; the default is fewer
(CI runs a handful: tests/play/test_strength.py).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Sequence
from typing import Any

import rummykit as rk
from rummykit.core.cards import Card, parse_cards
from rummykit.core.moves import Discard, Done, Draw, Knock, LayOff, Meld, Move, Pass, Take
from rummykit.io.positions import position_from_dict
from rummykit.play.bot_specs import bot_from_spec
from rummykit.play.simulate import simulate, wilson
from rummykit.round.state import RoundState

SUITS = "scdh"
RANKS = "A23456789TJQK"
DRAW_UPCARD, DRAW_STOCK, PASS, KNOCK, MELD_BASE = 52, 53, 54, 55, 56


def card_of(action: int) -> Card:
    """OpenSpiel's card number (suit * 13 + rank, suits s c d h, ace first)."""
    return parse_cards(RANKS[action % 13] + SUITS[action // 13])[0]


def action_of(card: Card) -> int:
    """The OpenSpiel number of a card."""
    text = str(card.face)
    return SUITS.index(text[1]) * 13 + RANKS.index(text[0])


def _phase(state: Any) -> str:
    return str(state).split("Phase: ", 1)[1].split("\n", 1)[0].strip()


def _meld_cards(os_state: Any, action: int) -> frozenset[Card]:
    text = os_state.action_to_string(os_state.current_player(), action).split("Action: ", 1)[1]
    return frozenset(parse_cards(" ".join(text[i : i + 2] for i in range(0, len(text), 2))))


class Hand:
    """One gin hand: OpenSpiel's state, rummykit's, and the two players."""

    def __init__(self, pyspiel: Any, game: Any, seed: int, bot: str, seat: int) -> None:
        rng = random.Random(f"strength:{seed}")
        self.deck = list(range(52))
        rng.shuffle(self.deck)
        self.os = game.new_initial_state()
        for action in self.deck[:21]:
            self.os.apply_action(action)
        self.next_stock = 21
        cards = [" ".join(str(card_of(a)) for a in part) for part in (self.deck[:10], self.deck[10:20])]
        self.rk: RoundState = position_from_dict({
            "variant": "gin", "players": 2, "dealer": 1, "to_move": 0, "phase": "first_upcard",
            "hands": cards, "discard": str(card_of(self.deck[20])),
            "stock": " ".join(str(card_of(a)) for a in self.deck[21:]),
        })  # fmt: skip
        self.seat = seat
        self.bot = bot_from_spec(bot, self.rk.variant, seed=seed)
        self.rival = pyspiel.make_simple_gin_rummy_bot(game.get_parameters(), 1 - seat)
        self.knocking = False  # OpenSpiel's knock awaits its card
        self.layoffs_open = False  # the defender may still lay off
        self.times: list[float] = []

    def play(self) -> tuple[int, ...]:
        """Play the hand out; rummykit's scores by seat (checked against OpenSpiel's)."""
        while not self.os.is_terminal():
            if self.os.is_chance_node():
                self.os.apply_action(self.deck[self.next_stock])
                self.next_stock += 1
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
        actions = self.actions_for(_phase(self.os), move)
        self.rk = self.rk.apply(move)
        for action in actions:
            self.os.apply_action(action)

    def their_turn(self) -> None:
        phase = _phase(self.os)
        action = self.rival.step(self.os)
        for move in self.moves_for(phase, action):
            self.rk = self.rk.apply(move)
        self.os.apply_action(action)

    def actions_for(self, phase: str, move: Move) -> list[int]:
        """OpenSpiel's actions for rummykit's ``move`` in OpenSpiel's ``phase``
        (a pass that ends the defender's lay-offs before a meld is applied here)."""
        if phase == "Layoff" and self.rk.knocking.gin:
            self.layoffs_open = False  # no lay-offs on a gin
        if isinstance(move, (Take, Draw, Pass)) and phase in ("FirstUpcard", "Draw"):
            return [{Take: DRAW_UPCARD, Draw: DRAW_STOCK, Pass: PASS}[type(move)]]
        if phase == "Wall":
            return [KNOCK] if isinstance(move, Take) else [PASS]
        if isinstance(move, Discard):
            return [action_of(move.card)]
        if isinstance(move, Knock):
            return [action_of(move.card)] if phase == "Knock" else [KNOCK, action_of(move.card)]
        if isinstance(move, Meld):
            if phase == "Layoff" and self.layoffs_open:
                self.os.apply_action(PASS)  # the lay-offs end before the first meld
                self.layoffs_open = False
            wanted = frozenset(move.cards)
            melds = [a for a in self.os.legal_actions() if a >= MELD_BASE]
            return [next(a for a in melds if _meld_cards(self.os, a) == wanted)]
        if isinstance(move, LayOff):
            return [action_of(c) for c in move.cards]
        if isinstance(move, Done) and phase == "Knock":
            self.layoffs_open = True  # our melds are down: the defender may lay off
            return [PASS]
        if isinstance(move, Done):
            closing = [PASS] if phase == "Layoff" and self.layoffs_open else []
            self.layoffs_open = False
            return [*closing, PASS]
        raise AssertionError(f"no OpenSpiel action for {move} in phase {phase}")

    def moves_for(self, phase: str, action: int) -> list[Move]:
        """rummykit's moves for OpenSpiel's ``action`` in ``phase`` (as the lockstep test)."""
        if phase in ("FirstUpcard", "Draw"):
            return [{DRAW_UPCARD: Take(), DRAW_STOCK: Draw(), PASS: Pass()}[action]]
        if phase == "Wall":
            self.knocking = action != PASS
            return [Pass()] if action == PASS else [Take()]
        if phase == "Discard":
            self.knocking = action == KNOCK
            return [] if action == KNOCK else [Discard(card_of(action))]
        if phase == "Knock":
            if self.knocking:
                self.knocking = False
                return [Knock(card_of(action))]
            if action == PASS:
                self.layoffs_open = True
                return [Done()]
            return [Meld(tuple(sorted(_meld_cards(self.os, action), key=lambda c: c.code)))]
        return self.defence(action)

    def defence(self, action: int) -> list[Move]:
        """OpenSpiel's defender: lay-offs (card by card) until a pass, then melds, then a pass."""
        if self.layoffs_open and self.rk.knocking.gin:
            self.layoffs_open = False
        if action == PASS:
            if self.layoffs_open:
                self.layoffs_open = False
                return []
            return [Done()]
        if self.layoffs_open:
            card = card_of(action)
            options = [m for m in self.rk.legal_moves() if isinstance(m, LayOff) and m.cards == (card,)]
            return [min(options, key=lambda m: self.rk.table[m.meld - 1].meld.kind != "run")]
        return [Meld(tuple(sorted(_meld_cards(self.os, action), key=lambda c: c.code)))]


def gin_against_openspiel(bot: str, hands: int, seed: int = 0) -> dict[str, float] | None:
    """The ``bot``'s record over ``hands`` gin hands against SimpleGinRummyBot, or None without open_spiel."""
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game("gin_rummy")
    won = lost = points = 0
    times: list[float] = []
    for index in range(hands):
        hand = Hand(pyspiel, game, seed * 1_000_003 + index, bot, index % 2)
        scores = hand.play()
        times += hand.times
        mine, theirs = scores[hand.seat], scores[1 - hand.seat]
        won += mine > theirs
        lost += theirs > mine
        points += mine
        if (index + 1) % 25 == 0:  # a running tally on stderr, for long runs
            print(f"  {bot}: {index + 1} hands, won {won}, lost {lost}", file=sys.stderr, flush=True)
    times.sort()
    low, high = wilson(won, won + lost)
    all_low, all_high = wilson(won, hands)
    return {
        "hands": hands, "won": won, "lost": lost, "rate": won / max(1, won + lost), "low": low, "high": high,
        "rate_all": won / hands, "low_all": all_low, "high_all": all_high, "points": points / hands,
        "mean_ms": 1000 * statistics.fmean(times) if times else 0.0,
        "p99_ms": 1000 * times[min(len(times) - 1, int(0.99 * len(times)))] if times else 0.0,
        "decisions": len(times),
    }  # fmt: skip


def print_gin(bots: Sequence[str], hands: int, seed: int) -> None:
    print(f"gin against OpenSpiel's SimpleGinRummyBot: {hands} hands per bot, both seats, seed {seed}")
    head = f"{'bot':18}{'won':>6}{'lost':>6}{'win rate of decided':>21}{'95 % interval':>17}"
    print(head + f"{'of all':>8}{'points/hand':>13}{'ms/decision':>13}{'p99 ms':>9}")
    for bot in bots:
        start = time.perf_counter()
        row = gin_against_openspiel(bot, hands, seed)
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


def print_tables(bots: Sequence[str], rounds: int, seed: int, workers: int) -> None:
    """Every bot against every other on rami51 (2 players) and contract (3:
    the first bot of the pair in two seats), seats rotated: each bot's win
    rate a seat-round (equal bots: 50 % with 2 players, 33.3 % with 3)."""
    for variant, players in (("rami51", 2), ("contract", 3)):
        print(f"\n{variant}, {players} players, {rounds} rounds a pair, seats rotated each round, "
              f"seed {seed}")  # fmt: skip
        print(f"{'bot':18}{'win rate':>9}{'95 % interval':>17}  {'against':18}{'win rate':>9}"
              f"{'ms/round':>10}")  # fmt: skip
        for one, first in enumerate(bots):
            for second in bots[one + 1 :]:
                seats = [first, second, first][:players]
                report = simulate(variant, players=players, bots=seats, rounds=rounds, seed=seed,
                                  workers=workers, rotate=True)  # fmt: skip
                mine, theirs = report.bot_stats()[first], report.bot_stats()[second]
                per_round = 1000 * report.seconds / max(1, report.rounds)
                interval = f"{mine['low']:.1%} - {mine['high']:.1%}"
                print(f"{first:18}{mine['win_rate']:>9.1%}{interval:>17}  "
                      f"{second:18}{theirs['win_rate']:>9.1%}{per_round:>10.0f}", flush=True)  # fmt: skip


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--hands", type=int, default=200, help="gin hands a bot (5000: the published figure)")
    parser.add_argument("--bots", default="greedy,search-medium", help="rummykit bots to play gin")
    parser.add_argument("--tables", type=int, default=100, help="rounds per pair on rami51 and contract")
    parser.add_argument("--table-bots", default="random,greedy,search-easy", help="bots of the tables")
    parser.add_argument("--only", choices=("gin", "tables"), help="one part only")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=1, help="worker processes for the tables")
    args = parser.parse_args(argv)
    print(f"rummykit from {rk.__file__}; {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}")
    if args.only != "tables":
        print_gin(args.bots.split(","), args.hands, args.seed)
    if args.only != "gin":
        print_tables(args.table_bots.split(","), args.tables, args.seed, args.workers)
    return 0


if __name__ == "__main__":
    sys.exit(main())
