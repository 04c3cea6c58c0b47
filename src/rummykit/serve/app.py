"""The web application of ``rummykit serve`` (Starlette): the page, the HTTP
API and the WebSocket of each game. It reads and answers messages; the games
themselves are :mod:`rummykit.serve.games`' business.

Routes:

- ``GET /`` the page; ``GET /static/<file>`` its files.
- ``GET /api/variants`` the bundled variants.
- ``GET /api/labels?lang=nl`` the page's words in a language (English by default).
- ``POST /api/games`` a new game: its id and one token per human seat.
- ``GET /api/games/<id>/record`` the record of a finished round (``?round=N``, 1-based;
  default the current round).
- ``GET /api/games/<id>/labels`` the page's words in the game's language.
- ``GET /rules/<variant>`` a bundled variant's rules in words, as a page (``?lang=nl``; English by default).
- ``WebSocket /ws/games/<id>?token=<token>`` a seat's socket (no token: a spectator's).

What one client may cost is bounded (:class:`~rummykit.serve.limits.ServerLimits`):
sockets per game and per client address, games created per minute per
address, and what waits to be sent on a socket: the latest view only, and a
few replies (a socket that lets more pile up is closed).
"""

from __future__ import annotations

import asyncio
import reprlib
import weakref
from collections import Counter
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, TypeVar

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import ClientDisconnect, Request
from starlette.responses import FileResponse, HTMLResponse, JSONResponse, PlainTextResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from rummykit.core.errors import IllegalMove, Text
from rummykit.core.translation import language, translate
from rummykit.io.documents import JSONError, parse_document
from rummykit.play.rules_text import rules_text
from rummykit.serve.games import LANGUAGES, Game, GameSpec
from rummykit.serve.labels import labels
from rummykit.serve.limits import CreationRate, Outbox, ServerLimits, SocketCount
from rummykit.serve.messages import (
    MAX_MESSAGE_BYTES,
    ClientMessage,
    MessageError,
    checked_message,
    error_message,
    invalid_message,
    read_message,
    refused_message,
    view_message,
)
from rummykit.serve.registry import GameRegistry, UnknownGame
from rummykit.serve.variant_lines import variant_line
from rummykit.variant.model import bundled_variants, load_variant

__all__ = ["STATIC", "Routes", "create_app"]

STATIC = Path(__file__).resolve().parent / "static"
"""The folder of the page: index.html, its script and its style sheet."""

_GAME_KEYS = ("variant", "players", "bots", "match", "seed", "lang", "names")
_MAX_SEED = 2**63 - 1


class BadRequest(ValueError):
    """An HTTP request the API refuses: its status, code and message."""

    def __init__(self, status: int, code: str, message: str) -> None:
        self.status = status
        self.code = code
        self.message = message
        super().__init__(message)


def error_response(
    status: int, code: str, message: str, headers: dict[str, str] | None = None
) -> JSONResponse:
    return JSONResponse({"error": {"code": code, "message": message}}, status_code=status, headers=headers)


# --------------------------------------------------------------------------- HTTP


async def read_body(request: Request) -> Any:
    """The request's JSON body, at most MAX_MESSAGE_BYTES bytes (read no
    further); a client gone before its body ends is answered 400 (to no one:
    nothing is made, no traceback logged). Another site's page may post a
    form or plain text here unasked, but not JSON (its browser asks first,
    and this server grants no other site): other bodies are refused (415)."""
    media = request.headers.get("content-type", "").partition(";")[0].strip().lower()
    if media != "application/json":
        got = reprlib.repr(media) if media else "none"
        raise BadRequest(415, "request.content-type", f"expected a body of type application/json, got {got}")
    body = bytearray()
    try:
        async for chunk in request.stream():
            body += chunk
            if len(body) > MAX_MESSAGE_BYTES:
                raise BadRequest(
                    413, "request.too-large", f"expected a body of at most {MAX_MESSAGE_BYTES} bytes"
                )
    except ClientDisconnect:
        raise BadRequest(400, "request.invalid", "the client left before its body ended") from None
    try:
        return parse_document(bytes(body))
    except JSONError as error:
        raise BadRequest(400, "request.invalid", f"expected a JSON object: {error}") from None


def game_spec(doc: Any) -> GameSpec:
    """A game's spec from a request body; BadRequest names the field at fault."""
    if not isinstance(doc, dict):
        raise BadRequest(400, "request.invalid", f"expected a JSON object, got {type(doc).__name__}")
    unknown = sorted(set(doc) - set(_GAME_KEYS))
    if unknown:
        raise BadRequest(400, "request.invalid", f"expected only {', '.join(_GAME_KEYS)}, got {unknown[0]!r}")
    variant = doc.get("variant")
    if not isinstance(variant, str) or variant not in bundled_variants():
        raise BadRequest(400, "request.invalid", f"variant: expected a bundled variant id, got {variant!r}")
    players = doc.get("players", load_variant(variant).players.min)
    seed = doc.get("seed")
    match = doc.get("match", False)
    lang = doc.get("lang", "en")
    if not isinstance(players, int) or isinstance(players, bool):
        raise BadRequest(400, "request.invalid", f"players: expected an integer, got {players!r}")
    if seed is not None and (
        not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed <= _MAX_SEED
    ):
        raise BadRequest(
            400, "request.invalid", f"seed: expected null or an integer from 0 to 2**63-1, got {seed!r}"
        )
    if not isinstance(match, bool):
        raise BadRequest(400, "request.invalid", f"match: expected true or false, got {match!r}")
    if not isinstance(lang, str) or lang not in LANGUAGES:
        raise BadRequest(
            400, "request.invalid", f"lang: expected one of {', '.join(LANGUAGES)}, got {lang!r}"
        )
    bots = bot_seats(doc.get("bots", {}))
    return GameSpec(variant, players, bots, match, seed, lang, bot_seats(doc.get("names", {}), "names"))


def bot_seats(bots: Any, field: str = "bots") -> tuple[tuple[int, str], ...]:
    """{"1": "greedy"} as ((1, "greedy"),); the players' names ("names",
    {"0": "Anna"}) are read the same way."""
    what = "bot name" if field == "bots" else "name"
    if not isinstance(bots, dict):
        raise BadRequest(400, "request.invalid", f"{field}: expected an object of seat: {what}, got {bots!r}")
    seats: list[tuple[int, str]] = []
    for key, name in bots.items():
        canonical = key.isascii() and key.isdigit() and len(key) <= 3 and str(int(key)) == key
        if not canonical or not isinstance(name, str):
            raise BadRequest(
                400,
                "request.invalid",
                f'{field}: expected "seat": "{what}", the seat a number without leading zeros, '
                f"got {key[:20]!r}: {str(name)[:20]!r}",
            )
        seats.append((int(key), name))
    return tuple(sorted(seats))


def client_address(connection: Request | WebSocket) -> str:
    """The client's address (behind a proxy, what uvicorn takes from its forwarding headers)."""
    return connection.client.host if connection.client is not None else "unknown"


def create_app(
    registry: GameRegistry | None = None, limits: ServerLimits | None = None, sweep_seconds: float = 60.0
) -> Starlette:
    """The application, serving the games of ``registry`` (a new one in memory
    by default) within ``limits`` (:class:`ServerLimits`' defaults by default;
    ``app.state.limits``, where the server finds those it bounds itself:
    connections and the time a request takes to arrive). While it runs, the
    idle games expire every ``sweep_seconds``."""
    routes = Routes(registry if registry is not None else GameRegistry(), limits or ServerLimits())

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        sweeper = asyncio.create_task(sweep(routes.games, sweep_seconds))
        try:
            yield
        finally:
            sweeper.cancel()

    app = Starlette(
        lifespan=lifespan,
        routes=[
            Route("/", routes.page),
            Route("/api/variants", routes.variants),
            Route("/api/games", routes.create, methods=["POST"]),
            Route("/api/games/{game}/record", routes.record),
            Route("/api/labels", routes.words),
            Route("/api/games/{game}/labels", routes.game_words),
            Route("/rules/{variant}", routes.rules),
            WebSocketRoute("/ws/games/{game}", routes.socket),
            Mount("/static", StaticFiles(directory=STATIC), name="static"),
        ],
        exception_handlers={HTTPException: api_error},
    )
    app.state.limits = routes.limits  # the server's connection limits (rummykit.serve.server.make_server)
    return app


API_ERRORS = {404: "request.not-found", 405: "request.method-not-allowed"}
"""The codes of the API's answers to a path it has not, or a method a path does not take."""


async def api_error(request: Request, error: Exception) -> Response:
    """Under ``/api/``, an error the routing gives (no such path, a method
    not taken) is a JSON error like every other answer of the API; elsewhere,
    Starlette's plain text."""
    status, detail = getattr(error, "status_code", 500), getattr(error, "detail", "error")
    headers = dict(getattr(error, "headers", None) or {})  # 405's Allow
    if not request.url.path.startswith("/api/"):
        return PlainTextResponse(detail, status_code=status, headers=headers)
    code = API_ERRORS.get(status, "request.invalid")
    return error_response(status, code, f"{request.method} {request.url.path}: {detail}", headers)


async def sweep(games: GameRegistry, seconds: float) -> None:
    """Expire the idle games every ``seconds``, for as long as the app runs."""
    while True:
        await asyncio.sleep(seconds)
        await expire_off_loop(games)


async def expire_off_loop(games: GameRegistry) -> list[str]:
    """:meth:`GameRegistry.expire`, deleting from the store in a worker
    thread: a commit that holds the store for seconds does not stop the
    event loop. The idle games are taken out of the registry first (so no
    socket joins one while it is deleted), and held again if their delete
    fails. A cancelled sweep still waits for the thread to end."""
    idle = games.take_idle()
    if not idle:
        return []
    done, cancelled = await in_thread_to_the_end(games.delete_stored, list(idle))
    expired = games.expired(idle, set(idle) if done.exception() is not None else done.result())
    if cancelled:
        raise asyncio.CancelledError
    done.result()  # any fault of the thread's other than the store's (logged there), raised
    return expired


async def find_game(games: GameRegistry, game_id: str) -> Game:
    """:meth:`GameRegistry.get`, reading the store (a finished game dropped
    from memory, or an id no game has) in a worker thread: the event loop
    goes on serving the other games while a commit holds the store."""
    game = games.at_hand(game_id)
    if game is None and games.may_be_stored(game_id):
        game = games.keep_read(game_id, await asyncio.to_thread(games.read_stored, game_id))
    if game is None:
        raise UnknownGame(game_id)
    return game


_T = TypeVar("_T")

TOKEN_PROTOCOL = "rummykit.token."
"""A socket may give its seat's token as a WebSocket subprotocol,
``rummykit.token.<token>``, beside the subprotocol ``rummykit`` that the
server then accepts: a header, where ``?token=`` would put it in the address."""


def socket_token(websocket: WebSocket) -> str | None:
    """The seat token a socket gives: as a subprotocol, or as ``?token=``."""
    for protocol in websocket.scope.get("subprotocols", ()):
        if protocol.startswith(TOKEN_PROTOCOL):
            return str(protocol[len(TOKEN_PROTOCOL) :])
    return websocket.query_params.get("token")


class Routes:
    """The handlers of one application: its games, its limits, and what it
    counts per client address (new games, open sockets)."""

    def __init__(self, games: GameRegistry, limits: ServerLimits) -> None:
        self.games = games
        self.limits = limits
        self.creation = CreationRate(limits.games_per_minute)
        self.sockets = SocketCount()  # by client address
        self.watchers = SocketCount()  # by game id
        self.made: dict[str, list[str]] = {}  # address -> the ids of the games it made, while held
        self.making: Counter[str] = Counter()  # address -> its games being made now
        self.locks = GameLocks()

    async def page(self, request: Request) -> Response:
        return FileResponse(STATIC / "index.html")

    async def variants(self, request: Request) -> Response:
        listed = []
        for ref in bundled_variants():
            variant = load_variant(ref)
            players = {"min": variant.players.min, "max": variant.players.max}
            line = variant_line(variant)
            listed.append({"id": ref, "name": variant.name, "players": players, "line": line})
        return JSONResponse(listed)

    async def create(self, request: Request) -> Response:
        address = client_address(request)
        try:
            spec = game_spec(await read_body(request))
            spec.check()  # a request refused as bad costs none of the address's allowance
            refused = self.creation_refusal(address)
            if refused is not None:
                return refused
            self.making[address] += 1  # counted with its games while it is made (creation_refusal)
            try:
                game, tokens = await create_off_loop(self.games, spec)
            except (IllegalMove, ValueError):  # nothing was made: the new game's token is given back
                self.creation.give_back(address)
                raise
            finally:
                self.making -= Counter([address])  # (an address at 0 is dropped)
            self.made.setdefault(address, []).append(game.id)
        except BadRequest as error:
            return error_response(error.status, error.code, error.message)
        except IllegalMove as refusal:  # game.limit, server.store-failed: nothing was made
            return error_response(503, refusal.code, refusal.message_in(spec.lang))
        except ValueError as error:
            return error_response(400, "request.invalid", str(error))
        seats = {str(seat): token for seat, token in tokens.items()}
        return JSONResponse(
            {"game": game.id, "seats": seats, "spectator": f"/ws/games/{game.id}"}, status_code=201
        )

    def creation_refusal(self, address: str) -> Response | None:
        """The answer when ``address`` may not make a game now: too many
        unfinished games of its own, or too many new ones this minute."""
        if len(self.made) > self.games.max_games:  # no more addresses with games held than games
            self.made = {a: ids for a, ids in self.made.items() if any(map(self.open_game, ids))}
        mine = [game_id for game_id in self.made.pop(address, []) if self.open_game(game_id)]
        if mine:
            self.made[address] = mine
        if len(mine) + self.making[address] >= self.limits.open_games_per_client:
            limit = self.limits.open_games_per_client
            return error_response(
                429, "request.too-many-games", f"expected at most {limit} unfinished games from one address"
            )
        if not self.creation.allow(address):
            return error_response(
                429,
                "request.rate-limited",
                f"expected at most {self.limits.games_per_minute} new games a minute from one address",
                headers={"Retry-After": str(self.creation.retry_after(address))},
            )
        return None

    def open_game(self, game_id: str) -> bool:
        game = self.games.games.get(game_id)
        return game is not None and not game.finished

    async def words(self, request: Request) -> Response:
        lang = language(request.query_params.get("lang"))
        return JSONResponse({"lang": lang, "labels": labels(lang)})

    async def rules(self, request: Request) -> Response:
        """A bundled variant's rules as a page, in ``?lang=`` (never a file: ids only)."""
        lang = language(request.query_params.get("lang"))
        ref = request.path_params["variant"]
        if ref not in bundled_variants():
            missing = Text("There is no bundled variant {variant}.", variant=repr(ref[:40]))
            return PlainTextResponse(translate(missing, lang), status_code=404)
        return HTMLResponse(rules_text(load_variant(ref), lang, "html"))

    async def game_words(self, request: Request) -> Response:
        try:
            game = await find_game(self.games, request.path_params["game"])
        except UnknownGame as error:
            return error_response(404, error.code, str(error))
        return JSONResponse({"lang": game.spec.lang, "labels": labels(game.spec.lang)})

    async def record(self, request: Request) -> Response:
        number = request.query_params.get("round")
        try:
            game = await find_game(self.games, request.path_params["game"])
            if number is not None and not (number.isascii() and number.isdigit() and len(number) <= 6):
                raise ValueError(f"round: expected a round number, got {number[:20]!r}")
            async with self.locks.of(game):  # not while an action is under way: only what is stored
                document = game.record(None if number is None else int(number)).document()
        except UnknownGame as error:
            return error_response(404, error.code, str(error))
        except IllegalMove as refusal:
            return error_response(403, refusal.code, refusal.message_in(game.spec.lang))
        except ValueError as error:
            return error_response(400, "request.invalid", str(error))
        headers = {"Content-Disposition": f'attachment; filename="{game.id}-record.json"'}
        return JSONResponse(document, headers=headers)

    async def socket(self, websocket: WebSocket) -> None:
        offered = websocket.scope.get("subprotocols", ())
        await websocket.accept(subprotocol="rummykit" if "rummykit" in offered else None)
        try:
            game = await find_game(self.games, websocket.path_params["game"])
        except UnknownGame as error:
            await close_with(websocket, error.code, str(error), 4404)
            return
        token = socket_token(websocket)
        seat = None if token is None else game.seat_of(token)
        if token is not None and seat is None:
            refusal = IllegalMove("game.bad-token", "This token is no seat's token in this game.")
            await close_with(websocket, refusal.code, refusal.message_in(game.spec.lang), 4403)
            return
        address = client_address(websocket)
        full = self.admit(game, address)
        if full is not None:
            await close_with(websocket, full.code, full.message_in(game.spec.lang), 4429)
            return
        try:
            at = SocketSeat(self.games, game, seat, self.locks.of(game))
            await play(websocket, at, self.limits.pending_replies)
        finally:
            self.sockets.remove(address)
            self.watchers.remove(game.id)

    def admit(self, game: Game, address: str) -> IllegalMove | None:
        """None when one more socket of ``address`` may follow ``game`` (it is
        then counted, by address and by game id); otherwise the refusal."""
        if not self.watchers.add(game.id, self.limits.sockets_per_game):
            return IllegalMove(
                "game.too-many-sockets",
                "This game has {limit} sockets open, as many as it may.",
                limit=self.limits.sockets_per_game,
            )
        if not self.sockets.add(address, self.limits.sockets_per_client):
            self.watchers.remove(game.id)
            return IllegalMove(
                "client.too-many-sockets",
                "This address has {limit} sockets open, as many as it may.",
                limit=self.limits.sockets_per_client,
            )
        return None


# --------------------------------------------------------------------------- WebSocket


async def close_with(websocket: WebSocket, code: str, message: str, close_code: int) -> None:
    await websocket.send_json(error_message(code, message))
    await websocket.close(close_code)


CLOSE_SECONDS = 5.0
"""How long closing a socket that does not read may wait to send the close frame."""


class SocketSeat:
    """One socket's place in a game: the registry, the game, the seat (None:
    a spectator) and the game's lock, which every action and every reading
    of the game holds (see :class:`GameLocks`)."""

    def __init__(self, games: GameRegistry, game: Game, seat: int | None, lock: asyncio.Lock) -> None:
        self.games = games
        self.game = game
        self.seat = seat
        self.lock = lock


async def play(websocket: WebSocket, at: SocketSeat, pending_replies: int) -> None:
    """Send the seat its view now and after every change of the game; answer
    its messages until it leaves, or until it lets more than
    ``pending_replies`` replies pile up unread (then the socket is closed)."""
    outbox = Outbox(pending_replies)
    ready = asyncio.Event()

    def changed() -> None:
        outbox.add_view()
        ready.set()

    sender = asyncio.create_task(send_all(websocket, outbox, ready, at))
    try:
        at.games.watch(at.game, changed, at.seat)
        changed()
        while not sender.done():
            data = await websocket.receive()
            if data["type"] == "websocket.disconnect":
                return
            reply = await answer(at, data.get("text", data.get("bytes")))
            if reply is not None:
                outbox.add_reply(reply)
                ready.set()
            if outbox.overflowed:  # the close frame waits behind what the peer does not read: not for long
                await asyncio.wait_for(websocket.close(1008), CLOSE_SECONDS)
                return
    except asyncio.TimeoutError:
        return
    except (WebSocketDisconnect, RuntimeError):
        return
    finally:
        if changed in at.game.listeners:
            at.games.unwatch(at.game, changed, at.seat)
        sender.cancel()


async def send_all(websocket: WebSocket, outbox: Outbox, ready: asyncio.Event, at: SocketSeat) -> None:
    """Send what the outbox holds whenever it is told to (the view is made as
    it is taken, under the game's lock: never from an action half done)."""
    while True:
        await ready.wait()
        ready.clear()
        async with at.lock:
            messages = outbox.take(lambda: view_message(at.game, at.seat))
        for message in messages:
            try:
                await websocket.send_json(message)
            except (WebSocketDisconnect, RuntimeError):
                return


async def answer(at: SocketSeat, data: str | bytes | None) -> dict[str, Any] | None:
    """The reply to one client message (None: the views that follow a change
    are the reply). A move or a new round, with the bots' answers, runs in a
    worker thread, so that the server goes on serving other games while the
    bots think; the game's lock keeps everyone else off this game until the
    action is stored (or refused, the game as it was)."""
    game, seat = at.game, at.seat
    try:
        message = read_message(data)
    except MessageError as error:  # (the game's language only: nothing that an action changes)
        return invalid_message(game, error)
    async with at.lock:
        if message.kind == "check":
            return checked_message(game, message.move, game.check(seat, message.state_id, message.move))
        done, cancelled = await in_thread_to_the_end(at.games.transact, game, action_of(game, seat, message))
        if done.exception() is None:
            at.games.acted(game)
        if cancelled:
            raise asyncio.CancelledError
        refusal = done.exception()
        if isinstance(refusal, IllegalMove):
            return refused_message(game, refusal)
        done.result()  # any other fault of the action's, raised
    return None


async def in_thread_to_the_end(func: Callable[..., _T], *args: Any) -> tuple[asyncio.Future[_T], bool]:
    """Run ``func(*args)`` in a worker thread and wait for it to end: the
    finished future (its result or exception), and whether this task was
    cancelled meanwhile. A thread cannot be stopped, so a cancellation does
    not end the wait: what the caller holds (a game's lock, the room kept
    for a new game) is let go only once the thread is done, and the caller
    finishes what the thread began before it raises the cancellation."""
    work = asyncio.ensure_future(asyncio.to_thread(func, *args))
    cancelled = False
    while not work.done():
        try:
            await asyncio.shield(work)
        except asyncio.CancelledError:
            cancelled = True  # (the work itself is never cancelled: only the task that waits)
        except Exception:  # the thread's own: in the future, for the caller
            break
    return work, cancelled


def action_of(game: Game, seat: int | None, message: ClientMessage) -> Callable[[], None]:
    """What a ``move`` or ``next_round`` message asks of the game."""
    if message.kind == "next_round":
        return lambda: game.next_round(seat, message.state_id)
    return lambda: game.move(seat, message.state_id, message.move)


class GameLocks:
    """One asyncio lock per game, held by every action on the game (in a
    worker thread, awaited) and every reading of it (views, checks,
    records): nobody sees an action half done or not yet stored. A game's
    lock goes with the game (weak keys: as many as the games held)."""

    def __init__(self) -> None:
        self.held: weakref.WeakKeyDictionary[Game, asyncio.Lock] = weakref.WeakKeyDictionary()

    def of(self, game: Game) -> asyncio.Lock:
        lock = self.held.get(game)
        if lock is None:
            lock = self.held[game] = asyncio.Lock()
        return lock


async def create_off_loop(games: GameRegistry, spec: GameSpec) -> tuple[Game, dict[int, str]]:
    """:meth:`GameRegistry.create`, with the game made (and the bots that move
    first thinking) in a worker thread; the registry itself is changed on
    the event loop only. Should the request be cancelled while the game is
    being made, the game is still held once made (nobody has its tokens: it
    expires as an idle game does), so no stored game is left unheld."""
    await expire_off_loop(games)
    games.reserve(spec)
    done, cancelled = await in_thread_to_the_end(games.made, spec)
    if done.exception() is not None:
        games.reserved -= 1
    else:
        games.hold_new(done.result()[0])
    if cancelled:
        raise asyncio.CancelledError
    return done.result()
