"""Judging a run: cards of one suit in sequence, an ace low or high where
the variant allows it (never both ends at once, but from ace to ace in a run
of fourteen), jokers filling the gaps and, where the variant lets players
declare, the places they are declared for.

>>> from rummykit.core.cards import parse_cards
>>> rules = MeldRules()
>>> judge_run(rules, parse_cards("7s 8s"), parse_cards("JK")).notation()
'JK=6s 7s 8s'
>>> judge_run(rules, parse_cards("Kh Ah 2h"), []).code
'meld.run-wraparound'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from rummykit.core.cards import JOKER_CODE, Card, Suit, format_cards
from rummykit.core.errors import N_, Refusal, Text
from rummykit.core.meld_model import RUN_JOKER_SLOTS, RUN_SLOTS, Meld, MeldRules
from rummykit.core.meld_refusals import RUN_SUITS

__all__ = ["judge_run"]

_SUITS: tuple[Suit, ...] = tuple(Suit)
# A window of a run: its first position, and the positions its cards hold.
_Window = tuple[int, dict[int, Card]]


def judge_run(
    rules: MeldRules,
    naturals: Sequence[Card],
    jokers: Sequence[Card],
    fixed: dict[int, Card] | None = None,
) -> Meld | Refusal:
    """Judge a run of ``naturals`` and ``jokers`` laid now. ``fixed`` maps run
    positions to cards already on the table (a lay-off): they keep their
    places, jokers included (R-ALL-04)."""
    fixed = fixed or {}
    n = len(naturals) + len(jokers) + len(fixed)
    table_suits = [c.code % 4 for c in fixed.values() if c.code != JOKER_CODE]
    suit_code = table_suits[0] if table_suits else naturals[0].code % 4
    for card in naturals:
        if card.code % 4 != suit_code:
            return RUN_SUITS
    seen_ranks = [c.code // 4 for c in fixed.values() if c.code != JOKER_CODE]
    for card in naturals:
        if card.code // 4 in seen_ranks and not _second_ace(rules, card, seen_ranks):
            return Refusal(
                "meld.run-gap", "A run cannot hold two cards of one rank ({card} twice).", card=card
            )
        seen_ranks.append(card.code // 4)
    longest = rules.run_longest
    if n > longest:
        return Refusal("meld.too-long", "A run holds at most {most} cards.", most=longest)
    # Where can the naturals go?  Only an ace has a choice.
    choices: list[tuple[int, ...]] = [()]
    for card in naturals:
        options = _positions(card, rules)
        if not options:
            return Refusal("meld.run-ace", "In this variant an ace cannot be part of a run.")
        choices = [(*c, p) for c in choices for p in options]
    fixed_lo = min(fixed) if fixed else 99
    fixed_hi = max(fixed) if fixed else -1
    windows: list[_Window] = []
    for choice in choices:
        occupied: dict[int, Card] = dict(fixed)
        clash = False
        for card, position in zip(naturals, choice, strict=True):
            if position in occupied:
                clash = True
            occupied[position] = card
        if clash or (not occupied and not jokers):
            continue
        lo = min(min(occupied, default=99), fixed_lo)
        hi = max(max(occupied, default=-1), fixed_hi)
        if hi - lo + 1 > n:
            continue
        for start in range(max(hi - n + 1, rules.run_lowest), min(lo, rules.run_highest - n + 1) + 1):
            windows.append((start, occupied))
    suit = _SUITS[suit_code]
    if not windows:
        return _run_shape_refusal(rules, naturals, fixed, n, suit)
    if n < rules.run_min:
        return Refusal("meld.too-short", "A run needs at least {least} cards.", least=rules.run_min)
    return _run_meld(rules, jokers, windows, n, suit)


def _run_meld(
    rules: MeldRules, jokers: Sequence[Card], windows: Sequence[_Window], n: int, suit: Suit
) -> Meld | Refusal:
    """The run in the window it takes: the lowest value, then the lowest
    start, among the windows its declared jokers fit (every window where the
    app places jokers itself); or the refusal of a declaration that fits none."""
    declared = [j.declared for j in jokers if j.declared is not None]
    # Declarations: each must fit some window; a "declared" variant obeys them.
    fitting: list[tuple[int, dict[int, Card], dict[int, Card]]] = []
    for start, occupied in windows:
        placed = _place_declared(declared, start, n, occupied, suit)
        if placed is not None:
            fitting.append((start, occupied, placed))
    if declared and not fitting:
        names = format_cards(Card.joker(d) for d in declared)
        return Refusal(
            "meld.joker-declaration", "The declared joker {names} does not fit this run.", names=names
        )
    if not rules.declared_jokers:
        # The app places jokers itself; a declaration only has to fit somewhere.
        candidates: list[tuple[int, dict[int, Card], dict[int, Card]]] = [
            (start, occupied, {}) for start, occupied in windows
        ]
    else:
        candidates = fitting
    # candidates is not empty: windows is not, and without a declaration
    # every window fits (a declaration that fits none was refused above).
    value, start, occupied = min(
        ((_window_value(rules, start, n, occupied), start, occupied) for start, occupied, _ in candidates),
        key=lambda entry: entry[:2],
    )
    naturals_row, jokers_row = RUN_SLOTS[suit], RUN_JOKER_SLOTS[suit]
    slots = tuple(
        jokers_row[p] if p not in occupied or occupied[p].code == JOKER_CODE else naturals_row[p]
        for p in range(start, start + n)
    )
    return Meld("run", slots, value)  # type: ignore[arg-type]


def _positions(card: Card, rules: MeldRules) -> tuple[int, ...]:
    """Run positions a natural card may take (an ace may be low and/or high)."""
    rank = card.code // 4 + 2
    if rank != 14:
        return (rank,)
    return rules.ace_positions


def _circular_fit(ranks: Iterable[int], n: int) -> bool:
    """Would these ranks fit in n consecutive cards if a run could turn the corner?"""
    points = sorted({(r - 2) % 13 for r in ranks})
    if not points:
        return False
    gaps = [(points[(i + 1) % len(points)] - p) % 13 for i, p in enumerate(points)]
    largest = max(gaps) if len(points) > 1 else 13
    return 13 - largest + 1 <= n


def _second_ace(rules: MeldRules, card: Card, seen_ranks: Sequence[int]) -> bool:
    """A second ace of a run from ace to ace (``run_max`` 14, both ace ends)."""
    return rules.ace_to_ace and card.code // 4 == 12 and seen_ranks.count(12) == 1


def _window_value(rules: MeldRules, start: int, n: int, occupied: dict[int, Card]) -> int:
    """The table points of a run of ``n`` cards from ``start``: every place's
    value, or a fixed joker value for the places a joker fills."""
    run_values = rules.values.run_values
    fixed_joker = rules.values.fixed_joker
    if fixed_joker is None:
        return sum(run_values[start : start + n])
    total = 0
    for p in range(start, start + n):
        card = occupied.get(p)
        total += fixed_joker if card is None or card.code == JOKER_CODE else run_values[p]
    return total


def _place_declared(
    declared: Sequence[Card], start: int, n: int, occupied: dict[int, Card], suit: Suit
) -> dict[int, Card] | None:
    """Put declared jokers on free places of the window, or None if one cannot go."""
    placed: dict[int, Card] = {}
    for target in declared:
        if target.suit != suit:
            return None
        rank = target.code // 4 + 2
        spots = (1, 14) if rank == 14 else (rank,)
        for spot in spots:
            if start <= spot < start + n and spot not in occupied and spot not in placed:
                placed[spot] = target
                break
        else:
            return None
    return placed


def _run_shape_refusal(
    rules: MeldRules,
    naturals: Sequence[Card],
    fixed: dict[int, Card],
    n: int,
    suit: Suit,
) -> Refusal:
    """Why no window holds the run: an ace at an end the variant forbids, a
    run turning the corner (K A 2), or a gap."""
    ranks = [c.code // 4 + 2 for c in naturals]
    ranks += [14 if p == 1 else p for p, c in fixed.items() if c.code != JOKER_CODE]
    has_ace = 14 in ranks
    if has_ace:
        # Would the ace fit at the end this variant forbids?
        other = [r for r in ranks if r != 14]
        low_fit = not other or max(other) <= n
        high_fit = not other or min(other) >= 14 - n + 1
        if (low_fit and not rules.ace_low) or (high_fit and not rules.ace_high):
            side = N_("low") if low_fit and not rules.ace_low else N_("high")
            return Refusal(
                "meld.run-ace", "In this variant an ace cannot be {side} in a run.", side=Text(side)
            )
    if _circular_fit(ranks, n):
        return Refusal(
            "meld.run-wraparound",
            "A run cannot turn the corner: the ace is low or high, never both (K A 2).",
        )
    return Refusal(
        "meld.run-gap", "The cards of this {suit} run are not consecutive.", suit=Text(suit.name.lower())
    )
