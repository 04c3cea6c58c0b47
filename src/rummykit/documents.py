"""What every JSON document shares: the schema number, :class:`JSONError`,
reading a required key, and the variant a document names.

It sits below both :mod:`rummykit.serialize` (states, views, moves) and
:mod:`rummykit.records` (game records), so that neither imports the other to
read or write its part of a document.
"""

from __future__ import annotations

from typing import Any

from rummykit.errors import VariantError
from rummykit.variant import Variant, load_variant, variant_from_rules

__all__ = ["SCHEMA", "JSONError", "load_variant_document", "need", "variant_document"]

SCHEMA = 1


class JSONError(ValueError):
    """A JSON document that cannot be loaded; ``path`` points at the problem."""

    def __init__(self, path: str, message: str) -> None:
        self.path = path
        super().__init__(f"{path}: {message}")


def need(doc: Any, key: str, kind: type | tuple[type, ...], path: str) -> Any:
    """``doc[key]``, which must be there and of type ``kind`` (a bool is not an
    int); else JSONError naming ``path.key``."""
    if not isinstance(doc, dict) or key not in doc:
        raise JSONError(f"{path}.{key}", "missing")
    value = doc[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise JSONError(f"{path}.{key}", f"expected {getattr(kind, '__name__', kind)}, got {value!r}")
    return value


def variant_document(variant: Variant) -> dict[str, Any]:
    """How a document names its variant: the id, the digest and the rules."""
    return {"id": variant.id, "digest": variant.digest(), "rules": variant.resolved}


def load_variant_document(doc: Any, path: str) -> Variant:
    """The variant a document names (its rules if given, else the id), checked
    against the digest; JSONError under ``path`` if it cannot be loaded."""
    ref = need(doc, "id", str, path)
    rules = doc.get("rules") if isinstance(doc, dict) else None
    try:
        if isinstance(rules, dict):
            variant = variant_from_rules(f"{ref} (from JSON)", rules, ref)
        else:
            variant = load_variant(ref)
    except VariantError as error:
        raise JSONError(f"{path}.rules", str(error.problems[0])) from None
    digest = doc.get("digest")
    if digest is not None and digest != variant.digest():
        raise JSONError(f"{path}.digest", "the rules do not match their digest")
    return variant
