"""The solver's limits: hand sizes, the 13-card run, threads, no assert as a check."""

from __future__ import annotations

import ast
import gc
import random
import subprocess
import sys
import threading
import weakref
from collections.abc import Sequence
from pathlib import Path

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import rummykit as rk
from rummykit import Card, Meld, best_opening, can_go_out, judge_meld, least_penalty, parse_cards
from rummykit.io.positions import position_from_dict
from rummykit.play.bots import RandomBot
from rummykit.rules import max_hand
from rummykit.rules.rule_set import rules_of
from rummykit.solver import clear_caches
from rummykit.solver.tables import tables_for
from rummykit.variant.model import Variant, bundled_variants, load_variant

SRC = Path(rk.__file__).resolve().parent
VARIANTS = {ref: load_variant(ref) for ref in bundled_variants()}
SUIT = "2h 3h 4h 5h 6h 7h 8h 9h Th Jh Qh Kh Ah"
SOLVERS = (best_opening, least_penalty, can_go_out)


def declared(meld: Meld) -> list[Card]:
    """The meld's cards, each joker declared as what it stands for."""
    out = []
    for slot in meld.slots:
        target = slot.stands_for
        out.append(Card.joker(target) if slot.is_joker and target is not None else slot.card)
    return out


def judged_points(variant: Variant, melds: Sequence[Meld]) -> int:
    """The melds' points recomputed by judge_meld from their cards."""
    total = 0
    for meld in melds:
        again = judge_meld(variant.meld_rules, declared(meld))
        assert isinstance(again, Meld), (meld.notation(), again)
        assert again.points == meld.points, meld.notation()
        total += again.points
    return total


# --------------------------------------------------------------------------- item 7: 13 ranks


@pytest.mark.parametrize("ref", ["roemie", "romme51", "rami51", "handromi"])
def test_a_whole_suit_opens_with_the_points_of_its_melds(ref: str) -> None:
    variant = VARIANTS[ref]
    plan = best_opening(variant, SUIT, minimum=0)
    assert plan is not None
    assert plan.points == judged_points(variant, plan.melds)
    assert sorted(c.code for m in plan.melds for c in m.naturals) == sorted(c.code for c in parse_cards(SUIT))


def test_a_thirteen_card_run_reads_its_ace_low() -> None:
    # The whole suit as one meld is worth 85 in Roemie (ace low), never 90;
    # the best opening splits it so that the ace counts high in a short run.
    roemie = VARIANTS["roemie"]
    whole = judge_meld(roemie.meld_rules, parse_cards(SUIT))
    assert isinstance(whole, Meld) and whole.points == 85
    plan = best_opening(roemie, SUIT)
    assert plan is not None and plan.points == 90 and len(plan.melds) > 1


def test_a_whole_suit_with_a_joker_in_it() -> None:
    roemie = VARIANTS["roemie"]
    plan = best_opening(roemie, "2h 3h 4h 5h 6h 8h 9h Th Jh Qh Kh Ah JK", minimum=0)
    assert plan is not None and plan.points == judged_points(roemie, plan.melds)
    arrangement = least_penalty(roemie, "2h 3h 4h 5h 6h 8h 9h Th Jh Qh Kh Ah JK")
    assert arrangement.penalty == 0


def test_a_position_holding_a_whole_suit_plays_on() -> None:
    state = position_from_dict(
        {
            "variant": "roemie",
            "players": 2,
            "hands": ["2h 3h 4h 5h 6h 7h 8h 9h Th Jh Qh 5c 7d", "2c 3c 4c"],
            "discard": "Kh Ah",
        }
    )
    assert state.legal_moves()
    after = state.apply("take 2")
    assert after.phase == "play" and len(after.hands[0]) == 15
    assert after.legal_moves()


def test_the_whole_suit_without_asserts() -> None:
    # Under python -O an assert vanishes: the answer itself must be right.
    code = (
        "import rummykit as rk\n"
        "v = rk.load_variant('roemie')\n"
        f"p = rk.best_opening(v, {SUIT!r})\n"
        "print(p.points, sum(rk.judge_meld(v.meld_rules, m.cards).points for m in p.melds))\n"
    )
    out = subprocess.run([sys.executable, "-O", "-c", code], capture_output=True, text=True, check=True)
    points, recomputed = out.stdout.split()
    assert points == recomputed == "90"


def test_no_assert_is_a_check_in_the_library() -> None:
    found = []
    for path in sorted(SRC.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Assert):
                found.append(f"{path.relative_to(SRC)}:{node.lineno}")
    assert found == []


@st.composite
def hands_of(draw: st.DrawFn, whole_suit: bool) -> tuple[str, list[Card]]:
    ref = draw(st.sampled_from(sorted(r for r in VARIANTS if not whole_suit or max_hand(VARIANTS[r]) >= 13)))
    variant = VARIANTS[ref]
    deck = list(variant.deck_for(variant.players.min))
    limit = max_hand(variant)
    if whole_suit:
        suit = draw(st.integers(0, 3))
        hand = [Card.natural(rank, suit) for rank in range(2, 15)]
        for card in hand:
            deck.remove(card)
    else:
        hand = []
    extra = draw(st.integers(0, min(limit - len(hand), 16 - len(hand) if whole_suit else 14)))
    hand += draw(st.permutations(deck))[:extra]
    return ref, hand


def check_opening_points(ref: str, hand: list[Card]) -> None:
    variant = VARIANTS[ref]
    plan = best_opening(variant, hand, minimum=0)
    if plan is not None:
        assert plan.points == judged_points(variant, plan.melds)
    arrangement = least_penalty(variant, hand)
    judged_points(variant, arrangement.melds)


@given(hands_of(whole_suit=False))
def test_best_opening_points_are_its_melds_points(case: tuple[str, list[Card]]) -> None:
    check_opening_points(*case)


@given(hands_of(whole_suit=True))
def test_best_opening_points_with_a_whole_suit(case: tuple[str, list[Card]]) -> None:
    # The conditions of the crash: all thirteen ranks of a suit in hand.
    check_opening_points(*case)


# --------------------------------------------------------------------------- item 6: hand sizes


def test_max_hand_of_the_bundled_variants() -> None:
    limits = {ref: max_hand(v) for ref, v in VARIANTS.items()}
    assert limits["rami51"] == 14  # 13 dealt and a draw
    assert limits["romme51"] == 15
    assert limits["handromi"] == 16  # 14, one more for the first player, a draw
    assert limits["roemie"] == 108  # a deep take lifts the whole discard row


@pytest.mark.parametrize("ref", sorted(VARIANTS))
@pytest.mark.parametrize("solver", SOLVERS)
def test_a_hand_larger_than_the_variant_allows_is_refused(ref: str, solver: object) -> None:
    variant = VARIANTS[ref]
    limit = max_hand(variant)
    deck = list(variant.deck_for(variant.players.max))
    too_many = (deck * (limit // len(deck) + 2))[: limit + 1]
    for hand in (too_many, deck * 10):
        with pytest.raises(ValueError, match=f"at most {limit} cards") as error:
            solver(variant, hand)  # type: ignore[operator]
        assert not isinstance(error.value, RecursionError)


@pytest.mark.parametrize("ref", ["rami51", "romme51", "handromi"])
def test_a_hand_of_the_largest_size_is_solved(ref: str) -> None:
    variant = VARIANTS[ref]
    deck = sorted(variant.deck_for(variant.players.min), key=lambda c: c.code)
    hand = random.Random(ref).sample(deck, max_hand(variant))
    for solver in SOLVERS:
        solver(variant, hand)


def test_a_large_deep_take_hand_is_solved_without_recursion_error() -> None:
    roemie = VARIANTS["roemie"]
    # Twice every face from 2 to 5: 32 cards, more than a deal, fewer than 108.
    hand = [Card.natural(r, s) for r in range(2, 6) for s in range(4)] * 2
    assert least_penalty(roemie, hand).penalty == 0
    assert can_go_out(roemie, hand, keep_discard=False) is not None
    plan = best_opening(roemie, hand)
    assert plan is not None and plan.points == judged_points(roemie, plan.melds)


@pytest.mark.parametrize("ref", sorted(VARIANTS))
def test_random_rounds_never_exceed_max_hand(ref: str) -> None:
    variant = VARIANTS[ref]
    limit = max_hand(variant)
    for seed in range(3):
        state = rk.deal(variant, players=variant.players.min, seed=seed)
        bots = [RandomBot(variant, seed=seed * 10 + seat) for seat in range(state.players)]
        for _ in range(400):
            if state.is_over:
                break
            assert max(len(h) for h in state.hands) <= limit
            state = state.apply(bots[state.to_move].choose(state.view(state.to_move)))


# --------------------------------------------------------------------------- item 8: threads


def answers(variant: Variant, hand: list[Card]) -> tuple[object, ...]:
    plan = best_opening(variant, hand)
    least = least_penalty(variant, hand)
    after_discard = least_penalty(variant, hand, discard=True)
    for arrangement in (least, after_discard):
        judged_points(variant, arrangement.melds)
    return (
        None if plan is None else plan.points,
        least.penalty,
        after_discard.penalty,
        can_go_out(variant, hand) is not None,
    )


def test_the_solver_from_threads_while_caches_are_cleared() -> None:
    rnd = random.Random(8)
    cases = []
    for ref in ("rami51", "roemie", "romme51"):
        variant = VARIANTS[ref]
        deck = list(variant.deck_for(2))
        naturals = [c for c in deck if not c.is_joker]
        for _ in range(15):
            cases.append((variant, rnd.sample(deck, rnd.randint(8, 14))))
            cases.append((variant, rnd.sample(naturals[:52], rnd.randint(8, 14))))  # distinct faces
    for ref in ("rami51", "roemie", "romme51"):
        clear_caches(VARIANTS[ref])
    reference = [answers(v, h) for v, h in cases]
    errors: list[BaseException] = []
    wrong: list[int] = []
    done = threading.Event()

    def work(offset: int) -> None:
        try:
            for round_ in range(2):
                for i in range(len(cases)):
                    j = (i * 7 + offset + round_) % len(cases)
                    if answers(*cases[j]) != reference[j]:
                        wrong.append(j)
        except BaseException as error:  # reported below
            errors.append(error)

    def clearing() -> None:
        flip = False
        while not done.wait(0.001):
            for ref in ("rami51", "roemie", "romme51"):
                clear_caches(VARIANTS[ref], results_only=flip)
            flip = not flip

    cleaner = threading.Thread(target=clearing)
    workers = [threading.Thread(target=work, args=(k,)) for k in range(4)]
    cleaner.start()
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    done.set()
    cleaner.join()
    assert errors == []
    assert wrong == []


def test_a_variant_keeps_its_own_tables_and_they_go_with_it() -> None:
    """The solver's tables are the variant's own: an equal variant that is
    another object builds its own and gets the same answers, and a dropped
    variant leaves no tables behind."""
    hand = rk.parse_cards("3h 4h 5h 9c 9d 9s Kd 2c")
    rami51 = rk.load_variant("rami51")
    first = rk.least_penalty(rami51, hand)
    again = attrs.evolve(rami51)
    assert rk.least_penalty(again, hand) == first
    assert tables_for(again, rules_of(again).hand, len(hand)) is not tables_for(
        rami51, rules_of(rami51).hand, len(hand)
    )
    # The tables are held by the variant's memo alone (a native class of the
    # compiled build takes no weak reference: the variant stands for them).
    gone = weakref.ref(again)
    del again
    gc.collect()
    assert gone() is None


def test_an_opening_out_of_reach_is_refused_without_a_search(monkeypatch: pytest.MonkeyPatch) -> None:
    """An audit's roemie child asked for 1,000 points to open: legal_moves
    searched every opening of each deep take (up to 109 s). No hand of
    thirteen cards is worth that much, whatever its melds; the answer comes
    before any meld is looked for (the candidates are never listed), and a
    reachable minimum is still searched."""
    from rummykit.solver import opening_reach, opening_search
    from rummykit.solver.requirement import HandRules

    def no_search(*args: object, **kwargs: object) -> None:
        raise AssertionError("searched")

    roemie = load_variant("roemie")
    hand = "7h 8h 9h Th Jh Qh Kh Ah 7s 7d 7c Ks Kd"
    out_of_reach = HandRules(opening_min=1000, max_hand=108)
    # the compiled build binds its calls: a patched module name changes nothing there
    native = (opening_reach.__file__ or "").endswith((".so", ".pyd"))
    if not native:
        monkeypatch.setattr(opening_reach, "candidates", no_search)
        monkeypatch.setattr(opening_search, "candidates", no_search)
    assert not opening_reach.can_open_with(roemie, hand, "7h", demands=out_of_reach)
    assert opening_search.best_opening(roemie, hand, demands=out_of_reach) is None
    if not native:
        with pytest.raises(AssertionError, match="searched"):
            opening_reach.can_open_with(roemie, hand, "7h", demands=HandRules(opening_min=40, max_hand=108))
