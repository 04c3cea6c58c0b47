"""What the rule set asks of a hand the solver lays down.

The solver sits below the rules, so it does not read the opening, table,
going-out or deal keys itself: the variant's rule set builds a
:class:`HandRules` from its stages (``rummykit.rules.hand``) and hands it to
every search as an argument.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import attrs

from rummykit.core.errors import Refusal
from rummykit.core.meld_model import Meld

__all__ = ["ContractShape", "HandRules", "check_deal_number"]


@attrs.frozen(slots=True)
class ContractShape:
    """One deal's contract as the solver and the opening check ask it: how
    many melds the going-down turn lays, and why some melds are not exactly
    the contract."""

    melds: int
    judge: Callable[[Sequence[Meld]], Refusal | None]
    """``opening.contract`` where the melds are not exactly the contract, else None."""

    def accepts(self, melds: Sequence[Meld]) -> bool:
        """Are ``melds`` exactly the contract?"""
        return self.judge(melds) is None


def check_deal_number(deal: Any, deals: int | None) -> None:
    """A deal number is an int from 1 (to ``deals``, where deals have
    contracts); a ValueError otherwise."""
    wrong = isinstance(deal, bool) or not isinstance(deal, int) or deal < 1
    if wrong or (deals is not None and deal > deals):
        most = f" to {deals}" if deals is not None else " or more"
        raise ValueError(f"deal_number must be 1{most}, not {deal!r}")


@attrs.frozen(slots=True)
class HandRules:
    """The opening and the end of a turn, as far as the solver needs them."""

    opening_min: int = 0
    """Table points the new melds of an opening must reach."""
    pure_run_needed: bool = False
    """The opening needs a run without a joker."""
    pure_run_min: int = 3
    """Cards that run needs (the search tables mark runs this long as pure)."""
    final_discard: bool = False
    """A turn that goes out must end with a discard."""
    layoff_after_opening: bool = True
    """Lay-offs may follow the opening melds in the opening turn."""
    layoff_in_opening_turn: bool = True
    """A player who opens in this turn may lay off in it (after opening, with
    no opening needed for lay-offs, or as a hand rummy)."""
    contracts: tuple[ContractShape, ...] = ()
    """Where each deal has its contract, deal by deal: the opening is then
    exactly that deal's contract (the minimum and the pure run do not apply)."""
    max_hand: int = 108
    """The most cards one hand can hold in a round of the variant: a larger
    hand is bad input, refused with a ValueError (the searches go one level
    deeper per card; the default is the largest bundled deck, two decks and
    four jokers)."""
