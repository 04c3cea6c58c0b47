from pathlib import Path

import pytest

from rummykit.play.conformance import CaseFileError, run_case_file, run_case_files
from rummykit.variant.model import bundled_variants

CASES = Path(__file__).resolve().parents[1] / "conformance"


@pytest.mark.parametrize("path", sorted(CASES.glob("*.toml")), ids=lambda p: p.name)
def test_case_file_passes(path: Path) -> None:
    results = run_case_file(path)
    assert results
    failures = [str(r) for r in results if not r.passed]
    assert not failures, "\n".join(failures)


def test_every_bundled_variant_has_cases() -> None:
    covered = {p.stem for p in CASES.glob("*.toml") if not p.stem.startswith("scenarios_")}
    for ref in bundled_variants():
        assert ref in covered or ref == "rami40_house", ref
    text = (CASES / "rami51_house.toml").read_text()
    assert 'variant = "rami40_house"' in text


def test_report_counts() -> None:
    report = run_case_files(sorted(CASES.glob("*.toml")))
    assert report.failed == 0 and report.passed > 100
    assert report.summary() == f"{report.passed} passed, 0 failed"


@pytest.mark.parametrize(
    ("text", "match"),
    [
        ('variant = "rami51"\n[[scenario]]\nname = "x"\n', "position"),
        ('variant = "rami51"\n[[scenario]]\nposition = { players = 9 }\nmoves = []\n', "players"),
        ('variant = "rami51"\n[[meld]]\ncards = "7h 8h 9h"\n', "valid"),
        ('variant = "rami51"\n[[meld]]\ncards = "7h 8h 9h"\nvalid = true\nbogus = 1\n', "bogus"),
        ('[[meld]]\ncards = "7h 8h 9h"\nvalid = true\n', "no variant"),
        ('variant = "rami99"\n[[meld]]\ncards = "7h 8h 9h"\nvalid = true\n', "rami99"),
        ('variant = "rami51"\n[[meld]]\ncards = "7x"\nvalid = true\n', "7x"),
        ("variant = \n", "TOML"),
        ('variant = 5\n[[meld]]\ncards = "7h 8h 9h"\nvalid = true\n', "variant should be str, got 5"),
        (
            'variant = "rami51"\n[[perft]]\nposition = { players = 2, table = 5 }\nexpect = { total = 1 }\n',
            "position: table: expected an array of tables",
        ),
        (
            'variant = "contract"\n[[opening]]\nmelds = ["7h 7s 7d"]\nvalid = true\ndeal_number = 8\n',
            "deal_number must be 1 to 7, not 8",
        ),
        (
            'variant = "rami51"\n[[meld]]\ncards = "7h 8h 9h"\nvalid = true\nplayers = 9\n',
            "players: rami51 is played by 2 to 6 players, not 9",
        ),
        ('variant = "rami51"\n[[show]]\ncards = "7h 8h 9h"\nvalid = true\n', "cut_card"),
        (
            'variant = "rami51"\n[[meld]]\ncards = "7h 8h 9h"\nvalid = true\ncut_card = "9c=8h"\n',
            "plain face",
        ),
        ('variant = "rami51"\n[[show]]\ncards = "7h 8h 9d=9h"\ncut_card = "5c"\n', "only a wild card"),
        ('variant = "rami51"\n[[show]]\ncards = "7h 8h 9d=*"\ncut_card = "9c"\n', "only a wild card"),
        ('variant = "rami51"\n[[hand]]\ncards = "7h"\npenalty = 7\ncut_card = 9\n', "cut_card should be str"),
    ],
)
def test_malformed_files_are_refused(tmp_path: Path, text: str, match: str) -> None:
    path = tmp_path / "case.toml"
    path.write_text(text)
    with pytest.raises(CaseFileError, match=match):
        run_case_file(path)


def _scenarios_per_variant() -> dict[str, int]:
    import sys

    if sys.version_info >= (3, 11):
        import tomllib
    else:  # pragma: no cover
        import tomli as tomllib
    counts: dict[str, int] = {}
    for path in CASES.glob("*.toml"):
        data = tomllib.loads(path.read_text())
        for case in data.get("scenario", []):
            refs = [case["variant"]] if "variant" in case else data.get("variants", [data.get("variant")])
            for ref in refs:
                counts[ref] = counts.get(ref, 0) + 1
    return counts


def test_every_variant_has_forty_scenarios() -> None:
    counts = _scenarios_per_variant()
    for ref in bundled_variants():
        assert counts.get(ref, 0) >= 40, (ref, counts.get(ref, 0))


def test_a_short_ending_name_still_has_to_match(tmp_path: Path) -> None:
    case = (
        '[[scenario]]\nname = "blocked is not out"\nvariant = "rami51"\n'
        'position = { players = 2, hands = ["2c 3d", "Kc Kd"], stock = "5h", discard = "9c", '
        'rest = "discard", reshuffles = 2 }\n'
        'moves = ["0: draw", "0: discard 5h", "1: draw !turn.round-over"]\n'
        'expect = { ending = "out" }\n'
    )
    path = tmp_path / "cases.toml"
    path.write_text(case)
    [result] = run_case_file(path)
    assert not result.passed and "ending" in str(result.expected)


def test_a_show_case_that_fails_says_what_the_judge_found(tmp_path: Path) -> None:
    path = tmp_path / "case.toml"
    path.write_text(
        'variant = "rami51"\n[[show]]\nname = "x"\ncards = "3c 4c 5c 6h 7h 8h"\ncut_card = "9c"\n'
        'valid = false\n[[show]]\nname = "y"\ncards = "3c 4c 5c 6h 7h 8h"\ncut_card = "9c"\ncount = 5\n'
    )
    first, second = run_case_file(path)
    assert (first.passed, first.expected) == (False, "valid False")
    assert first.got == "valid True, count 0 (3c 4c 5c | 6h 7h 8h)"
    assert (second.passed, second.expected) == (False, "count 5")
    assert second.got.startswith("valid True, count 0 (")


def test_a_show_holds_cards_of_the_deck_and_no_more_than_a_hand(tmp_path: Path) -> None:
    """An audit: sixteen 2h in a show overflowed the solver's card counts
    (a verdict for cards never shown), and a show of sixty cards ran for
    minutes. Cards no deck holds are refused as in a meld case; more cards
    than a hand and its draw stop the file."""
    path = tmp_path / "case.toml"
    many = " ".join(["2h"] * 4 + ["3s", "4s", "7c", "8c", "9c"])
    path.write_text(
        f'variant = "indian"\n[[show]]\nname = "out"\ncards = "{many}"\ncut_card = "Kd"\nvalid = false\n'
        f'[[show]]\nname = "in"\ncards = "{many}"\ncut_card = "Kd"\nvalid = true\n'
    )
    refused, claimed = run_case_file(path)
    assert refused.passed and not claimed.passed
    assert claimed.got.startswith("refused (card.not-in-deck: ")
    fifteen = " ".join(["9c"] * 15)
    path.write_text(f'variant = "indian"\n[[show]]\ncards = "{fifteen}"\ncut_card = "Kd"\n')
    with pytest.raises(CaseFileError, match="a show holds at most 14 cards"):
        run_case_file(path)


def test_a_position_names_the_variant_where_the_case_and_file_do_not(tmp_path: Path) -> None:
    """docs/case-files.md: a position's ``variant`` is used only where the
    case and the file name none; an audit found such a case refused."""
    path = tmp_path / "case.toml"
    position = '{ variant = "rami51", players = 2, hands = ["7h 8h 2c", "3d 4d 5s"], discard = "9h" }'
    path.write_text(f'[[scenario]]\nposition = {position}\nmoves = ["take"]\nexpect = {{ phase = "play" }}\n')
    (result,) = run_case_file(path)
    assert result.passed


@pytest.mark.parametrize(
    ("case", "where"),
    [('[[meld]]\ncards = "Ah As Ad"\nvalid = true\ncut_card = "9h 9d"\n',
      "meld #1: cut_card: cannot read '9h 9d'"),
     ('[[scenario]]\nposition = { players = 2, hands = ["7h 8h 2c", "3d 4d 5s"], discard = "9h" }\n'
      'moves = ["take"]\nexpect = { hands = ["7h Xx"] }\n',
      "scenario #1: expect.hands[0]: cannot read 'Xx'"),
     ('[[opening]]\nmelds = [1, 2]\nvalid = true\n',
      "opening #1: melds should be strings of cards, got [1, 2]")],
)  # fmt: skip
def test_a_case_files_bad_cards_are_named_by_their_key(tmp_path: Path, case: str, where: str) -> None:
    """An audit: unreadable cards named the case but not the key that held them."""
    path = tmp_path / "case.toml"
    path.write_text('variant = "rami51"\n' + case)
    with pytest.raises(CaseFileError) as error:
        run_case_file(path)
    assert str(error.value).startswith(f"{path}: {where}")


def test_an_integer_of_too_many_digits_is_said_plainly(tmp_path: Path) -> None:
    """An audit: Python's own advice (``sys.set_int_max_str_digits``) was the message."""
    path = tmp_path / "case.toml"
    path.write_text('variant = "rami51"\n[[hand]]\ncards = "Ah"\npenalty = ' + "9" * 5000 + "\n")
    with pytest.raises(CaseFileError) as error:
        run_case_file(path)
    assert str(error.value) == f"{path}: not valid TOML: an integer of more than 4300 digits"
