"""The layering of the package, read from the source with ``ast``.

Every import of a rummykit module counts, wherever it is written: at the top
of a module or inside a function (a lazy import is still a dependency).
Imports under ``if TYPE_CHECKING:`` are left out of the graph, since they never
run (a type may name a higher module's class), but they too may not import a
private name.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from collections.abc import Iterable
from functools import cache
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[1] / "src" / "rummykit"

# Lower numbers sit lower; a module may import its own layer or a lower one.
# A subpackage is one unit, named by its folder; where one of its modules sits
# elsewhere it has an entry of its own ("round.state", "play.cli"), and the
# most specific entry counts. "rummykit" is the package's __init__.
LAYERS = {
    "speed": 0,  # memo, evolve, frozen: what exists only for speed (internal)
    "core": 1,  # cards, moves, values, melds, the round's values, errors, translation, files
    "variant": 2,  # the variant model read from TOML
    "solver": 3,  # below the rules: a rule may ask "is it possible"
    "rules": 4,  # the rule components a variant composes
    "round": 5,  # the engine, knocking, the legal-move listing, views, scoring, the public log
    "io": 6,  # the JSON documents and the state's writer, below the state that calls it
    # The round state: its apply, legal_moves, view and to_json call the
    # engine, the listing, the views and the writer, which never import it
    # (they name it for the type checker only).
    "round.state": 7,
    # What makes a state from nothing: dealing, matches of rounds, a guess
    # from a view, and reading documents, records and positions.
    "round.dealing": 8,
    "round.match_play": 8,
    "round.from_view": 8,
    "io.deserialize": 8,
    "io.positions": 8,
    "io.records": 8,
    "io.serialize": 8,
    "play": 9,  # bots, simulate, terminal, conformance
    "testing": 9,  # the testing kit (Hypothesis strategies, invariants)
    "serve": 10,  # rummykit serve: the web app and its games (needs the serve extra); plays bots
    "agents": 10,  # the PettingZoo environment and the OpenSpiel games (the rl and bench extras); plays bots
    "play.cli": 11,  # the command line, which starts `rummykit serve`
    "rummykit": 12,
}

# Each subpackage and the packages its modules may import (beside its own):
# the same order as LAYERS, written out per package.
ALLOWED = {
    "speed": set(),
    "core": {"speed"},
    "variant": {"speed", "core"},
    "solver": {"speed", "core", "variant"},
    "rules": {"speed", "core", "variant", "solver"},
    "round": {"speed", "core", "variant", "solver", "rules", "io"},  # round.state and above (see LAYERS)
    "io": {"speed", "core", "variant", "solver", "rules", "round"},
    "play": {"speed", "core", "variant", "solver", "rules", "round", "io", "serve"},  # play.cli starts serve
    "testing": {"speed", "core", "variant", "solver", "rules", "round", "io"},
    "serve": {"speed", "core", "variant", "solver", "rules", "round", "io", "play"},  # serve's seats are bots
    "agents": {"speed", "core", "variant", "solver", "rules", "round", "io", "play"},  # a seat may be a bot
}


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(SRC.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


MODULES = {_module_name(p): p for p in sorted(SRC.rglob("*.py"))}


def _unit(module: str) -> str:
    """The entry of LAYERS a module belongs to: the most specific one."""
    parts = module.split(".")[1:]
    for size in range(len(parts), 0, -1):
        name = ".".join(parts[:size])
        if name in LAYERS:
            return name
    return parts[0] if parts else module


def _package(module: str) -> str:
    """The subpackage a module sits in ("rummykit" for the __init__)."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else parts[0]


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


Imports = list[tuple[ast.Import | ast.ImportFrom, bool]]


def _imports(tree: ast.AST) -> Imports:
    """Every import statement under ``tree`` (in functions too), each with
    whether it sits under ``if TYPE_CHECKING:``."""
    return _walk(ast.iter_child_nodes(tree), type_checking=False)


def _walk(nodes: Iterable[ast.AST], *, type_checking: bool) -> Imports:
    found: Imports = []
    for node in nodes:
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            found.append((node, type_checking))
        elif isinstance(node, ast.If) and _is_type_checking(node.test):
            found += _walk(node.body, type_checking=True)
            found += _walk(node.orelse, type_checking=type_checking)
        else:
            found += _walk(ast.iter_child_nodes(node), type_checking=type_checking)
    return found


def _absolute(module: str, node: ast.ImportFrom) -> str:
    if not node.level:
        return node.module or ""
    is_package = MODULES[module].name == "__init__.py"
    base = module.split(".")[: len(module.split(".")) - node.level + (1 if is_package else 0)]
    return ".".join([*base, *([node.module] if node.module else [])])


def _targets(module: str, node: ast.Import | ast.ImportFrom) -> list[tuple[str, str | None]]:
    """(imported rummykit module, imported name or None) for one statement."""
    if isinstance(node, ast.Import):
        return [(alias.name, None) for alias in node.names if alias.name.split(".")[0] == "rummykit"]
    source = _absolute(module, node)
    if source.split(".")[0] != "rummykit":
        return []
    out: list[tuple[str, str | None]] = []
    for alias in node.names:
        submodule = f"{source}.{alias.name}"
        out.append((submodule, None) if submodule in MODULES else (source, alias.name))
    return out


@cache
def _scan() -> tuple[dict[str, set[str]], list[str]]:
    """The import graph (TYPE_CHECKING imports left out) and every private name
    imported from another module."""
    graph: dict[str, set[str]] = {m: set() for m in MODULES}
    private: list[str] = []
    for module, path in MODULES.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for node, type_checking in _imports(tree):
            for target, name in _targets(module, node):
                if target == module:
                    continue
                hidden = [p for p in target.split(".") if p.startswith("_")]
                if hidden or (name is not None and name.startswith("_") and not name.startswith("__")):
                    private.append(f"{module}:{node.lineno} imports {target} {name or ''}".rstrip())
                if not type_checking:
                    assert target in MODULES, f"{module}:{node.lineno} imports unknown {target}"
                    graph[module].add(target)
    return graph, private


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import cycle, or None."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                return [*path[path.index(nxt) :], nxt]
            if nxt not in state:
                found = visit(nxt)
                if found:
                    return found
        path.pop()
        state[node] = 2
        return None

    for start in sorted(graph):
        if start not in state:
            found = visit(start)
            if found:
                return found
    return None


def test_every_module_has_a_layer() -> None:
    missing = sorted(m for m in MODULES if _unit(m) not in LAYERS)
    assert not missing, f"place these modules in LAYERS: {missing}"


def test_no_import_cycle() -> None:
    graph, _ = _scan()
    cycle = _cycle(graph)
    assert cycle is None, " -> ".join(cycle or [])


def test_no_private_name_is_imported_from_another_module() -> None:
    _, private = _scan()
    assert not private, private


def test_every_import_goes_to_the_same_or_a_lower_layer() -> None:
    graph, _ = _scan()
    upward = [
        f"{module} ({LAYERS[_unit(module)]}) -> {target} ({LAYERS[_unit(target)]})"
        for module, targets in sorted(graph.items())
        for target in sorted(targets)
        if _unit(module) in LAYERS and LAYERS.get(_unit(target), -1) > LAYERS[_unit(module)]
    ]
    assert not upward, upward


def test_every_subpackage_is_listed() -> None:
    packages = {_package(m) for m in MODULES} - {"rummykit"}
    assert packages == set(ALLOWED)


@pytest.mark.parametrize("package", sorted(ALLOWED))
def test_a_package_imports_only_the_packages_below_it(package: str) -> None:
    graph, _ = _scan()
    outside = sorted(
        f"{module} -> {target}"
        for module, targets in graph.items()
        if _package(module) == package
        for target in targets
        if _package(target) not in {package, *ALLOWED[package]}
    )
    assert not outside, outside


def test_the_package_names_each_module_once() -> None:
    names: dict[str, list[str]] = {}
    for module in MODULES:
        names.setdefault(module.rsplit(".", 1)[-1], []).append(module)
    twice = {name: found for name, found in names.items() if len(found) > 1}
    assert not twice, twice


def test_the_scan_sees_lazy_and_type_checking_imports() -> None:
    code = (
        "from typing import TYPE_CHECKING\n"
        "from rummykit.core.cards import Card\n"
        "if TYPE_CHECKING:\n"
        "    from rummykit.round.views import PlayerView\n"
        "def f() -> None:\n"
        "    from rummykit.round.engine import apply_move\n"
        "    import rummykit.round.legal\n"
    )
    found = {
        (target, type_checking)
        for node, type_checking in _imports(ast.parse(code))
        for target, _ in _targets("rummykit.round.state", node)
    }
    assert found == {
        ("rummykit.core.cards", False),
        ("rummykit.round.views", True),
        ("rummykit.round.engine", False),
        ("rummykit.round.legal", False),
    }


def test_the_docs_generator_is_not_in_the_installed_package() -> None:
    assert "rummykit.docgen" not in MODULES
    assert (SRC.parents[1] / "tools" / "docgen.py").exists()


def test_round_state_methods_work_without_the_package_s_init() -> None:
    """The state's methods reach the engine, the listing, the views and the
    writer by the state module's own imports: with the package's ``__init__``
    left out (an empty package stands in for it), a round deals, plays, lists,
    shows a view and writes its JSON."""
    code = (
        "import importlib.util, sys, types\n"
        "spec = importlib.util.find_spec('rummykit')\n"
        "package = types.ModuleType('rummykit')\n"
        "package.__path__, package.__spec__ = list(spec.submodule_search_locations), spec\n"
        "sys.modules['rummykit'] = package\n"
        "from rummykit.round.dealing import deal\n"
        "from rummykit.variant.model import load_variant\n"
        "state = deal(load_variant('rami51'), players=2, seed=1)\n"
        "after = state.apply('draw')\n"
        "print(len(after.legal_moves()) > 0, after.view(0).seat, after.to_json()[:12])\n"
        "print('rummykit.io.serialize' in sys.modules)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["True", "0", '{"schema":', "2", "False"]


def test_no_test_module_imports_another() -> None:
    """Tests share helpers through the modules in tests/ itself (brute_force,
    key_rows, solver_support ...), never by importing another test module."""
    tests = SRC.parents[1] / "tests"
    found = []
    for path in sorted(tests.rglob("test_*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = [alias.name for alias in node.names] if isinstance(node, ast.Import) else []
            if isinstance(node, ast.ImportFrom) and node.module is not None:
                names = [node.module]
            found += [f"{path.relative_to(tests)}: {name}" for name in names if name.startswith("test_")]
    assert found == []
