"""The tables of a variant file about how play ends: ``[knock]`` (gin's knock,
and the knock before the draw that tonk writes ``drop``), ``deal.instant_win``
(a dealt hand that wins at once) and ``scoring.payments`` (stakes paid by
how the deal ended), with the readers of the two sub-tables.

>>> from rummykit.variant.loading import load_variant
>>> tonk = load_variant("tonk")
>>> tonk.knock.timing, tonk.knock.count, tonk.deal.instant_win.points
('before_draw', 'hand', (49, 50))
>>> dict(tonk.scoring.payments)["caught"]
Payment(amount=2, payer='knocker')
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal

import attrs

from rummykit.core.toml_schema import MISSING, boolean, choice, describe, int_list, integer, read_section

__all__ = [
    "MAX_STAKE",
    "PAYMENT_ENDINGS",
    "PAYMENT_TABLES",
    "InstantWin",
    "Knock",
    "Payment",
    "PointPayment",
    "read_instant_win",
    "read_payments",
]

MAX_STAKE = 1000
"""The largest amount one seat pays another for one ending."""
_MAX_KNOCK_DEADWOOD = 1000  # sections.MAX_OPENING_POINTS: the most deadwood a knocker may keep
_MAX_SCORE = 10_000  # sections.MAX_SCORE
_MAX_MULTIPLIER = 10  # sections.MAX_MULTIPLIER

PAYMENT_ENDINGS = ("tonk_deal", "deal_void", "tonk_out", "out", "drop", "caught", "stock", "turn_cap")
"""The endings ``scoring.payments`` may name, as a case file names them: a
deal won at the deal, a void deal, an out without and with a last discard,
a drop lowest or caught, an empty stock, the turn cap."""


@attrs.frozen(slots=True)
class Knock:
    allowed: bool = boolean(False, doc="a player may knock instead of discarding, which ends play")
    max_deadwood: int = integer(
        10, minimum=0, maximum=_MAX_KNOCK_DEADWOOD, doc="the most deadwood a knocker may keep"
    )
    gin_bonus: int = integer(25, minimum=0, maximum=_MAX_SCORE, doc="bonus for knocking with no deadwood")
    undercut_bonus: int = integer(
        25, minimum=0, maximum=_MAX_SCORE, doc="bonus against a knocker whose deadwood is not the lower"
    )
    undercut_on_tie: bool = boolean(False, doc="equal deadwood is an undercut too")
    layoff_on_gin: bool = boolean(False, doc="the defender may lay off onto the melds of a gin")
    layoff_chain_per_end: int = integer(
        2, minimum=0, maximum=13, doc="cards the defender may lay off at each end of a knocker's run"
    )
    timing: Literal["instead_of_discard", "before_draw"] = choice(
        *("instead_of_discard", "instead_of_discard", "before_draw"),
        doc="when a player knocks: instead of a discard (knock C), or at the start of his turn "
        "before drawing (the move drop, which ends play at once)",
    )
    count: Literal["arranged", "hand"] = choice(
        "arranged",
        "arranged",
        "hand",
        doc="what a knock counts: the deadwood after the best arrangement, or every card in hand",
    )


@attrs.frozen(slots=True)
class InstantWin:
    points: tuple[int, ...] = int_list(
        MISSING,
        minimum=0,
        maximum=_MAX_SCORE,
        max_items=8,
        min_items=1,
        doc="the hand counts that win the deal at once",
    )
    several: Literal["void", "share"] = choice(
        "void", "void", "share", doc="two or more such hands: the deal is void, or they share the win"
    )


@attrs.frozen(slots=True)
class Payment:
    amount: int = integer(minimum=0, maximum=MAX_STAKE, doc="what each payer pays each winner")
    payer: Literal["losers", "knocker"] = choice(
        "losers", "losers", "knocker", doc="who pays: every seat not among the winners, or the knocker alone"
    )


@attrs.frozen(slots=True)
class PointPayment:
    """An entry of ``scoring.payments`` in a variant scored by points (any
    ``scoring.method`` but ``"payments"``): another way to write a key of
    ``[knock]`` or ``[scoring]``, put in its place when the variant loads."""

    bonus: int = integer(
        0,
        minimum=0,
        maximum=_MAX_SCORE,
        doc="gin, undercut (a method other than payments): stands for knock.gin_bonus, knock.undercut_bonus",
    )
    self_factor: int = integer(
        1,
        minimum=1,
        maximum=_MAX_MULTIPLIER,
        doc="hand_rummy (a method other than payments): stands for scoring.hand_rummy_self_multiplier",
    )


PAYMENT_TABLES: tuple[tuple[str, type[Any]], ...] = (
    ("scoring.payments.ENDING", Payment),
    ("scoring.payments.ENDING", PointPayment),
)
"""The key tables of ``scoring.payments`` (for the schema): a stake, or a
point-scored variant's bonus or factor."""


Report = Callable[[str, str, str], None]
Suggest = Callable[[str, str], "str | None"]


def read_instant_win(value: Any, where: str, report: Report, suggest: Suggest) -> Any:
    """``deal.instant_win`` as an :class:`InstantWin`, or MISSING after reporting."""
    read = read_section(InstantWin, value, where, report, suggest=suggest)
    return MISSING if read is None else read


def read_payments(value: Any, where: str, report: Report, suggest: Suggest) -> Any:
    """``scoring.payments`` as ``((ending, Payment), ...)`` in the order of
    :data:`PAYMENT_ENDINGS`, or MISSING after reporting."""
    if not isinstance(value, dict):
        report(where, "a table of endings", describe(value))
        return MISSING
    found: dict[str, Payment] = {}
    ok = True
    for ending, entry in value.items():
        if ending not in PAYMENT_ENDINGS:
            expected = f"an ending ({', '.join(PAYMENT_ENDINGS)})"
            report(f"{where}.{ending}", expected, f"unknown key `{where}.{ending}`")
            ok = False
            continue
        read = read_section(Payment, entry, f"{where}.{ending}", report, suggest=suggest)
        if read is None:
            ok = False
        elif read.payer == "knocker" and ending not in ("drop", "caught"):
            expected = '"losers" (only a drop and a caught knock have a knocker)'
            report(f"{where}.{ending}.payer", expected, '"knocker"')
            ok = False
        else:
            found[ending] = read
    if not ok:
        return MISSING
    return tuple((ending, found[ending]) for ending in PAYMENT_ENDINGS if ending in found)
