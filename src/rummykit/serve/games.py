"""The games a server hosts: seats and their tokens, the round (or match) being
played, the bots that answer the humans, the state id, and the record.

Nothing here knows about HTTP or WebSockets: :mod:`rummykit.serve.app` turns
messages into calls of :meth:`Game.move` and :meth:`Game.next_round`, and
listens for changes with :attr:`Game.listeners`.

>>> game, tokens = new_game(GameSpec("rami51", players=2, bots=((1, "greedy"),), seed=3))
>>> sorted(tokens), game.seat_of(tokens[0]), game.seat_of("a guess")
([0], 0, None)
>>> game.view(0).hand == game.state.hands[0]
True
"""

from __future__ import annotations

import copy
import hashlib
import hmac
import logging
import random
import secrets
from collections.abc import Callable
from typing import Any

import attrs

from rummykit.core.errors import IllegalMove, NotationError, Text
from rummykit.core.moves import Move, split_seat
from rummykit.io.records import Record
from rummykit.play.bots import Bot
from rummykit.round.dealing import deal, next_seat
from rummykit.round.match_play import Match
from rummykit.round.state import RoundState
from rummykit.round.views import PlayerView
from rummykit.serve.served_bots import SERVED_BOTS, served_bot
from rummykit.serve.undo_limit import (
    MAX_UNDOS_PER_TURN,
    refused_past_limit,
    undo_limit_refusal,
    undos_this_turn,
)
from rummykit.variant.model import Variant, bundled_variants, load_variant

__all__ = [
    "GAME_SCHEMA",
    "LANGUAGES",
    "Game",
    "GameSnapshot",
    "GameSpec",
    "derived_seed",
    "game_from_document",
    "hash_token",
    "legacy_first_dealer",
    "new_game",
    "new_secret",
]

GAME_SCHEMA = 2
"""The version of the document a server's store keeps for each game (2: with
the game's secret; a document of version 1 is read too, and given a secret)."""

SECRET_BYTES = 32
"""The size of a game's secret (see :func:`derived_seed`)."""

LOG = logging.getLogger("rummykit.serve")
"""The server's log: what went wrong inside the server (never a client's mistake)."""

MAX_NAME = 24
"""The longest name a player may type for a seat, in characters."""

LANGUAGES = ("en", "nl", "hu", "sv", "de")
"""The languages a game may ask for (English, and the bundled variants' languages)."""

Listener = Callable[[], None]


def hash_token(token: str) -> str:
    """What the server keeps of a seat's token: its SHA-256 (a stolen store
    file holds no token that works)."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def derived_seed(secret: bytes, seed: int, what: str) -> int:
    """A seed for one part of a game (a round, a bot, the first dealer): the
    HMAC-SHA256 of the game's master seed and the part's name under the game's
    secret. Without the secret, a round's seed (written in its record) tells
    nothing about the other rounds, even to someone who knows the master seed.

    >>> derived_seed(b"k" * 32, 7, "round0") == derived_seed(b"k" * 32, 7, "round0")
    True
    >>> derived_seed(b"k" * 32, 7, "round0") == derived_seed(b"j" * 32, 7, "round0")
    False
    """
    digest = hmac.new(secret, f"rummykit-serve:{seed}:{what}".encode(), hashlib.sha256).digest()
    return int.from_bytes(digest[:8], "big") >> 2  # 62 bits, like the library's seeds



@attrs.frozen(slots=True)
class GameSpec:
    """What a game is: a bundled variant, the players, which seats are bots
    (seat, bot name), a whole match or one round, the seed (None: a secure
    random deal) and the players' language."""

    variant: str
    players: int
    bots: tuple[tuple[int, str], ...] = ()
    match: bool = False
    seed: int | None = None  # mixed with the game's secret: no deal can be foretold from it
    lang: str = "en"
    names: tuple[tuple[int, str], ...] = ()  # (seat, the name its player typed), human seats only

    def check(self) -> Variant:
        """The variant, once every field is checked (ValueError names the first
        field at fault)."""
        if self.variant not in bundled_variants():
            raise ValueError(f"variant: expected a bundled variant id, got {self.variant!r}")
        variant = load_variant(self.variant)
        variant.check_players(self.players)
        for seat, name in self.bots:
            if not 0 <= seat < self.players:
                raise ValueError(f"bots: expected seats from 0 to {self.players - 1}, got {seat}")
            if name not in SERVED_BOTS:  # no budgets of the client's choosing: the server does the work
                raise ValueError(f"bots: expected one of {', '.join(sorted(SERVED_BOTS))}, got {name!r}")
        if len({seat for seat, _ in self.bots}) != len(self.bots):
            raise ValueError("bots: expected one bot per seat, got a seat named twice")
        if len(self.bots) >= self.players:
            raise ValueError("bots: a game needs at least one human seat")
        if self.lang not in LANGUAGES:
            raise ValueError(f"lang: expected one of {', '.join(LANGUAGES)}, got {self.lang!r}")
        self.check_names()
        return variant

    def check_names(self) -> None:
        """The players' names: human seats only, one each, 1 to MAX_NAME
        printable characters with no space at either end (ValueError)."""
        for seat, name in self.names:
            if seat not in self.humans:
                raise ValueError(f"names: expected human seats, got seat {seat}")
            if not 1 <= len(name) <= MAX_NAME or not name.isprintable() or name != name.strip():
                raise ValueError(f"names: expected 1 to {MAX_NAME} printable characters, got {name[:40]!r}")
        if len({seat for seat, _ in self.names}) != len(self.names):
            raise ValueError("names: expected one name per seat, got a seat named twice")

    @property
    def humans(self) -> tuple[int, ...]:
        bots = {seat for seat, _ in self.bots}
        return tuple(seat for seat in range(self.players) if seat not in bots)


@attrs.frozen(slots=True)
class GameSnapshot:
    """What an action may change in a game: taken before it, put back if it
    cannot be completed (see :meth:`Game.restore`)."""

    state: RoundState
    rounds: tuple[Record, ...]
    match: Match | None
    active: tuple[int, ...]
    state_id: int
    bots: dict[int, Bot] = attrs.field(eq=False)  # copies: a bot's plan and random numbers change


class Game:
    """One hosted game. Seats are match seats (every seat of the game); in a
    match that eliminates players, round seat ``j`` of the current round is
    ``active[j]``.

    An action (:meth:`move`, :meth:`next_round`) changes the game in memory
    and tells nobody: whoever calls it stores the game, then calls
    :meth:`changed` (or :meth:`restore` when the game could not be stored)."""

    def __init__(
        self,
        game_id: str,
        spec: GameSpec,
        variant: Variant,
        tokens: dict[int, str],
        seed: int,
        secret: bytes,
        first_dealer: int | None = None,
    ) -> None:
        self.id = game_id
        self.spec = spec
        self.variant = variant
        self.tokens = tokens  # seat -> hash_token(token)
        self.seed = seed  # the master seed (never in a message)
        self.secret = secret  # the key of every seed derived from it (never in a message)
        self.first_dealer = (
            random.Random(self.derived_seed("dealer")).randrange(spec.players)
            if first_dealer is None
            else first_dealer
        )
        self.match: Match | None = self.new_match()
        self.rounds: list[Record] = []
        self.active: tuple[int, ...] = tuple(range(spec.players))
        self.state_id = 0
        self.listeners: list[Listener] = []
        self.bots: dict[int, Bot] = {
            seat: served_bot(name, variant, seed=self.derived_seed(f"bot{seat}"))
            for seat, name in spec.bots
        }
        self.state = self.deal_round()

    def new_match(self) -> Match | None:
        """The game's match before its first round (None: a single round)."""
        if not self.spec.match:
            return None
        return Match.start(self.variant, players=self.spec.players, first_dealer=self.first_dealer)

    def derived_seed(self, what: str) -> int:
        return derived_seed(self.secret, self.seed, what)

    # ------------------------------------------------------------------ seats
    def seat_of(self, token: str) -> int | None:
        """The seat whose token this is, or None."""
        given = hash_token(token)
        for seat, kept in self.tokens.items():
            if hmac.compare_digest(given, kept):
                return seat
        return None

    def round_seat(self, seat: int) -> int | None:
        """The seat's place in the current round (None: it does not play it)."""
        return self.active.index(seat) if seat in self.active else None

    def view(self, seat: int | None) -> PlayerView:
        """What ``seat`` (a match seat; None: a spectator) may see now; its
        legal moves are those the server accepts (past the undo limit, no
        laying or taking back: :meth:`check_undos`)."""
        round_seat = None if seat is None else self.round_seat(seat)
        view = self.state.view(round_seat)
        if round_seat is None or not view.legal:
            return view
        refused = self.refused_past_undo_limit(round_seat)
        if refused is None:
            return view
        return attrs.evolve(view, legal=tuple(move for move in view.legal if not refused(str(move))))

    # ------------------------------------------------------------------ actions
    def move(self, seat: int | None, state_id: int, text: str) -> None:
        """Play ``text`` for ``seat`` against state ``state_id``, then let the
        bots answer. IllegalMove (nothing changed) when refused."""
        round_seat, rest = self.admitted(seat, state_id, text)
        self.advance(f"{round_seat}: {rest}")
        self.play_bots()

    def check(self, seat: int | None, state_id: int, text: str) -> IllegalMove | None:
        """The refusal ``move`` would give ``text`` now (None: it would be
        played), changing nothing: what a page shows for a selection of
        cards or a typed move that the legal list lacks. The same checks as
        :meth:`move`, then the engine's verdict."""
        try:
            round_seat, rest = self.admitted(seat, state_id, text)
            return self.state.refusal_of(f"{round_seat}: {rest}")
        except IllegalMove as refusal:
            return refusal

    def admitted(self, seat: int | None, state_id: int, text: str) -> tuple[int, str]:
        """What the server checks of a move before the engine judges it (the
        player and the state, the seat in this round, a seat written before
        the move, the undo limit): the round seat and the move without a
        seat. IllegalMove when one of them refuses."""
        self.check_player(seat, state_id)
        round_seat = None if seat is None else self.round_seat(seat)
        if round_seat is None:
            raise IllegalMove("game.not-in-round", "Seat {seat} does not play this round.", seat=seat)
        try:
            named, rest = split_seat(text)
        except NotationError as error:
            detail = Text(": {reason}", reason=error.why()) if error.reason else ""
            raise IllegalMove(
                "notation.invalid", "Cannot read {token}{detail}.", token=error.shown_token, detail=detail
            ) from None
        if named is not None and named != round_seat:
            raise IllegalMove(
                "turn.not-your-turn", "Seat {seat} cannot move for seat {named}.", seat=round_seat,
                named=named,
            )
        self.check_undos(rest, round_seat)
        return round_seat, rest

    def check_undos(self, move: str, seat: int) -> None:
        """Refuse ``move`` where the undo limit does (``rummykit.serve.undo_limit``)."""
        refused = self.refused_past_undo_limit(seat)
        if refused is not None and refused(move):
            raise undo_limit_refusal(refused)

    def refused_past_undo_limit(self, seat: int) -> Callable[[str], bool] | None:
        """Which moves the undo limit refuses ``seat`` now (None: none); the
        view lists only what is accepted."""
        undos = undos_this_turn(self.rounds[-1].moves, self.state.to_move)
        if undos < MAX_UNDOS_PER_TURN:
            return None
        return refused_past_limit(undos, [str(move) for move in self.state.legal_moves(seat)])

    def next_round(self, seat: int | None, state_id: int) -> None:
        """Deal the next round of the match (any seat may ask, once the round is over)."""
        self.check_player(seat, state_id)
        if self.match is None:
            raise IllegalMove("game.not-a-match", "This game is a single round: there is no next round.")
        if not self.state.is_over:
            raise IllegalMove("game.round-not-over", "The round is not over yet.")
        if self.match.is_over:
            raise IllegalMove("game.match-over", "The match is over.")
        self.state = self.deal_round()
        self.play_bots()

    def check_player(self, seat: int | None, state_id: int) -> None:
        if seat is None:
            raise IllegalMove("game.spectator", "A spectator cannot play.")
        if state_id != self.state_id:
            raise IllegalMove(
                "game.stale-state",
                "The move was made against state {sent}; the game is at {current}.",
                sent=state_id,
                current=self.state_id,
            )

    # ------------------------------------------------------------------ the round
    def deal_round(self) -> RoundState:
        """Deal the next round (the first one too) and start its record."""
        index = len(self.rounds)
        seed = None if self.spec.seed is None else self.derived_seed(f"round{index}")
        if self.match is None:
            state = deal(self.variant, players=self.spec.players, seed=seed, dealer=self.first_dealer)
        else:
            self.active = self.match.active
            state = self.match.deal_next(seed)
        self.rounds.append(Record.start(state))
        if index:
            self.state_id += 1
        self.score_round(state)  # a deal whose check ends the round at once (R-TNK-03)
        return state

    def advance(self, move: Move | str) -> None:
        """Apply and record one move (IllegalMove, nothing changed, when refused)."""
        record, self.state = self.rounds[-1].advance(move, self.state)
        self.rounds[-1] = record
        self.state_id += 1
        self.score_round(self.state)

    def score_round(self, state: RoundState) -> None:
        """Count ``state``'s round in the match once it is over."""
        if state.result is not None and self.match is not None:
            self.match = settle(self.match.record(state.result))

    def play_bots(self) -> None:
        """The bots move until a human seat is to move or the round is over; a
        bot buys the upcard when it wants to, before the player in turn moves."""
        while not self.state.is_over:
            buyer = self.bot_buyer() if self.state.buy_window else None
            if buyer is not None:
                self.advance(f"{buyer}: buy")
                continue
            bot = self.bots.get(self.active[self.state.to_move])
            if bot is None:
                return
            self.bot_move(bot)

    def bot_move(self, bot: Bot) -> None:
        """The bot's chosen move. Should the rules refuse it (a fault of the
        server's, not of a player's), that is logged and the first of the
        seat's legal moves that is accepted is played instead, so the game
        never stops at a bot; IllegalMove ``server.bot-failed`` only if none
        is accepted."""
        view = self.state.view(self.state.to_move)
        seat = self.active[self.state.to_move]
        try:
            choice = bot.choose(view)
        except Exception:  # a fault of the bot's: logged, and the game goes on without its choice
            LOG.exception("game %s: state %d: the bot of seat %d failed to choose; it plays "
                          "its first accepted legal move instead", self.id, self.state_id, seat)  # fmt: skip
            choice = None
        failure = None
        if choice is not None:
            try:
                self.advance(choice)
                return
            except IllegalMove as refusal:
                LOG.error(
                    "game %s: state %d: the bot of seat %d chose %r, which was refused (%s: %s); "
                    "it plays its first accepted legal move instead",
                    self.id, self.state_id, seat, str(choice), refusal.code, refusal,
                )  # fmt: skip
                failure = refusal
        for move in view.legal:
            try:
                self.advance(move)
                return
            except IllegalMove as refusal:
                LOG.error("game %s: state %d: the listed move %r was refused too (%s)",
                          self.id, self.state_id, move, refusal.code)  # fmt: skip
        raise IllegalMove(
            "server.bot-failed", "A bot of this game found no move the rules accept: nothing changed."
        ) from failure

    def snapshot(self) -> GameSnapshot:
        bots = copy.deepcopy(self.bots, {id(self.variant): self.variant})  # the variant is shared, not copied
        return GameSnapshot(self.state, tuple(self.rounds), self.match, self.active, self.state_id, bots)

    def restore(self, snapshot: GameSnapshot) -> None:
        """The game as it was when ``snapshot`` was taken."""
        self.state = snapshot.state
        self.rounds = list(snapshot.rounds)
        self.match = snapshot.match
        self.active = snapshot.active
        self.state_id = snapshot.state_id
        self.bots = snapshot.bots

    def bot_buyer(self) -> int | None:
        """The nearest bot seat (from the player in turn) that buys now, if any."""
        state = self.state
        for step in range(1, state.players):
            seat = next_seat(state.variant, state.players, state.to_move, step)
            bot = self.bots.get(self.active[seat])
            view = state.view(seat)
            if bot is not None and view.legal and self.bot_buys(bot, view):
                return seat
        return None

    def bot_buys(self, bot: Bot, view: PlayerView) -> bool:
        """Whether the bot wants the upcard (no, should it fail to say: that is logged)."""
        try:
            return bot.wants_buy(view)
        except Exception:  # a fault of the bot's: it does not buy
            LOG.exception("game %s: state %d: a bot failed to say whether it buys", self.id, self.state_id)
            return False

    def changed(self) -> None:
        for listener in list(self.listeners):
            listener()

    # ------------------------------------------------------------------ reports
    @property
    def finished(self) -> bool:
        """Nothing more can happen in this game: its round is over and it is no
        match still going, or its match is over."""
        return self.state.is_over and (self.match is None or self.match.is_over)

    def match_summary(self) -> dict[str, Any] | None:
        """The match's round (1-based), totals by seat, whether it is over and its winner."""
        if self.match is None:
            return None
        winners = list(self.match.winners) if self.match.is_over else []
        return {
            "round": len(self.rounds),
            "scores": list(self.match.totals),
            "over": self.match.is_over,
            "winner": winners[0] if len(winners) == 1 else None,
            "winners": winners,
        }

    def record(self, number: int | None = None) -> Record:
        """The record of round ``number`` (1-based; None: the current round).
        ValueError for a round that does not exist; IllegalMove while that round
        is being played (its record holds every hand and the stock)."""
        index = len(self.rounds) if number is None else number
        if not 1 <= index <= len(self.rounds):
            raise ValueError(f"round: expected a round from 1 to {len(self.rounds)}, got {index}")
        record = self.rounds[index - 1]
        if record.result is None:
            raise IllegalMove(
                "game.round-in-progress",
                "A round's record holds every hand: it is given once the round is over.",
            )
        return record

    def document(self) -> dict[str, Any]:
        """What the store keeps: :meth:`header` and every round's record."""
        return {**self.header(), "rounds": [record.document() for record in self.rounds]}

    def header(self) -> dict[str, Any]:
        """The game without its rounds: the spec, the token hashes, the master
        seed and the secret."""
        spec = self.spec
        return {
            "schema": GAME_SCHEMA,
            "type": "served-game",
            "id": self.id,
            "variant": spec.variant,
            "players": spec.players,
            "bots": {str(seat): name for seat, name in spec.bots},
            "match": spec.match,
            "seed": spec.seed,
            "lang": spec.lang,
            "master_seed": self.seed,
            "secret": self.secret.hex(),
            "first_dealer": self.first_dealer,
            "tokens": {str(seat): kept for seat, kept in self.tokens.items()},
            **({"names": {str(seat): name for seat, name in spec.names}} if spec.names else {}),
        }


def settle(match: Match) -> Match:
    """Every pending decision taken: the server's players buy back in when the
    match lets them, and retire otherwise."""
    for seat in match.pending:
        try:
            match = match.decide(seat, "rebuy")
        except IllegalMove:
            match = match.decide(seat, "retire")
    return match


def new_secret() -> bytes:
    """A new game's secret: random bytes from :mod:`secrets`."""
    return secrets.token_bytes(SECRET_BYTES)


def new_game(
    spec: GameSpec, game_id: str | None = None, secret: bytes | None = None
) -> tuple[Game, dict[int, str]]:
    """A new game and one fresh secret token per human seat (the only time the
    tokens are seen: the game keeps their hashes). The bots move at once if
    the first turns are theirs. ValueError for a spec that cannot be played.
    ``secret``: the game's secret (by default :func:`new_secret`)."""
    variant = spec.check()
    tokens = {seat: secrets.token_urlsafe(24) for seat in spec.humans}
    seed = spec.seed if spec.seed is not None else secrets.randbits(62)
    game = Game(
        game_id or secrets.token_urlsafe(12),
        spec,
        variant,
        {s: hash_token(t) for s, t in tokens.items()},
        seed,
        new_secret() if secret is None else secret,
    )
    game.play_bots()
    return game, tokens


def legacy_first_dealer(seed: int, players: int) -> int:
    """The first dealer of a game stored before games had secrets (schema 1),
    as it was derived then: the rounds it recorded were dealt that way."""
    legacy = random.Random(f"rummykit-serve:{seed}:dealer").getrandbits(62)
    return random.Random(legacy).randrange(players)


def game_from_document(doc: dict[str, Any]) -> Game:
    """A game from what the store kept: each round's record is replayed and
    the match rebuilt from the rounds' results (ValueError, or one of the
    library's errors, for a document that does not hold together). A
    document of version 1 has no secret: it is given a new one, which only
    the rounds still to be dealt use (a record holds its own deal)."""
    if doc.get("schema", 1) not in (1, GAME_SCHEMA) or doc.get("type", "served-game") != "served-game":
        raise ValueError(f"expected a served game of schema 1 or {GAME_SCHEMA}")
    bots = tuple(sorted((int(seat), str(name)) for seat, name in dict(doc["bots"]).items()))
    names = tuple(sorted((int(seat), str(name)) for seat, name in dict(doc.get("names", {})).items()))
    spec = GameSpec(doc["variant"], doc["players"], bots, bool(doc["match"]), doc["seed"], doc["lang"], names)
    tokens = {int(seat): str(kept) for seat, kept in dict(doc["tokens"]).items()}
    secret = bytes.fromhex(doc["secret"]) if "secret" in doc else new_secret()
    if len(secret) != SECRET_BYTES:
        raise ValueError(f"secret: expected {SECRET_BYTES} bytes, got {len(secret)}")
    master = int(doc["master_seed"])
    dealer = doc["first_dealer"] if "secret" in doc else legacy_first_dealer(master, spec.players)
    if not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer < spec.players:
        raise ValueError(f"first_dealer: expected a seat from 0 to {spec.players - 1}, got {dealer!r}")
    game = Game(str(doc["id"]), spec, spec.check(), tokens, master, secret, dealer)
    records = [Record.from_document(r) for r in doc["rounds"]]
    if not records:
        raise ValueError("rounds: expected at least one round")
    game.rounds, game.match = [], game.new_match()  # the deal made by Game() is not one of the records
    for record in records:
        if game.match is not None:
            game.active = game.match.active
        game.rounds.append(record)
        game.state = record.replay()
        game.score_round(game.state)
    game.state_id = sum(len(r.moves) for r in records) + len(records) - 1
    return game
