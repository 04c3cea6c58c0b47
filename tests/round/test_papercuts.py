"""Papercuts a frontend developer met (issue 11, item 7): each is a test that
failed before its fix."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import rummykit as rk
from rummykit.core.files import UnreadableFile
from rummykit.io.documents import JSONError
from rummykit.io.records import ReplayError
from rummykit.play import cli
from rummykit.play.simulate import RecordsError


def dealt() -> rk.RoundState:
    return rk.deal(rk.load_variant("rami51"), players=3, seed=1)  # seat 2 is to move


def _source_docstring(module: str, cls: str, method: str) -> str:
    """A method's docstring as written in the installed package's source (the
    compiled build keeps no docstrings on its native classes)."""
    tree = ast.parse((Path(rk.__file__).parent / module).read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef) and node.name == cls:
            for item in node.body:
                if isinstance(item, ast.FunctionDef) and item.name == method:
                    return ast.get_docstring(item) or ""
    raise AssertionError(f"{module} has no {cls}.{method}")


def test_record_play_refuses_a_move_out_of_turn() -> None:
    state = dealt()
    record = rk.Record.start(state)
    with pytest.raises(rk.IllegalMove) as info:
        record.play("0: draw")
    assert info.value.code == "turn.not-your-turn"
    with pytest.raises(rk.IllegalMove):
        record.play("0: draw", state)
    assert record.play("2: draw", state).moves == ("2: draw",)
    assert "``state``" in (rk.Record.play.__doc__ or "")


def test_apply_with_a_seat_that_is_not_an_int_says_so() -> None:
    with pytest.raises(TypeError, match="seat must be an int from 0 to 2, not str '0'"):
        dealt().apply("draw", seat="0")  # type: ignore[arg-type]
    assert "``seat``" in _source_docstring("round/state.py", "RoundState", "apply")
    with pytest.raises(rk.SeatError):
        dealt().apply("draw", seat=3)


def test_a_view_of_no_seat_of_the_round_is_a_seat_error() -> None:
    with pytest.raises(rk.SeatError, match="from 0 to 2") as info:
        dealt().view(5)
    assert isinstance(info.value, rk.RummykitError) and isinstance(info.value, ValueError)
    assert (info.value.seat, info.value.players) == (5, 3)
    with pytest.raises(TypeError, match="seat must be an int"):
        dealt().view("1")  # type: ignore[arg-type]


def test_functions_taking_a_variant_accept_its_id() -> None:
    variant = rk.load_variant("rami51")
    assert rk.deal("rami51", players=3, seed=1) == rk.deal(variant, players=3, seed=1)
    assert rk.check_meld("rami51", "3s 3h 3c") == rk.check_meld(variant, "3s 3h 3c")
    run = rk.check_meld("rami51", "7s 8s 9s")
    assert isinstance(run, rk.Meld)
    assert rk.extend_meld("rami51", run, "Ts") == rk.extend_meld(variant, run, "Ts")
    assert rk.check_opening("rami51", ["Th Jh Qh Kh"]) == rk.check_opening(variant, ["Th Jh Qh Kh"])
    assert rk.best_opening("rami51", "Th Jh Qh Kh Ks Kc") == rk.best_opening(variant, "Th Jh Qh Kh Ks Kc")
    assert rk.can_go_out("rami51", "7h 8h 9h") == rk.can_go_out(variant, "7h 8h 9h")
    assert rk.least_penalty("rami51", "7h 8h 9h Ac") == rk.least_penalty(variant, "7h 8h 9h Ac")
    with pytest.raises(rk.VariantError, match="rami51"):
        rk.deal("rami52", players=3)
    with pytest.raises(TypeError, match="variant id"):
        rk.check_meld(51, "3s 3h 3c")  # type: ignore[arg-type]


def test_a_match_starts_from_a_variant_id_too() -> None:
    by_id = rk.Match.start("roemie", players=3, first_dealer=1)
    by_variant = rk.Match.start(rk.load_variant("roemie"), players=3, first_dealer=1)
    assert by_id == by_variant and by_id.variant.id == "roemie"
    assert by_id.deal_next(5) == by_variant.deal_next(5)
    with pytest.raises(rk.VariantError, match="rami51") as info:
        rk.Match.start("rami52", players=3)
    with pytest.raises(rk.VariantError) as dealt_info:
        rk.deal("rami52", players=3)
    assert str(info.value) == str(dealt_info.value)
    with pytest.raises(TypeError, match="variant id"):
        rk.Match.start(51, players=3)  # type: ignore[arg-type]


def test_a_parsed_move_is_found_among_the_legal_moves_whatever_its_card_order() -> None:
    state = dealt().apply("draw")  # seat 2 holds Ac Ad As
    move = rk.parse_move("meld As Ad Ac")
    assert move in state.legal_moves()
    assert state.apply(move).table == state.apply("meld Ac Ad As").table
    assert move == rk.parse_move("meld Ac As Ad") and hash(move) == hash(rk.parse_move("meld Ac As Ad"))
    assert rk.parse_move("layoff 1 Ts 9s") == rk.parse_move("layoff 1 9s Ts")
    assert rk.parse_move("meld 7h 8h JK=9h") != rk.parse_move("meld 7h 8h JK=6h")
    assert rk.parse_move("layoff 1 9s") != rk.parse_move("layoff 2 9s")
    assert str(move) == "meld As Ad Ac"  # the text keeps the order it was written in


def test_moves_accept_commas_between_cards() -> None:
    assert rk.parse_move("meld 3s, 3h, 3c") == rk.parse_move("meld 3s 3h 3c")
    assert rk.parse_move("layoff 2 Ts,Js") == rk.parse_move("layoff 2 Ts Js")
    assert rk.parse_move("1: discard 5c,") == rk.parse_move("discard 5c")


def test_the_cli_prints_its_version(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["--version"]) == 0
    assert capsys.readouterr().out.strip() == f"rummykit {rk.__version__}"


@pytest.mark.parametrize(
    "error",
    [
        rk.IllegalMove,
        rk.NotationError,
        rk.VariantError,
        rk.JSONError,
        JSONError,
        rk.ReplayError,
        ReplayError,
        rk.PositionError,
        rk.SeatError,
        UnreadableFile,
        RecordsError,
        cli.UsageError,
    ],
)
def test_every_error_derives_from_one_base(error: type[Exception]) -> None:
    assert issubclass(error, rk.RummykitError)
    if error is not cli.UsageError:
        assert issubclass(error, ValueError)  # what it derived from before


def test_errors_raised_are_caught_by_the_base() -> None:
    with pytest.raises(rk.RummykitError):
        dealt().apply("discard 2c")
    with pytest.raises(rk.RummykitError):
        rk.parse_move("fly")
    with pytest.raises(rk.RummykitError):
        rk.from_json("{}")
    with pytest.raises(rk.RummykitError):
        rk.load_variant("no-such-variant")
    assert "RummykitError" in rk.__all__


@pytest.mark.parametrize(
    ("variant", "number", "error", "says"),
    [
        ("contract", 99, ValueError, "deal_number must be from 1 to 7, not 99"),
        ("contract", -1, ValueError, "deal_number must be from 1 to 7, not -1"),
        ("rami51", 2, ValueError, "deal_number must be 0 (rami51 has no contract deals), not 2"),
        # (the compiled build's own check of the argument's type comes first: "int object expected")
        ("contract", "2", TypeError, "deal_number must be an int, not str|int object expected"),
    ],
)
def test_a_deal_number_the_variant_has_no_deal_of_is_refused(
    variant: str, number: object, error: type[Exception], says: str
) -> None:
    """A case file's deal_number 99 was read as the last deal; the state it
    made was one that loading refuses."""
    pattern = says if "|" in says else re.escape(says)
    with pytest.raises(error, match=pattern):
        rk.deal(variant, players=3, seed=1, deal_number=number)  # type: ignore[arg-type]
    assert rk.deal("contract", players=3, seed=1, deal_number=0).deal_number == 1  # 0: the first deal
