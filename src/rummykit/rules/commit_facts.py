"""What a turn did, as the commit-time rules need to know it: the
:class:`Commit` the engine builds for every turn that ends, and asks each
commit check about (``rules.turn``, ``rules.contract``), and
:class:`CommitReads`, what a variant's commit checks say they read.

Each commit check declares, as class attributes, the facts of a Commit it
reads (``reads``: names from :data:`FACTS`) and, where it refuses nothing
while one fact is empty, that fact (``idle_without``: ``"swaps"`` for a
check about swapped jokers). From these the rule set knows, once, whether a
verdict depends on the cards of the hand, and the engine derives the key
under which it remembers a verdict.

>>> from rummykit.variant.model import load_variant
>>> from rummykit.rules.rule_set import rules_of
>>> reads = rules_of(load_variant("rami51")).commit_reads
>>> reads.hand, reads.turn, reads.table, reads.opening, reads.deal
(False, True, False, True, False)
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, NoReturn

from rummykit.core.cards import Card
from rummykit.core.errors import Refusal
from rummykit.core.meld_model import Meld
from rummykit.rules.opening import is_hand_rummy
from rummykit.speed.frozen import FrozenValue, frozen_error
from rummykit.variant.model import Variant

if TYPE_CHECKING:  # the rule set is built from the commit checks that read these facts
    from rummykit.rules.rule_set import RuleSet

__all__ = ["FACTS", "HAND_FACTS", "TURN_FACTS", "Commit", "CommitReads"]


class Commit(FrozenValue):
    """What a turn did, as the commit-time rules need to know it (a frozen
    value, :class:`rummykit.speed.frozen.FrozenValue`: one is made for every turn
    that ends)."""

    FIELDS = (
        "rules",
        "hand",
        "opened_before",
        "new_melds",
        "laid_off",
        "swaps",
        "net_jokers",
        "source",
        "taken",
        "chosen",
        "must_use_taken",
        "table",
        "joker_layoffs",
        "earlier_swaps",
        "deal_number",
    )
    __slots__ = FIELDS

    rules: RuleSet
    hand: tuple[Card, ...]  # what is left after the discard
    opened_before: bool
    new_melds: tuple[Meld, ...]
    laid_off: tuple[Card, ...]  # faces laid off (swapped-in cards included)
    swaps: int
    net_jokers: int  # jokers in hand now minus right after the draw (RK-02)
    source: str
    taken: Card | None
    chosen: Card | None
    must_use_taken: bool
    table: tuple[Meld, ...]
    joker_layoffs: tuple[int, ...]  # jokers each meld held before a joker was laid off onto it
    earlier_swaps: int  # swaps made from melds laid before this turn
    deal_number: int  # which deal of a match (contracts); 0: not in use

    def __init__(
        self,
        rules: RuleSet,
        hand: tuple[Card, ...],
        opened_before: bool,
        new_melds: tuple[Meld, ...],
        laid_off: tuple[Card, ...],
        swaps: int,
        net_jokers: int,
        source: str,
        taken: Card | None,
        chosen: Card | None,
        must_use_taken: bool,
        table: tuple[Meld, ...],
        joker_layoffs: tuple[int, ...] = (),
        earlier_swaps: int = 0,
        deal_number: int = 0,
    ) -> None:
        object.__setattr__(self, "rules", rules)
        object.__setattr__(self, "hand", hand)
        object.__setattr__(self, "opened_before", opened_before)
        object.__setattr__(self, "new_melds", new_melds)
        object.__setattr__(self, "laid_off", laid_off)
        object.__setattr__(self, "swaps", swaps)
        object.__setattr__(self, "net_jokers", net_jokers)
        object.__setattr__(self, "source", source)
        object.__setattr__(self, "taken", taken)
        object.__setattr__(self, "chosen", chosen)
        object.__setattr__(self, "must_use_taken", must_use_taken)
        object.__setattr__(self, "table", table)
        object.__setattr__(self, "joker_layoffs", joker_layoffs)
        object.__setattr__(self, "earlier_swaps", earlier_swaps)
        object.__setattr__(self, "deal_number", deal_number)

    def __setattr__(self, name: str, value: object) -> NoReturn:
        raise frozen_error()

    def __delattr__(self, name: str) -> NoReturn:
        raise frozen_error()

    @property
    def variant(self) -> Variant:
        return self.rules.variant

    @property
    def going_out(self) -> bool:
        return not self.hand

    @property
    def hand_rummy(self) -> bool:
        """Going out in one turn without having opened before (R-HR-20, R-ROE-12)."""
        return is_hand_rummy(going_out=self.going_out, opened_before=self.opened_before)

    def opens(self) -> bool:
        """Do the new melds of this turn make a valid opening (no waiver)?"""
        return bool(self.new_melds) and not isinstance(self.rules.opening.judge(self.new_melds), Refusal)


TURN_FACTS = frozenset(
    {
        "source",
        "taken",
        "chosen",
        "must_use_taken",
        "new_melds",
        "laid_off",
        "swaps",
        "joker_layoffs",
        "earlier_swaps",
    }
)
"""Facts of a Commit that come from the turn (its object, ``state.turn``)."""
HAND_FACTS = frozenset({"hand", "net_jokers"})
"""Facts that come from the cards left in the hand."""
FACTS = TURN_FACTS | HAND_FACTS | {"table", "opened_before", "deal_number", "going_out"}
"""Every fact a commit check may declare it reads (``going_out``: the hand is empty)."""
VERDICT_READS = frozenset({"opened_before", "new_melds", "going_out"})
"""What the verdict reads besides the checks: whether the mover has opened
once the turn stands (opened before, the new melds open, or a hand rummy)."""
_SWAPLESS_EMPTY = frozenset({"swaps", "joker_layoffs", "earlier_swaps"})
"""Facts that are empty in a turn without joker swaps (the turns whose
verdicts the engine remembers)."""


class CommitReads(FrozenValue):
    """What the commit's verdict reads in a turn without joker swaps, from
    what each commit check declares: the facts, and which parts of a state
    they come from. A check that declares nothing is taken to read the hand.
    (A frozen value: the engine reads it for every verdict it remembers.)"""

    FIELDS = ("facts", "hand", "turn", "table", "opening", "deal")
    __slots__ = FIELDS

    facts: frozenset[str]
    hand: bool
    """Does the verdict depend on the cards of a hand left with cards?"""
    turn: bool
    table: bool
    opening: bool
    deal: bool

    def __init__(
        self, facts: frozenset[str], hand: bool, turn: bool, table: bool, opening: bool, deal: bool
    ) -> None:
        object.__setattr__(self, "facts", facts)
        object.__setattr__(self, "hand", hand)
        object.__setattr__(self, "turn", turn)
        object.__setattr__(self, "table", table)
        object.__setattr__(self, "opening", opening)
        object.__setattr__(self, "deal", deal)

    def __setattr__(self, name: str, value: object) -> NoReturn:
        raise frozen_error()

    def __delattr__(self, name: str) -> NoReturn:
        raise frozen_error()

    @classmethod
    def of(cls, checks: Iterable[object]) -> CommitReads:
        facts = set(VERDICT_READS)
        for check in checks:
            reads: frozenset[str] = getattr(check, "reads", HAND_FACTS)
            unknown = reads - FACTS
            if unknown:
                raise ValueError(f"{getattr(check, 'name', check)!r} reads unknown facts {sorted(unknown)}")
            idle: str = getattr(check, "idle_without", "")
            facts |= {idle} if idle in _SWAPLESS_EMPTY else reads
        return cls(
            frozenset(facts),
            hand=bool(facts & HAND_FACTS),
            turn=bool(facts & TURN_FACTS),
            table="table" in facts,
            opening="opened_before" in facts,
            deal="deal_number" in facts,
        )
