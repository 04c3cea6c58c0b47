"""benchmarks/hotspots.py: the profile of random playouts that the speed
notes quote (run here on two deals, for its output's shape only)."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path
from types import ModuleType

import pytest

SCRIPT = Path(__file__).resolve().parents[1] / "benchmarks" / "hotspots.py"


def _load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("hotspots", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_hotspots_prints_the_top_functions_per_decision(capsys: pytest.CaptureFixture[str]) -> None:
    assert _load().main(["--variant", "rami51", "--games", "2", "--top", "4"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("rummykit from ") and lines[0].endswith(("(pure Python)", "(compiled)"))
    found = re.search(r"(\d+) decisions", lines[1])
    assert found is not None and int(found.group(1)) > 0
    rows = lines[4:]
    assert len(rows) == 4
    own = [float(row.split()[1]) for row in rows]
    assert own == sorted(own, reverse=True)  # by own time, dearest first
    assert any("rummykit/" in row for row in rows)


def test_hotspots_counts_the_same_decisions_with_and_without_the_profiler() -> None:
    hotspots = _load()
    import rummykit as rk

    variant = rk.load_variant("gin")
    decisions, stats = hotspots.hotspots(variant, 2, 2, 7)
    assert decisions == hotspots.play(variant, 2, 2, 7)
    assert stats.total_calls > decisions
