"""Running the application: ``rummykit serve`` in the foreground, or a server
in a thread of this process (for tests and benchmarks) that stops when the
``with`` block ends.
"""

from __future__ import annotations

import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

import uvicorn
from starlette.applications import Starlette

from rummykit.serve.app import create_app
from rummykit.serve.limits import ServerLimits
from rummykit.serve.registry import DEFAULT_IDLE_SECONDS, DEFAULT_MAX_GAMES, GameRegistry
from rummykit.serve.store import GameStore

__all__ = ["MAX_FRAME_BYTES", "free_port", "make_server", "run", "running", "spawned"]

MAX_FRAME_BYTES = 1024 * 1024
"""The largest WebSocket frame the server takes in at all; a larger one closes
the connection (code 1009). Messages above 16 KiB and up to this size get an
``error`` message instead, and the connection stays open."""


def make_server(app: Starlette, host: str, port: int) -> uvicorn.Server:
    """A uvicorn server of ``app``. WebSocket compression is off: a compressed
    frame may inflate a thousandfold, and no message of the protocol is
    large enough to gain from it."""
    config = uvicorn.Config(
        app,
        host=host,
        port=port,
        log_level="warning",
        ws_max_size=MAX_FRAME_BYTES,
        ws_per_message_deflate=False,
        lifespan="off",
    )
    return uvicorn.Server(config)


def run(
    host: str = "127.0.0.1",
    port: int = 8000,
    store: Path | None = None,
    max_games: int = DEFAULT_MAX_GAMES,
    limits: ServerLimits | None = None,
    idle_seconds: float = DEFAULT_IDLE_SECONDS,
) -> None:
    """Serve until interrupted; with ``store``, the games are kept in that
    SQLite database (or a folder of the older format, imported once); at most
    ``max_games`` games are held in memory; ``limits`` bound what one client
    may cost; an unfinished game idle for ``idle_seconds`` expires."""
    registry = GameRegistry(None if store is None else GameStore(store), max_games, idle_seconds)
    for problem in registry.problems:
        print(f"rummykit serve: {problem}", file=sys.stderr)
    if registry.store is not None:
        loaded = f"{len(registry.games)} game(s) loaded from {registry.store.path}"
        print(f"rummykit serve: {loaded}", file=sys.stderr)
    print(f"rummykit serve: open http://{host}:{port}/", file=sys.stderr, flush=True)
    make_server(create_app(registry, limits), host, port).run()


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


def free_port(host: str = "127.0.0.1") -> int:
    """A port of ``host`` that nothing listens on now."""
    with socket.socket() as probe:
        probe.bind((host, 0))
        port: int = probe.getsockname()[1]
        return port


@contextmanager
def spawned(
    options: Sequence[str] = (), port: int | None = None, log: Path | None = None, timeout: float = 60
) -> Iterator[tuple[subprocess.Popen[bytes], str]]:
    """``rummykit serve OPTIONS`` in a process of its own on 127.0.0.1, for
    load and fault tests: yields the process and the base URL once the server
    answers. The process is killed, if it still runs, when the block ends;
    its standard error goes to ``log`` (by default, nowhere)."""
    port = free_port() if port is None else port
    command = [sys.executable, "-c", "from rummykit.cli import main; raise SystemExit(main())"]
    command += ["serve", "--host", "127.0.0.1", "--port", str(port), *options]
    if log is None:
        process = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                   stderr=subprocess.DEVNULL)  # fmt: skip
    else:
        with open(log, "ab") as errors:
            process = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=errors, stderr=errors)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + timeout
        while not answers(base):
            if process.poll() is not None:
                raise RuntimeError(f"rummykit serve exited with status {process.returncode} before answering")
            if time.monotonic() > deadline:
                raise RuntimeError(f"rummykit serve did not answer on {base} within {timeout} s")
            time.sleep(0.05)
        yield process, base
    finally:
        if process.poll() is None:
            process.kill()
        process.wait()


def answers(base: str) -> bool:
    try:
        with urllib.request.urlopen(f"{base}/api/labels", timeout=2) as response:
            return bool(response.status == 200)
    except (OSError, urllib.error.URLError):
        return False
