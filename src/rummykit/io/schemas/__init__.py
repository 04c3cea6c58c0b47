"""The JSON Schemas (draft 2020-12) of the documents rummykit writes: one
file per kind (``state.json``, ``view.json``, ``record.json``, ``match.json``,
``move.json``) beside this module, shipped in the package for clients and
tests to validate documents against (docs/wire-format.md); and the JSON
Schema (draft-04, the draft TOML editors read) of a variant file
(``variant.json``, written by ``tools/variant_schema.py``;
docs/writing-a-variant.md). ``rummykit schema NAME`` prints any of them.

>>> document_schema("view")["properties"]["schema"]
{'const': 2}
>>> shipped_schema("variant")["properties"]["meta"]
{'$ref': '#/definitions/Meta'}
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

__all__ = ["DOCUMENT_KINDS", "SCHEMA_NAMES", "document_schema", "shipped_schema", "shipped_schema_text"]

DOCUMENT_KINDS = ("state", "view", "record", "match", "move")
SCHEMA_NAMES = ("variant", *DOCUMENT_KINDS)
"""Every schema shipped here: a variant file's, then each document kind's."""


def document_schema(kind: str) -> dict[str, Any]:
    """The JSON Schema of one kind of document (a new dict on every call)."""
    if kind not in DOCUMENT_KINDS:
        raise ValueError(f"expected a document kind ({', '.join(DOCUMENT_KINDS)}), not {kind!r}")
    text = resources.files(__name__).joinpath(f"{kind}.json").read_text(encoding="utf-8")
    schema: dict[str, Any] = json.loads(text)
    return schema


def shipped_schema_text(name: str) -> str:
    """The text of one shipped schema (a name of :data:`SCHEMA_NAMES`), as the file holds it."""
    if name not in SCHEMA_NAMES:
        raise ValueError(f"expected a schema name ({', '.join(SCHEMA_NAMES)}), not {name!r}")
    return resources.files(__name__).joinpath(f"{name}.json").read_text(encoding="utf-8")


def shipped_schema(name: str) -> dict[str, Any]:
    """One shipped schema (a name of :data:`SCHEMA_NAMES`), a new dict on every call."""
    schema: dict[str, Any] = json.loads(shipped_schema_text(name))
    return schema
