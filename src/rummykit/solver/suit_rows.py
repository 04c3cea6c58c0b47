"""The cards of a hand that lie in no meld, read from per-suit tables: the
quick lower bound of a hand's least penalty (``penalty_floor``), and the
cards the least-penalty search can leave out (``least_penalty``).

A hand of distinct natural faces is packed as four rows of 13 bits, one per
suit (bit ``rank - 2``: the deuce is bit 0, the ace bit 12). Where every
smallest jokerless meld of the variant is a run within one suit or a set
within one rank, with sets of ``set_min`` of a rank's four suits, a face
lies in some meld of the hand exactly when

- its row holds it in a run: one lookup in a table made from the variant's
  smallest runs (the same for every suit), or
- at least ``set_min`` rows hold its rank: a few ANDs and ORs of the rows.

The faces left are in no meld however the hand is laid, and their penalty
(less the dearest, which may be the card thrown away) is found by one more
lookup a row. That is a handful of small-integer steps where a loop over the
cards would test each card's smallest melds one by one. ``SuitRows.read``
gives those faces by code, for the least-penalty search to leave out.

:func:`suit_rows_for` checks the shape against the variant's own smallest
melds (``Tables.plain_heads``) and gives None where it does not hold; the
caller then keeps its general loop. So the tables never change an answer.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from rummykit.core.cards import NATURALS, Card

__all__ = ["SuitRows", "suit_rows_for"]

_SUITS = 4
_RANKS = 13
_ROW = (1 << _RANKS) - 1
_ROW_SHIFT = 16  # rows lie 16 bits apart in a packed hand, so they never carry into each other

_ROW_BITS: dict[Card | str, int] = {
    card: 1 << (_ROW_SHIFT * (card.code % 4) + card.code // 4) for card in NATURALS
}
"""Each natural face's bit in a hand packed by suit rows (a joker, a declared
card or a card's notation is no key)."""


def _spread_rows() -> list[int]:
    """Every row of a suit as a mask of face codes in suit 0 (bit
    ``4 * (rank - 2)``), rank by rank: the rows holding the rank are those
    without it, plus it."""
    table = [0]
    for rank in range(_RANKS):
        table += [codes | 1 << (_SUITS * rank) for codes in table]
    return table


_SPREAD = _spread_rows()
"""A row's faces by code, shifted by the suit (codes are rank major)."""


class SuitRows:
    """A variant's tables for ``penalty_floor`` and ``least_penalty`` (see the
    module's docstring)."""

    __slots__ = ("_maxima", "_out_of_runs", "_set_min", "_sums", "_wild")

    def __init__(
        self, runs: list[int], set_min: int, penalties: Sequence[int], wild_below: int
    ) -> None:
        # For every row of a suit, its faces in no run of it.
        self._out_of_runs = [row & ~covered for row, covered in enumerate(runs)]
        self._set_min = set_min
        sums: list[list[int]] = []
        maxima: list[list[int]] = []
        for suit in range(_SUITS):
            by_rank = [penalties[rank * _SUITS + suit] for rank in range(_RANKS)]
            if suit and by_rank == [penalties[rank * _SUITS] for rank in range(_RANKS)]:
                sums.append(sums[0])  # most variants weigh a card by its rank alone
                maxima.append(maxima[0])
                continue
            # Rank by rank: the rows holding the rank are those without it, plus it.
            row_sums, row_maxima = [0], [0]
            for penalty in by_rank:
                row_sums += [total + penalty for total in row_sums]
                row_maxima += [most if most >= penalty else penalty for most in row_maxima]
            sums.append(row_sums)
            maxima.append(row_maxima)
        self._sums = tuple(sums)
        self._maxima = tuple(maxima)
        # The wild deuces' bits in every row (bit 0 is the deuce).
        self._wild = sum(1 << (_ROW_SHIFT * (code % 4)) for code in range(wild_below))

    def floor(self, cards: Sequence[Card | str], discard: bool) -> int | None:
        """The penalty of the cards that lie in no meld (less the dearest with
        ``discard``); 0 where a deuce may play wild; None where the cards
        are not all distinct natural faces (the caller's general loop then
        answers)."""
        read = self._left(cards)
        if read is None:
            return None
        packed, u0, u1, u2, u3 = read
        if packed & self._wild:
            return 0  # a deuce that may play wild could put any card in a meld
        s0, s1, s2, s3 = self._sums
        total = s0[u0] + s1[u1] + s2[u2] + s3[u3]
        if not discard:
            return total
        m0, m1, m2, m3 = self._maxima
        return total - max(m0[u0], m1[u1], m2[u2], m3[u3])

    def read(self, cards: Sequence[Card | str]) -> tuple[int, int, int] | None:
        """The cards as a mask of face codes (bit ``code``), their penalty,
        and the mask of those that lie in no meld; None where the cards are
        not all distinct natural faces, or where a deuce may play wild."""
        read = self._left(cards)
        if read is None or read[0] & self._wild:
            return None
        packed, u0, u1, u2, u3 = read
        r0, r1, r2, r3 = packed & _ROW, (packed >> 16) & _ROW, (packed >> 32) & _ROW, packed >> 48
        s0, s1, s2, s3 = self._sums
        spread = _SPREAD
        return (
            spread[r0] | spread[r1] << 1 | spread[r2] << 2 | spread[r3] << 3,
            s0[r0] + s1[r1] + s2[r2] + s3[r3],
            spread[u0] | spread[u1] << 1 | spread[u2] << 2 | spread[u3] << 3,
        )

    def _left(self, cards: Sequence[Card | str]) -> tuple[int, int, int, int, int] | None:
        """The cards packed by suit rows, and the rows of those that lie in no
        meld (were no deuce wild); None where the cards are not all distinct
        natural faces."""
        try:
            packed: int = sum(map(_ROW_BITS.__getitem__, cards))
        except KeyError:
            return None
        if packed.bit_count() != len(cards):
            return None  # a face twice carries into the next bit
        # The rows, _ROW_SHIFT (16) bits apart:
        r0, r1, r2, r3 = packed & _ROW, (packed >> 16) & _ROW, (packed >> 32) & _ROW, packed >> 48
        set_min = self._set_min
        if set_min == 3:
            sets = (r0 & r1 & (r2 | r3)) | (r2 & r3 & (r0 | r1))
        elif set_min == 4:
            sets = r0 & r1 & r2 & r3
        elif set_min == 2:
            sets = (r0 & (r1 | r2 | r3)) | (r1 & (r2 | r3)) | (r2 & r3)
        else:
            sets = 0  # no set of distinct faces is that big (set_min 0: no sets)
        lone, in_no_set = self._out_of_runs, ~sets
        return packed, lone[r0] & in_no_set, lone[r1] & in_no_set, lone[r2] & in_no_set, lone[r3] & in_no_set


def suit_rows_for(
    heads: Sequence[tuple[int, ...]], penalties: Sequence[int], wild_below: int
) -> SuitRows | None:
    """The tables for the variant whose smallest jokerless melds, by face code
    (rank major, ``Tables.plain_heads``), are ``heads``; None where they are
    not runs within a suit, the same in every suit, and sets of some
    ``set_min`` (2 to 4) of a rank's suits, every such choice of suits."""
    runs_by_suit: list[set[int]] = [set() for _ in range(_SUITS)]
    sets: set[int] = set()
    for mask in {mask for masks in heads for mask in masks}:
        codes = [code for code in range(_SUITS * _RANKS) if mask >> code & 1]
        if len({code % 4 for code in codes}) == 1:
            runs_by_suit[codes[0] % 4].add(sum(1 << (code // 4) for code in codes))
        elif len({code // 4 for code in codes}) == 1:
            sets.add(mask)
        else:
            return None  # a meld across suits and ranks
    if any(runs != runs_by_suit[0] for runs in runs_by_suit):
        return None
    set_min = _set_min_of(sets)
    if set_min is None:
        return None
    return SuitRows(_run_table(runs_by_suit[0]), set_min, penalties, wild_below)


def _set_min_of(sets: set[int]) -> int | None:
    """``set_min`` where ``sets`` are every choice of ``set_min`` suits of every
    rank (0: no sets); None where they are not."""
    if not sets:
        return 0
    size = next(iter(sets)).bit_count()
    if not 2 <= size <= _SUITS:
        return None
    every = {
        sum(1 << (rank * _SUITS + suit) for suit in suits)
        for rank in range(_RANKS)
        for suits in combinations(range(_SUITS), size)
    }
    return size if sets == every else None


def _run_table(runs: set[int]) -> list[int]:
    """For every row of a suit, the faces of it in some run, rank by rank:
    a row whose highest face is the rank's has the runs of the row without
    it, and the smallest runs that end at it and that it holds."""
    table = [0]
    for rank in range(_RANKS):
        bit = 1 << rank
        ending = [run for run in runs if run.bit_length() - 1 == rank]
        grown = []
        for row, covered in enumerate(table):
            row |= bit
            for run in ending:
                if run & row == run:
                    covered |= run
            grown.append(covered)
        table += grown
    return table
