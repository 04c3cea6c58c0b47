"""The table: who may lay off and swap jokers, and what a swapped joker owes.

Every ``layoff.*`` and ``swap.*`` key (``swap.set_release`` in
:func:`swap_out_joker`), and ``opening.layoff_same_turn``,
turns into behaviour here; the engine, the going-out check, the legal-move
listing and the bots ask these functions.

>>> from rummykit.variant import load_variant
>>> may_lay_off(load_variant("rami51"), opened_now=False)
False
>>> swap_refusal(load_variant("rami51"), opened_now=True) is None
True
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from rummykit.cards import JOKER_CODE, Card
from rummykit.errors import Refusal
from rummykit.melds import Meld, release_set_joker, swap_joker
from rummykit.variant import Variant

__all__ = [
    "layoff_after_opening_same_turn",
    "layoff_while_going_out",
    "may_lay_off",
    "relay_counts_layoff",
    "relay_counts_new_meld",
    "relay_required",
    "release_groups",
    "releases_sets_whole",
    "swap_allowed_refusal",
    "swap_out_joker",
    "swap_refusal",
    "swapped_joker_discard_refusal",
]


def layoff_after_opening_same_turn(variant: Variant) -> bool:
    """May lay-offs and swaps follow the opening melds in the opening turn?"""
    return variant.opening.layoff_same_turn


def may_lay_off(variant: Variant, *, opened_now: bool) -> bool:
    """May the mover lay off now (R-ALL-06; tentatively in a hand-rummy turn,
    R-ALL-15)? ``opened_now``: opened before, or by this turn's melds where
    lay-offs may follow them."""
    layoff = variant.layoff
    return not layoff.requires_opened or layoff.in_hand_rummy_turn or opened_now


def layoff_while_going_out(variant: Variant, *, opened: bool) -> bool:
    """May a player who goes out this turn use lay-offs (``opened``: before
    this turn)? An opened player may; one who has not, where lay-offs need no
    opening or where a hand rummy may lay off."""
    layoff = variant.layoff
    return opened or not layoff.requires_opened or layoff.in_hand_rummy_turn


def swap_allowed_refusal(variant: Variant) -> Refusal | None:
    """``swap.not-allowed`` where the variant has no swaps, else None."""
    if not variant.swap.allowed:
        return Refusal("swap.not-allowed", "This variant does not allow taking jokers from the table.")
    return None


def swap_refusal(variant: Variant, *, opened_now: bool) -> Refusal | None:
    """Why a swap is refused before its cards are looked at, or None."""
    refusal = swap_allowed_refusal(variant)
    if refusal is not None:
        return refusal
    swap = variant.swap
    if swap.requires_opened and not opened_now and not swap.in_hand_rummy_turn:
        return Refusal("swap.not-opened", "You must open before you swap a joker.")
    return None


def releases_sets_whole(variant: Variant) -> bool:
    """Does a set's joker leave only with every missing suit (``swap.set_release``)?"""
    return variant.swap.set_release == "all_missing_suits"


def swap_out_joker(
    variant: Variant, meld: Meld, cards: Sequence[Card]
) -> tuple[Meld, tuple[int | None, ...]] | Refusal:
    """Put natural ``cards`` into ``meld`` in place of its joker (R-KAL-10).

    Under ``swap.set_release = "one_card"`` (and for every run) one card
    replaces the joker it stands for, a set's subject to
    ``swap.set_min_naturals``; several cards are refused (``swap.wrong-card``).
    Under ``"all_missing_suits"`` a set's joker leaves only with every suit
    its naturals lack, from a set of ``melds.set_min`` cards with one joker.
    Returns the new meld and, per slot, the old slot it came from (None: a
    card new to the meld), or the refusal.
    """
    if releases_sets_whole(variant) and meld.kind == "set":
        return release_set_joker(variant, meld, cards)
    if len(cards) != 1 and meld.jokers:
        return Refusal("swap.wrong-card", "A joker is swapped out by one card, the one it stands for.")
    return swap_joker(variant, meld, cards[0], set_min_naturals=variant.swap.set_min_naturals)


def release_groups(variant: Variant, meld: Meld, faces: Sequence[Card]) -> list[tuple[Card, ...]]:
    """The groups of several hand cards that may release ``meld``'s joker
    together (a superset; :func:`swap_out_joker` judges them): under
    ``"all_missing_suits"``, the set's rank in every suit its naturals lack."""
    if not releases_sets_whole(variant) or meld.kind != "set" or not meld.jokers:
        return []
    held = {slot.suit for slot in meld.slots if not slot.is_joker}
    fitting = [c for c in faces if c.code != JOKER_CODE and c.rank == meld.rank and c.suit not in held]
    missing = 4 - len(held)
    if missing < 2:
        return []
    return [group for group in combinations(fitting, missing) if len({c.suit for c in group}) == missing]


def relay_required(variant: Variant) -> bool:
    """Is there any duty to lay a swapped joker again (``swap.relay`` is not ``"none"``)?"""
    return variant.swap.allowed and variant.swap.relay != "none"


def relay_counts_layoff(targets: Sequence[str], jokers_before: int) -> bool:
    """Does laying a joker off onto a meld that held ``jokers_before`` jokers
    count as laying a swapped joker again (``targets``: ``swap.relay_targets``)?"""
    return "layoff_jokerless" in targets and jokers_before == 0


def relay_counts_new_meld(targets: Sequence[str]) -> bool:
    """Does a joker in a new meld count as laying a swapped joker again?"""
    return "new_meld" in targets


def swapped_joker_discard_refusal(variant: Variant, card: Card, *, holds_swapped: bool) -> Refusal | None:
    """A joker taken from the table this turn may not be the discard, unless
    the variant has no relay duty (R-RAMI-08, R-ROE-13, R-HR-14).
    ``holds_swapped``: throwing ``card`` would throw a swapped joker."""
    if card.is_joker and holds_swapped and relay_required(variant):
        return Refusal("swap.joker-not-relaid", "The joker you took from the table cannot be discarded.")
    return None
