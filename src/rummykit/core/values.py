"""What cards are worth: on the table (melds, openings) and left in a hand.

Both tables are read from a variant's ``[values.table]`` and ``[values.hand]``;
``"face"`` means a number card is worth its number.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal, Protocol

import attrs

from rummykit.core.cards import Card, parse_cards
from rummykit.core.toml_schema import int_or, integer

__all__ = ["MAX_CARD_POINTS", "HandValues", "NumberValue", "TableValues", "hand_penalty"]

NumberValue = int | Literal["face"]

MAX_CARD_POINTS = 1000
"""The most one card may be worth, on the table or in a hand."""


def _number(value: NumberValue, rank: int) -> int:
    return rank if value == "face" else int(value)


@attrs.frozen(slots=True)
class TableValues:
    """Value of a card laid on the table, by where it lies.

    ``run_values[p]`` is the value of run position ``p`` (1 = low ace, 2-13 the
    ranks 2 to king, 14 = high ace); ``set_values[r]`` the value of rank ``r`` in a
    set. A joker is worth the card it stands for (``joker = "represented"``),
    or a fixed number of points wherever it lies (``joker = 15``, R-500-06).
    """

    number: NumberValue = int_or("face", "face", minimum=0, maximum=MAX_CARD_POINTS, doc="a card 2-9")
    ten: int = integer(10, minimum=0, maximum=MAX_CARD_POINTS, doc="a ten")
    jack: int = integer(10, minimum=0, maximum=MAX_CARD_POINTS, doc="a jack")
    queen: int = integer(10, minimum=0, maximum=MAX_CARD_POINTS, doc="a queen")
    king: int = integer(10, minimum=0, maximum=MAX_CARD_POINTS, doc="a king")
    ace_low_run: int = integer(
        1, minimum=0, maximum=MAX_CARD_POINTS, doc="an ace below the two in a run (A-2-3)"
    )
    ace_high_run: int = integer(
        11, minimum=0, maximum=MAX_CARD_POINTS, doc="an ace above the king in a run (Q-K-A)"
    )
    ace_in_set: int = integer(11, minimum=0, maximum=MAX_CARD_POINTS, doc="an ace in a set")
    joker: int | Literal["represented"] = int_or(
        "represented",
        "represented",
        minimum=0,
        maximum=MAX_CARD_POINTS,
        doc='a joker: "represented" (the value of the card it stands for) or fixed points',
    )
    run_values: tuple[int, ...] = attrs.field(init=False, eq=False, repr=False)
    set_values: tuple[int, ...] = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        middle = [_number(self.number, r) for r in range(2, 10)]
        middle += [self.ten, self.jack, self.queen, self.king]
        run = (0, self.ace_low_run, *middle, self.ace_high_run)
        sets = (0, 0, *middle, self.ace_in_set)
        object.__setattr__(self, "run_values", run)
        object.__setattr__(self, "set_values", sets)

    @property
    def fixed_joker(self) -> int | None:
        """A table joker's fixed points, or None when it is worth the card it
        stands for."""
        return None if self.joker == "represented" else int(self.joker)

    def slot_value(self, position: int, rank: int, joker: bool) -> int:
        """The points of one meld slot: a run ``position`` (0 in a set, where
        ``rank`` counts), a joker at its fixed value where it has one."""
        fixed = self.fixed_joker
        if joker and fixed is not None:
            return fixed
        return self.run_values[position] if position else self.set_values[rank]


@attrs.frozen(slots=True)
class HandValues:
    """Penalty of a card left in a hand at the end of a round."""

    number: NumberValue = int_or("face", "face", minimum=0, maximum=MAX_CARD_POINTS, doc="a card 2-9")
    ten: int = integer(10, minimum=0, maximum=MAX_CARD_POINTS, doc="a ten")
    jack: int = integer(10, minimum=0, maximum=MAX_CARD_POINTS, doc="a jack")
    queen: int = integer(10, minimum=0, maximum=MAX_CARD_POINTS, doc="a queen")
    king: int = integer(10, minimum=0, maximum=MAX_CARD_POINTS, doc="a king")
    ace: int = integer(11, minimum=0, maximum=MAX_CARD_POINTS, doc="an ace")
    joker: int = integer(20, minimum=0, maximum=MAX_CARD_POINTS, doc="a joker")
    wild: int | Literal["joker"] = int_or(
        "joker",
        "joker",
        minimum=0,
        maximum=MAX_CARD_POINTS,
        doc="a wild natural card (of the deal's wild rank; a wild deuce); \"joker\": as a joker",
    )
    by_code: tuple[int, ...] = attrs.field(init=False, eq=False, repr=False)
    wild_value: int = attrs.field(init=False, eq=False, repr=False)
    """What a wild natural card (of the deal's wild rank, or a wild deuce)
    counts in a hand: ``wild``, else the joker's value."""

    def __attrs_post_init__(self) -> None:
        by_rank = [_number(self.number, r) for r in range(2, 10)]
        by_rank += [self.ten, self.jack, self.queen, self.king, self.ace]
        codes = [by_rank[code // 4] for code in range(52)] + [self.joker]
        object.__setattr__(self, "by_code", tuple(codes))
        object.__setattr__(self, "wild_value", self.joker if self.wild == "joker" else int(self.wild))

    def with_wild_rank(self, rank: int | None) -> tuple[int, ...]:
        """The penalties by card code (the joker's last) in a deal whose wild
        rank is ``rank`` (None: none): its cards count ``wild_value``.

        >>> HandValues(joker=0, wild=0).with_wild_rank(9)[28:33]
        (0, 0, 0, 0, 10)
        """
        if rank is None:
            return self.by_code
        codes = list(self.by_code)
        low = 4 * (rank - 2)
        codes[low : low + 4] = [self.wild_value] * 4
        return tuple(codes)

    def of(self, card: Card) -> int:
        """The penalty of one card."""
        return self.by_code[card.code]


class _HasValues(Protocol):
    @property
    def values(self) -> _HasHand: ...


class _HasHand(Protocol):
    @property
    def hand(self) -> HandValues: ...


def hand_penalty(values: HandValues | _HasValues, cards: str | Iterable[Card | str]) -> int:
    """The total penalty of the cards left in a hand, under a variant or a
    table of hand values.

    >>> hand_penalty(HandValues(number=5, ace=10, joker=50), "Ah JK Tc")
    70
    """
    if isinstance(values, HandValues):
        by_code = values.by_code
    else:  # a variant: its own penalties where it has them (wild deuces, R-CON-14)
        by_code = getattr(values, "hand_penalties", None) or values.values.hand.by_code
    return sum(by_code[card.code] for card in parse_cards(cards))
