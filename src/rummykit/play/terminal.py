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

import random
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path

import attrs

from rummykit.core.cards import Card, format_cards
from rummykit.core.errors import IllegalMove, Text, render
from rummykit.core.moves import Buy, Draw, DrawExchange, Move, Take, parse_seat_move
from rummykit.core.translation import speaking, spoken, translator
from rummykit.io.records import Record
from rummykit.io.serialize import to_json
from rummykit.play.bots import BOTS, Bot, make_bot
from rummykit.play.simulate import MAX_MATCH_ROUNDS, round_seed
from rummykit.round.dealing import deal, next_seat
from rummykit.round.match_play import Match
from rummykit.round.state import RoundResult, RoundState
from rummykit.round.views import OpeningView, PlayerView
from rummykit.rules.buy import buy_rule
from rummykit.rules.contract import contract_of, describe_text, uses_contracts
from rummykit.rules.deal import deal_rule
from rummykit.rules.draw import draw_rule
from rummykit.rules.during_play import melds_during_play
from rummykit.rules.first_upcard import offers_first_upcard
from rummykit.rules.going_out import going_out_rule
from rummykit.rules.knock import knock_rule
from rummykit.rules.match import DECISIONS
from rummykit.rules.table import table_rule
from rummykit.rules.wall import at_wall
from rummykit.rules.wild_shift import shift_allowed
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
    "variant_moves",
]

MESSAGES: dict[str, str] = {
    # the start of a game, a round and a turn
    "welcome": "{variant}: you are seat {seat}. Type a move in notation (as in 'discard 5c'), "
    "'help' for the moves and commands.",
    "welcome_match": "A match of {variant}: {length}. You are seat {seat}.",
    "match_rounds": "{rounds} rounds",
    "match_open": "rounds until the match ends",
    "round_start": "== Round {number}, dealt by seat {dealer}",
    "round_seats": "   This round is played by seats {seats}; you are seat {seat} in it.",
    "round_watch": "   You are not in this round; the bots play it.",
    "turn": "-- {deal}turn {turn}, seat {to_move} to move ({phase})",
    "turn_deal": "deal {number}, ",
    # the table, the discards and the hand
    "table_meld": "   {number}: {meld}  ({points} points, seat {owner})",
    "table_meld_tentative": "  *{number}: {meld}  ({points} points, seat {owner})",
    "tentative_note": "   * tentative: it stands when your turn ends ('undo' takes back the last play)",
    "discards": "   discards: {cards}   stock: {stock}",
    "discards_numbered": "   discards: {cards}   stock: {stock}   ('take N' takes card [N])",
    "discard_depth": "[{depth}] {card}",
    "nothing": "-",
    "exchange": "   exchange card: {card}",
    "hand_sizes": "   hand sizes: {sizes}; opened: {opened}",
    "hand_size": "seat {seat}: {size}",
    "hand": "   your hand: {cards}",
    "opening": "   opening: {minimum} points needed; your new melds so far: {so_far}",
    "contract": "   this deal's contract: {contract}",
    # moves
    "prompt": "your move> ",
    "legal": "   your moves: {moves}",
    "refused": "   refused: {code}: {message}",
    "seat_move": "seat {seat}: {move}",
    "drew": "   You drew {cards}.",
    "took": "   You took {cards}.",
    "bought": "   You bought {card} and drew {cards}.",
    "buy_prompt": "Buy {card} (the price: {price} more card(s) from the stock)? [y/N] ",
    # the end of a round, of a match, of the game
    "round_over": "Round over ({ending}); winners {winners}; scores {scores}",
    "score": "seat {seat}: {score}",
    "table_title": "Scores after round {number}:",
    "table_round": "round",
    "table_total": "total",
    "table_seat": "seat {seat}",
    "table_you": "you ({seat})",
    "table_absent": "-",
    "table_earlier": "...",
    "lowest_wins": "The lowest total wins.",
    "highest_wins": "The highest total wins.",
    "match_over": "Match over after {rounds} rounds; winners: {winners}.",
    "decide_prompt": "You are out of the match: rebuy or retire? [rebuy/retire] ",
    "decision": "seat {seat}: {choice}",
    "quit_prompt": "Quit the game? [y/N] ",
    "yes": "y yes",
    "quit": "You left the game.",
    "eof": "End of input: the game ends.",
    "interrupted": "Interrupted: the game ends.",
    "record_saved": "Record saved to {path}.",
    # help
    "help_moves": "Moves in {variant} (cards as 7h Td Qs Ac JK; M is a table meld's number):",
    "help_move": "  {notation:<22} {text}",
    "help_deep_new_meld": "  A card taken from below the top must start a new meld in the same turn.",
    "help_deep_laid": "  A card taken from below the top must be melded or laid off in the same turn.",
    "help_commands": "Commands:",
    "help_seat": "You play seat {seat}; a move may also name it first, as in '{seat}: draw'.",
}
"""Every line of the game, by key; fields in braces are filled by :func:`say`."""

MOVE_HELP: dict[str, tuple[str, str]] = {
    "draw": ("draw", "take the top card of the stock"),
    "take": ("take", "take the top discard"),
    "take_deep": ("take N", "take discard [N] of the row (N = 1 is the top)"),
    "take_deep_above": ("take N", "take discard [N] of the row and every card above it (N = 1 is the top)"),
    "draw_exchange": ("draw exchange", "take the exchange card as your draw (only to go out at once)"),
    "exchange": ("exchange C", "swap card C of your hand with the exchange card"),
    "meld": ("meld C C C ...", "lay a new meld from your hand (a joker may say what it stands for: JK=9h)"),
    "layoff": ("layoff M C ...", "add cards of your hand to table meld M"),
    "swap": ("swap M C", "put C into meld M in place of its joker, which comes to your hand"),
    "shift": ("shift M C JK=X", "put C into run M in place of its joker, which moves to an end as X"),
    "undo": ("undo", "take back your last meld, lay-off or swap of this turn"),
    "discard": ("discard C", "discard C and end your turn"),
    "out": ("out", "go out with an empty hand and no discard"),
    "knock": ("knock C", "lay C face down and knock: play ends, melds are shown"),
    "done": ("done", "you have laid all the melds (and lay-offs) you want after a knock"),
    "pass": ("pass", "decline the first upcard, or at the wall end the round"),
    "buy": ("buy", "out of turn: buy the upcard (you are asked when you may)"),
}
"""What each move of :func:`variant_moves` looks like, and what it does."""

COMMANDS: dict[str, str] = {
    "help": "this text",
    "moves": "list your legal moves now",
    "quit": "leave the game (you are asked to confirm)",
}
"""The game's own commands (not moves), with what each does."""


def say(key: str, **fields: object) -> str:
    """The line ``key`` of :data:`MESSAGES` in the game's language (:func:`speaking`)
    with its fields filled in."""
    return render(MESSAGES[key], fields, translator(spoken()))


class RecordFileError(ValueError):
    """The record file cannot be written; the message says why."""


def _read_line(prompt: str) -> str:
    return input(prompt)


def _write_line(line: str) -> None:
    print(line)


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
        unknown = [name for name in self.bots if name not in BOTS]
        if not self.bots or unknown:
            raise ValueError(f"bots are named from {', '.join(BOTS)}, not {list(self.bots)}")

    def bot_name(self, seat: int) -> str:
        """The bot that plays match seat ``seat`` (not the player's)."""
        others = [s for s in range(self.players) if s != self.seat]
        return self.bots[others.index(seat) % len(self.bots)]


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
    """RecordFileError unless ``path`` can be written (a file created here to
    find out is removed again)."""
    if path.is_dir():
        raise RecordFileError(f"{path} is a folder, not a file")
    if not path.parent.is_dir():
        raise RecordFileError(f"the folder {path.parent} does not exist")
    existed = path.exists()
    try:
        path.open("a", encoding="utf-8").close()
    except OSError as error:
        raise RecordFileError(f"cannot write {path}: {error.strerror or error}") from None
    if not existed:
        path.unlink()


def _save_records(settings: GameSettings, records: Sequence[Record], console: Console) -> None:
    if settings.record is None or not records:
        return
    for path, record in zip(
        record_files(settings.record, len(records), match=settings.match), records, strict=True
    ):
        try:
            path.write_text(to_json(record, indent=1) + "\n", encoding="utf-8")
        except OSError as error:
            raise RecordFileError(f"cannot write {path}: {error.strerror or error}") from None
        console.write(say("record_saved", path=path))


# --------------------------------------------------------------------------- help


def variant_moves(variant: Variant) -> tuple[str, ...]:
    """The keys of :data:`MOVE_HELP` for the moves ``variant`` has, as its
    rule components say."""
    draw = draw_rule(variant)
    knocks = knock_rule(variant) is not None
    melds = melds_during_play(variant)
    deep = len(draw.take_depths(2)) > 1
    above = deep and len(draw.taken_cards((Card("2c"), Card("3c")), 2)[0]) == 2
    offered = (
        ("draw", draw.draws_from_stock()),
        ("take", draw.take_refusal(1, 1) is None or offers_first_upcard(variant)),
        ("take_deep_above" if above else "take_deep", deep),
        ("draw_exchange", draw.exchange_draw_allowed()),
        ("exchange", deal_rule(variant).exchange_card and draw.exchange_swap_allowed(1, variant.players.min)),
        ("meld", melds or knocks),
        ("layoff", melds or knocks),
        ("swap", melds and table_rule(variant).swap_allowed_refusal() is None),
        ("shift", melds and shift_allowed(variant)),
        ("undo", melds),
        ("discard", True),
        ("out", not going_out_rule(variant).final_discard_required()),
        ("knock", knocks),
        ("done", knocks),
        ("pass", offers_first_upcard(variant) or at_wall(variant, 0)),
        ("buy", buy_rule(variant) is not None),
    )
    return tuple(key for key, has in offered if has)


def help_lines(variant: Variant, seat: int) -> list[str]:
    """The help text: the variant's moves in notation, then the commands."""
    lines = [say("help_moves", variant=variant.name)]
    for key in variant_moves(variant):
        notation, text = MOVE_HELP[key]
        lines.append(say("help_move", notation=notation, text=Text(text)))
    draw = draw_rule(variant)
    if draw.chosen_card_must_start_meld():
        lines.append(say("help_deep_new_meld"))
    elif draw.chosen_card_must_be_laid():
        lines.append(say("help_deep_laid"))
    lines.append(say("help_commands"))
    lines += [say("help_move", notation=word, text=Text(text)) for word, text in COMMANDS.items()]
    lines.append(say("help_seat", seat=seat))
    return lines


# --------------------------------------------------------------------------- what the player sees


def tentative_melds(state: RoundState) -> frozenset[int]:
    """Table indices of the melds laid or changed in the turn in progress
    (they stand only once the turn ends; ``undo`` takes them back)."""
    steps = state.turn.steps
    if not steps:
        return frozenset()
    before = steps[0].table
    return frozenset(i for i, meld in enumerate(state.table) if i >= len(before) or meld != before[i])


def _discard_line(variant: Variant, view: PlayerView) -> str:
    row = view.discards
    deep = max(draw_rule(variant).take_depths(view.discard_size), default=1) > 1
    if not row:
        return say("discards", cards=say("nothing"), stock=view.stock_size)
    if not deep:
        return say("discards", cards=format_cards(row), stock=view.stock_size)
    numbered = "  ".join(
        say("discard_depth", depth=len(row) - index, card=card) for index, card in enumerate(row)
    )
    return say("discards_numbered", cards=numbered, stock=view.stock_size)


def show(state: RoundState, seat: int) -> list[str]:
    """What seat ``seat`` sees of the round, as lines."""
    view = state.view(seat)
    deal_text = say("turn_deal", number=view.deal_number) if view.deal_number else ""
    lines = [say("turn", deal=deal_text, turn=view.turns_played + 1, to_move=view.to_move, phase=view.phase)]
    marked = tentative_melds(state) if state.to_move == seat else frozenset()
    for index, entry in enumerate(view.table):
        key = "table_meld_tentative" if index in marked else "table_meld"
        lines.append(
            say(key, number=index + 1, meld=entry.notation, points=entry.meld.points, owner=entry.owner)
        )
    if marked:
        lines.append(say("tentative_note"))
    lines.append(_discard_line(state.variant, view))
    if view.exchange is not None:
        lines.append(say("exchange", card=view.exchange))
    sizes = ", ".join(say("hand_size", seat=s, size=n) for s, n in enumerate(view.hand_sizes))
    lines.append(say("hand_sizes", sizes=sizes, opened=[s for s, o in enumerate(view.opened) if o]))
    lines += _opening_lines(state, view)
    if view.hand is not None:
        lines.append(say("hand", cards=format_cards(view.hand)))
    return lines


def _opening_lines(state: RoundState, view: PlayerView) -> list[str]:
    variant = state.variant
    if uses_contracts(variant):
        contract = contract_of(variant, state.deal_number)
        return [] if contract is None else [say("contract", contract=describe_text(contract))]
    needed: OpeningView = view.opening  # what the view says of the opening
    if needed.minimum is None or view.seat is None or view.opened[view.seat]:
        return []
    so_far = needed.so_far if view.to_move == view.seat else 0
    return [say("opening", minimum=needed.minimum, so_far=so_far)]


# --------------------------------------------------------------------------- playing a round


@attrs.define
class _Session:
    """The game in progress: its settings, console, and one record per round."""

    settings: GameSettings
    console: Console
    records: list[Record] = attrs.Factory(list)

    def write(self, key: str, **fields: object) -> None:
        self.console.write(say(key, **fields))

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


def _player_turn(session: _Session, state: RoundState, seat: int) -> RoundState:
    """Show the round and read lines until one is a move the rules accept."""
    for line in show(state, seat):
        session.console.write(line)
    while True:
        line = session.ask(say("prompt"))
        word = line.lower()
        if not line:
            continue
        if word == "help":
            for text in help_lines(state.variant, seat):
                session.console.write(text)
        elif word == "moves":
            session.write("legal", moves="; ".join(str(m) for m in state.legal_moves(seat)))
        elif word in ("quit", "exit"):
            if session.agrees(say("quit_prompt")):
                raise _GameLeft("quit")
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


def _offer_buy(session: _Session, state: RoundState, seat: int | None, bots: dict[int, Bot]) -> RoundState:
    """While the upcard may be bought, the nearest seat that wants it buys it
    (R-CON-10): the player is asked, the bots decide."""
    if not state.buy_window:
        return state
    for step in range(1, state.players):
        buyer = next_seat(state.variant, state.players, state.to_move, step)
        view = state.view(buyer)
        if Buy() not in view.legal:
            continue
        if buyer == seat:
            rule = buy_rule(state.variant)
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
                session.write("seat_move", seat=buyer, move="buy")
            return after
    return state


def _play_round(
    session: _Session, state: RoundState, seat: int | None, bots: dict[int, Bot], labels: Sequence[int]
) -> RoundResult:
    """Play the round to its end: the player's turns at the keyboard
    (``seat`` None: the player is not in this round), the others by bots.
    The scores at the end name round seat ``j`` as seat ``labels[j]``."""
    session.records.append(Record.start(state))
    while state.phase != "over":
        if state.to_move == seat:
            state = _player_turn(session, state, seat)
        else:
            mover = state.to_move
            move = bots[mover].choose(state.view(mover))
            state = session.apply(state, move)
            if seat is not None:
                session.write("seat_move", seat=mover, move=move)
        state = _offer_buy(session, state, seat, bots)
    result = state.result
    if result is None:  # the loop above ends only when the round is over
        raise RuntimeError("the round ended without a result")
    scores = ", ".join(say("score", seat=labels[s], score=v) for s, v in enumerate(result.scores))
    session.write(
        "round_over", ending=result.ending, winners=[labels[w] for w in result.winners], scores=scores
    )
    return result


# --------------------------------------------------------------------------- a game: one round or a match


def play_game(settings: GameSettings, console: Console | None = None) -> None:
    """Play one round, or a whole match with ``settings.match``, until it
    ends or the player leaves (quit, or the end of input); then save the
    records where ``settings.record`` asks (RecordFileError if that fails)."""
    with speaking(settings.lang):
        session = _Session(settings, console if console is not None else Console())
        session.write("welcome", variant=settings.variant.name, seat=settings.seat)
        try:
            if settings.match:
                _play_match(session)
            else:
                _play_one_round(session)
        except _GameLeft as left:
            session.write(left.key)
        _save_records(settings, session.records, session.console)


def _bot_seed(seed: int | None, seat: int) -> int | None:
    return None if seed is None else seed + seat


def _play_one_round(session: _Session) -> None:
    settings = session.settings
    state = deal(settings.variant, players=settings.players, seed=settings.seed)
    bots = {
        seat: make_bot(settings.bot_name(seat), settings.variant, seed=_bot_seed(settings.seed, seat))
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
    session.write("match_over", rounds=len(match.results), winners=list(match.winners))


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
        round_seat: make_bot(
            settings.bot_name(match_seat), settings.variant, seed=_bot_seed(seed, round_seat)
        )
        for round_seat, match_seat in enumerate(active)
        if match_seat != settings.seat
    }
    return _play_round(session, match.deal_next(seed), seat, bots, active)


def round_intro(match: Match, you: int) -> list[str]:
    """The lines that open the match's next round: its number and dealer,
    and where seats are out, who plays it and the player's seat in it."""
    index = len(match.results)
    active = match.active
    lines = [say("round_start", number=index + 1, dealer=match.dealer_of(index))]
    if you not in active:
        lines.append(say("round_watch"))
    elif active != tuple(range(match.players)):
        lines.append(say("round_seats", seats=list(active), seat=active.index(you)))
    return lines


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
        if choice not in DECISIONS:
            continue
        try:
            return match.decide(seat, choice)
        except IllegalMove as refusal:
            session.write("refused", code=refusal.code, message=refusal)


TABLE_ROUNDS = 12
"""The most rounds the score table shows (the last ones), besides the totals."""


def score_table(match: Match, you: int) -> list[str]:
    """The match's scores so far: a row per round (the last
    :data:`TABLE_ROUNDS`), then the totals."""
    seats = range(match.players)
    head = [say("table_round")]
    head += [say("table_you" if s == you else "table_seat", seat=s) for s in seats]
    rows = [head]
    shown = max(0, len(match.results) - TABLE_ROUNDS)
    if shown:
        rows.append([say("table_earlier"), *("" for _ in seats)])
    for index, result in enumerate(match.results[shown:], start=shown):
        played = match.played(index)
        cells = [str(result.scores[s]) if s in played else say("table_absent") for s in seats]
        rows.append([str(index + 1), *cells])
    rows.append([say("table_total"), *(str(total) for total in match.totals)])
    widths = [max(len(row[i]) for row in rows) for i in range(len(head))]
    lines = [say("table_title", number=len(match.results))]
    lines += [
        ("   " + "  ".join(c.rjust(w) for c, w in zip(row, widths, strict=True))).rstrip() for row in rows
    ]
    lines.append(say("lowest_wins" if match.rule.better(0, 1) else "highest_wins"))
    return lines
