"""``rummykit rules`` (a variant's rules in words) and ``rummykit diff`` (the
rules two variants hold differently): their parsers and handlers. The words
come from :mod:`rummykit.play.rules_text`; docs/rules-and-diff.md shows both."""

from __future__ import annotations

import argparse
import json
from typing import Any

from rummykit.core.errors import VariantError
from rummykit.play.commands import UsageError
from rummykit.play.rules_text import FORMATS, difference_document, rule_differences, rules_text
from rummykit.variant.model import Variant, load_variant

__all__ = ["add_rules_parsers", "cmd_diff", "cmd_rules"]


def _load(ref: str) -> Variant:
    try:
        return load_variant(ref)
    except VariantError as error:
        raise UsageError("{problem}", problem=error.problems[0]) from None


def cmd_rules(args: argparse.Namespace) -> int:
    """Print the rules of one variant in the language and format asked for."""
    print(rules_text(_load(args.variant), args.lang, args.format), end="")
    return 0


def cmd_diff(args: argparse.Namespace) -> int:
    """Print the rules two variants hold differently, one line each: 0 when
    there is none, 1 when there are some."""
    a, b = _load(args.a), _load(args.b)
    found = rule_differences(a, b)
    if args.json:
        print(json.dumps(difference_document(a, b, args.lang), indent=2, ensure_ascii=False))
    for difference in [] if args.json else found:
        keys = ", ".join(difference.keys)
        print(f"- {difference.text('a', args.lang)} → {difference.text('b', args.lang)} ({keys})")
    return 1 if found else 0


def add_rules_parsers(sub: Any) -> None:
    """``rummykit rules`` and ``rummykit diff`` (subparsers of ``sub``)."""
    p = sub.add_parser("rules", help="the rules of a variant in words (Markdown, text or HTML)")
    p.add_argument("variant", help="a bundled id or a .toml file")
    p.add_argument("--format", choices=FORMATS, default="md", help="md (default), text or html")
    p.set_defaults(run=cmd_rules)

    p = sub.add_parser("diff", help="the rules two variants hold differently (exit 1 when they differ)")
    p.add_argument("a", help="a bundled id or a .toml file")
    p.add_argument("b", help="a bundled id or a .toml file")
    p.add_argument("--json", action="store_true", help="print JSON: the two variants and the differences")
    p.set_defaults(run=cmd_diff)
