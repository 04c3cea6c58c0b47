"""Issue 8: variant files stay in their folder, read-only rules, and every bad
input to the command line gives one clear line and exit 2 (never a traceback)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import rummykit as rk
from rummykit.core.errors import VariantError
from rummykit.core.files import MAX_FILE_BYTES, UnreadableFile, read_text_file
from rummykit.play import cli
from rummykit.variant.model import MAX_EXTENDS, bundled_variants, load_variant

ROOT = Path(__file__).resolve().parents[2]
MINE = '[meta]\nid = "mine"\nname = "Mine"\nextends = {parent!r}\n'


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def one_line_exit_2(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    code, _, err = run(capsys, *argv)
    assert code == 2, err
    assert len(err.splitlines()) == 1 and "Traceback" not in err, err
    return err


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


# --------------------------------------------------------------------------- item 2: extends


@pytest.mark.parametrize(
    "parent", ["/etc/passwd", "../../etc/passwd", "../outside.toml", "sub/../../outside.toml"]
)
def test_extends_stays_inside_the_folder_of_the_file(tmp_path: Path, parent: str) -> None:
    write(tmp_path / "outside.toml", (ROOT / "variants" / "rami51.toml").read_text())
    child = write(tmp_path / "dir" / "child.toml", MINE.format(parent=parent))
    with pytest.raises(VariantError) as info:
        load_variant(child)
    (problem,) = info.value.problems
    assert problem.file == str(child) and problem.path == "meta.extends"
    assert "inside" in problem.expected and "root:" not in str(info.value)


def test_extends_through_a_symlink_out_of_the_folder_is_refused(tmp_path: Path) -> None:
    outside = write(tmp_path / "outside.toml", (ROOT / "variants" / "rami51.toml").read_text())
    (tmp_path / "dir").mkdir()
    (tmp_path / "dir" / "link.toml").symlink_to(outside)
    child = write(tmp_path / "dir" / "child.toml", MINE.format(parent="link.toml"))
    with pytest.raises(VariantError, match="inside"):
        load_variant(child)


def test_extends_inside_the_folder_still_works(tmp_path: Path) -> None:
    write(tmp_path / "sub" / "base.toml", (ROOT / "variants" / "romme51.toml").read_text())
    child = write(
        tmp_path / "child.toml", MINE.format(parent="sub/base.toml") + "[opening]\nmin_points = 60\n"
    )
    variant = load_variant(child)
    assert variant.opening.min_points == 60 and variant.opening.require_pure_run


def test_a_problem_of_a_parent_is_reported_under_the_parent(tmp_path: Path) -> None:
    base = write(
        tmp_path / "base.toml",
        MINE.format(parent="rami51") + '[opening]\nmin_points = "lots"\n[melds]\nfoo = 1\n',
    )
    child = write(tmp_path / "child.toml", MINE.format(parent="base.toml") + "[melds]\nset_min = 0\n")
    with pytest.raises(VariantError) as info:
        load_variant(child)
    files = {p.path: p.file for p in info.value.problems}
    assert files == {
        "opening.min_points": os.path.realpath(base),
        "melds.foo": os.path.realpath(base),
        "melds.set_min": str(child),
    }


def test_a_long_chain_of_extends_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write(tmp_path / "v0.toml", MINE.format(parent="rami51"))
    for i in range(1, 1000):
        write(tmp_path / f"v{i}.toml", MINE.format(parent=f"v{i - 1}.toml"))
    err = one_line_exit_2(capsys, "check-variant", str(tmp_path / "v999.toml"))
    assert f"at most {MAX_EXTENDS} files" in err
    # a chain of exactly MAX_EXTENDS files loads
    assert load_variant(tmp_path / f"v{MAX_EXTENDS - 2}.toml").id == "mine"


# --------------------------------------------------------------------------- item 3: read-only rules


def test_resolved_rules_are_read_only_and_the_digest_is_kept() -> None:
    variant = load_variant("rami51")
    digest = variant.digest()
    document = rk.to_json(rk.deal(variant, players=2, seed=7))
    with pytest.raises(TypeError):
        variant.resolved["opening"]["min_points"] = 0  # type: ignore[index]
    with pytest.raises(TypeError):
        variant.resolved["deck"]["by_players"][0] = {}  # type: ignore[index]
    with pytest.raises(TypeError):
        del variant.resolved["meta"]  # type: ignore[attr-defined]
    copy = variant.resolved_dict()
    copy["opening"]["min_points"] = 0  # a copy: the variant does not change
    assert variant.resolved["opening"]["min_points"] == 51
    assert variant.digest() == digest
    assert rk.to_json(rk.deal(variant, players=2, seed=7)) == document
    assert json.loads(document)["variant"]["rules"] == variant.full_rules()


# the digests before the rules became read-only: byte-identical JSON (updated
# when meta.seed came to name its source in words instead of an outside file,
# and when the digest came to cover the fully resolved rules, every default
# written and deprecated keys left out; and when melds.jokers_vs_naturals and
# match.end_when_total_exceeds joined the schema; and when match.target,
# draw.top_card_use, opening.open_at_deal and the integer values.table.joker came, with rummy500;
# rummy's came with it, issue 28; oklahoma_gin's with deal.indicator, liverpool's with
# contract.deals[].rules; rummy500's when it left out hand_rummy_winner_score, idle under
# opening.open_at_deal, issue 29)
DIGESTS = {
    "contract": "0e7ca7acc5e9c446be19f9e70ea07b1511c300d7dc9e2e1e61ddc465ab043b7e",
    "gin": "b853663d62db45ce74eca238ef1b0816c81827d6ccaf5b66e79bc636c6fae714",
    "handromi": "fb5977a40c2c7fa28621851bdd86d7835efa4c288b9bc372b0f3927388a62756",
    "indian": "cdc63406c9c24e796f46f22e1464ed8be09307f1ec6f4345ae38aa90557d73ff",
    "indian_deals": "6423d73deecedd455f65bb7f5cb3e5beb3a33af209d868e8c01cd8c41234d69c",
    "indian_pool": "f3edf9525e0f2dd3875461f37bd23227822be95ffa5df1203f75a2250ed1c8e3",
    "oklahoma_gin": "a09603d2c51f83ac1a86527da4f8e32424ebcdefef7de9f7d1650cfb30070d8c",
    "kalooki": "73223c05d9034fd276931394823a602e7e8acaf8173a8f6bc7ba4dc0adeeccd0",
    "liverpool": "93c32493b5341afe2d1a9fc129062922cda6475f643a8c61ce24735726781007",
    "rami40": "3014a437377a5f030cdd863950fa6b97982e9528c4400dcf904811338b0131f0",
    "rami40_house": "e0946edacac6fa7f7b59f378af398e076ef59a4b1c20df6674cd8d5e00d50ad8",
    "rami51": "8b36d9b82e537829b38cb99197f76c9d81d0ba1127491beb3b7621fe5435f242",
    "rami51_house": "c57d56e23aaa5ec9e5920ba6fa3f5876fb6207ef28ef9ef6e4b34b8ad4f49373",
    "roemie": "286e1dd002254c755a3878e88807820f69d867c34a303ce0b220ec917fd63dee",
    "romme": "dd8fea8ae17952edd3a4eb5e0a8174f01a939fede0626a7ab5cd0133534a7fa8",
    "romme51": "65931bd9340ed6368cd5858a3f2d045cb5d6b6cde128ece9d7dcea1dfda0257f",
    "rummy": "d19b7798ab22e8f9e7a0fa669ef512262f548b435c8380f4e3c1627fcf0d6dce",
    "rummy500": "74d7dd37edfb5a78f8a56e655871b9a25631de4560d5af75997546f34921574a",
    "tonk": "0c82e15da5cdad2086ea2b49932356bedd4f9a58599e9399a87df472e2bc81bc",
}


def test_digests_are_unchanged() -> None:
    assert {ref: load_variant(ref).digest() for ref in bundled_variants()} == DIGESTS


# --------------------------------------------------------------------------- item 11: files


def test_read_text_file_refuses_what_is_not_a_small_utf8_regular_file(tmp_path: Path) -> None:
    big = tmp_path / "big.toml"
    with open(big, "wb") as handle:
        handle.truncate(MAX_FILE_BYTES + 1)
    cases = {
        big: "larger than",
        write(tmp_path / "ok.toml", "a = 1\n").parent: "a directory",
        tmp_path / "missing.toml": "No such file",
    }
    (tmp_path / "latin.toml").write_bytes(b"name = '\xe9'\n")
    cases[tmp_path / "latin.toml"] = "not UTF-8"
    if hasattr(os, "mkfifo"):
        os.mkfifo(tmp_path / "fifo.toml")
        cases[tmp_path / "fifo.toml"] = "a FIFO"
    if os.path.exists("/dev/zero"):
        cases[Path("/dev/zero")] = "a character device"
    for path, reason in cases.items():
        with pytest.raises(UnreadableFile, match=reason):
            read_text_file(path)
    assert read_text_file(tmp_path / "ok.toml") == "a = 1\n"


def bad_files(tmp_path: Path) -> list[Path]:
    """Files that no command may read: binary, not UTF-8, huge, a FIFO, a device."""
    binary = tmp_path / "binary.toml"
    binary.write_bytes(bytes(range(256)) * 4)
    latin = tmp_path / "latin.toml"
    latin.write_bytes('[meta]\nid = "é"\n'.encode("latin-1"))
    huge = tmp_path / "huge.toml"
    with open(huge, "wb") as handle:
        handle.truncate(MAX_FILE_BYTES * 4)
    files = [binary, latin, huge]
    if hasattr(os, "mkfifo"):
        os.mkfifo(tmp_path / "fifo.toml")
        files.append(tmp_path / "fifo.toml")
    if os.path.exists("/dev/zero"):
        files.append(Path("/dev/zero"))
    return files


@pytest.mark.parametrize("command", ["check-variant", "meld", "replay", "conformance"])
def test_bad_files_give_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str], command: str) -> None:
    for path in bad_files(tmp_path):
        argv = {
            "check-variant": ["check-variant", str(path)],
            "meld": ["meld", "-v", str(path), "7h", "8h", "9h"],
            "replay": ["replay", str(path)],
            "conformance": ["conformance", str(path)],
        }[command]
        one_line_exit_2(capsys, *argv)


def test_toml_nested_5000_deep(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    deep = write(tmp_path / "deep.toml", "a = " + "[" * 5000 + "]" * 5000 + "\n")
    assert "nested too deep" in one_line_exit_2(capsys, "check-variant", str(deep))
    assert "nested too deep" in one_line_exit_2(capsys, "conformance", str(deep))
    inline = write(tmp_path / "inline.toml", "a = " + "{b = " * 100 + "1" + "}" * 100 + "\n")
    assert "nested at most" in one_line_exit_2(capsys, "check-variant", str(inline))
    assert "nest more than" in one_line_exit_2(capsys, "conformance", str(inline))


# --------------------------------------------------------------------------- item 11: counts


@pytest.mark.parametrize(
    ("change", "path"),
    [
        ("[players]\nmax = 1000000000\n", "players.max"),
        ("[[deck.by_players]]\nplayers = [2, 6]\ndecks = 2\njokers = 1000000000000\n",
         "deck.by_players[0].jokers"),
        ("[[deck.by_players]]\nplayers = [2, 6]\ndecks = 2\njoker_options = [1000000000000]\n",
         "deck.by_players[0].joker_options"),
        ("[[deck.by_players]]\nplayers = [2, 1000000000]\ndecks = 2\n", "deck.by_players[0].players"),
        ("[deal]\nhand_size = 100000\n", "deal.hand_size"),
        ("[melds]\nset_max = 100000\n", "melds.set_max"),
        ("[melds]\nmax_jokers_per_meld = 100000\n", "melds.max_jokers_per_meld"),
        ("[opening]\nmin_points = 1000000000\n", "opening.min_points"),
        ("[values.hand]\njoker = 1000000000\n", "values.hand.joker"),
        ("[stock_exhausted]\nturn_cap = 1000000000\n", "stock_exhausted.turn_cap"),
        ("[stock_exhausted]\nmax_reshuffles = 1000000000\n", "stock_exhausted.max_reshuffles"),
        ("[scoring]\nwinner_score = -1000000000\n", "scoring.winner_score"),
        ("[match]\nrounds = 1000000000\n", "match.rounds"),
        ("[match]\nrounds_options = [1000000000]\n", "match.rounds_options"),
    ],
)  # fmt: skip
def test_every_count_is_bounded(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], change: str, path: str
) -> None:
    file = write(tmp_path / "big.toml", MINE.format(parent="rami51") + change)
    err = one_line_exit_2(capsys, "check-variant", str(file))
    assert f": {path}: expected " in err


# --------------------------------------------------------------------------- item 11: case files


@pytest.mark.parametrize(
    ("expect", "where"),
    [("hands = [5, 6]", "expect.hands"), ("table = 5", "expect.table"), ("to_move = 'x'", "expect.to_move")],
)
def test_case_file_with_wrong_types(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], expect: str, where: str
) -> None:
    case = write(
        tmp_path / "case.toml",
        'variant = "rami51"\n[[scenario]]\nname = "s"\nmoves = []\n'
        f'[scenario.position]\nplayers = 2\nhands = ["7h", "8h"]\n[scenario.expect]\n{expect}\n',
    )
    err = one_line_exit_2(capsys, "conformance", str(case))
    assert str(case) in err and where in err


def test_case_file_with_more_hands_than_seats_fails_the_case(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    case = write(
        tmp_path / "case.toml",
        'variant = "rami51"\n[[scenario]]\nname = "s"\nmoves = []\n'
        '[scenario.position]\nplayers = 2\nhands = ["7h", "8h"]\n'
        '[scenario.expect]\nhands = ["7h", "8h", "9h"]\n',
    )
    code, out, _ = run(capsys, "conformance", str(case))
    assert code == 1 and "3 hands" in out


@pytest.mark.parametrize("text", ["", 'variant = "rami51"\n', 'variant = "rami51"\nmeld = []\n'])
def test_case_file_without_a_case(tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str) -> None:
    case = write(tmp_path / "empty.toml", text)
    assert "no case" in one_line_exit_2(capsys, "conformance", str(case))


# --------------------------------------------------------------------------- item 11: commands


@pytest.mark.parametrize("command", ["meld", "hand", "solve"])
@pytest.mark.parametrize("cards", ["", "   "])
def test_an_empty_card_list_is_bad_input(
    capsys: pytest.CaptureFixture[str], command: str, cards: str
) -> None:
    err = one_line_exit_2(capsys, command, "-v", "rami51", cards)
    assert "no cards" in err


@pytest.mark.parametrize("bots", [",", " , ", "greedy,nobody"])
def test_play_with_no_bot(capsys: pytest.CaptureFixture[str], bots: str) -> None:
    one_line_exit_2(capsys, "play", "-v", "rami51", "--bots", bots, "--seed", "1")


def test_play_refuses_more_bots_than_other_seats(capsys: pytest.CaptureFixture[str]) -> None:
    """An audit: three bots for one other seat were silently cut to one."""
    err = one_line_exit_2(capsys, "play", "-v", "rami51", "--bots", "greedy,greedy,greedy", "--seed", "1")
    assert "3 bots for the 1 other seats" in err


@pytest.mark.parametrize(
    "argv",
    [("simulate", "-v", "rami51", "--rounds", "1", "--quiet", "--records", ""),
     ("play", "-v", "rami51", "--seed", "1", "--record", "")],
)  # fmt: skip
def test_an_empty_path_is_refused(capsys: pytest.CaptureFixture[str], argv: tuple[str, ...]) -> None:
    """An audit: an empty --records was taken for no option at all."""
    err = one_line_exit_2(capsys, *argv)
    assert "names no file or folder (an empty path)" in err


def test_simulate_checks_records_before_it_runs(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import rummykit.play.simulate

    def never(*args: object, **kwargs: object) -> None:
        raise AssertionError("the simulation ran")

    monkeypatch.setattr(rummykit.play.simulate, "play_round", never)
    file = write(tmp_path / "file.txt", "x")
    for records in (file, file / "sub", tmp_path / "a\0b"):
        err = one_line_exit_2(
            capsys, "simulate", "-v", "rami51", "--rounds", "3", "--records", str(records), "--quiet"
        )
        assert "--records" in err
    for bots in (",", "nobody"):
        one_line_exit_2(capsys, "simulate", "-v", "rami51", "--rounds", "3", "--bots", bots, "--quiet")
    assert "at most" in one_line_exit_2(
        capsys, "simulate", "-v", "rami51", "--rounds", str(10**12), "--quiet"
    )


def test_simulate_still_writes_records(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "new" / "records"
    code, _, _ = run(capsys, "simulate", "-v", "rami51", "--rounds", "1", "--records", str(folder), "--quiet")
    assert code == 0 and [p.name for p in folder.iterdir()] == ["round-00000.json"]


def test_an_unexpected_error_is_one_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def boom(*args: object) -> int:
        raise RuntimeError("first\nsecond")

    monkeypatch.setattr(cli, "cmd_variants", boom)
    err = one_line_exit_2(capsys, "variants")
    assert err.startswith("rummykit: error: unexpected RuntimeError: first")


def test_a_file_name_with_a_line_break_stays_on_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    odd = write(tmp_path / "two\nlines.toml", "[meta\n")
    one_line_exit_2(capsys, "meld", "-v", str(odd), "7h")
    code, _, err = run(capsys, "check-variant", str(odd))
    assert code == 2 and len(err.splitlines()) == 1


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX file modes")
def test_load_variant_refuses_a_fifo_without_hanging(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "v.toml")
    with pytest.raises(VariantError, match="FIFO"):
        load_variant(tmp_path / "v.toml")


def test_a_variant_and_a_state_still_pickle_and_copy() -> None:
    import copy
    import pickle

    variant = load_variant("roemie")
    state = rk.deal(variant, players=3, seed=5)
    for again in (pickle.loads(pickle.dumps(variant)), copy.deepcopy(variant), copy.copy(variant)):
        assert again == variant and again.digest() == variant.digest()
        with pytest.raises(TypeError):
            again.resolved["opening"]["min_points"] = 0  # type: ignore[index]
    assert rk.to_json(pickle.loads(pickle.dumps(state))) == rk.to_json(state)


# --------------------------------------------------------------------------- issue 26: case files


@pytest.mark.parametrize(
    ("key", "value", "message"),
    [
        ("table", "5", 'table: expected an array of tables { owner = seat, cards = "…" }, got 5'),
        ("table", "true", "table: expected an array of tables"),
        ("table", '"9h 9s 9d"', "table: expected an array of tables"),
        ("table", "{ owner = 0 }", "table: expected an array of tables"),
        (
            "table",
            '[{ owner = true, cards = "9h 9s 9d" }]',
            "table[0].owner: expected a seat from 0 to 1, got True",
        ),
        ("table", "[{ owner = 0, cards = 5 }]", "table[0].cards: expected a string of cards, got 5"),
        ("hands", "[5, 6]", "hands: expected an array of strings of cards, got [5, 6]"),
        ("opened", "[1, 0]", "opened: expected an array of booleans, got [1, 0]"),
        ("phase", "1.5", "phase: expected a string, got 1.5"),
        ("knocker", "true", "knocker: expected an integer, got True"),
        ("upcard_passes", "[true]", "upcard_passes: expected an array of integers, got [True]"),
        ("buys", '"x"', "buys: expected an array of integers, got 'x'"),
        ("variant", "5", "variant: expected a string, got 5"),
    ],
)
@pytest.mark.parametrize("section", ["scenario", "perft"])
def test_a_position_key_of_the_wrong_type_is_named(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], section: str, key: str, value: str, message: str
) -> None:
    rest = "moves = []\n" if section == "scenario" else "expect = { total = 1 }\n"
    case = write(
        tmp_path / "case.toml",
        f'variant = "rami51"\n[[{section}]]\nname = "s"\n{rest}'
        f'[{section}.position]\nplayers = 2\nhands = ["7h", "8h"]\n{key} = {value}\n'
        if key != "hands"
        else f'variant = "rami51"\n[[{section}]]\nname = "s"\n{rest}[{section}.position]\nplayers = 2\n'
        f"{key} = {value}\n",
    )
    err = one_line_exit_2(capsys, "conformance", str(case))
    assert "unexpected" not in err
    assert f"{case}: s: position: {message}" in err


def test_a_case_file_variant_of_the_wrong_type_is_named(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    case = write(tmp_path / "case.toml", 'variant = 5\n[[meld]]\ncards = "7h 8h 9h"\nvalid = true\n')
    err = one_line_exit_2(capsys, "conformance", str(case))
    assert err == f"rummykit: error: {case}: variant should be str, got 5\n"


# --------------------------------------------------------------------------- issue 26: cards and commands


@pytest.mark.parametrize(
    ("argv", "card"),
    [
        (["meld", "-v", "gin", "JK", "7h", "8h"], "There is no JK in the deck of gin for 2 players."),
        (["meld", "-v", "rami51", "7h", "7h", "7h"], "has only 2 of 7h, not 3"),
        (["meld", "-v", "rami51", "--players", "5", "7h", "7h", "7h", "7h"], "has only 3 of 7h, not 4"),
    ],
)
def test_meld_refuses_cards_the_deck_does_not_hold(
    capsys: pytest.CaptureFixture[str], argv: list[str], card: str
) -> None:
    code, out, _ = run(capsys, *argv)
    assert code == 1 and out.startswith("refused: card.not-in-deck: ") and card in out
    code, out, _ = run(capsys, *argv, "--json")
    assert code == 1 and json.loads(out)["code"] == "card.not-in-deck"


@pytest.mark.parametrize(
    "argv",
    [
        ["hand", "-v", "rami51", "7h", "7h", "7h", "7h"],
        ["hand", "-v", "gin", "JK", "7h"],
        ["solve", "-v", "gin", "JK", "7h", "8h"],
        ["solve", "-v", "contract", "--players", "5", "JK", "JK", "JK"],
    ],
)
def test_hand_and_solve_take_no_card_the_deck_does_not_hold(
    capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    err = one_line_exit_2(capsys, *argv)
    assert err.startswith("rummykit: error: card.not-in-deck: ")


def test_players_chooses_the_deck_the_cards_are_judged_against(capsys: pytest.CaptureFixture[str]) -> None:
    # rami51 plays two decks for 2 to 4 players, three for 5 and 6.
    assert run(capsys, "hand", "-v", "rami51", "--players", "5", "7h", "7h", "7h")[:2] == (0, "penalty 21\n")
    assert run(capsys, "hand", "-v", "rami51", "--players", "4", "7h", "7h", "7h")[0] == 2
    code, out, _ = run(capsys, "meld", "-v", "rami51", "--players", "5", "7h", "7h", "7s")
    assert code == 1 and "meld.set-duplicate-suit" in out
    err = one_line_exit_2(capsys, "solve", "-v", "rami51", "--players", "9", "7h")
    assert "solve: rami51 is played by 2 to 6 players, not 9" in err


def test_solve_says_a_variant_without_an_opening_has_none(capsys: pytest.CaptureFixture[str]) -> None:
    for ref in ("gin", "rummy500"):
        code, out, _ = run(capsys, "solve", "-v", ref, "7h", "8h", "9h", "Kc")
        assert code == 0
        assert out.splitlines()[0] == (
            f"best opening: none: {ref} has no opening (every seat has opened from the deal)"
        )
        assert "least penalty: 10" in out
        code, out, _ = run(capsys, "solve", "-v", ref, "--json", "7h", "8h", "9h", "Kc")
        data = json.loads(out)
        assert code == 0 and data["has_opening"] is False and data["best_opening"] is None
    code, out, _ = run(capsys, "solve", "-v", "rami51", "--json", "7h", "8h", "9h")
    assert json.loads(out)["has_opening"] is True


def test_solve_with_more_cards_than_a_hand_holds_is_one_plain_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    fifteen = ["2c", "3c", "4c", "5c", "6c", "7c", "8c", "9c", "Tc", "Jc", "Qc", "Kc", "Ac", "2d", "3d"]
    err = one_line_exit_2(capsys, "solve", "-v", "rami51", *fifteen)
    assert err == "rummykit: error: solve: a hand of rami51 holds at most 14 cards, not 15\n"
    err = one_line_exit_2(capsys, "solve", "-v", "rami51", "--deal", "0", "7h")
    assert err == "rummykit: error: solve: --deal: deal_number must be 1 or more, not 0\n"


@pytest.mark.parametrize(
    ("bots", "players"), [("greedy,random,random", "2"), ("random,random,greedy,random", "3")]
)
def test_simulate_refuses_more_bots_than_seats(
    capsys: pytest.CaptureFixture[str], bots: str, players: str
) -> None:
    err = one_line_exit_2(
        capsys, "simulate", "-v", "rami51", "--players", players, "--rounds", "1", "--bots", bots, "--quiet"
    )
    count = len(bots.split(","))
    assert f"simulate: --bots names {count} bots for {players} seats" in err
    from rummykit.play.simulate import simulate

    with pytest.raises(ValueError, match=f"{count} bots named for {players} seats"):
        simulate("rami51", players=int(players), bots=bots.split(","), rounds=1)


@pytest.mark.parametrize("workers", ["257", "99999999999999999999"])
def test_simulate_refuses_more_workers_than_it_starts(
    capsys: pytest.CaptureFixture[str], workers: str
) -> None:
    err = one_line_exit_2(capsys, "simulate", "-v", "gin", "--rounds", "1", "--workers", workers, "--quiet")
    assert err == f"rummykit: error: simulate: --workers must be from 1 to 256, not {workers}\n"


def _cli_with_strict_utf8(args: list[bytes], stdin: bytes = b"") -> subprocess.CompletedProcess[bytes]:
    """The CLI in a process whose streams are strict UTF-8 (the usual en_US.UTF-8 terminal)."""
    env = {**os.environ, "PYTHONIOENCODING": "utf-8"}
    command = [os.fsencode(sys.executable), b"-m", b"rummykit.play.cli", *args]
    return subprocess.run(command, input=stdin, capture_output=True, env=env, timeout=120, check=False)


@pytest.mark.skipif(sys.platform == "win32", reason="a file name of any bytes is a POSIX one")
def test_a_file_name_that_is_not_utf8_is_read_and_printed_escaped(tmp_path: Path) -> None:
    name = os.fsencode(tmp_path) + b"/\xff.toml"
    Path(os.fsdecode(name)).write_bytes((ROOT / "variants" / "gin.toml").read_bytes())
    done = _cli_with_strict_utf8([b"check-variant", name])
    assert done.returncode == 0, done.stderr
    assert b"\\udcff.toml: ok (gin: Gin Rummy, digest " in done.stdout


def test_typed_bytes_that_are_not_utf8_are_a_move_the_game_cannot_read() -> None:
    done = _cli_with_strict_utf8([b"play", b"-v", b"gin", b"--seed", b"1"], stdin=b"draw\xff\n")
    assert done.returncode == 0, done.stderr
    assert "refused: notation.invalid: Cannot read 'draw\ufffd'" in done.stdout.decode("utf-8")


def test_the_cli_leaves_the_streams_as_it_found_them() -> None:
    """A program that calls ``main`` keeps its strict streams after it."""
    code = (
        "import sys; from rummykit.play.cli import main; main(['variants'])\n"
        "print(sys.stdout.errors, sys.stdin.errors)"
    )
    env = {**os.environ, "PYTHONIOENCODING": "utf-8"}
    argv = [sys.executable, "-c", code]
    done = subprocess.run(argv, capture_output=True, text=True, env=env, timeout=60, check=False)
    assert done.returncode == 0 and done.stdout.splitlines()[-1] == "strict strict", done.stderr


def test_a_failed_case_is_one_line_whatever_its_name(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """An audit: a case name with a line break spread its failure over two lines."""
    case = '[[meld]]\nname = "two\\nlines"\nvariant = "rami51"\ncards = "7h 8h 9h"\nvalid = false\n'
    code, out, _ = run(capsys, "conformance", str(write(tmp_path / "case.toml", case)))
    assert code == 1 and out.splitlines()[0].endswith("two\\nlines: expected refused, got valid")
    assert len(out.splitlines()) == 2  # the failure, then the count


@pytest.mark.parametrize(
    "language", [["--lan", "de"], ["--lang", "nl", "--lang", "de"], ["--lang=nl", "--lang=de"]]
)
def test_the_language_is_the_one_argparse_read(
    capsys: pytest.CaptureFixture[str], language: list[str]
) -> None:
    """An abbreviation is the option, and the last one given wins, as for every option."""
    assert cli.main(["meld", "-v", "rami51", *language, "7h", "9h", "Th"]) == 1
    assert capsys.readouterr().out.startswith("abgelehnt: meld.run-gap: ")


def test_ctrl_c_is_one_line_and_exit_130(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def interrupted(*args: object, **options: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(rk.Variant, "check_players", interrupted)
    assert cli.main(["solve", "-v", "rami51", "--players", "2", "7h", "8h", "9h"]) == 130
    assert capsys.readouterr().err == "rummykit: interrupted\n"
    assert cli.main(["solve", "-v", "rami51", "--players", "2", "--lang", "de", "7h", "8h", "9h"]) == 130
    assert capsys.readouterr().err == "rummykit: abgebrochen\n"


@pytest.mark.parametrize("argv", [["variants"], ["rules", "handromi"], ["diff", "rami40", "rami51"]])
def test_an_ascii_locale_gets_escapes_not_an_error(argv: list[str]) -> None:
    """LC_ALL=C without UTF-8 mode: standard output is ASCII with
    ``surrogateescape``, which refuses "ö" as "strict" does."""
    env = {**os.environ, "PYTHONUTF8": "0", "LC_ALL": "C", "PYTHONIOENCODING": ""}
    command = [sys.executable, "-m", "rummykit.play.cli", *argv]
    done = subprocess.run(command, capture_output=True, env=env, timeout=120, check=False)
    assert done.returncode in (0, 1) and done.stderr == b"", done.stderr[-300:]
    assert b"\\xf6" in done.stdout or b"\\xe9" in done.stdout or argv[0] == "diff"
