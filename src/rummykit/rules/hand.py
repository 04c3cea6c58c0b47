"""What the solver must know of a variant's rules, from the variant's stages.

:func:`hand_stage` gathers the opening (its minimum and pure run), the table
stage (when lay-offs may go with an opening), the last discard, the
contracts and the most cards a hand can hold into the solver's
:class:`~rummykit.solver.requirement.HandRules`; the variant's rule set holds
it and hands it to the solver, which reads no key itself.

>>> from rummykit.variant.model import load_variant
>>> from rummykit.rules.rule_set import rules_of
>>> rules = rules_of(load_variant("romme51")).hand
>>> rules.opening_min, rules.pure_run_needed, rules.final_discard
(51, True, True)
"""

from __future__ import annotations

from rummykit.rules.contract import contract_shapes
from rummykit.rules.opening import OpeningStage
from rummykit.rules.table import TableRule
from rummykit.solver.requirement import HandRules
from rummykit.variant.model import Variant

__all__ = ["hand_stage", "max_hand"]


def hand_stage(variant: Variant, opening: OpeningStage, table: TableRule) -> HandRules:
    """The solver's view of ``variant``'s opening and going-out rules."""
    pure = opening.pure_run
    return HandRules(
        opening_min=opening.minimum,
        pure_run_needed=pure is not None,
        # The search tables mark runs this long as pure, asked for or not.
        pure_run_min=pure.length if pure is not None else variant.opening.pure_run_min,
        final_discard=variant.going_out.final_discard == "required",
        layoff_after_opening=table.layoff_after_opening_same_turn(),
        layoff_in_opening_turn=table.may_lay_off(opened_now=table.layoff_after_opening_same_turn()),
        contracts=contract_shapes(variant),
        max_hand=max_hand(variant),
    )


def max_hand(variant: Variant) -> int:
    """The most cards one hand can hold in a round of this variant: the
    solver refuses larger hands as bad input.

    A seat is dealt at most ``hand_size + first_player_extra`` cards, and
    the jokers of the cut as well where they come on top of the deal. A turn adds at
    most one card (a draw, the top discard or the exchange card; a joker
    swap and an exchange give a card for a card) and ends with a discard,
    so a hand never holds more than the deal and one card. Where a deep take
    lifts a card and every card above it (``draw.discard_deep``), the
    discard row can hold nearly the whole deck, so the bound is the deck:
    no hand holds more cards than the largest deck of the variant.

    >>> from rummykit.variant.model import load_variant
    >>> max_hand(load_variant("rami51")), max_hand(load_variant("roemie"))
    (14, 108)
    """
    bands = variant.deck.by_players
    jokers = max(max((band.jokers, *band.joker_options)) for band in bands)
    deck = max(band.decks * 52 + max((band.jokers, *band.joker_options)) for band in bands)
    if variant.draw.discard_deep or variant.buy.allowed:
        return deck  # a buy adds cards out of turn, as often as windows open
    deal = variant.deal
    dealt = max(band.hand_size or deal.hand_size for band in bands) + deal.first_player_extra
    dealt = max((dealt, *(entry.hand_size for entry in variant.contract.deals)))
    if deal.cut_joker_ceremony:
        # A cut joker replaces a dealt card, or comes on top of the deal.
        dealt = max(dealt, jokers) if deal.cut_joker_reduces_deal else dealt + jokers
    return min(deck, dealt + 1)
