"""Fuzz the command line (issue 8, item 11): random bytes as variant files,
records and case files, damaged copies of good ones, and random argument lists.

``rummykit.play.cli.main`` may only answer 0, 1 or 2; never a traceback; and on exit 2
exactly one line on standard error (``check-variant`` prints one line per problem).
"""

from __future__ import annotations

import contextlib
import io
import json
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import rummykit as rk
from rummykit.play import cli

ROOT = Path(__file__).resolve().parents[2]
GOOD_VARIANT = (ROOT / "variants" / "handromi.toml").read_bytes()
GOOD_CHILD = b'[meta]\nid = "c"\nname = "C"\nextends = "rami51"\n[opening]\nmin_points = 40\n'
GOOD_CASES = b"""variant = "rami51"
[[meld]]
cards = "7h 8h 9h"
valid = true
[[hand]]
cards = "Ah JK"
penalty = 31
[[scenario]]
name = "s"
moves = ["draw", "discard 2c"]
[scenario.position]
players = 2
hands = ["2c 7h", "8h"]
stock = "9h"
[scenario.expect]
hands = ["7h 9h", "8h"]
"""


def good_record() -> bytes:
    state = rk.deal(rk.load_variant("rami51"), players=2, seed=3)
    record = rk.Record.start(state)
    for _ in range(4):
        move = state.legal_moves()[0]
        record = record.play(move, state)
        state = state.apply(move)
    return rk.to_json(record).encode()


GOOD_RECORD = good_record()


@contextlib.contextmanager
def folder() -> Iterator[Path]:
    with tempfile.TemporaryDirectory() as name:
        yield Path(name)


def run(argv: list[str]) -> tuple[int, str]:
    err = io.StringIO()
    out = io.StringIO()
    with (
        contextlib.redirect_stdout(out),
        contextlib.redirect_stderr(err),
        pytest.MonkeyPatch.context() as patch,
    ):
        patch.setattr("sys.stdin", io.StringIO(""))  # `play` reads its moves
        code = cli.main(argv)
    text = err.getvalue()
    assert code in (0, 1, 2), (argv, code, text)
    assert "Traceback" not in text, (argv, text)
    if code == 2:
        lines = text.splitlines()
        if not lines and argv[:1] == ["check-variant"] and "--json" in argv:
            assert json.loads(out.getvalue())["problems"], (argv, out.getvalue())  # the problems, as JSON
        elif lines and not lines[0].startswith("rummykit: error: ") and argv[:1] == ["check-variant"]:
            assert all(": expected " in line for line in lines), (argv, text)  # a problem a line
        else:
            assert len(lines) == 1 and lines[0].startswith("rummykit: error: "), (argv, text)
    return code, text


@st.composite
def damaged(draw: st.DrawFn, good: bytes) -> bytes:
    """``good`` with a few chunks deleted, replaced or repeated."""
    data = bytearray(good)
    for _ in range(draw(st.integers(1, 4))):
        start = draw(st.integers(0, len(data)))
        end = min(len(data), start + draw(st.integers(0, 12)))
        action = draw(st.sampled_from(["delete", "replace", "repeat"]))
        if action == "delete":
            del data[start:end]
        elif action == "replace":
            data[start:end] = draw(st.binary(max_size=8))
        else:
            data[start:start] = data[start:end] * draw(st.integers(1, 3))
    return bytes(data)


def contents(good: bytes) -> st.SearchStrategy[bytes]:
    return st.one_of(st.binary(max_size=300), damaged(good))


@given(contents(GOOD_VARIANT) | damaged(GOOD_CHILD))
def test_variant_files(data: bytes) -> None:
    with folder() as where:
        path = where / "v.toml"
        path.write_bytes(data)
        run(["check-variant", str(path)])
        run(["meld", "-v", str(path), "7h", "8h", "9h"])


@given(contents(GOOD_RECORD))
def test_record_files(data: bytes) -> None:
    with folder() as where:
        path = where / "r.json"
        path.write_bytes(data)
        run(["replay", str(path)])


@given(contents(GOOD_CASES))
def test_case_files(data: bytes) -> None:
    with folder() as where:
        path = where / "c.toml"
        path.write_bytes(data)
        run(["conformance", str(path)])


WORDS = [
    "variants", "check-variant", "meld", "hand", "solve", "simulate", "play", "replay",
    "conformance", "-v", "--variant", "--json", "--quiet", "--players", "--rounds", "--matches",
    "--bots", "--seed", "--seat", "--records", "--help", "rami51", "roemie", "handromi", "nope",
    "7h", "8h", "9h", "JK", "Ah", "2c", "", " ", ",", "greedy", "random", "greedy,random", "-1", "0",
    "1", "2", "x", "1.5", "99999999999999999999", "/dev/zero", "/etc/passwd", "--",
]  # fmt: skip


@given(
    st.lists(
        st.one_of(st.sampled_from(WORDS), st.text(max_size=6)),
        max_size=8,
    )
)
def test_random_argument_lists(argv: list[str]) -> None:
    if "--workers" in argv or ("simulate" in argv and any(len(a) > 2 and a.isdigit() for a in argv)):
        return  # many rounds or worker processes take long; the bounds are tested elsewhere
    run(argv)


def toml_value(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, str):
        return '"' + value.encode("unicode_escape").decode("ascii").replace('"', '\\"') + '"'
    if isinstance(value, dict):
        return "{" + ", ".join(f'"{k}" = {toml_value(v)}' for k, v in value.items()) + "}"
    assert isinstance(value, list)
    return "[" + ", ".join(toml_value(v) for v in value) + "]"


SCALARS = st.one_of(
    st.booleans(),
    st.integers(-(10**20), 10**20),
    st.sampled_from(["7h 8h 9h", "rami51", "draw", "discard 2c", "JK", "", "x"]),
    st.text(max_size=5),
)
VALUES = st.recursive(
    SCALARS,
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.sampled_from(["a", "hands", "players"]), inner)
    ),
    max_leaves=6,
)


CASE_FIELDS = [
    "name",
    "cards",
    "valid",
    "kind",
    "points",
    "error",
    "penalty",
    "melds",
    "going_out",
    "players",
    "seed",
    "dealer",
    "jokers",
    "rounds",
    "first_dealer",
    "scores",
    "moves",
]
POSITION_FIELDS = ["players", "hands", "stock", "discard", "table", "to_move", "phase", "turns_played"]
EXPECT_FIELDS = [
    "hands",
    "table",
    "to_move",
    "scores",
    "winners",
    "rounds",
    "totals",
    "draw",
    "total",
    "deck_size",
    "exchange",
    "over",
    "opened",
]


@given(
    st.sampled_from(["meld", "hand", "opening", "scenario", "perft", "deal", "match"]),
    st.dictionaries(st.sampled_from(CASE_FIELDS), VALUES, max_size=5),
    st.dictionaries(st.sampled_from(POSITION_FIELDS), VALUES, max_size=4),
    st.dictionaries(st.sampled_from(EXPECT_FIELDS), VALUES, max_size=3),
)  # fmt: skip
def test_case_files_of_random_values(
    section: str, case: dict[str, object], position: dict[str, object], expect: dict[str, object]
) -> None:
    lines = ['variant = "rami51"', f"[[{section}]]"]
    lines += [f'"{key}" = {toml_value(value)}' for key, value in case.items()]
    if section in ("scenario", "perft"):
        lines.append(f'"position" = {toml_value(position)}')
    if section in ("scenario", "perft", "deal", "match"):
        lines.append(f'"expect" = {toml_value(expect)}')
    with folder() as where:
        path = where / "c.toml"
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
        run(["conformance", str(path)])


def test_check_variant_in_json_gives_its_problems_as_json_and_exit_2() -> None:
    code, text = run(["check-variant", "--json", "no-such-variant"])
    assert code == 2 and text == ""
