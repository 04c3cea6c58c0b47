"""Scoring a deal that seats may leave before its end (the fold, a wrong
show) and that a show or a block ends with one winner: the round-scoring
stage :class:`ShowScoring` (``scoring.method = "hand_penalty"`` with any of
``[drop]``, ``[declare]``, ``scoring.loser_count``, ``scoring.max_round_penalty``
or ``stock_exhausted.blocked_winner = "best_as_winner"``).

- A seat out of the deal scores what it left with (its drop or wrong show).
- Every other loser scores his count (``loser_count.cards``: the whole hand,
  or the cards outside his best arrangement that meets the declaration's
  shape, every card where none does, R-IND-09), capped at
  ``max_round_penalty`` where that is set.
- The winner scores ``winner_score`` (``"minus_others"``: minus the sum of
  the others, R-IND-11).
- A blocked deal (``best_as_winner``, R-IND-12): the seat still in with the
  lowest capped count wins, ties going to the tied seat first in the order
  of play from the seat to move, and is scored as a winner.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Literal

import attrs

from rummykit.core.cards import Card
from rummykit.core.round_values import Ending, RoundResult, TableMeld
from rummykit.core.values import HandValues
from rummykit.rules.deal import DealRule

__all__ = ["NO_FACTS", "DealFacts", "ShowScoring", "uses_show_scoring"]

Counter = Callable[[Sequence[Card], "int | None"], int]
"""A loser's count of a hand under a wild rank (None: no wild rank)."""


@attrs.frozen(slots=True)
class DealFacts:
    """What a deal's score reads beside the hands: the seats out and what
    each left with (0: still in; empty: every seat in), the deal's wild rank
    (None: none), and the seat to move (where a block's ties start)."""

    dropped: tuple[int, ...] = ()
    wild_rank: int | None = None
    to_move: int = 0


NO_FACTS = DealFacts()


@attrs.frozen(slots=True)
class ShowScoring:
    """Round scores of a deal with seats out, losers' counts, a cap and a
    blocked deal won by the best (see the module)."""

    penalties: tuple[int, ...] = attrs.field(repr=False)  # by card code: the hand penalty
    counter: Counter | None = attrs.field(eq=False, repr=False)  # None: the whole hand counts
    cap: int  # 0: no cap
    winner_score: int | None  # None: minus the others' sum
    blocked_has_winner: bool  # best_as_winner: a blocked deal's best wins alone
    blocked_winners_shared: bool  # best_round_score: the best (all tied) win
    deal: DealRule = attrs.field(eq=False, repr=False)
    values: HandValues = attrs.field(eq=False, repr=False)  # values.hand: its wild-rank value

    def penalty(self, cards: Iterable[Card]) -> int:
        return sum(self.penalties[c.code] for c in cards)

    def penalty_in_deal(self, cards: Iterable[Card], wild_rank: int | None) -> int:
        """The hand penalty of ``cards`` in a deal with ``wild_rank``: its
        cards count ``values.hand.wild`` (R-IND-09)."""
        if wild_rank is None:
            return self.penalty(cards)
        penalties = self.values.with_wild_rank(wild_rank)
        return sum(penalties[c.code] for c in cards)

    def table_points(self, table: Sequence[TableMeld], seat: int) -> int:
        return 0

    def count(self, hand: Sequence[Card], wild_rank: int | None) -> int:
        """A loser's count of ``hand``, before the cap."""
        if self.counter is None or not hand:
            return self.penalty_in_deal(hand, wild_rank)
        return self.counter(hand, wild_rank)

    def capped(self, count: int) -> int:
        return min(count, self.cap) if self.cap else count

    def score(
        self,
        hands: Sequence[Sequence[Card]],
        table: Sequence[TableMeld],
        opened: Sequence[bool],
        ending: Ending,
        winner: int | None,
        facts: DealFacts = NO_FACTS,
    ) -> RoundResult:
        players = len(hands)
        dropped = facts.dropped or (0,) * players
        counts = [0 if dropped[seat] or seat == winner else self.count(hands[seat], facts.wild_rank)
                  for seat in range(players)]  # fmt: skip
        scores = [dropped[seat] or self.capped(counts[seat]) for seat in range(players)]
        if winner is None and self.blocked_has_winner:
            winner = self._best(scores, dropped, facts.to_move)
        if winner is None:
            winners = self._shared(scores, dropped) if self.blocked_winners_shared else ()
            return RoundResult(ending, None, winners, tuple(scores), tuple(counts))
        others = sum(score for seat, score in enumerate(scores) if seat != winner)
        scores[winner] = -others if self.winner_score is None else self.winner_score
        return RoundResult(ending, winner, (winner,), tuple(scores), tuple(counts))

    def _best(self, scores: Sequence[int], dropped: Sequence[int], to_move: int) -> int | None:
        """The seat still in with the lowest capped count, ties to the first
        in the order of play from ``to_move`` (R-IND-12)."""
        players = len(scores)
        order = [self.deal.next_seat(players, to_move, step) for step in range(players)]
        best: int | None = None
        for seat in order:
            if not dropped[seat] and (best is None or scores[seat] < scores[best]):
                best = seat
        return best

    @staticmethod
    def _shared(scores: Sequence[int], dropped: Sequence[int]) -> tuple[int, ...]:
        inside = [seat for seat in range(len(scores)) if not dropped[seat]]
        best = min((scores[seat] for seat in inside), default=0)
        return tuple(seat for seat in inside if scores[seat] == best)


def uses_show_scoring(
    method: str,
    *,
    leaving: bool,
    loser_count: Literal["hand", "unmatched"],
    cap: int,
    blocked_winner: str,
) -> bool:
    """Does a variant score its deals with :class:`ShowScoring`? Those that
    score hand penalties and have seats leaving (``leaving``), losers'
    counts of the unmatched cards, a cap or a blocked deal won by the best."""
    if method != "hand_penalty":
        return False
    return leaving or loser_count == "unmatched" or cap > 0 or blocked_winner == "best_as_winner"
