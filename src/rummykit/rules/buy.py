"""Buying the upcard out of turn (``[buy]``, R-CON-10).

When the player in turn draws from the stock, the upcard he left may be
bought by another seat: the buyer takes it and ``penalty_cards`` cards from
the top of the stock. The window opens with that draw and closes with the
mover's next move or the first buy. The player in turn may not buy, nor the
seat that discarded the upcard (nobody discarded the card turned up at the
deal); ``limit`` caps a seat's buys in one deal (0: no cap). A buy never
changes whose turn it is.

A buy's checks are named and ordered, and say what they read; the engine's
``apply`` and the legal-move listing (a seat not in turn) ask the same
:meth:`BuyRule.refusal`.

>>> from rummykit.variant.model import load_variant
>>> rule = buy_stage(load_variant("contract"))
>>> rule.penalty_cards, rule.limit
(1, 0)
>>> [check.name for check in rule.checks]
['not_the_mover', 'window_open', 'not_the_discarder', 'stock_pays_penalty']
>>> buy_stage(load_variant("rami51")) is None
True
"""

from __future__ import annotations

from typing import ClassVar, Protocol, final

import attrs

from rummykit.core.errors import Refusal
from rummykit.rules.take import StatelessCheck
from rummykit.variant.model import Variant

__all__ = [
    "BuyCheck",
    "BuyRule",
    "BuyWindow",
    "NotTheDiscarder",
    "NotTheMover",
    "StockPaysPenalty",
    "WindowOpen",
    "WithinLimit",
    "buy_stage",
]


@attrs.frozen(slots=True)
class BuyWindow:
    """The facts a buy is judged on."""

    open: bool  # the mover drew from the stock and has not moved since, nobody bought
    mover: int
    discarder: int | None  # the seat that discarded the upcard (None: turned at the deal)
    upcard: bool  # there is an upcard
    stock: int  # cards in the stock
    buys: int  # buys the seat made this deal


class BuyCheck(Protocol):
    """One check of a buy of the upcard."""

    @property
    def name(self) -> str: ...

    @property
    def reads(self) -> tuple[str, ...]:
        """What its verdict reads: ``seat``, the buyer; ``window``, the facts
        of the buy window (:class:`BuyWindow`); ``rule``, the buy's keys."""
        ...

    def refusal(self, rule: BuyRule, window: BuyWindow, seat: int) -> Refusal | None:
        """The check's verdict on a buy by ``seat``: a refusal, or None."""
        ...


@final
class NotTheMover(StatelessCheck):
    """The player in turn does not buy (he draws or takes)."""

    __slots__ = ()
    name: ClassVar[str] = "not_the_mover"
    reads: ClassVar[tuple[str, ...]] = ("seat", "window")

    def refusal(self, rule: BuyRule, window: BuyWindow, seat: int) -> Refusal | None:
        if seat != window.mover:
            return None
        return Refusal("buy.not-available", "The player in turn does not buy; he draws or takes.")


@final
class WindowOpen(StatelessCheck):
    """The window is open (the mover drew from the stock and has not moved
    since, nobody bought) and there is an upcard."""

    __slots__ = ()
    name: ClassVar[str] = "window_open"
    reads: ClassVar[tuple[str, ...]] = ("window",)

    def refusal(self, rule: BuyRule, window: BuyWindow, seat: int) -> Refusal | None:
        if window.open and window.upcard:
            return None
        return Refusal(
            "buy.not-available",
            "There is no upcard to buy now: the window opens when the player in turn draws "
            "from the stock and closes at his next move or the first buy.",
        )


@final
class NotTheDiscarder(StatelessCheck):
    """The seat that discarded the upcard does not buy it back."""

    __slots__ = ()
    name: ClassVar[str] = "not_the_discarder"
    reads: ClassVar[tuple[str, ...]] = ("seat", "window")

    def refusal(self, rule: BuyRule, window: BuyWindow, seat: int) -> Refusal | None:
        if seat != window.discarder:
            return None
        return Refusal("buy.not-available", "You discarded this card; you may not buy it back.")


@final
class StockPaysPenalty(StatelessCheck):
    """The stock holds the buy's penalty cards (in the stage where a buy
    costs any, ``buy.penalty_cards``)."""

    __slots__ = ()
    name: ClassVar[str] = "stock_pays_penalty"
    reads: ClassVar[tuple[str, ...]] = ("window", "rule")

    def refusal(self, rule: BuyRule, window: BuyWindow, seat: int) -> Refusal | None:
        if window.stock >= rule.penalty_cards:
            return None
        return Refusal("buy.not-available", "The stock is too short to pay the buy's penalty cards.")


@final
class WithinLimit(StatelessCheck):
    """A seat buys at most ``buy.limit`` times a deal (in the stage where
    there is a limit)."""

    __slots__ = ()
    name: ClassVar[str] = "within_limit"
    reads: ClassVar[tuple[str, ...]] = ("window", "rule")

    def refusal(self, rule: BuyRule, window: BuyWindow, seat: int) -> Refusal | None:
        if window.buys < rule.limit:
            return None
        return Refusal(
            "buy.limit", "You have bought {times} times this deal, the most allowed.", times=rule.limit
        )


@attrs.frozen(slots=True)
class BuyRule:
    """Who may buy the upcard, and what a buy costs: the checks of a buy, in
    the order the engine asks them (the buyer, the window, the discarder,
    the penalty, the limit), each in the stage only where the keys let it
    refuse."""

    penalty_cards: int
    limit: int
    checks: tuple[BuyCheck, ...] = ()
    name: str = "buy_upcard"
    hooks: tuple[str, ...] = ("buy",)

    def refusal(self, window: BuyWindow, seat: int) -> Refusal | None:
        """Why ``seat`` may not buy now (the first check that refuses), or None."""
        for check in self.checks:
            refusal = check.refusal(self, window, seat)
            if refusal is not None:
                return refusal
        return None


def buy_stage(variant: Variant) -> BuyRule | None:
    """The buy rule of ``variant``, or None where nobody buys."""
    buy = variant.buy
    if not buy.allowed:
        return None
    checks: list[BuyCheck] = [NotTheMover(), WindowOpen(), NotTheDiscarder()]
    if buy.penalty_cards:
        checks.append(StockPaysPenalty())
    if buy.limit:
        checks.append(WithinLimit())
    return BuyRule(buy.penalty_cards, buy.limit, tuple(checks))
