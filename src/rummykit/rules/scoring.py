"""The round-scoring stage: what a finished round scores, and who won it.

:func:`scoring_stage` builds a variant's :class:`RoundScoring` (the variant's rule set holds it) from its
``[values.hand]`` and ``[scoring]`` tables and ``stock_exhausted.blocked_winner``;
the table value of a card is the meld rules' (``[values.table]``), and which of
two scores is the better one is the match stage's. :mod:`rummykit.round.round_scoring`
keeps its functions and asks this stage.

- ``hand_penalty``: everyone scores the penalty of his hand (or the flat score
  for not having opened); the player who went out scores ``winner_score``
  (``"minus_others"``: minus the sum of the others' round scores, R-RDE-13);
  after a hand rummy the others are multiplied (Handrömi ×2).
- ``table_minus_hand``: the table points a player placed minus his hand
  (Roemie); a hand rummy multiplies the player's own score.
- ``winner_collects``: the player who went out scores the sum of the
  others' hand penalties, the others 0, a blocked round 0 for everyone; a
  hand rummy multiplies the winner's score (Basic Rummy, R-RUM-07, R-RUM-08;
  :class:`CollectingScoring`).
- ``deadwood_difference``: a knock (gin) is scored by the knocker against the
  defender, with the gin and undercut bonuses of ``[knock]``; a drawn round
  scores nothing (:class:`DeadwoodScoring`).

>>> from rummykit.core.cards import parse_cards
>>> from rummykit.variant.model import load_variant
>>> from rummykit.rules.rule_set import rules_of
>>> scoring = rules_of(load_variant("rami51")).scoring
>>> scoring.penalty(parse_cards("Ah JK 7c"))
38
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Literal, Protocol

import attrs

from rummykit.core.cards import Card
from rummykit.core.round_values import Ending, RoundResult, TableMeld
from rummykit.core.values import TableValues
from rummykit.rules.deal import DealRule
from rummykit.rules.match import MatchRule
from rummykit.rules.show_judge import show_judge
from rummykit.rules.show_scoring import NO_FACTS, DealFacts, ShowScoring, uses_show_scoring
from rummykit.solver import least_penalty
from rummykit.solver.requirement import HandRules
from rummykit.variant.model import Variant

__all__ = [
    "CollectingScoring",
    "DeadwoodScoring",
    "RoundScoring",
    "ShowScoring",
    "StandardScoring",
    "scoring_stage",
]


class RoundScoring(Protocol):
    """The round-scoring stage of a variant."""

    def penalty(self, cards: Iterable[Card]) -> int:
        """The hand penalty of ``cards``."""
        ...

    def table_points(self, table: Sequence[TableMeld], seat: int) -> int:
        """The table value of every card ``seat`` placed (R-ROE-14)."""
        ...

    def score(
        self,
        hands: Sequence[Sequence[Card]],
        table: Sequence[TableMeld],
        opened: Sequence[bool],
        ending: Ending,
        winner: int | None,
        facts: DealFacts = NO_FACTS,
    ) -> RoundResult:
        """Score a finished round; ``winner`` is the seat that went out (None
        when the round was blocked or hit the turn cap); ``facts``: who left
        the deal, its wild rank, the seat to move (read by :class:`ShowScoring`)."""
        ...


@attrs.frozen(slots=True)
class StandardScoring:
    """``hand_penalty`` or ``table_minus_hand``, a fixed or computed winner's
    score, hand-rummy multipliers, a flat score for not having opened, and the
    winners of a round nobody went out of."""

    penalties: tuple[int, ...]  # by card code: the hand penalty
    table_values: TableValues
    method: Literal["hand_penalty", "table_minus_hand"]
    winner_score: int | None  # None: as the method computes it
    hand_rummy_winner_score: int | None
    minus_others: bool  # the winner scores minus the sum of the others (winner_score)
    hand_rummy_minus_others: bool  # the same after a hand rummy
    hand_rummy_multiplier: int
    hand_rummy_self_multiplier: int
    not_opened_flat: int
    blocked_round_has_winners: bool
    match: MatchRule

    def penalty(self, cards: Iterable[Card]) -> int:
        return sum(self.penalties[c.code] for c in cards)

    def table_points(self, table: Sequence[TableMeld], seat: int) -> int:
        values = self.table_values
        total = 0
        for entry in table:
            meld = entry.meld
            for slot, owner in zip(meld.slots, entry.credits, strict=True):
                if owner != seat:
                    continue
                position = slot.position if meld.kind == "run" else 0
                total += values.slot_value(position, slot.rank, slot.is_joker)
        return total

    def score(
        self,
        hands: Sequence[Sequence[Card]],
        table: Sequence[TableMeld],
        opened: Sequence[bool],
        ending: Ending,
        winner: int | None,
        facts: DealFacts = NO_FACTS,
    ) -> RoundResult:
        hand_rummy = ending == "hand_rummy"
        scores = tuple(
            self.seat_score(seat, hands[seat], table, opened[seat], winner, hand_rummy)
            for seat in range(len(hands))
        )
        if winner is not None and (self.hand_rummy_minus_others if hand_rummy else self.minus_others):
            credit = -sum(score for seat, score in enumerate(scores) if seat != winner)
            credit *= self.hand_rummy_self_multiplier if hand_rummy else 1
            scores = tuple(credit if seat == winner else score for seat, score in enumerate(scores))
        if winner is not None:
            winners: tuple[int, ...] = (winner,)
        elif not self.blocked_round_has_winners:
            winners = ()
        else:
            winners = self.match.leaders(scores)
        return RoundResult(ending, winner, winners, scores)

    def seat_score(
        self,
        seat: int,
        hand: Sequence[Card],
        table: Sequence[TableMeld],
        opened: bool,
        winner: int | None,
        hand_rummy: bool,
    ) -> int:
        if self.method == "table_minus_hand":
            score = self.table_points(table, seat) - self.penalty(hand)
        elif self.not_opened_flat and not opened and seat != winner:
            score = self.not_opened_flat
        else:
            score = self.penalty(hand)
        if seat == winner:
            fixed = self.hand_rummy_winner_score if hand_rummy else self.winner_score
            if fixed is not None:
                score = fixed
            if hand_rummy:
                score *= self.hand_rummy_self_multiplier
        elif winner is not None and hand_rummy:
            score *= self.hand_rummy_multiplier
        return score


def _fixed(score: int | Literal["computed", "minus_others"]) -> int | None:
    return None if isinstance(score, str) else int(score)


@attrs.frozen(slots=True)
class CollectingScoring:
    """``winner_collects`` (R-RUM-07, R-RUM-08): the player who went out
    collects the hand penalties of the others, who score 0; after a hand
    rummy his score is multiplied by ``hand_rummy_self_multiplier``. A round
    nobody went out of scores 0 for everyone; its winners are the best
    round scores (all of them, tied at 0) or none, as
    ``stock_exhausted.blocked_winner`` says.

    >>> from rummykit.core.cards import parse_cards
    >>> from rummykit.variant.model import loads_variant
    >>> from rummykit.rules.rule_set import rules_of
    >>> up = loads_variant(
    ...     '[meta]\\nid = "up"\\nname = "Up"\\nextends = "rami51"\\n'
    ...     '[scoring]\\nmethod = "winner_collects"\\nhand_rummy_self_multiplier = 2\\n')
    >>> scoring = rules_of(up).scoring
    >>> hands = [(), parse_cards("Kc 7d Ah"), parse_cards("2s")]
    >>> scoring.score(hands, (), (True, True, False), "went_out", 0).scores
    (30, 0, 0)
    >>> scoring.score(hands, (), (True, True, False), "hand_rummy", 0).scores
    (60, 0, 0)
    """

    penalties: tuple[int, ...]  # by card code: the hand penalty
    hand_rummy_self_multiplier: int
    blocked_round_has_winners: bool
    match: MatchRule

    def penalty(self, cards: Iterable[Card]) -> int:
        return sum(self.penalties[c.code] for c in cards)

    def table_points(self, table: Sequence[TableMeld], seat: int) -> int:
        return 0

    def score(
        self,
        hands: Sequence[Sequence[Card]],
        table: Sequence[TableMeld],
        opened: Sequence[bool],
        ending: Ending,
        winner: int | None,
        facts: DealFacts = NO_FACTS,
    ) -> RoundResult:
        if winner is None:
            scores = (0,) * len(hands)
            winners = self.match.leaders(scores) if self.blocked_round_has_winners else ()
            return RoundResult(ending, None, winners, scores)
        collected = sum(self.penalty(hand) for seat, hand in enumerate(hands) if seat != winner)
        if ending == "hand_rummy":
            collected *= self.hand_rummy_self_multiplier
        scores = tuple(collected if seat == winner else 0 for seat in range(len(hands)))
        return RoundResult(ending, winner, (winner,), scores)


KNOCK_ENDINGS = ("knock", "gin", "undercut")


@attrs.frozen(slots=True)
class DeadwoodScoring:
    """``deadwood_difference`` (R-GIN-13): ``winner`` is the knocker; every
    unlaid card is deadwood. The knocker scores the defender's deadwood minus
    his own, plus the gin bonus with no deadwood; below zero (or at zero with
    ``undercut_on_tie``) he loses the undercut bonus too. The defender scores
    the opposite; a round that ends without a knock scores 0 for everyone, its
    deadwood being each hand's least."""

    variant: Variant = attrs.field(eq=False, repr=False)
    demands: HandRules = attrs.field(eq=False, repr=False)
    gin_bonus: int
    undercut_bonus: int
    undercut_on_tie: bool

    def penalty(self, cards: Iterable[Card]) -> int:
        penalty = self.variant.hand_penalties
        return sum(penalty[c.code] for c in cards)

    def table_points(self, table: Sequence[TableMeld], seat: int) -> int:
        return 0

    def score(
        self,
        hands: Sequence[Sequence[Card]],
        table: Sequence[TableMeld],
        opened: Sequence[bool],
        ending: Ending,
        winner: int | None,
        facts: DealFacts = NO_FACTS,
    ) -> RoundResult:
        if winner is None or ending not in KNOCK_ENDINGS:
            deadwood = tuple(
                least_penalty(self.variant, hand, demands=self.demands).penalty if hand else 0
                for hand in hands
            )
            return RoundResult(ending, None, (), (0,) * len(hands), deadwood)
        deadwood = tuple(self.penalty(hand) for hand in hands)
        mine = deadwood[winner]
        theirs = sum(d for seat, d in enumerate(deadwood) if seat != winner)
        points = theirs - mine + (self.gin_bonus if mine == 0 else 0)
        undercut = points < 0 or (points == 0 and mine > 0 and self.undercut_on_tie)
        if undercut:
            points -= self.undercut_bonus
        scores = tuple(points if seat == winner else -points for seat in range(len(hands)))
        final: Ending = "gin" if mine == 0 else "undercut" if undercut else "knock"
        winners = tuple(seat for seat, s in enumerate(scores) if s > 0)
        return RoundResult(final, None, winners, scores, deadwood, winner)


def scoring_stage(variant: Variant, match: MatchRule, demands: HandRules, deal: DealRule) -> RoundScoring:
    """The round-scoring stage of ``variant`` (its rule set holds it)."""
    scoring = variant.scoring
    if scoring.method == "deadwood_difference":
        knock = variant.knock
        return DeadwoodScoring(variant, demands, knock.gin_bonus, knock.undercut_bonus, knock.undercut_on_tie)
    blocked_round_has_winners = variant.stock_exhausted.blocked_winner != "none"
    fixed_winner = _fixed(scoring.winner_score) or 0
    if uses_show_scoring(
        scoring.method,
        leaving=variant.drop.allowed or variant.declare.allowed,
        loser_count=scoring.loser_count.cards,
        cap=scoring.max_round_penalty,
        blocked_winner=variant.stock_exhausted.blocked_winner,
    ):
        return ShowScoring(
            penalties=variant.hand_penalties,
            counter=show_judge(variant).loser_count if scoring.loser_count.cards != "hand" else None,
            cap=scoring.max_round_penalty,
            winner_score=None if scoring.winner_score == "minus_others" else fixed_winner,
            blocked_has_winner=variant.stock_exhausted.blocked_winner == "best_as_winner",
            blocked_winners_shared=blocked_round_has_winners,
            deal=deal,
            values=variant.values.hand,
        )
    if scoring.method == "winner_collects":
        return CollectingScoring(
            variant.hand_penalties, scoring.hand_rummy_self_multiplier, blocked_round_has_winners, match
        )
    return StandardScoring(
        penalties=variant.hand_penalties,
        table_values=variant.meld_rules.values,
        method="table_minus_hand" if scoring.method == "table_minus_hand" else "hand_penalty",
        winner_score=_fixed(scoring.winner_score),
        hand_rummy_winner_score=_fixed(scoring.hand_rummy_winner_score),
        minus_others=scoring.winner_score == "minus_others",
        hand_rummy_minus_others=scoring.hand_rummy_winner_score == "minus_others",
        hand_rummy_multiplier=scoring.hand_rummy_multiplier,
        hand_rummy_self_multiplier=scoring.hand_rummy_self_multiplier,
        not_opened_flat=scoring.not_opened_flat,
        blocked_round_has_winners=blocked_round_has_winners,
        match=match,
    )
