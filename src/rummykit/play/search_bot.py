"""SearchBot: determinized Monte Carlo search over the hands a seat cannot see.

At each decision that shapes its hand (the draw: stock, discard pile, first
upcard, drop; and the end of its turn: which card to discard, whether to
knock with it) the bot lists its candidate moves and judges them by
*determinized rollouts* (perfect-information Monte Carlo): it deals the
cards its view does not show at random, consistently with the view and
with the discards it saw the others take (:mod:`rummykit.play.determinize`),
plays each candidate in that world and lets :class:`GreedyBot` play every
seat on from there, to the end of the round or for ``horizon`` turns, after
which the hands' least penalties say who is ahead. Every candidate meets
the same worlds and the same rollouts (paired comparisons), and the
candidates are narrowed by successive halving: the budget is cut into
rounds, and after each the worse half is dropped, so the best ones get the
most rollouts. Every other move (melds, lay-offs, the showdown of a knock)
is :class:`GreedyBot`'s.

It reads only its views: what it knows of the others' hands is what the
table, the discards and the public log show. The budget is a number of
rollouts (deterministic: the same seed and budget give the same moves) or
a time per decision (not deterministic: how many rollouts fit depends on
the machine and its load). See docs/bots.md.

>>> import rummykit as rk
>>> variant = rk.load_variant("gin")
>>> state = rk.deal(variant, players=2, seed=2)
>>> bot = SearchBot(variant, seed=1, settings=SearchSettings(iterations=40))
>>> str(bot.choose(state.view(state.to_move))) in {"take", "pass"}
True
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Iterable, Sequence

import attrs

from rummykit.core.cards import Card
from rummykit.core.errors import IllegalMove
from rummykit.core.moves import Buy, Discard, Draw, Knock, Move, Take, Undo
from rummykit.play.bots import GreedyBot
from rummykit.play.determinize import Determinizer
from rummykit.play.outlook import best_discard, stock_cards, take_is_better
from rummykit.round.state import RoundState
from rummykit.round.views import PlayerView
from rummykit.rules.rule_set import rules_of
from rummykit.rules.variant_queries import least_penalty
from rummykit.variant.model import Variant

__all__ = ["LEVELS", "SearchBot", "SearchSettings"]

DRAW_PHASES = ("draw", "first_upcard")


@attrs.frozen
class SearchSettings:
    """How hard a :class:`SearchBot` searches: ``iterations`` rollouts per
    decision, or (with ``seconds``) as many as fit in that time; rollouts
    stop after ``horizon`` turns, where ``scale`` penalty points of lead
    count as a near-certain win; ``width`` cards at most are weighed for
    the discard (those whose loss costs least); another move than the
    greedy one is played only if it beats it by ``confidence`` standard
    errors; ``lookahead``: the move the rollouts must beat is the one the
    hand's outlook prefers (:mod:`rummykit.play.outlook`), else the greedy
    one."""

    iterations: int = 200
    seconds: float | None = None
    horizon: int = 40
    scale: float = 15.0
    confidence: float = 1.0
    width: int = 5
    lookahead: bool = True

    def __attrs_post_init__(self) -> None:
        if self.iterations < 1 or (self.seconds is not None and not 0 < self.seconds <= 60):
            raise ValueError("a search budget is at least one rollout, or a time from 0 to 60 seconds")


LEVELS = {
    "easy": SearchSettings(iterations=40, horizon=10),
    "medium": SearchSettings(iterations=200, horizon=24),
    "hard": SearchSettings(iterations=800, horizon=40),
}
"""The difficulty levels (``search-easy``, ``search-medium``, ``search-hard``)."""


class SearchBot:
    """A bot that searches its draws and discards by determinized rollouts
    (see the module's text); every other move is :class:`GreedyBot`'s."""

    def __init__(
        self, variant: Variant, *, seed: int | None = None, settings: SearchSettings | None = None
    ) -> None:
        self.variant = variant
        self.settings = settings if settings is not None else LEVELS["medium"]
        self.rng = random.Random(seed)
        self.greedy = GreedyBot(variant, seed=seed)
        self.memory = Determinizer(variant)
        self.rollouts = 0  # rollouts played so far, for reports

    def wants_buy(self, view: PlayerView) -> bool:
        """As :meth:`GreedyBot.wants_buy`."""
        return self.greedy.wants_buy(view)

    def choose(self, view: PlayerView) -> Move:
        self.memory.observe(view)
        base = self.greedy.choose(view)
        candidates = self.candidates(view, base)
        if len(candidates) < 2:
            return base
        return self.search(view, candidates)

    def candidates(self, view: PlayerView, base: Move) -> list[Move]:
        """The moves worth searching, the greedy choice first: every way to
        draw in a draw phase; where the greedy choice ends the turn with a
        discard or a knock, the discards and knocks of the ``width`` cards
        whose loss leaves the hand's least penalty lowest; otherwise the
        greedy choice alone."""
        if view.phase in DRAW_PHASES:
            first = self.draw_choice(view, base) if self.settings.lookahead else base
            return [first, *(m for m in view.legal if m != first and not isinstance(m, (Buy, Undo)))]
        if view.phase != "play" or not isinstance(base, (Discard, Knock)) or view.hand is None:
            return [base]
        ends = [m for m in view.legal if isinstance(m, (Discard, Knock))]
        hand = list(view.hand)
        worth: dict[Card, tuple[int, int]] = {}
        for move in ends:
            if move.card.face not in worth:
                rest = list(hand)
                rest.remove(move.card.face)
                penalty = least_penalty(self.variant, rest).penalty
                worth[move.card.face] = (penalty, -self.variant.hand_penalties[move.card.code])
        kept = sorted(worth, key=lambda c: (worth[c], c.code))[: self.settings.width]
        if self.settings.lookahead and isinstance(base, Discard):
            stock = stock_cards(view, self.variant, self.memory)
            card = best_discard(self.variant, hand, kept, stock)
            base = next(m for m in ends if isinstance(m, Discard) and m.card.face == card)
        return [base, *(m for m in ends if m != base and m.card.face in kept)]

    def draw_choice(self, view: PlayerView, base: Move) -> Move:
        """The greedy draw, or the other of drawing and taking the top
        discard where the outlook says so (a take only where it carries no
        obligation to lay the card)."""
        draw = next((m for m in view.legal if isinstance(m, Draw)), None)
        take = next((m for m in view.legal if isinstance(m, Take) and m.depth == 1), None)
        if draw is None or take is None or base not in (draw, take) or not view.discards or view.hand is None:
            return base
        stock = stock_cards(view, self.variant, self.memory)
        wanted = take if take_is_better(self.variant, view.hand, view.discards[-1], stock) else draw
        if wanted in (base, draw):
            return wanted
        seat_opened = view.opened[view.seat] if view.seat is not None else False
        rule = rules_of(self.variant).draw
        conditional = rule.top_take_is_conditional(view.turns_played, view.players, opened=seat_opened)
        return base if conditional else wanted

    def search(self, view: PlayerView, candidates: Sequence[Move]) -> Move:
        """The candidate judged best, the first (the greedy choice) unless
        another beats it clearly. Successive halving: the budget is cut into
        rounds; after each, the worse half of the others is dropped (the
        greedy choice stays in every round). The winner must then beat the
        greedy choice by ``confidence`` standard errors of their paired
        differences, world by world."""
        settings = self.settings
        rounds = max(1, math.ceil(math.log2(len(candidates))))
        start = time.perf_counter()
        alive = list(range(len(candidates)))
        values: list[dict[int, float]] = [{} for _ in candidates]  # by candidate: world -> value
        worlds = 0
        for done in range(rounds):
            stop = None if settings.seconds is None else start + settings.seconds * (done + 1) / rounds
            count = max(1, settings.iterations // rounds // len(alive))
            for _ in range(count if stop is None else 10**9):
                self._evaluate(view, candidates, alive, values, worlds)
                worlds += 1
                if stop is not None and time.perf_counter() >= stop:
                    break
            ranked = sorted(alive[1:], key=lambda k: (-_mean(values[k].values()), k))
            alive = [0, *ranked[: max(1, len(ranked) // 2)]]
        best = max(alive, key=lambda k: (_mean(values[k].values()), -k))
        return candidates[best] if self._clearly_better(values[best], values[0]) else candidates[0]

    def _clearly_better(self, mine: dict[int, float], base: dict[int, float]) -> bool:
        """Does ``mine`` beat ``base`` by ``confidence`` standard errors over
        the worlds both were played in?"""
        diffs = [mine[w] - base[w] for w in mine if w in base]
        if len(diffs) < 2:
            return False
        mean = sum(diffs) / len(diffs)
        spread = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (len(diffs) - 1) / len(diffs))
        return mean > self.settings.confidence * spread and mean > 0

    def _evaluate(
        self, view: PlayerView, candidates: Sequence[Move], alive: list[int], values: list[dict[int, float]],
        world_number: int,
    ) -> None:
        """One world, every live candidate played in it with the same rollout seed."""
        world = self.memory.sample(view, self.rng)
        rollout_seed = self.rng.getrandbits(32)
        for k in alive:
            value = self.rollout(world, candidates[k], rollout_seed)
            if value is not None:
                values[k][world_number] = value

    def rollout(self, world: RoundState, move: Move, seed: int) -> float | None:
        """What ``move`` is worth to the mover in ``world``: 1 a win, 0 a
        loss (a shared win shared), or a guess from the hands' penalties when
        the horizon comes first; None if the world refuses the move."""
        seat = world.to_move
        try:
            state = world.apply(move)
        except IllegalMove:
            return None
        self.rollouts += 1
        players = [GreedyBot(self.variant, seed=seed + s) for s in range(world.players)]
        last_turn = state.turns_played + self.settings.horizon
        moves = 0
        while state.phase != "over" and state.turns_played < last_turn and moves < 2_000:
            mover = state.to_move
            state = state.apply(players[mover].choose(state.view(mover)))
            moves += 1
        return self.value(state, seat)

    def value(self, state: RoundState, seat: int) -> float:
        """The worth of ``state`` to ``seat``, from 0 to 1: mostly whether it
        won the round, partly how far ahead its hand is (:meth:`lead`);
        before the round is over, the lead alone."""
        result = state.result
        lead = self.lead(state, seat)
        if result is None:
            return lead
        won = 1 / len(result.winners) if seat in result.winners else 0.0
        return 0.75 * won + 0.25 * lead

    def lead(self, state: RoundState, seat: int) -> float:
        """How far ``seat``'s hand is ahead of the best other one, by least
        penalty: from 0 to 1, a half when level."""
        variant = state.rules.variant
        mine = least_penalty(variant, state.hands[seat]).penalty
        others = [hand for s, hand in enumerate(state.hands) if s != seat]
        best_other = min(least_penalty(variant, hand).penalty for hand in others)
        return 0.5 + 0.5 * math.tanh((best_other - mine) / self.settings.scale)


def _mean(values: Iterable[float]) -> float:
    """The mean of some numbers (0 for none)."""
    numbers = list(values)
    return sum(numbers) / len(numbers) if numbers else 0.0
