"""Matches: a series of rounds with running totals, dealer rotation and a winner.

How long a match lasts, who deals, who plays each round, who must decide
whether to buy back, and who wins is the variant's match stage
(:mod:`rummykit.rules.match`); :class:`Match` keeps the rounds played and the
decisions taken.

>>> import rummykit as rk
>>> match = Match.start(rk.load_variant("handromi"), players=3, first_dealer=0)
>>> match.rounds, match.dealer_of(1), match.active
(7, 2, (0, 1, 2))
"""

from __future__ import annotations

import attrs

from rummykit.core.errors import IllegalMove
from rummykit.core.round_values import RoundResult
from rummykit.round.dealing import deal
from rummykit.round.state import RoundState
from rummykit.rules.contract import deal_count
from rummykit.rules.match import DECISIONS, Decision, MatchRule
from rummykit.rules.rule_set import rules_of
from rummykit.variant.model import Variant, as_variant

__all__ = ["Match"]


@attrs.frozen(slots=True)
class Match:
    variant: Variant = attrs.field(eq=False)
    players: int
    rounds: int
    first_dealer: int
    results: tuple[RoundResult, ...] = ()  # by match seat (0 for a seat not in play)
    decisions: tuple[Decision, ...] = ()

    @classmethod
    def start(
        cls, variant: Variant | str, *, players: int, first_dealer: int = 0, rounds: int | None = None
    ) -> Match:
        """A new match of ``variant`` (a Variant, or a bundled variant's id such
        as ``"rami51"``, as :func:`~rummykit.round.dealing.deal` takes). ``rounds`` None:
        the variant's length (``per_player`` = one round per seat); another
        length must be one of ``rounds_options``."""
        variant = as_variant(variant)
        variant.check_players(players)
        lengths = rules_of(variant).match.lengths(players)
        if rounds is None:
            rounds = lengths[0]
        elif rounds not in lengths:
            offered = ", ".join(str(r) for r in lengths)
            raise ValueError(f"{variant.id} matches have {offered} rounds, not {rounds}")
        if not 0 <= first_dealer < players:
            raise ValueError(f"first_dealer must be a seat from 0 to {players - 1}")
        return cls(variant, players, rounds, first_dealer)

    @property
    def rule(self) -> MatchRule:
        """The variant's match stage."""
        return rules_of(self.variant).match

    def dealer_of(self, index: int) -> int:
        """The match seat that deals round ``index`` (0-based): the deal passes
        to the next seat in play in the direction of play (R-ALL-11)."""
        return self.rule.dealer_of(self, index)

    @property
    def active(self) -> tuple[int, ...]:
        """The match seats in play for the next round, in seat order: round
        seat ``j`` is ``active[j]``. Every seat, unless the match eliminates."""
        return self.rule.played(self, len(self.results))

    def played(self, index: int) -> tuple[int, ...]:
        """The match seats that played round ``index`` (in seat order)."""
        return self.rule.played(self, index)

    @property
    def pending(self) -> tuple[int, ...]:
        """The seats that must decide ("rebuy" or "retire") before the next round."""
        return self.rule.pending(self)

    def decide(self, seat: int, choice: str) -> Match:
        """The match after seat ``seat`` decides ``choice``: "rebuy" (buy back
        in) or "retire" (leave the match). A decision the match stage refuses
        raises :class:`~rummykit.core.errors.IllegalMove` (``match.no-rebuy``,
        ``match.no-decision``) and changes nothing."""
        if choice not in DECISIONS:
            raise ValueError(f"a decision is one of {', '.join(DECISIONS)}, not {choice!r}")
        if not 0 <= seat < self.players:
            raise ValueError(f"a seat is from 0 to {self.players - 1}, not {seat}")
        refusal = self.rule.refusal(self, seat, choice)
        if refusal is not None:
            raise IllegalMove.from_refusal(refusal)
        return attrs.evolve(self, decisions=(*self.decisions, Decision(len(self.results), seat, choice)))

    def _ready(self) -> None:
        """Refuse to go on while the match is over or a seat must decide."""
        if self.is_over:
            raise ValueError("the match is over")
        pending = self.pending
        if pending:
            seats = ", ".join(str(seat) for seat in pending)
            raise ValueError(f"seat(s) {seats} must decide (rebuy or retire) before the next round")

    def deal_next(self, seed: int | None = None) -> RoundState:
        """Deal the next round to the seats in play (round seat ``j`` is
        ``active[j]``), dealt by :meth:`dealer_of`."""
        self._ready()
        active = self.active
        dealer = active.index(self.dealer_of(len(self.results)))
        number = len(self.results) + 1 if deal_count(self.variant) else 0
        return deal(self.variant, players=len(active), seed=seed, dealer=dealer, deal_number=number)

    def record(self, result: RoundResult) -> Match:
        """The match with one more finished round: ``result`` has one score per
        seat in play (by round seat); it is kept by match seat."""
        self._ready()
        active = self.active
        if len(result.scores) != len(active):
            raise ValueError(f"a round result needs one score per seat in play ({len(active)})")
        scores = [0] * self.players
        for round_seat, seat in enumerate(active):
            scores[seat] = result.scores[round_seat]
        kept = attrs.evolve(
            result,
            winner=None if result.winner is None else active[result.winner],
            winners=tuple(active[w] for w in result.winners),
            scores=tuple(scores),
        )
        return attrs.evolve(self, results=(*self.results, kept))

    @property
    def totals(self) -> tuple[int, ...]:
        return self.rule.totals(self)

    @property
    def is_over(self) -> bool:
        return self.rule.is_over(self)

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats with the best total (equal totals share the win, R-ALL-10)."""
        return self.rule.winners(self)
