"""How the terminal game's lines look: a hand grouped by suit (so runs show),
moves laid out in columns, and red hearts and diamonds where colour is
wanted. Plain text in, plain text out: the words come from
:mod:`rummykit.play.screen`.

>>> from rummykit.core.cards import parse_cards
>>> hand_by_suit(parse_cards("Ks 2c JK 7h 5c 3s 6h Ad"))
'2c 5c  Ad  6h 7h  3s Ks  JK'
>>> columns(["draw", "take", "discard 2c", "discard Ks"], width=30)
['draw          discard 2c', 'take          discard Ks']
>>> paint("meld 7h 8s JK=9h", colour=True).replace(RED, "<").replace(RESET, ">")
'meld <7h> 8s JK=<9h>'
>>> colour_wanted(tty=True, environ={"NO_COLOR": "1"}), colour_wanted(tty=False, environ={})
(False, False)
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence

from rummykit.core.cards import Card, Suit

__all__ = ["RED", "RESET", "colour_wanted", "columns", "hand_by_suit", "paint"]

RED = "\x1b[31m"
"""The escape sequence that starts red text."""

RESET = "\x1b[0m"
"""The escape sequence that ends coloured text."""

_RED_CARD = re.compile(r"(?<![0-9A-Za-z])([2-9TJQKA][hd])(?![0-9A-Za-z])")


def colour_wanted(*, tty: bool, environ: Mapping[str, str]) -> bool:
    """Whether to colour the suits: only on a terminal (``tty``), never with
    ``NO_COLOR`` set to anything (https://no-color.org) or on a dumb terminal."""
    return tty and not environ.get("NO_COLOR") and environ.get("TERM") != "dumb"


def paint(line: str, *, colour: bool) -> str:
    """``line`` with every heart and diamond in notation (``7h``, ``Ad``,
    ``JK=9h``'s ``9h``) in red when ``colour``; as it was otherwise."""
    if not colour:
        return line
    return _RED_CARD.sub(RED + r"\1" + RESET, line)


def hand_by_suit(cards: Iterable[Card]) -> str:
    """The cards in notation, a group per suit (clubs, diamonds, hearts,
    spades), each in rank order, groups two spaces apart; jokers last."""
    groups: dict[Suit | None, list[Card]] = {}
    for card in sorted(cards, key=Card.sort_key):
        groups.setdefault(card.suit, []).append(card)
    order: list[Suit | None] = [*Suit, None]
    return "  ".join(" ".join(str(c) for c in groups[suit]) for suit in order if suit in groups)


def columns(items: Sequence[str], *, width: int, gap: int = 4) -> list[str]:
    """``items`` in as many columns as fit in ``width`` characters, read down
    each column first (as ``ls`` lists files); one column at the least."""
    if not items:
        return []
    cell = max(len(item) for item in items) + gap
    per_line = max(1, (width + gap) // cell)
    rows = -(-len(items) // per_line)
    lines = []
    for row in range(rows):
        cells = items[row::rows]
        lines.append("".join(item.ljust(cell) for item in cells).rstrip())
    return lines
