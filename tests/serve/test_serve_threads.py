"""Bots think off the server's event loop: while one game's bot is
thinking, the server goes on serving every other game, and nobody sees the
thinking game's action before it is stored."""

from __future__ import annotations

import threading
from typing import Any

import httpx
import pytest
from serve_support import TIMEOUT, Client, create_game, served

from rummykit.core.errors import IllegalMove
from rummykit.core.moves import Move
from rummykit.play.bots import Bot
from rummykit.round.views import PlayerView
from rummykit.serve import GameRegistry
from rummykit.serve.games import GameSpec


class HeldBot:
    """A bot that waits for the test's word before it chooses, as a bot
    thinking for a long time would; then it plays as the bot it wraps."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.thinking = threading.Event()
        self.go = threading.Event()

    def choose(self, view: PlayerView) -> Move | str:
        self.thinking.set()
        assert self.go.wait(TIMEOUT)
        return self.bot.choose(view)

    def wants_buy(self, view: PlayerView) -> bool:
        return self.bot.wants_buy(view)

    def __deepcopy__(self, memo: dict[int, Any]) -> HeldBot:
        return self  # a game's snapshot copies its bots; the test's events stay shared


def end_turn(seat: Client) -> None:
    """Seat 0 draws and discards, handing the turn to the bot."""
    seat.move("draw")
    view = seat.settle(0)
    seat.move(next(move for move in view["legal"] if move.startswith("discard")))


def test_while_a_bot_thinks_other_games_are_served_and_its_own_game_shows_nothing_unstored() -> None:
    with served() as (base, registry):
        created = create_game(base, variant="rami51", players=2, bots={"1": "greedy"}, seed=3)
        game = registry.get(created["game"])
        seat = Client(base, created["game"], created["seats"]["0"])
        seat.settle(0)
        held = HeldBot(game.bots[1])
        game.bots[1] = held
        end_turn(seat)
        assert held.thinking.wait(TIMEOUT)
        stored_id = game.state_id  # the discard and the bot's turn are one action, not stored yet
        try:
            other = create_game(base, variant="gin", players=2, bots={"1": "random"}, seed=5)
            elsewhere = Client(base, other["game"], other["seats"]["0"])
            elsewhere.receive()
            elsewhere.send({"type": "check", "state_id": elsewhere.state_id, "move": "draw"})
            checked = elsewhere.reply()
            elsewhere.close()
            watcher = Client(base, created["game"])
            with pytest.raises(TimeoutError):
                watcher.socket.recv(timeout=0.5)  # the view waits for the action to be stored
        finally:
            held.go.set()
        after = watcher.receive()
        view = seat.settle(0)
        record = httpx.get(f"{base}/api/games/{created['game']}/record", timeout=TIMEOUT)
        seat.close()
        watcher.close()
    assert checked["type"] == "checked"
    assert after["type"] == "view" and after["state_id"] > stored_id
    assert view["to_move"] == 0 and seat.state_id == game.state_id == after["state_id"]
    assert record.status_code == 403  # the round goes on: a record is for a round that is over


def test_room_is_kept_for_a_game_being_made() -> None:
    """A game made in a worker thread holds its room from the start: with room
    for one game, a second cannot be begun before the first is held."""
    registry = GameRegistry(max_games=1)
    spec = GameSpec("gin", players=2, bots=((1, "random"),), seed=1)
    registry.reserve(spec)
    with pytest.raises(IllegalMove, match="holds 1 games"):
        registry.reserve(spec)
    game, _ = registry.made(spec)
    assert registry.games == {} and registry.reserved == 1  # made, stored, not yet held
    registry.hold_new(game)
    assert registry.games == {game.id: game} and registry.reserved == 0
