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

from rummykit.agents.gin_lockstep import (
    DRAW_STOCK,
    DRAW_UPCARD,
    KNOCK,
    MELD_BASE,
    PASS,
    GinLockstep,
    card_of,
    meld_cards,
    phase_of,
)
from rummykit.core.moves import Discard, Done, Draw, Knock, LayOff, Meld, Move, Pass, Take
from rummykit.rules import least_penalty

pyspiel = pytest.importorskip("pyspiel")

GAMES = int(os.environ.get("RUMMYKIT_OPENSPIEL_GAMES", "30"))


class Lockstep(GinLockstep):
    """One game: the two engines (:class:`GinLockstep`), the random policy, and the counts."""

    def __init__(self, game: Any, seed: int, counts: Counter[str], variant: str = "gin") -> None:
        self.rng = random.Random(seed)
        self.counts = counts
        self.knock_seeking = seed % 2 == 1
        self.gin_seeking = seed % 4 == 3
        deck = list(range(52))
        self.rng.shuffle(deck)
        super().__init__(game, deck, variant)

    def play(self) -> None:
        while not self.os.is_terminal():
            if self.os.is_chance_node():
                self.deal_stock_card()
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
        phase = phase_of(self.os)
        legal = self.os.legal_actions()
        ours = self.rk.legal_moves()
        self.check_legal(phase, legal, ours)
        self.play_action(self.choose(phase, legal))

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
                    assert meld_cards(self.os, action) in melds
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
