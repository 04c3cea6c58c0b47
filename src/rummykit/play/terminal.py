"""The terminal game behind ``rummykit play``: one seat is played at the
keyboard, the other seats by the library's bots, for one round or a whole
match, with a record of the game saved at the end if asked for.

Every line the player reads is made by :func:`say` from a template of
:data:`MESSAGES` (named fields, plain English), and the help text from
:data:`MOVE_HELP`; the message catalogues (docs/languages.md) translate those
tables, and :func:`say` writes in the game's language (``GameSettings.lang``).
Move notation and the command words (``help``, ``moves``, ``quit``) are the
same in every language.

>>> print(say("drew", cards="7h"))
   You drew 7h.
>>> from rummykit.variant.model import load_variant
>>> variant_moves(load_variant("gin"))
('draw', 'take', 'meld', 'layoff', 'discard', 'knock', 'done', 'pass')
"""

from __future__ import annotations

import contextlib
import os
import random
import reprlib
import shutil
import sys
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path

import attrs

from rummykit.core.cards import Card, format_cards
from rummykit.core.errors import IllegalMove
from rummykit.core.moves import Buy, Draw, DrawExchange, Move, Take, parse_seat_move
from rummykit.core.round_values import RoundResult
from rummykit.core.translation import speaking
from rummykit.io.records import Record
from rummykit.io.serialize import to_json
from rummykit.play.bot_specs import BOT_FORMS, bot_from_spec, search_settings
from rummykit.play.bots import BOTS, Bot
from rummykit.play.look import colour_wanted, columns, paint
from rummykit.play.screen import (
    COMMANDS,
    MESSAGES,
    MOVE_HELP,
    help_lines,
    round_intro,
    round_over_lines,
    rules_lines,
    say,
    score_table,
    show,
    tentative_melds,
    variant_moves,
)
from rummykit.play.screen import TABLE_ROUNDS as TABLE_ROUNDS
from rummykit.play.simulate import MAX_MATCH_ROUNDS, round_seed
from rummykit.round.dealing import deal, next_seat
from rummykit.round.match_play import Match
from rummykit.round.move_log import public_text
from rummykit.round.state import RoundState
from rummykit.rules.match import DECISIONS
from rummykit.variant.model import Variant

__all__ = [
    "COMMANDS",
    "MESSAGES",
    "MOVE_HELP",
    "Console",
    "GameSettings",
    "RecordFileError",
    "check_record_file",
    "help_lines",
    "play_game",
    "record_files",
    "round_intro",
    "say",
    "score_table",
    "show",
    "tentative_melds",
    "terminal_console",
    "variant_moves",
]


class RecordFileError(ValueError):
    """The record file cannot be written; the message says why."""


def _read_line(prompt: str) -> str:
    if sys.stdin is None:  # standard input closed (``<&-``): no line will come
        raise EOFError
    if sys.stdout is None:  # standard output closed: ``input`` would fail; nothing is shown
        line = sys.stdin.readline()
        if not line:
            raise EOFError
        return line.rstrip("\n")
    return input(prompt)


def _write_line(line: str) -> None:
    print(line)


def _write_painted(line: str) -> None:
    print(paint(line, colour=True))


def terminal_console() -> Console:
    """The console of a game played at a terminal: line editing and history
    through the standard ``readline`` module where Python has it (the arrow
    keys, Ctrl-R), and red hearts and diamonds when standard output is a
    terminal and ``NO_COLOR`` is not set."""
    if sys.stdin is not None and sys.stdin.isatty():  # (None: closed)
        with contextlib.suppress(ImportError):  # Python built without readline (Windows)
            import readline  # noqa: F401  (importing it is what gives ``input`` line editing)
    tty = sys.stdout is not None and sys.stdout.isatty()
    colour = colour_wanted(tty=tty, environ=os.environ)
    return Console(write=_write_painted if colour else _write_line)


@attrs.frozen(slots=True)
class Console:
    """Where the game reads the player's lines (``read`` shows a prompt and
    raises EOFError at the end of input) and writes its own: by default
    ``input`` and ``print``, looked up when called."""

    read: Callable[[str], str] = _read_line
    write: Callable[[str], None] = _write_line


@attrs.frozen(slots=True)
class GameSettings:
    """One terminal game: the player's seat, the bots (by name, dealt to the
    other seats in turn), the seed (None: a random deal), a whole match or
    one round, and the record file (None: no record)."""

    variant: Variant = attrs.field(eq=False)
    players: int
    seat: int
    bots: tuple[str, ...]
    seed: int | None = None
    match: bool = False
    record: Path | None = None
    lang: str = "en"

    def __attrs_post_init__(self) -> None:
        self.variant.check_players(self.players)
        if not 0 <= self.seat < self.players:
            raise ValueError(f"the player's seat must be from 0 to {self.players - 1}, not {self.seat}")
        unknown = [name for name in self.bots if name not in BOTS and search_settings(name) is None]
        if not self.bots or unknown:
            raise ValueError(f"bots are named from {BOT_FORMS}, not {list(self.bots)}")

    def bot_name(self, seat: int) -> str:
        """The bot that plays match seat ``seat`` (not the player's)."""
        others = [s for s in range(self.players) if s != self.seat]
        return self.bots[others.index(seat) % len(self.bots)]


QUIT_WORDS = ("quit", "exit")
"""What the player types to leave the game (asked to confirm first)."""


class _GameLeft(Exception):
    """The player left (quit, the end of input, Ctrl-C): ``key`` says how."""

    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


# --------------------------------------------------------------------------- record files


def record_files(path: Path, rounds: int, *, match: bool) -> list[Path]:
    """The files the records of ``rounds`` rounds go to: ``path`` itself for
    one round; in a match one per round, ``game-round1.json``, ``game-round2.json`` …"""
    if not match:
        return [path]
    return [path.with_name(f"{path.stem}-round{n}{path.suffix}") for n in range(1, rounds + 1)]


def check_record_file(path: Path) -> None:
    """RecordFileError unless ``path`` can be written as a regular file (a
    file created here to find out is removed again). A named pipe or a
    device is refused unopened (opening a pipe waits for a reader), and so
    is a link to nothing (writing through it would make the file it names)."""
    try:
        _check_record_path(path)
        existed = path.exists()
        path.open("a", encoding="utf-8").close()
        if not existed:
            path.unlink()
    except RecordFileError:
        raise
    except OSError as error:  # a name too long, a folder that cannot be read ...
        raise RecordFileError(f"cannot write {path}: {error.strerror or error}") from None
    except ValueError as error:  # a NUL byte in the name (only from Python: argv holds none)
        raise RecordFileError(f"cannot write {str(path)!r}: {error}") from None


def _check_record_path(path: Path) -> None:
    """RecordFileError where ``path`` is no place for a new or a regular file."""
    if path.is_dir():
        raise RecordFileError(f"{path} is a folder, not a file")
    if path.is_symlink() and not path.exists():
        raise RecordFileError(f"{path} is a link to nothing")
    if path.exists() and not path.is_file():
        raise RecordFileError(f"{path} is not a regular file")
    if not path.parent.exists():
        raise RecordFileError(f"the folder {path.parent} does not exist")
    if not path.parent.is_dir():
        raise RecordFileError(f"{path.parent} is not a folder")


def _save_records(settings: GameSettings, records: Sequence[Record]) -> list[Path]:
    """Write the records where ``settings.record`` asks; the files written."""
    if settings.record is None or not records:
        return []
    paths = record_files(settings.record, len(records), match=settings.match)
    for path, record in zip(paths, records, strict=True):
        try:
            path.write_text(to_json(record, indent=1) + "\n", encoding="utf-8")
        except OSError as error:
            raise RecordFileError(f"cannot write {path}: {error.strerror or error}") from None
    return paths


# --------------------------------------------------------------------------- playing a round


@attrs.define
class _Session:
    """The game in progress: its settings, console, and one record per round."""

    settings: GameSettings
    console: Console
    records: list[Record] = attrs.Factory(list)

    def write(self, key: str, **fields: object) -> None:
        self.console.write(say(key, **fields))

    def write_lines(self, lines: Sequence[str]) -> None:
        for line in lines:
            self.console.write(line)

    def names(self, labels: Sequence[int]) -> tuple[str, ...]:
        """The names of a round's seats, round seat ``j`` being match seat
        ``labels[j]``: "you", and "seat 1 (greedy)" for a bot."""
        you, bot = self.settings.seat, self.settings.bot_name
        return tuple(say("you") if m == you else say("seat_bot", seat=m, bot=bot(m)) for m in labels)

    def ask(self, prompt: str) -> str:
        """The player's answer to ``prompt``; _GameLeft at the end of input or on Ctrl-C."""
        try:
            return self.console.read(prompt).strip()
        except EOFError:
            self.console.write("")
            raise _GameLeft("eof") from None
        except KeyboardInterrupt:
            self.console.write("")
            raise _GameLeft("interrupted") from None

    def agrees(self, prompt: str) -> bool:
        """Did the player answer yes (anything else is no)?"""
        return self.ask(prompt).lower() in say("yes").split()

    def confirm_quit(self) -> None:
        """Ask whether the player leaves; _GameLeft if so."""
        if self.agrees(say("quit_prompt")):
            raise _GameLeft("quit")

    def apply(self, state: RoundState, move: Move | str) -> RoundState:
        """Play ``move`` and keep it in the round's record."""
        record, after = self.records[-1].advance(move, state)
        self.records[-1] = record
        return after


def _new_cards(before: RoundState, after: RoundState, seat: int) -> list[Card]:
    gained = Counter(after.hands[seat]) - Counter(before.hands[seat])
    return [card for card in after.hands[seat] if gained.pop(card, 0)]


def _tell_draw(session: _Session, move: Move, before: RoundState, after: RoundState, seat: int) -> None:
    cards = _new_cards(before, after, seat)
    if isinstance(move, Draw):
        session.write("drew", cards=format_cards(cards))
    elif isinstance(move, (Take, DrawExchange)) and cards:
        session.write("took", cards=format_cards(cards))


def _moves_lines(state: RoundState, seat: int) -> list[str]:
    """The seat's legal moves under a heading, in columns as wide as the terminal."""
    moves = [str(m) for m in state.legal_moves(seat)]
    width = shutil.get_terminal_size().columns - 5
    return [say("legal", count=len(moves)), *("     " + line for line in columns(moves, width=width))]


def _player_turn(
    session: _Session, state: RoundState, seat: int, names: Sequence[str], labels: Sequence[int]
) -> RoundState:
    """Show the round and read lines until one is a move the rules accept."""
    session.write_lines(show(state, seat, names, labels))
    while True:
        line = session.ask(say("prompt"))
        word = line.lower()
        if not line:
            continue
        if word == "help":
            session.write_lines(help_lines(state.variant, seat))
        elif word == "moves":
            session.write_lines(_moves_lines(state, seat))
        elif word == "rules":
            session.write_lines(rules_lines(state.variant))
        elif word in QUIT_WORDS:
            session.confirm_quit()
        else:
            try:
                state.apply(line, seat=seat)  # the engine judges the text as typed
            except IllegalMove as refusal:
                session.write("refused", code=refusal.code, message=refusal)
                continue
            move = parse_seat_move(line)[1]
            after = session.apply(state, f"{seat}: buy" if isinstance(move, Buy) else move)
            _tell_draw(session, move, state, after, seat)
            return after


def _offer_buy(
    session: _Session, state: RoundState, seat: int | None, bots: dict[int, Bot], labels: Sequence[int]
) -> RoundState:
    """While the upcard may be bought, the nearest seat that wants it buys it
    (R-CON-10): the player is asked, the bots decide (round seat ``j`` is
    told as seat ``labels[j]``)."""
    if not state.buy_window:
        return state
    for step in range(1, state.players):
        buyer = next_seat(state.variant, state.players, state.to_move, step)
        view = state.view(buyer)
        if Buy() not in view.legal:
            continue
        if buyer == seat:
            rule = state.rules.buy
            price = 0 if rule is None else rule.penalty_cards
            wants = session.agrees(say("buy_prompt", card=state.discard_top, price=price))
        else:
            wants = bots[buyer].wants_buy(view)
        if wants:
            after = session.apply(state, f"{buyer}: buy")
            if buyer == seat:
                upcard = state.discard_top
                cards = _new_cards(state, after, buyer)
                if upcard is not None and upcard in cards:
                    cards.remove(upcard)
                session.write("bought", card=upcard, cards=format_cards(cards))
            elif seat is not None:
                session.write("seat_move", seat=labels[buyer], move="buy")
            return after
    return state


def _play_round(
    session: _Session, state: RoundState, seat: int | None, bots: dict[int, Bot], labels: Sequence[int]
) -> RoundResult:
    """Play the round to its end: the player's turns at the keyboard
    (``seat`` None: the player is not in this round), the others by bots.
    The scores at the end name round seat ``j`` as seat ``labels[j]``."""
    session.records.append(Record.start(state))
    names = session.names(labels)
    while state.phase != "over":
        if state.to_move == seat:
            state = _player_turn(session, state, seat, names, labels)
        else:
            mover = state.to_move
            move = bots[mover].choose(state.view(mover))
            state = session.apply(state, move)
            if seat is not None:  # as every seat saw it: a knock's card is face down
                session.write("seat_move", seat=labels[mover], move=public_text(move))
        state = _offer_buy(session, state, seat, bots, labels)
    result = state.result
    if result is None:  # the loop above ends only when the round is over
        raise RuntimeError("the round ended without a result")
    session.write_lines(round_over_lines(state, seat, names))
    return result


# --------------------------------------------------------------------------- a game: one round or a match


def play_game(settings: GameSettings, console: Console | None = None) -> None:
    """Play one round, or a whole match with ``settings.match``, until it
    ends or the player leaves (quit, or the end of input); then save the
    records where ``settings.record`` asks (RecordFileError if that fails)."""
    with speaking(settings.lang):
        session = _Session(settings, console if console is not None else terminal_console())
        try:
            _play_and_tell(session)
        finally:  # however the game ended: a closed pipe, Ctrl-C while a bot thinks ...
            saved = _save_records(settings, session.records)
        for path in saved:
            session.write("record_saved", path=path)


def _play_and_tell(session: _Session) -> None:
    """The game, from the welcome to its end or the player's leaving."""
    settings = session.settings
    session.write("welcome", variant=settings.variant.name, seat=settings.seat)
    try:
        if settings.match:
            _play_match(session)
        else:
            _play_one_round(session)
    except _GameLeft as left:
        session.write(left.key)
    except KeyboardInterrupt:  # Ctrl-C while a bot thinks (at the prompt it is a _GameLeft)
        session.console.write("")
        session.write("interrupted")


def _bot_seed(seed: int | None, seat: int) -> int | None:
    return None if seed is None else seed + seat


def _play_one_round(session: _Session) -> None:
    settings = session.settings
    state = deal(settings.variant, players=settings.players, seed=settings.seed)
    bots = {
        seat: bot_from_spec(settings.bot_name(seat), settings.variant, seed=_bot_seed(settings.seed, seat))
        for seat in range(settings.players)
        if seat != settings.seat
    }
    _play_round(session, state, settings.seat, bots, range(settings.players))


def _play_match(session: _Session) -> None:
    """Rounds dealt by the library's Match until the match is over, with the
    score table after each."""
    settings = session.settings
    first = random.Random(settings.seed).randrange(settings.players)
    match = Match.start(settings.variant, players=settings.players, first_dealer=first)
    length = say("match_rounds", rounds=match.rounds) if match.rounds else say("match_open")
    session.write("welcome_match", variant=settings.variant.name, length=length, seat=settings.seat)
    while True:
        match = _decisions(session, match)
        if match.is_over:
            break
        index = len(match.results)
        if index >= MAX_MATCH_ROUNDS:
            raise RuntimeError(f"a {settings.variant.id} match lasted more than {MAX_MATCH_ROUNDS} rounds")
        match = match.record(_play_match_round(session, match))
        for line in score_table(match, settings.seat):
            session.console.write(line)
    names = session.names(range(settings.players))
    winners = ", ".join(names[w] for w in match.winners)
    session.write("match_over", rounds=len(match.results), names=winners)


def _play_match_round(session: _Session, match: Match) -> RoundResult:
    """Deal and play the match's next round; the player's round seat is
    their place among the seats in play."""
    settings = session.settings
    index = len(match.results)
    active = match.active
    seat = active.index(settings.seat) if settings.seat in active else None
    for line in round_intro(match, settings.seat):
        session.console.write(line)
    seed = None if settings.seed is None else round_seed(settings.seed, index)
    bots = {
        round_seat: bot_from_spec(
            settings.bot_name(match_seat), settings.variant, seed=_bot_seed(seed, round_seat)
        )
        for round_seat, match_seat in enumerate(active)
        if match_seat != settings.seat
    }
    return _play_round(session, match.deal_next(seed), seat, bots, active)


def _decisions(session: _Session, match: Match) -> Match:
    """Every pending rebuy-or-retire decision: the player's asked for, a bot
    buys back when it may."""
    for seat in match.pending:
        if seat == session.settings.seat:
            match = _player_decides(session, match, seat)
            continue
        try:
            match, choice = match.decide(seat, "rebuy"), "rebuy"
        except IllegalMove:
            match, choice = match.decide(seat, "retire"), "retire"
        session.write("decision", seat=seat, choice=choice)
    return match


def _player_decides(session: _Session, match: Match, seat: int) -> Match:
    while True:
        choice = session.ask(say("decide_prompt")).lower()
        if choice in QUIT_WORDS:
            session.confirm_quit()
            continue
        if choice not in DECISIONS:
            if choice:
                session.write("decide_unknown", answer=reprlib.repr(choice))
            continue
        try:
            return match.decide(seat, choice)
        except IllegalMove as refusal:
            session.write("refused", code=refusal.code, message=refusal)
