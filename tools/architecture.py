"""Figures of the package's shape, to compare one commit with another.

``python tools/architecture.py [--src src/rummykit] [--top 5]`` prints:

- the top-level modules (``.py`` files straight in the package, ``__init__``
  left out) and the subpackages;
- the module-level caches and registries: names bound at a module's top level
  to a mutable container that some function of the module changes in place
  (a dict, list or set display), or to an empty or built one (a call of
  ``dict``, ``list``, ``set``, ``defaultdict``, ``OrderedDict``, ``deque``,
  ``WeakKeyDictionary``, ``WeakValueDictionary`` or ``WeakSet``, or of a class
  whose name says it remembers: ``PerOwner``, ``Memo``, ``Cache``,
  ``Table``), and functions decorated with ``functools.cache`` or
  ``functools.lru_cache``; ``__all__`` is left out. The displays and
  comprehensions nothing changes are counted apart, as tables, and so are
  the ``MemoTable`` declarations (a kind of table named with its bound; the
  entries are kept by each owner object, see ``rummykit.speed.memo``);
- the modules over 600 lines, and the functions over 60 lines (the longest
  first);
- ``ruff --select C901`` findings at complexity 10, when ruff is installed.

A development tool, not part of the installed package.
"""

from __future__ import annotations

import argparse
import ast
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

__all__ = ["Function", "caches", "functions", "main"]

ROOT = Path(__file__).resolve().parents[1]
MODULE_LINES = 600
FUNCTION_LINES = 60
_CONTAINERS = {
    "dict", "list", "set", "defaultdict", "OrderedDict", "deque",
    "WeakKeyDictionary", "WeakValueDictionary", "WeakSet",
}  # fmt: skip
_REMEMBERING = ("PerOwner", "Memo", "Cache", "Table")
_CACHING = {"cache", "lru_cache"}


class Function:
    """A function (or method) and its length in lines."""

    def __init__(self, path: str, name: str, line: int, lines: int) -> None:
        self.path = path
        self.name = name
        self.line = line
        self.lines = lines

    def __str__(self) -> str:
        return f"{self.path}:{self.line} {self.name} ({self.lines} lines)"


def _called_name(node: ast.expr) -> str | None:
    if isinstance(node, ast.Call):
        node = node.func
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return None


def _mutable(value: ast.expr | None) -> bool:
    if isinstance(value, (ast.Dict, ast.List, ast.Set, ast.DictComp, ast.ListComp, ast.SetComp)):
        return True
    if isinstance(value, ast.Call):
        name = _called_name(value)
        return name is not None and (name in _CONTAINERS or name.endswith(_REMEMBERING))
    return False


def _targets(node: ast.stmt) -> Iterator[tuple[str, ast.expr | None]]:
    if isinstance(node, ast.Assign):
        for target in node.targets:
            if isinstance(target, ast.Name):
                yield target.id, node.value
    elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
        yield node.target.id, node.value


_MUTATING = {
    "append", "add", "update", "setdefault", "pop", "popitem", "clear", "extend", "insert",
    "remove", "discard", "move_to_end", "appendleft",
}  # fmt: skip


def _mutated(tree: ast.Module) -> set[str]:
    """The names a function of the module changes in place (``NAME[k] = v``,
    ``del NAME[k]``, ``NAME.append(...)`` and the like, ``global NAME``)."""
    names: set[str] = set()
    for function in ast.walk(tree):
        if not isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            continue
        for node in ast.walk(function):
            if isinstance(node, ast.Global):
                names.update(node.names)
            elif isinstance(node, (ast.Assign, ast.AugAssign, ast.Delete)):
                targets = node.targets if isinstance(node, (ast.Assign, ast.Delete)) else [node.target]
                subscripts = [t.value for t in targets if isinstance(t, ast.Subscript)]
                names.update(value.id for value in subscripts if isinstance(value, ast.Name))
            elif (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and isinstance(node.func.value, ast.Name)
                and node.func.attr in _MUTATING
            ):
                names.add(node.func.value.id)
    return names


def caches(tree: ast.Module) -> tuple[list[str], list[str]]:
    """One module's caches and registries (mutable containers bound at module
    level that a function changes, and cached functions), and its tables (the
    mutable containers nothing changes after the import), by name."""
    changed = _mutated(tree)
    found: list[str] = []
    tables: list[str] = []
    for node in tree.body:
        for name, value in _targets(node):
            if name != "__all__" and _mutable(value):
                displayed = (ast.Dict, ast.List, ast.Set, ast.DictComp, ast.ListComp, ast.SetComp)
                declared = isinstance(value, ast.Call) and _called_name(value) == "MemoTable"
                remembers = name in changed or not (isinstance(value, displayed) or declared)
                (found if remembers else tables).append(name)
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and any(
            _called_name(d) in _CACHING for d in node.decorator_list
        ):
            found.append(f"{node.name}()")
    return found, tables


def functions(tree: ast.Module, path: str) -> list[Function]:
    """Every function and method of a module, with its length."""
    return [
        Function(path, node.name, node.lineno, (node.end_lineno or node.lineno) - node.lineno + 1)
        for node in ast.walk(tree)
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
    ]


def complexity_findings(src: Path) -> int | None:
    """ruff's C901 findings at complexity 10 (None without ruff)."""
    ruff = shutil.which("ruff") or str(Path(__file__).resolve().parents[1] / ".venv" / "bin" / "ruff")
    if not Path(ruff).exists():
        return None
    command = [ruff, "check", "--select", "C901", "--config", "lint.mccabe.max-complexity = 10"]
    done = subprocess.run([*command, "--output-format", "concise", str(src)], capture_output=True, text=True)
    return sum(1 for line in done.stdout.splitlines() if " C901 " in line)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--src", type=Path, default=ROOT / "src" / "rummykit", help="the package's folder")
    parser.add_argument("--top", type=int, default=5, help="how many of the longest functions to list")
    args = parser.parse_args()
    src: Path = args.src
    modules = sorted(src.rglob("*.py"))
    top = [p for p in modules if p.parent == src and p.name != "__init__.py"]
    packages = sorted(p.parent.name for p in src.glob("*/__init__.py"))
    print(f"top-level modules: {len(top)}; subpackages: {len(packages)} ({', '.join(packages)})")
    found: list[str] = []
    tables: list[str] = []
    long_modules: list[str] = []
    every: list[Function] = []
    for path in modules:
        relative = str(path.relative_to(src.parent))
        text = path.read_text(encoding="utf-8")
        tree = ast.parse(text)
        remembering, constant = caches(tree)
        found += [f"{relative}:{name}" for name in remembering]
        tables += [f"{relative}:{name}" for name in constant]
        if text.count("\n") > MODULE_LINES:
            long_modules.append(f"{relative} ({text.count(chr(10))})")
        every += functions(tree, relative)
    print(f"module-level caches and registries: {len(found)}")
    for name in found:
        print(f"  {name}")
    print(f"module-level tables that nothing changes, and kinds of owned table (MemoTable): {len(tables)}")
    print(f"modules over {MODULE_LINES} lines: {len(long_modules)}: {', '.join(long_modules)}")
    long = sorted((f for f in every if f.lines > FUNCTION_LINES), key=lambda f: -f.lines)
    print(f"functions over {FUNCTION_LINES} lines: {len(long)}; the longest:")
    for function in long[: args.top]:
        print(f"  {function}")
    findings = complexity_findings(src)
    print(f"ruff C901 findings at complexity 10: {'ruff not found' if findings is None else findings}")


if __name__ == "__main__":
    main()
