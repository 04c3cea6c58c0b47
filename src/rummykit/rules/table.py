"""The table stage: who may lay off and swap jokers, how a joker leaves a
meld, and what a swapped joker owes.

:func:`table_stage` builds a variant's :class:`TableRule` (the variant's rule set holds it); every
``layoff.*`` and ``swap.*`` key, and ``opening.layoff_same_turn``, turns into
behaviour here. The engine, the going-out check, the commit checks, the
legal-move listing and the bots ask this rule.

>>> from rummykit.variant.model import load_variant
>>> rule = table_stage(load_variant("rami51"))
>>> rule.may_lay_off(opened_now=False), rule.swap_refusal(opened_now=True) is None
(False, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import Protocol

import attrs

from rummykit.core.cards import JOKER_CODE, Card
from rummykit.core.errors import Refusal
from rummykit.core.meld_growth import release_set_joker, swap_joker
from rummykit.core.meld_model import Meld
from rummykit.variant.model import Variant

__all__ = ["StandardTable", "SwapResult", "TableRule", "table_stage"]

SwapResult = tuple[Meld, tuple[int | None, ...]] | Refusal
"""A swap's outcome: the new meld and, per slot, the old slot it came from
(None: a card new to the meld), or the refusal."""


class TableRule(Protocol):
    """The table stage of a variant."""

    def layoff_after_opening_same_turn(self) -> bool:
        """May lay-offs and swaps follow the opening melds in the opening turn?"""
        ...

    def may_lay_off(self, *, opened_now: bool) -> bool:
        """May the mover lay off now? ``opened_now``: opened before, or by
        this turn's melds where lay-offs may follow them."""
        ...

    def layoff_while_going_out(self, *, opened: bool) -> bool:
        """May a player who goes out this turn use lay-offs (``opened``: before this turn)?"""
        ...

    def table_touch_is_tentative(self) -> bool:
        """Are lay-offs or swaps before opening allowed on condition that the
        turn opens or goes out by hand rummy (R-ALL-15)?"""
        ...

    def layoff_stands_unopened(self) -> bool:
        """May a lay-off by a player who has not opened stand without the
        turn opening or going out?"""
        ...

    def swap_allowed_refusal(self) -> Refusal | None:
        """``swap.not-allowed`` where the variant has no swaps, else None."""
        ...

    def swap_refusal(self, *, opened_now: bool) -> Refusal | None:
        """Why a swap is refused before its cards are looked at, or None."""
        ...

    def swap_out_joker(self, meld: Meld, cards: Sequence[Card]) -> SwapResult:
        """Put natural ``cards`` into ``meld`` in place of its joker: the new
        meld and, per slot, the old slot it came from (None: a card new to
        the meld), or the refusal."""
        ...

    def release_groups(self, meld: Meld, faces: Sequence[Card]) -> list[tuple[Card, ...]]:
        """Groups of several hand cards that may release ``meld``'s joker
        together (a superset: :meth:`swap_out_joker` judges them)."""
        ...

    def relay_required(self) -> bool:
        """Is there any duty to lay a swapped joker again (a swapped joker
        held is then not discarded: the discard stage refuses it)?"""
        ...

    def relay_mode(self) -> str:
        """``swap.relay``: ``"mandatory"``, ``"if_possible"`` or ``"none"``."""
        ...

    def relay_counts_layoff(self, jokers_before: int) -> bool:
        """Does laying a joker off onto a meld that held ``jokers_before``
        jokers count as laying a swapped joker again?"""
        ...

    def relay_counts_new_meld(self) -> bool:
        """Does a joker in a new meld count as laying a swapped joker again?"""
        ...


@attrs.frozen(slots=True)
class StandardTable:
    """Lay-offs onto any meld after opening, joker swaps by the card a joker
    stands for (a set's joker by one missing suit, or by all of them), and
    the duty to lay a swapped joker again, as the keys say."""

    variant: Variant = attrs.field(eq=False, repr=False)

    def layoff_after_opening_same_turn(self) -> bool:
        return self.variant.opening.layoff_same_turn

    def may_lay_off(self, *, opened_now: bool) -> bool:
        # R-ALL-06; tentatively in a hand-rummy turn, R-ALL-15.
        layoff = self.variant.layoff
        return not layoff.requires_opened or layoff.in_hand_rummy_turn or opened_now

    def layoff_while_going_out(self, *, opened: bool) -> bool:
        # An opened player may; one who has not, where lay-offs need no
        # opening or where a hand rummy may lay off.
        layoff = self.variant.layoff
        return opened or not layoff.requires_opened or layoff.in_hand_rummy_turn

    def table_touch_is_tentative(self) -> bool:
        return self.variant.layoff.in_hand_rummy_turn or self.variant.swap.in_hand_rummy_turn

    def layoff_stands_unopened(self) -> bool:
        return not self.variant.layoff.requires_opened and not self.table_touch_is_tentative()

    def swap_allowed_refusal(self) -> Refusal | None:
        if not self.variant.swap.allowed:
            return Refusal("swap.not-allowed", "This variant does not allow taking jokers from the table.")
        return None

    def swap_refusal(self, *, opened_now: bool) -> Refusal | None:
        refusal = self.swap_allowed_refusal()
        if refusal is not None:
            return refusal
        swap = self.variant.swap
        if swap.requires_opened and not opened_now and not swap.in_hand_rummy_turn:
            return Refusal("swap.not-opened", "You must open before you swap a joker.")
        return None

    def _releases_sets_whole(self) -> bool:
        return self.variant.swap.set_release == "all_missing_suits"

    def swap_out_joker(self, meld: Meld, cards: Sequence[Card]) -> SwapResult:
        # Under ``swap.set_release = "one_card"`` (and for every run) one card
        # replaces the joker it stands for, a set's subject to
        # ``swap.set_min_naturals``; several cards are refused. Under
        # ``"all_missing_suits"`` a set's joker leaves only with every suit its
        # naturals lack, from a set of ``melds.set_min`` cards with one joker
        # (R-KAL-10).
        variant = self.variant
        if self._releases_sets_whole() and meld.kind == "set":
            return release_set_joker(variant, meld, cards)
        if len(cards) != 1 and meld.jokers:
            return Refusal("swap.wrong-card", "A joker is swapped out by one card, the one it stands for.")
        return swap_joker(variant, meld, cards[0], set_min_naturals=variant.swap.set_min_naturals)

    def release_groups(self, meld: Meld, faces: Sequence[Card]) -> list[tuple[Card, ...]]:
        # Under "all_missing_suits": the set's rank in every suit its naturals lack.
        if not self._releases_sets_whole() or meld.kind != "set" or not meld.jokers:
            return []
        held = {slot.suit for slot in meld.slots if not slot.is_joker}
        fitting = [c for c in faces if c.code != JOKER_CODE and c.rank == meld.rank and c.suit not in held]
        missing = 4 - len(held)
        if missing < 2:
            return []
        return [group for group in combinations(fitting, missing) if len({c.suit for c in group}) == missing]

    def relay_required(self) -> bool:
        return self.variant.swap.allowed and self.variant.swap.relay != "none"

    def relay_mode(self) -> str:
        return self.variant.swap.relay

    def relay_counts_layoff(self, jokers_before: int) -> bool:
        return "layoff_jokerless" in self.variant.swap.relay_targets and jokers_before == 0

    def relay_counts_new_meld(self) -> bool:
        return "new_meld" in self.variant.swap.relay_targets


def table_stage(variant: Variant) -> TableRule:
    """The table stage of ``variant`` (its rule set holds it)."""
    return StandardTable(variant)
