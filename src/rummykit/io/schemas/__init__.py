"""The JSON Schemas (draft 2020-12) of the documents rummykit writes: one
file per kind (``state.json``, ``view.json``, ``record.json``, ``match.json``,
``move.json``) beside this module, shipped in the package for clients and
tests to validate documents against (docs/wire-format.md).

>>> document_schema("view")["properties"]["schema"]
{'const': 2}
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

__all__ = ["DOCUMENT_KINDS", "document_schema"]

DOCUMENT_KINDS = ("state", "view", "record", "match", "move")


def document_schema(kind: str) -> dict[str, Any]:
    """The JSON Schema of one kind of document (a new dict on every call)."""
    if kind not in DOCUMENT_KINDS:
        raise ValueError(f"expected a document kind ({', '.join(DOCUMENT_KINDS)}), not {kind!r}")
    text = resources.files(__name__).joinpath(f"{kind}.json").read_text(encoding="utf-8")
    schema: dict[str, Any] = json.loads(text)
    return schema
