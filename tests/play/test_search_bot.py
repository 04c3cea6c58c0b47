"""SearchBot (rummykit.play.search_bot), its guesses (rummykit.play.determinize)
and the bot specifications (rummykit.play.bot_specs)."""

from __future__ import annotations

import math
import random
from typing import Any

import pytest

import rummykit as rk
from rummykit.core.moves import Discard, Knock, LayOff, Take
from rummykit.play import race as race_module
from rummykit.play import search_bot as search_bot_module
from rummykit.play.bot_specs import BOT_FORMS, bot_from_spec, check_bot_spec, search_settings
from rummykit.play.bots import GreedyBot
from rummykit.play.determinize import WARY, Determinizer, joins_a_meld, new_log_entries
from rummykit.play.race import Race, draw_sequences, feeding_chances, knock_chances, offer_lists
from rummykit.play.search_bot import LATER_GUESSES, LEVELS, UNDERCUT_GUESSES, SearchBot, SearchSettings
from rummykit.play.shedding import ShedBot
from rummykit.round.state import RoundState
from rummykit.rules.rule_set import rules_of
from rummykit.rules.variant_queries import least_penalty
from rummykit.variant.loading import variant_from_rules

QUICK = SearchSettings(iterations=24, horizon=6, samples=8)
TINY = SearchSettings(iterations=8, horizon=4, samples=4)


def play_to_discard(variant_id: str, seed: int, players: int = 2) -> RoundState:
    """A greedy round played on to a discard decision of the seat to move."""
    variant = rk.load_variant(variant_id)
    state = rk.deal(variant, players=players, seed=seed)
    bot = GreedyBot(variant, seed=seed)
    for _ in range(7):
        state = state.apply(bot.choose(state.view(state.to_move)))
    while not any(isinstance(m, (Discard, Knock)) for m in state.legal_moves()):
        state = state.apply(bot.choose(state.view(state.to_move)))
    return state


def permuted(state: RoundState, seat: int, seed: int) -> RoundState:
    """``state`` with the cards ``seat`` cannot see dealt again at random:
    the other hands and the stock, same sizes."""
    hidden = [c for s, hand in enumerate(state.hands) if s != seat for c in hand] + list(state.stock)
    random.Random(seed).shuffle(hidden)
    hands = list(state.hands)
    for s in range(state.players):
        if s != seat:
            size = len(hands[s])
            hands[s], hidden = tuple(sorted(hidden[:size], key=lambda c: c.code)), hidden[size:]
    return state.evolve(hands=tuple(hands), stock=tuple(hidden))


@pytest.mark.parametrize("variant_id", ["gin", "rami51"])
def test_the_choice_does_not_depend_on_the_hidden_cards(variant_id: str) -> None:
    """The same seed, the same view: the same choice, however the cards the
    seat cannot see lie (it reads its view, never the state)."""
    state = play_to_discard(variant_id, seed=5)
    seat = state.to_move
    variant = state.variant
    for shuffle_seed in range(3):
        other = permuted(state, seat, shuffle_seed)
        assert other.hands != state.hands
        assert other.view(seat) == state.view(seat)
        first = SearchBot(variant, seed=11, settings=QUICK).choose(state.view(seat))
        second = SearchBot(variant, seed=11, settings=QUICK).choose(other.view(seat))
        assert first == second


def play_to_free_take(variant_id: str, seed: int) -> RoundState:
    """A greedy round played on to a draw of the seat to move where it may
    take the top discard or draw, freely (ShedBot weighs the take)."""
    variant = rk.load_variant(variant_id)
    state = rk.deal(variant, players=2, seed=seed)
    bot = GreedyBot(variant, seed=seed)
    rule = rules_of(variant).draw
    while True:
        view = state.view(state.to_move)
        opened = view.opened[state.to_move]
        free = not rule.top_take_is_conditional(view.turns_played, view.players, opened=opened)
        if state.phase == "draw" and view.discards and free and any(isinstance(m, Take) for m in view.legal):
            return state
        state = state.apply(bot.choose(view))


def test_the_take_does_not_depend_on_the_hidden_cards(monkeypatch: pytest.MonkeyPatch) -> None:
    """As above at a take decision on rami51 (ShedBot's wants_top, which
    samples draws from the cards the seat has not seen)."""
    state = play_to_free_take("rami51", seed=5)
    seat = state.to_move
    asked: list[bool] = []
    wants_top = ShedBot.wants_top

    def spy(bot: ShedBot, *args: Any) -> bool:
        asked.append(wants_top(bot, *args))
        return asked[-1]

    monkeypatch.setattr(ShedBot, "wants_top", spy)
    for shuffle_seed in range(3):
        other = permuted(state, seat, shuffle_seed)
        assert other.hands != state.hands and other.stock != state.stock
        assert other.view(seat) == state.view(seat)
        first = SearchBot(state.variant, seed=11, settings=QUICK).choose(state.view(seat))
        second = SearchBot(state.variant, seed=11, settings=QUICK).choose(other.view(seat))
        assert first == second
    assert len(asked) == 6  # the take was weighed each time


def test_the_same_seed_and_budget_give_the_same_moves() -> None:
    """Iteration budgets are deterministic: two bots of one seed play alike
    (gin, both seats searching, the first 30 moves)."""
    variant = rk.load_variant("gin")

    def moves(seed: int) -> list[str]:
        state = rk.deal(variant, players=2, seed=3)
        bots = [SearchBot(variant, seed=seed + s, settings=TINY) for s in range(2)]
        played = []
        while state.phase != "over" and len(played) < 30:
            move = bots[state.to_move].choose(state.view(state.to_move))
            played.append(str(move))
            state = state.apply(move)
        return played

    assert moves(1) == moves(1)


@pytest.mark.parametrize("variant_id", ["rami51", "kalooki"])
def test_every_choice_is_legal_and_searched_moves_are_draws_and_discards(variant_id: str) -> None:
    """Every choice legal; rollouts played, except where a round is won by
    going out (rami51: ShedBot's moves, no rollouts)."""
    variant = rk.load_variant(variant_id)
    state = rk.deal(variant, players=3, seed=2)
    bots = [SearchBot(variant, seed=s, settings=TINY) for s in range(3)]
    for _ in range(30):
        if state.phase == "over":
            break
        view = state.view(state.to_move)
        move = bots[state.to_move].choose(view)
        assert move in view.legal
        state = state.apply(move)
    assert (bots[0].rollouts > 0) != bots[0].shedding


def test_the_guesses_keep_what_the_seat_saw_taken() -> None:
    """A discard the other seat took stays in its hand in every guess."""
    variant = rk.load_variant("gin")
    state = rk.deal(variant, players=2, seed=8)
    taker, watcher = state.to_move, 1 - state.to_move
    memory = Determinizer(variant)
    memory.observe(state.view(watcher))
    top = state.discard[-1]
    state = state.apply("take")  # the first upcard
    state = state.apply(next(m for m in state.legal_moves() if isinstance(m, Discard) and m.card != top))
    view = state.view(watcher)
    memory.observe(view)
    assert memory.taken == {taker: [top]}
    for seed in range(5):
        world = memory.sample(view, random.Random(seed))
        assert top in world.hands[taker]
        assert world.hands[watcher] == state.hands[watcher]
        assert sorted(map(str, world.all_cards())) == sorted(map(str, state.all_cards()))


def test_new_log_entries() -> None:
    assert new_log_entries(("0: draw", "0: discard 5h"), ("0: discard 5h", "1: take")) == ("1: take",)
    assert new_log_entries((), ("0: draw",)) == ("0: draw",)
    assert new_log_entries(("a", "b"), ("a", "b")) == ()


@pytest.mark.parametrize(
    ("spec", "iterations", "seconds"),
    [("search", 0, None), ("search-hard", 0, None), ("search:500it", 500, None),
     ("search:200ms", None, 0.2), ("search-easy:50it", 50, None)],
)  # fmt: skip
def test_specifications(spec: str, iterations: int | None, seconds: float | None) -> None:
    settings = search_settings(spec)
    assert settings is not None
    assert settings.seconds == seconds
    if iterations is not None:
        assert settings.iterations == iterations
    check_bot_spec(spec)


BAD_SPECS = ["search:", "search:0it", "search:5s", "search-brutal", "Greedy", "search:99999999it"]


@pytest.mark.parametrize("spec", BAD_SPECS)
def test_bad_specifications_name_the_accepted_forms(spec: str) -> None:
    with pytest.raises(ValueError, match="accepted: random, greedy, search, search-easy"):
        check_bot_spec(spec)
    assert "search:<N>ms" in BOT_FORMS


def test_bots_from_specifications() -> None:
    variant = rk.load_variant("gin")
    assert isinstance(bot_from_spec("greedy", variant, seed=1), GreedyBot)
    bot = bot_from_spec("search-easy", variant, seed=1)
    assert isinstance(bot, SearchBot) and bot.settings == LEVELS["easy"]


def test_the_race_prefers_hands_closer_to_the_knock() -> None:
    """A hand one card from a knock gets there on the first draw that brings
    the card; a hand with connected cards races better than a loose one."""
    gin = rk.load_variant("gin")
    race = Race(gin, limit=10, pace=0.8)
    near = rk.parse_cards("7h 8h 9h Ks Kd Kc 2c 3c 4d 5d")  # 14 deadwood: an ace (throwing 5d) knocks
    assert race.turns(near, rk.parse_cards("Jh As"), start=1) == 2
    assert race.turns(near, rk.parse_cards("As"), start=2) == 2
    assert race.turns(rk.parse_cards("2s 5d 8c Jh Kd 3h 6c 9d Qs 4h"), rk.parse_cards("As"), start=1) is None
    stock = rk.parse_cards("9h 6h Kc 5s 4d Ah 2s Qd Js 3c 8d 7c Ts 6d")
    draws = draw_sequences(stock, random.Random(3), samples=30, reach=6)
    connected = rk.parse_cards("7h 8h Ks Kd 2c 3d 9s Tc Jd Qh")
    loose = rk.parse_cards("7h 3h Ks Kd 2c 5d 9s Tc Jd Qh")
    assert race.worth(connected, draws) > race.worth(loose, draws)
    assert race.worth(connected, draws) == race.worth(connected, draws)  # the same sequences, the same worth
    assert race.worth(connected, draws, start=2) < race.worth(connected, draws)  # a turn later is worth less


def test_feeding_chances_count_the_guesses_a_card_joins_a_meld_in() -> None:
    gin = rk.load_variant("gin")
    guesses = [(rk.parse_cards("5h 6h Kc Kd 2s"), 1.0), (rk.parse_cards("5h 6h Qc Jd 2s"), 3.0)]
    chances = feeding_chances(gin, guesses, rk.parse_cards("7h Ks 9c"))
    assert chances == {rk.Card("7h"): 1.0, rk.Card("Ks"): 0.25, rk.Card("9c"): 0.0}
    assert feeding_chances(gin, [], rk.parse_cards("7h")) == {rk.Card("7h"): 0.0}


def test_the_guesses_remember_what_a_seat_refused() -> None:
    """The upcard the other seat passed and the cards it threw are
    remembered; a guessed hand in which such a card would have joined a
    meld weighs less."""
    variant = rk.load_variant("gin")
    state = rk.deal(variant, players=2, seed=8)
    passer, watcher = state.to_move, 1 - state.to_move
    memory = Determinizer(variant)
    memory.observe(state.view(watcher))
    upcard = state.discard[-1]
    state = state.apply("pass")
    memory.observe(state.view(watcher))
    assert memory.refused == {passer: [upcard]}
    view = state.view(watcher)
    pool = [c for c in rk.parse_cards(" ".join(r + s for r in "A23456789TJQK" for s in "scdh"))
            if c not in view.hand and c != upcard]  # fmt: skip
    weights = {memory.guess_hand(view, passer, pool, random.Random(seed))[1] for seed in range(60)}
    assert weights == {1.0, WARY}  # some guesses would have melded the upcard
    for seed in range(20):
        hand, weight = memory.guess_hand(view, passer, pool, random.Random(seed))
        assert len(hand) == view.hand_sizes[passer]
        assert (weight < 1) == joins_a_meld(variant, hand, upcard)


def test_a_guess_weighs_less_where_the_last_card_thrown_was_not_the_worst() -> None:
    """A player throws the card whose loss costs it least: a guessed hand in
    which the card it threw last would have made a set weighs less."""
    variant = rk.load_variant("gin")
    view = rk.deal(variant, players=2, seed=8).view(0)
    memory = Determinizer(variant)
    memory.thrown = {1: rk.Card("Kd")}
    with_kings = rk.parse_cards("Kc Ks 2h 3h 4h 5s 6s 7s 9d Tc")
    without = rk.parse_cards("2h 3h 4h 5s 6s 7s 9d Tc 8c 6d")
    assert memory.guess_hand(view, 1, with_kings, random.Random(1)) == (sorted_like(with_kings, 1), WARY)
    assert memory.guess_hand(view, 1, without, random.Random(1))[1] == 1.0
    state = play_to_discard("gin", seed=3)
    thrower, watcher = state.to_move, 1 - state.to_move
    memory = Determinizer(variant)
    memory.observe(state.view(watcher))
    card = next(m.card for m in state.legal_moves() if isinstance(m, Discard))
    state = state.apply(Discard(card))
    memory.observe(state.view(watcher))
    assert memory.thrown == {thrower: card.face}


def sorted_like(cards: list[rk.Card], seed: int) -> list[rk.Card]:
    """``cards`` in the order ``random.Random(seed).sample`` deals them."""
    return random.Random(seed).sample(list(cards), len(cards))


def test_the_race_takes_a_card_that_makes_a_meld_and_throws_the_loose_card() -> None:
    """The draw: take the upcard that completes a meld, not a useless one;
    the discard: of a hand with a lone king and connected cards, the king."""
    variant = rk.load_variant("gin")
    state = rk.deal(variant, players=2, seed=1)
    bot = SearchBot(variant, seed=2, settings=SearchSettings(samples=16))
    seat = state.to_move
    view = state.view(seat)
    hand = rk.parse_cards("7h 8h Ks Kd 2c 3d 9s Tc Jd 4c")
    assert bot.take_is_better(view, hand, rk.Card("9h"))
    assert not bot.take_is_better(view, hand, rk.Card("Qc"))
    eleven = rk.parse_cards("7h 8h 9h 2c 3c 4c 5d 6d Kd As Ad")
    other = state.evolve(hands=tuple(tuple(eleven) if s == seat else h for s, h in enumerate(state.hands)))
    assert bot.race_discard(other.view(seat), rk.parse_cards("Kd 5d 6d")) == rk.Card("Kd")


def test_settings_are_checked() -> None:
    bads = ({"iterations": -1}, {"samples": 0}, {"pace": 0.0}, {"feeding": 2.0}, {"seconds": 0.0})
    bads += ({"wary": 0.0}, {"tail": -1.0}, {"undercut": -0.5}, {"ramp": -1}, {"danger": 1.5})
    bads += ({"guesses": -1},)
    words = r"search budget|the race needs|wariness|undercut and ramp|race's guesses"
    for bad in bads:
        with pytest.raises(ValueError, match=words):
            SearchSettings(**bad)  # type: ignore[arg-type]
    for later in (1.5, -0.1, math.nan):
        with pytest.raises(ValueError, match=r"later in \[0, 1\]|finite"):
            SearchSettings(later=later)
    assert SearchSettings().iterations == 0 and LEVELS["medium"] == SearchSettings()


def test_a_time_budget_bounds_the_race() -> None:
    """Under a time budget the race stops weighing cards when the time is
    up: with a budget far too short it keeps the first card it weighed,
    and the bot still answers a legal move."""
    state = play_to_discard("gin", seed=4)
    view = state.view(state.to_move)
    hurried = SearchBot(state.variant, seed=1, settings=SearchSettings(seconds=1e-9, samples=12))
    assert hurried.choose(view) in view.legal
    cards = list(dict.fromkeys(view.hand or ()))[:3]
    for order in (cards, cards[::-1]):
        assert hurried.race_discard(view, order) == order[0]


@pytest.mark.parametrize(("ref", "judged"), [("gin", 0), ("rami51", 1)])
def test_the_race_draws_a_second_deck_s_copy_of_a_held_card(
    monkeypatch: pytest.MonkeyPatch, ref: str, judged: int
) -> None:
    """A hand holding 7h draws 7h twice: one deck has no other 7h (both
    draws skipped); two decks have one more (judged once, then skipped)."""
    calls: list[int] = []

    class NoKnock:
        penalty, discard, leftover = 99, None, ()

    def least(variant: object, cards: list[rk.Card], *, discard: bool) -> NoKnock:
        calls.append(len(cards))
        return NoKnock()

    monkeypatch.setattr(race_module, "least_penalty", least)
    race = Race(rk.load_variant(ref), limit=10, pace=0.8, players=2)
    hand = rk.parse_cards("7h 8h Ks")
    assert race.turns(hand, rk.parse_cards("7h 7h"), start=1) is None
    assert len(calls) == judged


def test_the_race_remembers_the_hands_it_judged(monkeypatch: pytest.MonkeyPatch) -> None:
    """A hand met again (here: the same sequences judged twice) is not
    solved again, and the worth is the same as a fresh race's."""
    gin = rk.load_variant("gin")
    stock = rk.parse_cards("9h 6h Kc 5s 4d Ah 2s Qd Js 3c 8d 7c Ts 6d")
    draws = draw_sequences(stock, random.Random(3), samples=30, reach=6)
    hand = rk.parse_cards("7h 8h Ks Kd 2c 3d 9s Tc Jd Qh")
    fresh = Race(gin, limit=10, pace=0.8).worth(hand, draws)
    calls: list[int] = []
    solve = race_module.least_penalty

    def counted(variant: object, cards: list[rk.Card], *, discard: bool) -> object:
        calls.append(len(cards))
        return solve(gin, cards, discard=discard)

    monkeypatch.setattr(race_module, "least_penalty", counted)
    race = Race(gin, limit=10, pace=0.8)
    assert race.worth(hand, draws) == fresh
    first = len(calls)
    assert 0 < first < sum(len(d) for d in draws)  # a hand that throws its draw meets the next draw as before
    assert race.worth(hand, draws) == fresh and len(calls) == first


def test_the_race_takes_an_offer_that_lowers_the_hand() -> None:
    """The previous player's throws (offers) are taken in place of a draw
    when they lower the hand's least penalty: an ace knocks at once."""
    gin = rk.load_variant("gin")
    race = Race(gin, limit=10, pace=0.8)
    near = rk.parse_cards("7h 8h 9h Ks Kd Kc 2c 3c 4d 5d")  # 14 deadwood: an ace (throwing 5d) knocks
    assert race.run(near, rk.parse_cards("Jh Qs"), 1) == (None, 14)
    assert race.run(near, rk.parse_cards("Jh Qs"), 1, rk.parse_cards("As"))[0] == 1
    assert race.run(near, rk.parse_cards("Jh As"), 1, rk.parse_cards("Qd"))[0] == 2  # Qd refused, Jh drawn
    race.offers = [rk.parse_cards("As")]
    assert race.worth(near, [rk.parse_cards("Jh Qs")]) == 0.8


def test_offer_lists_put_the_costliest_leftover_first() -> None:
    gin = rk.load_variant("gin")
    guesses = [(rk.parse_cards("7h 8h 9h 2c 3d Qs Kd 5c Js Ac"), 1.0)]
    assert offer_lists(gin, guesses) == [list(rk.parse_cards("Kd Qs Js 5c 3d 2c Ac"))]


def test_the_tail_ranks_hands_that_get_nowhere_by_their_penalty() -> None:
    """Without ``tail`` a hand that cannot knock within its draws is worth
    nothing; with it, the lower the penalty it ends with, the more."""
    gin = rk.load_variant("gin")
    draws = [rk.parse_cards("Jc")]
    closer = rk.parse_cards("7h 8h 9h As Ad 2c 3c 4d 5d 6s")
    looser = rk.parse_cards("7h 8h 9h Ks Qh 2c 3c 4d 5d 6s")
    assert Race(gin, limit=10, pace=0.8).worth(closer, draws) == 0
    tailed = Race(gin, limit=10, pace=0.8, tail=1.0)
    assert 0 < tailed.worth(looser, draws) < tailed.worth(closer, draws) < 0.8**3


def test_with_offers_the_race_offers_the_previous_player_s_guessed_throws() -> None:
    """With ``offers`` (no level has it) the race is offered the cards the
    previous player may throw: one list a guessed hand, none of them the seat's."""
    variant = rk.load_variant("gin")
    state = rk.deal(variant, players=2, seed=6)
    view = state.view(state.to_move)
    offering = SearchSettings(samples=8, offers=True)
    race, _, _ = SearchBot(variant, seed=1, settings=offering)._race(view)
    assert len(race.offers) == offering.samples
    assert all(card not in (view.hand or ()) for offered in race.offers for card in offered)
    assert SearchBot(variant, seed=1, settings=LEVELS["medium"])._race(view)[0].offers == []


def test_the_undercut_chance_lays_off_on_the_knocker_s_guessed_melds() -> None:
    """A hand's loose cards, less those that join a meld of the knocker's
    guessed hand, against a knocker's deadwood even from 1 to the limit."""
    gin = rk.load_variant("gin")
    race = Race(gin, limit=10, pace=0.8, undercut=1.0)
    guesses = ("Qc Qd 2s 3s 4h 8c 9d Ts 6h 7s", "Jc Qd 2s 3d 4h 8c 9d Ks 6h 7s")
    race.knockers = [rk.parse_cards(guess) for guess in guesses]
    hand = rk.parse_cards("7h 8h 9h 2c 3c 4c 5d 6d 7d Qh")  # Qh loose: 10; lays off on the queens of guess 0
    assert race.undercut_chance(race.solved(hand, discard=False)[2], 0) == 1.0
    assert race.undercut_chance(race.solved(hand, discard=False)[2], 1) == pytest.approx(0.1)
    loose = rk.parse_cards("7h 8h 9h 2c 3c 4c Kd Qh 7d 5s")  # 32 loose: nothing lays it low enough
    assert race.undercut_chance(race.solved(loose, discard=False)[2], 0) == 0.0


def test_with_undercut_the_race_counts_the_knocks_the_hand_would_undercut() -> None:
    """A hand that gets nowhere is worth nothing without ``undercut``; with
    it, each chance of the other player to knock is worth the undercut's
    chance, discounted: before the first draw only if the hand is exposed,
    never after the hand knocks."""
    gin = rk.load_variant("gin")
    hand = rk.parse_cards("7h 8h 9h 5s 5d 5h Qh Ks 2c 3c")  # 25 loose; Qh Ks lay off: 5 left
    race = Race(gin, limit=10, pace=0.8, undercut=1.0)
    race.knockers = [rk.parse_cards("Qc Qd Kc Kd 2d 3h 4h 8c 9d Ts")]
    assert race.undercut_chance(rk.parse_cards("Qh Ks 2c 3c"), 0) == pytest.approx(0.6)
    assert Race(gin, limit=10, pace=0.8).worth(hand, [[]]) == 0
    assert race.worth(hand, [[]]) == pytest.approx(0.2 * 0.6)
    assert race.worth(hand, [[]], exposed=False) == 0
    assert race.worth(hand, [rk.parse_cards("4c Ac")]) == pytest.approx(0.2 * 0.6 + 0.8)  # knocks at once
    assert Race(gin, limit=10, pace=0.8, undercut=1.0).worth(hand, [[]]) == 0  # no knocker guessed


def test_with_undercut_the_bot_guesses_the_next_player_s_hands() -> None:
    """With ``undercut`` (no level has it) the race lays off on guessed
    hands of the next player, none holding the seat's cards; without, none."""
    variant = rk.load_variant("gin")
    state = rk.deal(variant, players=2, seed=6)
    view = state.view(state.to_move)
    race, _, _ = SearchBot(variant, seed=1, settings=SearchSettings(samples=8, undercut=1.0))._race(view)
    assert len(race.knockers) == UNDERCUT_GUESSES
    assert all(len(hand) == 10 and not set(hand) & set(view.hand or ()) for hand in race.knockers)
    assert SearchBot(variant, seed=1, settings=LEVELS["medium"])._race(view)[0].knockers == []


def test_with_later_the_race_counts_the_risk_of_the_cards_it_throws_on_the_way() -> None:
    """A sequence's knock is worth ``pace ** t`` times ``1 - later * risk``
    for each card the hand threw before it (not the card it knocks with);
    risks of cards it never throws, or none, change nothing."""
    gin = rk.load_variant("gin")
    hand = rk.parse_cards("7h 8h 9h 5s 5d 5h Qh Ks 2c 3c")  # loose: Qh Ks 2c 3c
    draws = [rk.parse_cards("Kd Ac")]  # throws a ten after Kd; Ac makes A23c: knocks at turn 2
    race = Race(gin, limit=10, pace=0.8)
    assert race.worth(hand, draws) == pytest.approx(0.64)
    race.risks, race.later = {rk.Card(c): 0.5 for c in ("Qh", "Ks", "Kd")}, 0.4
    assert race.worth(hand, draws) == pytest.approx(0.64 * (1 - 0.4 * 0.5))
    assert race.run_exposed(hand, draws[0], 1)[3] == pytest.approx(0.8)
    # drawing this turn (not exposed), the first throw is this turn's: not cut
    assert race.run_exposed(hand, draws[0], 1, exposed=False)[3] == 1.0
    assert race.worth(hand, draws, exposed=False) == pytest.approx(0.64)
    race.risks = {rk.Card("7h"): 1.0, rk.Card("Ac"): 1.0}  # kept in a meld; drawn to knock
    assert race.worth(hand, draws) == pytest.approx(0.64)


def test_with_later_the_risks_are_the_guesses_weighted_shares(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each card's risk is the weighted share of the next player's guessed
    hands in which it makes a meld of three with two of their cards; the
    race of a level without ``later`` has none."""
    variant = rk.load_variant("gin")
    state = rk.deal(variant, players=2, seed=6)
    view = state.view(state.to_move)
    bot = SearchBot(variant, seed=1, settings=SearchSettings(samples=8, later=0.25))
    race, _, pool = bot._race(view)
    assert race.later == 0.25 and race.risks and all(0 < risk <= 1 for risk in race.risks.values())
    asked: list[int | None] = []

    def guesses(
        view: object, pool: object, count: int | None = None, rng: object = None
    ) -> list[tuple[list[rk.Card], float]]:
        assert rng is bot.setting_rng  # the settings' own stream
        asked.append(count)
        return [(list(rk.parse_cards("7h 7s 9d")), 1.0), (list(rk.parse_cards("8h 9h Kc")), 3.0)]

    monkeypatch.setattr(bot, "_next_guesses", guesses)
    risks = bot.risks(view, pool)
    assert asked == [LATER_GUESSES]
    expected = {"7c": 0.25, "7d": 0.25, "7h": 0.75, "Th": 0.75}  # no joker: gin's deck has none
    assert risks == pytest.approx({rk.Card(card): risk for card, risk in expected.items()})
    assert SearchBot(variant, seed=1, settings=LEVELS["medium"])._race(view)[0].risks == {}


@pytest.mark.parametrize(
    ("settings", "count"), [({"samples": 8}, 400), ({"samples": 8, "guesses": 0}, 8), ({"guesses": 30}, 30)]
)
def test_the_feeding_chances_weigh_guesses_guessed_hands(
    monkeypatch: pytest.MonkeyPatch, settings: dict[str, Any], count: int
) -> None:
    """A discard's feeding chance (and ``danger``'s) is the share of
    ``guesses`` guessed hands of the next player (400 by default, as at ``search-medium`` and
    ``search-hard``; 0: as many as the draw sequences, as at ``search-easy``)."""
    state = play_to_discard("gin", seed=5)
    view = state.view(state.to_move)
    bot = SearchBot(state.variant, seed=1, settings=SearchSettings(danger=0.5, **settings))
    seen: list[int] = []

    def feeding_of(view: Any, guesses: list[Any], cards: list[rk.Card]) -> dict[rk.Card, float]:
        seen.append(len(guesses))
        return dict.fromkeys(cards, 0.0)

    def knock_chances(variant: Any, guesses: list[Any], cards: list[rk.Card], limit: int) -> dict[Any, float]:
        seen.append(len(guesses))
        return dict.fromkeys(cards, 0.0)

    monkeypatch.setattr(bot, "feeding_of", feeding_of)
    monkeypatch.setattr(search_bot_module, "knock_chances", knock_chances)
    bot.race_discard(view, list(dict.fromkeys(view.hand or ()))[:2])
    assert seen == [count, count]  # the feeding chances, then danger's
    levels = {name: settings.guesses for name, settings in LEVELS.items()}
    assert levels == {"easy": 0, "medium": 400, "hard": 400}


@pytest.mark.parametrize("setting", [{"later": 0.25}, {"undercut": 0.2}, {"offers": True}])
def test_the_settings_no_level_has_draw_nothing_from_the_bot_s_own_stream(setting: dict[str, Any]) -> None:
    """The guesses of ``later``, ``undercut`` and ``offers`` come from a
    stream of their own: with one of them the race meets the same draw
    sequences and the bot's stream is where it is without it, so that an
    A/B of the setting compares the same draws."""
    variant = rk.load_variant("gin")
    view = rk.deal(variant, players=2, seed=6).view(0)
    plain = SearchBot(variant, seed=3, settings=SearchSettings(samples=8))
    changed = SearchBot(variant, seed=3, settings=SearchSettings(samples=8, **setting))
    (race, sequences, _), (other, other_sequences, _) = plain._race(view), changed._race(view)
    assert sequences == other_sequences and plain.rng.getstate() == changed.rng.getstate()
    assert (race.risks, race.knockers, race.offers) == ({}, [], [])
    assert other.risks or other.knockers or other.offers
    assert changed.setting_rng.getstate() != random.Random("settings 3").getstate()


def test_hazards_set_the_race_s_clock() -> None:
    """Without hazards the other player knocks at each chance with
    ``1 - pace``; with them, as they say (the last on past their end)."""
    gin = rk.load_variant("gin")
    race = Race(gin, limit=10, pace=0.8)
    assert race.survival(3) == pytest.approx(0.8**3) and race.hazard(5) == pytest.approx(0.2)
    race.hazards = [0.0, 0.1, 0.2]
    assert race.survival(1) == 1.0 and race.survival(3) == pytest.approx(0.9 * 0.8)
    assert race.survival(4) == pytest.approx(0.9 * 0.8 * 0.8) and race.hazard(7) == 0.2
    near = rk.parse_cards("7h 8h 9h Ks Kd Kc 2c 3c 4d 5d")  # knocks on its first draw of an ace
    assert race.worth(near, [rk.parse_cards("As")]) == 1.0


def test_with_a_ramp_the_other_player_s_hazard_rises_turn_by_turn() -> None:
    """With ``ramp`` (no level has it) the hazards rise evenly to ``1 - pace``
    at the other player's ``ramp``-th turn; without, the race has none."""
    variant = rk.load_variant("gin")
    state = play_to_discard("gin", seed=5)
    view = state.view(state.to_move)
    ramped = SearchBot(variant, seed=1, settings=SearchSettings(samples=8, ramp=8))._race(view)[0]
    first = view.turns_played // 2 + 1
    assert ramped.hazards[0] == pytest.approx(0.2 * first / 8) and ramped.hazards[-1] == pytest.approx(0.2)
    assert ramped.hazards == sorted(ramped.hazards)
    assert SearchBot(variant, seed=1, settings=LEVELS["medium"])._race(view)[0].hazards == []


def test_knock_chances_count_the_guesses_a_card_lets_knock() -> None:
    """A card that lets a guessed hand knock at once counts its weight; one
    that only joins a meld does not."""
    gin = rk.load_variant("gin")
    near = rk.parse_cards("7h 8h 9h Ks Kd Kc 2c 3c 9d 8s")  # 22 deadwood: Ac knocks (A-2-3, 9d thrown)
    far = rk.parse_cards("7h 8h 2s Ks Qd Jc 2c 5c 9d 6s")
    guesses = [(near, 3.0), (far, 1.0)]
    chances = knock_chances(gin, guesses, rk.parse_cards("Ac 6h Qs"), limit=10)
    assert chances == {rk.Card("Ac"): 0.75, rk.Card("6h"): 0.0, rk.Card("Qs"): 0.0}
    assert joins_a_meld(gin, near, rk.Card("6h"))  # it would join a meld, but leave 13 deadwood


def test_with_danger_the_bot_keeps_a_card_that_lets_the_next_player_knock(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """With ``danger`` (no level has it) a discard's worth is cut by the
    chance that it lets the next player knock at once: a card that surely
    does is kept even where the race alone would throw it."""
    state = play_to_discard("gin", seed=5)
    view = state.view(state.to_move)
    cards = list(dict.fromkeys(view.hand or ()))[:2]
    plain = SearchBot(state.variant, seed=1, settings=SearchSettings(samples=8, feeding=0.0))
    thrown = plain.race_discard(view, cards)
    kept = next(card for card in cards if card != thrown)
    monkeypatch.setattr(
        search_bot_module, "knock_chances", lambda variant, guesses, cards, limit: {thrown: 1.0, kept: 0.0}
    )
    wary = SearchBot(state.variant, seed=1, settings=SearchSettings(samples=8, feeding=0.0, danger=1.0))
    assert wary.race_discard(view, cards) == kept


def defend_views(count: int) -> list[tuple[RoundState, int]]:
    """Defend-phase states of greedy gin rounds (seeds 0 on), with their
    seat to move, until ``count`` with a lay-off among the legal moves."""
    variant = rk.load_variant("gin")
    found: list[tuple[RoundState, int]] = []
    for seed in range(200):
        state = rk.deal(variant, players=2, seed=seed)
        bots = [GreedyBot(variant, seed=s) for s in range(2)]
        while state.phase != "over" and len(found) < count:
            view = state.view(state.to_move)
            if view.phase == "defend" and any(isinstance(m, LayOff) for m in view.legal):
                found.append((state, state.to_move))
            state = state.apply(bots[state.to_move].choose(view))
        if len(found) >= count:
            break
    return found


def test_with_defence_the_defender_lays_off_only_what_lowers_its_deadwood() -> None:
    """With ``defence`` (every level) a lay-off is played where it lowers
    the hand's least penalty, and only there; where GreedyBot's lay-off
    would raise it (a card taken from a meld of the defender's own), the
    defender plays something else. Without it, the move is GreedyBot's."""
    variant = rk.load_variant("gin")
    careful = SearchBot(variant, seed=1, settings=SearchSettings(samples=4, defence=True))
    plain = SearchBot(variant, seed=1, settings=SearchSettings(samples=4, defence=False))
    raised = lowered = 0
    for state, seat in defend_views(40):
        view = state.view(seat)
        hand = list(view.hand or ())
        before = least_penalty(variant, hand).penalty
        move = careful.choose(view)
        assert move in view.legal
        if isinstance(move, LayOff):
            assert careful._penalty_without(hand, move.cards) < before
            lowered += 1
        greedy = GreedyBot(variant, seed=1).choose(view)
        assert plain.choose(view) == greedy
        if isinstance(greedy, LayOff) and careful._penalty_without(hand, greedy.cards) > before:
            raised += 1
            assert move != greedy
    assert raised > 0 and lowered > 0


def test_the_defence_lays_off_a_declared_wild_card() -> None:
    """A lay-off of a wild card names what it stands for (``JK=6h``) where
    the hand holds the plain joker: the defence weighs it all the same (gin
    with two jokers, made from gin's rules)."""
    gin = rk.load_variant("gin")
    rules = gin.resolved_dict()
    rules["deck"] = {"by_players": [{"players": [2, 2], "decks": 1, "jokers": 2}]}
    variant = variant_from_rules("gin with jokers", rules, "")
    bots = [SearchBot(variant, seed=s, settings=SearchSettings(samples=4)) for s in range(2)]
    declared = 0
    for seed in range(40):
        state = rk.deal(variant, players=2, seed=seed)
        while state.phase != "over":
            view = state.view(state.to_move)
            if view.phase == "defend":
                layoffs = [m for m in view.legal if isinstance(m, LayOff)]
                declared += any(card.declared is not None for m in layoffs for card in m.cards)
            move = bots[state.to_move].choose(view)
            assert move in view.legal
            state = state.apply(move)
        if declared:
            break
    assert declared > 0


def test_a_budget_after_a_seat_dropped_plays_without_rollouts() -> None:
    """Indian Rummy, three seats: once a seat has dropped, no world can be
    rebuilt from the view (state_from_view refuses it), so a budget adds no
    rollouts; an audit found the step raising ValueError instead."""
    state = rk.deal("indian", players=3, seed=0)
    state = state.apply("drop")
    bots = {seat: bot_from_spec("search:20it", state.variant, seed=seat) for seat in range(3)}
    moves = 0
    while state.phase != "over" and moves < 4:
        view = state.view(state.to_move)
        assert view.dropped
        move = bots[state.to_move].choose(view)
        assert move in view.legal
        state = state.apply(move)
        moves += 1
    assert moves > 3
