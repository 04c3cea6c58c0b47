"""Judging groups of cards as melds: sets and runs, jokers, and lay-offs.

Everything here is a pure function of a variant's :class:`MeldRules` and the
cards. The answer is a :class:`Meld` (kind, normalised slots, table points) or a
:class:`~rummykit.core.errors.Refusal` with a ``meld.*`` code from docs/refusal-codes.md.

>>> rules = MeldRules()
>>> judge_meld(rules, parse_cards("JK 7s 8s")).notation()
'JK=6s 7s 8s'
>>> judge_meld(rules, parse_cards("Kh Ah 2h")).code
'meld.run-wraparound'
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from typing import Literal, Protocol

import attrs

from rummykit.core.cards import (
    DEUCES_BELOW,
    JOKER,
    JOKER_CODE,
    Card,
    Rank,
    Suit,
    code_order,
    format_cards,
    parse_cards,
    wild_deuce,
)
from rummykit.core.errors import N_, Refusal, Text, joined
from rummykit.core.values import TableValues
from rummykit.speed.memo import Memo, MemoTable

__all__ = [
    "HasMeldRules",
    "Meld",
    "MeldRules",
    "Slot",
    "deuce_not_wild",
    "grow_meld",
    "judge_meld",
    "meld_rules_of",
    "place_wild_cards",
    "release_set_joker",
]

JokerPlacement = Literal["lowest_value", "declared"]
SetJokerSuit = Literal["any_missing", "bound"]
JokersVsNaturals = Literal["any", "not_more", "fewer"]
MeldKind = Literal["set", "run"]

#: The order in which a bound set joker takes a missing suit (R-ALL-04): ♠ ♥ ♦ ♣.
BOUND_SUIT_ORDER = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)


@attrs.frozen(slots=True)
class MeldRules:
    """The meld rules of a variant (its ``[melds]`` table) and its table values."""

    set_min: int = 3
    set_max: int = 4
    set_distinct_suits: bool = True
    run_min: int = 3
    run_max: int = 13
    ace_low: bool = True
    ace_high: bool = True
    max_jokers: int = 1
    joker_placement: JokerPlacement = "lowest_value"
    set_joker_suit: SetJokerSuit = "any_missing"
    jokers_vs_naturals: JokersVsNaturals = "any"
    ambiguous_kind: MeldKind = "set"
    values: TableValues = TableValues()
    wild_deuces: bool = False
    """``deck.wild_deuces``: a deuce may be played as a wild card (``2h=8c``)."""
    memo: Memo = attrs.field(init=False, eq=False, repr=False)
    """The verdicts and listings remembered under these rules (gone with them)."""

    def __attrs_post_init__(self) -> None:
        # Set here, not by a factory: the compiled build checks a class
        # attribute's default against its type when the class is made.
        object.__setattr__(self, "memo", Memo())

    @property
    def meld_rules(self) -> MeldRules:
        return self

    def hand_penalties(self, by_code: tuple[int, ...]) -> tuple[int, ...]:
        """A hand's penalties by card code (``by_code``, the joker's last) as
        these rules count them: where deuces are wild a deuce left in a hand
        counts as a joker (R-CON-14).

        >>> MeldRules(wild_deuces=True).hand_penalties(tuple(range(53)))[:6]
        (52, 52, 52, 52, 4, 5)
        """
        if not self.wild_deuces:
            return by_code
        return (by_code[JOKER_CODE],) * DEUCES_BELOW + by_code[DEUCES_BELOW:]

    @property
    def wild_below(self) -> int:
        """Natural cards whose code is below this may also play wild: the
        deuces where deuces are wild (``deck.wild_deuces``), else none (0).
        Every listing and solver asks this, or the two methods below, which
        cards besides the jokers are wild.

        >>> MeldRules(wild_deuces=True).wild_below, MeldRules().wild_below
        (4, 0)
        """
        return DEUCES_BELOW if self.wild_deuces else 0

    def plays_wild(self, card: Card) -> bool:
        """May ``card`` (a face) play wild: a joker always, a deuce where
        deuces are wild.

        >>> [MeldRules(wild_deuces=w).plays_wild(c) for w in (True, False) for c in parse_cards("2h JK 3h")]
        [True, True, False, False, True, False]
        """
        return card.code == JOKER_CODE or card.code < self.wild_below

    def wild_naturals(self, cards: Iterable[Card]) -> list[Card]:
        """The natural cards among ``cards`` (faces) that may also play wild.

        >>> MeldRules(wild_deuces=True).wild_naturals(parse_cards("2h 3h JK 2c"))
        [Card('2h'), Card('2c')]
        >>> MeldRules().wild_naturals(parse_cards("2h 3h"))
        []
        """
        below = self.wild_below
        return [card for card in cards if card.code < below] if below else []

    def joker_limit(self, naturals: int) -> int:
        """The most jokers a meld with ``naturals`` natural cards may hold:
        ``max_jokers``, and (``jokers_vs_naturals``) no more than the naturals
        (``"not_more"``) or fewer (``"fewer"``).

        >>> MeldRules(max_jokers=6, jokers_vs_naturals="not_more").joker_limit(2)
        2
        """
        if self.jokers_vs_naturals == "not_more":
            return min(self.max_jokers, naturals)
        if self.jokers_vs_naturals == "fewer":
            return max(0, min(self.max_jokers, naturals - 1))
        return self.max_jokers


class HasMeldRules(Protocol):
    """Anything that knows its meld rules: a Variant, or MeldRules itself."""

    @property
    def meld_rules(self) -> MeldRules: ...


@attrs.frozen(slots=True, cache_hash=True)
class Slot:
    """One place in a meld: the card laid there and what it stands for.

    ``position`` is the run position (1 = low ace … 14 = high ace), 0 in a set.
    A set joker under ``any_missing`` has ``suit = None``: it stands for the
    set's rank in any suit the naturals do not hold.
    """

    card: Card
    rank: Rank
    suit: Suit | None
    position: int = 0

    @property
    def is_joker(self) -> bool:
        return self.card.code == JOKER_CODE

    @property
    def stands_for(self) -> Card | None:
        """The natural card this slot stands for (None: a set joker of free suit)."""
        if self.suit is None:
            return None
        return Card.natural(self.rank, self.suit)

    def notation(self) -> str:
        if self.card.code != JOKER_CODE:
            return str(self.card)
        target = self.stands_for
        if self.card.face.code != JOKER_CODE:  # a wild deuce
            return f"{self.card.face}={'*' if target is None else target}"
        return "JK" if target is None else f"JK={target}"


@attrs.frozen(slots=True, cache_hash=True)
class Meld:
    """A valid meld: its kind, its slots in normal order, and its table points."""

    kind: MeldKind
    slots: tuple[Slot, ...]
    points: int

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards as they lie (jokers and wild deuces without declaration)."""
        return tuple([slot.card for slot in self.slots])

    @property
    def naturals(self) -> tuple[Card, ...]:
        return tuple([s.card for s in self.slots if s.card.code != JOKER_CODE])

    @property
    def jokers(self) -> int:
        return [s.card.code for s in self.slots].count(JOKER_CODE)

    @property
    def is_pure(self) -> bool:
        """A run without any joker (R-R51-11)."""
        return self.kind == "run" and self.jokers == 0

    @property
    def rank(self) -> Rank | None:
        """The rank of a set (None for a run)."""
        return self.slots[0].rank if self.kind == "set" else None

    @property
    def suit(self) -> Suit | None:
        """The suit of a run (None for a set)."""
        return self.slots[0].suit if self.kind == "run" else None

    @property
    def low(self) -> int:
        """The lowest run position (1 = low ace); 0 for a set."""
        return self.slots[0].position

    @property
    def high(self) -> int:
        """The highest run position (14 = high ace); 0 for a set."""
        return self.slots[-1].position

    def notation(self) -> str:
        """The meld in card notation, jokers with what they stand for."""
        return " ".join(slot.notation() for slot in self.slots)

    def joker_slots(self) -> tuple[Slot, ...]:
        return tuple([s for s in self.slots if s.card.code == JOKER_CODE])

    def __len__(self) -> int:
        return len(self.slots)

    def __str__(self) -> str:
        return self.notation()


# --------------------------------------------------------------------------- slot tables
# Slots are immutable values; the few hundred that can exist are made once.

_RANKS: tuple[Rank, ...] = (Rank.ACE, Rank.ACE, *Rank)  # by run position 0-14 (0 unused)
_SUITS: tuple[Suit, ...] = tuple(Suit)
_RUN_SLOTS = tuple(
    tuple(Slot(Card.natural(_RANKS[p], suit), _RANKS[p], suit, p) if p else None for p in range(15))
    for suit in Suit
)
_RUN_JOKER_SLOTS = tuple(
    tuple(Slot(JOKER, _RANKS[p], suit, p) if p else None for p in range(15)) for suit in Suit
)
_SET_SLOTS = tuple(
    Slot(Card.natural(code // 4 + 2, code % 4), _RANKS[code // 4 + 2], _SUITS[code % 4]) for code in range(52)
)
_SET_JOKER_SLOTS = tuple(
    tuple(Slot(JOKER, rank, suit) for suit in (*Suit, None)) for rank in (_RANKS[0], _RANKS[0], *Rank)
)


# --------------------------------------------------------------------------- refusals


def _refuse(code: str, message: str, **fields: object) -> Refusal:
    return Refusal(code, message, **fields)


_SET_RANKS = Refusal("meld.set-ranks", "All cards of a set must have the same rank.")
_RUN_SUITS = Refusal("meld.run-suits", "All cards of a run must have the same suit.")
_NOT_A_MELD = Refusal(
    "meld.not-a-meld",
    "These cards are neither a set (one rank) nor a run (one suit, in sequence).",
)


def _too_many_jokers(rules: MeldRules, jokers: int = 0, naturals: int = 0) -> Refusal:
    """The refusal of a meld with more jokers than the rules allow (the
    ``naturals`` of the meld when it is the joker/natural limit that binds)."""
    if jokers <= rules.max_jokers and rules.jokers_vs_naturals != "any":
        rule = N_("fewer jokers than") if rules.jokers_vs_naturals == "fewer" else N_("no more jokers than")
        return _refuse(
            "meld.too-many-jokers",
            "A meld must hold {rule} natural cards ({jokers} jokers, {naturals} natural).",
            rule=Text(rule),
            jokers=jokers,
            naturals=naturals,
        )
    if rules.max_jokers == 0:
        return _refuse("meld.too-many-jokers", "This variant does not allow jokers in melds.")
    most = (
        N_("A meld may hold at most {most} joker.")
        if rules.max_jokers == 1
        else N_("A meld may hold at most {most} jokers.")
    )
    return _refuse("meld.too-many-jokers", most, most=rules.max_jokers)


# --------------------------------------------------------------------------- sets


def _judge_set(
    rules: MeldRules,
    naturals: Sequence[Card],
    jokers: Sequence[Card],
    fixed_suits: Sequence[Suit | None] = (),
) -> Meld | Refusal:
    """Judge a set; ``fixed_suits`` are jokers already on the table (lay-off)."""
    n = len(naturals) + len(jokers) + len(fixed_suits)
    if n < rules.set_min:
        return _refuse("meld.too-short", "A set needs at least {least} cards.", least=rules.set_min)
    if n > rules.set_max:
        return _refuse("meld.too-long", "A set holds at most {most} cards.", most=rules.set_max)
    rank = naturals[0].rank
    if rank is None:  # a natural card always has a rank
        raise ValueError(f"{naturals[0]} has no rank")
    for card in naturals:
        if card.rank != rank:
            return _SET_RANKS
    held = 0
    for card in naturals:
        bit = 1 << card.code % 4
        if held & bit and rules.set_distinct_suits:
            return _refuse(
                "meld.set-duplicate-suit",
                "A set may not hold two cards of one suit ({card} twice).",
                card=card,
            )
        held |= bit
    taken = held
    for suit in fixed_suits:
        if suit is not None:
            if taken >> suit & 1 and rules.set_distinct_suits:
                return _refuse(
                    "meld.set-duplicate-suit",
                    "The joker in this set stands for {card}; swap it out instead.",
                    card=Card.natural(rank, suit),
                )
            taken |= 1 << suit
    if rules.set_distinct_suits and len(naturals) + len(jokers) + len(fixed_suits) > 4:
        return _refuse("meld.too-long", "A set has only four suits, so at most four cards.")
    joker_suits: list[Suit | None] = []
    pending = 0
    for joker in jokers:
        declared = joker.declared
        if declared is None:
            pending += 1
            continue
        if declared.rank != rank or (taken >> declared.code % 4) & 1:
            return _refuse(
                "meld.joker-declaration",
                "A joker in this set can stand only for a {rank} of a suit the set lacks, not {declared}.",
                rank=rank.symbol,
                declared=declared,
            )
        taken |= 1 << declared.code % 4
        joker_suits.append(declared.suit)
    bound = rules.set_joker_suit == "bound"
    for _ in range(pending):
        if bound:
            free = [s for s in BOUND_SUIT_ORDER if not taken >> s & 1]
            if not free:
                return _refuse(
                    "meld.joker-declaration",
                    "A joker in this set must stand for a {rank} of a suit the set lacks; none is left.",
                    rank=rank.symbol,
                )
            suit = free[0]
            taken |= 1 << suit
            joker_suits.append(suit)
        else:
            joker_suits.append(None)
    value = rules.values.set_values[rank]
    jokers_row = _SET_JOKER_SLOTS[rank]
    slots = [_SET_SLOTS[code] for code in sorted(c.code for c in naturals)]
    slots += [jokers_row[4 if suit is None or not bound else suit] for suit in fixed_suits]
    slots += [jokers_row[4 if suit is None or not bound else suit] for suit in joker_suits]
    fixed_joker = rules.values.fixed_joker
    if fixed_joker is None:
        return Meld("set", tuple(slots), value * len(slots))
    wild = len(fixed_suits) + len(joker_suits)
    return Meld("set", tuple(slots), value * (len(slots) - wild) + fixed_joker * wild)


# --------------------------------------------------------------------------- runs


def _positions(card: Card, rules: MeldRules) -> tuple[int, ...]:
    """Run positions a natural card may take (an ace may be low and/or high)."""
    rank = card.code // 4 + 2
    if rank != 14:
        return (rank,)
    return (1,) * rules.ace_low + (14,) * rules.ace_high


def _circular_fit(ranks: Iterable[int], n: int) -> bool:
    """Would these ranks fit in n consecutive cards if a run could turn the corner?"""
    points = sorted({(r - 2) % 13 for r in ranks})
    if not points:
        return False
    gaps = [(points[(i + 1) % len(points)] - p) % 13 for i, p in enumerate(points)]
    largest = max(gaps) if len(points) > 1 else 13
    return 13 - largest + 1 <= n


def _judge_run(
    rules: MeldRules,
    naturals: Sequence[Card],
    jokers: Sequence[Card],
    fixed: dict[int, Card] | None = None,
) -> Meld | Refusal:
    """Judge a run. ``fixed`` maps run positions to cards already on the table
    (a lay-off): they keep their places, jokers included (R-ALL-04)."""
    fixed = fixed or {}
    n = len(naturals) + len(jokers) + len(fixed)
    longest = min(rules.run_max, 14)
    table_suits = [c.code % 4 for c in fixed.values() if c.code != JOKER_CODE]
    suit_code = table_suits[0] if table_suits else naturals[0].code % 4
    for card in naturals:
        if card.code % 4 != suit_code:
            return _RUN_SUITS
    suit = _SUITS[suit_code]
    seen_ranks = [c.code // 4 for c in fixed.values() if c.code != JOKER_CODE]
    for card in naturals:
        if card.code // 4 in seen_ranks and not _second_ace(rules, card, seen_ranks):
            return _refuse(
                "meld.run-gap", "A run cannot hold two cards of one rank ({card} twice).", card=card
            )
        seen_ranks.append(card.code // 4)
    if n > longest:
        return _refuse("meld.too-long", "A run holds at most {most} cards.", most=longest)
    lowest = 1 if rules.ace_low else 2
    highest = 14 if rules.ace_high else 13
    fixed_lo = min(fixed) if fixed else 99
    fixed_hi = max(fixed) if fixed else -1
    # Where can the naturals go?  Only an ace has a choice.
    choices: list[tuple[int, ...]] = [()]
    for card in naturals:
        options = _positions(card, rules)
        if not options:
            return _refuse("meld.run-ace", "In this variant an ace cannot be part of a run.")
        choices = [(*c, p) for c in choices for p in options]
    declared = [j.declared for j in jokers if j.declared is not None]
    free_jokers = len(jokers)
    windows: list[tuple[int, dict[int, Card]]] = []
    any_shape = False
    for choice in choices:
        occupied: dict[int, Card] = dict(fixed)
        clash = False
        for card, position in zip(naturals, choice, strict=True):
            if position in occupied:
                clash = True
            occupied[position] = card
        if clash or (not occupied and not free_jokers):
            continue
        lo = min(min(occupied, default=99), fixed_lo)
        hi = max(max(occupied, default=-1), fixed_hi)
        if hi - lo + 1 > n:
            continue
        for start in range(max(hi - n + 1, lowest), min(lo, highest - n + 1) + 1):
            any_shape = True
            windows.append((start, occupied))
    if not windows:
        return _run_shape_refusal(rules, naturals, fixed, n, any_shape, suit)
    if n < rules.run_min:
        return _refuse("meld.too-short", "A run needs at least {least} cards.", least=rules.run_min)
    # Declarations: each must fit some window; a "declared" variant obeys them.
    fitting: list[tuple[int, dict[int, Card], dict[int, Card]]] = []
    for start, occupied in windows:
        placed = _place_declared(declared, start, n, occupied, suit)
        if placed is not None:
            fitting.append((start, occupied, placed))
    if declared and not fitting:
        names = format_cards(Card.joker(d) for d in declared)
        return _refuse(
            "meld.joker-declaration", "The declared joker {names} does not fit this run.", names=names
        )
    if rules.joker_placement == "lowest_value":
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
    naturals_row, jokers_row = _RUN_SLOTS[suit], _RUN_JOKER_SLOTS[suit]
    slots = tuple(
        jokers_row[p] if p not in occupied or occupied[p].code == JOKER_CODE else naturals_row[p]
        for p in range(start, start + n)
    )
    return Meld("run", slots, value)  # type: ignore[arg-type]


def _second_ace(rules: MeldRules, card: Card, seen_ranks: Sequence[int]) -> bool:
    """A second ace of a run from ace to ace (``run_max`` 14, both ace ends)."""
    ace = card.code // 4 == 12
    return ace and rules.run_max >= 14 and rules.ace_low and rules.ace_high and seen_ranks.count(12) == 1


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
    any_shape: bool,
    suit: Suit,
) -> Refusal:
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
            return _refuse(
                "meld.run-ace", "In this variant an ace cannot be {side} in a run.", side=Text(side)
            )
    if _circular_fit(ranks, n):
        return _refuse(
            "meld.run-wraparound",
            "A run cannot turn the corner: the ace is low or high, never both (K A 2).",
        )
    return _refuse(
        "meld.run-gap", "The cards of this {suit} run are not consecutive.", suit=Text(suit.name.lower())
    )


# --------------------------------------------------------------------------- entry points


_JUDGED: MemoTable[tuple[Card, ...], Meld | Refusal] = MemoTable("melds.judged", limit=10_000)


def judge_meld(rules: MeldRules, cards: Sequence[Card]) -> Meld | Refusal:
    """Judge a group of cards as a new meld under ``rules``.

    The order of the cards does not matter; a joker may carry a declaration
    (``JK=8h``), which binds it where the variant lets players declare.
    Verdicts are values: they are remembered per rules object and group.
    """
    verdicts = _JUDGED.of(rules)
    key = tuple(cards)
    verdict = verdicts.get(key)
    if verdict is None:
        judge = _judge_with_deuces if rules.wild_deuces else _judge_cards
        verdict = verdicts[key] = judge(rules, key)
    return verdict


def deuce_not_wild(card: Card) -> Refusal:
    """The refusal of a deuce played wild (``2h=8c``) where deuces are not wild."""
    return _refuse(
        "meld.deuce-not-wild",
        "In this variant a deuce is not wild: play {card} as itself, without a declaration.",
        card=card.face,
    )


def _judge_cards(rules: MeldRules, cards: Sequence[Card]) -> Meld | Refusal:
    naturals: list[Card] = []
    jokers: list[Card] = []
    for card in cards:
        if card.code == JOKER_CODE:
            if not rules.plays_wild(card.face):
                return deuce_not_wild(card)
            jokers.append(card)
        else:
            naturals.append(card)
    if not naturals:
        if not jokers:
            return _refuse("meld.too-short", "A meld needs cards.")
        return _refuse("meld.not-a-meld", "A meld needs at least one natural card.")
    if len(jokers) > rules.joker_limit(len(naturals)):
        return _too_many_jokers(rules, len(jokers), len(naturals))
    naturals.sort(key=code_order)  # messages name cards in a fixed order
    rank_bits = suit_bits = 0
    for card in naturals:
        code = card.code
        rank_bits |= 1 << (code >> 2)
        suit_bits |= 1 << (code & 3)
    same_rank = rank_bits & (rank_bits - 1) == 0
    same_suit = suit_bits & (suit_bits - 1) == 0
    if same_rank and not (same_suit and len(naturals) == 1):
        return _judge_set(rules, naturals, jokers)
    if same_suit and not same_rank:
        return _judge_run(rules, naturals, jokers)
    if same_rank:
        return _judge_one_natural(rules, naturals, jokers)
    ranks, suits = rank_bits.bit_count(), suit_bits.bit_count()
    if ranks < suits:
        return _SET_RANKS
    if suits < ranks:
        return _RUN_SUITS
    return _NOT_A_MELD


def _judge_one_natural(rules: MeldRules, naturals: list[Card], jokers: list[Card]) -> Meld | Refusal:
    """One natural card and jokers: a declaration of another rank makes a
    run, one of the same rank a set; without one, ``ambiguous_kind`` is tried
    first and the other kind second (R-KAL-08: ``7h JK JK`` is three sevens
    where sets come first)."""
    rank_code = naturals[0].code >> 2
    declared = [j.declared.code >> 2 for j in jokers if j.declared is not None]
    if any(code != rank_code for code in declared):
        return _judge_run(rules, naturals, jokers)
    if declared or rules.ambiguous_kind == "set":
        as_set = _judge_set(rules, naturals, jokers)
        if isinstance(as_set, Meld):
            return as_set
        as_run = _judge_run(rules, naturals, jokers)
        return as_run if isinstance(as_run, Meld) else as_set
    as_run = _judge_run(rules, naturals, jokers)
    if isinstance(as_run, Meld):
        return as_run
    as_set = _judge_set(rules, naturals, jokers)
    return as_set if isinstance(as_set, Meld) else as_run


# --------------------------------------------------------------------------- wild deuces


def _judge_with_deuces(rules: MeldRules, cards: Sequence[Card]) -> Meld | Refusal:
    """Judge where deuces are wild (R-CON-14): a declared deuce (``2h=8c``)
    is wild; an undeclared one is itself, unless the meld fails so and reads
    one way only with the fewest of its deuces wild (an undeclared wild deuce
    takes its place in a run as an undeclared joker does). Two ways are
    possible only where one natural card may carry several wild cards (a lone
    deuce of either suit in ``2c 2d JK JK``); the player then declares."""
    verdict = _judge_cards(rules, cards)
    if isinstance(verdict, Meld):
        return place_wild_cards(verdict, [c for c in cards if c.code == JOKER_CODE])
    deuces = [i for i, card in enumerate(cards) if card.code < DEUCES_BELOW]
    for count in range(1, len(deuces) + 1):
        readings: dict[str, Meld] = {}
        for chosen in itertools.combinations(deuces, count):
            trial = [wild_deuce(card) if i in chosen else card for i, card in enumerate(cards)]
            meld = _judge_cards(rules, trial)
            if isinstance(meld, Meld):
                meld = place_wild_cards(meld, [c for c in trial if c.code == JOKER_CODE])
                readings.setdefault(meld.notation(), meld)
        if len(readings) == 1:
            return next(iter(readings.values()))
        if readings:
            ways = joined(sorted(readings), N_("{a} or {b}"))
            return _refuse(
                "meld.deuce-ambiguous",
                "These cards make a meld in more than one way ({ways}); declare the wild deuce, like 2h=8c.",
                ways=ways,
            )
    return verdict


def place_wild_cards(
    meld: Meld, loose: Sequence[Card], placed: dict[int, Card] | None = None, first: Sequence[Card] = ()
) -> Meld:
    """``meld`` with its wild places holding the wild cards themselves (a wild
    deuce stays the deuce it is). ``placed``: run positions whose wild card
    is known (a table meld's); ``first``: a set's table wild cards, which come
    before the new ones; ``loose``: the wild cards laid now, a declared one
    going to the place it stands for."""
    if all(card.face is JOKER for card in (*loose, *first)) and not placed:
        return meld
    placed = placed or {}
    slots = list(meld.slots)
    free = [i for i, slot in enumerate(slots) if slot.card.code == JOKER_CODE and slot.position not in placed]
    cards: dict[int, Card] = {i: placed[s.position] for i, s in enumerate(slots) if s.position in placed}
    pending: list[Card] = []
    undeclared: list[Card] = []
    for card in sorted(loose, key=str):  # the cards' order as written changes nothing
        target = card.declared
        spot = next((i for i in free if target is not None and slots[i].stands_for is target), None)
        if target is None:
            undeclared.append(card)
        elif spot is None or meld.kind == "set":
            pending.append(card)
        else:
            free.remove(spot)
            cards[spot] = card
    pending = [*first, *pending, *undeclared]
    for i, card in zip(free, pending, strict=False):
        cards[i] = card
    for i, card in cards.items():
        if card.face is not JOKER:
            slot = slots[i]
            slots[i] = Slot(card.undeclared, slot.rank, slot.suit, slot.position)
    return Meld(meld.kind, tuple(slots), meld.points)


def meld_rules_of(variant: HasMeldRules) -> MeldRules:
    """The meld rules of a variant, or of MeldRules themselves."""
    rules = getattr(variant, "meld_rules", None)
    if not isinstance(rules, MeldRules):
        wrong = type(variant).__name__
        raise TypeError(f"expected a Variant, MeldRules or a bundled variant id ('rami51'), not {wrong}")
    return rules


def grow_meld(variant: HasMeldRules, meld: Meld, cards: str | Iterable[Card | str]) -> Meld | Refusal:
    """Lay ``cards`` off onto the table ``meld``: the grown meld, or a refusal
    with ``layoff.does-not-fit`` (the ``meld.*`` reason is in the message).

    Cards already on the table keep their places; a joker never moves.

    >>> rules = MeldRules()
    >>> run = judge_meld(rules, parse_cards("7s 8s 9s"))
    >>> grow_meld(rules, run, "Ts 6s").notation()
    '6s 7s 8s 9s Ts'
    """
    rules = meld_rules_of(variant)
    added = parse_cards(cards)
    if not added:
        return _refuse("layoff.does-not-fit", "Nothing to lay off.")
    naturals = [c for c in added if c.code != JOKER_CODE]
    jokers = [c for c in added if c.code == JOKER_CODE]
    if rules.wild_deuces:
        return _extend_with_deuces(rules, meld, naturals, jokers)
    for card in jokers:
        if card.face.code != JOKER_CODE:
            return deuce_not_wild(card).with_code("layoff.does-not-fit")
    return _extended(rules, meld, naturals, jokers)


def _extended(rules: MeldRules, meld: Meld, naturals: list[Card], jokers: list[Card]) -> Meld | Refusal:
    """``meld`` grown by ``naturals`` and ``jokers``, or a lay-off refusal."""
    total_jokers = meld.jokers + len(jokers)
    total_naturals = len(meld) - meld.jokers + len(naturals)
    if total_jokers > rules.joker_limit(total_naturals):
        reason = _too_many_jokers(rules, total_jokers, total_naturals)
        return reason.with_code("layoff.does-not-fit")
    result: Meld | Refusal
    if meld.kind == "set":
        table_naturals = list(meld.naturals)
        fixed_suits = [s.suit for s in meld.joker_slots()]
        result = _judge_set(rules, table_naturals + naturals, jokers, fixed_suits)
    else:
        fixed = {slot.position: slot.card for slot in meld.slots}
        result = _judge_run(rules, naturals, jokers, fixed)
    if isinstance(result, Refusal):
        return result.with_code("layoff.does-not-fit")
    return result


def _extend_with_deuces(
    rules: MeldRules, meld: Meld, naturals: list[Card], jokers: list[Card]
) -> Meld | Refusal:
    """A lay-off where deuces are wild: undeclared deuces natural first, then
    with the fewest of them wild; the wild cards keep their identity."""
    verdict = _extended(rules, meld, naturals, jokers)
    deuces = [i for i, card in enumerate(naturals) if card.code < DEUCES_BELOW]
    count = 0
    while not isinstance(verdict, Meld) and count < len(deuces):
        count += 1
        for chosen in itertools.combinations(deuces, count):
            wild = [wild_deuce(naturals[i]) for i in chosen]
            rest = [card for i, card in enumerate(naturals) if i not in chosen]
            grown = _extended(rules, meld, rest, [*jokers, *wild])
            if isinstance(grown, Meld):
                verdict, jokers = grown, [*jokers, *wild]
                break
    if not isinstance(verdict, Meld):
        return verdict
    if meld.kind == "set":
        return place_wild_cards(verdict, jokers, first=[s.card for s in meld.joker_slots()])
    placed = {s.position: s.card for s in meld.joker_slots()}
    return place_wild_cards(verdict, jokers, placed=placed)


def swap_joker(
    variant: HasMeldRules, meld: Meld, card: Card, *, set_min_naturals: int = 0
) -> tuple[Meld, tuple[int, ...]] | Refusal:
    """Put natural ``card`` in place of the joker it stands for.

    Returns the new meld and, for each of its slots, the index of the slot it
    came from (so callers can carry per-slot data such as credits), or a
    refusal: ``swap.no-joker``, ``swap.wrong-card``,
    ``swap.set-needs-three-naturals``.

    >>> rules = MeldRules()
    >>> new, order = swap_joker(rules, judge_meld(rules, parse_cards("7h JK 9h")), Card("8h"))
    >>> new.notation(), order
    ('7h 8h 9h', (0, 1, 2))
    """
    jokers = [i for i, slot in enumerate(meld.slots) if slot.card.code == JOKER_CODE]
    if not jokers:
        return _refuse("swap.no-joker", "This meld holds no joker.")
    if card.code == JOKER_CODE:
        return _refuse("swap.wrong-card", "A joker can only be swapped out by a natural card.")
    slots = list(meld.slots)
    if meld.kind == "run":
        for i in jokers:
            if slots[i].stands_for is card:
                slots[i] = _RUN_SLOTS[slots[i].suit or 0][slots[i].position]  # type: ignore[assignment]
                return Meld("run", tuple(slots), meld.points), tuple(range(len(slots)))
        return _refuse("swap.wrong-card", "No joker in this meld stands for {card}.", card=card)
    naturals = len(slots) - len(jokers)
    if naturals < set_min_naturals:
        return _refuse(
            "swap.set-needs-three-naturals",
            "A joker may leave a set only when it lies beside {least} natural cards.",
            least=set_min_naturals,
        )
    held = {s.suit for s in slots if s.card.code != JOKER_CODE}
    if card.rank != meld.rank or card.suit in held:
        return _refuse("swap.wrong-card", "No joker in this set stands for {card}.", card=card)
    target = next((i for i in jokers if slots[i].suit in (card.suit, None)), None)
    if target is None:
        return _refuse("swap.wrong-card", "No joker in this set stands for {card}.", card=card)
    slots[target] = _SET_SLOTS[card.code]
    order = sorted(
        range(len(slots)),
        key=lambda i: (slots[i].card.code == JOKER_CODE, slots[i].card.code, i),
    )
    return Meld("set", tuple(slots[i] for i in order), meld.points), tuple(order)


def release_set_joker(
    variant: HasMeldRules, meld: Meld, cards: Sequence[Card]
) -> tuple[Meld, tuple[int | None, ...]] | Refusal:
    """Release the joker of a set by laying every suit its natural cards lack.

    Only a set of exactly ``set_min`` cards holding one joker is open, and only
    while the set with every missing suit stays within ``set_max``; any other
    set with a joker is closed. Returns the new all-natural set and, for each
    of its slots, the index of the slot it came from (the joker's index for the
    first card laid in the joker's place, None for the other new cards), or a
    refusal: ``swap.no-joker``, ``swap.set-closed``, ``swap.wrong-card``,
    ``swap.set-needs-both-suits``.

    >>> rules = MeldRules()
    >>> meld = judge_meld(rules, parse_cards("7h 7s JK"))
    >>> new, order = release_set_joker(rules, meld, parse_cards("7c 7d"))
    >>> new.notation(), order
    ('7c 7d 7h 7s', (2, None, 0, 1))
    >>> release_set_joker(rules, meld, parse_cards("7c")).code
    'swap.set-needs-both-suits'
    """
    rules = variant.meld_rules
    jokers = [i for i, slot in enumerate(meld.slots) if slot.card.code == JOKER_CODE]
    if not jokers:
        return _refuse("swap.no-joker", "This meld holds no joker.")
    rank = meld.rank
    if meld.kind != "set" or rank is None:
        return _refuse("swap.wrong-card", "A run's joker is released by one card, the one it stands for.")
    held = {s.suit for s in meld.slots if s.card.code != JOKER_CODE}
    missing = [suit for suit in Suit if suit not in held]
    if len(meld) != rules.set_min or len(jokers) != 1 or len(held) + len(missing) > rules.set_max:
        return _refuse(
            "swap.set-closed",
            "Only a set of {size} cards with one joker can release it; this set is closed.",
            size=rules.set_min,
        )
    named: set[Suit] = set()
    for card in cards:
        suit = card.suit
        if suit is None or card.rank != rank or suit in held or suit in named:
            return _refuse("swap.wrong-card", "{card} is not a suit this set lacks.", card=card)
        named.add(suit)
    if len(named) != len(missing):
        lacking = joined([Card.natural(rank, suit) for suit in missing], N_("{a} and {b}"))
        return _refuse(
            "swap.set-needs-both-suits",
            "The joker leaves this set only when every missing suit is laid with it: {lacking}.",
            lacking=lacking,
        )
    return _released_set(rules, meld, jokers[0], cards)


def _released_set(
    rules: MeldRules, meld: Meld, joker: int, cards: Sequence[Card]
) -> tuple[Meld, tuple[int | None, ...]] | Refusal:
    """The set of ``meld``'s naturals and ``cards``, with where each slot came from."""
    naturals = [*meld.naturals, *cards]
    result = _judge_set(rules, naturals, [])
    if isinstance(result, Refusal):
        return result
    pool: list[tuple[Card, int | None]] = [(s.card, i) for i, s in enumerate(meld.slots) if i != joker]
    pool += [(card, joker if k == 0 else None) for k, card in enumerate(cards)]
    order: list[int | None] = []
    for slot in result.slots:
        found = next(k for k, (card, _) in enumerate(pool) if card is slot.card)
        order.append(pool.pop(found)[1])
    return result, tuple(order)


def rebuild_meld(variant: HasMeldRules, kind: str, cards: Sequence[Card]) -> Meld | Refusal:
    """A table meld from its slots in normal order (``Meld.notation()`` read
    back): every card keeps its place, jokers stand for what they are declared
    as. Used to load states; refuses a meld the rules would not hold."""
    rules = variant.meld_rules
    if not cards:
        return _refuse("meld.too-short", "A meld needs cards.")
    wild = [c for c in cards if c.code == JOKER_CODE and c.face.code != JOKER_CODE]
    refused = next((c for c in wild if not rules.plays_wild(c.face)), None)
    if refused is not None:
        return deuce_not_wild(refused)
    rebuilt = _rebuilt(rules, kind, cards)
    if not wild or isinstance(rebuilt, Refusal):
        return rebuilt
    if kind == "set":
        return place_wild_cards(rebuilt, [], first=[c for c in cards if c.code == JOKER_CODE])
    placed = {rebuilt.low + i: c for i, c in enumerate(cards) if c.code == JOKER_CODE}
    return place_wild_cards(rebuilt, [], placed=placed)


def _rebuilt(rules: MeldRules, kind: str, cards: Sequence[Card]) -> Meld | Refusal:
    """The table meld of :func:`rebuild_meld`, jokers as jokers."""
    if kind == "set":
        naturals = [c for c in cards if c.code != JOKER_CODE]
        suits = [c.declared.suit if c.declared is not None else None for c in cards if c.code == JOKER_CODE]
        if not naturals:
            return _refuse("meld.not-a-meld", "A meld needs at least one natural card.")
        if len(suits) > rules.joker_limit(len(naturals)):
            return _too_many_jokers(rules, len(suits), len(naturals))
        return _judge_set(rules, naturals, [], suits)
    if kind != "run":
        return _refuse("meld.not-a-meld", "Unknown meld kind {kind}.", kind=repr(kind))
    first = cards[0].declared if cards[0].code == JOKER_CODE else cards[0]
    if first is None:
        return _refuse("meld.joker-declaration", "A run's jokers must say what they stand for.")
    rank = first.code // 4 + 2
    start = 1 if rank == 14 and len(cards) > 1 else rank
    fixed: dict[int, Card] = {}
    for offset, card in enumerate(cards):
        position = start + offset
        if card.code == JOKER_CODE:
            declared = card.declared
            expected = 14 if position in (1, 14) else position
            if declared is None or declared.code // 4 + 2 != expected or declared.suit != first.suit:
                return _refuse(
                    "meld.joker-declaration", "The joker at place {place} does not fit.", place=offset + 1
                )
            fixed[position] = JOKER
        else:
            fixed[position] = card
    run_jokers = sum(1 for c in cards if c.code == JOKER_CODE)
    if run_jokers > rules.joker_limit(len(cards) - run_jokers):
        return _too_many_jokers(rules, run_jokers, len(cards) - run_jokers)
    naturals_fixed = {p: c for p, c in fixed.items() if c.code != JOKER_CODE}
    if not naturals_fixed:
        return _refuse("meld.not-a-meld", "A meld needs at least one natural card.")
    for p, c in naturals_fixed.items():
        if (14 if p in (1, 14) else p) != c.code // 4 + 2:
            return _refuse("meld.run-gap", "The cards of this run are not in sequence.")
    if len(cards) < rules.run_min:
        return _refuse("meld.too-short", "A run needs at least {least} cards.", least=rules.run_min)
    return _judge_run(rules, [], [], fixed)
