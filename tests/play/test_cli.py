import json
from pathlib import Path

import pytest

from rummykit.play.cli import main

ROOT = Path(__file__).resolve().parents[2]


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_variants_table_and_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "variants")
    assert code == 0 and "romme51" in out and "opening" in out.splitlines()[0]
    code, out, _ = run(capsys, "variants", "--json")
    rows = json.loads(out)
    assert {r["id"] for r in rows} >= {"roemie", "handromi"}
    hr = next(r for r in rows if r["id"] == "handromi")
    assert hr["first_player_extra"] == 1 and hr["opening_min"] == 50


def test_meld_valid_refused_and_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "meld", "-v", "rami51", "JK", "7s", "8s")
    assert code == 0 and "21 points" in out and "JK stands for 6s" in out
    code, out, _ = run(capsys, "meld", "-v", "rami51", "Kh Ah 2h")
    assert code == 1 and "meld.run-wraparound" in out
    code, out, _ = run(capsys, "meld", "-v", "rami51", "--json", "9c", "9d", "JK")
    data = json.loads(out)
    assert set(data) >= {"valid", "kind", "points", "jokers", "code", "message"}
    assert data["jokers"] == ["9?"] and data["points"] == 27
    code, out, _ = run(capsys, "meld", "-v", "rami51", "--json", "7h", "8s", "9h")
    assert code == 1 and json.loads(out)["code"] == "meld.run-suits"


def test_hand_and_solve(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "hand", "-v", "roemie", "--json", "Ah JK Tc")
    assert code == 0 and json.loads(out) == {"penalty": 70}
    code, out, _ = run(capsys, "solve", "-v", "romme51", "Jh Qh Kh Ac Ad Ah 2c")
    assert code == 0 and "63 points" in out and "can go out: yes" in out
    code, out, _ = run(capsys, "solve", "-v", "romme51", "--json", "2c 9h")
    data = json.loads(out)
    assert data["best_opening"] is None and data["least_penalty"]["penalty"] == 11


@pytest.mark.parametrize(
    "args",
    [
        ["meld", "-v", "rami51", "7x"],
        ["meld", "-v", "nosuch", "7h"],
        ["meld", "7h"],
        ["frobnicate"],
        ["conformance", "no/such/file.toml"],
    ],
)
def test_bad_input_is_one_line_exit_2(capsys: pytest.CaptureFixture[str], args: list[str]) -> None:
    code, _, err = run(capsys, *args)
    assert code == 2
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
    assert err.startswith("rummykit: error:")


def test_check_variant(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, _ = run(capsys, "check-variant", str(ROOT / "variants" / "handromi.toml"))
    assert code == 0 and "ok" in out
    bad = tmp_path / "bad.toml"
    bad.write_text('[meta]\nid = "b"\nname = "B"\nextends = "rami51"\n[melds]\nset_min = 0\nfoo = 1\n')
    code, _, err = run(capsys, "check-variant", str(bad))
    assert code == 2
    lines = err.strip().splitlines()
    assert len(lines) == 2 and all(str(bad) in line for line in lines)
    code, out, _ = run(capsys, "check-variant", "--json", str(bad))
    assert code == 2 and {p["path"] for p in json.loads(out)["problems"]} == {"melds.set_min", "melds.foo"}
    code, out, _ = run(capsys, "check-variant", "--json", "romme51")
    assert code == 0 and json.loads(out)["id"] == "romme51"


def test_conformance_command(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    files = sorted(str(p) for p in (ROOT / "tests" / "conformance").glob("*.toml"))
    code, out, _ = run(capsys, "conformance", *files)
    assert code == 0 and out.strip().endswith("0 failed")
    failing = tmp_path / "f.toml"
    failing.write_text('variant = "rami51"\n[[meld]]\nname = "wrong"\ncards = "7h 8h 9h"\nvalid = false\n')
    code, out, _ = run(capsys, "conformance", str(failing))
    assert code == 1
    assert out.splitlines() == [
        f"{failing}: wrong: expected refused, got valid",
        "0 passed, 1 failed",
    ]


def test_replay(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    golden = ROOT / "tests" / "golden" / "roemie.json"
    code, out, _ = run(capsys, "replay", str(golden))
    assert code == 0 and "went_out" in out
    doc = json.loads(golden.read_text())
    doc["moves"][3] = doc["moves"][3].split(":")[0] + ": out"
    broken = tmp_path / "broken.json"
    broken.write_text(json.dumps(doc))
    code, out, _ = run(capsys, "replay", "--json", str(broken))
    data = json.loads(out)
    assert code == 1 and data["index"] == 3 and data["code"]
    code, _, err = run(capsys, "replay", str(ROOT / "README.md"))
    assert code == 2 and len(err.strip().splitlines()) == 1


def test_play(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    import io

    monkeypatch.setattr("sys.stdin", io.StringIO("moves\nmeld 2c 3c 4c\nfly\nquit\n"))
    code = main(["play", "-v", "romme51", "--seed", "3", "--bots", "random"])
    out = capsys.readouterr().out
    assert code == 0
    assert "your hand:" in out and "draw" in out
    assert "refused: turn.wrong-phase" in out or "refused: card.not-in-hand" in out
    assert "refused: notation.invalid" in out
    code = main(["play", "-v", "romme51", "--seat", "5"])
    assert code == 2
