"""``rummykit schema NAME``: print one of the JSON Schemas shipped in the
package (``rummykit.io.schemas``): a variant file's (for a TOML editor, see
docs/writing-a-variant.md) or a document kind's (docs/wire-format.md).

>>> import contextlib, io
>>> out = io.StringIO()
>>> with contextlib.redirect_stdout(out):
...     code = main_schema(argparse.Namespace(name="variant"))
>>> code, out.getvalue().startswith('{\\n "$schema": "http://json-schema.org/draft-04/schema#"')
(0, True)
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from rummykit.io.schemas import SCHEMA_NAMES, shipped_schema_text

__all__ = ["add_schema_parser", "main_schema"]


def main_schema(args: argparse.Namespace) -> int:
    """Print the shipped schema ``args.name``, as its file holds it."""
    sys.stdout.write(shipped_schema_text(args.name))
    return 0


def add_schema_parser(sub: Any) -> None:
    """``rummykit schema`` (a subparser of ``sub``); an unknown name is a usage error."""
    p = sub.add_parser("schema", help="print a shipped JSON Schema (variant files, documents)")
    p.add_argument(
        "name", choices=SCHEMA_NAMES, help="variant, or a document kind: " + ", ".join(SCHEMA_NAMES[1:])
    )
    p.set_defaults(run=main_schema)
