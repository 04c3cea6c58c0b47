"""SearchBot (rummykit.play.search_bot), its guesses (rummykit.play.determinize)
and the bot specifications (rummykit.play.bot_specs)."""

from __future__ import annotations

import random

import pytest

import rummykit as rk
from rummykit.core.moves import Discard, Knock
from rummykit.play.bot_specs import BOT_FORMS, bot_from_spec, check_bot_spec, search_settings
from rummykit.play.bots import GreedyBot
from rummykit.play.determinize import Determinizer, new_log_entries
from rummykit.play.search_bot import LEVELS, SearchBot, SearchSettings
from rummykit.round.state import RoundState

QUICK = SearchSettings(iterations=24, horizon=6)
TINY = SearchSettings(iterations=8, horizon=4)


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


def test_every_choice_is_legal_and_searched_moves_are_draws_and_discards() -> None:
    variant = rk.load_variant("rami51")
    state = rk.deal(variant, players=3, seed=2)
    bots = [SearchBot(variant, seed=s, settings=TINY) for s in range(3)]
    for _ in range(30):
        if state.phase == "over":
            break
        view = state.view(state.to_move)
        move = bots[state.to_move].choose(view)
        assert move in view.legal
        state = state.apply(move)
    assert bots[0].rollouts > 0


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
    [("search", 200, None), ("search-hard", 800, None), ("search:500it", 500, None),
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


def test_the_outlook_prefers_hands_with_more_ways_to_grow() -> None:
    """Two hands as bad now: the one with connected cards looks better after
    a draw; a take that completes a meld beats a draw, a useless one not."""
    from rummykit.play.outlook import best_discard, outlook, take_is_better

    gin = rk.load_variant("gin")
    stock = rk.parse_cards("9h 6h Kc 5s 4d Ah 2s")
    connected = rk.parse_cards("7h 8h Ks Kd 2c 3d 9s Tc Jd Qh")
    loose = rk.parse_cards("7h 3h Ks Kd 2c 3d 9s Tc Jd Qh")
    assert outlook(gin, connected, stock) < outlook(gin, loose, stock)
    assert take_is_better(gin, connected, rk.Card("Kc"), stock)
    assert not take_is_better(gin, connected, rk.Card("5c"), stock)
    hand = rk.parse_cards("7h 8h Ks Kd Kc 3d 9s Tc Jd Qh 4c")
    assert best_discard(gin, hand, rk.parse_cards("Qh Jd"), stock) in rk.parse_cards("Qh Jd")
