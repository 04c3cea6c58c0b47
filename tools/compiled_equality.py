"""A check for the compiled build (docs/compiled-build.md): no ``==`` or
``!=`` between two values that mypyc would compare by identity.

mypyc compiles ``a == b`` where both sides are typed as a class of a compiled
module into a call of that class's own ``__eq__`` as mypyc sees it in the
source. An attrs class writes its ``__eq__`` when the module is imported,
which mypyc never sees, so the compiled comparison falls back to identity:
two equal melds or turns that are distinct objects compare unequal in the
compiled build and equal in pure Python. A side typed otherwise (``object``,
a union, ``Optional``, a tuple of them) is compared the ordinary way.

``python tools/compiled_equality.py`` (from the repository's root, with mypy
installed: it is in the ``test`` extra) type-checks ``src/rummykit`` with the
project's mypy settings and prints each such comparison in the compiled
modules (``COMPILED`` in hatch_build.py) as ``path:line: ...``; it exits 1
if it finds one, 0 if not. ``.ci/run`` runs it. Compare such values through a
function typed ``object``, or compare their fields.

A development tool, not part of the installed package.
"""

from __future__ import annotations

import argparse
import ast
import sys
from collections.abc import Iterator
from pathlib import Path

from mypy import build
from mypy.config_parser import parse_config_file
from mypy.modulefinder import BuildSource
from mypy.nodes import ComparisonExpr, MemberExpr, NameExpr
from mypy.options import Options
from mypy.types import Instance, Type, get_proper_type

__all__ = ["compiled_modules", "identity_comparisons", "main"]

ROOT = Path(__file__).resolve().parents[1]
SOURCE = ROOT / "src"


def compiled_modules() -> set[str]:
    """The module names of hatch_build.py's ``COMPILED`` list (read, not
    imported: the build hook needs hatchling)."""
    tree = ast.parse((ROOT / "hatch_build.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and [getattr(t, "id", None) for t in node.targets] == ["COMPILED"]:
            paths = ast.literal_eval(node.value)
            return {p.removesuffix(".py").removesuffix("/__init__").replace("/", ".") for p in paths}
    raise SystemExit("compiled_equality.py: hatch_build.py has no COMPILED list")


def _compiled_attrs_class(typ: Type | None, compiled: set[str]) -> str | None:
    """The class's name where ``typ`` is an attrs class of a compiled module."""
    proper = get_proper_type(typ) if typ is not None else None
    if not isinstance(proper, Instance):
        return None
    info = proper.type
    if info.module_name in compiled and "attrs" in info.metadata:
        return info.fullname
    return None


# Where a comparison is and what it compares: its span (line, column, end
# line, end column: lines from 1, columns from 0), its operators, and each
# operand's name where it is a name or an attribute ("" otherwise).
Place = tuple[int, int, int, int, tuple[str, ...], tuple[str, ...]]

_OPERATORS = {ast.Eq: "==", ast.NotEq: "!=", ast.Lt: "<", ast.LtE: "<=", ast.Gt: ">", ast.GtE: ">=",
              ast.Is: "is", ast.IsNot: "is not", ast.In: "in", ast.NotIn: "not in"}  # fmt: skip


def _comparisons(path: Path) -> set[Place]:
    """The file's comparisons (Python's own parser)."""
    places: set[Place] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Compare) and node.end_lineno is not None and node.end_col_offset is not None:
            operators = tuple(_OPERATORS[type(op)] for op in node.ops)
            names = tuple(_ast_name(operand) for operand in [node.left, *node.comparators])
            places.add((node.lineno, node.col_offset, node.end_lineno, node.end_col_offset, operators, names))
    return places


def _ast_name(node: ast.expr) -> str:
    return node.id if isinstance(node, ast.Name) else node.attr if isinstance(node, ast.Attribute) else ""


def _mypy_place(expression: ComparisonExpr) -> Place:
    names = tuple(
        operand.name if isinstance(operand, (NameExpr, MemberExpr)) else "" for operand in expression.operands
    )
    span = (expression.line, expression.column, expression.end_line or 0, expression.end_column or 0)
    return (*span, tuple(expression.operators), names)


def identity_comparisons(
    source: Path = SOURCE, compiled: set[str] | None = None, config: Path = ROOT / "pyproject.toml"
) -> Iterator[str]:
    """Each ``==``/``!=`` of the compiled modules between two attrs values of
    compiled modules, as ``path:line: what`` (paths relative to ``source``).

    ``source``: the folder holding the package (``src``); ``compiled``: the
    compiled modules' names (hatch_build.py's list); ``config``: mypy's
    settings. mypy's map of expression types covers every module it checked
    and does not name the module (mypy's tree walkers are compiled classes,
    which Python code cannot extend); a comparison is placed by its span,
    operators and operand names, found among the compiled modules'
    comparisons by Python's parser."""
    compiled = compiled_modules() if compiled is None else compiled
    files = sorted(source.rglob("*.py"))
    options = Options()
    parse_config_file(options, lambda: None, str(config), stdout=sys.stdout, stderr=sys.stderr)
    options.export_types = True
    options.incremental = False
    result = build.build([BuildSource(str(path), _module(path, source)) for path in files], options)
    where: dict[Place, list[Path]] = {}
    for path in files:
        if _module(path, source) in compiled:
            for place in _comparisons(path):
                where.setdefault(place, []).append(path)
    found: set[str] = set()
    for expression in result.types:
        if not isinstance(expression, ComparisonExpr):
            continue
        for operator, left, right in expression.pairwise():
            first = _compiled_attrs_class(result.types.get(left), compiled)
            second = _compiled_attrs_class(result.types.get(right), compiled)
            if operator in ("==", "!=") and first is not None and second is not None:
                for path in where.get(_mypy_place(expression), []):
                    name = path.relative_to(source).as_posix()
                    what = f"{first} {operator} {second}"
                    found.add(f"{name}:{expression.line}: {what} compares by identity when compiled")
    yield from sorted(found)


def _module(path: Path, source: Path) -> str:
    parts = path.relative_to(source).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def main(argv: list[str] | None = None) -> int:
    argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None).parse_args(argv)
    found = list(identity_comparisons())
    for line in found:
        print(line)
    print(f"compiled_equality.py: {len(found)} comparison(s) by identity in the compiled modules")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
