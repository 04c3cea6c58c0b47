"""The JSON Schema of a variant file (rummykit.io.schemas, ``variant.json``):
a valid draft-04 schema, up to date with tools/variant_schema.py, printed by
``rummykit schema variant``; every bundled variant file (and every variant
file of the tests and docs) is valid under it; and it agrees with
``check-variant`` on broken files: each key given a value of the wrong type,
out of its range or outside its choices is refused by both, and so are
unknown keys and tables. A check across keys is the loader's alone."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import attrs
import pytest

import rummykit as rk
from rummykit.core.toml_schema import spec_of
from rummykit.io.schemas import SCHEMA_NAMES, shipped_schema, shipped_schema_text
from rummykit.play.cli import main
from rummykit.variant.sections import DEPRECATED, SECTIONS, schema_keys, schema_tables

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib

jsonschema = pytest.importorskip("jsonschema")

ROOT = Path(__file__).resolve().parents[2]
SCHEMA = shipped_schema("variant")
VALIDATOR = jsonschema.Draft4Validator(SCHEMA)

BASE: dict[str, Any] = {
    "meta": {"id": "broken", "name": "A broken variant"},
    "players": {"min": 2, "max": 4},
    "deck": {"by_players": [{"players": [2, 4], "decks": 1, "jokers": 2}]},
    "deal": {"hand_size": 7},
}


def toml_value(value: Any) -> str:
    """A value as TOML (inline tables and arrays; strings, booleans and numbers as JSON writes them)."""
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{key} = {toml_value(item)}" for key, item in value.items()) + " }"
    if isinstance(value, list):
        return "[" + ", ".join(toml_value(item) for item in value) + "]"
    return json.dumps(value)


def toml_text(data: dict[str, Any]) -> str:
    lines = []
    for name, table in data.items():
        lines.append(f"[{name}]")
        lines += [f"{key} = {toml_value(value)}" for key, value in table.items()]
    return "\n".join(lines) + "\n"


def with_key(path: str, value: Any, data: dict[str, Any] | None = None) -> dict[str, Any]:
    """``data`` (BASE by default), a copy, with key ``path`` (``"deal.indicator.card"``) set."""
    out = json.loads(json.dumps(data or BASE))
    node = out
    *tables, key = path.split(".")
    for table in tables:
        node = node.setdefault(table, {})
    node[key] = value
    return out


def schema_valid(data: dict[str, Any]) -> bool:
    return bool(VALIDATOR.is_valid(data))


def loads(data: dict[str, Any], tmp_path: Path) -> bool:
    """Does the file load (what ``check-variant`` says)?"""
    path = tmp_path / "broken.toml"
    path.write_text(toml_text(data), encoding="utf-8")
    assert tomllib.loads(path.read_text(encoding="utf-8")) == data  # the TOML says what was meant
    try:
        rk.load_variant(path)
    except rk.VariantError:
        return False
    return True


def test_the_schema_is_a_draft_04_schema_up_to_date_and_printed_by_the_cli(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert SCHEMA["$schema"] == "http://json-schema.org/draft-04/schema#"
    jsonschema.Draft4Validator.check_schema(SCHEMA)
    done = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "variant_schema.py"), "--check"], capture_output=True, text=True
    )
    assert done.returncode == 0, done.stdout + done.stderr
    for name in SCHEMA_NAMES:
        assert main(["schema", name]) == 0
        assert capsys.readouterr().out == shipped_schema_text(name)
    assert main(["schema", "hand"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "invalid choice: 'hand'" in err
    with pytest.raises(ValueError, match="expected a schema name"):
        shipped_schema("hand")


def _node(path: str) -> dict[str, Any]:
    """The schema of key path ``path`` (``"deck.by_players[].jokers"``), through the $refs."""
    node: dict[str, Any] = SCHEMA
    for part in path.replace("[]", ".[]").split("."):
        node = next((kind for kind in node.get("anyOf", []) if "$ref" in kind), node)  # a shape or "declare"
        while "$ref" in node:
            node = SCHEMA["definitions"][node["$ref"].rpartition("/")[2]]
        if part == "[]":
            node = node["items"]
        elif part == "ENDING":
            node = node["properties"]["out"]
        else:
            node = node["properties"][part]
    return node


def test_every_key_has_a_description_and_its_default() -> None:
    for path in schema_keys(deprecated=True):
        if path.startswith("scoring.payments.ENDING.") and path.rpartition(".")[2] in (
            "bonus",
            "self_factor",
        ):
            continue  # in the entries gin, undercut, hand_rummy (below)
        node = _node(path)
        assert node.get("description"), path
        if path in DEPRECATED:
            assert node["enum"] == [DEPRECATED[path].value], path
    assert _node("scoring.payments.gin.bonus")["maximum"] == 10_000
    assert _node("players.min") == {
        "description": "fewest players (a round of one seat never ends)",
        "type": "integer",
        "minimum": 2,
        "maximum": 12,
    }
    assert _node("seating.cutter")["enum"] == ["none", "left_of_dealer", "right_of_dealer"]
    assert _node("melds.set_max")["default"] == 4
    assert "pure run" in _node("opening.waived_for_hand_rummy")["description"]


def variant_files() -> list[Path]:
    found = sorted((ROOT / "variants").glob("*.toml"))
    for folder in ("tests", "docs"):
        found += [
            p for p in sorted((ROOT / folder).rglob("*.toml")) if "meta" in tomllib.loads(p.read_text())
        ]
    return found


def test_every_variant_file_is_valid() -> None:
    files = variant_files()
    assert len(files) > 40
    for path in files:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        errors = [f"{list(e.path)}: {e.message}" for e in VALIDATOR.iter_errors(data)]
        assert not errors, (path, errors[:3])


def test_the_base_of_the_broken_files_is_valid_for_both(tmp_path: Path) -> None:
    assert schema_valid(BASE) and loads(BASE, tmp_path)


def _wrong_values(field: attrs.Attribute[Any]) -> list[Any]:
    """Values a key refuses: of another type, out of its range, outside its choices."""
    spec = spec_of(field)
    assert spec is not None
    shape = spec.json
    wrong: list[Any] = [{"a": 1}, 2.5]
    kinds = [shape, *shape.get("anyOf", [])]
    if any(kind.get("type") == "integer" for kind in kinds):
        wrong += [True, "seven", 3.0]
        for kind in kinds:
            wrong += [kind["minimum"] - 1] if "minimum" in kind else []
            wrong += [kind["maximum"] + 1] if "maximum" in kind else []
    if any("enum" in kind for kind in kinds):
        wrong += ["nope"] + ([] if any(kind.get("type") == "integer" for kind in kinds) else [1])
    if shape.get("type") == "boolean":
        wrong += [1, "true"]
    if shape.get("type") == "array":
        wrong += ["[]", [{"a": 1}], [-1] * 40]
    if shape.get("type") == "string" and "enum" not in shape:
        wrong += ["", 1, "  "]
    return wrong


SIMPLE = [
    (f"{name}.{field.name}", field)
    for name, cls in [*SECTIONS.items(), *schema_tables()]
    for field in attrs.fields(cls)
    if spec_of(field) is not None and name != "meta" and "[]" not in name and "ENDING" not in name
]
SIMPLE = list(dict(SIMPLE).items())  # each key once: every table of a variant file but arrays and endings


@pytest.mark.parametrize(("path", "field"), SIMPLE, ids=[path for path, _ in SIMPLE])
def test_a_wrong_value_is_refused_by_both(path: str, field: attrs.Attribute[Any], tmp_path: Path) -> None:
    for value in _wrong_values(field):
        data = with_key(path, value)
        assert not schema_valid(data), (path, value)
        assert not loads(data, tmp_path), (path, value)
    if path in DEPRECATED:  # the one value a deprecated key accepts
        data = with_key(path, DEPRECATED[path].value)
        assert schema_valid(data) and loads(data, tmp_path)


BROKEN = [
    ("an unknown table", with_key("rules.melds", 1)),
    ("an unknown key", with_key("melds.set_size", 3)),
    ("a misspelt nested key", with_key("deal.indicator.cards", "cut_aside")),
    ("an id with capitals", with_key("meta.id", "Broken")),
    ("an empty name", with_key("meta.name", "")),
    ("no deal", {key: value for key, value in BASE.items() if key != "deal"}),
    ("no hand size", {**BASE, "deal": {"flip_first_discard": True}}),
    ("no id", {**BASE, "meta": {"name": "x"}}),
    ("a band without decks", with_key("deck.by_players", [{"players": [2, 4]}])),
    ("a band's player range of three", with_key("deck.by_players", [{"players": [2, 3, 4], "decks": 1}])),
    ("thirteen bands", with_key("deck.by_players", [{"players": [2, 4], "decks": 1}] * 13)),
    ("an indicator suit", with_key("deal.indicator.multiplier.suit", "x")),
    ("a shape's negative runs", with_key("declare.shape.runs", -1)),
    ("a shape's unknown key", with_key("opening.shape.jokers", 1)),
    ("a contract deal without a hand size", with_key("contract.deals", [{"sets": 2}])),
    ("a deal's rules of a table it may not override",
     with_key("contract.deals", [{"hand_size": 7, "rules": {"deal": {}}}])),
    ("a deal's rules with a wrong value",
     with_key("contract.deals", [{"hand_size": 7, "rules": {"melds": {"set_min": 1}}}])),
    ("an unknown ending", with_key("scoring.payments", {"knock": {"amount": 1}})),
    ("a stake out of range", with_key("scoring.payments", {"out": {"amount": 1001}})),
    ("a loser count's shape of another word", with_key("scoring.loser_count.shape", "show")),
    ("a value table's unknown key", with_key("values.hand.deuce", 2)),
    ("relay targets twice the same", with_key("swap.relay_targets", ["new_meld", "new_meld"])),
    ("an instant win of nine counts", with_key("deal.instant_win.points", list(range(9)))),
]  # fmt: skip


@pytest.mark.parametrize(("name", "data"), BROKEN, ids=[name for name, _ in BROKEN])
def test_a_broken_file_is_refused_by_both(name: str, data: dict[str, Any], tmp_path: Path) -> None:
    assert not schema_valid(data)
    assert not loads(data, tmp_path)


def test_a_child_file_needs_only_its_own_keys(tmp_path: Path) -> None:
    """A file that extends another takes the required tables from its parent."""
    data = {"meta": {"id": "mine", "name": "Mine", "extends": "rami51"}, "deal": {"flip_first_discard": True}}
    assert schema_valid(data) and loads(data, tmp_path)
    assert not schema_valid({"meta": {"id": "mine", "extends": "rami51"}})  # a child names itself


def test_a_check_across_keys_is_the_loaders_alone(tmp_path: Path) -> None:
    """The schema types each key; check-variant judges them together (the
    docs say so): these files are valid under the schema and refused."""
    for data in (
        with_key("players.min", 5),  # more than players.max
        with_key("melds.set_min", 5),  # more than melds.set_max (4)
        with_key("scoring.method", "deadwood_difference"),  # without a knock
        with_key("scoring.payments", {"gin": {"bonus": 30}, "out": {"amount": 1}}),  # a stake by points
    ):
        assert schema_valid(data) and not loads(data, tmp_path), data


def test_the_docs_schema_directive_loads_and_the_schema_checks_it(tmp_path: Path) -> None:
    """docs/writing-a-variant.md's file with a ``#:schema`` first line: a
    comment to the loader, valid under the schema."""
    page = (ROOT / "docs" / "writing-a-variant.md").read_text(encoding="utf-8")
    section = page.split("## A JSON Schema for your editor\n", 1)[1].split("\n## ", 1)[0]
    text = next(block for block in section.split("```toml\n")[1:] if block.lstrip().startswith("#:schema"))
    text = "\n".join(line.strip() for line in text.split("```")[0].splitlines()) + "\n"
    assert text.startswith("#:schema ./variant.schema.json\n")
    path = tmp_path / "mine.toml"
    path.write_text(text, encoding="utf-8")
    assert rk.load_variant(path).opening.require_pure_run
    assert schema_valid(tomllib.loads(text))
    assert "rummykit schema variant > variant.schema.json" in section
