"""The match stage: how long a match lasts, who deals each round, when it is
over, who won, and which of two scores is the better one.

:func:`match_rule` builds a variant's :class:`MatchRule` once from its
``[match]`` table (and ``seating.dealer_rotation``; the direction the deal
passes in is the deal stage's). :class:`rummykit.match.Match`, the simulator
and round scoring ask it; nothing else reads those keys.

A match lasts a fixed number of rounds (:class:`FixedRounds`), or until a
total reaches ``match.target`` (:class:`TargetScore`); the rule answers "is it
over" and "who won" from the match so far, so that another way to end a match
is another rule, not a change to its callers.

>>> from rummykit.variant import load_variant
>>> rule = match_rule(load_variant("roemie"))
>>> rule.lengths(players=3), rule.better(12, 5), rule.leaders([5, 12, 12])
((3,), True, (1, 2))
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Protocol

import attrs

from rummykit.rules.deal import DealRule, deal_rule
from rummykit.table import RoundResult
from rummykit.variant import Variant

__all__ = ["FixedRounds", "MatchHistory", "MatchRule", "TargetScore", "TotalExceeds", "match_rule"]


class MatchHistory(Protocol):
    """A match so far, as a match rule sees it."""

    @property
    def players(self) -> int: ...

    @property
    def rounds(self) -> int:
        """The length chosen when the match started."""
        ...

    @property
    def first_dealer(self) -> int: ...

    @property
    def results(self) -> tuple[RoundResult, ...]: ...

    @property
    def totals(self) -> tuple[int, ...]: ...


class MatchRule(Protocol):
    """The match stage of a variant."""

    def lengths(self, players: int) -> tuple[int, ...]:
        """The match lengths a table may choose, the variant's own first."""
        ...

    def better(self, score: int, other: int) -> bool:
        """Is ``score`` better than ``other`` (as a round score or a total)?"""
        ...

    def leaders(self, scores: Sequence[int]) -> tuple[int, ...]:
        """The seats with the best score (equal scores share, R-ALL-10)."""
        ...

    def dealer_of(self, history: MatchHistory, index: int) -> int:
        """The dealer of round ``index`` (0-based)."""
        ...

    def is_over(self, history: MatchHistory) -> bool: ...

    def winners(self, history: MatchHistory) -> tuple[int, ...]:
        """Who won the match (or leads it, while it is not over)."""
        ...


@attrs.frozen(slots=True)
class FixedRounds:
    """A match of a fixed number of rounds (one per seat, or a number); the
    deal passes one seat in the direction of play each round (R-ALL-11); the
    best total wins, equal totals share the win (R-ALL-10)."""

    per_player: bool
    rounds: int  # when not per_player
    options: tuple[int, ...]
    highest_wins: bool
    seats: DealRule

    def lengths(self, players: int) -> tuple[int, ...]:
        own = players if self.per_player else self.rounds
        return (own, *(r for r in self.options if r != own))

    def better(self, score: int, other: int) -> bool:
        return score > other if self.highest_wins else score < other

    def leaders(self, scores: Sequence[int]) -> tuple[int, ...]:
        best = scores[0]
        for score in scores[1:]:
            if self.better(score, best):
                best = score
        return tuple(seat for seat, score in enumerate(scores) if score == best)

    def dealer_of(self, history: MatchHistory, index: int) -> int:
        # seating.dealer_rotation = "next_in_direction"
        return self.seats.next_seat(history.players, history.first_dealer, index)

    def is_over(self, history: MatchHistory) -> bool:
        return len(history.results) >= history.rounds

    def winners(self, history: MatchHistory) -> tuple[int, ...]:
        return self.leaders(history.totals)


@attrs.frozen(slots=True)
class TotalExceeds(FixedRounds):
    """A match that ends after the round in which some total exceeds ``limit``
    (``match.end_when_total_exceeds``, R-RDE-14): it has no fixed length
    (``lengths`` offers 0, "until a total is over the limit"); dealers pass
    and the best total wins as in :class:`FixedRounds`."""

    limit: int = 0

    def lengths(self, players: int) -> tuple[int, ...]:
        return (0,)

    def is_over(self, history: MatchHistory) -> bool:
        return any(total > self.limit for total in history.totals)


def _total_exceeds(variant: Variant) -> TotalExceeds:
    """The match stage of a variant whose matches end on a total over a limit."""
    return TotalExceeds(
        per_player=False,
        rounds=0,
        options=(),
        highest_wins=variant.match.winner == "highest_total",
        seats=deal_rule(variant),
        limit=variant.match.end_when_total_exceeds,
    )


@attrs.frozen(slots=True)
class TargetScore:
    """A match that ends after the round in which some total reaches
    ``target`` (``match.target``, R-500-11); it has no fixed length (its one
    length is 0). The best total wins then, equal totals share the win
    (R-ALL-10); the deal passes as in :class:`FixedRounds`."""

    target: int
    rounds: FixedRounds

    def lengths(self, players: int) -> tuple[int, ...]:
        return (0,)

    def better(self, score: int, other: int) -> bool:
        return self.rounds.better(score, other)

    def leaders(self, scores: Sequence[int]) -> tuple[int, ...]:
        return self.rounds.leaders(scores)

    def dealer_of(self, history: MatchHistory, index: int) -> int:
        return self.rounds.dealer_of(history, index)

    def is_over(self, history: MatchHistory) -> bool:
        return bool(history.results) and max(history.totals) >= self.target

    def winners(self, history: MatchHistory) -> tuple[int, ...]:
        return self.rounds.leaders(history.totals)


@lru_cache(maxsize=64)
def match_rule(variant: Variant) -> MatchRule:
    """The match stage of ``variant`` (built once per variant)."""
    match = variant.match
    if match.end_when_total_exceeds:
        return _total_exceeds(variant)
    fixed = FixedRounds(
        per_player=match.rounds == "per_player",
        rounds=0 if match.rounds == "per_player" else int(match.rounds),
        options=match.rounds_options,
        highest_wins=match.winner == "highest_total",
        seats=deal_rule(variant),
    )
    if match.target > 0:
        return TargetScore(match.target, fixed)
    return fixed
