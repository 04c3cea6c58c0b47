import pytest
from hypothesis import given
from hypothesis import strategies as st

from rummykit import (
    Card,
    Meld,
    MeldRules,
    Refusal,
    check_meld,
    extend_meld,
    judge_meld,
    parse_cards,
)
from rummykit.variant.model import load_variant

RAMI = load_variant("rami51")
ROEMIE = load_variant("roemie")
GIN = MeldRules(ace_high=False, max_jokers=0)

# Every meld.* code of docs/refusal-codes.md, provoked.
CODES = [
    (RAMI, "7h 8h", "meld.too-short"),
    (RAMI, "7h 7d", "meld.too-short"),
    (RAMI, "2h 3h 4h 5h 6h 7h 8h 9h Th Jh Qh Kh Ah JK", "meld.too-long"),
    (RAMI, "7c 7d 7h 7s JK", "meld.too-long"),
    (RAMI, "7h 7s 8d", "meld.set-ranks"),
    (RAMI, "7h 7h 7s", "meld.set-duplicate-suit"),
    (RAMI, "7h 8s 9h", "meld.run-suits"),
    (RAMI, "7h 8h Th", "meld.run-gap"),
    (RAMI, "Kh Ah 2h", "meld.run-wraparound"),
    (RAMI, "JK JK 7h 8h", "meld.too-many-jokers"),
    (RAMI, "7s JK=Kd 9s", "meld.joker-declaration"),
    (RAMI, "2c 7h Ks", "meld.not-a-meld"),
    (RAMI, "JK JK JK", "meld.not-a-meld"),
    (GIN, "Qh Kh Ah", "meld.run-ace"),
]


@pytest.mark.parametrize(("rules", "cards", "code"), CODES)
def test_every_meld_code_is_provoked(rules: MeldRules, cards: str, code: str) -> None:
    result = check_meld(rules, cards)
    assert isinstance(result, Refusal)
    assert result.code == code
    assert result.message.endswith(".") and "\n" not in result.message
    assert not result


def test_codes_cover_conformance_list() -> None:
    listed = {
        "meld.too-short", "meld.too-long", "meld.set-ranks", "meld.set-duplicate-suit",
        "meld.run-suits", "meld.run-gap", "meld.run-wraparound", "meld.too-many-jokers",
        "meld.joker-declaration", "meld.not-a-meld",
    }  # fmt: skip
    assert listed <= {code for _, _, code in CODES}


def test_run_slots_are_normalised() -> None:
    meld = check_meld(RAMI, "9h 7h JK")
    assert isinstance(meld, Meld)
    assert [s.position for s in meld.slots] == [7, 8, 9]
    assert meld.slots[1].stands_for == Card("8h")
    assert meld.suit is not None and meld.rank is None and not meld.is_pure


def test_low_and_high_ace_positions() -> None:
    low = check_meld(RAMI, "3h Ah 2h")
    high = check_meld(RAMI, "Kh Ah Qh")
    assert isinstance(low, Meld) and isinstance(high, Meld)
    assert (low.low, low.high, low.points) == (1, 3, 6)
    assert (high.low, high.high, high.points) == (12, 14, 31)


def test_full_suit_run_holds_the_ace_once() -> None:
    meld = check_meld(RAMI, "Ah 2h 3h 4h 5h 6h 7h 8h 9h Th Jh Qh Kh")
    assert isinstance(meld, Meld) and len(meld) == 13
    assert meld.points == 1 + sum(range(2, 11)) + 30  # the ace stays low, the lowest value


def test_set_joker_free_suit_and_bound_suit() -> None:
    free = check_meld(RAMI, "9c 9d JK")
    bound = check_meld(ROEMIE, "9c 9d JK")
    assert isinstance(free, Meld) and isinstance(bound, Meld)
    assert free.joker_slots()[0].stands_for is None
    assert bound.joker_slots()[0].stands_for == Card("9s")


def test_single_natural_with_jokers_uses_declarations() -> None:
    two = MeldRules(max_jokers=2)
    as_set = check_meld(two, "7h JK JK")
    as_run = check_meld(two, "7h JK=8h JK")
    assert isinstance(as_set, Meld) and as_set.kind == "set"
    assert isinstance(as_run, Meld) and as_run.kind == "run"


@st.composite
def groups(draw: st.DrawFn) -> list[Card]:
    size = draw(st.integers(3, 6))
    pool = parse_cards("2h 3h 4h 5h 6h 7h 7c 7d 7s Ah Kh Qh JK 8h 9h")
    return draw(st.lists(st.sampled_from(pool), min_size=size, max_size=size))


@given(groups(), st.randoms())
def test_verdict_does_not_depend_on_order(cards: list[Card], rnd: object) -> None:
    shuffled = list(cards)
    rnd.shuffle(shuffled)  # type: ignore[attr-defined]
    for variant in (RAMI, ROEMIE):
        a = judge_meld(variant.meld_rules, cards)
        b = judge_meld(variant.meld_rules, shuffled)
        assert a == b


def test_layoff_extends_runs_and_sets() -> None:
    run = check_meld(RAMI, "7s 8s 9s")
    assert isinstance(run, Meld)
    grown = extend_meld(RAMI, run, "Ts 6s")
    assert isinstance(grown, Meld) and grown.notation() == "6s 7s 8s 9s Ts"
    group = check_meld(RAMI, "Kh Ks JK")
    assert isinstance(group, Meld)
    four = extend_meld(RAMI, group, "Kd")  # R-RAMI-13: the joker now stands for Kc
    assert isinstance(four, Meld) and len(four) == 4


@pytest.mark.parametrize(
    ("base", "added", "why"),
    [
        ("7s 8s 9s", "Js", "not consecutive"),
        ("7s 8s 9s", "8s", "two cards of one rank"),
        ("7s 8s JK", "JK", "at most 1 joker"),
        ("Kh Ks Kd", "Kh", "two cards of one suit"),
        ("Kh Ks Kd Kc", "JK", "at most 4 cards"),
    ],
)
def test_layoff_refusals_use_layoff_code(base: str, added: str, why: str) -> None:
    meld = check_meld(RAMI, base)
    assert isinstance(meld, Meld)
    result = extend_meld(RAMI, meld, added)
    assert isinstance(result, Refusal)
    assert result.code == "layoff.does-not-fit"
    assert why in result.message


def test_layoff_keeps_table_jokers_in_place() -> None:
    run = check_meld(ROEMIE, "7h JK=8h 9h")
    assert isinstance(run, Meld)
    grown = extend_meld(ROEMIE, run, "Th")
    assert isinstance(grown, Meld) and grown.notation() == "7h JK=8h 9h Th"


def test_bound_set_joker_blocks_its_suit() -> None:
    # R-ROE-08: 7h JK 7d binds the joker to 7s; 7s cannot be laid off beside it.
    group = check_meld(ROEMIE, "7h JK 7d")
    assert isinstance(group, Meld)
    assert isinstance(extend_meld(ROEMIE, group, "7s"), Refusal)
    assert isinstance(extend_meld(ROEMIE, group, "7c"), Meld)


def test_high_ace_layoff_onto_king() -> None:
    run = check_meld(RAMI, "Jd Qd Kd")
    assert isinstance(run, Meld)
    grown = extend_meld(RAMI, run, "Ad")
    assert isinstance(grown, Meld) and grown.high == 14


def test_a_bound_set_joker_with_no_suit_left_is_refused_not_a_crash() -> None:
    # Sets that may repeat suits (contract) can hold every suit already: an
    # undeclared bound joker then has nothing to stand for (it raised
    # StopIteration before).
    from rummykit.variant.model import loads_variant

    text = '[meta]\nid = "bound"\nname = "b"\nextends = "contract"\n[melds]\nset_joker_suit = "bound"\n'
    variant = loads_variant(text)
    refused = check_meld(variant, "7h 7s 7d 7c JK")
    assert isinstance(refused, Refusal) and refused.code == "meld.joker-declaration"
    assert str(check_meld(variant, "7h 7s 7d JK")) == "7d 7h 7s JK=7c"
