"""The keys of the deal's indicator card (``[deal.indicator]``) act, each off
by default: two values of one key on the same base give two outcomes.

- ``card``: no indicator, a card cut aside (out of play: the stock is one
  card shorter), or the first upcard (in play);
- ``knock_limit = "value"`` with ``ace_limit``: the deal's knock limit is the
  card's hand value (an ace: ``ace_limit``), else ``knock.max_deadwood``;
- ``multiplier = { suit, factor }``: the deal's round scores times ``factor``
  when the card is of ``suit``.

Rows that play moves use :func:`key_rows.play`, which also checks that
``legal_moves`` lists exactly the moves ``apply`` accepts.
"""

from __future__ import annotations

from typing import Any

import pytest
from key_rows import VariantObserve as Observe
from key_rows import check_variant_row, play

import rummykit as rk


def dealt(*fields: str) -> Observe:
    """Each named fact of a seeded deal: ``stock`` (its size), ``indicator``
    (the card, or None), ``upcard`` (is the indicator the first upcard?)."""

    def observe(variant: rk.Variant) -> object:
        state = rk.deal(variant, players=2, seed=5, dealer=1)
        facts = {
            "stock": len(state.stock),
            "indicator": state.indicator is not None,
            "upcard": state.indicator is not None and state.indicator == state.discard[0],
        }
        return tuple(facts[name] for name in fields)

    return observe


def after(position: dict[str, Any], moves: list[str], *fields: str) -> Observe:
    """The verdicts, then each named field of the result once the moves are played."""

    def observe(variant: rk.Variant) -> object:
        state, verdicts = play(variant, position, moves)
        result = state.result
        return (verdicts, *(None if result is None else getattr(result, name) for name in fields))

    return observe


HAND_8 = ["4c 5c 6c 7h 7s 7d Ah 2d 3s 2h Kd", "Tc Kh"]  # knock Kd keeps 8; the defender 20
HAND_1 = ["4c 5c 6c 7h 7s 7d 9h 9s 9d Ah Kd", "Tc Kh"]  # knock Kd keeps 1 (Ah)
KNOCK_8 = ["0: knock Kd", "0: meld 4c 5c 6c", "0: meld 7h 7s 7d", "0: done", "1: done"]
UPCARD = {"deal.indicator.card": "first_upcard"}
LIMIT = {**UPCARD, "deal.indicator.knock_limit": "value"}

# key, value A, value B, base variant, other keys set for both, observe, outcome A, outcome B
Row = tuple[str, Any, Any, str, dict[str, Any], Observe, object, object]
ROWS: list[Row] = [
    # A card cut aside is out of play: the stock is one card shorter.
    ("deal.indicator.card", "none", "cut_aside", "rami51", {},
     dealt("stock", "indicator"), (81, False), (80, True)),
    # The first upcard is the indicator, and stays in play.
    ("deal.indicator.card", "none", "first_upcard", "gin", {},
     dealt("stock", "upcard"), (31, False), (31, True)),
    # A 7 upcard: gin's limit 10 lets deadwood 8 knock, the card's limit does not.
    ("deal.indicator.knock_limit", "none", "value", "gin", UPCARD,
     after({"phase": "play", "upcard": "7c", "hands": HAND_8}, ["0: knock Kd"]),
     (("ok",),), (("knock.deadwood",),)),
    # An ace upcard: gin only, or a limit of 1.
    ("deal.indicator.ace_limit", 0, 1, "gin", LIMIT,
     after({"phase": "play", "upcard": "Ac", "hands": HAND_1}, ["0: knock Kd"]),
     (("knock.deadwood",),), (("ok",),)),
    # A spade upcard: the scores as they are, or doubled.
    ("deal.indicator.multiplier.suit", "none", "s", "gin", {**UPCARD, "deal.indicator.multiplier.factor": 2},
     after({"phase": "play", "upcard": "Ks", "hands": HAND_8}, KNOCK_8, "scores"),
     (("ok",) * 5, (12, -12)), (("ok",) * 5, (24, -24))),
    # The factor: doubled or tripled.
    ("deal.indicator.multiplier.factor", 2, 3, "gin", {**UPCARD, "deal.indicator.multiplier.suit": "s"},
     after({"phase": "play", "upcard": "Ks", "hands": HAND_8}, KNOCK_8, "scores"),
     (("ok",) * 5, (24, -24)), (("ok",) * 5, (36, -36))),
]  # fmt: skip


@pytest.mark.parametrize("row", ROWS, ids=[f"{i}-{r[0]}" for i, r in enumerate(ROWS)])
def test_two_values_two_outcomes(row: Row) -> None:
    check_variant_row(row)
