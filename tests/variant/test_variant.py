import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rummykit import Variant, VariantError, bundled_variants, load_variant, loads_variant

ROOT = Path(__file__).resolve().parents[2]
BUNDLED = [
    "contract", "gin", "handromi",
    "indian", "indian_deals", "indian_pool",
    "kalooki", "liverpool", "oklahoma_gin", "rami40", "rami40_house",
    "rami51", "rami51_house", "roemie", "romme", "romme51",
    "rummy", "rummy500", "tonk",
]  # fmt: skip


def test_bundled_ids() -> None:
    assert bundled_variants() == BUNDLED


@pytest.mark.parametrize("ref", BUNDLED)
def test_bundled_variants_load(ref: str) -> None:
    variant = load_variant(ref)
    assert variant.id == ref
    assert len(variant.digest()) == 64


def test_extends_overrides_only_what_it_names() -> None:
    r40, r51, house = load_variant("rami40"), load_variant("rami51"), load_variant("rami51_house")
    assert (r40.opening.min_points, r51.opening.min_points) == (40, 51)
    assert r40.melds == r51.melds and r40.values == r51.values
    assert [b.jokers for b in house.deck.by_players] == [2, 3]
    assert house.opening == r51.opening
    assert r40.digest() != r51.digest()


def test_selected_rules_match_rules_md() -> None:
    roemie, hr, r51 = load_variant("roemie"), load_variant("handromi"), load_variant("romme51")
    assert roemie.scoring.method == "table_minus_hand" and roemie.match.winner == "highest_total"
    assert roemie.melds.set_joker_suit == "bound" and roemie.draw.discard_deep
    assert hr.seating.direction == "counterclockwise" and hr.deal.first_player_extra == 1
    assert hr.deal.exchange_card and hr.scoring.hand_rummy_multiplier == 2
    assert hr.match.rounds == 7 and hr.match.rounds_options == (10,)
    assert r51.opening.require_pure_run and r51.scoring.not_opened_flat == 100


def test_ruled_keys_carry_their_ruling_ids() -> None:
    """The rulings of each variant (docs/traceability.md) are named in that
    variant's TOML, as a comment on the key they rule."""
    prefixes = {"roemie": "R-ROE", "rami51": "R-RAMI", "handromi": "R-HR", "romme51": "R-R51"}
    for ref, prefix in prefixes.items():
        text = (ROOT / "variants" / f"{ref}.toml").read_text()
        assert re.search(rf"# .*{prefix}-\d+", text), ref


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text)
    return path


def test_every_problem_reported_with_path_expected_got(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        "bad.toml",
        """
[meta]
id = "bad"
name = "Bad"
extends = "rami51"

[melds]
set_min = "three"
jokers_please = 2

[values.hand]
ace = -1
""",
    )
    with pytest.raises(VariantError) as info:
        load_variant(path)
    problems = {p.path: p for p in info.value.problems}
    assert set(problems) == {"melds.set_min", "melds.jokers_please", "values.hand.ace"}
    assert problems["melds.set_min"].expected == "an integer from 2 to 24"
    assert problems["melds.set_min"].got == "string 'three'"
    assert "unknown key" in problems["melds.jokers_please"].got
    assert all(p.file == str(path) for p in info.value.problems)
    assert len(str(info.value).splitlines()) == 3


def test_missing_required_keys() -> None:
    with pytest.raises(VariantError) as info:
        loads_variant("[meta]\nid = 'x'\n")
    paths = {p.path for p in info.value.problems}
    assert {"meta.name", "players", "deck", "deal"} <= paths


def test_consistency_checks() -> None:
    text = (ROOT / "variants" / "rami51.toml").read_text()
    bad = text.replace("max = 6", "max = 7").replace("ace_high = true", "ace_high = true\nrun_wrap = true")
    with pytest.raises(VariantError) as info:
        loads_variant(bad)
    paths = {p.path for p in info.value.problems}
    assert {"deck.by_players", "melds.run_wrap"} <= paths


def test_extends_relative_path_and_cycles(tmp_path: Path) -> None:
    write(tmp_path, "base.toml", (ROOT / "variants" / "romme51.toml").read_text())
    child = write(
        tmp_path,
        "child.toml",
        '[meta]\nid = "c"\nname = "C"\nextends = "base.toml"\n[opening]\nmin_points = 60\n',
    )
    variant = load_variant(child)
    assert variant.opening.min_points == 60 and variant.opening.require_pure_run
    write(tmp_path, "a.toml", '[meta]\nid = "a"\nname = "A"\nextends = "b.toml"\n')
    write(tmp_path, "b.toml", '[meta]\nid = "b"\nname = "B"\nextends = "a.toml"\n')
    with pytest.raises(VariantError, match="cycle"):
        load_variant(tmp_path / "a.toml")


def test_unknown_bundled_id_and_bad_toml(tmp_path: Path) -> None:
    with pytest.raises(VariantError, match="bundled id"):
        load_variant("rami99")
    with pytest.raises(VariantError, match="valid TOML"):
        load_variant(write(tmp_path, "x.toml", "[meta\n"))


SAMPLE = (ROOT / "variants" / "handromi.toml").read_text()


@given(st.data())
def test_damaged_variant_gives_variant_error_or_variant(data: st.DataObject) -> None:
    lines = SAMPLE.splitlines()
    for _ in range(data.draw(st.integers(1, 4))):
        i = data.draw(st.integers(0, len(lines) - 1))
        action = data.draw(st.sampled_from(["drop", "value", "key", "dup"]))
        line = lines[i]
        if action == "drop":
            lines.pop(i)
        elif action == "value" and "=" in line:
            junk = data.draw(
                st.sampled_from(['"x"', "-5", "true", "[1, 2]", "0", "99", "{ a = 1 }", '"face"'])
            )
            lines[i] = line.split("=")[0] + "= " + junk
        elif action == "key" and "=" in line:
            lines[i] = "zz" + line
        elif action == "dup":
            lines.insert(i, line)
    try:
        result = loads_variant("\n".join(lines))
    except VariantError as error:
        assert error.problems
    else:
        assert isinstance(result, Variant)


def test_deck_refusal_judges_cards_against_the_deck_for_the_players() -> None:
    gin, rami = load_variant("gin"), load_variant("rami51")
    no_joker = gin.deck_refusal("JK 7h 8h")
    assert no_joker is not None and no_joker.code == "card.not-in-deck"
    assert no_joker.message == "There is no JK in any deck of gin."
    assert gin.deck_refusal("JK=6h 7h 8h", players=2) is not None  # a declared joker is a joker
    assert gin.deck_refusal("Ah 7h 8h", players=2) is None
    # rami51: two decks and four jokers for 2 to 4 players, three decks for 5 and 6.
    two = rami.deck_refusal("7h 7s 7h 7h", players=2)
    assert two is not None and two.message == "The deck of rami51 for 2 players has only 2 of 7h, not 3."
    assert rami.deck_refusal("7h 7h 7h", players=5) is None
    assert rami.deck_refusal("7h 7h 7h") is None  # some deck of rami51 holds three
    most = rami.deck_refusal("7h 7h 7h 7h")
    assert most is not None and most.message == "The decks of rami51 hold at most 3 of 7h, not 4."
    assert rami.deck_refusal("JK JK JK JK", players=2) is None
    assert rami.deck_refusal("JK JK JK JK JK", players=2) is not None
    # The table options count: handromi offers six jokers to 2-4 players.
    assert load_variant("handromi").deck_refusal(["JK"] * 6, players=2) is None
    # A declared wild deuce is its deuce.
    assert load_variant("contract").deck_refusal("2h=8c 2h 2h", players=5) is None
    with pytest.raises(ValueError, match="played by 2 to 2 players, not 3"):
        gin.deck_refusal("7h", players=3)
