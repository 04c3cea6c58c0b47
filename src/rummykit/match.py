"""Matches: a series of rounds with running totals, dealer rotation and a winner.

>>> import rummykit as rk
>>> match = Match.start(rk.load_variant("handromi"), players=3, first_dealer=0)
>>> match.rounds, match.dealer_of(1)
(7, 2)
"""

from __future__ import annotations

import attrs

from rummykit.deal import deal, next_seat
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
        default = players if variant.match.rounds == "per_player" else int(variant.match.rounds)
        if rounds is None:
            rounds = default
        elif rounds != default and rounds not in variant.match.rounds_options:
            offered = ", ".join(str(r) for r in (default, *variant.match.rounds_options))
            raise ValueError(f"{variant.id} matches have {offered} rounds, not {rounds}")
        if not 0 <= first_dealer < players:
            raise ValueError(f"first_dealer must be a seat from 0 to {players - 1}")
        return cls(variant, players, rounds, first_dealer)

    def dealer_of(self, index: int) -> int:
        """The dealer of round ``index`` (0-based): the deal passes one seat in
        the direction of play each round (R-ALL-11)."""
        return next_seat(self.variant, self.players, self.first_dealer, index)

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
        return len(self.results) >= self.rounds

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats with the best total (equal totals share the win, R-ALL-10)."""
        totals = self.totals
        best = max(totals) if self.variant.match.winner == "highest_total" else min(totals)
        return tuple(seat for seat, total in enumerate(totals) if total == best)
