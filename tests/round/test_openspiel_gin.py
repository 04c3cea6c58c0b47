"""Lockstep against OpenSpiel's gin_rummy (issue 10, docs/variants/gin.md).

Random OpenSpiel games are played through rummykit move for move: every
OpenSpiel action is applied as the matching rummykit move (which must be
accepted), OpenSpiel's legal actions must map onto rummykit's legal moves,
and the final returns must equal rummykit's round scores. rummykit's extra
knocks (R-GIN-07: an exact knock test where OpenSpiel uses a shortcut) are
counted and printed, never dropped. Skipped without pyspiel (the ``bench``
extra). RUMMYKIT_OPENSPIEL_GAMES sets the number of games (default 30; run
1,000 or more by hand).
"""

from __future__ import annotations

import os
import random
from collections import Counter
from typing import Any

import pytest

from rummykit.core.cards import Card, parse_cards
from rummykit.core.moves import Discard, Done, Draw, Knock, LayOff, Meld, Move, Pass, Take
from rummykit.io.positions import position_from_dict
from rummykit.round.state import RoundState
from rummykit.rules import least_penalty

pyspiel = pytest.importorskip("pyspiel")

GAMES = int(os.environ.get("RUMMYKIT_OPENSPIEL_GAMES", "30"))
SUITS = "scdh"
RANKS = "A23456789TJQK"
DRAW_UPCARD, DRAW_STOCK, PASS, KNOCK, MELD_BASE = 52, 53, 54, 55, 56


def card_of(action: int) -> Card:
    """OpenSpiel's card number (suit * 13 + rank, suits s c d h, ace first)."""
    return parse_cards(RANKS[action % 13] + SUITS[action // 13])[0]


def _cards(actions: list[int]) -> str:
    return " ".join(str(card_of(a)) for a in actions)


def _phase(state: Any) -> str:
    return str(state).split("Phase: ", 1)[1].split("\n", 1)[0].strip()


def _meld_cards(game_state: Any, action: int) -> frozenset[Card]:
    text = game_state.action_to_string(game_state.current_player(), action).split("Action: ", 1)[1]
    return frozenset(parse_cards(" ".join(text[i : i + 2] for i in range(0, len(text), 2))))


class Lockstep:
    """One game: the OpenSpiel state, the rummykit state, and the counts."""

    def __init__(self, game: Any, seed: int, counts: Counter[str], variant: str = "gin") -> None:
        self.rng = random.Random(seed)
        self.counts = counts
        self.knock_seeking = seed % 2 == 1
        self.gin_seeking = seed % 4 == 3
        self.deck = list(range(52))
        self.rng.shuffle(self.deck)
        self.os = game.new_initial_state()
        for action in self.deck[:21]:
            self.os.apply_action(action)
        self.next_stock = 21
        position = {
            "variant": variant,
            "players": 2,
            "dealer": 1,
            "to_move": 0,
            "phase": "first_upcard",
            "hands": [_cards(self.deck[:10]), _cards(self.deck[10:20])],
            "discard": _cards(self.deck[20:21]),
            "stock": _cards(self.deck[21:]),
        }
        self.rk: RoundState = position_from_dict(position)
        self.knocking = False  # OpenSpiel's Knock awaits its card
        self.layoffs_open = False  # the defender may still lay off

    def play(self) -> None:
        while not self.os.is_terminal():
            if self.os.is_chance_node():
                self.os.apply_action(self.deck[self.next_stock])
                self.next_stock += 1
                continue
            self.step()
        assert self.rk.is_over, f"OpenSpiel ended, rummykit did not: {self.rk.phase}"
        returns = [int(r) * self.multiplier() for r in self.os.returns()]
        assert self.rk.result is not None
        assert list(self.rk.result.scores) == returns, (self.rk.result, returns)
        text = str(self.os)
        deadwood = [int(part.split("\n", 1)[0]) for part in text.split("Deadwood=")[1:]]
        assert list(self.rk.result.deadwood) == deadwood, (self.rk.result, deadwood)
        self.counts[f"ending {self.rk.result.ending}"] += 1

    def multiplier(self) -> int:
        """What rummykit multiplies OpenSpiel's returns by: Oklahoma Gin's
        spade upcard doubles the deal (R-OKG-03), which OpenSpiel has not."""
        return self.rk.rules.deal.indicator.factor(self.rk.indicator)

    def step(self) -> None:
        phase = _phase(self.os)
        legal = self.os.legal_actions()
        ours = self.rk.legal_moves()
        self.check_legal(phase, legal, ours)
        action = self.choose(phase, legal)
        for move in self.translate(phase, action):
            self.rk = self.rk.apply(move)
        self.os.apply_action(action)

    def choose(self, phase: str, legal: list[int]) -> int:
        """Uniform over OpenSpiel's legal actions, except that half of the
        games seek a knock (uniform play rarely knocks): they take the upcard
        when it helps, discard a card that keeps the hand closest to a knock,
        and knock whenever they may;
        every other one of them waits for gin, knocking earlier only near the
        wall, so that gins and undercuts come up too."""
        if self.knock_seeking and phase in ("Discard", "Wall") and KNOCK in legal:
            waits = self.gin_seeking and self.os_stock_size() > 8 and self.best_deadwood() > 0
            if not waits:
                return KNOCK
        if self.knock_seeking and phase == "Draw" and self.rk.discard:
            hand = [*self.rk.hands[self.rk.to_move], self.rk.discard[-1]]
            better = least_penalty(self.rk.variant, hand, discard=True).penalty < self.best_deadwood()
            return DRAW_UPCARD if better else DRAW_STOCK
        if self.knock_seeking and phase == "Discard" and self.rng.random() < 0.8:
            cards = [a for a in legal if a < 52]
            return min(cards, key=lambda a: (self.deadwood_without(a), self.rng.random()))
        return self.rng.choice(legal)

    def os_stock_size(self) -> int:
        return int(str(self.os).split("Stock size: ", 1)[1].split()[0])

    def best_deadwood(self) -> int:
        hand = self.rk.hands[self.rk.to_move]
        return least_penalty(self.rk.variant, hand, discard=len(hand) == 11).penalty

    def deadwood_without(self, action: int) -> int:
        if action >= 52:
            return 1000
        hand = list(self.rk.hands[self.rk.to_move])
        hand.remove(card_of(action))
        return least_penalty(self.rk.variant, hand).penalty

    def translate(self, phase: str, action: int) -> list[Move]:
        if phase in ("FirstUpcard", "Draw"):
            return [{DRAW_UPCARD: Take(), DRAW_STOCK: Draw(), PASS: Pass()}[action]]
        if phase == "Wall":
            if action == PASS:
                return [Pass()]
            self.knocking = True
            return [Take()]
        if phase == "Discard":
            if action == KNOCK:
                self.knocking = True
                return []
            return [Discard(card_of(action))]
        if phase == "Knock":
            if self.knocking:
                self.knocking = False
                return [Knock(card_of(action))]
            if action == PASS:
                self.layoffs_open = True
                return [Done()]
            return [Meld(tuple(sorted(_meld_cards(self.os, action), key=lambda c: c.code)))]
        assert phase == "Layoff", phase
        if self.layoffs_open and self.rk.knocking.gin:
            self.layoffs_open = False
        if action == PASS:
            if self.layoffs_open:
                self.layoffs_open = False
                return []
            return [Done()]
        if self.layoffs_open:
            # OpenSpiel's lay-off is a card without a meld: a card that fits a
            # set and a run goes onto the run, where a next card may chain
            # (OpenSpiel lets it chain wherever it went; the set is full anyway).
            card = card_of(action)
            options = [m for m in self.rk.legal_moves() if isinstance(m, LayOff) and m.cards == (card,)]
            if not options:
                raise AssertionError(f"OpenSpiel lays off {card}, rummykit has no such lay-off")
            return [min(options, key=lambda m: self.rk.table[m.meld - 1].meld.kind != "run")]
        return [Meld(tuple(sorted(_meld_cards(self.os, action), key=lambda c: c.code)))]

    def extra_knock(self, moves: set[Knock] | set[Take]) -> None:
        """rummykit may knock where OpenSpiel's shortcut says no (R-GIN-07):
        counted, and the hand printed."""
        self.counts["extra knock (R-GIN-07)"] += 1
        hand = " ".join(str(c) for c in self.rk.hands[self.rk.to_move])
        upcard = f", upcard {self.rk.discard[-1]}" if self.rk.phase == "draw" and self.rk.discard else ""
        print(f"\nextra knock (R-GIN-07): hand {hand}{upcard}: {sorted(str(m) for m in moves)}")

    def check_legal(self, phase: str, legal: list[int], ours: list[Move]) -> None:
        mine = set(ours)
        if phase == "Discard":
            cards = {Discard(card_of(a)) for a in legal if a < 52}
            assert cards == {m for m in mine if isinstance(m, Discard)}
            knocks = {m for m in mine if isinstance(m, Knock)}
            if KNOCK in legal:
                assert knocks, "OpenSpiel may knock, rummykit has no knock"
            elif knocks:
                self.extra_knock(knocks)
        elif phase == "Knock" and self.knocking:
            assert {Knock(card_of(a)) for a in legal} == {m for m in mine if isinstance(m, Knock)}
        elif phase in ("Knock", "Layoff"):
            melds = {frozenset(m.cards) for m in mine if isinstance(m, Meld)}
            for action in legal:
                if action >= MELD_BASE:
                    assert _meld_cards(self.os, action) in melds
                elif action < 52:
                    assert any(isinstance(m, LayOff) and m.cards == (card_of(action),) for m in mine)
            if PASS in legal and not (phase == "Layoff" and self.layoffs_open and not self.rk.knocking.gin):
                assert Done() in mine
        elif phase == "Wall":
            assert (Pass() in mine) == (PASS in legal)
            if KNOCK in legal:
                assert Take() in mine
            elif Take() in mine:
                self.extra_knock({Take()})
        else:
            mapped = {{DRAW_UPCARD: Take(), DRAW_STOCK: Draw(), PASS: Pass()}[a] for a in legal}
            assert mapped == mine


@pytest.mark.parametrize(("variant", "params"), [("gin", {}), ("oklahoma_gin", {"oklahoma": True})])
def test_random_games_agree_with_openspiel(variant: str, params: dict[str, Any]) -> None:
    """gin against OpenSpiel's gin_rummy; oklahoma_gin against it with its
    ``oklahoma`` option (the first upcard sets the knock limit, R-OKG-02)."""
    game = pyspiel.load_game("gin_rummy", params)
    counts: Counter[str] = Counter()
    for seed in range(GAMES):
        Lockstep(game, seed, counts, variant).play()
    print(f"\n{GAMES} OpenSpiel gin_rummy {params} games in lockstep: {dict(sorted(counts.items()))}")
    assert sum(n for k, n in counts.items() if k.startswith("ending")) == GAMES
