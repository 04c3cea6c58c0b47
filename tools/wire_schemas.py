"""The JSON Schemas (draft 2020-12) of the documents rummykit writes, one file
per document kind in ``src/rummykit/io/schemas/``. ``python tools/wire_schemas.py``
(from the repository's root) rewrites them; ``--check`` only says whether they
are up to date (``tests/io/test_wire_schemas.py`` runs it).

Each file stands alone (its shared parts are copied into its ``$defs``), so a
client can load one file and validate one kind of document.

A development tool, not part of the installed package.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

__all__ = ["KINDS", "main", "schemas"]

OUT = Path(__file__).resolve().parents[1] / "src" / "rummykit" / "io" / "schemas"
DIALECT = "https://json-schema.org/draft/2020-12/schema"
KINDS = ("state", "view", "record", "match", "move")

FACE = r"^(?:[2-9TJQKA][cdhs]|JK)$"
TABLE_CARD = r"^(?:[2-9TJQKA][cdhs]|JK(?:=[2-9TJQKA][cdhs])?|2[cdhs]=(?:[2-9TJQKA][cdhs]|\*))$"
PHASES = ["draw", "play", "over", "first_upcard", "knock", "defend"]
ENDINGS = [
    "went_out", "hand_rummy", "blocked", "turn_cap", "knock", "gin", "undercut", "wall", "repeat",
    "take_limit", "tonk_out", "drop", "caught", "tonk_deal", "deal_void", "declared", "wrong_show",
    "last_in",
]  # fmt: skip


def _ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/$defs/{name}"}


def _seat() -> dict[str, Any]:
    return {"type": "integer", "minimum": 0}


def _count() -> dict[str, Any]:
    return {"type": "integer", "minimum": 0}


def _ints(item: dict[str, Any]) -> dict[str, Any]:
    return {"type": "array", "items": item}


def _nullable(schema: dict[str, Any]) -> dict[str, Any]:
    return {"anyOf": [schema, {"type": "null"}]}


def _object(required: dict[str, Any], optional: dict[str, Any] | None = None) -> dict[str, Any]:
    return {
        "type": "object",
        "properties": {**required, **(optional or {})},
        "required": list(required),
        "additionalProperties": False,
    }


DEFS: dict[str, dict[str, Any]] = {
    "card": {
        "description": "A card in hand, stock or discards: 7h, Ts, JK.",
        "type": "string",
        "pattern": FACE,
    },
    "cards": {"description": "A list of cards ([] for none).", "type": "array", "items": _ref("card")},
    "table_card": {
        "description": (
            "A card of a table meld: a joker says what it stands for where that is fixed (JK=9h), "
            "a wild deuce too (2h=9h, 2h=*)."
        ),
        "type": "string",
        "pattern": TABLE_CARD,
    },
    "move": {
        "description": "A move in move notation (draw, take 3, meld 3s 3h 3c).",
        "type": "string",
        "minLength": 1,
    },
    "result": _nullable(
        _object(
            {
                "ending": {"enum": ENDINGS},
                "winner": _nullable(_seat()),
                "winners": _ints(_seat()),
                "scores": _ints({"type": "integer"}),
            },
            {"deadwood": _ints(_count()), "knocker": _seat()},
        )
    ),
    "variant": _object(
        {"id": {"type": "string"}},
        {"digest": {"type": "string", "pattern": "^[0-9a-f]{64}$"}, "rules": {"type": "object"}},
    ),
    "log": {
        "description": "The round's last public moves, oldest first, as 'seat: move'.",
        "type": "array",
        "items": {"type": "string", "pattern": "^[0-9]+: "},
        "maxItems": 10,
    },
}


def _header(kind: str) -> dict[str, Any]:
    return {"schema": {"const": 2}, "type": {"const": kind}}


def _state_table() -> dict[str, Any]:
    meld = _object(
        {
            "owner": _seat(),
            "kind": {"enum": ["set", "run"]},
            "cards": {"type": "array", "items": _ref("table_card"), "minItems": 1},
            "credits": _ints(_seat()),
        }
    )
    return {"type": "array", "items": meld}


def _laid_off() -> dict[str, Any]:
    pair = {"type": "array", "prefixItems": [_count(), _ref("card")], "items": False, "minItems": 2}
    return {"type": "array", "items": pair}


def _state() -> dict[str, Any]:
    step = _object(
        {
            "hand": _ref("cards"),
            "table": _state_table(),
            "new_melds": _ints(_count()),
            "laid_off": _laid_off(),
            "swaps": _count(),
        }
    )
    turn = _object(
        {
            "source": {"enum": ["none", "stock", "discard", "deep", "exchange"]},
            "start_jokers": _count(),
            "new_melds": _ints(_count()),
            "laid_off": _laid_off(),
            "swaps": _count(),
            "steps": {"type": "array", "items": step},
        },
        {
            "taken": _nullable(_ref("card")),
            "chosen": _nullable(_ref("card")),
            "must_use_taken": {"type": "boolean"},
            "exchanged": {"type": "boolean"},
        },
    )
    knocking = _object(
        {
            "upcard_passes": _ints(_seat()),
            "takes": _count(),
            "repeat": {"type": "boolean"},
            "knocker": _nullable(_seat()),
            "knock_card": _nullable(_ref("card")),
            "gin": {"type": "boolean"},
            "layoffs": _ref("cards"),
            "defender_melded": {"type": "boolean"},
        }
    )
    return _object(
        {
            **_header("state"),
            "variant": _ref("variant"),
            "players": {"type": "integer", "minimum": 1},
            "dealer": _seat(),
            "to_move": _seat(),
            "phase": {"enum": PHASES},
            "turns_played": _count(),
            "reshuffles": _count(),
            "hands": {"type": "array", "items": _ref("cards")},
            "stock": _ref("cards"),
            "discard": _ref("cards"),
            "table": _state_table(),
            "opened": _ints({"type": "boolean"}),
            "turn": turn,
        },
        {
            "exchange": _nullable(_ref("card")),
            "result": _ref("result"),
            "seed": _nullable({"type": "integer"}),
            "deck": _ref("cards"),
            "deal_number": _count(),
            "buys": _ints(_count()),
            "buy_window": {"type": "boolean"},
            "knocking": knocking,
            "log": _ref("log"),
            "indicator": _ref("card"),
            "dropped": _ints(_count()),
            "has_drawn": _ints({"type": "boolean"}),
            "out_of_play": _ref("cards"),
        },
    )


def _view() -> dict[str, Any]:
    meld = _object(
        {
            "number": {"type": "integer", "minimum": 1},
            "owner": _seat(),
            "kind": {"enum": ["set", "run"]},
            "cards": {"type": "array", "items": _ref("table_card"), "minItems": 1},
            "points": {"type": "integer"},
            "tentative": {"type": "boolean"},
        }
    )
    return _object(
        {
            **_header("view"),
            "seat": _nullable(_seat()),
            "variant": {"type": "string"},
            "variant_name": {"type": "string"},
            "players": {"type": "integer", "minimum": 1},
            "dealer": _seat(),
            "to_move": _seat(),
            "phase": {"enum": PHASES},
            "turns_played": _count(),
            "hand": _nullable(_ref("cards")),
            "hand_sizes": _ints(_count()),
            "table": {"type": "array", "items": meld},
            "discards": _ref("cards"),
            "discard_size": _count(),
            "stock_size": _count(),
            "exchange": _nullable(_ref("card")),
            "opened": _ints({"type": "boolean"}),
            "opening": _object(
                {"minimum": _nullable({"type": "integer", "minimum": 1}), "so_far": {"type": "integer"}},
                {
                    "allowed": {"type": "boolean"},
                    "reason": _nullable(_object({"code": {"type": "string"}, "message": {"type": "string"}})),
                },
            ),
            "taken": _nullable(_ref("card")),
            "result": _ref("result"),
            "legal": {"type": "array", "items": _ref("move")},
            "log": _ref("log"),
        },
        {
            "deal_number": {"type": "integer", "minimum": 1},
            "knock": _object(
                {
                    "upcard_passes": _ints(_seat()),
                    "knocker": _nullable(_seat()),
                    "gin": {"type": "boolean"},
                    "layoffs": _ref("cards"),
                    "knock_card": _nullable(_ref("card")),
                }
            ),
            "indicator": _ref("card"),
            "dropped": _ints(_count()),
            "chosen": _ref("card"),
        },
    )


def _record() -> dict[str, Any]:
    return _object(
        {
            **_header("record"),
            "variant": _ref("variant"),
            "players": {"type": "integer", "minimum": 1},
            "dealer": _seat(),
            "deck": _ref("cards"),
            "moves": {"type": "array", "items": {"type": "string", "pattern": "^[0-9]+: "}},
        },
        {
            "seed": _nullable({"type": "integer"}),
            "result": _ref("result"),
            "stocks": {"type": "array", "items": _ref("cards")},
            "deal_number": {"type": "integer", "minimum": 1},
        },
    )


def _match() -> dict[str, Any]:
    decision = _object({"after": _count(), "seat": _seat(), "choice": {"enum": ["rebuy", "retire"]}})
    return _object(
        {
            **_header("match"),
            "variant": _ref("variant"),
            "players": {"type": "integer", "minimum": 1},
            "rounds": _count(),
            "first_dealer": _seat(),
            "results": {"type": "array", "items": {**_ref("result"), "not": {"type": "null"}}},
            "decisions": {"type": "array", "items": decision},
        }
    )


def _move() -> dict[str, Any]:
    return _object({**_header("move"), "move": _ref("move")})


_TITLES = {
    "state": "A whole round (every card, for saving and restoring a game)",
    "view": "What one seat (or a spectator) may see of a round",
    "record": "A round's deal and moves, to replay it exactly",
    "match": "A match: its rounds' results and the rebuy decisions",
    "move": "One move",
}
_BUILDERS = {"state": _state, "view": _view, "record": _record, "match": _match, "move": _move}


def _used(schema: Any, names: set[str]) -> set[str]:
    """The $defs a schema refers to, and those they refer to."""
    if isinstance(schema, dict):
        ref = schema.get("$ref")
        if isinstance(ref, str) and ref.startswith("#/$defs/") and ref[8:] not in names:
            names.add(ref[8:])
            _used(DEFS[ref[8:]], names)
        for value in schema.values():
            _used(value, names)
    elif isinstance(schema, list):
        for value in schema:
            _used(value, names)
    return names


def schemas() -> dict[str, dict[str, Any]]:
    """Each kind's schema, by kind."""
    out = {}
    for kind in KINDS:
        body = _BUILDERS[kind]()
        defs = {name: DEFS[name] for name in sorted(_used(body, set()))}
        out[kind] = {
            "$schema": DIALECT,
            "title": f"rummykit {kind} document (schema 2): {_TITLES[kind]}",
            **body,
            **({"$defs": defs} if defs else {}),
        }
    return out


def _text(schema: dict[str, Any]) -> str:
    return json.dumps(schema, indent=1, ensure_ascii=False) + "\n"


def _arguments(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--check", action="store_true", help="only say whether the files are up to date")
    return parser.parse_args(argv)


def main(argv: list[str]) -> int:
    check = _arguments(argv).check
    stale = []
    for kind, schema in schemas().items():
        path = OUT / f"{kind}.json"
        text = _text(schema)
        if path.exists() and path.read_text(encoding="utf-8") == text:
            continue
        stale.append(path.name)
        if not check:
            path.write_text(text, encoding="utf-8")
    if stale and check:
        print(f"stale: {', '.join(stale)} (run python tools/wire_schemas.py)")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
