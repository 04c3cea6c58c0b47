"""The keys one contract deal holds in place of its variant's
(``contract.deals[].rules``): :class:`DealRules`, and the tables such a deal
may override (:data:`OVERRIDABLE`).

A deal's rules are kept as read (the keys the file names, no defaults), as
canonical JSON text, so that they compare and hash as plain values. The rule
set of a deal with rules is the variant's, compiled with these keys in place
(``rummykit.rules.rule_set``); the round of that deal carries it.

>>> rules = DealRules.of({"going_out": {"final_discard": "forbidden"}})
>>> rules.tables, bool(rules), bool(DealRules())
({'going_out': {'final_discard': 'forbidden'}}, True, False)
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

import attrs

__all__ = ["OVERRIDABLE", "DealRules"]

OVERRIDABLE = ("going_out", "layoff", "melds", "buy", "values")
"""The tables whose keys a deal may hold in place of the variant's."""


@attrs.frozen(slots=True)
class DealRules:
    """The keys of the tables in :data:`OVERRIDABLE` that hold for one deal
    only, as the variant file names them (empty: the variant's keys hold)."""

    text: str = "{}"
    """The tables as canonical JSON (keys sorted)."""

    @classmethod
    def of(cls, tables: Mapping[str, Any]) -> DealRules:
        """The deal rules of ``tables`` (plain data: tables of keys)."""
        return cls(json.dumps(_plain(tables), sort_keys=True, separators=(",", ":")))

    @property
    def tables(self) -> dict[str, Any]:
        """A fresh plain copy of the tables (dicts and lists)."""
        data: dict[str, Any] = json.loads(self.text)
        return data

    def __bool__(self) -> bool:
        return self.text != "{}"


def _plain(value: Any) -> Any:
    """``value`` as JSON data (read-only mappings and tuples made plain)."""
    if isinstance(value, Mapping):
        return {str(key): _plain(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(item) for item in value]
    return value
