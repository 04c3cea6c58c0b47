"""Buying the upcard out of turn (``[buy]``, R-CON-10).

When the player in turn draws from the stock, the upcard he left may be
bought by another seat: the buyer takes it and ``penalty_cards`` cards from
the top of the stock. The window opens with that draw and closes with the
mover's next move or the first buy. The player in turn may not buy, nor the
seat that discarded the upcard (nobody discarded the card turned up at the
deal); ``limit`` caps a seat's buys in one deal (0: no cap). A buy never
changes whose turn it is.

>>> from rummykit.variant.model import load_variant
>>> rule = buy_stage(load_variant("contract"))
>>> rule.penalty_cards, rule.limit
(1, 0)
>>> buy_stage(load_variant("rami51")) is None
True
"""

from __future__ import annotations

import attrs

from rummykit.core.errors import Refusal
from rummykit.variant.model import Variant

__all__ = ["BuyRule", "BuyWindow", "buy_stage"]


@attrs.frozen(slots=True)
class BuyWindow:
    """The facts a buy is judged on."""

    open: bool  # the mover drew from the stock and has not moved since, nobody bought
    mover: int
    discarder: int | None  # the seat that discarded the upcard (None: turned at the deal)
    upcard: bool  # there is an upcard
    stock: int  # cards in the stock
    buys: int  # buys the seat made this deal


@attrs.frozen(slots=True)
class BuyRule:
    """Who may buy the upcard, and what a buy costs."""

    penalty_cards: int
    limit: int
    name: str = "buy_upcard"
    hooks: tuple[str, ...] = ("buy",)

    def refusal(self, window: BuyWindow, seat: int) -> Refusal | None:
        """Why ``seat`` may not buy now, or None."""
        if seat == window.mover:
            return Refusal("buy.not-available", "The player in turn does not buy; he draws or takes.")
        if not window.open or not window.upcard:
            return Refusal(
                "buy.not-available",
                "There is no upcard to buy now: the window opens when the player in turn draws "
                "from the stock and closes at his next move or the first buy.",
            )
        if seat == window.discarder:
            return Refusal("buy.not-available", "You discarded this card; you may not buy it back.")
        if window.stock < self.penalty_cards:
            return Refusal("buy.not-available", "The stock is too short to pay the buy's penalty cards.")
        if self.limit and window.buys >= self.limit:
            return Refusal(
                "buy.limit", "You have bought {times} times this deal, the most allowed.", times=self.limit
            )
        return None


def buy_stage(variant: Variant) -> BuyRule | None:
    """The buy rule of ``variant``, or None where nobody buys."""
    buy = variant.buy
    return BuyRule(buy.penalty_cards, buy.limit) if buy.allowed else None
