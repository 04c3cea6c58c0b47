"""benchmarks/hotspots.py: the profile of random playouts that the speed
notes quote (run here on two deals, for its output's shape and sums only)."""

from __future__ import annotations

import re
from types import ModuleType

import pytest
from tool_support import BENCHMARKS, load_tool


def _load(monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    monkeypatch.syspath_prepend(str(BENCHMARKS))  # hotspots.py imports peers.py beside it
    return load_tool("hotspots", BENCHMARKS)


def test_hotspots_prints_the_top_functions_per_decision(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    assert _load(monkeypatch).main(["--variant", "rami51", "--games", "2", "--top", "4"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("rummykit from ") and lines[0].endswith(("(pure Python)", "(compiled)"))
    untimed = re.search(r"(\d+) decisions", lines[1])
    profiled = re.match(r"under cProfile: (\d+) decisions, ([\d.]+) us per decision", lines[2])
    assert untimed is not None and profiled is not None
    assert int(untimed.group(1)) == int(profiled.group(1)) > 0  # the same games, profiled
    per_decision = float(profiled.group(2))
    rows = [row.split(maxsplit=4) for row in lines[4:]]
    assert len(rows) == 4
    own = [float(row[1]) for row in rows]
    assert own == sorted(own, reverse=True)  # by own time, dearest first
    for _, own_us, total_us, share, _ in rows:  # calls per decision may round to 0.00 (the playout loop)
        assert float(total_us) >= float(own_us)
        # The share is worked out before rounding: from the printed figures
        # (two decimals, and one for the time per decision, a few us compiled)
        # it is found again within what their rounding allows.
        expected = float(own_us) / per_decision * 100
        slack = expected * (0.05 / per_decision + 0.005 / max(float(own_us), 0.005)) + 0.05
        assert float(share) == pytest.approx(expected, abs=slack)
    # A file of the package, a compiled function (``rummykit.round.dealing.deal``) or a
    # compiled method, which cProfile names by its class alone
    # (``<method 'apply' of 'RoundState' objects>``).
    assert any("rummykit" in row[4] or "of 'RoundState' objects" in row[4] for row in rows)


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--variant", "nosuch"], "nosuch"),
        (["--games", "0"], "--games"),
        (["--players", "9"], "9"),
    ],
)
def test_hotspots_refuses_bad_arguments_in_one_line(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    assert _load(monkeypatch).main(argv) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.startswith("hotspots.py: ") and message in err
    assert len(err.strip().splitlines()) == 1
