"""The match stage: how long a match lasts, who deals each round, when it is
over, who won, and which of two scores is the better one.

:func:`match_stage` builds a variant's :class:`MatchRule` (the variant's rule set holds it) from its
``[match]`` table (and ``seating.dealer_rotation``; the direction the deal
passes in is the deal stage's). :class:`rummykit.round.match_play.Match`, the simulator
and round scoring ask it; nothing else reads those keys.

A match lasts a fixed number of rounds (:class:`FixedRounds`), until a
total reaches ``match.target`` (:class:`TargetScore`), or until elimination
leaves one seat (:class:`Elimination`, ``match.rounds = "until_one_left"``);
the rule answers "is it over", "who won", "who plays the next round" and "who
must decide whether to buy back" from the match so far, so that another way to
end a match is another rule, not a change to its callers.

>>> from rummykit.variant.model import load_variant
>>> roemie = load_variant("roemie")
>>> from rummykit.rules.deal import deal_stage
>>> rule = match_stage(roemie, deal_stage(roemie))
>>> rule.lengths(players=3), rule.better(12, 5), rule.leaders([5, 12, 12])
((3,), True, (1, 2))
"""

from __future__ import annotations

from collections.abc import Sequence, Set
from typing import Protocol

import attrs

from rummykit.core.errors import Refusal
from rummykit.core.round_values import RoundResult
from rummykit.rules.deal import DealRule
from rummykit.variant.model import Variant

__all__ = [
    "DECISIONS",
    "AllSeatsPlay",
    "Decision",
    "Elimination",
    "FixedRounds",
    "MatchHistory",
    "MatchRule",
    "Standing",
    "TargetScore",
    "TotalExceeds",
    "match_stage",
]

DECISIONS = ("rebuy", "retire")
"""What an eliminated seat may decide: buy back in, or leave the match."""


@attrs.frozen(slots=True)
class Decision:
    """Seat ``seat`` decided ``choice`` (one of :data:`DECISIONS`) after the
    first ``after`` rounds of the match."""

    after: int
    seat: int
    choice: str


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

    @property
    def decisions(self) -> tuple[Decision, ...]:
        """The decisions taken so far, in order."""
        ...


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

    def totals(self, history: MatchHistory) -> tuple[int, ...]:
        """Each seat's total (from the results, and the decisions taken)."""
        ...

    def played(self, history: MatchHistory, index: int) -> tuple[int, ...]:
        """The seats that play round ``index`` (0-based; a round not yet
        played: the seats in play now), in seat order."""
        ...

    def pending(self, history: MatchHistory) -> tuple[int, ...]:
        """The seats that must decide (see :data:`DECISIONS`) before the next round."""
        ...

    def refusal(self, history: MatchHistory, seat: int, choice: str) -> Refusal | None:
        """Why seat ``seat`` may not decide ``choice`` now (None: it may)."""
        ...


class AllSeatsPlay:
    """Every seat plays every round and nobody is ever asked to decide: the
    match stages other than :class:`Elimination` share this."""

    __slots__ = ()

    def totals(self, history: MatchHistory) -> tuple[int, ...]:
        return tuple(sum(r.scores[seat] for r in history.results) for seat in range(history.players))

    def played(self, history: MatchHistory, index: int) -> tuple[int, ...]:
        return tuple(range(history.players))

    def pending(self, history: MatchHistory) -> tuple[int, ...]:
        return ()

    def refusal(self, history: MatchHistory, seat: int, choice: str) -> Refusal | None:
        if choice == "rebuy":
            return Refusal("match.no-rebuy", "This variant has no buy-back: no seat is ever out.")
        return Refusal("match.no-decision", "Seat {seat} has no decision to make in this match.", seat=seat)


@attrs.frozen(slots=True)
class FixedRounds(AllSeatsPlay):
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


def _total_exceeds(variant: Variant, deal: DealRule) -> TotalExceeds:
    """The match stage of a variant whose matches end on a total over a limit."""
    return TotalExceeds(
        per_player=False,
        rounds=0,
        options=(),
        highest_wins=variant.match.winner == "highest_total",
        seats=deal,
        limit=variant.match.end_when_total_exceeds,
    )


@attrs.frozen(slots=True)
class TargetScore(AllSeatsPlay):
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


@attrs.frozen(slots=True)
class Standing:
    """Where an elimination match stands: each seat's total, the seats that
    played each round, the seats in play for the next one, those that must
    decide first, and those that have used their buy-back."""

    totals: tuple[int, ...]
    rounds: tuple[tuple[int, ...], ...]
    active: tuple[int, ...]
    pending: tuple[int, ...]
    bought_back: frozenset[int]
    survivors: tuple[int, ...] = ()  # the seats not over the limit after the last deal


@attrs.frozen(slots=True)
class Elimination:
    """A match that lasts until one seat is left (``match.rounds =
    "until_one_left"``, R-KAL-14). After each deal a seat in play whose total
    exceeds ``limit`` (``match.eliminate_above``) is out, unless it buys back
    (``match.buy_back = "once_at_highest_survivor"``): once per seat, only
    while at least two other seats are still in after that deal (not over the
    limit in it), taking the highest total among those. A seat that may buy
    back is asked (:meth:`pending`); a seat that may not leaves at once. The
    last seat in wins; if every seat in play goes over in the same deal, the
    best total among them wins (equal totals share, R-ALL-10). The deal passes
    to the next seat in play in the direction of play."""

    limit: int
    buy_back: bool
    rounds: FixedRounds

    def lengths(self, players: int) -> tuple[int, ...]:
        return (0,)

    def better(self, score: int, other: int) -> bool:
        return self.rounds.better(score, other)

    def leaders(self, scores: Sequence[int]) -> tuple[int, ...]:
        return self.rounds.leaders(scores)

    def standing(self, history: MatchHistory) -> Standing:
        """Replay the rounds and decisions of ``history``."""
        decided = {(d.after, d.seat): d.choice for d in history.decisions}
        totals = [0] * history.players
        active = tuple(range(history.players))
        played: list[tuple[int, ...]] = []
        pending: tuple[int, ...] = ()
        bought: set[int] = set()
        still_in: tuple[int, ...] = active
        for index, result in enumerate(history.results):
            played.append(active)
            for seat in active:
                totals[seat] += result.scores[seat]
            still_in = tuple(seat for seat in active if totals[seat] <= self.limit)
            over = [seat for seat in active if seat not in still_in]
            askable = [seat for seat in over if self.may_buy_back(seat, still_in, bought)]
            rebuys = [seat for seat in askable if decided.get((index + 1, seat)) == "rebuy"]
            pending = tuple(seat for seat in askable if (index + 1, seat) not in decided)
            for seat in rebuys:
                totals[seat] = max(totals[s] for s in still_in)
                bought.add(seat)
            active = tuple(sorted((*still_in, *rebuys)))
        return Standing(tuple(totals), tuple(played), active, pending, frozenset(bought), still_in)

    def may_buy_back(self, seat: int, still_in: Sequence[int], bought: Set[int]) -> bool:
        """May ``seat``, out after a deal, buy back in, with ``still_in`` the
        seats not out after it?"""
        return self.buy_back and seat not in bought and len(still_in) >= 2

    def totals(self, history: MatchHistory) -> tuple[int, ...]:
        return self.standing(history).totals

    def played(self, history: MatchHistory, index: int) -> tuple[int, ...]:
        standing = self.standing(history)
        return standing.rounds[index] if index < len(standing.rounds) else standing.active

    def pending(self, history: MatchHistory) -> tuple[int, ...]:
        return self.standing(history).pending

    def refusal(self, history: MatchHistory, seat: int, choice: str) -> Refusal | None:
        standing = self.standing(history)
        if seat in standing.pending:
            return None
        if choice == "rebuy" and seat not in standing.active:
            return self._why_no_rebuy(history, standing, seat)
        return Refusal("match.no-decision", "Seat {seat} has no decision to make now.", seat=seat)

    def _why_no_rebuy(self, history: MatchHistory, standing: Standing, seat: int) -> Refusal:
        """Why ``seat``, out of the match, may not buy back in (one sentence)."""
        if not self.buy_back:
            return Refusal("match.no-rebuy", "This variant has no buy-back: a seat over the limit is out.")
        if seat in standing.bought_back:
            return Refusal(
                "match.no-rebuy",
                "Seat {seat} has bought back once already; a seat buys back at most once.",
                seat=seat,
            )
        if any(d.after == len(history.results) and d.seat == seat for d in history.decisions):
            return Refusal(
                "match.no-rebuy", "Seat {seat} has decided already: it retired after this deal.", seat=seat
            )
        last = standing.rounds[-1] if standing.rounds else ()
        if seat in last and len(standing.survivors) < 2:
            return Refusal(
                "match.no-rebuy",
                "Seat {seat} may buy back only while at least two other seats are still in.",
                seat=seat,
            )
        return Refusal(
            "match.no-rebuy",
            "Seat {seat} is out; a buy-back is decided right after the deal that put the seat out.",
            seat=seat,
        )

    def dealer_of(self, history: MatchHistory, index: int) -> int:
        standing = self.standing(history)
        dealer = history.first_dealer
        for later in range(1, index + 1):
            seats = standing.rounds[later] if later < len(standing.rounds) else standing.active
            dealer = self._next_in(history.players, dealer, seats)
        return dealer

    def _next_in(self, players: int, seat: int, seats: Sequence[int]) -> int:
        """The first seat of ``seats`` after ``seat`` in the direction of play."""
        for steps in range(1, players + 1):
            candidate = self.rounds.seats.next_seat(players, seat, steps)
            if candidate in seats:
                return candidate
        return self.rounds.seats.next_seat(players, seat)

    def is_over(self, history: MatchHistory) -> bool:
        standing = self.standing(history)
        return not standing.pending and len(standing.active) <= 1

    def winners(self, history: MatchHistory) -> tuple[int, ...]:
        standing = self.standing(history)
        seats = standing.active or (standing.rounds[-1] if standing.rounds else ())
        if not seats:
            return ()
        best = self.leaders([standing.totals[seat] for seat in seats])
        return tuple(seats[i] for i in best)


def match_stage(variant: Variant, deal: DealRule) -> MatchRule:
    """The match stage of ``variant``, whose seats change as ``deal`` says
    (its rule set holds it)."""
    match = variant.match
    if match.end_when_total_exceeds:
        return _total_exceeds(variant, deal)
    numbered = isinstance(match.rounds, int)
    fixed = FixedRounds(
        per_player=match.rounds == "per_player",
        rounds=int(match.rounds) if numbered else 0,
        options=match.rounds_options,
        highest_wins=match.winner == "highest_total",
        seats=deal,
    )
    if match.target > 0:
        return TargetScore(match.target, fixed)
    if match.rounds == "until_one_left":
        return Elimination(match.eliminate_above, match.buy_back == "once_at_highest_survivor", fixed)
    return fixed
