"""The repository's development tools (tools/*.py), loaded for the tests:
they are not part of the installed package."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

TOOLS = Path(__file__).resolve().parents[1] / "tools"


BENCHMARKS = Path(__file__).resolve().parents[1] / "benchmarks"


def load_tool(name: str, folder: Path = TOOLS) -> ModuleType:
    """tools/<name>.py (or ``folder``/<name>.py, such as a benchmark script) as a module."""
    spec = importlib.util.spec_from_file_location(name, folder / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
