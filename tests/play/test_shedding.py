"""ShedBot and its measure of a hand, Outs (rummykit.play.shedding): the
bot SearchBot plays where a round is won by going out."""

from __future__ import annotations

from collections import Counter

import pytest

import rummykit as rk
from rummykit.core.cards import Card
from rummykit.play.bots import GreedyBot
from rummykit.play.search_bot import LEVELS, SHED_SAMPLES, SearchBot
from rummykit.play.shedding import Outs, ShedBot, holds_melds, sheds
from rummykit.rules.variant_queries import least_penalty


def _full_unseen(variant_id: str) -> Counter[Card]:
    return Counter(rk.load_variant(variant_id).deck_for(2))


def test_which_variants_are_won_by_going_out() -> None:
    assert sheds(rk.load_variant("rami51")) and sheds(rk.load_variant("romme"))
    assert not sheds(rk.load_variant("gin"))  # a knock
    assert not sheds(rk.load_variant("contract"))  # contracts
    assert not sheds(rk.load_variant("indian"))  # a fold and a declaration
    assert holds_melds(rk.load_variant("rami51"))  # the losers pay what they hold
    assert not holds_melds(rk.load_variant("roemie"))  # laid melds score
    romme51 = rk.load_variant("romme51")
    assert sheds(romme51) and romme51.scoring.method == "hand_penalty"
    assert not holds_melds(romme51)  # a seat that never opens pays a flat 100


def test_a_pair_counts_less_than_lone_cards_and_only_by_its_outs() -> None:
    rami = rk.load_variant("rami51")
    outs = Outs(rami)
    unseen = _full_unseen("rami51")
    pair, lone = rk.parse_cards("Kh Ks 3c"), rk.parse_cards("Kh 3c 8d")
    assert outs.count(lone, unseen) == pytest.approx(3.0)  # no card completes a meld with another
    assert outs.count(pair, unseen) < 2.5
    # With every card that completes the kings seen, the pair counts as lone cards.
    gone = Counter(c for c in unseen.elements() if c in set(rk.parse_cards("Kc Kd JK")))
    assert outs.count(pair, unseen - gone) == pytest.approx(3.0)


def test_melders_are_the_cards_that_make_a_meld_of_three_with_two_of_a_hand() -> None:
    outs = Outs(rk.load_variant("rami51"))  # its jokers are wild
    assert outs.melders(rk.parse_cards("7h 7s 9d")) == set(rk.parse_cards("7c 7d JK"))
    assert outs.melders(rk.parse_cards("8h 9h Kc")) == set(rk.parse_cards("7h Th JK"))
    assert outs.melders(rk.parse_cards("2c")) == set()


def test_a_card_that_grows_the_table_counts_nothing() -> None:
    rami = rk.load_variant("rami51")
    outs = Outs(rami)
    unseen = _full_unseen("rami51")
    table = [rk.check_meld(rami, "4c 5c 6c")]
    hand = rk.parse_cards("7c Kd 2h")
    assert outs.count(hand, unseen, table) == pytest.approx(outs.count(hand, unseen) - 1)


def test_it_keeps_a_pair_of_kings_and_throws_the_lone_card() -> None:
    """GreedyBot keeps the lowest penalty and throws a king; ShedBot throws the loose three."""
    rami = rk.load_variant("rami51")
    hand = list(rk.parse_cards("7h 8h 9h 5d 6d 7d Qs Qc Qd Kh Ks 3c 9s"))
    unseen = _full_unseen("rami51") - Counter(hand)
    _, card = Outs(rami).best_discard(hand, unseen, (), set(hand))
    assert card == Card("3c") or card == Card("9s")
    without_king = least_penalty(rami, [c for c in hand if c != Card("Kh")]).penalty
    without_three = least_penalty(rami, [c for c in hand if c != Card("3c")]).penalty
    assert without_king < without_three  # the least penalty would throw a king


def test_it_takes_a_discard_that_makes_a_meld_not_a_loose_one() -> None:
    rami = rk.load_variant("rami51")
    bot = ShedBot(rami, seed=1, samples=12)
    hand = list(rk.parse_cards("7h 8h 9h 5d 6d 7d Qs Qc Kh Ks 3c 9s 2d"))
    unseen = _full_unseen("rami51") - Counter(hand)
    assert bot.wants_top(hand, Card("Kd"), unseen, [])
    assert not bot.wants_top(hand, Card("4s"), unseen, [])


def _play(variant_id: str, players: int, seed: int, alarm: int = 3) -> list[rk.RoundState]:
    """A round of ShedBot (seat 0) against GreedyBot, every state kept; every move legal."""
    variant = rk.load_variant(variant_id)
    state = rk.deal(variant, players=players, seed=seed)
    shed = ShedBot(variant, seed=seed, alarm=alarm)
    bots = [shed, *(GreedyBot(variant, seed=seed + s) for s in range(1, players))]
    states = [state]
    while state.phase != "over":
        view = state.view(state.to_move)
        move = bots[state.to_move].choose(view)
        assert move in view.legal
        state = state.apply(move)
        states.append(state)
    return states


@pytest.mark.parametrize(
    ("variant_id", "players"), [("rami51", 2), ("rami51", 3), ("romme", 2), ("rummy", 3)]
)
def test_every_move_is_legal_and_the_round_ends(variant_id: str, players: int) -> None:
    for seed in range(2):
        assert _play(variant_id, players, seed)[-1].result is not None


def test_it_lays_no_meld_before_it_goes_out_where_melds_earn_nothing() -> None:
    """With no alarm (0: no other seat is ever that close), never."""
    laid_early = 0
    for seed in range(6):
        states = _play("rami51", 2, seed, alarm=0)
        for state in states[:-1]:
            if state.phase != "over" and state.to_move == 0 and state.phase == "draw":
                laid_early += any(t.owner == 0 for t in state.table)
    assert laid_early == 0


def test_it_lays_its_melds_once_another_seat_holds_few_cards() -> None:
    """The melds held back are paid with the hand if another seat goes out:
    once the other seat holds at most ``alarm`` (3) cards, it lays them,
    and not before (melds of its own on the table at the start of a turn:
    laid in a turn that did not go out)."""
    laid = 0
    for seed in range(12):
        states = _play("rami51", 2, seed)
        turns = [i for i, s in enumerate(states) if s.phase == "draw"]
        first = next((i for i in turns if any(t.owner == 0 for t in states[i].table)), None)
        if first is None:
            continue
        alarmed = [i for i, s in enumerate(states) if len(s.hands[1]) <= 3]
        assert alarmed and alarmed[0] < first
        laid += 1
    assert laid > 0


def test_it_lays_its_melds_where_they_score() -> None:
    """roemie scores the melds laid: ShedBot lays them as GreedyBot does."""
    laid = sum(any(t.owner == 0 for t in s.table) for seed in range(4) for s in _play("roemie", 2, seed))
    assert laid > 0


def test_search_bot_plays_shed_bots_moves_where_a_round_is_won_by_going_out() -> None:
    rami = rk.load_variant("rami51")
    state = rk.deal(rami, players=2, seed=4)
    search = SearchBot(rami, seed=7, settings=LEVELS["easy"])
    shed = ShedBot(rami, seed=7, samples=min(LEVELS["easy"].samples, SHED_SAMPLES))
    for _ in range(40):
        if state.phase == "over":
            break
        view = state.view(state.to_move)
        if state.to_move == 0:
            move = search.choose(view)
            assert move == shed.choose(view)
        else:
            move = GreedyBot(rami, seed=1).choose(view)
        state = state.apply(move)


def test_search_bot_does_no_race_work_where_shed_bot_plays(monkeypatch: pytest.MonkeyPatch) -> None:
    """On rami51 SearchBot builds only its ShedBot and hands it the view:
    no candidates, no least penalties, no reading of the log."""
    rami = rk.load_variant("rami51")
    search = SearchBot(rami, seed=7, settings=LEVELS["easy"])
    assert type(search.greedy) is ShedBot

    def refuse(*args: object) -> None:
        raise AssertionError("work on the ShedBot path")

    monkeypatch.setattr(search, "candidates", refuse)
    monkeypatch.setattr(search.memory, "observe", refuse)
    monkeypatch.setattr(search, "_least_costly", refuse)
    state = rk.deal(rami, players=2, seed=4)
    for _ in range(6):
        state = state.apply(search.choose(state.view(state.to_move)))
