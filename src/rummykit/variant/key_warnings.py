"""The warnings of ``check-variant``: the keys of a variant that load but do
nothing (deprecated, or idle given the other keys)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

import attrs

from rummykit.variant.ruleset import Variant
from rummykit.variant.sections import (
    DEPRECATED,
    Knock,
    Match,
    schema_keys,
)

__all__ = [
    "KeyWarning",
    "variant_warnings",
]


# --------------------------------------------------------------------------- warnings


@attrs.frozen(slots=True)
class KeyWarning:
    """A key that loads but does nothing: its path and one sentence saying why."""

    path: str
    message: str
    inherited_from: str = ""
    """The file that set the key where that is not the file loaded (a
    parent's, through ``meta.extends``); empty where the file loaded set it."""

    @property
    def where(self) -> str:
        """The key path, and the parent file it came from if it came from one."""
        return f"{self.path} (inherited from {self.inherited_from})" if self.inherited_from else self.path

    def __str__(self) -> str:
        return f"warning: {self.where}: {self.message}"


def _set(section: Any, name: str) -> bool:
    """Does this key hold another value than its default (so a file set it)?"""
    field = attrs.fields_dict(type(section))[name]
    return bool(getattr(section, name) != field.default)


def _idle(section: Any, path: str, names: tuple[str, ...], why: str) -> list[KeyWarning]:
    return [KeyWarning(f"{path}.{n}", f"does nothing {why}.") for n in names if _set(section, n)]


def _deprecated_warnings(variant: Variant) -> list[KeyWarning]:
    out = []
    for path, entry in DEPRECATED.items():
        node: Any = variant.resolved
        for part in path.split("."):
            node = node.get(part) if isinstance(node, Mapping) else None
        if node is not None:
            shown = json.dumps(entry.value)
            sentence = f"is deprecated: {entry.rule}, always; it accepts only {shown}, so leave it out."
            out.append(KeyWarning(path, sentence))
    return out


def _draw_warnings(variant: Variant) -> list[KeyWarning]:
    draw, deal = variant.draw, variant.deal
    out = []
    if not draw.discard_deep:
        out += _idle(
            draw,
            "draw",
            ("deep_takes_cards_above", "deep_chosen_card_use"),
            "while `draw.discard_deep` is false",
        )
    if not draw.from_discard_top:
        out += _idle(
            draw,
            "draw",
            ("discard_top_condition", "free_pickup_first_draw_round", "pickup_natural_partners"),
            "while `draw.from_discard_top` is false",
        )
    elif draw.discard_top_condition == "none":
        out += _idle(
            draw,
            "draw",
            ("free_pickup_first_draw_round", "pickup_natural_partners"),
            'while `draw.discard_top_condition` is "none"',
        )
    elif draw.discard_top_condition == "opening_use":
        out += _idle(
            draw,
            "draw",
            ("pickup_natural_partners",),
            'while `draw.discard_top_condition` is "opening_use" (the card goes into the opening)',
        )
    if not deal.exchange_card:
        out += _idle(
            draw,
            "draw",
            ("exchange_swap_first_draw_round", "exchange_as_draw"),
            "while `deal.exchange_card` is false (there is no exchange card)",
        )
    return out


_HAND_RUMMY_SCORES = ("hand_rummy_winner_score", "hand_rummy_multiplier", "hand_rummy_self_multiplier")


def _deal_warnings(variant: Variant, jokers: bool) -> list[KeyWarning]:
    deal = variant.deal
    ceremony = ("cut_joker_ceremony", "cut_joker_order", "cut_joker_reduces_deal")
    if not deal.exchange_card:
        why = "while `deal.exchange_card` is false (there is no cut)"
        return _idle(variant.seating, "seating", ("cutter",), why) + _idle(deal, "deal", ceremony, why)
    if not deal.cut_joker_ceremony:
        return _idle(deal, "deal", ceremony[1:], "while `deal.cut_joker_ceremony` is false")
    if not jokers:
        return _idle(deal, "deal", ceremony, "when no deck band has jokers")
    return []


def _joker_warnings(variant: Variant, jokers: bool) -> list[KeyWarning]:
    melds, swap = variant.melds, variant.swap
    swap_keys = (
        "allowed",
        "requires_opened",
        "set_min_naturals",
        "relay",
        "relay_targets",
        "in_hand_rummy_turn",
        "set_release",
    )
    if not jokers:
        why = "when no deck band has jokers"
        joker_keys = (
            "max_jokers_per_meld",
            "jokers_vs_naturals",
            "joker_placement",
            "set_joker_suit",
            "ambiguous_kind",
        )
        out = _idle(melds, "melds", joker_keys, why)
        out += _idle(variant.discard, "discard", ("jokers",), why)
        out += _idle(variant.values.hand, "values.hand", ("joker",), why)
        return out + _idle(swap, "swap", swap_keys, why)
    if melds.max_jokers_per_meld == 0:
        why = "while `melds.max_jokers_per_meld` is 0 (no meld holds a joker)"
        limits = ("jokers_vs_naturals", "joker_placement", "set_joker_suit", "ambiguous_kind")
        return _idle(melds, "melds", limits, why) + _idle(swap, "swap", swap_keys, why)
    out = []
    if melds.max_jokers_per_meld + 1 < min(melds.set_min, melds.run_min):
        why = "while `melds.max_jokers_per_meld` is too small for a meld of one natural card and jokers"
        out += _idle(melds, "melds", ("ambiguous_kind",), why)
    if not swap.allowed:
        out += _idle(swap, "swap", swap_keys[1:], "while `swap.allowed` is false")
    elif swap.set_release == "all_missing_suits":
        why = 'while `swap.set_release` is "all_missing_suits"'
        out += _idle(swap, "swap", ("set_min_naturals",), why)
    return out


def _opening_and_scoring_warnings(variant: Variant) -> list[KeyWarning]:
    opening, scoring = variant.opening, variant.scoring
    out = []
    if opening.open_at_deal:
        why = "while `opening.open_at_deal` is true (every seat has opened from the deal)"
        out += _idle(
            opening,
            "opening",
            ("min_points", "require_pure_run", "pure_run_min", "waived_for_hand_rummy", "layoff_opens"),
            why,
        )
        why = "while `opening.open_at_deal` is true (nobody opens, so nobody goes out in a hand rummy)"
        out += _idle(scoring, "scoring", _HAND_RUMMY_SCORES, why)
        out += _idle(variant.layoff, "layoff", ("in_hand_rummy_turn",), why)
        out += _idle(variant.swap, "swap", ("in_hand_rummy_turn",), why)
    if opening.kind == "contract":
        why = 'while `opening.kind` is "contract" (going down is not opening: no hand rummy)'
        out += _idle(scoring, "scoring", _HAND_RUMMY_SCORES, why)
    layoff = variant.layoff
    if layoff.requires_opened:
        why = "while `layoff.requires_opened` is true (only a turn that opens or has opened lays off)"
        out += _idle(opening, "opening", ("layoff_opens",), why)
    if not opening.require_pure_run:
        out += _idle(opening, "opening", ("pure_run_min",), "while `opening.require_pure_run` is false")
    if scoring.method == "winner_collects":
        out += _idle(
            scoring,
            "scoring",
            ("winner_score", "hand_rummy_winner_score", "hand_rummy_multiplier", "not_opened_flat"),
            'under `scoring.method = "winner_collects"` (the winner collects, the others score 0)',
        )
    elif scoring.method == "table_minus_hand":
        out += _idle(scoring, "scoring", ("not_opened_flat",), 'under `scoring.method = "table_minus_hand"`')
    elif scoring.hand_rummy_winner_score in (0, "computed"):
        # Who goes out holds no card: under hand_penalty a hand rummy scores
        # 0 for him, and 0 times any multiplier is 0.
        out += _idle(
            scoring,
            "scoring",
            ("hand_rummy_self_multiplier",),
            'when the hand-rummy player scores 0 (`scoring.method = "hand_penalty"`, '
            '`scoring.hand_rummy_winner_score` 0 or "computed")',
        )
    return out


def _stock_warnings(variant: Variant) -> list[KeyWarning]:
    stock = variant.stock_exhausted
    if stock.action == "wall":
        return _idle(stock, "stock_exhausted", ("reshuffle",), 'while `stock_exhausted.action` is "wall"')
    if stock.max_reshuffles == 0:
        return _idle(stock, "stock_exhausted", ("reshuffle",), "while `stock_exhausted.max_reshuffles` is 0")
    return []


def _match_warnings(variant: Variant) -> list[KeyWarning]:
    match = variant.match
    if match.target:
        why = "while `match.target` ends the match on a score"
    elif match.end_when_total_exceeds:
        why = "while `match.end_when_total_exceeds` ends the match on a score"
    else:
        return _elimination_warnings(match)
    found = _idle(match, "match", ("rounds", "rounds_options"), why)
    return found + _idle(match, "match", ("eliminate_above", "buy_back"), why)


def _elimination_warnings(match: Match) -> list[KeyWarning]:
    if match.rounds == "until_one_left":
        return _idle(match, "match", ("rounds_options",), 'while `match.rounds = "until_one_left"`')
    return _idle(match, "match", ("eliminate_above", "buy_back"), 'unless `match.rounds = "until_one_left"`')


def _buy_and_shift_warnings(variant: Variant, jokers: bool) -> list[KeyWarning]:
    out = []
    if not variant.buy.allowed:
        out += _idle(variant.buy, "buy", ("penalty_cards", "limit"), "while `buy.allowed` is false")
    if not jokers:
        out += _idle(variant.melds, "melds", ("wild_shift",), "when no deck band has jokers")
    if not variant.knock.allowed:
        keys = tuple(a.name for a in attrs.fields(Knock) if a.name != "allowed")
        out += _idle(variant.knock, "knock", keys, "while `knock.allowed` is false")
    return out


def _leaving_and_upcard_warnings(variant: Variant) -> list[KeyWarning]:
    """The fold's and the declaration's keys while they are not allowed, the
    indicator's factor without a suit, the upcard's take limit with no take."""
    out = []
    if not variant.drop.allowed:
        out += _idle(variant.drop, "drop", ("first", "middle"), "while `drop.allowed` is false")
    if not variant.declare.allowed:
        keys = ("wrong_penalty", "wrong_show")
        out += _idle(variant.declare, "declare", keys, "while `declare.allowed` is false")
    multiplier = variant.deal.indicator.multiplier
    if multiplier.suit == "none":
        why = 'while `deal.indicator.multiplier.suit` is "none"'
        out += _idle(multiplier, "deal.indicator.multiplier", ("factor",), why)
    draw = variant.draw
    if not draw.from_discard_top and not draw.discard_deep:
        why = "while no discard may be taken (`draw.from_discard_top` and `draw.discard_deep` false)"
        out += _idle(draw, "draw", ("max_upcard_takes",), why)
    return out


def variant_warnings(variant: Variant) -> list[KeyWarning]:
    """The keys of ``variant`` that load but do nothing: a deprecated key, or a
    key set to another value than its default where the other keys make it
    idle (a deep-pickup key with deep pickup off, a joker key with no jokers,
    ...). One warning per key path, in the order of the schema.

    >>> from rummykit.variant.loading import load_variant, loads_variant
    >>> [str(w) for w in variant_warnings(load_variant("rami51"))]
    []
    >>> child = loads_variant('''
    ... [meta]
    ... id = "deep"
    ... name = "Deep keys, deep pickup off"
    ... extends = "rami51"
    ... [draw]
    ... deep_takes_cards_above = true
    ... ''')
    >>> print(*variant_warnings(child))
    warning: draw.deep_takes_cards_above: does nothing while `draw.discard_deep` is false.
    """
    jokers = any(band.jokers or any(band.joker_options) for band in variant.deck.by_players)
    found = _deprecated_warnings(variant) + _draw_warnings(variant) + _deal_warnings(variant, jokers)
    found += _joker_warnings(variant, jokers) + _opening_and_scoring_warnings(variant)
    found += _match_warnings(variant) + _buy_and_shift_warnings(variant, jokers) + _stock_warnings(variant)
    found += _leaving_and_upcard_warnings(variant)
    order = {path: i for i, path in enumerate(schema_keys(deprecated=True))}
    unique = {w.path: w for w in reversed(found)}  # the first reason found for a path wins
    origins = dict(variant.origins)
    named = [
        attrs.evolve(w, inherited_from=_parent_file(origins, w.path, variant.source)) for w in unique.values()
    ]
    return sorted(named, key=lambda w: order.get(w.path, len(order)))


def _parent_file(origins: Mapping[str, str], path: str, loaded: str) -> str:
    """The file that set key ``path`` (or its nearest table) where that is not
    the file ``loaded``; empty where it is, or where nothing is known."""
    while path:
        if path in origins:
            return "" if origins[path] == loaded else origins[path]
        path = path.rpartition(".")[0]
    return ""
