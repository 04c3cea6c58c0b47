"""Matches: a series of rounds with running totals, dealer rotation and a winner.

How long a match lasts, who deals and who wins is the variant's match stage
(:mod:`rummykit.rules.match`); :class:`Match` keeps the rounds played.

>>> import rummykit as rk
>>> match = Match.start(rk.load_variant("handromi"), players=3, first_dealer=0)
>>> match.rounds, match.dealer_of(1)
(7, 2)
"""

from __future__ import annotations

import attrs

from rummykit.deal import deal
from rummykit.rules.match import MatchRule, match_rule
from rummykit.state import RoundResult, RoundState
from rummykit.variant import Variant

__all__ = ["Match"]


@attrs.frozen(slots=True)
class Match:
    variant: Variant = attrs.field(eq=False)
    players: int
    rounds: int
    first_dealer: int
    results: tuple[RoundResult, ...] = ()

    @classmethod
    def start(
        cls, variant: Variant, *, players: int, first_dealer: int = 0, rounds: int | None = None
    ) -> Match:
        """A new match. ``rounds`` None: the variant's length (``per_player`` =
        one round per seat); another length must be one of ``rounds_options``."""
        variant.check_players(players)
        lengths = match_rule(variant).lengths(players)
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
        return match_rule(self.variant)

    def dealer_of(self, index: int) -> int:
        """The dealer of round ``index`` (0-based): the deal passes one seat in
        the direction of play each round (R-ALL-11)."""
        return self.rule.dealer_of(self, index)

    def deal_next(self, seed: int | None = None) -> RoundState:
        if self.is_over:
            raise ValueError("the match is over")
        return deal(self.variant, players=self.players, seed=seed, dealer=self.dealer_of(len(self.results)))

    def record(self, result: RoundResult) -> Match:
        """The match with one more finished round."""
        if self.is_over:
            raise ValueError("the match is over")
        if len(result.scores) != self.players:
            raise ValueError("a round result needs one score per seat")
        return attrs.evolve(self, results=(*self.results, result))

    @property
    def totals(self) -> tuple[int, ...]:
        return tuple(sum(r.scores[seat] for r in self.results) for seat in range(self.players))

    @property
    def is_over(self) -> bool:
        return self.rule.is_over(self)

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats with the best total (equal totals share the win, R-ALL-10)."""
        return self.rule.winners(self)
