"""SearchBot: the race to the knock, then (with a budget) determinized
Monte Carlo search over the hands a seat cannot see.

At each decision that shapes its hand (the draw: stock, discard pile, first
upcard, drop; and the end of its turn: which card to discard, whether to
knock with it) the bot first asks the *race* (:mod:`rummykit.play.race`):
of the discards whose loss costs least now, it throws the one that leaves
the hand likeliest to knock soon, played on alone against sampled draws
from the cards the stock may hold, less the chance that the next player
wants the card (guessed from what that player took and refused); it takes
the top discard when the hand it leaves races better than the hand that
draws. With ``offers`` (no level has it: it did not help over 5,000 gin
hands) the race also offers the hand, turn by turn, the cards the
previous player is guessed to throw (its loose cards, costliest first),
taken in place of a draw when they lower the hand. It knocks whenever it may.

With a rollout budget it then judges the candidates by *determinized
rollouts* (perfect-information Monte Carlo): it deals the cards its view
does not show at random, consistently with the view and with the discards
it saw the others take (:mod:`rummykit.play.determinize`), plays each
candidate in that world and lets :class:`GreedyBot` play every seat on
from there, to the end of the round or for ``horizon`` turns, after which
the hands' least penalties say who is ahead. Every candidate meets the
same worlds and the same rollouts (paired comparisons), and the candidates
are narrowed by successive halving: the budget is cut into rounds, and
after each the worse half is dropped, so the best ones get the most
rollouts; a move other than the race's must beat it clearly. (Where no
world can be rebuilt from the view, as once a seat is out of the deal
after a drop in Indian Rummy, the race's move is played without rollouts.)
After another player's knock the defender lays off only what lowers its least
penalty (``defence``, every level); every other move (melds, lay-offs,
the showdown of a knock) is :class:`GreedyBot`'s.

Where a round is won by going out alone (:func:`rummykit.play.shedding.sheds`:
rami, romme, rummy, roemie; no knock, contracts, fold, declaration or
condition on taking the top discard) a hand all in melds is too far for the
race to see, and the bot plays :class:`~rummykit.play.shedding.ShedBot`'s
moves instead (the cards left to get rid of, weighed by their outs; where
laid melds earn nothing, no meld laid before going out until another seat
holds at most three cards), with no rollouts and no clock:
:class:`GreedyBot`'s rollouts would judge a hand that holds its melds back
as greedy plays it.

It reads only its views: what it knows of the others' hands is what the
table, the discards and the public log show. The race's samples and the
rollouts are seeded (deterministic: the same seed and budget give the
same moves), except under a time budget (how many rollouts fit depends on
the machine and its load). See docs/bots.md.

>>> import rummykit as rk
>>> variant = rk.load_variant("gin")
>>> state = rk.deal(variant, players=2, seed=2)
>>> bot = SearchBot(variant, seed=1, settings=SearchSettings(samples=8, iterations=20))
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
from rummykit.core.moves import Buy, Discard, Draw, Knock, LayOff, Move, Pass, Take, Undo
from rummykit.play.bots import GreedyBot
from rummykit.play.determinize import Determinizer
from rummykit.play.race import (
    Race,
    draw_sequences,
    feeding_chances,
    knock_chances,
    meld_risks,
    offer_lists,
    race_limit,
    stock_cards,
)
from rummykit.play.shedding import Outs, ShedBot, sheds
from rummykit.round.dealing import next_seat
from rummykit.round.from_view import rebuildable
from rummykit.round.state import RoundState
from rummykit.round.views import PlayerView
from rummykit.rules.rule_set import rules_of
from rummykit.rules.variant_queries import least_penalty
from rummykit.variant.model import Variant

__all__ = ["LATER_GUESSES", "LEVELS", "SHED_SAMPLES", "UNDERCUT_GUESSES", "SearchBot", "SearchSettings"]

DRAW_PHASES = ("draw", "first_upcard")

UNDERCUT_GUESSES = 16
"""How many guessed hands of the player that may knock the race lays off
on, with ``undercut`` (a sequence meets one of them, in turn)."""

LATER_GUESSES = 40
"""How many guessed hands of the next player tell, with ``later``, how
likely each card the race throws later is to be wanted (:meth:`SearchBot.risks`)."""

SHED_SAMPLES = 40
"""The most draws a :class:`ShedBot` weighs against a take (the level's
``samples``, at most this: with 80, p99 of a rami51 decision was 0.39 s, so
``search-hard``'s 200 would take about a second)."""


@attrs.frozen
class SearchSettings:
    """How hard a :class:`SearchBot` searches.

    The race (:mod:`rummykit.play.race`): ``samples`` draw sequences a
    decision, ``reach`` draws long; a turn sooner to the knock is worth
    ``1 / pace`` times more; a discard's worth is cut by ``feeding`` times
    the chance that the next player wants it, the weighted share of
    ``guesses`` guessed hands of that player (0: as many as ``samples``;
    ``danger``'s chances are shares of the same guesses);
    ``width`` cards at most are weighed for the discard (those whose loss
    costs least now). ``offers``: the hand may take, in place of a
    draw, what the previous player is guessed to throw (``samples``
    guessed hands of that player, each throwing its costliest loose card
    first). ``wary``: how much less a guessed hand weighs for each card
    its player refused that would have joined a meld in it. ``tail``: a
    sequence that gets nowhere is worth ``tail`` times a little, the less
    the higher the penalty it ends with (0: nothing). ``undercut``: the
    race also counts, that many times, the chance that the other player
    knocks first and the hand undercuts it, its loose cards that would
    join a meld of a guessed hand of that player laid off
    (:meth:`~rummykit.play.race.Race.run_exposed`; 0: not counted, as at
    every level: 0.2 did not help over 5,000 gin hands).
    ``ramp``: the other player's chance to knock rises evenly from nothing
    at the deal to ``1 - pace`` at its ``ramp``-th turn (0: ``1 - pace``
    every turn). ``danger``: a discard's worth is also cut by ``danger``
    times the chance that it lets the next player knock at once
    (:func:`~rummykit.play.race.knock_chances`). ``later``: the race also
    counts the cards the hand throws after this turn's: a draw sequence's
    knock is worth that times the product of ``1 - later * risk`` over
    them, ``risk`` the weighted share of guessed hands of the next player
    that hold two cards making a meld of three with it
    (:meth:`SearchBot.risks`; 0: not counted).
    ``defence``: after a
    knock, the defender lays off only what lowers its least penalty (the
    best first), where :class:`GreedyBot` lays off the costliest cards it
    can (:meth:`SearchBot.defend`; on by default). ``lookahead`` False:
    the greedy move instead of the race's.

    The rollouts on top: ``iterations`` a decision (0: none, the race's
    move is played), or (with ``seconds``) as many as fit in that time
    (none where a round is won by going out, and ``seconds`` is not
    checked there: :class:`~rummykit.play.shedding.ShedBot` plays);
    rollouts stop after ``horizon`` turns, where ``scale`` penalty points
    of lead count as a near-certain win; another move than the race's is
    played only if it beats it by ``confidence`` standard errors."""

    iterations: int = 0
    seconds: float | None = None
    horizon: int = 40
    scale: float = 15.0
    confidence: float = 1.0
    width: int = 6
    lookahead: bool = True
    samples: int = 80
    reach: int = 8
    guesses: int = 400
    pace: float = 0.8
    feeding: float = 0.25
    wary: float = 0.2
    tail: float = 0.0
    offers: bool = False
    undercut: float = 0.0
    ramp: int = 0
    danger: float = 0.0
    later: float = 0.0
    defence: bool = True

    def __attrs_post_init__(self) -> None:
        if self.iterations < 0 or (self.seconds is not None and not 0 < self.seconds <= 60):
            raise ValueError("a search budget is a number of rollouts, or a time from 0 to 60 seconds")
        if self.samples < 1 or self.reach < 1 or not 0 < self.pace <= 1 or not 0 <= self.feeding <= 1:
            raise ValueError("the race needs a sample and a draw, a pace in (0, 1] and a feeding in [0, 1]")
        if not 0 < self.wary <= 1 or self.tail < 0:
            raise ValueError("the guesses' wariness is in (0, 1] and the race's tail at least 0")
        if self.undercut < 0 or self.ramp < 0 or not 0 <= self.danger <= 1 or not 0 <= self.later <= 1:
            raise ValueError("the race's undercut and ramp are at least 0, its danger and later in [0, 1]")
        if self.guesses < 0:
            raise ValueError("the race's guesses are at least 0 (0: as many as the samples)")
        if self.width < 1 or self.horizon < 0 or self.scale <= 0 or self.confidence < 0:
            raise ValueError(
                "the width is at least 1, the horizon and confidence at least 0, the scale above 0"
            )
        race = (self.pace, self.feeding, self.wary, self.tail, self.undercut, self.danger, self.later)
        if not all(map(math.isfinite, (*race, self.scale, self.confidence))):
            raise ValueError("the search's settings are finite numbers")


LEVELS = {
    "easy": SearchSettings(samples=12, reach=6, guesses=0),
    "medium": SearchSettings(samples=80, reach=8),
    "hard": SearchSettings(samples=200, reach=10),
}
"""The difficulty levels (``search-easy``, ``search-medium``, ``search-hard``):
the race alone, with more samples and a longer reach level by level.
``medium`` (the default settings) and ``hard`` weigh the feeding chances
over 400 guessed hands, ``easy`` over 12, one a draw sequence. Every
level defends with ``defence``. Where
a round is won by going out a level sets only how many draws
:class:`~rummykit.play.shedding.ShedBot` weighs against a take (``samples``,
at most :data:`SHED_SAMPLES`: 12 for easy, 40 for medium and hard, so
``search-hard`` plays as ``search-medium`` there)."""


class SearchBot:
    """A bot that chooses its draws and discards by the race to the knock,
    then (with a rollout budget) searches them by determinized rollouts
    (see the module's text); the defender's lay-offs are :meth:`defend`'s,
    every other move is :class:`GreedyBot`'s."""

    def __init__(
        self, variant: Variant, *, seed: int | None = None, settings: SearchSettings | None = None
    ) -> None:
        self.variant = variant
        self.settings = settings if settings is not None else LEVELS["medium"]
        self.rng = random.Random(seed)
        self.shedding = sheds(variant)  # a round won by going out: ShedBot's moves instead of the race
        self.greedy: GreedyBot = (
            ShedBot(variant, seed=seed, samples=min(self.settings.samples, SHED_SAMPLES))
            if self.shedding
            else GreedyBot(variant, seed=seed)
        )
        self.memory = Determinizer(variant, wary=self.settings.wary)
        self.outs = Outs(variant)  # the trios that make a meld, for the risks of ``later``
        # the draws of the settings no level has (offers, undercut, later): a stream of
        # their own, so that such a setting changes none of the level's draws
        self.setting_rng = random.Random(None if seed is None else f"settings {seed}")
        self.rollouts = 0  # rollouts played so far, for reports
        self._started = 0.0  # when the decision under way began (for a time budget)

    def wants_buy(self, view: PlayerView) -> bool:
        """As :meth:`GreedyBot.wants_buy`."""
        return self.greedy.wants_buy(view)

    def choose(self, view: PlayerView) -> Move:
        if self.shedding:  # ShedBot's move, as it chose it: no race, no rollouts (see the module's text)
            return self.greedy.choose(view)
        self._started = time.perf_counter()
        self.memory.observe(view)
        if self.settings.defence and view.phase == "defend":
            return self.defend(view)
        base = self.greedy.choose(view)
        candidates = self.candidates(view, base)
        no_rollouts = self.settings.iterations == 0 and self.settings.seconds is None
        if len(candidates) < 2 or no_rollouts or not rebuildable(view) or self._out_of_time():
            return candidates[0]
        return self.search(view, candidates)

    def defend(self, view: PlayerView) -> Move:
        """The defender's move after a knock: the lay-off that leaves the
        hand the lowest least penalty, if it lowers it; else
        :class:`GreedyBot`'s move without lay-offs (its melds, then done).
        (:class:`GreedyBot` lays off the costliest cards it can, even from
        a meld of its own, which can raise its deadwood.)"""
        hand = list(view.hand or ())
        layoffs = [m for m in view.legal if isinstance(m, LayOff)]
        if layoffs:  # each lay-off's penalty found once; ties: the first listed
            penalty, best = min((self._penalty_without(hand, m.cards), n) for n, m in enumerate(layoffs))
            if penalty < least_penalty(self.variant, hand).penalty:
                return layoffs[best]
        others = tuple(m for m in view.legal if not isinstance(m, LayOff))
        return self.greedy.choose(attrs.evolve(view, legal=others)) if others else view.legal[0]

    def _penalty_without(self, hand: list[Card], cards: Sequence[Card]) -> int:
        """The least penalty of ``hand`` less ``cards``."""
        rest = list(hand)
        for card in cards:
            rest.remove(card.face)  # a wild card's declaration (JK=6h) is the move's, not the hand's
        return least_penalty(self.variant, rest).penalty

    def candidates(self, view: PlayerView, base: Move) -> list[Move]:
        """The moves worth searching, the race's choice first (the greedy
        one without ``lookahead``): every way to draw in a draw phase; where
        the greedy choice ends the turn with a discard or a knock, the
        discards and knocks of the ``width`` cards whose loss leaves the
        hand's least penalty lowest; otherwise the greedy choice alone."""
        lookahead = self.settings.lookahead
        if view.phase in DRAW_PHASES:
            first = self.draw_choice(view, base) if lookahead else base
            return [first, *(m for m in view.legal if m != first and not isinstance(m, (Buy, Undo)))]
        if view.phase != "play" or not isinstance(base, (Discard, Knock)) or view.hand is None:
            return [base]
        ends = [m for m in view.legal if isinstance(m, (Discard, Knock))]
        kept = self._least_costly(list(view.hand), [m.card.face for m in ends])
        if lookahead and isinstance(base, Discard):
            card = self.race_discard(view, kept)
            base = next(m for m in ends if isinstance(m, Discard) and m.card.face == card)
        return [base, *(m for m in ends if m != base and m.card.face in kept)]

    def _least_costly(self, hand: list[Card], cards: Iterable[Card]) -> list[Card]:
        """The ``width`` of ``cards`` whose loss leaves ``hand`` the lowest
        least penalty (ties: the higher card first), best first."""
        worth: dict[Card, tuple[int, int]] = {}
        for card in cards:
            if card not in worth:
                rest = list(hand)
                rest.remove(card)
                penalty = least_penalty(self.variant, rest).penalty
                worth[card] = (penalty, -self.variant.hand_penalties[card.code])
        return sorted(worth, key=lambda c: (worth[c], c.code))[: self.settings.width]

    def _race(self, view: PlayerView) -> tuple[Race, list[list[Card]], list[Card]]:
        """The race of this decision, its draw sequences and the cards the stock may hold."""
        settings = self.settings
        pool = stock_cards(view, self.variant, self.memory)
        sequences = draw_sequences(pool, self.rng, samples=settings.samples, reach=settings.reach)
        limit = race_limit(self.variant, view)
        race = Race(
            self.variant,
            limit=limit,
            pace=settings.pace,
            players=view.players,
            tail=settings.tail,
            undercut=settings.undercut,
        )
        if settings.undercut and view.seat is not None:
            race.knockers = self._knockers(view, pool)
        if settings.ramp:
            race.hazards = self._hazards(view)
        if settings.offers and view.seat is not None:
            players = view.players
            before = next(s for s in range(players) if next_seat(self.variant, players, s) == view.seat)
            rng = self.setting_rng  # see __init__
            guesses = [self.memory.guess_hand(view, before, pool, rng) for _ in range(settings.samples)]
            race.offers = offer_lists(self.variant, guesses)
        if settings.later and view.seat is not None:
            race.risks, race.later = self.risks(view, pool), settings.later
        return race, sequences, pool

    def risks(self, view: PlayerView, pool: list[Card]) -> dict[Card, float]:
        """With ``later``: for each card the race may throw (the hand's and
        ``pool``'s), the weighted share of :data:`LATER_GUESSES` guessed hands
        of the next player in which it would make a meld of three with two of
        that player's cards (the variant's meld rules judge each trio:
        :func:`~rummykit.play.race.meld_risks`). The guesses are drawn from
        the settings' stream (``setting_rng``), so that the setting changes
        none of the level's draws: the same sequences and guesses as
        without it."""
        guesses = self._next_guesses(view, pool, LATER_GUESSES, self.setting_rng)
        return meld_risks(self.outs, guesses, {*pool, *(view.hand or ())})

    def _hazards(self, view: PlayerView) -> list[float]:
        """With ``ramp``: the other players' chance to knock at each of their
        coming turns, rising evenly from nothing at the deal to ``1 - pace``
        at their ``ramp``-th turn (a hand dealt is seldom close to the knock),
        the first chance the one before this seat's next draw (in the draw
        phase: the one just past, a factor common to every choice)."""
        settings = self.settings
        played = view.turns_played // view.players  # each other player's turns so far, about
        first = played if view.phase in DRAW_PHASES else played + 1
        horizon = settings.reach + 2
        return [(1 - settings.pace) * min(1.0, (first + k) / settings.ramp) for k in range(horizon)]

    def _knockers(self, view: PlayerView, pool: list[Card]) -> list[list[Card]]:
        """:data:`UNDERCUT_GUESSES` guessed hands of the next player (the one
        that may knock before this seat draws again), drawn by the guesses'
        weights (from the settings' stream, as :meth:`risks`)."""
        rng = self.setting_rng
        guesses = self._next_guesses(view, pool, UNDERCUT_GUESSES, rng)
        weights = [weight for _, weight in guesses]
        if sum(weights) <= 0:
            return [hand for hand, _ in guesses]
        return [hand for hand, _ in rng.choices(guesses, weights, k=UNDERCUT_GUESSES)]

    def race_discard(self, view: PlayerView, cards: Sequence[Card]) -> Card:
        """Of ``cards``, the one to throw: the best worth in the race of the
        hand it leaves, cut by the chance that the next player wants it
        (ties: the first)."""
        if view.hand is None or view.seat is None:
            raise ValueError("this view is not a seat's view")
        race, sequences, pool = self._race(view)
        feeding, danger = self.settings.feeding, self.settings.danger
        guesses = self._next_guesses(view, pool) if feeding or danger else []
        chances = self.feeding_of(view, guesses, cards) if feeding else {}
        knocks = knock_chances(self.variant, guesses, cards, race.limit) if danger else {}
        best, best_worth = cards[0], -1.0
        for card in cards:
            rest = list(view.hand)
            rest.remove(card)
            worth = race.worth(rest, sequences) * (1 - feeding * chances.get(card, 0.0))
            worth *= 1 - danger * knocks.get(card, 0.0)
            if worth > best_worth:
                best, best_worth = card, worth
            if self._out_of_time():
                break
        return best

    def feeding_of(
        self, view: PlayerView, guesses: Sequence[tuple[list[Card], float]], cards: Sequence[Card]
    ) -> dict[Card, float]:
        """How likely the next player is to take each of ``cards`` from the
        discard pile, as :meth:`race_discard` weighs it: the weighted share
        of ``guesses`` (the next player's guessed hands) in which the card
        joins a meld (:func:`feeding_chances`). A subclass may judge
        otherwise: ``benchmarks/inference.py`` records these chances against
        the real hand, and measures what knowing that hand would be worth."""
        return feeding_chances(self.variant, guesses, cards)

    def _out_of_time(self) -> bool:
        """Has the decision used up its time budget (never, without one)?
        The race then stops weighing more cards, keeping the best so far."""
        seconds = self.settings.seconds
        return seconds is not None and time.perf_counter() >= self._started + seconds

    def _next_guesses(
        self, view: PlayerView, pool: list[Card], count: int | None = None, rng: random.Random | None = None
    ) -> list[tuple[list[Card], float]]:
        """``count`` (default: ``guesses``, or ``samples``) guessed hands of the next player,
        with their weights (for :func:`feeding_chances`, :func:`knock_chances`,
        the undercuts' knockers and the risks), drawn with ``rng`` (default:
        the bot's)."""
        if view.seat is None:
            raise ValueError("this view is not a seat's view")
        seat = next_seat(self.variant, view.players, view.seat)
        wanted = (self.settings.guesses or self.settings.samples) if count is None else count
        chosen = self.rng if rng is None else rng
        return [self.memory.guess_hand(view, seat, pool, chosen) for _ in range(wanted)]

    def draw_choice(self, view: PlayerView, base: Move) -> Move:
        """The greedy draw, or the other of drawing (or passing the first
        upcard) and taking the top discard where the race says so (a take
        only where it carries no obligation to lay the card)."""
        draw = next((m for m in view.legal if isinstance(m, (Draw, Pass))), None)
        take = next((m for m in view.legal if isinstance(m, Take) and m.depth == 1), None)
        if draw is None or take is None or base not in (draw, take) or not view.discards or view.hand is None:
            return base
        better = self.take_is_better(view, list(view.hand), view.discards[-1])
        wanted = base if better is None else take if better else draw
        if wanted in (base, draw):
            return wanted
        seat_opened = view.opened[view.seat] if view.seat is not None else False
        rule = rules_of(self.variant).draw
        conditional = rule.top_take_is_conditional(view.turns_played, view.players, opened=seat_opened)
        return base if conditional else wanted

    def take_is_better(self, view: PlayerView, hand: list[Card], top: Card) -> bool | None:
        """Is taking ``top`` better in the race than drawing? Yes if it lets
        the hand knock now; else if the best of the hands it leaves (each
        throwing one of the ``width`` least costly cards) is worth more, its
        next draw a turn later, than the hand drawing now; None if the race
        cannot tell (neither gets anywhere within its reach). Under a time
        budget, the takes weighed are those that fit in it."""
        race, sequences, _ = self._race(view)
        with_top = [*hand, top]
        if least_penalty(self.variant, with_top, discard=True).penalty <= race.limit:
            return True
        drawing = race.worth(hand, sequences, start=1, exposed=False)
        taking = 0.0
        for card in self._least_costly(with_top, [c for c in hand if c != top]):
            if self._out_of_time():
                break
            rest = list(with_top)
            rest.remove(card)
            taking = max(taking, race.worth(rest, sequences, start=2))
        return None if taking == drawing == 0 else taking > drawing

    def search(self, view: PlayerView, candidates: Sequence[Move]) -> Move:
        """The candidate judged best, the first (the greedy choice) unless
        another beats it clearly. Successive halving: the budget is cut into
        rounds; after each, the worse half of the others is dropped (the
        greedy choice stays in every round). The winner must then beat the
        greedy choice by ``confidence`` standard errors of their paired
        differences, world by world."""
        settings = self.settings
        rounds = max(1, math.ceil(math.log2(len(candidates))))
        start = self._started
        alive = list(range(len(candidates)))
        values: list[dict[int, float]] = [{} for _ in candidates]  # by candidate: world -> value
        worlds = 0
        for done in range(rounds):
            stop = None if settings.seconds is None else start + settings.seconds * (done + 1) / rounds
            count = max(1, settings.iterations // rounds // len(alive))
            for _ in range(count if stop is None else 10**9):
                if stop is not None and time.perf_counter() >= stop:
                    break
                self._evaluate(view, candidates, alive, values, worlds)
                worlds += 1
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
        self,
        view: PlayerView,
        candidates: Sequence[Move],
        alive: list[int],
        values: list[dict[int, float]],
        world_number: int,
    ) -> None:
        """One world, every live candidate played in it with the same rollout
        seed (under a time budget, those that fit: the comparisons are paired
        world by world, so a candidate left out of a world is not judged by it)."""
        world = self.memory.sample(view, self.rng)
        rollout_seed = self.rng.getrandbits(32)
        for k in alive:
            if self._out_of_time():
                break
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
