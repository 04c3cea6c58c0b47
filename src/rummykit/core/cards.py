"""Cards and their notation.

A :class:`Card` is a face: two decks give equal faces, and ``Card("7h")`` is the
same object every time (cards are interned), so comparing and hashing are cheap.
A joker may carry a declaration, ``JK=8h``: what the player says it stands for.
Where deuces are wild (``deck.wild_deuces``) a deuce played as a wild card is
written the same way, ``2h=8c``, or ``2h=*`` where it stands for no one card
(a set's free suit); its :attr:`Card.face` is the deuce the hand held. A card
of a deal's wild rank (the Indian cut card's rank) is written so too, ``7d=8h``;
the notation takes any natural card, and the meld rules judge whether it may
play wild.

>>> Card("7h"), Card("10d"), Card("JK=8h")
(Card('7h'), Card('Td'), Card('JK=8h'))
>>> format_cards(parse_cards("Ah 10c jk 7♠"))
'Ah Tc JK 7s'
>>> Card("2h=8c").face, Card("2h=8c").is_joker
(Card('2h'), True)
"""

from __future__ import annotations

import enum
import operator
from collections.abc import Callable, Iterable
from typing import Any, NoReturn

from rummykit.core.errors import NotationError

__all__ = [
    "JOKER",
    "NATURALS",
    "Card",
    "Rank",
    "Suit",
    "build_deck",
    "format_cards",
    "parse_card",
    "parse_cards",
    "wild_card",
    "wild_deuce",
]


class Rank(enum.IntEnum):
    """Card ranks; the ace is 14 (its place in a run is decided by the meld)."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def symbol(self) -> str:
        return _RANK_SYMBOLS[self - 2]


class Suit(enum.IntEnum):
    """Suits in canonical order: clubs, diamonds, hearts, spades."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def symbol(self) -> str:
        return "cdhs"[self]


_RANK_SYMBOLS = "23456789TJQKA"
_RANK_INPUT = {s: Rank(i + 2) for i, s in enumerate(_RANK_SYMBOLS)}
_RANK_INPUT.update({s.lower(): r for s, r in _RANK_INPUT.items()})
_RANK_INPUT["10"] = Rank.TEN
_SUIT_INPUT = {
    "c": Suit.CLUBS, "d": Suit.DIAMONDS, "h": Suit.HEARTS, "s": Suit.SPADES,
    "C": Suit.CLUBS, "D": Suit.DIAMONDS, "H": Suit.HEARTS, "S": Suit.SPADES,
    "♣": Suit.CLUBS, "♦": Suit.DIAMONDS, "♥": Suit.HEARTS, "♠": Suit.SPADES,
    "♧": Suit.CLUBS, "♢": Suit.DIAMONDS, "♡": Suit.HEARTS, "♤": Suit.SPADES,
}  # fmt: skip
_JOKER_INPUT = frozenset({"jk", "joker", "🃏"})

JOKER_CODE = 52
"""The code of every joker; naturals are ``(rank - 2) * 4 + suit``, 0 to 51."""

DEUCES_BELOW = 4
"""The deuces are the naturals whose code is below this (0 to 3)."""

code_order: Callable[[Card], int] = operator.attrgetter("code")
"""A sort key for faces in code order (by rank, then suit; the joker last):
the order a hand keeps. One attribute read in C, as the engine sorts every
hand it changes."""


_MAKE: Any = object()
"""What the module passes to ``Card`` to make one of its interned cards."""


class Card:
    """A playing card: a natural (rank and suit) or a joker.

    ``Card("7h")`` parses notation. Cards are immutable and interned: equal cards
    are the same object. ``code`` is a small integer (0-51 for naturals, rank
    major; 52 for a joker) that fast code may use.

    A deuce played wild (``2h=8c``) is a wild card like a joker: its ``code``
    is the joker's and ``rank`` and ``suit`` are None; ``face`` is the deuce
    it is (what a hand holds), ``undeclared`` the wild card without its
    declaration (``2h=*``, or ``JK`` for a joker). A card of a wild rank
    played wild (``7d=8h``) is the same kind of card.
    """

    __slots__ = ("_text", "code", "declared", "face", "rank", "suit", "undeclared")

    code: int
    rank: Rank | None
    suit: Suit | None
    declared: Card | None
    face: Card
    """The card without a declaration, as a hand holds it (a wild deuce's deuce)."""
    undeclared: Card
    """The card without a declaration, kept wild (``JK``, ``2h=*``; a natural itself)."""
    _text: str  # the notation, made once (cards are printed in every log entry and document)

    def __new__(
        cls,
        text: Any,
        code: int = JOKER_CODE,
        declared: Card | None = None,
        face: Card | None = None,
        undeclared: Card | None = None,
    ) -> Card:
        # ``Card(text)`` is the interned card the notation names. The module
        # makes those cards once, by passing _MAKE for the text with the
        # card's code and links (this is the one place a card is made: the
        # compiled build allows object.__new__ nowhere else).
        if text is not _MAKE:
            if code != JOKER_CODE or declared is not None or face is not None or undeclared is not None:
                raise TypeError("Card() takes one argument: the card's notation, like Card('7h')")
            return parse_card(text)
        card = object.__new__(cls)
        natural = code != JOKER_CODE
        object.__setattr__(card, "code", code)
        object.__setattr__(card, "rank", Rank(code // 4 + 2) if natural else None)
        object.__setattr__(card, "suit", Suit(code % 4) if natural else None)
        object.__setattr__(card, "declared", declared)
        object.__setattr__(card, "face", face if face is not None else card)
        object.__setattr__(card, "undeclared", undeclared if undeclared is not None else card)
        object.__setattr__(card, "_text", _notation(card))
        return card

    @staticmethod
    def natural(rank: Rank | int, suit: Suit | int) -> Card:
        """The natural card of this rank and suit."""
        return NATURALS[(int(rank) - 2) * 4 + int(suit)]

    @staticmethod
    def joker(declared: Card | None = None) -> Card:
        """A joker, optionally declared to stand for a natural card."""
        if declared is None:
            return JOKER
        if declared.is_joker:
            raise NotationError(str(declared), "a joker cannot stand for a joker")
        return _DECLARED[declared.code]

    @property
    def is_joker(self) -> bool:
        return self.code == JOKER_CODE

    @property
    def is_natural(self) -> bool:
        return self.code != JOKER_CODE

    def standing_for(self, target: Card | None) -> Card:
        """This wild card (a joker or a wild deuce) declared anew as ``target``.

        >>> Card("2h=8c").standing_for(Card("9c")), Card("JK").standing_for(None)
        (Card('2h=9c'), Card('JK'))
        """
        if self.code != JOKER_CODE:
            raise NotationError(str(self), "only a wild card can be declared")
        if self.face.code == JOKER_CODE:
            return Card.joker(target)
        return wild_card(self.face, target)

    @property
    def is_wild_deuce(self) -> bool:
        """A natural card played as a wild card: a wild deuce (``2h=8c``,
        ``2h=*``) or a card of a wild rank (``7d=8h``)."""
        return self.code == JOKER_CODE and self.face.code != JOKER_CODE

    def sort_key(self) -> tuple[int, int]:
        """The canonical order of cards, by code and then declaration:
        ``sorted(cards, key=Card.sort_key)``.

        Cards have no ``<``. A class with any comparison written in Python
        has every comparison of its instances made in Python, ``==`` too, and
        the engine compares cards all the time (``in``, ``count``,
        ``remove``); without one, cards compare by identity in C."""
        return (self.code, -1 if self.declared is None else self.declared.code)

    def __setattr__(self, name: str, value: Any) -> NoReturn:
        raise AttributeError("cards are immutable")

    def __delattr__(self, name: str) -> NoReturn:
        raise AttributeError("cards are immutable")

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        # Unpickling and copying go through the interning constructor.
        return (parse_card, (str(self),))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Card:
        return self

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"


def _notation(card: Card) -> str:
    if card.code == JOKER_CODE:
        if card.face.code != JOKER_CODE:
            return f"{card.face}={'*' if card.declared is None else card.declared}"
        return "JK" if card.declared is None else f"JK={card.declared}"
    return _RANK_SYMBOLS[card.code // 4] + "cdhs"[card.code % 4]


NATURALS: tuple[Card, ...] = tuple(Card(_MAKE, code, None) for code in range(52))
"""The 52 natural faces, indexed by code (``(rank - 2) * 4 + suit``)."""
JOKER: Card = Card(_MAKE, JOKER_CODE, None)
_DECLARED: tuple[Card, ...] = tuple(Card(_MAKE, JOKER_CODE, c, JOKER, JOKER) for c in NATURALS)
_WILD_NATURALS: tuple[Card, ...] = tuple(Card(_MAKE, JOKER_CODE, None, face) for face in NATURALS)
_DECLARED_NATURALS: tuple[tuple[Card, ...], ...] = tuple(
    tuple(Card(_MAKE, JOKER_CODE, c, NATURALS[w], _WILD_NATURALS[w]) for c in NATURALS) for w in range(52)
)


def wild_card(face: Card, declared: Card | None = None) -> Card:
    """The natural card ``face`` played as a wild card, standing for
    ``declared`` (a natural card) or for no one card (``7d=*``). Whether it
    may play wild is the meld rules' question (a wild deuce, a wild rank).

    >>> wild_card(Card("7d"), Card("8h")), wild_card(Card("Ks"))
    (Card('7d=8h'), Card('Ks=*'))
    """
    if face.code == JOKER_CODE or face.declared is not None:
        raise NotationError(str(face), "only a natural card can be played wild (7d=8h)")
    if declared is None:
        return _WILD_NATURALS[face.code]
    if declared.code == JOKER_CODE:
        raise NotationError(str(declared), "a wild card stands for a natural card, like 7d=8h")
    return _DECLARED_NATURALS[face.code][declared.code]


def wild_deuce(deuce: Card, declared: Card | None = None) -> Card:
    """The deuce ``deuce`` played as a wild card, standing for ``declared``
    (a natural card) or for no one card (``2h=*``).

    >>> wild_deuce(Card("2h"), Card("8c")), wild_deuce(Card("2s"))
    (Card('2h=8c'), Card('2s=*'))
    """
    if deuce.code >= DEUCES_BELOW:
        raise NotationError(str(deuce), "only a deuce can be played wild (2h=8c)")
    return wild_card(deuce, declared)


def _parse_natural(token: str) -> Card:
    if len(token) < 2:
        raise NotationError(token, "a card is a rank and a suit, like 7h")
    rank = _RANK_INPUT.get(token[:-1])
    suit = _SUIT_INPUT.get(token[-1])
    if rank is None:
        raise NotationError(
            token, "unknown rank {rank} (use 2-9, T or 10, J, Q, K, A)", rank=repr(token[:-1])
        )
    if suit is None:
        raise NotationError(token, "unknown suit {suit} (use c, d, h, s)", suit=repr(token[-1]))
    return NATURALS[(rank - 2) * 4 + suit]


_WRITTEN: dict[str, Card] = {
    str(card): card
    for cards in (NATURALS, (JOKER,), _DECLARED, _WILD_NATURALS, *_DECLARED_NATURALS)
    for card in cards
}
"""Every card by the way ``str`` writes it (as the engine, the logs and the
documents write cards), found by one lookup; any other spelling (``10d``,
``T♠``, ``jk``) is read by :func:`parse_card`'s parser. Nothing changes it."""


def _parse_wild_natural(token: str, head: str, tail: str) -> Card:
    """``2h=8c``, ``7d=8h`` or ``2h=*``: a natural card declared as a wild card
    (whether it may play wild is judged with the meld, not here)."""
    try:
        face = _parse_natural(head)
    except NotationError:
        raise NotationError(token, "only a joker or a natural card can be declared (JK=8h, 2h=8c)") from None
    if tail == "*":
        return _WILD_NATURALS[face.code]
    try:
        declared = _parse_natural(tail)
    except NotationError:
        raise NotationError(
            token, "a wild card is declared as a natural card, like 2h=8c, not {tail}", tail=repr(tail)
        ) from None
    return _DECLARED_NATURALS[face.code][declared.code]


def parse_card(token: Any) -> Card:
    """Read one card: ``7h``, ``10d``, ``T♠``, ``JK``, ``JK=8h``, ``2h=8c``, ``7d=8h``.

    ``token`` is typed Any so that a token that is not text gets this
    function's NotationError in the compiled build too, not mypyc's TypeError.

    >>> parse_card("Q♥")
    Card('Qh')
    """
    card = _WRITTEN.get(token)
    if card is not None:
        return card
    if not isinstance(token, str):
        raise NotationError(repr(token), "a card is written as text, like 7h")
    text = token.strip()
    if not text:
        raise NotationError(token, "empty card")
    head, sep, tail = text.partition("=")
    if head.lower() in _JOKER_INPUT:
        if not sep:
            card = JOKER
        else:
            try:
                declared = _parse_natural(tail)
            except NotationError:
                raise NotationError(
                    token, "a joker is declared as a natural card, like JK=8h, not {tail}", tail=repr(tail)
                ) from None
            card = _DECLARED[declared.code]
    elif sep:
        card = _parse_wild_natural(token, head, tail)
    else:
        try:
            card = _parse_natural(text)
        except NotationError as error:
            raise NotationError(token, error.reason_template, **error.fields) from None
    return card


def parse_cards(text: str | Iterable[str | Card]) -> tuple[Card, ...]:
    """Read cards separated by spaces (or commas), or convert an iterable of cards.

    >>> parse_cards("7h 8h JK=9h Th")
    (Card('7h'), Card('8h'), Card('JK=9h'), Card('Th'))
    """
    if isinstance(text, str):
        tokens: Iterable[str | Card] = text.replace(",", " ").split()
    else:
        tokens = text
    return tuple(t if isinstance(t, Card) else parse_card(t) for t in tokens)


def format_cards(cards: Iterable[Card]) -> str:
    """Print cards in canonical notation, in the order given."""
    return " ".join([str(card) for card in cards])


def build_deck(decks: int, jokers: int) -> tuple[Card, ...]:
    """Every card of ``decks`` French 52-card decks and ``jokers`` jokers, in
    canonical order (by rank, then suit, equal faces together, jokers last).

    >>> len(build_deck(2, 4)), build_deck(1, 0)[:5]
    (108, (Card('2c'), Card('2d'), Card('2h'), Card('2s'), Card('3c')))
    """
    if decks < 0 or jokers < 0:
        raise ValueError("a deck needs a non-negative number of decks and jokers")
    naturals = tuple(card for card in NATURALS for _ in range(decks))
    return naturals + (JOKER,) * jokers
