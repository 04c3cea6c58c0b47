"""Required meld shapes: how many runs, pure runs and sets a hand's melds
must hold (a declaration's, a loser's count's, an opening's, a contract's).

A shape is read from a TOML table such as ``shape = { runs = 2, pure_runs = 1 }``
by :func:`read_meld_shape`; :meth:`MeldShape.met_by` says whether melds of
given kinds meet it.

>>> shape = MeldShape(runs=2, pure_runs=1)
>>> shape.met_by(runs=2, pure_runs=1, sets=3), shape.met_by(runs=1, pure_runs=1, sets=0)
(True, False)
>>> MeldShape(runs=1, sets=2, exact=True).met_by(runs=1, pure_runs=0, sets=3)
False
"""

from __future__ import annotations

from typing import Any

import attrs

from rummykit.core.toml_schema import MISSING, Report, boolean, integer, read_section

__all__ = ["MeldShape", "read_meld_shape"]

MOST_MELDS = 20
"""The most melds of one kind a shape may ask for."""


@attrs.frozen(slots=True)
class MeldShape:
    """The melds a hand must hold: at least (or, ``exact``, exactly) ``runs``
    runs and ``sets`` sets, of the runs at least ``pure_runs`` pure. A pure
    run counts as a run too (``runs = 0, pure_runs = 1`` asks for one run,
    pure); it has at least ``pure_run_min`` cards and no wild card standing
    for another card (a wild-rank card in its own place is natural)."""

    runs: int = integer(0, minimum=0, maximum=MOST_MELDS, doc="runs, pure or not")
    pure_runs: int = integer(0, minimum=0, maximum=MOST_MELDS, doc="of them, pure runs")
    sets: int = integer(0, minimum=0, maximum=MOST_MELDS, doc="sets")
    exact: bool = boolean(False, doc="exactly these melds and no other (else at least)")
    pure_run_min: int = integer(3, minimum=1, maximum=14, doc="the fewest cards of a pure run")
    runs_needed: int = attrs.field(init=False, eq=False, repr=False)
    """The runs the shape asks for, pure ones included: the larger of ``runs`` and ``pure_runs``."""

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "runs_needed", max(self.runs, self.pure_runs))

    def met_by(self, runs: int, pure_runs: int, sets: int) -> bool:
        """Do melds holding ``runs`` runs (``pure_runs`` of them pure runs of
        at least ``pure_run_min`` cards) and ``sets`` sets meet the shape?"""
        if pure_runs < self.pure_runs:
            return False
        if self.exact:
            return runs == self.runs_needed and sets == self.sets
        return runs >= self.runs_needed and sets >= self.sets


def read_meld_shape(value: Any, path: str, report: Report) -> Any:
    """A :class:`MeldShape` read from a TOML table at ``path`` (such as
    ``declare.shape``); every problem is reported (path, expected, found)
    and MISSING returned. Usable as a ``nested`` reader of
    :func:`~rummykit.core.toml_schema.read_section`.

    >>> problems = []
    >>> read_meld_shape({"runs": 2, "pure_runs": 1}, "declare.shape", lambda *p: problems.append(p))
    MeldShape(runs=2, pure_runs=1, sets=0, exact=False, pure_run_min=3)
    >>> read_meld_shape({"runs": "two"}, "declare.shape", lambda *p: problems.append(p)), problems
    (MISSING, [('declare.shape.runs', 'an integer from 0 to 20', "string 'two'")])
    """
    shape = read_section(MeldShape, value, path, report)
    if shape is None:
        return MISSING
    if shape.exact and shape.pure_runs > shape.runs:
        report(
            f"{path}.pure_runs",
            f"at most runs ({shape.runs}) where exact = true",
            f"integer {shape.pure_runs}",
        )
        return MISSING
    if shape.runs_needed + shape.sets == 0 and shape.exact:
        report(f"{path}.exact", "false where the shape asks for no meld", "boolean true")
        return MISSING
    return shape
