"""``rummykit serve``: a reference game server for browsers and other clients.

Games of any bundled variant, seats joined with secret tokens, each seat's
view sent over a WebSocket after every move, moves checked against the state
they were made for, bots answering on the server, whole matches, spectators,
records to download, and (with a store: an SQLite database) games that
survive a restart with every move anyone was told of.
It needs the ``serve`` extra (``.venv/bin/pip install ".[serve]"`` in the root
folder of the clone, in the environment the README's set-up made); see
docs/serve.md for the protocol.
"""

from rummykit.serve.app import create_app
from rummykit.serve.games import Game, GameSpec
from rummykit.serve.limits import ServerLimits
from rummykit.serve.registry import GameRegistry
from rummykit.serve.server import run, running
from rummykit.serve.store import GameStore

__all__ = ["Game", "GameRegistry", "GameSpec", "GameStore", "ServerLimits", "create_app", "run", "running"]
