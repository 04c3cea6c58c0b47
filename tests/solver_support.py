"""Helpers of the solver tests (tests/solver and tests/oracles): variants
like Contract Rummy's built from TOML text, the switch that makes the
bounded searches of big hands run on small ones, and the answers compared
between the two."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from unittest import mock

from rummykit.core.cards import Card
from rummykit.rules import best_opening, can_go_out, least_penalty
from rummykit.rules.rule_set import rules_of
from rummykit.solver import clear_caches, search_limits
from rummykit.solver.opening_reach import can_open_with
from rummykit.variant.model import Variant, load_variant, loads_variant

CONTRACT_LIKE = """
[meta]
id = "{id}"
name = "Contract-like rules"

[players]
min = 3
max = 4

[[deck.by_players]]
players = [3, 4]
decks = 3
jokers = 4

[deal]
hand_size = 16

[melds]
set_min = 3
set_max = {set_max}
set_distinct_suits = false
run_min = {run_min}
run_max = 14
ace_low = true
ace_high = true
max_jokers_per_meld = {max_jokers}
jokers_vs_naturals = "{versus}"
joker_placement = "declared"
set_joker_suit = "any_missing"

[opening]
min_points = 30

[going_out]
final_discard = "optional"

[values.table]
number = "face"
ace_low_run = 1
ace_high_run = 15
ace_in_set = 15
joker = {joker}

[values.hand]
number = "face"
ace = 15
joker = 15
"""


def contract_like(name: str, set_max: int, run_min: int, max_jokers: int, versus: str, joker: str) -> Variant:
    text = CONTRACT_LIKE
    for key, value in {
        "id": name,
        "set_max": set_max,
        "run_min": run_min,
        "max_jokers": max_jokers,
        "versus": versus,
        "joker": joker,
    }.items():
        text = text.replace("{" + key + "}", str(value))
    return loads_variant(text)


CONTRACT_VARIANTS = {
    # As Contract Rummy: any set size, a joker counts as its card, fewer jokers than naturals.
    "contract_like": contract_like("contract_like", 16, 4, 8, "fewer", '"represented"'),
    # Short runs, sets of at most five, jokers worth a fixed 25 on the table, any number.
    "fixed_joker": contract_like("fixed_joker", 5, 3, 2, "any", "25"),
    "contract": load_variant("contract"),
}
"""Variants whose melds may hold equal faces, for the solver tests."""


@contextmanager
def split_from(cards: int, variants: Iterable[Variant]) -> Iterator[None]:
    """Split the runs of hands, and bound the searches of best_opening, from
    ``cards`` cards on (and start and end with the ``variants``' caches empty)."""
    variants = list(variants)
    for variant in variants:
        clear_caches(variant)
    with (
        mock.patch.object(search_limits, "SPLIT_FROM", cards),
        mock.patch.object(search_limits, "OPENING_BOUND_FROM", cards),
        mock.patch.object(search_limits, "OPENING_BOUND_FROM_WITH_JOKERS", cards),
    ):
        yield
    for variant in variants:
        clear_caches(variant)


def answers(variant: Variant, hand: list[Card], forced: Card) -> tuple[object, ...]:
    opening = best_opening(variant, hand, minimum=0)
    with_card = best_opening(variant, hand, minimum=0, must_use=forced)
    out = [
        can_go_out(variant, hand, keep_discard=keep, must_open=must) is not None
        for keep in (None, True, False)
        for must in (False, True)
    ]
    opens = [
        can_open_with(
            variant,
            hand,
            forced,
            opening=opening_rules,
            not_discardable=[forced],
            demands=rules_of(variant).hand,
        )
        for opening_rules in (True, False)
    ]
    return (
        None if opening is None else opening.points,
        None if with_card is None else with_card.points,
        least_penalty(variant, hand).penalty,
        *out,
        *opens,
    )
