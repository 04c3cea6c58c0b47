"""Which build is installed: the pure Python reference, or the optional
compiled build (``RUMMYKIT_MYPYC=1 pip install .``, see docs/compiled-build.md).

The test suite is the same for both; these tests check that the build under
test is the one asked for, so that a compiled run that silently fell back to
pure Python (or the other way round) fails. ``.ci/run`` runs the whole suite in
a second virtual environment with the compiled build and RUMMYKIT_MYPYC=1 set.
"""

import ast
import importlib
import os
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def compiled_paths() -> tuple[str, ...]:
    """The ``COMPILED`` list of hatch_build.py (read, not imported: the build
    hook needs hatchling, which the test environment does not have)."""
    tree = ast.parse((ROOT / "hatch_build.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and [getattr(t, "id", None) for t in node.targets] == ["COMPILED"]:
            value = ast.literal_eval(node.value)
            assert isinstance(value, tuple)
            return tuple(str(v) for v in value)
    raise AssertionError("hatch_build.py has no COMPILED list")


def module_name(path: str) -> str:
    return path.removesuffix(".py").removesuffix("/__init__").replace("/", ".")


def is_extension(name: str) -> bool:
    origin = importlib.import_module(name).__file__ or ""
    return origin.endswith((".so", ".pyd"))


def compiled_build_wanted() -> bool:
    return os.environ.get("RUMMYKIT_MYPYC", "").strip() not in ("", "0")


def test_every_compiled_module_is_a_source_file() -> None:
    paths = compiled_paths()
    assert "rummykit/core/meld_judge.py" in paths and "rummykit/round/legal.py" in paths
    for path in paths:
        assert (ROOT / "src" / path).is_file(), path


def test_the_installed_build_is_the_one_asked_for() -> None:
    # Pure Python unless RUMMYKIT_MYPYC is set, compiled (every listed module
    # an extension module) when it is.
    wanted = compiled_build_wanted()
    got = {module_name(p): is_extension(module_name(p)) for p in compiled_paths()}
    assert got == dict.fromkeys(got, wanted)


def test_modules_left_out_stay_pure_python() -> None:
    # moves is not compiled (see hatch_build.py): its attrs fields with typed
    # defaults stay plain Python; nor is anything off the hot path.
    for name in ("rummykit.core.moves", "rummykit.play.cli", "rummykit.io.serialize"):
        assert not is_extension(name), name
