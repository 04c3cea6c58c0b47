"""The games a server holds, by id: at most ``max_games`` of them in memory,
each action one transaction of its store (when it has one), and the games
nobody plays any more expired.

>>> registry = GameRegistry()
>>> game, tokens = registry.create(GameSpec("rami51", players=2, bots=((1, "random"),), seed=1))
>>> registry.get(game.id) is game
True
"""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from rummykit.core.errors import IllegalMove
from rummykit.serve.games import LOG, Game, GameSpec, game_from_document, new_game, new_secret
from rummykit.serve.store import GameStore, StoreFailure

__all__ = ["DEFAULT_IDLE_SECONDS", "DEFAULT_MAX_GAMES", "GameRegistry", "UnknownGame"]

DEFAULT_MAX_GAMES = 1000
"""How many games a server holds in memory unless told otherwise (``--max-games``)."""

DEFAULT_IDLE_SECONDS = 3600.0
"""How long an unfinished game may go without an action and without a socket
before it expires (``--idle-timeout``)."""

READ_BACK_GAMES = 32
"""How many finished games read back from the store are kept at hand, so that
asking for one again does not replay it again."""


class UnknownGame(LookupError):
    """No game has this id."""

    code = "game.not-found"

    def __init__(self, game_id: str) -> None:
        self.game_id = game_id
        super().__init__(f"no game has the id {game_id[:70]!r}")


def store_failed() -> IllegalMove:
    return IllegalMove("server.store-failed", "The server could not store this: nothing changed; try again.")


def server_error() -> IllegalMove:
    return IllegalMove("server.error", "The server failed to carry out the move: nothing changed.")


def remember(table: OrderedDict[str, Any], key: str, value: Any, most: int = READ_BACK_GAMES) -> None:
    """Put ``key`` last in ``table``, and forget the first keys past ``most``."""
    table[key] = value
    table.move_to_end(key)
    while len(table) > most:
        table.popitem(last=False)


class GameRegistry:
    """The games in memory. With a store, every action (a move and the bots'
    answers, a new round) is one transaction, committed before anyone is told
    of it; a transaction that fails leaves the game as it was and is refused
    with ``server.store-failed``. The games in the store are loaded at start;
    ``problems``: one line per stored game that could not be loaded (it is
    left out).

    At most ``max_games`` games are held: to make room for a new one, the
    finished games that no socket watches are dropped from memory, oldest
    first (a store keeps them, and :meth:`get` reads them back from it); when
    none can go, a new game is refused with ``game.limit``. An unfinished game
    with no action for ``idle_seconds`` and no socket open expires: it is
    forgotten, in memory and in the store (idle time counts from the server's
    start for the games it loads).

    The server reads and deletes in the store from worker threads, never on
    its event loop (a commit may hold the store for seconds): :meth:`get`
    and :meth:`expire` are each cut in steps for that, those of the store
    changing nothing else of the registry's.

    ``clock`` (seconds) and ``secret`` (a new game's secret, see
    :func:`~rummykit.serve.games.derived_seed`) are there for tests: a
    constant secret makes a seeded game's deals foreseeable, which is what a
    test wants and a server must not have."""

    def __init__(
        self,
        store: GameStore | None = None,
        max_games: int = DEFAULT_MAX_GAMES,
        idle_seconds: float = DEFAULT_IDLE_SECONDS,
        clock: Callable[[], float] = time.monotonic,
        secret: Callable[[], bytes] = new_secret,
    ) -> None:
        if isinstance(max_games, bool) or not isinstance(max_games, int) or max_games < 1:
            raise ValueError(f"max_games: expected an integer of at least 1, got {max_games!r}")
        seconds = idle_seconds
        if isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or not seconds > 0:
            raise ValueError(f"idle_seconds: expected a number of seconds above 0, got {idle_seconds!r}")
        self.store = store
        self.max_games = max_games
        self.idle_seconds = float(idle_seconds)
        self.clock = clock
        self.secret = secret
        self.games: dict[str, Game] = {}
        self.touched: dict[str, float] = {}  # game id -> the clock at its last action or socket
        self.read_back: OrderedDict[str, Game] = OrderedDict()
        self.problems: list[str] = []
        self.damaged: OrderedDict[str, None] = OrderedDict()  # ids of rows that could not be read back
        self.reserved = 0  # games being made (see reserve), for which room is kept
        if store is not None:
            documents, self.problems = store.load_all()
            for document in documents:
                self.hold(document)
            self.expire()
            self.make_room(0)

    def hold(self, document: dict[str, Any]) -> None:
        """Hold a stored game (or name it in ``problems`` and leave it out).
        A game stored before games had secrets is given one, and stored again."""
        try:
            game = game_from_document(document)
        except Exception as error:  # whatever a damaged row raises: name it, go on
            name = str(document.get("id"))[:70]
            self.problems.append(f"stored game {name!r}: cannot load it: {type(error).__name__}: {error}")
            return
        self.games[game.id] = game
        self.touched[game.id] = self.clock()
        if "secret" not in document or game.finished:
            try:
                self.commit(game, everything=True)
            except StoreFailure as error:
                self.problems.append(f"stored game {game.id!r}: cannot store it again: {error}")

    # ------------------------------------------------------------------ room
    def make_room(self, wanted: int = 1) -> bool:
        """Drop finished games that no socket watches (oldest first) until
        ``wanted`` more games fit under ``max_games``; whether they fit
        (:meth:`expire` first, to count the idle games out)."""
        for game_id, game in list(self.games.items()):
            if len(self.games) + wanted <= self.max_games:
                break
            if game.finished and not game.listeners:
                self.forget(game_id)
        return len(self.games) + wanted <= self.max_games

    def expire(self) -> list[str]:
        """Forget the unfinished games idle longer than ``idle_seconds`` with
        no socket open (in memory and in the store); their ids.

        The three steps of :meth:`take_idle`, :meth:`delete_stored` and
        :meth:`expired` (the server runs the middle one, the store's, in a
        worker thread)."""
        idle = self.take_idle()
        return self.expired(idle, self.delete_stored(list(idle)))

    def take_idle(self) -> dict[str, tuple[Game, float]]:
        """Forget in memory the unfinished games idle longer than
        ``idle_seconds`` with no socket open (nobody finds them any more,
        and a new game cannot take their id: the store still has it); each
        with its last activity, for :meth:`expired`. Their room is kept
        (``reserved``) until then."""
        now = self.clock()
        idle = {
            game_id: (game, self.touched[game_id])
            for game_id, game in self.games.items()
            if not game.finished and not game.listeners and now - self.touched[game_id] > self.idle_seconds
        }
        for game_id in idle:
            self.forget(game_id)
        self.reserved += len(idle)
        return idle

    def delete_stored(self, game_ids: list[str]) -> set[str]:
        """Delete these games from the store; the ids that could not be
        (logged). It touches the store only, so it may run in a worker thread."""
        failed: set[str] = set()
        for game_id in game_ids:
            if self.store is None:
                break
            try:
                self.store.delete(game_id)
            except StoreFailure as error:
                LOG.error("game %s: expired, but not deleted from the store: %s", game_id, error)
                failed.add(game_id)
        return failed

    def expired(self, idle: dict[str, tuple[Game, float]], failed: set[str]) -> list[str]:
        """After :meth:`delete_stored`: the games still stored are held again,
        as idle as they were (the next sweep tries again); the ids of the others."""
        self.reserved -= len(idle)
        for game_id in failed:
            self.games[game_id], self.touched[game_id] = idle[game_id]
        return [game_id for game_id in idle if game_id not in failed]

    def forget(self, game_id: str) -> None:
        del self.games[game_id]
        del self.touched[game_id]

    # ------------------------------------------------------------------ games
    def create(self, spec: GameSpec) -> tuple[Game, dict[int, str]]:
        """A new game (ValueError for a spec that cannot be played) and its
        seats' tokens. IllegalMove ``game.limit`` (nothing changed) when the
        server holds ``max_games`` games and none of them can be dropped;
        ``server.store-failed`` when the game could not be stored.

        The three steps of :meth:`reserve`, :meth:`made` and :meth:`hold_new`
        (the server runs the middle one, where the bots that move first
        think, in a worker thread)."""
        self.expire()
        self.reserve(spec)
        try:
            game, tokens = self.made(spec)
        except BaseException:
            self.reserved -= 1
            raise
        self.hold_new(game)
        return game, tokens

    def reserve(self, spec: GameSpec) -> None:
        """Check ``spec`` and make room for one more game, counting the games
        being made and the idle ones being deleted (IllegalMove ``game.limit`` when none can go); the room is
        then held for it until :meth:`hold_new`, or given back by taking one
        from ``reserved``."""
        spec.check()
        if not self.make_room(1 + self.reserved):
            raise IllegalMove(
                "game.limit",
                "The server holds {limit} games, as many as it may: try again once a game is over.",
                limit=self.max_games,
            )
        self.reserved += 1

    def made(self, spec: GameSpec) -> tuple[Game, dict[int, str]]:
        """A new game of ``spec`` (the bots that move first have moved) and
        its tokens, stored but not yet held. It changes nothing of the
        registry's (it reads the held ids and the store), so it may run in
        a worker thread."""
        try:
            game, tokens = new_game(spec, secret=self.secret())
            while self.taken(game.id):
                game, tokens = new_game(spec, secret=self.secret())  # a repeated random id: deal again
            self.commit(game, everything=True)
        except StoreFailure as error:
            LOG.error("a new game was not stored: %s", error)
            raise store_failed() from None
        except (ValueError, IllegalMove):
            raise
        except Exception:  # a fault of the server's (a bot that moves first, say): logged
            LOG.exception("a new game of %s failed inside the server", spec.variant)
            raise server_error() from None
        return game, tokens

    def hold_new(self, game: Game) -> None:
        """Hold a game :meth:`made` in the room :meth:`reserve` kept for it."""
        self.reserved -= 1
        self.games[game.id] = game
        self.touched[game.id] = self.clock()

    def taken(self, game_id: str) -> bool:
        """Whether a game of this id is held or stored (a damaged row counts)."""
        if game_id in self.games:
            return True
        try:
            return self.store is not None and self.store.load(game_id) is not None
        except ValueError:
            return True

    def get(self, game_id: str) -> Game:
        """The game of this id: in memory, or a finished game dropped from
        memory and read back from the store (it is not held again: nothing
        more can happen in it; the last few read back are kept at hand).

        The steps of :meth:`at_hand`, then (when :meth:`may_be_stored`)
        :meth:`read_stored` and :meth:`keep_read`: the server runs the
        store's step in a worker thread."""
        game = self.at_hand(game_id)
        if game is None and self.may_be_stored(game_id):
            game = self.keep_read(game_id, self.read_stored(game_id))
        if game is None:
            raise UnknownGame(game_id)
        return game

    def at_hand(self, game_id: str) -> Game | None:
        """The game of this id if it is held, or was read back lately; or None."""
        game = self.games.get(game_id)
        if game is None and game_id in self.read_back:
            self.read_back.move_to_end(game_id)
            game = self.read_back[game_id]
        return game

    def may_be_stored(self, game_id: str) -> bool:
        """Whether the store is worth asking for this id (not a row found damaged)."""
        return self.store is not None and game_id not in self.damaged

    def read_stored(self, game_id: str) -> tuple[Game | None, bool]:
        """A finished game of the store (None: no such finished game), and
        whether its row is damaged. It touches the store only, so it may run
        in a worker thread (two may read the same id: :meth:`keep_read`
        keeps one)."""
        try:
            document = None if self.store is None else self.store.load(game_id)
            game = None if document is None else game_from_document(document)
        except StoreFailure as error:
            LOG.error("stored game %r: cannot read it: %s", game_id[:70], error)
            return None, False
        except Exception as error:  # a damaged row: the game is not there (and is not read again)
            LOG.error("stored game %r: cannot load it: %s: %s", game_id[:70], type(error).__name__, error)
            return None, True
        return (game if game is not None and game.finished else None), False

    def keep_read(self, game_id: str, read: tuple[Game | None, bool]) -> Game | None:
        """What :meth:`read_stored` read, kept at hand; a game of this id
        held or kept meanwhile wins, so that an id has one game object."""
        game, damaged = read
        if damaged:
            remember(self.damaged, game_id, None, most=1024)
            return None
        known = self.at_hand(game_id)
        if known is not None or game is None:
            return known
        remember(self.read_back, game_id, game)
        return game

    # ------------------------------------------------------------------ sockets
    def watch(self, game: Game, listener: Callable[[], None], seat: int | None) -> None:
        """A socket starts to follow ``game``: a seat's counts as activity, a spectator's does not."""
        game.listeners.append(listener)
        if seat is not None:
            self.touch(game)

    def unwatch(self, game: Game, listener: Callable[[], None], seat: int | None) -> None:
        game.listeners.remove(listener)
        if seat is not None:
            self.touch(game)

    def touch(self, game: Game) -> None:
        if game.id in self.touched:
            self.touched[game.id] = self.clock()

    # ------------------------------------------------------------------ actions
    def move(self, game: Game, seat: int | None, state_id: int, text: str) -> None:
        """:meth:`Game.move` and the bots' answers, as one transaction."""
        self.act(game, lambda: game.move(seat, state_id, text))

    def next_round(self, game: Game, seat: int | None, state_id: int) -> None:
        """:meth:`Game.next_round` and the bots' moves, as one transaction."""
        self.act(game, lambda: game.next_round(seat, state_id))

    def act(self, game: Game, action: Callable[[], None]) -> None:
        """Run ``action`` on ``game`` and store the game; only then tell its
        listeners. Should the action be refused, or the game not be stored,
        the game is put back as it was and IllegalMove says why.

        :meth:`transact`, then :meth:`acted` (the server runs the first,
        where the bots think, in a worker thread)."""
        self.transact(game, action)
        self.acted(game)

    def transact(self, game: Game, action: Callable[[], None]) -> None:
        """Run ``action`` on ``game`` and store the game, telling nobody; put
        the game back and raise IllegalMove when either fails. It changes
        nothing of the registry's but the game, so it may run in a worker
        thread while nothing else reads or changes that game."""
        before = game.snapshot()
        try:
            action()
            self.commit(game)
        except IllegalMove:
            game.restore(before)
            raise
        except StoreFailure as error:
            game.restore(before)
            LOG.error("game %s: state %d: an action was not stored: %s", game.id, before.state_id, error)
            raise store_failed() from None
        except Exception:  # a fault of the server's own: the game goes back, the fault is logged
            game.restore(before)
            LOG.exception("game %s: state %d: an action failed inside the server", game.id, before.state_id)
            raise server_error() from None

    def acted(self, game: Game) -> None:
        """After a stored action: the game counts as active, and its listeners are told."""
        self.touch(game)
        game.changed()

    def commit(self, game: Game, *, everything: bool = False) -> None:
        """Store the game's header and its current round (every round with
        ``everything``) in one transaction (StoreFailure when it fails)."""
        if self.store is None:
            return
        rounds = enumerate(game.rounds, start=1) if everything else [(len(game.rounds), game.rounds[-1])]
        self.store.save(
            game.id,
            game.header(),
            [(number, record.document()) for number, record in rounds],
            finished=game.finished,
        )
