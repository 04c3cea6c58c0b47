"""Rules that load key by key but cannot act as written (issue 29): each is
a load error naming both keys, a warning naming the file the key came
from, or a fix."""

from __future__ import annotations

import json
from pathlib import Path

import attrs
import pytest
from key_rows import play, variant_with

import rummykit as rk
from rummykit.core.cards import parse_cards
from rummykit.core.meld_judge import judge_meld
from rummykit.core.toml_schema import spec_of
from rummykit.play.cli import main
from rummykit.variant.model import load_variant, loads_variant, variant_warnings
from rummykit.variant.sections import Opening

CONFORMANCE = Path(__file__).resolve().parents[1] / "conformance"


def child(base: str, body: str) -> rk.Variant:
    return loads_variant(f'[meta]\nid = "child"\nname = "A child"\nextends = "{base}"\n{body}')


def refused(base: str, body: str) -> list[rk.Problem]:
    with pytest.raises(rk.VariantError) as info:
        child(base, body)
    return list(info.value.problems)


@pytest.mark.parametrize("method", ["hand_penalty", "table_minus_hand", "winner_collects"])
def test_a_knock_scored_by_anything_but_deadwood_difference_is_refused(method: str) -> None:
    """Under these methods the knocker's deadwood counts for nothing: he always wins."""
    problems = refused("gin", f'[scoring]\nmethod = "{method}"\n')
    assert [p.path for p in problems] == ["knock.allowed"]
    assert "scoring.method" in problems[0].expected and method in problems[0].expected
    assert "deadwood_difference" in problems[0].expected and "knocker always wins" in problems[0].expected


def test_deadwood_difference_with_melds_during_play_is_refused() -> None:
    """A player who melds out would score 0 against 0, with no winner."""
    problems = refused("gin", "[melds]\nduring_play = true\n")
    assert [p.path for p in problems] == ["melds.during_play"]
    assert "deadwood_difference" in problems[0].expected and "no winner" in problems[0].expected


def test_the_knock_checks_hold_for_a_deal_with_rules_of_its_own() -> None:
    """A contract deal's rules are checked as the variant would play them."""
    body = (
        "[knock]\nallowed = true\n[players]\nmax = 2\n[contract]\n"
        "deals = [{ hand_size = 10, sets = 2 }]\n[match]\nrounds = 1\n"
    )
    problems = refused("contract", body)
    assert "knock.allowed" in [p.path for p in problems]


def test_open_at_deal_makes_the_hand_rummy_keys_idle() -> None:
    variant = child(
        "rummy500",
        "[scoring]\nhand_rummy_winner_score = -20\nhand_rummy_multiplier = 2\n"
        "[layoff]\nin_hand_rummy_turn = true\n",
    )
    found = {w.path: w.message for w in variant_warnings(variant)}
    assert set(found) == {
        "layoff.in_hand_rummy_turn",
        "scoring.hand_rummy_winner_score",
        "scoring.hand_rummy_multiplier",
    }
    assert all("opening.open_at_deal" in message for message in found.values())


def test_a_contract_makes_the_hand_rummy_scores_idle_and_names_no_hand_rummy() -> None:
    """Going down is not opening (R-LIV-08): the hand-rummy scores are idle
    in a contract game, and going down and out at once is ``went_out``."""
    variant = child("contract", "[scoring]\nhand_rummy_multiplier = 2\n")
    found = {w.path: w.message for w in variant_warnings(variant)}
    assert set(found) == {"scoring.hand_rummy_multiplier"}
    assert 'opening.kind` is "contract"' in found["scoring.hand_rummy_multiplier"]
    state = rk.position_from_dict(
        {"variant": variant, "players": 3, "hands": ["7h 7s 7d 9c 9d 9s", "5c Kd", "Ah JK"], "phase": "play"}
    )
    for move in ("meld 7h 7s 7d", "meld 9c 9d 9s", "out"):
        state = state.apply(move)
    assert state.result is not None
    assert (state.result.ending, state.result.scores) == ("went_out", (0, 15, 30))
    assert variant_warnings(load_variant("contract")) == []


@pytest.mark.parametrize(
    ("waived", "verdicts"), [(True, ("ok",) * 3), (False, ("ok", "ok", "opening.needs-pure-run"))]
)
def test_the_waiver_of_a_hand_rummy_waives_the_pure_run_too(waived: bool, verdicts: tuple[str, ...]) -> None:
    """``opening.waived_for_hand_rummy`` waives the minimum and the pure run:
    two sets and a discard go out at once without the pure run an opening needs."""
    settings = {
        "opening.require_pure_run": True,
        "opening.min_points": 0,
        "opening.waived_for_hand_rummy": waived,
    }
    position = {"hands": ["7h 7s 7d 8c 8d 8s 4c", "4d 5d 9s"], "phase": "play"}
    moves = ["0: meld 7h 7s 7d", "0: meld 8c 8d 8s", "0: discard 4c"]
    state, found = play(variant_with("handromi", settings), position, moves)
    assert found == verdicts and (state.result is not None) == waived
    doc = spec_of(attrs.fields_dict(Opening)["waived_for_hand_rummy"])
    assert doc is not None and "the minimum and the pure run" in doc.doc


def test_a_cutter_without_an_exchange_card_warns() -> None:
    variant = child("rami51", '[seating]\ncutter = "left_of_dealer"\n')
    assert [str(w) for w in variant_warnings(variant)] == [
        "warning: seating.cutter: does nothing while `deal.exchange_card` is false (there is no cut)."
    ]
    assert variant_warnings(load_variant("handromi")) == []  # a cut with an exchange card acts


def test_a_warning_about_an_inherited_key_names_the_parent_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """gin sets match.rounds = 1; a child ending the match on a target makes it
    idle, and the warning says the key came from gin.toml."""
    path = tmp_path / "gin_to_100.toml"
    path.write_text(
        '[meta]\nid = "gin_to_100"\nname = "Gin to 100"\nextends = "gin"\n[match]\ntarget = 100\n'
    )
    (warning,) = variant_warnings(load_variant(path))
    assert (warning.path, warning.inherited_from) == ("match.rounds", "gin.toml")
    assert str(warning).startswith("warning: match.rounds (inherited from gin.toml): does nothing")
    assert main(["check-variant", str(path)]) == 0
    err = capsys.readouterr().err
    assert err.startswith(f"warning: {path}: match.rounds (inherited from gin.toml): does nothing while")
    assert main(["check-variant", str(path), "--json"]) == 0
    found = json.loads(capsys.readouterr().out)["warnings"]
    assert [(w["path"], w["inherited_from"]) for w in found] == [("match.rounds", "gin.toml")]
    # a key the file sets itself names no other file
    path.write_text(path.read_text() + "rounds = 3\n")
    (warning,) = variant_warnings(load_variant(path))
    assert (warning.path, warning.inherited_from) == ("match.rounds", "")
    # set back to its default (docs/writing-a-variant.md), the key is quiet
    path.write_text(path.read_text().replace("rounds = 3", 'rounds = "per_player"'))
    assert variant_warnings(load_variant(path)) == []


def test_too_many_undeclared_wild_deuces_in_a_set_are_too_many_jokers() -> None:
    """Two sevens and two undeclared deuces: a set only with both deuces wild,
    which is more wild cards than naturals (R-CON-08)."""
    rules = load_variant(CONFORMANCE / "variants" / "contract_wild_deuces.toml").meld_rules
    verdict = judge_meld(rules, parse_cards("7h 7s 2c 2d"))
    assert isinstance(verdict, rk.Refusal) and verdict.code == "meld.too-many-jokers"
    mixed = judge_meld(rules, parse_cards("7h 8s 2c 2d"))  # not one rank even with the deuces wild
    assert isinstance(mixed, rk.Refusal) and mixed.code == "meld.set-ranks"
    assert not isinstance(judge_meld(rules, parse_cards("7h 7s 7d 2c 2d")), rk.Refusal)


def test_a_position_takes_a_loaded_variant() -> None:
    gin = load_variant("gin")
    state = rk.position_from_dict({"variant": gin, "players": 2, "hands": ["2c 3c", "4d 5d"]})
    assert state.variant is gin
    with pytest.raises(rk.PositionError, match="variant: expected a string"):
        rk.position_from_dict({"variant": 3, "players": 2})
