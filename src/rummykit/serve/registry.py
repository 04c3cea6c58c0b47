"""The games a server holds, by id, kept in its store after every action when
it has one.

>>> registry = GameRegistry()
>>> game, tokens = registry.create(GameSpec("rami51", players=2, bots=((1, "random"),), seed=1))
>>> registry.get(game.id) is game
True
"""

from __future__ import annotations

from typing import Any

from rummykit.serve.games import Game, GameSpec, game_from_document, new_game
from rummykit.serve.store import GameStore

__all__ = ["GameRegistry", "UnknownGame"]


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
    could not be loaded (it is left out)."""

    def __init__(self, store: GameStore | None = None) -> None:
        self.store = store
        self.games: dict[str, Game] = {}
        self.problems: list[str] = []
        if store is not None:
            documents, self.problems = store.load_all()
            for document in documents:
                self.load(document)

    def load(self, document: Any) -> None:
        try:
            game = game_from_document(document)
        except (ValueError, KeyError, TypeError) as error:
            name = document.get("id") if isinstance(document, dict) else None
            self.problems.append(f"stored game {name!r}: cannot load it: {error}")
            return
        self.games[game.id] = game

    def create(self, spec: GameSpec) -> tuple[Game, dict[int, str]]:
        """A new game (ValueError for a spec that cannot be played) and its seats' tokens."""
        game, tokens = new_game(spec)
        while game.id in self.games:  # a repeated random id: deal again under a new one
            game, tokens = new_game(spec)
        self.games[game.id] = game
        self.save(game)
        return game, tokens

    def get(self, game_id: str) -> Game:
        game = self.games.get(game_id)
        if game is None:
            raise UnknownGame(game_id)
        return game

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
