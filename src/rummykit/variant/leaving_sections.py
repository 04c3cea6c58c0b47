"""The tables of a variant file for leaving a deal before its end: the fold
(``[drop]``: a seat leaves the deal before drawing, with a fixed penalty)
and the declaration (``[declare]``: a one-turn show after the draw, judged
whole), and the losers' count of a show (``scoring.loser_count``). Each is
off by default, so a variant that names none of them plays as before.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any, Literal

import attrs

from rummykit.core.meld_shape import MeldShape, read_meld_shape
from rummykit.core.toml_schema import (
    MISSING,
    Report,
    Suggest,
    boolean,
    choice,
    describe,
    integer,
    read_section,
)

__all__ = [
    "LOSER_COUNT_TABLES",
    "MAX_LEAVING_PENALTY",
    "SHAPE_TABLES",
    "Declaration",
    "Fold",
    "LoserCount",
    "leaving_readers",
    "read_loser_count",
]

MAX_LEAVING_PENALTY = 1000
"""The most a drop or a wrong show may cost."""


@attrs.frozen(slots=True)
class Fold:
    """``[drop]``: the fold. At the start of his own turn, before drawing, a
    player may leave the deal with a fixed penalty: ``first`` if he has not
    had a turn in this deal yet, else ``middle``. His cards leave play; the
    last seat still in wins the deal."""

    allowed: bool = boolean(False, doc="a player may drop out of the deal before drawing (the fold)")
    timing: Literal["before_draw"] = choice(
        "before_draw", "before_draw", doc="when a player may drop (before drawing, at his turn's start)"
    )
    first: int = integer(
        20, minimum=1, maximum=MAX_LEAVING_PENALTY, doc="penalty of a drop before one's first turn"
    )
    middle: int = integer(40, minimum=1, maximum=MAX_LEAVING_PENALTY, doc="penalty of a later drop")


@attrs.frozen(slots=True)
class Declaration:
    """``[declare]``: the declaration. After drawing, ``declare C`` puts C
    face down and shows the rest, judged whole: valid when every card fits in
    groups meeting ``shape`` (``[declare.shape]``, :class:`MeldShape`; the
    deal ends, the declarer wins), else a wrong
    show costing ``wrong_penalty``, after which the declarer leaves the deal
    (``leave_deal``; with one other seat in, that seat wins) or the deal ends
    (``end_deal``)."""

    allowed: bool = boolean(False, doc="a player may declare after drawing (a show judged whole)")
    wrong_penalty: int = integer(
        80, minimum=1, maximum=MAX_LEAVING_PENALTY, doc="what a wrong show costs the declarer"
    )
    wrong_show: Literal["leave_deal", "end_deal"] = choice(
        "leave_deal", "leave_deal", "end_deal", doc="after a wrong show: the declarer leaves or the deal ends"
    )
    shape: MeldShape = attrs.field(factory=MeldShape, kw_only=True)


@attrs.frozen(slots=True)
class LoserCount:
    """``scoring.loser_count``: what each loser counts at a show. ``hand``:
    every card; ``unmatched``: the cards outside his best arrangement that
    meets ``shape``, or every card where none does. ``shape`` is a table
    (``[scoring.loser_count.shape]``) or ``"declare"`` (None here, the
    default): the declaration's shape."""

    cards: Literal["hand", "unmatched"] = choice(
        "hand", "hand", "unmatched", doc="a loser counts every card, or those outside his best arrangement"
    )
    shape: MeldShape | None = attrs.field(default=None, kw_only=True)


LOSER_COUNT_TABLES: tuple[tuple[str, type[Any]], ...] = (
    ("scoring.loser_count", LoserCount),
    ("scoring.loser_count.shape", MeldShape),
)
"""The losers' count's tables in a variant file, with the class that reads each."""

SHAPE_TABLES: Mapping[str, tuple[tuple[str, type[Any]], ...]] = MappingProxyType(
    {"opening": (("opening.shape", MeldShape),), "declare": (("declare.shape", MeldShape),)}
)
"""The shape tables inside a section's table (by the section's name);
``opening.shape`` is resolved into the opening's own keys when the variant
loads (``rummykit.variant.shape_keys``)."""


def read_loser_count(value: Any, where: str, report: Report, suggest: Suggest) -> Any:
    """A ``scoring.loser_count`` table as :class:`LoserCount`, or MISSING after reporting."""
    nested = {"shape": lambda shape, at: _read_loser_shape(shape, at, report)}
    result = read_section(LoserCount, value, where, report, nested, suggest=suggest)
    return MISSING if result is None else result


def _read_loser_shape(value: Any, where: str, report: Report) -> Any:
    """``scoring.loser_count.shape``: ``"declare"`` (None: the declaration's
    shape) or a shape table, or MISSING after reporting."""
    if value == "declare":
        return None
    if isinstance(value, str):
        report(where, '"declare" or a table', describe(value))
        return MISSING
    return read_meld_shape(value, where, report)


def leaving_readers(report: Report, suggest: Suggest) -> dict[str, dict[str, Callable[[Any, str], Any]]]:
    """How the loader reads the sub-tables of leaving a deal, by section:
    ``declare.shape`` and ``scoring.loser_count``."""
    return {
        "declare": {"shape": lambda value, where: read_meld_shape(value, where, report)},
        "scoring": {"loser_count": lambda value, where: read_loser_count(value, where, report, suggest)},
    }
