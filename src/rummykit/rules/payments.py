"""Scoring by payments keyed by ending (``scoring.method = "payments"``,
``scoring.payments``; tonk, R-TNK-08): a deal scores stakes, not card
points, and sums to zero.

The deal's winners follow from how it ended (R-TNK-12): the seat that went
out; the dropper, or where he was caught every seat at or below his count;
the lowest counts at an empty stock or the turn cap; the seats dealt a
winning count. Then the ending's entry in ``scoring.payments`` is paid:
each seat not among the winners pays ``amount`` to each winner
(``payer = "losers"``), or the knocker alone pays each winner
(``payer = "knocker"``). An ending with no entry, or no winners, pays
nothing. The table's keys are the endings as a case file names them: an
out by the last discard is ``out`` (the result's ``went_out``), an empty
stock ``stock`` (``blocked``).

>>> from rummykit.core.cards import parse_cards
>>> from rummykit.variant.model import load_variant
>>> from rummykit.rules.rule_set import rules_of
>>> scoring = rules_of(load_variant("tonk")).scoring
>>> hands = [parse_cards("2c 3d"), parse_cards("2h 3s"), parse_cards("Kc Qd")]
>>> result = scoring.score(hands, (), (True,) * 3, "blocked", None)
>>> result.ending, result.winners, result.scores, result.deadwood
('blocked', (0, 1), (1, 1, -2), (5, 5, 20))
>>> result = scoring.score(hands, (), (True,) * 3, "drop", 0)
>>> result.ending, result.winners, result.scores
('caught', (1,), (-2, 2, 0))
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import attrs

from rummykit.core.cards import Card
from rummykit.core.round_values import Ending, RoundResult, TableMeld
from rummykit.rules.drop_knock import DropKnockRule
from rummykit.rules.instant_win import InstantWinRule
from rummykit.rules.show_scoring import NO_FACTS, DealFacts
from rummykit.variant.model import Variant

__all__ = ["PaymentScoring", "payment_scoring"]


def _table_key(ending: Ending) -> str:
    """The ``scoring.payments`` key of a result's ending: an out by the last
    discard is ``out``, an empty stock ``stock``; the others as they are."""
    return "out" if ending == "went_out" else "stock" if ending == "blocked" else ending


_COUNTED = ("blocked", "turn_cap")
"""Endings decided by the lowest whole-hand count (R-TNK-09)."""
_OUTS = ("went_out", "tonk_out", "hand_rummy")


@attrs.frozen(slots=True)
class PaymentScoring:
    """``payments``: winners by ending, then the ending's stake paid to them."""

    penalties: tuple[int, ...] = attrs.field(repr=False)  # by card code: a card's count
    payments: tuple[tuple[str, int, bool], ...]  # (table key, amount, the knocker alone pays)
    drop: DropKnockRule | None
    instant: InstantWinRule | None
    blocked_round_has_winners: bool

    def penalty(self, cards: Iterable[Card]) -> int:
        penalty = self.penalties
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
        """The deal's result; ``winner`` is the seat that went out, or the
        dropper (for ``"drop"`` and ``"caught"``, which this decides)."""
        counts = tuple(self.penalty(hand) for hand in hands)
        knocker: int | None = None
        shown: tuple[int, ...] = ()
        winners: tuple[int, ...] = ()
        if ending in ("drop", "caught") and winner is not None and self.drop is not None:
            knocker, shown = winner, counts
            ending = "caught" if self.drop.caught(counts, winner) else "drop"
            winners = self.drop.winners(counts, winner)
        elif ending == "tonk_deal" and self.instant is not None:
            winners = self.instant.seats(hands)
        elif ending in _OUTS and winner is not None:
            winners = (winner,)
        elif ending in _COUNTED:
            shown = counts
            if self.blocked_round_has_winners:
                winners = tuple(seat for seat, c in enumerate(counts) if c == min(counts))
        if len(winners) == len(hands):  # every seat tied: nobody gains (R-TNK-12)
            winners = ()
        scores = self.paid(_table_key(ending), winners, knocker, len(hands))
        single = winners[0] if len(winners) == 1 else None
        return RoundResult(ending, single, winners, scores, shown, knocker)

    def paid(self, key: str, winners: Sequence[int], knocker: int | None, players: int) -> tuple[int, ...]:
        """The scores once the entry ``key`` of ``scoring.payments`` is paid
        to ``winners``: by every other seat, or by the knocker alone."""
        scores = [0] * players
        entry = next((p for p in self.payments if p[0] == key), None)
        if entry is None or not winners:
            return tuple(scores)
        amount, knocker_pays = entry[1], entry[2]
        payers = [knocker] if knocker_pays and knocker is not None else range(players)
        for payer in payers:
            if payer in winners:
                continue
            for seat in winners:
                scores[payer] -= amount
                scores[seat] += amount
        return tuple(scores)


def payment_scoring(
    variant: Variant, drop: DropKnockRule | None, instant: InstantWinRule | None
) -> PaymentScoring:
    """The payments scoring of ``variant`` (``scoring.method = "payments"``)."""
    payments = tuple((key, entry.amount, entry.payer == "knocker") for key, entry in variant.scoring.payments)
    has_winners = variant.stock_exhausted.blocked_winner != "none"
    return PaymentScoring(variant.hand_penalties, payments, drop, instant, has_winners)
