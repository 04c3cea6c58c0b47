"""The solver where a meld may hold two equal faces (Contract Rummy's melds):
runs from ace to ace, sets of equal cards, bound jokers, and the deal's
contract read by best_opening and check_opening (the comparisons with the
brute-force references are in tests/oracles/test_solver_contract_against_brute_force.py).
The variants are built from TOML text in tests/solver_support.py.
"""

from __future__ import annotations

import pytest
from brute_force import assert_cards_of
from hypothesis import given
from hypothesis import strategies as st
from solver_support import CONTRACT_LIKE
from solver_support import CONTRACT_VARIANTS as VARIANTS

import rummykit as rk
from rummykit import Card, Meld, best_opening, can_go_out, judge_meld, least_penalty, parse_cards
from rummykit.play.cli import main
from rummykit.rules.rule_set import rules_of
from rummykit.solver.opening_reach import can_open_with
from rummykit.variant.model import loads_variant

JK = Card("JK")
variants = st.sampled_from(sorted(VARIANTS))


ACE_TO_ACE = parse_cards("Ah 2h 3h 4h 5h 6h 7h 8h 9h Th Jh Qh Kh Ah")


@given(
    variants,
    st.lists(st.integers(0, 13), max_size=4, unique=True),
    st.lists(st.sampled_from(parse_cards("5c 9d Ks 7h")), max_size=2),
)
def test_a_run_from_ace_to_ace(name: str, holes: list[int], extras: list[Card]) -> None:
    """A-2-...-K-A of one suit, some of its cards replaced by jokers: it is
    one meld (judge_meld), so the hand lays down whole, and opens with
    (at least) the run's value."""
    variant = VARIANTS[name]
    cards = [JK if i in holes else c for i, c in enumerate(ACE_TO_ACE)]
    run = judge_meld(variant.meld_rules, cards)
    if not isinstance(run, Meld):
        return  # too many jokers for this variant
    assert least_penalty(variant, cards).penalty == 0
    assert can_go_out(variant, cards, keep_discard=False) is not None
    plan = best_opening(variant, cards, minimum=0)
    assert plan is not None and plan.points >= run.points
    assert_cards_of(cards, plan.melds)
    hand = cards + extras
    expected = sum(variant.values.hand.by_code[c.code] for c in extras)
    assert least_penalty(variant, hand).penalty <= expected


def test_the_bundled_contract_finds_sets_of_equal_cards() -> None:
    contract = rk.load_variant("contract")
    result = least_penalty(contract, "7h 7h 7s 2c")
    assert [m.notation() for m in result.melds] == ["7h 7h 7s"]
    assert result.penalty == 2
    plan = best_opening(contract, "7h 7h 7s 7h 7c 7c", minimum=0)
    assert plan is not None and plan.points == 42
    assert can_go_out(contract, "7h 7h 7s 9c") is not None
    assert can_open_with(contract, "7h 7h 7s 9c", "7s", opening=False, demands=rules_of(contract).hand)


def test_the_bundled_contract_finds_runs_from_ace_to_ace() -> None:
    contract = rk.load_variant("contract")
    hand = "Ah 2h 3h 4h 5h 6h 7h 8h 9h Th Jh Qh Kh Ah"
    plan = best_opening(contract, hand, minimum=0)
    assert plan is not None and plan.points == 1 + 44 + 40 + 15
    assert can_go_out(contract, hand, keep_discard=False) is not None
    assert least_penalty(contract, hand).penalty == 0
    # The second ace laid off at the top of a run from the ace up.
    run = judge_meld(contract.meld_rules, parse_cards(hand)[:13])
    assert isinstance(run, Meld)
    out = can_go_out(contract, "Ah", table=[run], keep_discard=False)
    assert out is not None and out.layoffs == ((0, (Card("Ah"),)),)
    # ... and onto a set that has that suit already.
    sevens = judge_meld(contract.meld_rules, parse_cards("7h 7s 7d"))
    assert isinstance(sevens, Meld)
    assert can_go_out(contract, "7h 7h", table=[sevens], keep_discard=False) is not None


def test_a_player_who_has_gone_down_goes_out_by_lay_offs_alone() -> None:
    """R-CON-06: after going down no new meld, so a plan lays off or it is none."""
    contract = rk.load_variant("contract")
    sevens = judge_meld(contract.meld_rules, parse_cards("7h 7s 7d"))
    assert isinstance(sevens, Meld)
    assert can_go_out(contract, "4c 4c 4d 9c") is not None
    assert can_go_out(contract, "4c 4c 4d 9c", new_melds=False) is None
    assert can_go_out(contract, "4c 4c 4d 9c", table=[sevens], new_melds=False) is None
    plan = can_go_out(contract, "7c 9c", table=[sevens], new_melds=False)
    assert plan is not None and plan.melds == () and plan.discard == Card("9c")


def test_a_bound_joker_needs_a_suit_the_set_lacks() -> None:
    """Sets without the suit rule and jokers bound to a missing suit
    (melds.set_joker_suit = "bound"): a set holding every suit has no
    place for a joker, so the joker is left, or a natural makes way."""
    text = CONTRACT_LIKE.replace('"any_missing"', '"bound"')
    for key, value in {"id": "bound", "set_max": 8, "run_min": 4, "max_jokers": 4, "versus": "any"}.items():
        text = text.replace("{" + key + "}", str(value))
    variant = loads_variant(text.replace("{joker}", '"represented"'))
    result = least_penalty(variant, "7h 7s 7d 7c JK")
    assert result.penalty == 7 and result.leftover == (Card("7c"),)
    assert least_penalty(variant, "7h 7h 7s JK JK").penalty == 0  # clubs and diamonds
    sevens = judge_meld(variant.meld_rules, parse_cards("7h 7s 7d 7c"))
    assert isinstance(sevens, Meld)
    assert can_go_out(variant, "JK", table=[sevens], keep_discard=False) is None
    nines = judge_meld(variant.meld_rules, parse_cards("9h 9s 9d"))
    assert isinstance(nines, Meld)
    plan = can_go_out(variant, "JK", table=[sevens, nines], keep_discard=False)
    assert plan is not None and plan.layoffs == ((1, (JK,)),)


def test_rummykit_solve_finds_a_set_of_equal_cards(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "-v", "contract", "7h 7h 7s 9c"]) == 0
    out = capsys.readouterr().out
    assert "best opening: none" in out  # the first deal's contract is two sets
    assert "least penalty: 9: 7h 7h 7s; left 9c" in out
    assert main(["solve", "-v", "contract", "7h 7h 7s 9c 9c 9d"]) == 0
    assert "best opening: 7h 7h 7s | 9c 9c 9d (48 points)" in capsys.readouterr().out


def test_check_opening_judges_the_deals_contract_as_best_opening_lays_it() -> None:
    """check_opening on contracts asks exactly the contract of the deal
    (the first when none is given, as best_opening), not points; each
    opening best_opening finds passes it, for its own deal only."""
    import random

    contract = rk.load_variant("contract")
    two_sets = ["7h 7s 7d", "9c 9d 9h"]
    opening = rk.check_opening(contract, two_sets)
    assert isinstance(opening, rk.OpeningCheck) and opening.points == 48
    assert rk.check_opening(contract, two_sets, deal_number=1) == opening
    for melds, deal in ((["Ah As Ad Ac"], 1), ([*two_sets, "Kc Kd Ks"], 1), (two_sets, 2), (two_sets, 7)):
        refusal = rk.check_opening(contract, melds, deal_number=deal)
        assert isinstance(refusal, rk.Refusal) and refusal.code == "opening.contract", (melds, deal)
    refusal = rk.check_opening(contract, ["Ah As Ad Ac"])
    assert isinstance(refusal, rk.Refusal)
    assert refusal.message == "This deal's contract is 2 sets; you laid 1 set."
    same_rank = rk.check_opening(contract, ["7h 7s 7d", "7c 7d 7s"])
    assert isinstance(same_rank, rk.Refusal) and same_rank.code == "opening.contract"
    nothing = rk.check_opening(contract, [])
    assert isinstance(nothing, rk.Refusal) and nothing.code == "opening.contract"
    for wrong in (0, 8, True, "2"):
        with pytest.raises(ValueError, match="deal_number must be 1 to 7"):
            rk.check_opening(contract, two_sets, deal_number=wrong)
    with pytest.raises(ValueError, match="deal_number must be 1 or more"):
        rk.check_opening("rami51", ["Th Jh Qh Kh Ah"], deal_number=0)
    assert rk.check_opening("rami51", ["Th Jh Qh Kh Ah"], deal_number=3) == rk.check_opening(
        "rami51", ["Th Jh Qh Kh Ah"]
    )
    # Three suits of six ranks and two jokers: most deals find a contract in some hands.
    deck = [Card.natural(rank, suit) for rank in range(5, 11) for suit in range(3)] * 2 + [rk.JOKER] * 2
    rng = random.Random(26)
    found = 0
    for deal in range(1, 8):
        for _ in range(20):
            hand = rng.sample(deck, 12)
            plan = best_opening(contract, hand, deal_number=deal)
            if plan is None:
                continue
            found += 1
            melds = [m.cards for m in plan.melds]
            judged = rk.check_opening(contract, melds, deal_number=deal)
            assert isinstance(judged, rk.OpeningCheck) and judged.points == plan.points
            other = rk.check_opening(contract, melds, deal_number=deal % 7 + 1)
            if contract_shape(deal) != contract_shape(deal % 7 + 1):
                assert isinstance(other, rk.Refusal) and other.code == "opening.contract"
    assert found >= 20


def contract_shape(deal: int) -> tuple[int, int]:
    from rummykit.rules.contract import contract_of

    found = contract_of(rk.load_variant("contract"), deal)
    assert found is not None
    return found.sets, found.runs


def test_best_opening_on_contracts_reads_the_deal() -> None:
    contract = rk.load_variant("contract")
    hand = "7h 7s 7d 9c 9d 9h 4h 5h 6h 7h"
    assert best_opening(contract, hand) == best_opening(contract, hand, deal_number=1)
    plan = best_opening(contract, hand, minimum=0)  # by points, whatever the contract
    assert plan is not None and len(plan.melds) == 3
    for wrong in (0, 8, True, "2"):
        with pytest.raises(ValueError, match="deal_number must be 1 to 7"):
            best_opening(contract, hand, deal_number=wrong)
    with pytest.raises(ValueError, match="not 8"):
        best_opening(contract, "7h 7s 7d 9c 9d 9h", deal_number=8)
    assert best_opening(contract, "7h 7s 7d 9c 9d 9h Kc", deal_number=1, must_use="Kc") is None
    plan = best_opening(contract, "7h 7s 7d 9c 9d 9h Kc", deal_number=1, must_use="7s")
    assert plan is not None and plan.points == 48
    # Elsewhere the deal is not used.
    hand = "Ah Ad As Kh Kd Ks"
    assert best_opening("rami51", hand, deal_number=3) == best_opening("rami51", hand)


def test_best_opening_checks_the_deal_everywhere_and_finds_a_contract_worth_nothing() -> None:
    contract = rk.load_variant("contract")
    with pytest.raises(ValueError, match="a minimum or a deal_number, not both"):
        best_opening(contract, "7h 7s 7d 9c 9d 9h", deal_number=1, minimum=0)
    for wrong in ("x", 0, True):
        with pytest.raises(ValueError, match="deal_number must be 1 or more"):
            best_opening("rami51", "Ah Ad As", deal_number=wrong)
    # Table values of 0: the contract is still found, worth 0 points.
    nothing = loads_variant(
        '[meta]\nid = "contract_no_table"\nname = "no table values"\nextends = "contract"\n'
        "[values.table]\nnumber = 0\nten = 0\njack = 0\nqueen = 0\nking = 0\n"
        "ace_low_run = 0\nace_high_run = 0\nace_in_set = 0\n"
    )
    plan = best_opening(nothing, "7h 7s 7d 9c 9d 9h 4c", deal_number=1)
    assert plan is not None and plan.points == 0 and len(plan.melds) == 2


def test_rummykit_solve_opens_with_the_contract_of_the_deal_asked(capsys: pytest.CaptureFixture[str]) -> None:
    cards = ["7h", "7s", "7d", "9c", "9d", "9h", "4h", "5h", "6h", "7h"]
    assert main(["solve", "-v", "contract", *cards, "--deal", "2"]) == 0
    assert "best opening: 4h 5h 6h 7h | 9c 9d 9h (49 points)" in capsys.readouterr().out
    assert main(["solve", "-v", "contract", "7h", "7s", "7d", "--deal", "9"]) == 2
    assert "solve: --deal: deal_number must be 1 to 7, not 9" in capsys.readouterr().err
