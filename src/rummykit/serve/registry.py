"""The games a server holds, by id, kept in its store after every action when
it has one, at most ``max_games`` of them in memory.

>>> registry = GameRegistry()
>>> game, tokens = registry.create(GameSpec("rami51", players=2, bots=((1, "random"),), seed=1))
>>> registry.get(game.id) is game
True
"""

from __future__ import annotations

from typing import Any

from rummykit.errors import IllegalMove
from rummykit.serve.games import Game, GameSpec, game_from_document, new_game
from rummykit.serve.store import GameStore

__all__ = ["DEFAULT_MAX_GAMES", "GameRegistry", "UnknownGame"]

DEFAULT_MAX_GAMES = 1000
"""How many games a server holds in memory unless told otherwise (``--max-games``)."""


class UnknownGame(LookupError):
    """No game has this id."""

    code = "game.not-found"

    def __init__(self, game_id: str) -> None:
        self.game_id = game_id
        super().__init__(f"no game has the id {game_id!r}")


class GameRegistry:
    """The games in memory; with a store, every game is written after every
    action (a move and the bots' answers, a new round), and the games in the
    store are loaded at start. ``problems``: one line per stored game that
    could not be loaded (it is left out).

    At most ``max_games`` games are held: to make room for a new one, the
    finished games that no socket watches are dropped from memory, oldest
    first (a store keeps them, and :meth:`get` reads them back from it); when
    none can go, a new game is refused with ``game.limit``."""

    def __init__(self, store: GameStore | None = None, max_games: int = DEFAULT_MAX_GAMES) -> None:
        if isinstance(max_games, bool) or not isinstance(max_games, int) or max_games < 1:
            raise ValueError(f"max_games: expected an integer of at least 1, got {max_games!r}")
        self.store = store
        self.max_games = max_games
        self.games: dict[str, Game] = {}
        self.problems: list[str] = []
        if store is not None:
            documents, self.problems = store.load_all()
            for document in documents:
                self.load(document)
            self.make_room(0)

    def load(self, document: Any) -> None:
        try:
            game = game_from_document(document)
        except (ValueError, KeyError, TypeError) as error:
            name = document.get("id") if isinstance(document, dict) else None
            self.problems.append(f"stored game {name!r}: cannot load it: {error}")
            return
        self.games[game.id] = game

    def make_room(self, wanted: int = 1) -> bool:
        """Drop finished games that no socket watches (oldest first) until
        ``wanted`` more games fit under ``max_games``; whether they fit."""
        for game_id, game in list(self.games.items()):
            if len(self.games) + wanted <= self.max_games:
                break
            if game.finished and not game.listeners:
                del self.games[game_id]
        return len(self.games) + wanted <= self.max_games

    def create(self, spec: GameSpec) -> tuple[Game, dict[int, str]]:
        """A new game (ValueError for a spec that cannot be played) and its
        seats' tokens. IllegalMove ``game.limit`` (nothing changed) when the
        server holds ``max_games`` games and none of them can be dropped."""
        spec.check()
        if not self.make_room():
            raise IllegalMove(
                "game.limit",
                "The server holds {limit} games, as many as it may: try again once a game is over.",
                limit=self.max_games,
            )
        game, tokens = new_game(spec)
        while game.id in self.games:  # a repeated random id: deal again under a new one
            game, tokens = new_game(spec)
        self.games[game.id] = game
        self.save(game)
        return game, tokens

    def get(self, game_id: str) -> Game:
        """The game of this id: in memory, or a finished game dropped from
        memory and read back from the store (it is not held again: nothing
        more can happen in it)."""
        game = self.games.get(game_id)
        if game is None:
            game = self.stored(game_id)
        if game is None:
            raise UnknownGame(game_id)
        return game

    def stored(self, game_id: str) -> Game | None:
        """A finished game of the store that is not in memory, or None."""
        document = None if self.store is None else self.store.load(game_id)
        if document is None:
            return None
        try:
            game = game_from_document(document)
        except (ValueError, KeyError, TypeError):
            return None
        return game if game.finished and game.id == game_id else None

    def move(self, game: Game, seat: int | None, state_id: int, text: str) -> None:
        """:meth:`Game.move`, then the game is stored."""
        game.move(seat, state_id, text)
        self.save(game)

    def next_round(self, game: Game, seat: int | None, state_id: int) -> None:
        """:meth:`Game.next_round`, then the game is stored."""
        game.next_round(seat, state_id)
        self.save(game)

    def save(self, game: Game) -> None:
        if self.store is not None:
            self.store.save(game.id, game.document())
