"""A required meld shape (:class:`~rummykit.core.meld_shape.MeldShape`)
written in a table that had keys of its own for it before shapes:
``opening.shape`` stands for ``require_pure_run`` and ``pure_run_min``,
``contract.deals[].shape`` for ``sets`` and ``runs``. Those keys stay as
shorthand. When a variant loads, the shape is read, checked against what the
table can ask for, and put in its place as those keys, so that the stages,
the solver and saved variants (digests) see the table as before.

>>> problems = []
>>> shape_resolved({"shape": {"pure_runs": 1, "pure_run_min": 4}}, "opening", lambda *p: problems.append(p))
{'require_pure_run': True, 'pure_run_min': 4}
>>> shape_resolved({"hand_size": 10, "shape": {"sets": 2, "exact": True}}, "contract.deals[0]",
...                lambda *p: problems.append(p))
{'hand_size': 10, 'sets': 2, 'runs': 0}
>>> shape_resolved({"shape": {"sets": 1}}, "opening", lambda *p: problems.append(p))
{}
>>> problems
[('opening.shape.sets', '0 (an opening asks for one pure run at most: pure_runs, pure_run_min)', 'integer 1')]
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import attrs

from rummykit.core.meld_shape import MeldShape, read_meld_shape
from rummykit.core.toml_schema import MISSING, Report, describe, spec_of
from rummykit.variant.sections import ContractDeal, Opening

__all__ = ["shape_inherited", "shape_resolved"]

_OPENING_SHORTHAND = frozenset({"require_pure_run", "pure_run_min"})
"""The keys ``opening.shape`` stands for."""

_Shorthand = Callable[[MeldShape, dict[str, Any], str, Report], "dict[str, Any] | None"]


def shape_resolved(table: Any, path: str, report: Report) -> Any:
    """``table`` (at ``path``: ``"opening"``, ``"contract.deals[2]"``) with its
    ``shape`` replaced by the shorthand keys it stands for; a table of another
    path, or without a shape, as it is. A shape the table cannot ask for, or
    a shorthand key set to another value than the shape's, is reported (the
    shape is then left out, so that the table's other problems show too)."""
    shorthand = _shorthand_of(re.sub(r"\[\d+\]", "[]", path))
    if shorthand is None or not isinstance(table, dict) or "shape" not in table:
        return table
    rest = {key: value for key, value in table.items() if key != "shape"}
    where = f"{path}.shape"
    shape = read_meld_shape(table["shape"], where, report)
    implied = None if shape is MISSING else shorthand(shape, table["shape"], where, report)
    if implied is None:
        return rest
    for key, value in implied.items():
        if key in rest and (type(rest[key]) is not type(value) or rest[key] != value):
            written = str(value).lower() if isinstance(value, bool) else str(value)
            report(f"{path}.{key}", f"{written}, as {where} asks (or leave {key} out)", describe(rest[key]))
    return {**rest, **implied}


def shape_inherited(parent: dict[str, Any], child: dict[str, Any]) -> dict[str, Any]:
    """``parent``'s rules as a ``child`` file that extends them sees them: the
    child's ``opening.shape`` replaces the parent's shorthand keys, and the
    child's shorthand keys replace the parent's shape (which stands as its
    shorthand beside them). A contract deal is replaced whole anyway."""
    mine, theirs = child.get("opening"), parent.get("opening")
    if not isinstance(mine, dict) or not isinstance(theirs, dict):
        return parent
    if "shape" in mine:
        theirs = {key: value for key, value in theirs.items() if key not in _OPENING_SHORTHAND}
    elif "shape" in theirs and _OPENING_SHORTHAND & mine.keys():
        problems: list[tuple[str, str, str]] = []
        resolved = shape_resolved(theirs, "opening", lambda *problem: problems.append(problem))
        theirs = theirs if problems else resolved  # a wrong shape stays, to be reported
    return {**parent, "opening": theirs}


def _opening_keys(shape: MeldShape, raw: dict[str, Any], where: str, report: Report) -> dict[str, Any] | None:
    """``opening.shape`` as ``require_pure_run`` and ``pure_run_min``: an
    opening asks for at most one pure run, nothing else."""
    ok = True
    expected = "(an opening asks for one pure run at most: pure_runs, pure_run_min)"
    for key, allowed in (("runs", 0), ("sets", 0), ("exact", False)):
        if getattr(shape, key) != allowed:
            report(f"{where}.{key}", f"{str(allowed).lower()} {expected}", describe(getattr(shape, key)))
            ok = False
    if shape.pure_runs > 1:
        report(f"{where}.pure_runs", f"0 or 1 {expected}", describe(shape.pure_runs))
        ok = False
    if shape.pure_runs == 0 and "pure_run_min" in raw:
        found = describe(raw["pure_run_min"])
        report(f"{where}.pure_run_min", "no value where pure_runs = 0 (no pure run asked)", found)
        ok = False
    if not ok or shape.pure_runs == 0:
        return {"require_pure_run": False} if ok else None
    if not _fits(Opening, "pure_run_min", shape.pure_run_min, where, report):
        return None
    return {"require_pure_run": True, "pure_run_min": shape.pure_run_min}


def _deal_keys(shape: MeldShape, raw: dict[str, Any], where: str, report: Report) -> dict[str, Any] | None:
    """``contract.deals[].shape`` as ``sets`` and ``runs``: a contract asks
    for exactly its sets and runs, none of them pure."""
    ok = True
    if not shape.exact:
        found = describe(raw["exact"]) if "exact" in raw else "nothing (exact is false unless set)"
        report(f"{where}.exact", "true (a contract asks for exactly its sets and runs)", found)
        ok = False
    for key in ("pure_runs", "pure_run_min"):
        if key in raw and getattr(shape, key) != getattr(MeldShape(), key):
            report(f"{where}.{key}", "no value (a contract asks for no pure run)", describe(raw[key]))
            ok = False
    ok = _fits(ContractDeal, "sets", shape.sets, where, report) and ok
    ok = _fits(ContractDeal, "runs", shape.runs, where, report) and ok
    return {"sets": shape.sets, "runs": shape.runs} if ok else None


def _fits(cls: type[Any], key: str, value: Any, where: str, report: Report) -> bool:
    """Does ``value`` fit key ``key`` of ``cls`` (the shorthand it becomes)?
    Reported at ``where.key`` if not."""
    spec = spec_of(attrs.fields_dict(cls)[key])
    if spec is None:  # not reached: every shorthand key has a spec
        return True
    try:
        spec.check(value)
    except ValueError as error:
        report(f"{where}.{key}", spec.expected, str(error))
        return False
    return True


def _shorthand_of(table: str) -> _Shorthand | None:
    """What resolves a shape into the keys of ``table`` (``"opening"``,
    ``"contract.deals[]"``); None for a table without a shorthand."""
    if table == "opening":
        return _opening_keys
    return _deal_keys if table == "contract.deals[]" else None
