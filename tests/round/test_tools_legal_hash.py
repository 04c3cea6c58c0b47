"""tools/legal_hash.py: the behaviour guard's hash is the same run after run
and process after process, and changes with any listed move."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from typing import Any

import pytest
from tool_support import TOOLS, load_tool

legal_hash = load_tool("legal_hash")

STATES = 20 * len(legal_hash.rk.bundled_variants())  # 20 a variant


def test_the_hash_is_stable_and_covers_every_variant() -> None:
    first = legal_hash.run(STATES, seed=3)
    second = legal_hash.run(STATES, seed=3)
    assert first.sha256 == second.sha256
    assert [v.sha256 for v in first.variants] == [v.sha256 for v in second.variants]
    assert first.states == STATES
    assert {v.variant for v in first.variants} == set(legal_hash.rk.bundled_variants())
    assert all(v.states == STATES // len(first.variants) and v.moves > 0 for v in first.variants)
    assert legal_hash.run(STATES, seed=4).sha256 != first.sha256


def test_the_hash_is_the_same_in_another_process_with_another_hash_seed() -> None:
    here = legal_hash.run(STATES, seed=3).sha256
    env = {**os.environ, "PYTHONHASHSEED": "12345"}
    out = subprocess.run(
        [sys.executable, str(TOOLS / "legal_hash.py"), "--states", str(STATES), "--seed", "3", "--json"],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert json.loads(out)["sha256"] == here


Moves = list[tuple[str, Any]]


def _changing_one_list(change: Callable[[Moves], Moves]) -> Callable[[Any, int | None], Moves]:
    """A lister that changes the first list of two moves or more, once."""
    done: list[bool] = []

    def lister(state: Any, seat: int | None) -> Moves:
        moves = legal_hash.listed(state, seat)
        if not done and len(moves) >= 2:
            done.append(True)
            return change(moves)
        return moves

    return lister


def test_a_changed_move_list_changes_the_hash() -> None:
    plain = legal_hash.run(STATES, seed=3)
    swapped = legal_hash.run(STATES, seed=3, lister=_changing_one_list(lambda m: [m[1], m[0], *m[2:]]))
    dropped = legal_hash.run(STATES, seed=3, lister=_changing_one_list(lambda m: m[:-1]))
    assert len({plain.sha256, swapped.sha256, dropped.sha256}) == 3
    # Only the first variant's lists were changed: the others hash as before.
    for changed in (swapped, dropped):
        assert changed.variants[0].sha256 != plain.variants[0].sha256
        assert [v.sha256 for v in changed.variants[1:]] == [v.sha256 for v in plain.variants[1:]]


def test_a_changed_state_changes_the_hash(monkeypatch: pytest.MonkeyPatch) -> None:
    plain = legal_hash.run(STATES, seed=3).sha256
    seen: list[Any] = []
    real = legal_hash.fingerprint

    def fingerprint(state: Any) -> str:
        seen.append(state)
        text = real(state)
        return text.replace('"phase":"', '"phase":"x') if len(seen) == 5 else text

    monkeypatch.setattr(legal_hash, "fingerprint", fingerprint)
    assert legal_hash.run(STATES, seed=3).sha256 != plain


def test_the_printed_report(capsys: pytest.CaptureFixture[str]) -> None:
    assert legal_hash.main(["--states", "24", "--seed", "1"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == f"rummykit from {legal_hash.rk.__file__}"
    assert out[-2].startswith("total 24 states, ")
    assert out[-1] == f"sha256 {legal_hash.run(24, seed=1).sha256}"
