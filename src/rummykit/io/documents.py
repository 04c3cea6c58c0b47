"""Reading JSON documents safely: size and depth limits, exact types, known
keys only, and a :class:`JSONError` naming the JSON path of the first problem.

Every reader here refuses what it does not expect; none opens a file.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from typing import Any

from rummykit.core.cards import Card, format_cards, parse_card, parse_cards
from rummykit.core.errors import NotationError, RummykitError, VariantError
from rummykit.core.files import MAX_INTEGER_DIGITS
from rummykit.core.round_values import RoundResult, sorted_hand
from rummykit.variant.model import Variant, bundled_variants, load_bundled_variant, variant_from_rules

__all__ = [
    "MAX_DEPTH",
    "MAX_DOCUMENT_CHARS",
    "MAX_JOKERS",
    "MAX_SCORE",
    "SCHEMA",
    "SCHEMAS",
    "JSONError",
    "card_list",
    "check_schema",
    "describe",
    "digest_as_written",
    "load_variant_document",
    "parse_document",
    "read_bool",
    "read_card",
    "read_cards",
    "read_faces",
    "read_hand",
    "read_header",
    "read_int",
    "read_list",
    "read_object",
    "read_result",
    "read_seed",
    "read_text",
    "result_document",
    "variant_document",
]

SCHEMA = 2
"""The schema documents are written with: cards as arrays of card strings
(schema 1 wrote a list of cards as one string)."""
SCHEMAS = (1, 2)
"""The schemas :func:`check_schema` accepts: documents of schema 1 still load."""
MAX_DOCUMENT_CHARS = 4_000_000
"""The longest document :func:`from_json` reads (a long record is about 100 kB)."""
MAX_DEPTH = 32
"""The deepest nesting of arrays and objects a document may have (ours need 8)."""


class JSONError(RummykitError, ValueError):
    """A JSON document that cannot be loaded; ``path`` points at the problem."""

    def __init__(self, path: str, message: str) -> None:
        self.path = path
        super().__init__(f"{path}: {message}")


def describe(value: Any) -> str:
    """How a JSON value is named in an error: its type, and its text when short."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return f"boolean {str(value).lower()}"
    if isinstance(value, int):
        return f"integer {value}" if -(10**15) < value < 10**15 else "a huge integer"
    if isinstance(value, float):
        return f"number {value!r}"
    if isinstance(value, str):
        text = repr(value)
        return f"string {text}" if len(text) <= 40 else f"string {text[:36]}...'"
    if isinstance(value, list):
        return "an array"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__


def read_object(
    value: Any, path: str, required: Sequence[str], optional: Sequence[str] = ()
) -> dict[str, Any]:
    """An object with these keys (no other), or JSONError naming the key."""
    if not isinstance(value, dict):
        raise JSONError(path, f"expected an object, got {describe(value)}")
    for key in value:
        if key not in required and key not in optional:
            raise JSONError(f"{path}.{key}", "unknown key")
    for key in required:
        if key not in value:
            raise JSONError(f"{path}.{key}", "missing")
    return value


def read_int(value: Any, path: str, low: int, high: int) -> int:
    """An integer (never a boolean or a float) from ``low`` to ``high``."""
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise JSONError(path, f"expected an integer from {low} to {high}, got {describe(value)}")
    return value


def read_seed(value: Any, path: str) -> int | None:
    if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
        raise JSONError(path, f"expected an integer or null, got {describe(value)}")
    return value


def read_bool(value: Any, path: str) -> bool:
    if not isinstance(value, bool):
        raise JSONError(path, f"expected true or false, got {describe(value)}")
    return value


def read_text(value: Any, path: str) -> str:
    if not isinstance(value, str):
        raise JSONError(path, f"expected a string, got {describe(value)}")
    return value


def read_list(value: Any, path: str, size: int | None = None) -> list[Any]:
    if not isinstance(value, list):
        raise JSONError(path, f"expected an array, got {describe(value)}")
    if size is not None and len(value) != size:
        raise JSONError(path, f"expected {size} entries, got {len(value)}")
    return value


def read_cards(value: Any, path: str) -> tuple[Card, ...]:
    """Cards as schema 2 writes them, an array of card strings (``["7h", "JK=9h"]``),
    or as schema 1 did, one string (``"7h JK=9h"``)."""
    if isinstance(value, str):
        try:
            return parse_cards(value)
        except NotationError as error:
            raise JSONError(path, str(error)) from None
    if not isinstance(value, list):
        raise JSONError(path, f"expected an array of cards, got {describe(value)}")
    cards = []
    for i, token in enumerate(value):
        if not isinstance(token, str):
            raise JSONError(f"{path}[{i}]", f"expected a card, got {describe(token)}")
        try:
            cards.append(parse_card(token))
        except NotationError as error:
            raise JSONError(f"{path}[{i}]", str(error)) from None
    return tuple(cards)


def card_list(cards: Sequence[Card]) -> list[str]:
    """Cards as schema 2 writes them: an array of card strings (``[]`` for none)."""
    return [str(card) for card in cards]


def read_faces(text: Any, path: str) -> tuple[Card, ...]:
    """Cards as a hand, the stock or the discards hold them: no declared joker."""
    cards = read_cards(text, path)
    for card in cards:
        if card.face is not card:  # a declared joker, or a deuce played wild (2h=8c, 2h=*)
            raise JSONError(path, f"{card}: only a joker on the table says what it stands for")
    return cards


def read_hand(text: Any, path: str) -> tuple[Card, ...]:
    cards = read_faces(text, path)
    canonical = sorted_hand(cards)
    if cards != canonical:
        raise JSONError(path, f"expected the hand in canonical order: {format_cards(canonical)}")
    return cards


def read_card(text: Any, path: str) -> Card | None:
    if text is None:
        return None
    if not isinstance(text, str):
        raise JSONError(path, f"expected a card or null, got {describe(text)}")
    cards = read_faces(text, path)
    if len(cards) != 1:
        raise JSONError(path, f"expected one card, got {describe(text)}")
    return cards[0]


def _integer(text: str) -> int:
    digits = len(text) - text.startswith("-")
    if digits > MAX_INTEGER_DIGITS:
        raise JSONError("$", f"expected integers of at most {MAX_INTEGER_DIGITS} digits, got one of {digits}")
    return int(text)


def _check_depth(doc: Any) -> None:
    """Refuse nesting no document needs (without recursing, so it cannot overflow)."""
    stack = [(doc, 1)]
    while stack:
        value, depth = stack.pop()
        children = value.values() if isinstance(value, dict) else value if isinstance(value, list) else None
        if children is None:
            continue
        if depth > MAX_DEPTH:
            raise JSONError("$", f"nested deeper than {MAX_DEPTH} levels")
        stack.extend((child, depth + 1) for child in children)


def check_schema(doc: Any) -> None:
    """An object whose ``"schema"`` is exactly the integer 1 or 2 (not true, not 1.0)."""
    if not isinstance(doc, dict):
        raise JSONError("$", f"expected an object, got {describe(doc)}")
    if "schema" not in doc:
        raise JSONError("$.schema", "missing")
    schema = doc["schema"]
    if type(schema) is not int or schema not in SCHEMAS:
        raise JSONError("$.schema", f"expected the integer 1 or 2, got {describe(schema)}")


def read_header(doc: Any, kind: str, keys: Sequence[str], optional: Sequence[str] = ()) -> dict[str, Any]:
    """A document of this type: ``"schema"`` exactly the integer 1 or 2, known keys only."""
    _check_depth(doc)
    check_schema(doc)
    checked = read_object(doc, "$", ("schema", "type", *keys), optional)
    if checked["type"] != kind:
        raise JSONError("$.type", f"expected {kind!r}, got {describe(checked['type'])}")
    return checked


def parse_document(text: str | bytes) -> Any:
    if isinstance(text, (bytes, bytearray)):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as error:
            raise JSONError("$", f"not UTF-8 text (byte {error.start})") from None
    if not isinstance(text, str):
        raise JSONError("$", f"expected JSON text, got {type(text).__name__}")
    if len(text) > MAX_DOCUMENT_CHARS:
        raise JSONError("$", f"longer than {MAX_DOCUMENT_CHARS} characters")
    try:
        doc = json.loads(
            text,
            object_pairs_hook=_object_without_duplicates,
            parse_constant=_no_constant,
            parse_int=_integer,
        )
    except JSONError:
        raise
    except RecursionError:
        raise JSONError("$", f"nested deeper than {MAX_DEPTH} levels") from None
    except ValueError as error:  # a JSONDecodeError, or an integer of too many digits
        raise JSONError("$", f"not JSON: {error}") from None
    _check_depth(doc)
    return doc


def _object_without_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    doc: dict[str, Any] = {}
    for key, value in pairs:
        if key in doc:
            raise JSONError("$", f"the key {describe(key)} appears twice in one object")
        doc[key] = value
    return doc


def _no_constant(name: str) -> Any:
    raise JSONError("$", f"{name} is not a JSON number")


# --------------------------------------------------------------------------- results and variants

_ENDINGS = (
    "went_out",
    "hand_rummy",
    "blocked",
    "turn_cap",
    "knock",
    "gin",
    "undercut",
    "wall",
    "repeat",
    "take_limit",
    "tonk_out",
    "drop",
    "caught",
    "tonk_deal",
    "deal_void",
    "declared",
    "wrong_show",
    "last_in",
)

MAX_JOKERS = 64
"""The most jokers a document's own rules may put in a deck."""
MAX_SCORE = 10**9
"""The largest score, up or down, a stored result may hold."""


def result_document(result: RoundResult | None) -> dict[str, Any] | None:
    if result is None:
        return None
    doc: dict[str, Any] = {
        "ending": result.ending,
        "winner": result.winner,
        "winners": list(result.winners),
        "scores": list(result.scores),
    }
    if result.deadwood:
        doc["deadwood"] = list(result.deadwood)
    if result.knocker is not None:
        doc["knocker"] = result.knocker
    return doc


def variant_document(variant: Variant) -> dict[str, Any]:
    """The variant as a document stores it: its id, its digest, and its rules
    fully resolved (:meth:`~rummykit.variant.model.Variant.full_rules`, every
    defaulted key written), so that a later change of a default cannot change
    a saved game."""
    return {"id": variant.id, "digest": variant.digest(), "rules": variant.full_rules()}


def digest_as_written(rules: dict[str, Any]) -> str:
    """The digest of rules exactly as a document holds them: what documents
    written before the rules were stored fully resolved carry."""
    text = json.dumps(rules, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


# --------------------------------------------------------------------------- variants


def load_variant_document(doc: Any, path: str) -> Variant:
    """The variant a document names: a bundled id, or its own rules (checked
    like a variant file). Never a path: loading a document opens no file."""
    doc = read_object(doc, path, ("id",), ("digest", "rules"))
    ref = read_text(doc["id"], f"{path}.id")
    rules = doc.get("rules")
    if rules is None:
        try:
            variant = load_bundled_variant(ref)
        except VariantError:
            known = ", ".join(bundled_variants())
            raise JSONError(
                f"{path}.id", f"expected a bundled variant ({known}) or the rules, got {describe(ref)}"
            ) from None
    else:
        if not isinstance(rules, dict):
            raise JSONError(
                f"{path}.rules", f"expected an object (the variant's rules), got {describe(rules)}"
            )
        variant = _variant_from_rules(ref, rules, f"{path}.rules")
    digest = doc.get("digest")
    if digest is None:
        return variant
    digest = read_text(digest, f"{path}.digest")
    # An older document stored the rules as read (a TOML file's keys, not every
    # default) with the digest of that text: it still loads.
    if digest != variant.digest() and (not isinstance(rules, dict) or digest != digest_as_written(rules)):
        raise JSONError(f"{path}.digest", "the rules do not match their digest")
    return variant


def _variant_from_rules(ref: str, rules: dict[str, Any], path: str) -> Variant:
    try:
        variant = variant_from_rules(f"{ref} (from JSON)", rules, ref)
    except VariantError as error:
        problem = error.problems[0]
        raise JSONError(f"{path}.{problem.path}", f"expected {problem.expected}, got {problem.got}") from None
    if variant.id != ref:
        raise JSONError(
            f"{path}.meta.id", f"expected {ref!r} (the document's id), got {describe(variant.id)}"
        )
    for i, band in enumerate(variant.deck.by_players):
        if max((band.jokers, *band.joker_options)) > MAX_JOKERS:
            raise JSONError(f"{path}.deck.by_players[{i}]", f"expected at most {MAX_JOKERS} jokers")
    return variant


def read_result(doc: Any, players: int, path: str) -> RoundResult | None:
    """A round's result, its fields checked (their agreement with the round is
    checked where the round is known)."""
    if doc is None:
        return None
    read_object(doc, path, ("ending", "winner", "winners", "scores"), ("deadwood", "knocker"))
    ending = read_text(doc["ending"], f"{path}.ending")
    if ending not in _ENDINGS:
        raise JSONError(f"{path}.ending", f"expected one of {', '.join(_ENDINGS)}, got {describe(ending)}")
    winner = doc["winner"]
    if winner is not None:
        winner = read_int(winner, f"{path}.winner", 0, players - 1)
    winners = read_list(doc["winners"], f"{path}.winners")
    seats = tuple(read_int(w, f"{path}.winners[{i}]", 0, players - 1) for i, w in enumerate(winners))
    if list(seats) != sorted(set(seats)):
        raise JSONError(f"{path}.winners", "expected distinct seats in increasing order")
    scores = read_list(doc["scores"], f"{path}.scores", players)
    points = tuple(read_int(s, f"{path}.scores[{i}]", -MAX_SCORE, MAX_SCORE) for i, s in enumerate(scores))
    deadwood = tuple(
        read_int(d, f"{path}.deadwood[{i}]", 0, MAX_SCORE)
        for i, d in enumerate(read_list(doc.get("deadwood", []), f"{path}.deadwood"))
    )
    knocker = doc.get("knocker")
    if knocker is not None:
        knocker = read_int(knocker, f"{path}.knocker", 0, players - 1)
    return RoundResult(ending, winner, seats, points, deadwood, knocker)  # type: ignore[arg-type]  # ending checked above
