"""A deal's wild rank in the meld rules (the Indian cut card's rank): every
card of the rank may play wild (``7d=8h``) or stand for itself, read as
itself wherever that makes the group valid; wild deuces are the wild rank 2
fixed for every deal."""

from __future__ import annotations

import pytest

from rummykit import Card, Meld, MeldRules, Refusal, judge_meld, parse_cards
from rummykit.core.cards import Rank
from rummykit.core.errors import NotationError
from rummykit.core.values import HandValues

INDIAN = MeldRules(set_max=4, run_max=13, max_jokers=12, joker_placement="declared", ambiguous_kind="run")
NINES = INDIAN.with_wild_rank(Rank.NINE)


def judged(rules: MeldRules, cards: str) -> Meld:
    meld = judge_meld(rules, parse_cards(cards))
    assert isinstance(meld, Meld), meld
    return meld


def refusal(rules: MeldRules, cards: str) -> str:
    verdict = judge_meld(rules, parse_cards(cards))
    assert isinstance(verdict, Refusal), verdict
    return verdict.code


def test_the_wild_rank_is_made_once_per_rank_and_plays_wild() -> None:
    assert INDIAN.with_wild_rank(Rank.NINE) is NINES and NINES.with_wild_rank(None) == INDIAN
    assert NINES.wild_rank is Rank.NINE and NINES.wild_naturals_exist and not INDIAN.wild_naturals_exist
    assert NINES.wild_naturals(parse_cards("9c 8h JK 9s")) == [Card("9c"), Card("9s")]
    assert NINES.wild_below == 0  # the table solvers' deuces only
    with pytest.raises(ValueError, match="not set together"):
        MeldRules(wild_deuces=True, wild_rank=Rank.SEVEN)


def test_a_wild_card_in_its_own_place_is_natural() -> None:
    run = judged(NINES, "8h 9h Th")
    assert run.is_pure and run.notation() == "8h 9h Th"
    assert judged(NINES, "9c 9d 9s").kind == "set"


def test_a_wild_card_declared_or_needed_stands_for_another() -> None:
    declared = judged(NINES, "7d 9c=8d 9d")
    assert not declared.is_pure and declared.notation() == "7d 9c=8d 9d"
    inferred = judged(NINES, "5h 9s 7h")
    assert inferred.notation() == "5h 9s=6h 7h" and not inferred.is_pure
    assert judged(NINES, "Kh 9d Kc").notation() == "Kc Kh 9d=*"


def test_only_a_wild_card_may_be_declared() -> None:
    assert refusal(INDIAN, "6h 7d=7h 8h") == "meld.joker-declaration"  # sevens are not wild
    assert refusal(NINES, "7d=6h 8h 9h") == "meld.joker-declaration"
    assert refusal(NINES, "5h 9d=8h 7h") == "meld.joker-declaration"  # the declaration does not fit
    assert refusal(INDIAN, "2h=8c 7c 9c") == "meld.deuce-not-wild"


def test_indian_groups() -> None:
    assert refusal(NINES, "Kh Ah 2h") == "meld.run-wraparound"
    assert refusal(NINES, "7s 7s 7h") == "meld.set-duplicate-suit"
    assert refusal(NINES, "JK JK 9c=8h") == "meld.not-a-meld"
    assert judged(NINES, "5h JK JK").kind == "run"  # ambiguous_kind = "run"
    assert judged(INDIAN.with_wild_rank(Rank.ACE), "Ac Qh Kh").notation() == "Ac=Jh Qh Kh"
    assert judged(INDIAN.with_wild_rank(Rank.ACE), "Ac=Ah Qh Kh").notation() == "Qh Kh Ac=Ah"


def test_the_notation_takes_any_natural_card_declared() -> None:
    card = Card("7d=8h")
    assert card.is_joker and card.face is Card("7d") and card.declared is Card("8h")
    assert card.standing_for(Card("9h")) is Card("7d=9h") and Card("7d=*").undeclared is Card("7d=*")
    with pytest.raises(NotationError):
        Card("7d=JK")


def test_a_wild_card_counts_the_wild_value() -> None:
    values = HandValues(number="face", ace=10, joker=0, wild=0)
    assert values.with_wild_rank(Rank.NINE)[28:32] == (0, 0, 0, 0)
    assert values.with_wild_rank(None) == values.by_code
    assert HandValues(joker=25).wild_value == 25 and HandValues(joker=25, wild=5).wild_value == 5
