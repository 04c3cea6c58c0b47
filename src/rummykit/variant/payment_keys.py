"""``scoring.payments`` in a variant scored by points (any ``scoring.method``
but ``"payments"``): ``gin = { bonus = 25 }`` and ``undercut = { bonus = 25 }``
stand for ``knock.gin_bonus`` and ``knock.undercut_bonus``,
``hand_rummy = { self_factor = 2 }`` for ``scoring.hand_rummy_self_multiplier``.
Those keys stay as shorthand. When a variant loads, the entries are read and
put in their place as those keys (the table is then left out), so that the
stages, the solver and saved variants (digests) see the rules as before.

>>> problems = []
>>> payments_resolved({"scoring": {"payments": {"gin": {"bonus": 30}}}}, lambda *p: problems.append(p))
{'scoring': {}, 'knock': {'gin_bonus': 30}}
>>> payments_resolved({"scoring": {"payments": {"out": {"bonus": 5}}}}, lambda *p: problems.append(p))
{'scoring': {}}
>>> problems
[('scoring.payments.out.bonus', 'bonus on gin or undercut only', 'integer 5')]
"""

from __future__ import annotations

from typing import Any

from rummykit.core.toml_schema import MISSING, Report, describe, read_section
from rummykit.variant.ending_tables import PAYMENT_ENDINGS, PointPayment

__all__ = ["POINT_PAYMENT_KEYS", "payments_inherited", "payments_resolved"]

POINT_PAYMENT_KEYS = (
    ("gin", "bonus", "knock", "gin_bonus"),
    ("undercut", "bonus", "knock", "undercut_bonus"),
    ("hand_rummy", "self_factor", "scoring", "hand_rummy_self_multiplier"),
)
"""An ending, the key of its entry, and the table and key it stands for."""

_ONLY = (("bonus", "bonus on gin or undercut only"), ("self_factor", "self_factor on hand_rummy only"))
_POINT_KEYS = ("bonus", "self_factor")
_POINT_ENDINGS = tuple(entry[0] for entry in POINT_PAYMENT_KEYS)
_PAID = 'no {} unless scoring.method is "payments" (a point-scored variant: bonus, self_factor)'


def payments_resolved(data: dict[str, Any], report: Report) -> dict[str, Any]:
    """The rules ``data`` with a point-scored variant's ``scoring.payments``
    put in place as the keys it stands for; a variant scored by payments, or
    without the table, as it is (but ``bonus`` and ``self_factor`` there are
    reported). An entry that cannot stand for a key, or a key set to another
    value than its entry's, is reported (and the entry left out)."""
    scoring = data.get("scoring")
    if not isinstance(scoring, dict) or not isinstance(scoring.get("payments"), dict):
        return data
    payments: dict[str, Any] = scoring["payments"]
    if scoring.get("method") == "payments":
        return _stakes_only(data, payments, report)
    out = {**data, "scoring": {key: value for key, value in scoring.items() if key != "payments"}}
    for ending, entry in payments.items():
        value = _entry_value(ending, entry, report)
        if value is MISSING:
            continue
        key, table, target = _stands_for(ending)
        written = out.get(table, {})
        if not isinstance(written, dict):
            continue  # reported as the table it is
        if target in written and (type(written[target]) is not int or written[target] != value):
            where = f"scoring.payments.{ending}.{key}"
            expected = f"{value}, as {where} asks (or leave {target} out)"
            report(f"{table}.{target}", expected, describe(written[target]))
        out[table] = {**written, target: value}
    return out


def payments_inherited(parent: dict[str, Any], child: dict[str, Any]) -> dict[str, Any]:
    """``parent``'s rules as a ``child`` file that extends them sees them: an
    entry of the child's ``scoring.payments`` replaces the parent's key it
    stands for, and a key of the child's replaces the parent's entry."""
    out = parent
    for ending, _key, table, target in POINT_PAYMENT_KEYS:
        if ending in _section(_section(child, "scoring"), "payments"):
            out = {**out, table: {k: v for k, v in _section(out, table).items() if k != target}}
        elif target in _section(child, table) and ending in _section(_section(out, "scoring"), "payments"):
            scoring = _section(out, "scoring")
            paid = {k: v for k, v in _section(scoring, "payments").items() if k != ending}
            out = {**out, "scoring": {**scoring, "payments": paid}}
    return out


def _section(data: dict[str, Any], name: str) -> dict[str, Any]:
    """The table ``name`` of ``data``; an empty one if it is not a table."""
    table = data.get(name)
    return table if isinstance(table, dict) else {}


def _entry_value(ending: str, entry: Any, report: Report) -> Any:
    """The value a point-scored variant's entry ``ending`` stands for, or
    MISSING after reporting."""
    where = f"scoring.payments.{ending}"
    if ending not in _POINT_ENDINGS:
        if ending in PAYMENT_ENDINGS and isinstance(entry, dict) and entry:
            for key, value in entry.items():
                found = describe(value)
                report(f"{where}.{key}", _refusal(key), found)
        else:
            expected = "an ending with a bonus (gin, undercut) or a self_factor (hand_rummy)"
            found = describe(entry) if ending in PAYMENT_ENDINGS else f"unknown key `{where}`"
            report(where, expected, found)
        return MISSING
    if not isinstance(entry, dict):
        report(where, "a table", describe(entry))
        return MISSING
    key = _stands_for(ending)[0]
    ok = True
    for other in ("amount", "payer", *_POINT_KEYS):
        if other in entry and other != key:
            report(f"{where}.{other}", _refusal(other), describe(entry[other]))
            ok = False
    rest = {k: v for k, v in entry.items() if k not in ("amount", "payer", *_POINT_KEYS) or k == key}
    read = read_section(PointPayment, rest, where, report)
    if read is None or not ok:
        return MISSING
    if key not in entry:
        report(f"{where}.{key}", f"a {key} (the one key of {ending})", "an empty table")
        return MISSING
    return getattr(read, key)


def _stakes_only(data: dict[str, Any], payments: dict[str, Any], report: Report) -> dict[str, Any]:
    """``data`` scored by payments: ``bonus`` and ``self_factor`` are
    reported and left out (an entry left empty by it goes too)."""
    kept: dict[str, Any] = {}
    for ending, entry in payments.items():
        if not isinstance(entry, dict) or not any(k in entry for k in _POINT_KEYS):
            kept[ending] = entry
            continue
        for key in (k for k in _POINT_KEYS if k in entry):
            expected = f'no {key} while scoring.method is "payments" (a stake: amount, payer)'
            report(f"scoring.payments.{ending}.{key}", expected, describe(entry[key]))
        rest = {k: v for k, v in entry.items() if k not in _POINT_KEYS}
        if rest:
            kept[ending] = rest
    return {**data, "scoring": {**data["scoring"], "payments": kept}}


def _stands_for(ending: str) -> tuple[str, str, str]:
    """The key of ``ending``'s entry, and the table and key it stands for."""
    return next((key, table, target) for name, key, table, target in POINT_PAYMENT_KEYS if name == ending)


def _refusal(key: str) -> str:
    """What is expected in place of ``key`` in an entry where it cannot be."""
    return next((only for name, only in _ONLY if name == key), _PAID.format(key))
