"""Running the application: ``rummykit serve`` in the foreground, or a server
in a thread of this process (for tests and benchmarks) that stops when the
``with`` block ends.
"""

from __future__ import annotations

import asyncio
import os
import re
import socket
import subprocess
import sys
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Any

import h11
import uvicorn
from starlette.applications import Starlette
from uvicorn.protocols.http.h11_impl import H11Protocol

from rummykit.serve.app import create_app
from rummykit.serve.limits import ServerLimits
from rummykit.serve.registry import DEFAULT_IDLE_SECONDS, DEFAULT_MAX_GAMES, GameRegistry
from rummykit.serve.store import GameStore

__all__ = [
    "LISTENING",
    "MAX_FRAME_BYTES",
    "MAX_HEADER_BYTES",
    "AnnouncingServer",
    "BoundedH11Protocol",
    "ServeConfig",
    "header_length",
    "make_server",
    "run",
    "running",
    "spawned",
]

MAX_FRAME_BYTES = 1024 * 1024
"""The largest WebSocket frame the server takes in at all; a larger one closes
the connection (code 1009). Messages above 16 KiB and up to this size get an
``error`` message instead, and the connection stays open."""


MAX_HEADER_BYTES = 16 * 1024
"""The most a request's header may hold, whole or still arriving; more is
answered 400 and closed."""

KEEP_ALIVE_SECONDS = 5
"""A connection idle between two requests is closed after this long (uvicorn's ``timeout_keep_alive``)."""

PING_SECONDS = 20.0
"""A socket is pinged after this long without a frame, and closed if its
peer has not answered this long after: a client that stops reading (and so
stops answering pings) is closed within about 40 s."""


def make_server(
    app: Starlette, host: str, port: int, forwarded_allow_ips: str | None = None
) -> uvicorn.Server:
    """A uvicorn server of ``app``, within the connection limits of the
    :class:`ServerLimits` that :func:`~rummykit.serve.app.create_app` gave
    it (see :class:`BoundedH11Protocol`). WebSocket compression is off: a
    compressed frame may inflate a thousandfold, and no message of the
    protocol is large enough to gain from it. ``forwarded_allow_ips``: the
    proxies whose X-Forwarded-For names the client (uvicorn's default:
    127.0.0.1 only, or the FORWARDED_ALLOW_IPS environment variable)."""
    limits = getattr(app.state, "limits", None)
    config = ServeConfig(
        app,
        limits if isinstance(limits, ServerLimits) else ServerLimits(),
        host=host,
        port=port,
        http=BoundedH11Protocol,
        h11_max_incomplete_event_size=MAX_HEADER_BYTES,
        timeout_keep_alive=KEEP_ALIVE_SECONDS,
        log_level="warning",
        ws_max_size=MAX_FRAME_BYTES,
        ws_per_message_deflate=False,
        ws_ping_interval=PING_SECONDS,
        ws_ping_timeout=PING_SECONDS,
        forwarded_allow_ips=forwarded_allow_ips,
        lifespan="on",
    )
    return AnnouncingServer(config)


class ServeConfig(uvicorn.Config):
    """uvicorn's configuration, with the limits the protocol reads (``limits``)."""

    def __init__(self, app: Starlette, limits: ServerLimits, **options: Any) -> None:
        super().__init__(app, **options)
        self.limits = limits


def plain_response(status: bytes, text: str) -> bytes:
    """A whole HTTP/1.1 response that closes the connection, ``text`` its body."""
    body = text.encode("utf-8")
    head = f"content-type: text/plain; charset=utf-8\r\ncontent-length: {len(body)}\r\nconnection: close"
    return b"HTTP/1.1 " + status + b"\r\n" + head.encode("ascii") + b"\r\n\r\n" + body


TOO_MANY_CONNECTIONS = plain_response(
    b"503 Service Unavailable", "The server has as many connections as it may.\n"
)
REQUEST_TIMEOUT = plain_response(b"408 Request Timeout", "The request did not arrive whole in time.\n")
HEADER_TOO_LARGE = plain_response(b"400 Bad Request", "The request's header is larger than 16 KiB.\n")

_HEADER_END = re.compile(rb"\n\r?\n")  # where h11 ends a header: an empty line


def header_length(buffered: bytes) -> int | None:
    """The length of the header that ``buffered`` (a request's first bytes,
    as received) begins with, its empty line included; None while it has
    none yet. Empty lines before a request are not counted, as h11 skips them."""
    start = len(buffered) - len(buffered.lstrip(b"\r\n"))
    end = _HEADER_END.search(buffered, start)
    return None if end is None else end.end() - start


class BoundedH11Protocol(H11Protocol):
    """uvicorn's HTTP/1.1 protocol (h11) with two more bounds, from the
    config's :class:`ServerLimits`:

    - ``connections``: a connection beyond that many open (HTTP and
      WebSocket) is written a 503 and closed as it is accepted (a client
      whose request is already sent may see a reset instead), before it
      costs a buffer. uvicorn's own ``limit_concurrency`` answers 503 only
      once a whole request has come, so it never refuses a client that
      keeps its header unfinished, and it lets WebSocket upgrades through;
    - a header of more than MAX_HEADER_BYTES is answered 400 and closed,
      whether it is still arriving or came whole in one read (h11's own
      bound, ``max_incomplete_event_size``, counts only a header still
      unfinished after a read);
    - ``request_seconds``: a request must arrive whole, header and body,
      within that long of its first byte (a new connection: of its
      opening), or the connection is closed (answered 408 first when part
      of a header came: nothing answers it yet; a connection that sent
      nothing is closed silently, as an idle one is). uvicorn bounds only the idle time between two requests
      (``timeout_keep_alive``).

    A WebSocket leaves the protocol once its upgrade request is whole; its
    pings bound it from then on."""

    def __init__(
        self, config: uvicorn.Config, server_state: Any, app_state: dict[str, Any], **options: Any
    ) -> None:
        super().__init__(config, server_state, app_state, **options)
        limits = config.limits if isinstance(config, ServeConfig) else ServerLimits()
        self.most_connections = limits.connections
        self.request_seconds = limits.request_seconds
        self.request_timer: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        if len(self.connections) > self.most_connections:
            transport.write(TOO_MANY_CONNECTIONS)
            transport.close()
            return
        self.start_request_timer()

    def data_received(self, data: bytes) -> None:
        if self.conn.their_state is h11.IDLE:
            self.start_request_timer()  # a request begins (unless one is already timed)
        super().data_received(data)
        if self.conn.their_state not in (h11.IDLE, h11.SEND_BODY):
            self.stop_request_timer()  # the request is whole (or the connection is done)

    def handle_events(self) -> None:
        """h11 reads what has come; before it reads a new request (a new
        connection's, or the next one on it once the last is answered,
        pipelined ones too), a header past MAX_HEADER_BYTES is answered 400."""
        if self.conn.their_state is h11.IDLE and self.header_too_large():
            self.transport.write(HEADER_TOO_LARGE)
            self.transport.close()
            return
        super().handle_events()

    def header_too_large(self) -> bool:
        """Does the header of the request h11 is to read next hold more than
        MAX_HEADER_BYTES? (What it holds unread begins with that request.)"""
        buffered = self.conn.trailing_data[0]
        if len(buffered) <= MAX_HEADER_BYTES:
            return False
        length = header_length(bytes(buffered))
        return (len(buffered) if length is None else length) > MAX_HEADER_BYTES

    def on_response_complete(self) -> None:
        super().on_response_complete()  # (which reads a request sent meanwhile, if any)
        # The next request is timed while part of it is still to come: its
        # body, or the rest of a header begun; one that came whole (pipelined)
        # is not, nor is an idle connection (timeout_keep_alive closes it).
        conn = self.conn
        arriving = conn.their_state is h11.SEND_BODY or (
            conn.their_state is h11.IDLE and bool(conn.trailing_data[0])
        )
        if arriving and not self.transport.is_closing():
            self.start_request_timer()
        else:
            self.stop_request_timer()

    def handle_websocket_upgrade(self, event: h11.Request) -> None:
        self.stop_request_timer()
        super().handle_websocket_upgrade(event)

    def connection_lost(self, exc: Exception | None) -> None:
        self.stop_request_timer()
        super().connection_lost(exc)

    def start_request_timer(self) -> None:
        if self.request_timer is None:
            self.request_timer = self.loop.call_later(self.request_seconds, self.request_timed_out)

    def stop_request_timer(self) -> None:
        if self.request_timer is not None:
            self.request_timer.cancel()
            self.request_timer = None

    def request_timed_out(self) -> None:
        """Close the connection whose request did not arrive whole in time."""
        self.request_timer = None
        if self.transport.is_closing():
            return
        unfinished_header = self.conn.their_state is h11.IDLE and bool(self.conn.trailing_data[0])
        if unfinished_header and self.conn.our_state is h11.IDLE:
            self.transport.write(REQUEST_TIMEOUT)  # (no request read: no answer begun either)
        self.transport.close()


class AnnouncingServer(uvicorn.Server):
    """A uvicorn server that says on standard error where it listens, once it
    does (with port 0, the port it was given)."""

    async def startup(self, sockets: list[socket.socket] | None = None) -> None:
        await super().startup(sockets=sockets)
        if self.started:
            print(f"{LISTENING} {base_url(self)}/", file=sys.stderr, flush=True)


LISTENING = "rummykit serve: listening on"


def base_url(server: uvicorn.Server) -> str:
    host, port = next(s for srv in server.servers for s in srv.sockets).getsockname()[:2]
    return f"http://{host}:{port}"


def run(
    host: str = "127.0.0.1",
    port: int = 8000,
    store: Path | None = None,
    max_games: int = DEFAULT_MAX_GAMES,
    limits: ServerLimits | None = None,
    idle_seconds: float = DEFAULT_IDLE_SECONDS,
    forwarded_allow_ips: str | None = None,
) -> None:
    """Serve until interrupted; with ``store``, the games are kept in that
    SQLite database (or a folder of the older format, imported once); at most
    ``max_games`` games are held in memory; ``limits`` bound what one client
    may cost; an unfinished game idle for ``idle_seconds`` expires;
    ``forwarded_allow_ips``: the proxies trusted to name the client."""
    registry = GameRegistry(None if store is None else GameStore(store), max_games, idle_seconds)
    for problem in registry.problems:
        print(f"rummykit serve: {problem}", file=sys.stderr)
    if registry.store is not None:
        loaded = f"{len(registry.games)} game(s) loaded from {registry.store.path}"
        print(f"rummykit serve: {loaded}", file=sys.stderr, flush=True)
    make_server(create_app(registry, limits), host, port, forwarded_allow_ips).run()


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
        yield base_url(server)
    finally:
        server.should_exit = True
        thread.join(10)


@contextmanager
def spawned(
    options: Sequence[str] = (), log: Path | None = None, timeout: float = 60
) -> Iterator[tuple[subprocess.Popen[bytes], str]]:
    """``rummykit serve OPTIONS`` in a process of its own on 127.0.0.1 (a port
    it picks), for load and fault tests: yields the process and the base URL
    once the server listens. The process is killed, if it still runs, when
    the block ends; its standard error goes on to ``log`` (by default, nowhere)."""
    command = [sys.executable, "-c", "from rummykit.play.cli import main; raise SystemExit(main())"]
    command += ["serve", "--host", "127.0.0.1", "--port", "0", *options]
    process = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE)  # fmt: skip
    try:
        base = listening(process, log, timeout)
        yield process, base
    finally:
        if process.poll() is None:
            process.kill()
        process.wait()


def listening(process: subprocess.Popen[bytes], log: Path | None, timeout: float) -> str:
    """The base URL the spawned server says it listens on; its standard error
    is then copied to ``log`` (or dropped) by a thread, so that it never fills."""
    stream = process.stderr
    if stream is None:
        raise RuntimeError("rummykit serve was started without a pipe for its standard error")
    found: list[str] = []
    ready = threading.Event()

    def copy(stream: IO[bytes]) -> None:
        with open(log, "ab") if log is not None else open(os.devnull, "wb") as out:
            for line in stream:
                out.write(line)
                out.flush()
                text = line.decode("utf-8", "replace")
                if not found and text.startswith(LISTENING):
                    found.append(text[len(LISTENING) :].strip().rstrip("/"))
                    ready.set()
        ready.set()

    threading.Thread(target=copy, args=(stream,), daemon=True).start()
    if not ready.wait(timeout) or not found:
        status = process.poll()
        raise RuntimeError(f"rummykit serve did not start listening within {timeout} s (status {status})")
    return found[0]
