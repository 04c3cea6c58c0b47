from rummykit import Meld, Refusal, check_meld, check_opening, load_variant
from rummykit.rules import OpeningMinimum, OpeningPureRun, registered
from rummykit.rules.rule_set import rules_of


def test_components_have_rule_names_not_variant_names() -> None:
    names = registered()
    assert {"opening_minimum", "opening_pure_run", "hand_rummy_waiver"} <= set(names)
    for name in names:
        for ref in ("roemie", "rami", "handromi", "romme"):
            assert ref not in name


def test_commit_components_follow_the_keys() -> None:
    def names(ref: str) -> list[str]:
        return [c.name for c in rules_of(load_variant(ref)).components.at("commit")]

    assert names("rami51") == ["opening_at_commit", "swapped_joker_relaid"]
    assert names("roemie") == ["opening_at_commit", "deep_card_starts_new_meld", "swapped_joker_relaid"]
    assert names("handromi") == [
        "opening_at_commit",
        "table_touch_needs_opening",
        "taken_discard_laid",
        "exchange_draw_is_hand_rummy",
        "swapped_joker_relaid",
    ]


def test_compose_selects_by_key() -> None:
    romme = rules_of(load_variant("romme51")).components
    rami = rules_of(load_variant("rami51")).components
    roemie = rules_of(load_variant("roemie")).components
    assert [c.name for c in romme.at("opening")] == ["opening_minimum", "opening_pure_run"]
    assert [c.name for c in rami.at("opening")] == ["opening_minimum"]
    assert roemie.get("hand_rummy_waiver") is not None and rami.get("hand_rummy_waiver") is None
    assert rules_of(load_variant("rami51")).components is not None


def test_components_alone() -> None:
    run = check_meld(load_variant("rami51"), "7h 8h 9h")
    assert isinstance(run, Meld)
    assert OpeningMinimum(25).check([run], 24) == Refusal(
        "opening.below-minimum",
        "An opening must be worth at least 25 points; these melds are worth 24.",
    )
    assert OpeningMinimum(24).check([run], 24) is None
    assert OpeningPureRun(4).check([run], 24) is not None
    assert OpeningPureRun(3).check([run], 24) is None


def test_opening_refuses_a_bad_meld_with_its_code() -> None:
    result = check_opening(load_variant("rami51"), ["Th Jh Qh Kh Ah", "7h 8s 9h"])
    assert isinstance(result, Refusal) and result.code == "meld.run-suits"
    empty = check_opening(load_variant("rami51"), [])
    assert isinstance(empty, Refusal)


def test_opening_refuses_cards_the_deck_does_not_hold() -> None:
    rami = load_variant("rami51")
    melds = ["7h 8h 9h Th", "7h 7s 7d", "7h 7c 7d 7s"]  # three sevens of hearts
    refusal = check_opening(rami, melds, players=2)
    assert isinstance(refusal, Refusal) and refusal.code == "card.not-in-deck"
    assert check_opening(rami, melds, players=5).points == 34 + 21 + 28  # type: ignore[union-attr]
    assert check_opening(rami, melds).points == 83  # type: ignore[union-attr]  # some deck holds three
    no_joker = check_opening(load_variant("gin"), ["JK 7h 8h"])
    assert isinstance(no_joker, Refusal) and no_joker.code == "card.not-in-deck"
