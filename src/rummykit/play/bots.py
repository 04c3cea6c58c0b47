"""Bots: players that see only their seat's view.

A bot is anything with ``choose(view) -> Move``; the view carries the seat's
legal moves, so a bot never needs (and never gets) the state.

>>> import rummykit as rk
>>> state = rk.deal(rk.load_variant("rami51"), players=2, seed=1)
>>> bot = GreedyBot(rk.load_variant("rami51"))
>>> str(bot.choose(state.view(state.to_move)))
'draw'
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol

from rummykit.core.cards import JOKER_CODE, Card
from rummykit.core.meld_growth import grow_meld
from rummykit.core.meld_judge import judge_meld
from rummykit.core.meld_model import Meld
from rummykit.core.moves import (
    Buy,
    Discard,
    Done,
    Draw,
    Drop,
    Knock,
    LayOff,
    Move,
    Pass,
    SwapJoker,
    Take,
    Undo,
)
from rummykit.core.moves import Meld as MeldMove
from rummykit.play.show_bot import show_move
from rummykit.play.way_out import way_out
from rummykit.round.views import PlayerView
from rummykit.rules import Commit
from rummykit.rules.contract import contract_of, uses_contracts
from rummykit.rules.contract_search import find_contract
from rummykit.rules.rule_set import RuleSet, rules_of
from rummykit.rules.variant_queries import best_opening, least_penalty
from rummykit.variant.loading import variant_from_rules
from rummykit.variant.model import MAX_SET_SIZE, Variant

__all__ = ["BOTS", "Bot", "GreedyBot", "RandomBot", "drop_threshold", "make_bot"]


class Bot(Protocol):
    def choose(self, view: PlayerView) -> Move: ...

    def wants_buy(self, view: PlayerView) -> bool:
        """Out of turn, with ``buy`` among the view's legal moves: buy the upcard?"""
        ...


class RandomBot:
    """A random legal move: a kind of move uniformly (draw, take, meld, lay-off,
    swap, discard, undo …), then a move of that kind uniformly. Choosing the
    kind first keeps rounds moving: a hand offers dozens of melds and only a
    few discards. Seeded."""

    def __init__(self, variant: Variant | None = None, *, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: PlayerView) -> Move:
        if not view.legal:
            raise ValueError("this view has no legal move: is it the seat to move?")
        kinds: dict[str, list[Move]] = {}
        for move in view.legal:
            kinds.setdefault(type(move).__name__, []).append(move)
        group = kinds[self.rng.choice(sorted(kinds))]
        return self.rng.choice(group)

    def wants_buy(self, view: PlayerView) -> bool:
        """Buys a quarter of the times it may (seeded)."""
        return Buy() in view.legal and self.rng.random() < 0.25


def _without(hand: Sequence[Card], cards: Sequence[Card]) -> list[Card]:
    rest = list(hand)
    for card in cards:
        rest.remove(card.face)
    return rest


class GreedyBot:
    """A simple strong player built on the solver.

    Takes the discard when it lowers the hand's least penalty, opens as soon as
    it can (the best opening), then lays down every meld of its least-penalty
    arrangement and lays off what fits, swaps a joker out when it can lay it
    again at once, goes out when it can, and discards the card whose loss costs
    least. Every move it makes is one of the view's legal moves.

    Where the variant has a knock (gin) it takes the first upcard when it
    wants it, knocks whenever it may (keeping the least deadwood), lays the
    melds of its best arrangement and says ``done``; as the defender it lays
    off what it can, then lays its melds. Where the knock comes before the
    draw (tonk's ``drop``) it drops only with a count low enough to be
    likely the lowest (:func:`drop_threshold`), and otherwise plays its turn
    as above. Where the variant has a declaration or the fold (Indian Rummy)
    it plays as :mod:`rummykit.play.show_bot` says.
    """

    def __init__(self, variant: Variant, *, seed: int | None = None) -> None:
        self.variant = variant
        self._turn: tuple[int, int] | None = None  # (turns played, seat) of the plan below
        self._queue: list[Meld | Move] = []
        self._given_up = 0
        self._way: list[Move] = []  # the moves that end a turn given up (see _escape)
        self._searched = False  # way_out was asked this turn
        self._random = RandomBot(variant, seed=seed)
        self._judge = variant  # whose melds judge a hand's worth this turn (see _judge_for)
        self._runs_only: Variant | None = None

    def choose(self, view: PlayerView) -> Move:
        legal = view.legal
        if not legal:
            raise ValueError("this view has no legal move: is it the seat to move?")
        if view.hand is None or view.seat is None:
            raise ValueError("this view is not a seat's view: a bot needs its hand")
        hand = list(view.hand)
        self._judge = self._judge_for(view)
        knocking = self._knocking(view, hand, legal)
        if knocking is not None:
            return knocking
        shown = show_move(rules_of(self.variant), view, hand)  # a declaration or the fold
        if shown is not None:
            return shown
        if view.phase == "draw":
            return self._draw(view, hand, legal)
        texts = {str(m): m for m in legal}
        if "out" in texts:
            return texts["out"]
        keep = 1 if self._rules(view).going_out.final_discard_required() else 0
        if self._turn != (view.turns_played, view.seat):
            self._turn = (view.turns_played, view.seat)
            self._given_up = 0
            self._way, self._searched = [], False
            self._queue = self.plan(view, hand, keep)
        while self._queue and not self._given_up:
            planned = self._queue.pop(0)
            move = _find_meld(legal, planned) if isinstance(planned, Meld) else _find_same(legal, planned)
            if move is not None:
                return move
        if not self._given_up:
            # Swap a joker out when that lowers what the hand would cost.
            cost = least_penalty(self.variant, hand).penalty
            for move in legal:
                if isinstance(move, SwapJoker):
                    rest = _without(hand, list(move.cards))
                    if least_penalty(self.variant, [*rest, Card("JK")]).penalty < cost:
                        self._queue = list(least_penalty(self.variant, [*rest, Card("JK")]).melds)
                        return move
            # Lay off what fits, most valuable first, keeping a card to discard.
            layoffs = [m for m in legal if isinstance(m, LayOff) and len(m.cards) <= len(hand) - keep]
            if layoffs:
                penalty = self.variant.hand_penalties
                return max(layoffs, key=lambda m: (sum(penalty[c.code] for c in m.cards), -len(m.cards)))
        discards = [m for m in legal if isinstance(m, Discard)]
        if discards:
            return min(discards, key=lambda m: self._discard_cost(hand, m.card))
        # Nothing can end the turn as it stands: take plays back; if that is not
        # enough, follow the fewest moves that end the turn (way_out), or else
        # try moves at random (seeded) until one leads somewhere.
        self._given_up += 1
        self._queue = []
        undo = [m for m in legal if isinstance(m, Undo)]
        if undo and self._given_up < 3:
            return undo[0]
        return self._escape(view)

    def _escape(self, view: PlayerView) -> Move:
        """After three plans given up in a turn: the next move of the fewest
        that end it (:func:`~rummykit.play.way_out.way_out`), looked for once
        a turn, from the turn's start (every move taken back first: the
        round it searches is rebuilt from the view, which shows no pending
        move); else a random move."""
        legal = view.legal
        if self._way and self._way[0] in legal:
            return self._way.pop(0)
        undo = next((m for m in legal if isinstance(m, Undo)), None)
        if undo is not None and not self._searched:
            return undo
        if not self._searched:
            self._searched = True
            self._way = way_out(view, self.variant) or []
            if self._way and self._way[0] in legal:
                return self._way.pop(0)
        self._way = []
        return self._random.choose(view)

    def _knocking(self, view: PlayerView, hand: list[Card], legal: Sequence[Move]) -> Move | None:
        """The move of a knock variant's own phase or move, or None."""
        if view.phase == "first_upcard":
            take = next((m for m in legal if isinstance(m, Take)), None)
            if take is not None and view.discards and self._wants(view, hand, view.discards[-1]):
                return take
            return next((m for m in legal if isinstance(m, Pass)), legal[0])
        if view.phase == "play":
            knocks = [m for m in legal if isinstance(m, Knock)]
            if knocks:
                return min(knocks, key=lambda m: self._discard_cost(hand, m.card))
            return None
        if view.phase not in ("knock", "defend"):
            return None
        layoffs = [m for m in legal if isinstance(m, LayOff)]
        if layoffs:
            penalty = self.variant.hand_penalties
            return max(layoffs, key=lambda m: (sum(penalty[c.code] for c in m.cards), -len(m.cards)))
        for meld in least_penalty(self.variant, hand).melds:
            move = _find_meld(legal, meld)
            if move is not None:
                return move
        return next((m for m in legal if isinstance(m, Done)), legal[0])

    def plan(self, view: PlayerView, hand: list[Card], keep: int) -> list[Meld | Move]:
        """The turn's plan: go out if the hand allows it, else open (using the
        card just taken, if the draw obliges it), else lay down every meld of
        the least-penalty arrangement; always keeping a card to discard. A
        bot derived from this one may plan otherwise (ShedBot holds melds)."""
        if view.seat is None:
            raise ValueError("this view is not a seat's view")
        variant = self.variant
        opened = view.opened[view.seat]
        if uses_contracts(variant):
            return self._contract_plan(view, hand, opened)
        table = [t.meld for t in view.table]
        blocked = (
            [view.taken] if view.taken is not None and rules_of(variant).draw.taken_card_is_marked() else []
        )
        out = rules_of(variant).going_out.plan(hand, table=table, opened=opened, not_discardable=blocked)
        if out is not None:
            moves: list[Meld | Move] = list(out.melds)
            moves += [LayOff(index + 1, cards) for index, cards in out.layoffs]
            return moves
        if not opened:
            plan = best_opening(variant, hand, must_use=view.taken) if view.taken else None
            plan = plan or best_opening(variant, hand)
            melds = list(plan.melds) if plan is not None else []
        else:
            melds = list(least_penalty(variant, hand).melds)
        while melds and sum(len(m) for m in melds) > len(hand) - keep:
            melds.pop()
        return list(melds)

    def _judge_for(self, view: PlayerView) -> Variant:
        """The variant whose melds say what a hand is worth when taking and
        discarding: the variant's, but in a deal gone out all at once with a
        contract of runs alone (R-LIV-05) the deal's with no sets, so that
        the hand is built toward those runs."""
        rules = self._rules(view)
        last = rules.going_out.last_discard
        if last is None or not last.all_out:
            return self.variant
        contract = contract_of(self.variant, view.deal_number)
        if contract is None or contract.sets:
            return self.variant
        if self._runs_only is None:
            data = rules.variant.resolved_dict()
            data["melds"] = {**data.get("melds", {}), "set_min": MAX_SET_SIZE, "set_max": MAX_SET_SIZE}
            self._runs_only = variant_from_rules(f"{self.variant.id}, runs only", data, "")
        return self._runs_only

    def _rules(self, view: PlayerView) -> RuleSet:
        """The rules of the deal the view is of (a contract deal may have its own)."""
        return rules_of(self.variant).for_deal(view.deal_number)

    def _contract_plan(self, view: PlayerView, hand: list[Card], opened: bool) -> list[Meld | Move]:
        """Contracts (R-CON-05, R-CON-06): go down as soon as the hand holds
        the deal's contract, with as many cards as it can; once down, no new
        meld (lay-offs come after the plan). Where the deal's going-down turn
        must empty the hand (``going_out.in_opening_turn``, R-LIV-05), only
        when the contract lays every card."""
        contract = contract_of(self.variant, view.deal_number)
        if opened or contract is None:
            return []
        rules = self._rules(view)
        all_out = rules.going_out.last_discard is not None and rules.going_out.last_discard.all_out
        if all_out and least_penalty(self._judge, hand).leftover:
            return []  # some card fits no meld: the whole hand cannot go down
        candidates: dict[tuple[int, ...], Meld] = {}
        for move in view.legal:
            if isinstance(move, MeldMove):
                judged = judge_meld(rules.variant.meld_rules, move.cards)
                if isinstance(judged, Meld):
                    candidates.setdefault(tuple(sorted(c.face.code for c in move.cards)), judged)
        keep = 1 if view.taken is not None and rules.draw.taken_card_is_marked() else 0
        at_least = len(hand) if all_out else 0
        found = find_contract(contract, list(candidates.values()), hand, keep=keep, at_least=at_least)
        return list(found) if found is not None else []

    def wants_buy(self, view: PlayerView) -> bool:
        """Buy the upcard (R-CON-10) before going down, when it goes into the
        melds of the hand's least-penalty arrangement and saves more than the
        penalty card is likely to cost (10 points); never after going down,
        where no new meld may be laid."""
        if Buy() not in view.legal or view.hand is None or view.seat is None or not view.discards:
            return False
        if view.opened[view.seat]:
            return False
        top = view.discards[-1]
        hand = list(view.hand)
        judge = self._judge_for(view)
        now = least_penalty(judge, hand).penalty
        with_top = least_penalty(judge, [*hand, top])
        if not any(top.face in (c.face for c in m.cards) for m in with_top.melds):
            return False
        return now - with_top.penalty > 10

    def _draw(self, view: PlayerView, hand: list[Card], legal: Sequence[Move]) -> Move:
        if _DROP in legal and self._drops(hand, view.players):
            return _DROP
        take = next((m for m in legal if isinstance(m, Take) and m.depth == 1), None)
        if take is not None and view.discards and self._wants(view, hand, view.discards[-1]):
            return take
        draw = next((m for m in legal if isinstance(m, Draw)), None)
        return draw if draw is not None else legal[0]

    def _drops(self, hand: Sequence[Card], players: int) -> bool:
        """Drop (the knock before the draw) when the hand counts at most
        :func:`drop_threshold` for this many players: low enough to be
        likely the lowest, since a caught drop costs double."""
        rule = rules_of(self.variant).drop_knock
        return rule is not None and rule.count(hand) <= drop_threshold(players)

    def _wants(self, view: PlayerView, hand: list[Card], top: Card) -> bool:
        """Take the top discard when it lowers the hand's least penalty; where
        taking it obliges the player to lay it (R-HR-09), only when this bot's
        own plan lays it: a lay-off once opened, or an opening that uses it."""
        variant = self._judge
        if view.seat is None:
            raise ValueError("this view is not a seat's view")
        now = least_penalty(variant, hand).penalty
        with_top = least_penalty(variant, [*hand, top])
        if not any(top.face in (c.face for c in m.cards) for m in with_top.melds):
            return False
        penalty = variant.hand_penalties
        if with_top.penalty - max((penalty[c.code] for c in with_top.leftover), default=0) >= now:
            return False
        obligation = rules_of(variant).pickup
        opened = view.opened[view.seat]
        if obligation is None or not rules_of(variant).draw.top_take_is_conditional(
            view.turns_played, view.players, opened=opened
        ):
            return True
        if opened:
            return any(isinstance(grow_meld(variant, t.meld, [top]), Meld) for t in view.table)
        plan = best_opening(variant, [*hand, top], must_use=top, deal_number=max(view.deal_number, 1))
        if plan is None or sum(len(m) for m in plan.melds) >= len(hand) + 1:
            return False
        # Would the commit accept this plan? Ask the obligation itself.
        commit = Commit(
            rules=rules_of(variant),
            hand=tuple(_without([*hand, top], [c for m in plan.melds for c in m.cards])),
            opened_before=False,
            new_melds=tuple(plan.melds),
            laid_off=(),
            swaps=0,
            net_jokers=0,
            source="discard",
            taken=top,
            chosen=None,
            must_use_taken=True,
            table=(*(t.meld for t in view.table), *plan.melds),
        )
        return obligation.met(commit) is None

    def _discard_cost(self, hand: Sequence[Card], card: Card) -> tuple[int, int]:
        rest = _without(hand, [card])
        penalty = self.variant.hand_penalties
        return (least_penalty(self._judge, rest).penalty, -penalty[card.code])


_DROP = Drop()


def drop_threshold(players: int) -> int:
    """The highest whole-hand count :class:`GreedyBot` drops with: 10 against
    one other hand, 2 less for each more (8 with three players, 6 with four),
    since every other hand is one more chance of a lower count. Five dealt
    cards count about 32 on average, so the bot drops rarely and mostly
    after spreading."""
    return max(2, 14 - 2 * players)


def _find_meld(legal: Sequence[Move], meld: Meld) -> Move | None:
    """The legal meld move that lays these cards (notation may differ in order
    or in how jokers are declared)."""
    wanted = sorted(c.face.code for c in meld.cards)
    best: Move | None = None
    for move in legal:
        if isinstance(move, MeldMove) and sorted(c.face.code for c in move.cards) == wanted:
            declared = [c for c in move.cards if c.code == JOKER_CODE and c.declared is not None]
            if best is None or not declared:
                best = move
    return best


def _find_same(legal: Sequence[Move], planned: Move) -> Move | None:
    """The legal move equal to ``planned`` up to the order of its cards."""
    if not isinstance(planned, LayOff):
        return planned if planned in legal else None
    wanted = sorted(c.face.code for c in planned.cards)
    for move in legal:
        same = isinstance(move, LayOff) and move.meld == planned.meld
        if same and sorted(c.face.code for c in move.cards) == wanted:  # type: ignore[union-attr]
            return move
    return None


BOTS = {"random": RandomBot, "greedy": GreedyBot}


def make_bot(name: str, variant: Variant, seed: int | None = None) -> Bot:
    """A bot by name (``random``, ``greedy``)."""
    try:
        cls = BOTS[name]
    except KeyError:
        raise ValueError(f"unknown bot {name!r} (known: {', '.join(BOTS)})") from None
    return cls(variant, seed=seed)  # type: ignore[no-any-return]
