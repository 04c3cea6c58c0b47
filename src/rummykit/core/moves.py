"""The moves a player makes, and their one-line notation (docs/engine.md, docs/notation.md).

>>> parse_move("meld 7h 8h JK=9h")
Meld(cards=(Card('7h'), Card('8h'), Card('JK=9h')))
>>> str(parse_move("1: layoff 2 Ts"))
'layoff 2 Ts'
>>> parse_seat_move("1: take")
(1, Take(depth=1))
"""

from __future__ import annotations

import reprlib
from typing import Any, Union

import attrs

from rummykit.core.cards import Card, format_cards, parse_card, parse_cards
from rummykit.core.errors import NotationError

__all__ = [
    "MAX_DIGITS",
    "Buy",
    "Declare",
    "Discard",
    "Done",
    "Draw",
    "DrawExchange",
    "Drop",
    "Exchange",
    "Knock",
    "LayOff",
    "Meld",
    "Move",
    "Out",
    "Pass",
    "Shift",
    "SwapJoker",
    "Take",
    "Undo",
    "move_words",
    "parse_move",
    "parse_seat_move",
    "split_seat",
]

MAX_DIGITS = 6
"""The most digits a number in move text may have (a seat, a depth, a meld
number); no table holds more, and it keeps ``int()`` far from its limits."""


def _described(value: object) -> str:
    """``int 5``, ``str '7h 8h 9h'``: the type and a short repr of a wrong
    value, with a hint when it is text that should have been read."""
    hint = " (read move text with parse_move)" if isinstance(value, str) else ""
    return f"{type(value).__name__} {reprlib.repr(value)}{hint}"


def _whole_number(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    """A number from 1 up (``bool`` is not a number here)."""
    where = f"{type(instance).__name__}.{attribute.name}"
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{where} must be an int from 1 up, not {_described(value)}")
    if value < 1:
        raise ValueError(f"{where} must be a number from 1 up, not {value}")


def _one_card_field(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if not isinstance(value, Card):
        raise TypeError(f"{type(instance).__name__}.{attribute.name} must be a Card, not {_described(value)}")


def _as_tuple(value: object) -> object:
    """Lists become tuples (so moves hash); anything else is left to the validator."""
    return tuple(value) if isinstance(value, list) else value


def _card_tuple(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    """A non-empty tuple of cards."""
    where = f"{type(instance).__name__}.{attribute.name}"
    if not isinstance(value, tuple):
        raise TypeError(f"{where} must be a tuple of Card, not {_described(value)}")
    for card in value:
        if not isinstance(card, Card):
            raise TypeError(f"{where} must hold only Card, not {_described(card)}")
    if not value:
        raise ValueError(f"{where} must name at least one card")


def _unordered(cards: tuple[Card, ...]) -> tuple[tuple[int, int, int], ...]:
    """What a card list is compared and hashed by: its cards, order aside
    (a joker's declaration counts, and which deuce plays wild: ``2h=8c`` is
    not ``JK=8c``), so ``meld 3s 3h 3c`` equals ``meld 3c 3h 3s``."""
    return tuple(sorted((c.code, -1 if c.declared is None else c.declared.code, c.face.code) for c in cards))


@attrs.frozen(slots=True)
class Draw:
    """Take the top card of the stock."""

    def __str__(self) -> str:
        return "draw"


@attrs.frozen(slots=True)
class DrawExchange:
    """Take the exchange card as this turn's draw (only to go out by hand rummy)."""

    def __str__(self) -> str:
        return "draw exchange"


@attrs.frozen(slots=True)
class Take:
    """Take the top discard (depth 1), or the depth-th card from the top of the
    discard row with every card above it."""

    depth: int = attrs.field(default=1, validator=_whole_number)

    def __str__(self) -> str:
        return "take" if self.depth == 1 else f"take {self.depth}"


@attrs.frozen(slots=True)
class Exchange:
    """Swap a hand card with the face-up exchange card."""

    card: Card = attrs.field(validator=_one_card_field)

    def __str__(self) -> str:
        return f"exchange {self.card}"


@attrs.frozen(slots=True)
class Meld:
    """Lay a new meld from the hand (jokers may carry a declaration). Two melds
    of the same cards are the same move, whatever the cards' order."""

    cards: tuple[Card, ...] = attrs.field(converter=_as_tuple, validator=_card_tuple, eq=_unordered)

    def __str__(self) -> str:
        return f"meld {format_cards(self.cards)}"


@attrs.frozen(slots=True)
class LayOff:
    """Add hand cards to table meld number ``meld`` (1, 2, … in the order laid);
    the cards' order does not matter."""

    meld: int = attrs.field(validator=_whole_number)
    cards: tuple[Card, ...] = attrs.field(converter=_as_tuple, validator=_card_tuple, eq=_unordered)

    def __str__(self) -> str:
        return f"layoff {self.meld} {format_cards(self.cards)}"


def _more_cards(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    """A tuple of cards, possibly empty."""
    if value != ():
        _card_tuple(instance, attribute, value)


@attrs.frozen(slots=True, eq=False)
class SwapJoker:
    """Put natural ``card`` into table meld ``meld`` in place of its joker;
    ``more``: further cards laid in the same move (``swap M C C``, a set whose
    joker leaves only with every missing suit). The cards' order does not
    matter: ``swap 1 Kc Kd`` equals ``swap 1 Kd Kc``, as lay-offs do."""

    meld: int = attrs.field(validator=_whole_number)
    card: Card = attrs.field(validator=_one_card_field)
    more: tuple[Card, ...] = attrs.field(default=(), converter=_as_tuple, validator=_more_cards)

    @property
    def cards(self) -> tuple[Card, ...]:
        """Every card the move lays, ``card`` first."""
        return (self.card, *self.more)

    def _key(self) -> tuple[int, tuple[tuple[int, int, int], ...]]:
        return self.meld, _unordered(self.cards)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, SwapJoker):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __str__(self) -> str:
        return f"swap {self.meld} {format_cards(self.cards)}"


@attrs.frozen(slots=True)
class Buy:
    """Out of turn: take the upcard the player in turn left, and the buy's
    penalty cards from the stock (the seat is the one that acts)."""

    def __str__(self) -> str:
        return "buy"


def _declared_joker(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    _one_card_field(instance, attribute, value)
    if not isinstance(value, Card) or value.declared is None:
        where = f"{type(instance).__name__}.{attribute.name}"
        raise ValueError(f"{where} must be a joker with a declaration (JK=9h)")


@attrs.frozen(slots=True)
class Shift:
    """Put natural ``card`` into run ``meld`` in place of the joker standing
    for it; the joker moves to an open end and stands for what ``wild`` declares."""

    meld: int = attrs.field(validator=_whole_number)
    card: Card = attrs.field(validator=_one_card_field)
    wild: Card = attrs.field(validator=_declared_joker)

    def __str__(self) -> str:
        return f"shift {self.meld} {self.card} {self.wild}"


@attrs.frozen(slots=True)
class Discard:
    """Discard a card and end the turn."""

    card: Card = attrs.field(validator=_one_card_field)

    def __str__(self) -> str:
        return f"discard {self.card}"


@attrs.frozen(slots=True)
class Out:
    """End the turn and the round with an empty hand and no discard."""

    def __str__(self) -> str:
        return "out"


@attrs.frozen(slots=True)
class Undo:
    """Take back the last meld, lay-off or swap of this turn."""

    def __str__(self) -> str:
        return "undo"


@attrs.frozen(slots=True)
class Pass:
    """Decline the first upcard, or at the wall end the round as a draw."""

    def __str__(self) -> str:
        return "pass"


@attrs.frozen(slots=True)
class Knock:
    """Lay ``card`` face down instead of discarding it, and knock: play ends."""

    card: Card = attrs.field(validator=_one_card_field)

    def __str__(self) -> str:
        return f"knock {self.card}"


@attrs.frozen(slots=True)
class Drop:
    """Leave before drawing, at the start of one's turn: fold out of the deal
    (``[drop]``), or knock before the draw (``knock.timing = "before_draw"``)."""

    def __str__(self) -> str:
        return "drop"


@attrs.frozen(slots=True)
class Declare:
    """Lay ``card`` face down instead of discarding it and show the rest of
    the hand (``[declare]``): the show is judged, never refused."""

    card: Card = attrs.field(validator=_one_card_field)

    def __str__(self) -> str:
        return f"declare {self.card}"


@attrs.frozen(slots=True)
class Done:
    """The knocker, or then the defender, has finished laying melds."""

    def __str__(self) -> str:
        return "done"


Move = Union[  # noqa: UP007 - a runtime alias on Python 3.10
    Draw, DrawExchange, Take, Exchange, Meld, LayOff, SwapJoker, Shift, Buy, Discard, Out, Undo,
    Pass, Knock, Done, Drop, Declare,
]


def _is_number(token: str) -> bool:
    """ASCII digits only: ``str.isdigit`` also accepts ``²``, which ``int()`` refuses."""
    return 0 < len(token) <= MAX_DIGITS and token.isascii() and token.isdigit()


def _number(token: str, text: str) -> int:
    if len(token) > MAX_DIGITS and token.isascii() and token.isdigit():
        shown = reprlib.repr(token)
        raise NotationError(text, "{token} has more than {most} digits", token=shown, most=MAX_DIGITS)
    if not _is_number(token) or int(token) < 1:
        raise NotationError(text, "{token} is not a number from 1 up", token=repr(token))
    return int(token)


def _one_card(words: list[str], text: str) -> Card:
    if len(words) != 1:
        raise NotationError(text, "this move names exactly one card")
    card = parse_card(words[0])
    return card


def parse_move(text: str) -> Move:
    """Read one move in notation; a leading ``seat:`` is allowed and ignored,
    and cards may be separated by commas as in card lists (``meld 3s, 3h, 3c``)."""
    return parse_seat_move(text)[1]


def split_seat(text: str) -> tuple[int | None, str]:
    """Split the seat written before a move from the move: ``"1: take"`` gives
    (1, "take"), ``"take"`` gives (None, "take"). Only the seat is read here.

    >>> split_seat(" 01 : meld 7h 8h 9h")
    (1, 'meld 7h 8h 9h')
    """
    if not isinstance(text, str):
        raise NotationError(repr(text), "a move is one line of text")
    line = text.strip()
    head, colon, rest = line.partition(":")
    head = head.strip()
    if colon and _is_number(head):
        return int(head), rest.strip()
    if colon and head.isascii() and head.isdigit():
        raise NotationError(text, "{head} is too long for a seat", head=reprlib.repr(head))
    return None, line


def move_words(line: str) -> list[str]:
    """The words of a move's text (without its seat) as the parser reads
    them: commas are spaces, the verb is lower case.

    >>> move_words("MELD,8d,8h 8s")
    ['meld', '8d', '8h', '8s']
    """
    words = line.replace(",", " ").split()
    if words:
        words[0] = words[0].lower()
    return words


def parse_seat_move(text: str) -> tuple[int | None, Move]:
    """Read ``"1: take"`` as (1, Take()); the seat is None when not given."""
    seat, line = split_seat(text)
    words = move_words(line)
    if not words:
        raise NotationError(text, "empty move")
    return seat, _move_of(words[0], words[1:], text)


def _move_of(verb: str, args: list[str], text: str) -> Move:
    """The move ``verb`` names, with its words ``args`` (``text``: the whole move, for errors)."""
    if verb == "draw":
        return _draw_move(args, text)
    if verb == "take":
        if len(args) > 1:
            raise NotationError(text, "take takes at most a depth")
        return Take(_number(args[0], text) if args else 1)
    if verb == "exchange":
        return Exchange(_one_card(args, text).face)
    if verb in ("meld", "layoff", "swap", "shift"):
        return _table_move(verb, args, text)
    if verb == "buy":
        if args:
            raise NotationError(text, "buy takes nothing")
        return Buy()
    if verb == "discard":
        return Discard(_one_card(args, text).face)
    if verb == "knock":
        return Knock(_one_card(args, text).face)
    if verb == "declare":
        return Declare(_one_card(args, text).face)
    if verb in ("out", "undo", "pass", "done", "drop"):
        return _wordless_move(verb, args, text)
    raise NotationError(text, "unknown move {verb}", verb=repr(verb))


def _draw_move(args: list[str], text: str) -> Draw | DrawExchange:
    """``draw`` from the stock, or ``draw exchange``."""
    if not args:
        return Draw()
    if args == ["exchange"]:
        return DrawExchange()
    raise NotationError(text, "draw takes nothing, or 'exchange'")


def _table_move(verb: str, args: list[str], text: str) -> Meld | LayOff | SwapJoker | Shift:
    """The moves that lay cards on the table: ``meld``, ``layoff``, ``swap`` and ``shift``."""
    if verb == "meld":
        if not args:
            raise NotationError(text, "meld names its cards")
        return Meld(parse_cards(args))
    if verb == "layoff":
        if len(args) < 2:
            raise NotationError(text, "layoff names a meld number and cards")
        return LayOff(_number(args[0], text), parse_cards(args[1:]))
    if verb == "swap":
        if len(args) < 2:
            raise NotationError(text, "swap names a meld number and one or more cards")
        cards = [parse_card(word).face for word in args[1:]]
        return SwapJoker(_number(args[0], text), cards[0], tuple(cards[1:]))
    if len(args) != 3:
        raise NotationError(text, "shift names a meld number, a card and a declared joker (JK=9h)")
    wild = parse_card(args[2])
    if wild.declared is None:
        raise NotationError(text, "shift's last word is a declared joker, as in JK=9h")
    return Shift(_number(args[0], text), parse_card(args[1]).face, wild)


def _wordless_move(verb: str, args: list[str], text: str) -> Out | Undo | Pass | Done | Drop:
    """``out``, ``undo``, ``pass``, ``done`` or ``drop``, which take no words."""
    if args:
        raise NotationError(text, "{verb} takes nothing", verb=verb)
    simple: dict[str, type[Out | Undo | Pass | Done | Drop]] = {
        "out": Out,
        "undo": Undo,
        "pass": Pass,
        "done": Done,
        "drop": Drop,
    }
    return simple[verb]()
