"""Round scores, as the variant's ``[scoring]`` says (docs/variants/*.md).

- ``hand_penalty``: everyone scores the penalty of his hand (or the flat score
  for not having opened); the player who went out scores ``winner_score``;
  after a hand rummy the others are multiplied (Handrömi ×2).
- ``table_minus_hand``: the table points a player placed minus his hand
  (Roemie); a hand rummy multiplies the player's own score.
"""

from __future__ import annotations

from collections.abc import Sequence

from rummykit.cards import Card
from rummykit.table import Ending, RoundResult, TableMeld
from rummykit.variant import Variant

__all__ = ["round_result", "table_points"]


def table_points(variant: Variant, table: Sequence[TableMeld], seat: int) -> int:
    """The table value of every card ``seat`` placed (R-ROE-14)."""
    values = variant.values.table
    total = 0
    for entry in table:
        meld = entry.meld
        for slot, owner in zip(meld.slots, entry.credits, strict=True):
            if owner != seat:
                continue
            if meld.kind == "run":
                total += values.run_values[slot.position]
            else:
                total += values.set_values[slot.rank]
    return total


def round_result(
    variant: Variant,
    hands: Sequence[Sequence[Card]],
    table: Sequence[TableMeld],
    opened: Sequence[bool],
    ending: Ending,
    winner: int | None,
) -> RoundResult:
    """Score a finished round. ``winner`` is the seat that went out (None when
    the round was blocked or hit the turn cap)."""
    scoring = variant.scoring
    penalties = variant.values.hand.by_code
    players = len(hands)
    hand_value = [sum(penalties[c.code] for c in hand) for hand in hands]
    hand_rummy = ending == "hand_rummy"
    scores: list[int] = []
    for seat in range(players):
        if scoring.method == "table_minus_hand":
            score = table_points(variant, table, seat) - hand_value[seat]
        elif scoring.not_opened_flat and not opened[seat] and seat != winner:
            score = scoring.not_opened_flat
        else:
            score = hand_value[seat]
        if seat == winner:
            fixed = scoring.hand_rummy_winner_score if hand_rummy else scoring.winner_score
            if fixed != "computed":
                score = int(fixed)
            if hand_rummy:
                score *= scoring.hand_rummy_self_multiplier
        elif winner is not None and hand_rummy:
            score *= scoring.hand_rummy_multiplier
        scores.append(score)
    if winner is not None:
        winners: tuple[int, ...] = (winner,)
    elif variant.stock_exhausted.blocked_winner == "none":
        winners = ()
    else:
        best = max(scores) if variant.match.winner == "highest_total" else min(scores)
        winners = tuple(seat for seat, s in enumerate(scores) if s == best)
    return RoundResult(ending, winner, winners, tuple(scores))
