"""The solver where a meld may hold two equal faces (Contract Rummy's melds):
sets without a suit rule (``7h 7h 7s``, no size limit) and runs from ace to
ace (``run_max = 14``: A-2-...-K-A). Every answer on small hands is compared
with the brute-force reference of tests/solver/test_solver_kalooki.py (every group of
cards, every declaration of its jokers, judged by judge_meld); hands from ace
to ace, too long for it, are checked against what such a run must give. The
variants are built here from TOML text, and the bundled contract is checked
too.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import pytest
from hypothesis import given
from hypothesis import strategies as st
from test_solver_big import answers, split_from
from test_solver_kalooki import (
    assert_cards_of,
    brute_least_penalty,
    check_best_opening,
    check_can_go_out,
)

import rummykit as rk
from rummykit import Card, Meld, best_opening, can_go_out, judge_meld, least_penalty, parse_cards
from rummykit.play.cli import main
from rummykit.rules.rule_set import rules_of
from rummykit.solver.opening_reach import can_open_with
from rummykit.variant.model import Variant, loads_variant

CONTRACT_LIKE = """
[meta]
id = "{id}"
name = "Contract-like rules"

[players]
min = 3
max = 4

[[deck.by_players]]
players = [3, 4]
decks = 3
jokers = 4

[deal]
hand_size = 16

[melds]
set_min = 3
set_max = {set_max}
set_distinct_suits = false
run_min = {run_min}
run_max = 14
ace_low = true
ace_high = true
max_jokers_per_meld = {max_jokers}
jokers_vs_naturals = "{versus}"
joker_placement = "declared"
set_joker_suit = "any_missing"

[opening]
min_points = 30

[going_out]
final_discard = "optional"

[values.table]
number = "face"
ace_low_run = 1
ace_high_run = 15
ace_in_set = 15
joker = {joker}

[values.hand]
number = "face"
ace = 15
joker = 15
"""


def contract_like(name: str, set_max: int, run_min: int, max_jokers: int, versus: str, joker: str) -> Variant:
    text = CONTRACT_LIKE
    for key, value in {
        "id": name,
        "set_max": set_max,
        "run_min": run_min,
        "max_jokers": max_jokers,
        "versus": versus,
        "joker": joker,
    }.items():
        text = text.replace("{" + key + "}", str(value))
    return loads_variant(text)


VARIANTS = {
    # As Contract Rummy: any set size, a joker counts as its card, fewer jokers than naturals.
    "contract_like": contract_like("contract_like", 16, 4, 8, "fewer", '"represented"'),
    # Short runs, sets of at most five, jokers worth a fixed 25 on the table, any number.
    "fixed_joker": contract_like("fixed_joker", 5, 3, 2, "any", "25"),
    "contract": rk.load_variant("contract"),
}
JK = Card("JK")
# Three decks: up to three copies of a face.
DENSE = parse_cards("7h 7s 7d 7c 8h 9h Th Jh Ah 2h 3h Kh Ks Kd JK")
SPREAD = parse_cards("2c 3c 4c 5c 5d 5h 9s Ts Js Qs Ad As 6h JK")


def hands(pool: Sequence[Card], low: int, high: int) -> st.SearchStrategy[list[Card]]:
    """Hands of three decks (up to three copies of a face) and four jokers."""
    return st.lists(st.sampled_from(pool), min_size=low, max_size=high).filter(
        lambda cards: (
            all(n <= 3 for c, n in Counter(cards).items() if not c.is_joker) and cards.count(JK) <= 4
        )
    )


some_hand = st.one_of(hands(DENSE, 0, 8), hands(SPREAD, 0, 8))
variants = st.sampled_from(sorted(VARIANTS))


@given(variants, some_hand)
def test_least_penalty_with_equal_faces_in_a_meld(name: str, hand: list[Card]) -> None:
    variant = VARIANTS[name]
    result = least_penalty(variant, hand)
    assert result.penalty == brute_least_penalty(variant, hand)
    laid = [c.face for m in result.melds for c in m.cards] + list(result.leftover)
    assert sorted(laid, key=Card.sort_key) == sorted((c.face for c in hand), key=Card.sort_key)
    assert all(isinstance(judge_meld(variant.meld_rules, m.cards), Meld) for m in result.melds)


@given(variants, some_hand, st.sampled_from([0, 30]))
def test_best_opening_with_equal_faces_in_a_meld(name: str, hand: list[Card], minimum: int) -> None:
    variant = VARIANTS[name]
    check_best_opening(variant, hand, minimum)


TABLE = ("7h 7s 7d", "Ah 2h 3h 4h 5h 6h 7h 8h 9h Th Jh Qh Kh", "Kc Kc JK", "2c 3c 4c JK")


@given(
    variants,
    st.one_of(hands(DENSE, 1, 6), hands(SPREAD, 1, 6)),
    st.lists(st.integers(0, len(TABLE) - 1), max_size=2, unique=True),
    st.booleans(),
)
def test_can_go_out_with_equal_faces_in_a_meld(
    name: str, hand: list[Card], picks: list[int], keep: bool
) -> None:
    variant = VARIANTS[name]
    check_can_go_out(variant, hand, [TABLE[i] for i in picks], keep)


@given(variants, some_hand, st.integers(0, 7))
def test_can_open_with_agrees_with_best_opening_with_equal_faces(
    name: str, hand: list[Card], index: int
) -> None:
    variant = VARIANTS[name]
    if not hand:
        return
    card = hand[index % len(hand)]
    # can_open_with asks the opening's minimum, not a deal's contract: so
    # does best_opening given a minimum (the bundled contract's is 0).
    minimum = 0 if name == "contract" else None
    expected = best_opening(variant, hand, must_use=card, minimum=minimum) is not None
    assert can_open_with(variant, hand, card, keep_discard=False, demands=rules_of(variant).hand) == expected


@given(variants, st.one_of(hands(DENSE, 1, 14), hands(SPREAD, 1, 14)), st.data())
def test_the_searches_of_big_hands_agree_with_equal_faces(
    name: str, hand: list[Card], data: st.DataObject
) -> None:
    """The bounded, split searches of big hands (run on small ones here)
    give the answers of the plain searches where melds hold equal faces."""
    variant = VARIANTS[name]
    forced = data.draw(st.sampled_from(hand))
    with split_from(10**6):
        full = answers(variant, hand, forced)
    with split_from(0):
        split = answers(variant, hand, forced)
    assert split == full


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


def _contract_melds(hand: list[Card]) -> list[Meld]:
    """Every meld the hand can lay before going down (the legal meld moves of
    a position holding it), judged."""
    state = rk.position_from_dict(
        {"variant": "contract", "players": 3, "phase": "play", "hands": [" ".join(map(str, hand)), "", ""]}
    )
    melds = []
    for move in state.legal_moves():
        if isinstance(move, rk.moves.Meld):
            meld = judge_meld(rk.load_variant("contract").meld_rules, move.cards)
            assert isinstance(meld, Meld)
            melds.append(meld)
    return melds


def _brute_contract(hand: list[Card], deal: int) -> int | None:
    """The most points of melds that fit in the hand together and make the
    deal's contract: every choice of that many melds."""
    from itertools import combinations

    from rummykit.rules.contract import contract_of, judge_contract

    contract = contract_of(rk.load_variant("contract"), deal)
    assert contract is not None
    held = Counter(c.face for c in hand)
    best = None
    for chosen in combinations(_contract_melds(hand), contract.sets + contract.runs):
        used = Counter(c.face for m in chosen for c in m.cards)
        if any(used[f] > held[f] for f in used) or judge_contract(contract, chosen) is not None:
            continue
        points = sum(m.points for m in chosen)
        best = points if best is None else max(best, points)
    return best


@pytest.mark.parametrize("deal", range(1, 8))
def test_best_opening_lays_exactly_the_deals_contract(deal: int) -> None:
    """best_opening on the bundled contract answers the most valuable melds
    that make the deal's contract (compared with every choice of melds), and
    each answer is one the commit would accept as the contract."""
    import random

    from rummykit.rules.contract import contract_of, judge_contract

    contract = rk.load_variant("contract")
    deck = [Card.natural(rank, suit) for rank in range(5, 11) for suit in range(4)] * 2
    rng = random.Random(deal)
    for _ in range(12):
        hand = rng.sample(deck, 11)
        plan = best_opening(contract, hand, deal_number=deal)
        expected = _brute_contract(hand, deal)
        assert (None if plan is None else plan.points) == expected, (format_hand(hand), deal)
        if plan is not None:
            wanted = contract_of(contract, deal)
            assert wanted is not None and judge_contract(wanted, plan.melds) is None
            assert_cards_of(hand, plan.melds)
            assert plan.points == sum(m.points for m in plan.melds)


def format_hand(hand: Sequence[Card]) -> str:
    return " ".join(map(str, hand))


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
    assert "deal_number must be 1 to 7" in capsys.readouterr().err
