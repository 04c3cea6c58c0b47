"""Going out first: how a bot plays where a round is won by emptying the
hand (rami, romme, rummy, roemie …; see :func:`sheds`), not by a knock, a
contract or a declaration.

There the race is to lay every card, and :class:`GreedyBot`'s measure of a
hand, its least penalty, misleads: it keeps a lone three and throws one of
two kings, although the kings need one card to make a meld and the three
needs two. :class:`Outs` counts instead the cards a hand still has to get
rid of: each card its least-penalty arrangement leaves out counts one,
less the more *outs* it has (the cards still unseen that would make a meld
of it and another card left out, asked of the variant's own meld rules:
``1 / (1 + outs / patience)``); a card that can be laid off on the table
counts nothing once the seat has opened.

:class:`ShedBot` plays :class:`GreedyBot`'s game with that measure: it
throws the card whose loss leaves the hand the least to get rid of, and
takes the top discard when the hand it then keeps (throwing its best card)
is better than the hands a draw from the cards still unseen is expected to
leave (sampled). Where laid melds earn nothing (:func:`holds_melds`: the
losers pay what they hold, and no flat score for not having opened), it
lays no meld before it can go out, so the other players get nothing to lay
off on, until another seat holds at most ``alarm`` cards (3): holding is
not free, for a loser pays every card in hand, held melds included, so
then it lays them as :class:`GreedyBot` does. Against ``greedy`` on rami51
(200 rounds) holding to the end won 73 % of the rounds but paid 27.8
points a round to greedy's 18.6; laying them once greedy held 3 cards won
66.0 % and paid 9.8 to 18.1 (docs/bots.md has these and the other rules
tried).

>>> import rummykit as rk
>>> rami = rk.load_variant("rami51")
>>> outs = Outs(rami)
>>> unseen = Counter(rami.deck_for(2))
>>> pair = outs.count(rk.parse_cards("Kh Ks 3c"), unseen)
>>> lone = outs.count(rk.parse_cards("Kh 3c 8d"), unseen)
>>> pair < lone
True
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Collection, Sequence

from rummykit.core.cards import Card, build_deck
from rummykit.core.meld_growth import grow_meld
from rummykit.core.meld_judge import judge_meld
from rummykit.core.meld_model import Meld
from rummykit.core.moves import Discard, Draw, LayOff, Move, Take
from rummykit.play.bots import GreedyBot
from rummykit.round.from_view import unseen_cards
from rummykit.round.views import PlayerView
from rummykit.rules.contract import uses_contracts
from rummykit.rules.rule_set import rules_of
from rummykit.rules.scoring import StandardScoring
from rummykit.rules.variant_queries import least_penalty
from rummykit.variant.model import Variant

__all__ = ["Outs", "ShedBot", "holds_melds", "sheds"]


def sheds(variant: Variant) -> bool:
    """Is a round of ``variant`` won by going out alone? So: no knock and
    no knock before the draw (gin, tonk), no condition on taking the top
    discard (kalooki, handromi, rummy500: a taken top discard must be laid
    at once), no fold or declaration (indian), no contracts (contract,
    liverpool). A deep take's duty (roemie's card taken from deep in the
    pile must start a new meld) does not stop it: :class:`ShedBot` weighs
    only the top discard and leaves a deep take to :class:`GreedyBot`.
    (Where it is, :class:`ShedBot` plays it.)"""
    rules = rules_of(variant)
    return (
        rules.knock is None
        and rules.drop_knock is None
        and rules.pickup is None
        and not variant.drop.allowed
        and not variant.declare.allowed
        and not uses_contracts(variant)
    )


def holds_melds(variant: Variant) -> bool:
    """Do laid melds earn nothing in ``variant``'s scoring: the losers pay
    what they hold (``hand_penalty``), and a seat that never opened pays no
    flat score (``not_opened_flat`` 0: romme51's 100 makes a hand that holds
    its melds back pay 100)? There :class:`ShedBot` may hold its melds back."""
    scoring = rules_of(variant).scoring
    if not isinstance(scoring, StandardScoring):
        return False
    return scoring.method == "hand_penalty" and not scoring.not_opened_flat


class Outs:
    """How much a hand still has to get rid of before it can go out (see
    the module's text). The cards that complete each pair of cards are
    remembered (at most one entry a pair of faces)."""

    def __init__(self, variant: Variant, *, patience: float = 9.0) -> None:
        self.variant = variant
        self.patience = patience
        self.faces = build_deck(1, 1)  # every face once: the naturals and the joker
        self._completing: dict[tuple[int, int], tuple[Card, ...]] = {}

    def completing(self, one: Card, other: Card) -> tuple[Card, ...]:
        """The faces that make a meld of three with ``one`` and ``other``."""
        key = (one.code, other.code) if one.code <= other.code else (other.code, one.code)
        found = self._completing.get(key)
        if found is None:
            rules = self.variant.meld_rules
            found = tuple(x for x in self.faces if isinstance(judge_meld(rules, [one, other, x]), Meld))
            self._completing[key] = found
        return found

    def melders(self, hand: Sequence[Card]) -> set[Card]:
        """The faces that make a meld of three with two of ``hand``'s cards
        (the joker too, where the variant's meld rules would take it)."""
        found: set[Card] = set()
        for index, one in enumerate(hand):
            for other in hand[index + 1 :]:
                found.update(self.completing(one, other))
        return found

    def count(self, hand: Sequence[Card], unseen: Counter[Card], table: Sequence[Meld] = ()) -> float:
        """What ``hand`` still has to get rid of: each card its least-penalty
        arrangement leaves out, ``1 / (1 + outs / patience)``, none for a
        card that grows one of ``table`` (the melds the seat may lay off on,
        none before it has opened); ``unseen``: the cards it may still get."""
        left = least_penalty(self.variant, hand).leftover
        total = 0.0
        for index, card in enumerate(left):
            if any(isinstance(grow_meld(self.variant, meld, [card]), Meld) for meld in table):
                continue
            outs = 0
            for other_index, other in enumerate(left):
                if other_index != index:
                    outs += sum(unseen[x] for x in self.completing(card, other))
            total += 1 / (1 + outs / self.patience)
        return total

    def best_discard(
        self, hand: Sequence[Card], unseen: Counter[Card], table: Sequence[Meld], allowed: Collection[Card]
    ) -> tuple[float, Card]:
        """Of the ``allowed`` cards of ``hand``, the one whose loss leaves the
        least to get rid of (ties: the highest penalty), and what is left then."""
        penalties = self.variant.hand_penalties
        best: tuple[float, int, Card] | None = None
        for card in sorted(set(hand), key=lambda c: c.code):
            if card not in allowed:
                continue
            rest = list(hand)
            rest.remove(card)
            mine = (self.count(rest, unseen, table), -penalties[card.code], card)
            if best is None or mine[:2] < best[:2]:
                best = mine
        if best is None:
            raise ValueError("no card of the hand may be thrown")
        return best[0], best[2]


class ShedBot(GreedyBot):
    """:class:`GreedyBot` with the discards, takes and (where
    :func:`holds_melds`) the melds of a player racing to go out (see the
    module's text); ``samples`` draws are weighed against a take; ``patience``
    as :class:`Outs`; melds held back until another seat holds at most
    ``alarm`` cards. Seeded."""

    def __init__(
        self,
        variant: Variant,
        *,
        seed: int | None = None,
        samples: int = 12,
        patience: float = 9.0,
        alarm: int = 3,
    ) -> None:
        super().__init__(variant, seed=seed)
        self.outs = Outs(variant, patience=patience)
        self.samples = samples
        self.holding = holds_melds(variant)
        self.alarm = alarm
        self.rng = random.Random(seed)

    def choose(self, view: PlayerView) -> Move:
        if view.hand is None or view.seat is None:
            raise ValueError("this view is not a seat's view: a bot needs its hand")
        unseen = unseen_cards(view, self.variant)
        table = self.lay_off_targets(view)
        hand = list(view.hand)
        if view.phase == "draw" and view.discards:
            take = next((m for m in view.legal if isinstance(m, Take) and m.depth == 1), None)
            draw = next((m for m in view.legal if isinstance(m, Draw)), None)
            opened = view.opened[view.seat]
            rule = rules_of(self.variant).draw
            free = not rule.top_take_is_conditional(view.turns_played, view.players, opened=opened)
            if take is not None and draw is not None and free:
                return take if self.wants_top(hand, view.discards[-1], unseen, table) else draw
        move = super().choose(view)
        if not isinstance(move, Discard):
            return move
        discards = {m.card.face: m for m in view.legal if isinstance(m, Discard)}
        _, card = self.outs.best_discard(hand, unseen, table, discards)
        return discards[card]

    def lay_off_targets(self, view: PlayerView) -> list[Meld]:
        """The table melds a card of the hand counts as laid off on: all of
        them once the seat has opened, none before."""
        opened = view.seat is not None and view.opened[view.seat]
        return [t.meld for t in view.table] if opened else []

    def wants_top(self, hand: list[Card], top: Card, unseen: Counter[Card], table: Sequence[Meld]) -> bool:
        """Is the hand better off taking ``top`` (and keeping it) than drawing
        one of ``samples`` cards of ``unseen`` (the mean of what each leaves)?"""
        allowed = {card for card in hand if card != top}
        if not allowed:
            return False
        taking, _ = self.outs.best_discard([*hand, top], unseen, table, allowed)
        pool = sorted(unseen.elements(), key=lambda c: c.code)
        draws = self.rng.sample(pool, min(self.samples, len(pool)))
        if not draws:
            return True
        drawing = sum(self.outs.best_discard([*hand, x], unseen, table, {*hand, x})[0] for x in draws)
        return taking < drawing / len(draws)

    def alarmed(self, view: PlayerView) -> bool:
        """Does another seat hold at most ``alarm`` cards (it may go out
        soon, and the melds held back would be paid with the hand)?"""
        return any(size <= self.alarm for seat, size in enumerate(view.hand_sizes) if seat != view.seat)

    def plan(self, view: PlayerView, hand: list[Card], keep: int) -> list[Meld | Move]:
        """:class:`GreedyBot`'s plan, but where :func:`holds_melds`, nothing
        laid before the hand can go out (then every card at once) while
        every other seat holds more than ``alarm`` cards."""
        if not self.holding or view.seat is None or self.alarmed(view):
            return super().plan(view, hand, keep)
        rules = rules_of(self.variant)
        blocked = [view.taken] if view.taken is not None and rules.draw.taken_card_is_marked() else []
        table = [t.meld for t in view.table]
        out = rules.going_out.plan(hand, table=table, opened=view.opened[view.seat], not_discardable=blocked)
        if out is None:
            return []
        return [*out.melds, *(LayOff(index + 1, cards) for index, cards in out.layoffs)]
