"""The JSON Schema (draft-04) of a variant file, written from the specs that
check one (the key classes of ``rummykit.variant.sections`` and the tables
read beside them) to ``src/rummykit/io/schemas/variant.json``.
``python tools/variant_schema.py`` (from the repository's root) rewrites it;
``--check`` only says whether it is up to date (``tests/io/test_variant_schema.py``
runs it).

Draft-04 because the TOML editor tools (Taplo and the Even Better TOML
extension built on it) read draft-04 and draft-07, and under draft-04 an
integer is an integer only (``2.0`` is refused, as ``check-variant`` refuses
it). The schema is a typing aid while a file is written: every key, its type,
its range or choices, its default and its description, unknown keys refused;
a check across keys (``players.min`` at most ``players.max`` ...) is
``check-variant``'s alone (docs/writing-a-variant.md, "A JSON Schema for
your editor").

A development tool, not part of the installed package.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs

from rummykit.core.meld_shape import MeldShape
from rummykit.core.toml_schema import spec_of
from rummykit.core.values import HandValues, TableValues
from rummykit.variant import sections as S
from rummykit.variant.deal_rules import OVERRIDABLE
from rummykit.variant.ending_tables import PAYMENT_ENDINGS, Payment, PointPayment
from rummykit.variant.indicator_table import Indicator, IndicatorMultiplier
from rummykit.variant.leaving_sections import Declaration, LoserCount
from rummykit.variant.payment_keys import POINT_PAYMENT_KEYS

__all__ = ["OUT", "main", "variant_schema"]

OUT = Path(__file__).resolve().parents[1] / "src" / "rummykit" / "io" / "schemas" / "variant.json"
DIALECT = "http://json-schema.org/draft-04/schema#"

Node = Callable[[], dict[str, Any]]
"""Builds the schema of one key that holds a table or an array of tables."""


def _ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/definitions/{name}"}


def _name(cls: type[Any]) -> str:
    return cls.__name__


def _payments() -> dict[str, Any]:
    """``scoring.payments``: a stake by ending, or a point-scored variant's bonus or factor."""
    stakes = {ending: _ref(_name(Payment)) for ending in PAYMENT_ENDINGS}
    points = {}
    for ending, key, table, target in POINT_PAYMENT_KEYS:
        field = attrs.fields_dict(PointPayment)[key]
        points[ending] = {
            "description": f"stands for {table}.{target} (a method other than payments)",
            "type": "object",
            "properties": {key: _key(field, f"scoring.payments.{ending}")},
            "required": [key],
            "additionalProperties": False,
        }
    return {
        "description": 'what each ending pays (scoring.method = "payments"), or a point-scored '
        "variant's bonus (gin, undercut) or factor (hand_rummy)",
        "type": "object",
        "properties": {**stakes, **points},
        "additionalProperties": False,
    }


def _loser_shape() -> dict[str, Any]:
    return {
        "description": "the shape a loser's melds meet, or \"declare\": the declaration's shape",
        "anyOf": [{"type": "string", "enum": ["declare"]}, _ref(_name(MeldShape))],
    }


def _deal_rules() -> dict[str, Any]:
    props = {name: _ref(_name(S.SECTIONS[name])) for name in OVERRIDABLE}
    return {
        "description": "keys that hold for this deal only, in place of the variant's",
        "type": "object",
        "properties": props,
        "additionalProperties": False,
    }


def _array(cls: type[Any], most: int, least: int = 0) -> Node:
    return lambda: {"type": "array", "items": _ref(_name(cls)), "minItems": least, "maxItems": most}


def _table(cls: type[Any]) -> Node:
    return lambda: _ref(_name(cls))


NESTED: dict[tuple[type[Any], str], Node] = {
    (S.Deck, "by_players"): _array(S.DeckBand, S.MAX_PLAYERS, 1),
    (S.Deal, "instant_win"): _table(S.InstantWin),
    (S.Deal, "indicator"): _table(Indicator),
    (Indicator, "multiplier"): _table(IndicatorMultiplier),
    (S.Opening, "shape"): _table(MeldShape),
    (S.Contract, "deals"): _array(S.ContractDeal, S.MAX_ROUNDS),
    (S.ContractDeal, "shape"): _table(MeldShape),
    (S.ContractDeal, "rules"): _deal_rules,
    (S.Values, "table"): _table(TableValues),
    (S.Values, "hand"): _table(HandValues),
    (S.Scoring, "loser_count"): _table(LoserCount),
    (S.Scoring, "payments"): _payments,
    (LoserCount, "shape"): _loser_shape,
    (Declaration, "shape"): _table(MeldShape),
}
"""The keys whose value is a table or an array of tables, by class and key."""

ITEMS = (S.DeckBand, S.ContractDeal, S.Meta)
"""Tables whose required keys are required in every file: the items of an
array (an array is replaced whole by a child file), and ``[meta]`` (a child
names itself)."""


def _plain(value: Any) -> Any:
    """A default as JSON data."""
    return [_plain(item) for item in value] if isinstance(value, tuple) else value


def _key(field: attrs.Attribute[Any], path: str) -> dict[str, Any]:
    """The schema of one key with a spec: its description, its shape, its default."""
    spec = spec_of(field)
    assert spec is not None
    deprecated = S.DEPRECATED.get(path)
    if deprecated is not None:
        shown = json.dumps(deprecated.value)
        return {
            "description": f"deprecated: {deprecated.rule}, always; it accepts only {shown}, so leave it out",
            "enum": [deprecated.value],
        }
    out: dict[str, Any] = {"description": spec.doc or spec.expected, **spec.json}
    if _checks(spec.check, field.default):
        out["default"] = _plain(field.default)
    return out


def _checks(check: Callable[[Any], Any], default: Any) -> bool:
    """Is ``default`` a value the key accepts (written in the schema), not a
    stand-in for "not set" (an empty ``meta.extends``)?"""
    try:
        check(list(default) if isinstance(default, tuple) else default)
    except ValueError:
        return False
    return True


def _definition(cls: type[Any], path: str) -> dict[str, Any]:
    """The schema of the table ``cls`` reads (at ``path``, e.g. ``"deal"``)."""
    props: dict[str, Any] = {}
    for field in attrs.fields(cls):
        node = NESTED.get((cls, field.name))
        if node is not None:
            props[field.name] = node()
        elif spec_of(field) is not None:
            props[field.name] = _key(field, f"{path}.{field.name}")
    for (owner, name), node in NESTED.items():  # a table resolved before it is read (opening.shape)
        if owner is cls and name not in props:
            props[name] = node()
    out: dict[str, Any] = {"description": f"[{path}]", "type": "object", "properties": props}
    if cls in ITEMS and _required(cls):
        out["required"] = _required(cls)
    return {**out, "additionalProperties": False}


def _classes() -> dict[str, tuple[type[Any], str]]:
    """Every table class of a variant file with the path where it is read first."""
    found = {_name(cls): (cls, name) for name, cls in S.SECTIONS.items()}
    for path, cls in S.schema_tables():
        if cls is not PointPayment:  # written inside scoring.payments' entries
            found.setdefault(_name(cls), (cls, path.replace(".ENDING", ".<ending>")))
    found.setdefault(_name(LoserCount), (LoserCount, "scoring.loser_count"))
    return found


def _complete() -> dict[str, Any]:
    """What a file without ``extends`` must hold: the required tables, each with
    its required keys (a child file may take them from its parent)."""
    props = {name: {"required": _required(S.SECTIONS[name])} for name in S.REQUIRED_SECTIONS}
    return {"required": list(S.REQUIRED_SECTIONS), "properties": props}


def _required(cls: type[Any]) -> list[str]:
    """The keys of table ``cls`` that have no default."""
    out = []
    for field in attrs.fields(cls):
        spec = spec_of(field)
        if (
            spec.required
            if spec is not None
            else (cls, field.name) in NESTED and field.default is attrs.NOTHING
        ):
            out.append(field.name)
    return out


def variant_schema() -> dict[str, Any]:
    """The JSON Schema of a variant file."""
    definitions = {name: _definition(cls, path) for name, (cls, path) in sorted(_classes().items())}
    extends = {"properties": {"meta": {"required": ["extends"]}}, "required": ["meta"]}
    return {
        "$schema": DIALECT,
        "title": "rummykit variant file",
        "description": "A variant's rules as TOML (docs/writing-a-variant.md). A typing aid: "
        "rummykit check-variant FILE is the judge (it checks the keys against each other too).",
        "type": "object",
        "properties": {name: _ref(_name(cls)) for name, cls in S.SECTIONS.items()},
        "additionalProperties": False,
        "anyOf": [_complete(), extends],
        "definitions": definitions,
    }


def _text(schema: dict[str, Any]) -> str:
    return json.dumps(schema, indent=1, ensure_ascii=False) + "\n"


def _arguments(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--check", action="store_true", help="only say whether the files are up to date")
    return parser.parse_args(argv)


def main(argv: list[str]) -> int:
    check = _arguments(argv).check
    text = _text(variant_schema())
    if OUT.exists() and OUT.read_text(encoding="utf-8") == text:
        return 0
    if check:
        print(f"stale: {OUT.name} (run python tools/variant_schema.py)")
        return 1
    OUT.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
