"""Checks across keys that every turn of a variant has a legal move: rules
that load key by key but would leave a seat with nothing it may do.

- A turn draws: the stock top or the top discard must be open to it, and
  a variant that never draws from the stock needs a discard from the
  start (``deal.flip_first_discard``), no gin first upcard (after two
  passes it is drawn from the stock) and a take that is never refused (no
  condition on the top discard, no duty to meld it, no ban on throwing it
  back, which refuses a take that would leave only its twin to throw). A first upcard is
  offered to be taken: it needs takes of the top discard.
- A wall (``stock_exhausted.action = "wall"``) ends the round with a knock
  or a pass at the wall: it needs ``knock.allowed``; and the deal must
  leave more cards in the stock than the wall.
- A card that must be melded the turn it is taken needs melds during play;
  and as a take is judged on that meld alone, not on going out or down in
  the same turn, it cannot be combined with an opening turn that must go
  out (``going_out.in_opening_turn = "required"``), with a last card that
  may not be thrown (``going_out.final_discard = "forbidden"``) or with
  contracts (a take the hand could meld but not go out or down with, or
  that left one card, left a turn that could not end).
- Wild deuces and a deal's wild rank are two wild ranks: one at most.
- A first turn without a draw needs two cards where the last card is never
  thrown: one card alone could be neither melded nor discarded.

>>> from rummykit.core.errors import VariantError
>>> from rummykit.variant.loading import loads_variant
>>> try:
...     loads_variant('''
... [meta]
... id = "no_draw"
... name = "Nothing to draw"
... extends = "rami51"
... [draw]
... from_stock = false
... from_discard_top = false
... ''')
... except VariantError as error:
...     print(*(problem.path for problem in error.problems))
draw.from_stock
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from rummykit.variant.sections import Deal, DeckBand, Players

__all__ = ["band_deals", "band_tables", "play_problems"]


def band_tables(bands: Sequence[DeckBand], players: Players) -> Iterator[tuple[int, DeckBand, int]]:
    """Each deck band a table of the variant may use (its range meets
    ``players``' range), with its index and the most players a table seats
    with it (its range cut to ``players.max``)."""
    for i, band in enumerate(bands):
        if band.players[0] <= players.max and band.players[1] >= players.min:
            yield i, band, min(band.players[1], players.max)


def band_deals(
    deal: Deal, bands: Sequence[DeckBand], players: Players, hand_size: int | None = None
) -> Iterator[tuple[str, int, int, int]]:
    """For each deck band and each joker count a table may choose: the key
    that sets the band's hand size, the most players of the band's tables
    (:func:`band_tables`), the cards of its deck and the cards the deal
    takes from it: the hands (the first player's extra included) and the
    cards set aside (the first discard, the exchange card, an indicator
    set aside); the rest is the stock. ``hand_size``: a contract deal's, in
    place of the band's or the deal's."""
    aside = deal.flip_first_discard + deal.exchange_card + (deal.indicator.card == "cut_aside")
    for i, band, seated in band_tables(bands, players):
        path = f"deck.by_players[{i}].hand_size" if band.hand_size else "deal.hand_size"
        dealt = (hand_size or band.hand_size or deal.hand_size) * seated + deal.first_player_extra + aside
        for jokers in (band.jokers, *band.joker_options):
            yield path, seated, band.decks * 52 + jokers, dealt


def play_problems(sections: dict[str, Any]) -> list[tuple[str, str, str]]:
    """The problems of ``sections`` (a variant's sections, read) that would
    leave a turn with no legal move, as (key path, expected, got)."""
    found = [*_draw_problems(sections), *_wall_problems(sections), *_meld_problems(sections)]
    return found + _first_turn_problems(sections)


def _draw_problems(s: dict[str, Any]) -> list[tuple[str, str, str]]:
    draw, deal = s["draw"], s["deal"]
    if not draw.from_discard_top and deal.first_upcard != "none":
        expected = '"none" while draw.from_discard_top is false (the first upcard is offered to be taken)'
        return [("deal.first_upcard", expected, repr(deal.first_upcard))]
    if not deal.flip_first_discard and deal.first_upcard != "none":
        expected = '"none" while deal.flip_first_discard is false (no upcard is turned to be offered)'
        return [("deal.first_upcard", expected, repr(deal.first_upcard))]
    if draw.from_stock:
        return []
    why = "while draw.from_stock is false (a turn whose take is refused has nothing to draw)"
    condition, use = draw.discard_top_condition, draw.top_card_use
    if condition != "none":
        return [("draw.discard_top_condition", f'"none" {why}', repr(condition))]
    if use != "none":
        return [("draw.top_card_use", f'"none" {why}', repr(use))]
    if not draw.from_discard_top:
        return [("draw.from_stock", "true while draw.from_discard_top is false (a turn draws)", "false")]
    if not deal.flip_first_discard:
        expected = "true unless deal.flip_first_discard is true (the first turn has no discard to take)"
        return [("draw.from_stock", expected, "false")]
    if deal.first_upcard != "none":
        expected = "true while deal.first_upcard is set (after two passes the stock is drawn)"
        return [("draw.from_stock", expected, "false")]
    if draw.no_discard_of_taken_card and _twins(s["deck"].by_players):
        # the last card in hand may be the taken card's twin, which may not be thrown: the take is refused
        return [("draw.no_discard_of_taken_card", f"false {why}, with a deck of twins", "true")]
    return []


def _twins(bands: Sequence[DeckBand]) -> bool:
    """Does some band's deck hold two cards of one face (two decks, two jokers)?"""
    return any(band.decks > 1 or max((band.jokers, *band.joker_options)) > 1 for band in bands)


def _first_turn_problems(s: dict[str, Any]) -> list[tuple[str, str, str]]:
    """A first turn without a draw from a hand of one card: that card can be
    neither melded nor, where the last card is never discarded, thrown."""
    deal = s["deal"]
    if s["turn"].first_turn_draws or s["going_out"].final_discard != "forbidden":
        return []
    for i, band, _ in band_tables(s["deck"].by_players, s["players"]):
        first = (band.hand_size or deal.hand_size) + deal.first_player_extra
        if first < 2:
            path = f"deck.by_players[{i}].hand_size" if band.hand_size else "deal.hand_size"
            expected = (
                "a first hand of at least 2 cards while turn.first_turn_draws is false and"
                ' going_out.final_discard is "forbidden" (one card can be neither melded nor thrown)'
            )
            return [(path, expected, f"{first} card")]
    return []


def _wall_problems(s: dict[str, Any]) -> list[tuple[str, str, str]]:
    exhausted = s["stock_exhausted"]
    if exhausted.action != "wall":
        return []
    if not s["knock"].allowed:
        expected = '"reshuffle_discard_except_top" while knock.allowed is false'
        return [("stock_exhausted.action", f"{expected} (the wall ends with a knock or a pass)", '"wall"')]
    deal, wall = s["deal"], exhausted.wall_size
    for path, seated, size, dealt in band_deals(deal, s["deck"].by_players, s["players"]):
        stock = size - dealt
        if stock <= wall:
            expected = f"a deal that leaves more than the wall's {wall} cards in the stock"
            return [(path, expected, f"a stock of {max(stock, 0)} for {seated} players")]
    return []


def _take_duties(draw: Any) -> list[tuple[str, str]]:
    """The keys of ``draw`` that oblige a seat to meld the discard it takes
    in the same turn, each with its value as written: (key path, value).
    (``draw.pickup_natural_partners`` acts only with the condition
    ``"handromi"``, which is the duty.)"""
    top, deep, condition = draw.top_card_use, draw.deep_chosen_card_use, draw.discard_top_condition
    takes = draw.from_discard_top  # a duty of a take that never happens is idle
    duties = (
        ("draw.top_card_use", takes and top != "none", repr(top)),
        ("draw.deep_chosen_card_use", deep != "none" and draw.discard_deep, repr(deep)),
        ("draw.discard_top_condition", takes and condition in ("opening_use", "handromi"), repr(condition)),
    )
    return [(path, got) for path, set_, got in duties if set_]


_DUTY_CONFLICTS = (
    ("in_opening_turn", "required", '"allowed"', "the hand going out in the same turn"),
    (
        "final_discard",
        "forbidden",
        '"required" or "optional"',
        "the one card it may leave, which may not be thrown",
    ),
)
"""The going_out keys a take duty cannot go with: (key, its value at odds,
the values it may have, what the take is not judged on)."""


def _meld_problems(s: dict[str, Any]) -> list[tuple[str, str, str]]:
    duties, out = _take_duties(s["draw"]), []
    if not s["melds"].during_play:
        why = "no duty to meld a taken card while melds.during_play is false"
        out += [(path, why, got) for path, got in duties]
    going_out = s["going_out"]
    for key, value, allowed, not_judged in _DUTY_CONFLICTS:
        if duties and getattr(going_out, key) == value:
            expected = (
                f"{allowed} while a taken discard must be melded that turn ({duties[0][0]}): a take is"
                f" judged on its meld, not on {not_judged}"
            )
            out.append((f"going_out.{key}", expected, f'"{value}"'))
    if s["opening"].kind == "contract":
        why = (
            'no duty to meld a taken card while opening.kind is "contract" (a take is judged'
            " on its meld, not on going down to the contract)"
        )
        out += [(path, why, got) for path, got in duties]
    if s["deck"].wild_deuces and s["deal"].indicator.wild != "none":
        out.append(("deck.wild_deuces", 'false while deal.indicator.wild is "rank" (one wild rank)', "true"))
    return out
