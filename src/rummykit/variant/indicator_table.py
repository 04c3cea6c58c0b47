"""The deal's indicator card, ``[deal.indicator]`` of a variant file: a card
turned at the deal that sets rules for that one deal.

``card`` says which card it is and where it lies: ``"first_upcard"`` is the
first card of the discard pile, which stays in play; ``"cut_aside"`` is the
card after the deal, set face up beside the stock and out of play for the
whole deal (never drawn, never reshuffled, not in the stock), the card after
it starting the open pile. Each role the card plays is a key of its own:
``knock_limit`` (the deal's ``knock.max_deadwood`` is the card's hand value,
``ace_limit`` for an ace) and ``multiplier`` (the deal's round scores times
``factor`` when the card is of ``suit``). The stage that plays these roles
is :mod:`rummykit.rules.indicator`.

>>> Indicator().card, Indicator().rules()
('none', {})
>>> Indicator(card="first_upcard", knock_limit="value").rules()["knock_limit"]
'value'
"""

from __future__ import annotations

from typing import Any, Literal

import attrs

from rummykit.core.toml_schema import MISSING, Report, Suggest, choice, integer, read_section

__all__ = [
    "INDICATOR_TABLES",
    "MAX_INDICATOR_FACTOR",
    "MAX_INDICATOR_LIMIT",
    "Indicator",
    "IndicatorMultiplier",
    "indicator_problems",
    "read_indicator",
]

MAX_INDICATOR_FACTOR = 10
"""The largest factor a suit may put on a deal's scores (as ``scoring``'s multipliers)."""
MAX_INDICATOR_LIMIT = 1000
"""The largest knock limit an ace may give (as ``knock.max_deadwood``)."""


@attrs.frozen(slots=True)
class IndicatorMultiplier:
    """``[deal.indicator.multiplier]``: a factor on the deal's round scores
    when the indicator is of one suit."""

    suit: Literal["none", "c", "d", "h", "s"] = choice(
        "none", "none", "c", "d", "h", "s", doc="the indicator's suit that multiplies the deal's round scores"
    )
    factor: int = integer(
        1, minimum=1, maximum=MAX_INDICATOR_FACTOR, doc="the deal's round scores times this, bonuses included"
    )


@attrs.frozen(slots=True)
class Indicator:
    """``[deal.indicator]``: which card is the deal's indicator, and its roles."""

    card: Literal["none", "first_upcard", "cut_aside"] = choice(
        "none",
        *("none", "first_upcard", "cut_aside"),
        doc="the deal's indicator: none, the first upcard (in play), or the card after the deal "
        "set face up beside the stock (out of play)",
    )
    knock_limit: Literal["none", "value"] = choice(
        "none", "none", "value", doc="value: the deal's knock.max_deadwood is the indicator's hand value"
    )
    ace_limit: int = integer(
        0, minimum=0, maximum=MAX_INDICATOR_LIMIT, doc="the knock limit when the indicator is an ace"
    )
    multiplier: IndicatorMultiplier = attrs.field(factory=IndicatorMultiplier, kw_only=True)

    def rules(self) -> dict[str, Any]:
        """The table as plain data (a saved game's rules); empty while every
        key holds its default, so that variants without an indicator keep
        their digests."""
        if self == Indicator():
            return {}
        multiplier = self.multiplier
        return {
            "card": self.card,
            "knock_limit": self.knock_limit,
            "ace_limit": self.ace_limit,
            "multiplier": {"suit": multiplier.suit, "factor": multiplier.factor},
        }


INDICATOR_TABLES: tuple[tuple[str, type[Any]], ...] = (
    ("deal.indicator", Indicator),
    ("deal.indicator.multiplier", IndicatorMultiplier),
)
"""The indicator's tables in a variant file, with the class that reads each."""


def read_indicator(value: Any, where: str, report: Report, suggest: Suggest) -> Any:
    """The ``[deal.indicator]`` table as an :class:`Indicator`, or MISSING after reporting."""

    def multiplier(table: Any, path: str) -> Any:
        read = read_section(IndicatorMultiplier, table, path, report, suggest=suggest)
        return MISSING if read is None else read

    result = read_section(Indicator, value, where, report, {"multiplier": multiplier}, suggest=suggest)
    return MISSING if result is None else result


def indicator_problems(indicator: Indicator, *, upcard: bool, knock: bool) -> list[tuple[str, str, str]]:
    """The problems of ``indicator`` against its variant's other keys (``upcard``:
    ``deal.flip_first_discard``; ``knock``: ``knock.allowed``), as (key path,
    expected, got)."""
    path = "deal.indicator"
    out = []
    card, limit = indicator.card, indicator.knock_limit
    if card == "first_upcard" and not upcard:
        out.append((f"{path}.card", '"first_upcard" only with deal.flip_first_discard = true', f'"{card}"'))
    if (limit != "none" or indicator.multiplier.suit != "none") and card == "none":
        out.append((f"{path}.card", 'a card ("first_upcard" or "cut_aside") for the roles set', '"none"'))
    if limit != "none" and not knock:
        out.append((f"{path}.knock_limit", '"none" while knock.allowed is false', f'"{limit}"'))
    return out
