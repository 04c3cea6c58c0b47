"""A small declarative schema for variant files.

Each section of a variant is a frozen attrs class whose fields carry a
:class:`Spec` in their metadata: what the TOML value must look like, said in
words for error messages and docs. :func:`read_section` checks one TOML table
against a class and collects every problem (key path, expected, got) instead
of stopping at the first.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable, Collection, Mapping
from typing import Any, TypeVar

import attrs

__all__ = [
    "MISSING",
    "Spec",
    "boolean",
    "choice",
    "identifier",
    "int_list",
    "int_or",
    "int_range",
    "integer",
    "nearest",
    "read_section",
    "spec_of",
    "text",
    "text_list",
    "unknown_key",
]

T = TypeVar("T")


class _Missing:
    def __repr__(self) -> str:
        return "MISSING"


MISSING: Any = _Missing()
"""Returned by a check when the value is wrong; the problem text is recorded."""


@attrs.frozen(slots=True)
class Spec:
    """What a key accepts: a description and a check that returns the value or
    raises ``ValueError`` with what was found instead."""

    expected: str
    check: Callable[[Any], Any]
    required: bool = False
    doc: str = ""
    json: Mapping[str, Any] = attrs.field(factory=dict)
    """The same in JSON Schema words (``{"type": "integer", "minimum": 1}``),
    for the variant file's JSON Schema; the default and ``doc`` are added there."""


def describe(value: Any) -> str:
    """How a TOML value is named in an error: its type and its text."""
    if isinstance(value, bool):
        return f"boolean {str(value).lower()}"
    if isinstance(value, int):
        return f"integer {value}" if -(10**15) < value < 10**15 else "a very large integer"
    if isinstance(value, float):
        return f"float {value}"
    if isinstance(value, str):
        return f"string {value!r}"
    if isinstance(value, list):
        return f"array {value!r}" if len(repr(value)) < 60 else "an array"
    if isinstance(value, dict):
        return "a table"
    return type(value).__name__


def _integer(minimum: int | None, maximum: int | None) -> Callable[[Any], int]:
    def check(value: Any) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise ValueError(describe(value))
        if (minimum is not None and value < minimum) or (maximum is not None and value > maximum):
            raise ValueError(describe(value))
        return value

    return check


def _int_json(minimum: int | None, maximum: int | None) -> dict[str, Any]:
    """An integer with these bounds, in JSON Schema words."""
    bounds = {"minimum": minimum, "maximum": maximum}
    return {"type": "integer", **{key: value for key, value in bounds.items() if value is not None}}


def _bounds(minimum: int | None, maximum: int | None) -> str:
    if minimum is not None and maximum is not None:
        return f"an integer from {minimum} to {maximum}"
    if minimum is not None:
        return f"an integer >= {minimum}"
    if maximum is not None:
        return f"an integer <= {maximum}"
    return "an integer"


def integer(
    default: Any = MISSING, *, minimum: int | None = None, maximum: int | None = None, doc: str = ""
) -> Any:
    bounds = _bounds(minimum, maximum)
    spec = Spec(bounds, _integer(minimum, maximum), default is MISSING, doc, _int_json(minimum, maximum))
    return _field(default, spec)


def boolean(default: Any = MISSING, *, doc: str = "") -> Any:
    def check(value: Any) -> bool:
        if not isinstance(value, bool):
            raise ValueError(describe(value))
        return value

    return _field(default, Spec("true or false", check, default is MISSING, doc, {"type": "boolean"}))


CONTROL = re.compile(r"[\u0000-\u0008\u000b-\u001f\u007f-\u009f]")
"""The control characters a text may not hold (a tab and a new line it may):
a name printed on a terminal must not be able to drive it."""


LINE_BREAK = re.compile("[\n\u2028\u2029]")
"""What a one-line text may not hold besides the control characters: a new
line, or Unicode's line and paragraph separators (a tab it may)."""


def text(default: Any = MISSING, *, doc: str = "", one_line: bool = False) -> Any:
    """A non-empty text without control characters; ``one_line``: no new
    line either (a name, printed within a line that it must not end)."""

    def check(value: Any) -> str:
        if not isinstance(value, str) or not value.strip() or CONTROL.search(value):
            raise ValueError(describe(value))
        if one_line and LINE_BREAK.search(value):
            raise ValueError(describe(value))
        return value

    refused = r"\u0000-\u0008\u000b-\u001f\u007f-\u009f" + (r"\n\u2028\u2029" if one_line else "")
    pattern = rf"^(?=[\s\S]*\S)[^{refused}]*$"
    shape = {"type": "string", "minLength": 1, "pattern": pattern}
    expected = "a non-empty string without control characters" + (", on one line" if one_line else "")
    return _field(default, Spec(expected, check, default is MISSING, doc, shape))


IDENTIFIER = re.compile(r"[a-z][a-z0-9_]*")


def identifier(default: Any = MISSING, *, doc: str = "") -> Any:
    """A lower-case name: a letter a-z, then letters a-z, digits or ``_``."""

    def check(value: Any) -> str:
        if not isinstance(value, str) or not IDENTIFIER.fullmatch(value):
            raise ValueError(describe(value))
        return value

    expected = "a lower-case id (a letter a-z, then letters a-z, digits or _)"
    shape = {"type": "string", "pattern": f"^{IDENTIFIER.pattern}$"}
    return _field(default, Spec(expected, check, default is MISSING, doc, shape))


def _one_of(options: tuple[str, ...]) -> str:
    return " or ".join(f'"{o}"' for o in options)


def choice(default: Any, *options: str, doc: str = "", only: bool = False) -> Any:
    allowed = tuple(options)

    def check(value: Any) -> str:
        if not isinstance(value, str) or value not in allowed:
            raise ValueError(describe(value))
        return value

    shape = {"type": "string", "enum": list(allowed)}
    return _field(default, Spec(_one_of(allowed), check, default is MISSING, doc, shape))


def int_or(
    default: Any,
    *words: str,
    minimum: int | None = None,
    maximum: int | None = None,
    doc: str = "",
) -> Any:
    whole = _integer(minimum, maximum)

    def check(value: Any) -> Any:
        if isinstance(value, str):
            if value in words:
                return value
            raise ValueError(describe(value))
        return whole(value)

    expected = f"{_bounds(minimum, maximum)} or {_one_of(tuple(words))}"
    shape = {"anyOf": [_int_json(minimum, maximum), {"type": "string", "enum": list(words)}]}
    return _field(default, Spec(expected, check, default is MISSING, doc, shape))


def int_range(default: Any = MISSING, *, minimum: int = 0, maximum: int, doc: str = "") -> Any:
    def check(value: Any) -> tuple[int, int]:
        ok = (
            isinstance(value, list)
            and len(value) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
            and minimum <= value[0] <= value[1] <= maximum
        )
        if not ok:
            raise ValueError(describe(value))
        return (value[0], value[1])

    expected = f"[low, high], two integers with {minimum} <= low <= high <= {maximum}"
    pair = {"type": "array", "items": _int_json(minimum, maximum), "minItems": 2, "maxItems": 2}
    return _field(default, Spec(expected, check, default is MISSING, doc, pair))


def int_list(
    default: Any = (), *, minimum: int = 0, maximum: int, max_items: int, min_items: int = 0, doc: str = ""
) -> Any:
    def check(value: Any) -> tuple[int, ...]:
        if not isinstance(value, list) or not min_items <= len(value) <= max_items:
            raise ValueError(describe(value))
        for item in value:
            if isinstance(item, bool) or not isinstance(item, int) or not minimum <= item <= maximum:
                raise ValueError(describe(value))
        return tuple(value)

    items = f"{min_items} to {max_items}" if min_items else f"at most {max_items}"
    expected = f"an array of {items} integers from {minimum} to {maximum}"
    shape = {"type": "array", "items": _int_json(minimum, maximum), "maxItems": max_items}
    if min_items:
        shape["minItems"] = min_items
    return _field(default, Spec(expected, check, default is MISSING, doc, shape))


def text_list(default: Any, *options: str, doc: str = "") -> Any:
    allowed = tuple(options)

    def check(value: Any) -> tuple[str, ...]:
        if not isinstance(value, list) or any(v not in allowed for v in value):
            raise ValueError(describe(value))
        if len(set(value)) != len(value):
            raise ValueError(describe(value))
        return tuple(value)

    expected = f"an array of distinct values from {_one_of(allowed)}"
    shape = {"type": "array", "items": {"type": "string", "enum": list(allowed)}, "uniqueItems": True}
    return _field(default, Spec(expected, check, default is MISSING, doc, shape))


def _field(default: Any, spec: Spec) -> Any:
    if default is MISSING:
        return attrs.field(metadata={"spec": spec}, kw_only=True)
    return attrs.field(default=default, metadata={"spec": spec}, kw_only=True)


def spec_of(field: attrs.Attribute[Any]) -> Spec | None:
    spec = field.metadata.get("spec")
    return spec if isinstance(spec, Spec) else None


Report = Callable[[str, str, str], None]
Suggest = Callable[[str, str], str | None]
"""``suggest(path, key)``: the known key path nearest to an unknown key, or None."""


def nearest(word: str, candidates: Collection[str], cutoff: float = 0.6) -> str | None:
    """The candidate closest to ``word`` (a misspelt key), or None if none is close."""
    found = difflib.get_close_matches(word, list(candidates), n=1, cutoff=cutoff)
    return found[0] if found else None


def unknown_key(where: str, suggestion: str | None) -> str:
    """How an unknown key is named in a problem, with the nearest known key."""
    hint = f"; did you mean `{suggestion}`?" if suggestion else ""
    return f"unknown key `{where}`{hint}"


def read_section(
    cls: type[T],
    table: Any,
    path: str,
    report: Report,
    nested: Mapping[str, Callable[[Any, str], Any]] | None = None,
    *,
    hidden: Collection[str] = (),
    suggest: Suggest | None = None,
) -> T | None:
    """Build ``cls`` from a TOML table; report every problem; None if any.

    ``nested`` reads keys whose value is itself structured (a sub-table or an
    array of tables); it returns the value or MISSING after reporting.
    ``hidden`` keys are read but neither listed nor suggested (deprecated keys).
    ``suggest`` names the nearest known key for an unknown one; by default the
    nearest key of this table.
    """
    nested = nested or {}
    if not isinstance(table, dict):
        report(path, "a table", describe(table))
        return None
    fields = {f.name: f for f in attrs.fields(cls) if spec_of(f) or f.name in nested}  # type: ignore[arg-type]
    ok = True
    values: dict[str, Any] = {}
    for key, value in table.items():
        where = f"{path}.{key}"
        if key in nested:
            result = nested[key](value, where)
            if result is MISSING:
                ok = False
            else:
                values[key] = result
            continue
        field = fields.get(key)
        spec = spec_of(field) if field is not None else None
        if spec is None:
            _report_unknown_key(path, str(key), fields, hidden, suggest, report)
            ok = False
            continue
        try:
            values[key] = spec.check(value)
        except ValueError as error:
            report(where, spec.expected, str(error))
            ok = False
    if not _required_keys_present(path, fields, values, table, report):
        ok = False
    if not ok:
        return None
    return cls(**values)


def _report_unknown_key(
    path: str,
    key: str,
    known: Collection[str],
    hidden: Collection[str],
    suggest: Suggest | None,
    report: Report,
) -> None:
    """Report ``key``, unknown in table ``path``, with the known keys and the nearest one."""
    where = f"{path}.{key}"
    listed = sorted(name for name in known if name not in hidden)
    if suggest is not None:
        suggestion = suggest(path, key)
    else:
        close = nearest(key, listed)
        suggestion = f"{path}.{close}" if close else None
    report(where, f"a known key of [{path}] ({', '.join(listed)})", unknown_key(where, suggestion))


def _required_keys_present(
    path: str,
    fields: Mapping[str, attrs.Attribute[Any]],
    values: Mapping[str, Any],
    table: Mapping[Any, Any],
    report: Report,
) -> bool:
    """Report every required key of table ``path`` that is missing; True if none is."""
    present = True
    for name, field in fields.items():
        spec = spec_of(field)
        required = spec.required if spec else field.default is attrs.NOTHING
        if name not in values and name not in table and required:
            expected = spec.expected if spec else "a value"
            report(f"{path}.{name}", expected, "nothing (the key is missing)")
            present = False
    return present
