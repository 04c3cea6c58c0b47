"""Every benchmark and tool answers ``--help``: exit 0, a usage line on
standard output, and no file of the repository changed (a tool that writes
files must not take ``--help`` for an output folder or a request to write)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SCRIPTS = sorted(
    str(path.relative_to(ROOT))
    for folder in ("benchmarks", "tools")
    for path in (ROOT / folder).glob("*.py")
    if not path.name.startswith("_")
)


def _files() -> dict[Path, int]:
    """The repository's source and docs files, with their modification times."""
    found = (p for folder in ("src", "docs", "variants") for p in (ROOT / folder).rglob("*"))
    kept = (path for path in found if path.is_file() and "__pycache__" not in path.parts)
    return {path: path.stat().st_mtime_ns for path in kept}


@pytest.mark.parametrize("script", SCRIPTS)
def test_a_script_answers_help_and_changes_nothing(script: str) -> None:
    before = _files()
    argv = [sys.executable, script, "--help"]
    done = subprocess.run(argv, cwd=ROOT, capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0 and done.stdout.lower().startswith("usage"), (script, done.stderr[-500:])
    assert _files() == before, f"{script} --help changed files"
