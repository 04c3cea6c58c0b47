"""The values of meld judging: a variant's :class:`MeldRules`, and the
:class:`Meld` and :class:`Slot` values a judged meld is made of.

The judging itself is :mod:`rummykit.core.meld_judge` (new melds, with
:mod:`rummykit.core.meld_sets` and :mod:`rummykit.core.meld_runs`) and
:mod:`rummykit.core.meld_growth` (lay-offs, joker swaps, melds read back).

>>> rules = MeldRules(ace_low=False)
>>> rules.run_lowest, rules.run_highest, rules.run_longest, rules.ace_positions
(2, 14, 13, (14,))
>>> MeldRules(joker_placement="declared", set_joker_suit="bound").declared_jokers
True
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal, Protocol

import attrs

from rummykit.core.cards import DEUCES_BELOW, JOKER, JOKER_CODE, Card, Rank, Suit
from rummykit.core.values import TableValues
from rummykit.speed.memo import Memo

__all__ = [
    "BOUND_SUIT_ORDER",
    "RUN_JOKER_SLOTS",
    "RUN_SLOTS",
    "SET_JOKER_SLOTS",
    "SET_SLOTS",
    "HasMeldRules",
    "Meld",
    "MeldKind",
    "MeldRules",
    "Slot",
    "meld_rules_of",
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
    wild_rank: Rank | None = None
    """A deal's wild rank (the Indian cut card's): every card of it
    may be played as a wild card (``7d=8h``) or as itself. Wild deuces are
    the wild rank 2 fixed for every deal; the two are not set together.
    The table solvers (:mod:`rummykit.solver`'s least and going-out searches)
    know wild deuces only; the meld judge and the show judge know both."""
    memo: Memo = attrs.field(init=False, eq=False, repr=False)
    """The verdicts and listings remembered under these rules (gone with them)."""
    # The geometry of a run, derived from the fields above once (left out of
    # equality, hashing and repr, which the fields above decide alone).
    run_lowest: int = attrs.field(init=False, eq=False, repr=False)
    """The lowest run position a run may use: 1 (a low ace) where ``ace_low``, else 2."""
    run_highest: int = attrs.field(init=False, eq=False, repr=False)
    """The highest run position a run may use: 14 (a high ace) where ``ace_high``, else 13."""
    run_longest: int = attrs.field(init=False, eq=False, repr=False)
    """The most cards a run may hold: ``run_max``, at most every position from
    ``run_lowest`` to ``run_highest`` (14 from ace to ace, where both ace ends are open)."""
    ace_positions: tuple[int, ...] = attrs.field(init=False, eq=False, repr=False)
    """The run positions an ace may take: 1 (low) where ``ace_low``, 14 (high) where ``ace_high``."""
    aces_both_ends: bool = attrs.field(init=False, eq=False, repr=False)
    """An ace may lie at either end of a run (``ace_low`` and ``ace_high``)."""
    ace_to_ace: bool = attrs.field(init=False, eq=False, repr=False)
    """A run may reach from ace to ace, holding its suit's ace twice (``run_longest`` 14)."""
    # The policies of the string-valued fields, read once (the judges, the
    # listing and the solvers ask these, never the strings).
    declared_jokers: bool = attrs.field(init=False, eq=False, repr=False)
    """``joker_placement == "declared"``: a run's jokers stand where the player
    declares them (else where the run is worth least)."""
    bound_set_jokers: bool = attrs.field(init=False, eq=False, repr=False)
    """``set_joker_suit == "bound"``: a set joker stands for one suit the set
    lacks (else for any of them)."""
    naturals_cap_jokers: bool = attrs.field(init=False, eq=False, repr=False)
    """``jokers_vs_naturals`` is not ``"any"``: a meld's naturals limit its jokers."""
    fewer_jokers: bool = attrs.field(init=False, eq=False, repr=False)
    """``jokers_vs_naturals == "fewer"``: a meld holds fewer jokers than naturals."""
    ambiguous_as_set: bool = attrs.field(init=False, eq=False, repr=False)
    """``ambiguous_kind == "set"``: one natural card with jokers is read as a set first."""
    set_largest: int = attrs.field(init=False, eq=False, repr=False)
    """The most cards a set may hold: ``set_max``, at most four where its suits differ."""
    wild_mask: int = attrs.field(init=False, eq=False, repr=False)
    """Bit ``code`` is set for every face that may play wild: the joker, and
    the deuces (``wild_deuces``) or the cards of ``wild_rank``."""
    wild_naturals_exist: bool = attrs.field(init=False, eq=False, repr=False)
    """Some natural card may play wild (``wild_deuces`` or a ``wild_rank``)."""

    def __attrs_post_init__(self) -> None:
        # Set here, not by a factory: the compiled build checks a class
        # attribute's default against its type when the class is made.
        derive = object.__setattr__
        derive(self, "memo", Memo())
        lowest = 1 if self.ace_low else 2
        highest = 14 if self.ace_high else 13
        longest = min(self.run_max, highest - lowest + 1)
        derive(self, "run_lowest", lowest)
        derive(self, "run_highest", highest)
        derive(self, "run_longest", longest)
        derive(self, "ace_positions", (1,) * self.ace_low + (14,) * self.ace_high)
        derive(self, "aces_both_ends", self.ace_low and self.ace_high)
        derive(self, "ace_to_ace", longest == 14)
        derive(self, "declared_jokers", self.joker_placement == "declared")
        derive(self, "bound_set_jokers", self.set_joker_suit == "bound")
        derive(self, "naturals_cap_jokers", self.jokers_vs_naturals != "any")
        derive(self, "fewer_jokers", self.jokers_vs_naturals == "fewer")
        derive(self, "ambiguous_as_set", self.ambiguous_kind == "set")
        derive(self, "set_largest", min(self.set_max, 4) if self.set_distinct_suits else self.set_max)
        if self.wild_deuces and self.wild_rank is not None:
            raise ValueError("wild deuces and a wild rank are not set together (wild deuces are wild rank 2)")
        wild = 2 if self.wild_deuces else self.wild_rank
        mask = 1 << JOKER_CODE
        if wild is not None:
            mask |= 0b1111 << (4 * (wild - 2))
        derive(self, "wild_mask", mask)
        derive(self, "wild_naturals_exist", wild is not None)

    @property
    def meld_rules(self) -> MeldRules:
        return self

    def hand_penalties(self, by_code: tuple[int, ...], wild: int | None = None) -> tuple[int, ...]:
        """A hand's penalties by card code (``by_code``, the joker's last) as
        these rules count them: where deuces are wild a deuce left in a hand
        counts ``wild`` (``values.hand.wild``; None: as a joker, R-CON-14).

        >>> MeldRules(wild_deuces=True).hand_penalties(tuple(range(53)))[:6]
        (52, 52, 52, 52, 4, 5)
        >>> MeldRules(wild_deuces=True).hand_penalties(tuple(range(53)), 15)[:6]
        (15, 15, 15, 15, 4, 5)
        """
        if not self.wild_deuces:
            return by_code
        deuce = by_code[JOKER_CODE] if wild is None else wild
        return (deuce,) * DEUCES_BELOW + by_code[DEUCES_BELOW:]

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
        deuces are wild, a card of the wild rank where there is one.

        >>> from rummykit.core.cards import parse_cards
        >>> [MeldRules(wild_deuces=w).plays_wild(c) for w in (True, False) for c in parse_cards("2h JK 3h")]
        [True, True, False, False, True, False]
        >>> [MeldRules(wild_rank=Rank.SEVEN).plays_wild(c) for c in parse_cards("7d 2h JK")]
        [True, False, True]
        """
        return bool(self.wild_mask >> card.code & 1)

    def wild_naturals(self, cards: Iterable[Card]) -> list[Card]:
        """The natural cards among ``cards`` (faces) that may also play wild.

        >>> from rummykit.core.cards import parse_cards
        >>> MeldRules(wild_deuces=True).wild_naturals(parse_cards("2h 3h JK 2c"))
        [Card('2h'), Card('2c')]
        >>> MeldRules().wild_naturals(parse_cards("2h 3h"))
        []
        """
        if not self.wild_naturals_exist:
            return []
        mask = self.wild_mask
        return [card for card in cards if card.code != JOKER_CODE and mask >> card.code & 1]

    def with_wild_rank(self, rank: Rank | None) -> MeldRules:
        """These rules for a deal whose wild rank is ``rank`` (None: no wild
        rank), made once per rank and kept among the memo's products.

        >>> MeldRules().with_wild_rank(Rank.NINE).plays_wild(Card("9c"))
        True
        >>> MeldRules().with_wild_rank(None) == MeldRules()
        True
        """
        if rank == self.wild_rank:
            return self
        products = self.memo.products
        key = ("with_wild_rank", rank)
        found = products.get(key)
        if not isinstance(found, MeldRules):
            found = products[key] = attrs.evolve(self, wild_rank=rank)
        return found

    def joker_limit(self, naturals: int) -> int:
        """The most jokers a meld with ``naturals`` natural cards may hold:
        ``max_jokers``, and (``jokers_vs_naturals``) no more than the naturals
        (``"not_more"``) or fewer (``"fewer"``).

        >>> MeldRules(max_jokers=6, jokers_vs_naturals="not_more").joker_limit(2)
        2
        """
        if not self.naturals_cap_jokers:
            return self.max_jokers
        return max(0, min(self.max_jokers, naturals - 1 if self.fewer_jokers else naturals))


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
RUN_SLOTS = tuple(
    tuple(Slot(Card.natural(_RANKS[p], suit), _RANKS[p], suit, p) if p else None for p in range(15))
    for suit in Suit
)
RUN_JOKER_SLOTS = tuple(
    tuple(Slot(JOKER, _RANKS[p], suit, p) if p else None for p in range(15)) for suit in Suit
)
SET_SLOTS = tuple(
    Slot(Card.natural(code // 4 + 2, code % 4), _RANKS[code // 4 + 2], _SUITS[code % 4]) for code in range(52)
)
SET_JOKER_SLOTS = tuple(
    tuple(Slot(JOKER, rank, suit) for suit in (*Suit, None)) for rank in (_RANKS[0], _RANKS[0], *Rank)
)


def meld_rules_of(variant: HasMeldRules) -> MeldRules:
    """The meld rules of a variant, or of MeldRules themselves."""
    rules = getattr(variant, "meld_rules", None)
    if not isinstance(rules, MeldRules):
        wrong = type(variant).__name__
        raise TypeError(f"expected a Variant, MeldRules or a bundled variant id ('rami51'), not {wrong}")
    return rules
