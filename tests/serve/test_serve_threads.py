"""Bots think off the server's event loop: while one game's bot is
thinking, the server goes on serving every other game, and nobody sees the
thinking game's action before it is stored. The store is read and written
off the loop too: a commit that holds it stops no other request."""

from __future__ import annotations

import asyncio
import json
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest
from serve_support import TIMEOUT, Client, create_game, served

from rummykit.core.errors import IllegalMove
from rummykit.core.moves import Move
from rummykit.play.bots import Bot
from rummykit.round.views import PlayerView
from rummykit.serve import GameRegistry, GameStore, ServerLimits
from rummykit.serve.app import SocketSeat, answer, expire_off_loop
from rummykit.serve.games import Game, GameSpec
from rummykit.serve.store import StoredGame


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


class SlowRegistry(GameRegistry):
    """A registry whose games take a while to make (as a bot that moves first
    and thinks would), so that requests overlap."""

    def made(self, spec: GameSpec) -> tuple[Game, dict[int, str]]:
        time.sleep(0.3)
        return super().made(spec)


def test_games_being_made_count_toward_an_address_s_limit() -> None:
    limits = ServerLimits(open_games_per_client=2, games_per_minute=100)
    body = {"variant": "gin", "players": 2, "bots": {"1": "random"}}
    with served(SlowRegistry(secret=lambda: b"test"), limits) as (base, registry):
        with ThreadPoolExecutor(6) as pool:
            post = lambda _: httpx.post(f"{base}/api/games", json=body, timeout=TIMEOUT)  # noqa: E731
            answers = list(pool.map(post, range(6)))
        held = len(registry.games)
    codes = sorted(answer.status_code for answer in answers)
    assert codes == [201, 201, 429, 429, 429, 429] and held == 2
    assert {a.json()["error"]["code"] for a in answers if a.status_code == 429} == {"request.too-many-games"}


def test_a_cancelled_action_holds_the_game_until_its_thread_is_done_and_is_told() -> None:
    """A task waiting for an action's thread may be cancelled (a server
    stopping); the thread cannot be: the game's lock stays held until it
    ends, the stored action is told to the listeners, then the task ends."""
    registry = GameRegistry()
    game, _ = registry.create(GameSpec("rami51", players=2, bots=((1, "greedy"),), seed=3))
    assert game.state.to_move == 0  # (the bot has answered already, should it have been first)
    held = HeldBot(game.bots[1])
    game.bots[1] = held
    told: list[int] = []
    game.listeners.append(lambda: told.append(game.state_id))
    draw = json.dumps({"type": "move", "state_id": game.state_id, "move": "0: draw"})

    async def scene() -> tuple[bool, bool, int]:
        lock = asyncio.Lock()
        at = SocketSeat(registry, game, 0, lock)
        await answer(at, draw)
        discard = next(str(m) for m in game.state.legal_moves() if str(m).startswith("discard"))
        move = json.dumps({"type": "move", "state_id": game.state_id, "move": f"0: {discard}"})
        task = asyncio.create_task(answer(at, move))
        while not held.thinking.is_set():
            await asyncio.sleep(0.01)
        task.cancel()
        await asyncio.sleep(0.1)
        locked_while_thinking = lock.locked() and not task.done()
        held.go.set()
        with pytest.raises(asyncio.CancelledError):
            await task
        return locked_while_thinking, lock.locked(), len(told)

    locked_while_thinking, locked_after, changes = asyncio.run(scene())
    assert locked_while_thinking and not locked_after
    assert changes == 2 and told[-1] == game.state_id and game.state.to_move == 0


# --------------------------------------------------------------------------- the store off the loop


class WatchedStore(GameStore):
    """A store that says which ids it was asked for (``asked``), in the order asked."""

    def __init__(self, path: Path) -> None:
        super().__init__(path)
        self.asked: list[str] = []

    def load(self, game_id: str) -> StoredGame | None:
        self.asked.append(game_id)
        return super().load(game_id)


class Released(threading.Event):
    """Set once a held store's lock is let go; ``let_go`` lets it go."""

    def __init__(self) -> None:
        super().__init__()
        self.go = threading.Event()

    def let_go(self) -> None:
        self.go.set()


@contextmanager
def held(store: GameStore) -> Iterator[Released]:
    """The store's lock held by another thread until the block ends (or is
    let go, at most TIMEOUT), as a commit waiting for a locked database
    holds it for up to its busy timeout."""
    taken, released = threading.Event(), Released()

    def hold() -> None:
        with store._lock:
            taken.set()
            released.go.wait(TIMEOUT)
        released.set()

    holder = threading.Thread(target=hold, daemon=True)
    holder.start()
    assert taken.wait(TIMEOUT)
    try:
        yield released
    finally:
        released.let_go()
        holder.join(TIMEOUT)


def wait_until(check: Callable[[], bool]) -> None:
    for _ in range(TIMEOUT * 100):
        if check():
            return
        time.sleep(0.01)
    raise AssertionError("never came true")


def test_looking_up_unknown_games_in_a_held_store_stops_no_other_request(tmp_path: Path) -> None:
    """An id not held in memory is looked up in the store, which a commit
    may hold for seconds: the lookup (HTTP and WebSocket) waits in a worker
    thread, and the event loop serves everything else meanwhile."""
    store = WatchedStore(tmp_path / "games.sqlite3")
    with served(GameRegistry(store, secret=lambda: b"test")) as (base, _):
        created = create_game(base, variant="gin", players=2, bots={"1": "random"}, seed=1)
        seat = Client(base, created["game"], created["seats"]["0"])
        seat.receive()
        found: dict[str, object] = {}

        def record() -> None:
            found["record"] = httpx.get(f"{base}/api/games/nosuchgame/record", timeout=TIMEOUT).status_code

        def socket() -> None:
            found["socket"] = Client(base, "nosuchgame").receive()["code"]

        with held(store) as released:
            store.asked.clear()
            lookups = [threading.Thread(target=record), threading.Thread(target=socket)]
            for lookup in lookups:
                lookup.start()
            wait_until(lambda: store.asked == ["nosuchgame"] * 2)  # both wait in the store now
            variants = httpx.get(f"{base}/api/variants", timeout=TIMEOUT).status_code
            seat.send({"type": "check", "state_id": seat.state_id, "move": "draw"})
            checked = seat.reply()["type"]
            served_while_held, found_while_held = not released.is_set(), dict(found)
        for lookup in lookups:
            lookup.join(TIMEOUT)
        seat.close()
    assert (variants, checked, served_while_held, found_while_held) == (200, "checked", True, {})
    assert found == {"record": 404, "socket": "game.not-found"}


def test_an_idle_game_is_deleted_from_a_held_store_off_the_event_loop(tmp_path: Path) -> None:
    """The sweeper's delete waits in a worker thread: the loop runs on, and
    the game, out of reach meanwhile (no socket may join it), keeps its room."""
    clock = [0.0]
    store = GameStore(tmp_path / "games.sqlite3")
    registry = GameRegistry(store, max_games=2, idle_seconds=60, clock=lambda: clock[0])
    idle, _ = registry.create(GameSpec("gin", players=2, bots=((1, "random"),), seed=1))
    clock[0] += 61

    async def scene(released: threading.Event, let_go: Callable[[], None]) -> tuple[object, ...]:
        expiring = asyncio.create_task(expire_off_loop(registry))
        for _ in range(20):
            await asyncio.sleep(0.01)  # the loop runs while the delete waits
        during = (idle.id in registry.games, registry.reserved, expiring.done(), released.is_set())
        let_go()
        return during, await expiring, registry.reserved

    with held(store) as released:
        during, expired, reserved = asyncio.run(scene(released, released.let_go))
    assert during == (False, 1, False, False)
    assert expired == [idle.id] and reserved == 0 and store.load(idle.id) is None
