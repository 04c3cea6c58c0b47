"""Running the application: ``rummykit serve`` in the foreground, or a server
in a thread of this process (for tests and benchmarks) that stops when the
``with`` block ends.
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import uvicorn
from starlette.applications import Starlette

from rummykit.serve.app import create_app
from rummykit.serve.registry import DEFAULT_MAX_GAMES, GameRegistry
from rummykit.serve.store import GameStore

__all__ = ["MAX_FRAME_BYTES", "make_server", "run", "running"]

MAX_FRAME_BYTES = 1024 * 1024
"""The largest WebSocket frame the server takes in at all; a larger one closes
the connection (code 1009). Messages above 16 KiB and up to this size get an
``error`` message instead, and the connection stays open."""


def make_server(app: Starlette, host: str, port: int) -> uvicorn.Server:
    config = uvicorn.Config(
        app, host=host, port=port, log_level="warning", ws_max_size=MAX_FRAME_BYTES, lifespan="off"
    )
    return uvicorn.Server(config)


def run(
    host: str = "127.0.0.1",
    port: int = 8000,
    store: Path | None = None,
    max_games: int = DEFAULT_MAX_GAMES,
) -> None:
    """Serve until interrupted; with ``store``, the games are kept in that
    folder; at most ``max_games`` games are held in memory."""
    registry = GameRegistry(None if store is None else GameStore(store), max_games)
    for problem in registry.problems:
        print(f"rummykit serve: {problem}", file=sys.stderr)
    if store is not None:
        print(f"rummykit serve: {len(registry.games)} game(s) loaded from {store}", file=sys.stderr)
    print(f"rummykit serve: open http://{host}:{port}/", file=sys.stderr)
    make_server(create_app(registry), host, port).run()


@contextmanager
def running(app: Starlette, host: str = "127.0.0.1", port: int = 0) -> Iterator[str]:
    """Serve ``app`` in a thread while the block runs; yields the base URL
    (``http://127.0.0.1:<port>``, port 0: a free port). The server stops,
    and the thread ends, when the block is left."""
    server = make_server(app, host, port)
    thread = threading.Thread(target=server.run, name="rummykit-serve", daemon=True)
    thread.start()
    try:
        while not server.started:
            if not thread.is_alive():
                raise RuntimeError(f"the server could not start on {host}:{port}")
            thread.join(0.01)
        sockets = [s for srv in server.servers for s in srv.sockets]
        yield f"http://{host}:{sockets[0].getsockname()[1]}"
    finally:
        server.should_exit = True
        thread.join(10)
