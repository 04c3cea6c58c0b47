"""The Variant model: every rule of a rummy variant, read from one TOML file.

A variant file has one table per part of the game (``[deal]``, ``[melds]``,
``[opening]`` …); ``docs/writing-a-variant.md`` lists every key. A file may
``extends`` another (a bundled id, or a path inside its own folder) and then
names only what it changes. Every problem of a file is reported at once, in one
:class:`~rummykit.core.errors.VariantError`, each with the key path, what was
expected and what was found.

>>> variant = load_variant("rami51")
>>> variant.opening.min_points, len(variant.deck_for(players=4))
(51, 108)
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import re
import sys
from collections import Counter
from collections.abc import Iterable, Mapping
from importlib import resources
from pathlib import Path
from types import MappingProxyType
from typing import Any, Literal

import attrs

from rummykit.core.cards import JOKER_CODE, Card, build_deck, parse_cards
from rummykit.core.errors import Problem, Refusal, VariantError
from rummykit.core.files import MAX_NESTING, UnreadableFile, deepest_nesting, read_text_file
from rummykit.core.melds import MeldRules, install_meld_rules_loader
from rummykit.core.toml_schema import (
    MISSING,
    boolean,
    choice,
    describe,
    identifier,
    int_list,
    int_or,
    int_range,
    integer,
    nearest,
    read_section,
    spec_of,
    text,
    text_list,
    unknown_key,
)
from rummykit.core.values import HandValues, TableValues

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - exercised on Python 3.10 only
    import tomli as tomllib

__all__ = [
    "DEPRECATED",
    "MAX_DECKS",
    "MAX_EXTENDS",
    "MAX_HAND_SIZE",
    "MAX_JOKERS",
    "MAX_PLAYERS",
    "DeckBand",
    "Deprecated",
    "KeyWarning",
    "Variant",
    "as_variant",
    "bundled_variants",
    "freeze",
    "load_variant",
    "loads_variant",
    "schema_keys",
    "schema_tables",
    "suggest_key",
    "thaw",
    "variant_from_rules",
    "variant_warnings",
]


# --------------------------------------------------------------------------- limits

# What a real table can hold. Every count in a variant file is bounded, so no
# file can make the library loop for ever or exhaust memory
# (docs/writing-a-variant.md, "Limits").
MAX_PLAYERS = 12
MAX_DECKS = 8
MAX_JOKERS = 32
MAX_OPTIONS = 8  # entries of joker_options and rounds_options
MAX_HAND_SIZE = 30
MAX_FIRST_PLAYER_EXTRA = 10
MAX_SET_SIZE = 16
MAX_OPENING_POINTS = 1000
MAX_SCORE = 10_000  # flat scores and the winner's score, either sign
MAX_MULTIPLIER = 10
MAX_RESHUFFLES = 100
MAX_TURN_CAP = 10_000
MAX_ROUNDS = 100
MAX_EXTENDS = 16
MAX_CONTRACT_MELDS = 6  # melds one contract may ask for
"""The longest chain of ``extends``: a file, its parent, ... 16 files in all."""


# --------------------------------------------------------------------------- sections


@attrs.frozen(slots=True)
class Meta:
    id: str = identifier(doc="identifier, lower case, as used on the command line; not a bundled id")
    name: str = text(doc="the variant's name for people")
    seed: str = text("", doc="the rule text the variant follows, in words (a child does not inherit it)")
    extends: str = text(
        "",
        doc="a parent variant (bundled id, or path inside this file's folder) whose keys this file overrides",
    )


@attrs.frozen(slots=True)
class Players:
    min: int = integer(minimum=1, maximum=MAX_PLAYERS, doc="fewest players")
    max: int = integer(minimum=1, maximum=MAX_PLAYERS, doc="most players")


@attrs.frozen(slots=True)
class DeckBand:
    players: tuple[int, int] = int_range(
        minimum=1, maximum=MAX_PLAYERS, doc="the player counts this band covers"
    )
    decks: int = integer(minimum=1, maximum=MAX_DECKS, doc="52-card French decks")
    jokers: int = integer(0, minimum=0, maximum=MAX_JOKERS, doc="jokers by default")
    joker_options: tuple[int, ...] = int_list(
        (), maximum=MAX_JOKERS, max_items=MAX_OPTIONS, doc="other joker counts a table may choose"
    )
    hand_size: int = integer(
        0, minimum=0, maximum=MAX_HAND_SIZE, doc="cards dealt to each seat for this band (0: deal.hand_size)"
    )


@attrs.frozen(slots=True)
class Deck:
    by_players: tuple[DeckBand, ...] = attrs.field(kw_only=True)
    wild_deuces: bool = boolean(
        False, doc="every deuce is wild or natural, as its player declares (2h=8c); 15 in the hand"
    )


@attrs.frozen(slots=True)
class Seating:
    direction: Literal["clockwise", "counterclockwise"] = choice(
        "clockwise", "clockwise", "counterclockwise", doc="direction of play, dealing, rotation"
    )
    first_dealer: Literal["random"] = choice("random", "random", doc="how the first dealer is chosen")
    dealer_rotation: Literal["next_in_direction"] = choice(
        "next_in_direction", "next_in_direction", doc="who deals the next round"
    )
    first_player: Literal["next_after_dealer"] = choice(
        "next_after_dealer", "next_after_dealer", doc="who plays first"
    )
    cutter: Literal["none", "left_of_dealer", "right_of_dealer"] = choice(
        "none", "none", "left_of_dealer", "right_of_dealer", doc="who cuts the pack (none: nobody cuts)"
    )


@attrs.frozen(slots=True)
class Deal:
    hand_size: int = integer(minimum=1, maximum=MAX_HAND_SIZE, doc="cards dealt to every seat")
    first_player_extra: int = integer(
        0, minimum=0, maximum=MAX_FIRST_PLAYER_EXTRA, doc="extra cards for the first player"
    )
    flip_first_discard: bool = boolean(False, doc="turn up a card to start the discard pile")
    exchange_card: bool = boolean(False, doc="set a face-up exchange card aside at the cut")
    cut_joker_ceremony: bool = boolean(False, doc="jokers at the bottom of the cut are handed out")
    cut_joker_order: Literal["none", "cutter_dealer_then_left_from_cutter"] = choice(
        "none", "none", "cutter_dealer_then_left_from_cutter", doc="who receives cut jokers"
    )
    cut_joker_reduces_deal: bool = boolean(False, doc="a cut joker replaces one dealt card")
    first_upcard: Literal["none", "offer_both_then_stock"] = choice(
        "none",
        "none",
        "offer_both_then_stock",
        doc="the first upcard is offered to each seat in turn (take or pass), then the first player draws",
    )


@attrs.frozen(slots=True)
class Turn:
    first_turn_draws: bool = boolean(True, doc="false: the first player's first turn has no draw")
    discards_per_turn: int = integer(1, minimum=1, maximum=1, doc="cards discarded to end a turn")


@attrs.frozen(slots=True)
class Draw:
    from_stock: bool = boolean(True, doc="the top stock card may be drawn")
    from_discard_top: bool = boolean(True, doc="the top discard may be taken")
    discard_top_condition: Literal["none", "handromi", "opening_use"] = choice(
        "none", "none", "handromi", "opening_use", doc="conditions on taking the top discard"
    )
    free_pickup_first_draw_round: bool = boolean(
        False, doc="the pickup condition does not apply in the first drawing round"
    )
    pickup_natural_partners: int = integer(
        0, minimum=0, maximum=MAX_SET_SIZE, doc="natural hand cards a taken discard must be melded with"
    )
    discard_deep: bool = boolean(False, doc="a card below the top of the discard row may be chosen")
    deep_takes_cards_above: bool = boolean(False, doc="a deep choice takes every card above it")
    deep_chosen_card_use: Literal["none", "new_meld_same_turn", "meld_or_layoff_same_turn"] = choice(
        "none",
        "none",
        "new_meld_same_turn",
        "meld_or_layoff_same_turn",
        doc="obligation on the chosen deep card",
    )
    top_card_use: Literal["none", "meld_or_layoff_same_turn"] = choice(
        "none",
        "none",
        "meld_or_layoff_same_turn",
        doc="the taken top discard must be melded or laid off this turn",
    )
    no_discard_of_taken_card: bool = boolean(
        False, doc="the card taken from the discards may not be discarded this turn"
    )
    discard_visibility: Literal["top", "all"] = choice(
        "top", "top", "all", doc="which discards a seat's view shows"
    )
    exchange_swap_first_draw_round: bool = boolean(
        False, doc="a hand card may be swapped with the exchange card in the first drawing round"
    )
    exchange_as_draw: Literal["never", "hand_rummy_only"] = choice(
        "never", "never", "hand_rummy_only", doc="when the exchange card may be the turn's draw"
    )
    max_upcard_takes: int = integer(
        0,
        minimum=0,
        maximum=MAX_TURN_CAP,
        doc="this many takes of the upcard end the round as a draw (0 = off)",
    )
    repeat_take_discard_draws: bool = boolean(
        False, doc="two turns in a row that take the upcard and discard it end the round as a draw"
    )


@attrs.frozen(slots=True)
class Melds:
    set_min: int = integer(3, minimum=2, maximum=MAX_SET_SIZE, doc="fewest cards in a set")
    set_max: int = integer(4, minimum=2, maximum=MAX_SET_SIZE, doc="most cards in a set")
    set_distinct_suits: bool = boolean(True, doc="the natural cards of a set differ in suit")
    run_min: int = integer(3, minimum=2, maximum=13, doc="fewest cards in a run")
    run_max: int = integer(
        13, minimum=2, maximum=14, doc="most cards in a run (14: ace to ace, two aces, with both ace keys)"
    )
    ace_low: bool = boolean(True, doc="A-2-3 is a run")
    ace_high: bool = boolean(True, doc="Q-K-A is a run")
    run_wrap: bool = boolean(False, doc="K-A-2 is a run (only false is supported)")
    max_jokers_per_meld: int = integer(1, minimum=0, maximum=MAX_SET_SIZE, doc="jokers allowed in one meld")
    jokers_vs_naturals: Literal["any", "not_more", "fewer"] = choice(
        "any", "any", "not_more", "fewer", doc="jokers of a meld against its natural cards"
    )
    joker_placement: Literal["lowest_value", "declared"] = choice(
        "lowest_value", "lowest_value", "declared", doc="what a joker at an open run end stands for"
    )
    set_joker_suit: Literal["any_missing", "bound"] = choice(
        "any_missing", "any_missing", "bound", doc="what suit a set joker stands for"
    )
    ambiguous_kind: Literal["set", "run"] = choice(
        "set", "set", "run", doc="what one natural card with jokers and no declaration is"
    )
    rearrange_table: bool = boolean(False, doc="table melds may be rearranged (only false is supported)")
    new_after_opening: bool = boolean(
        True, doc="false: a player who has opened (gone down) lays no new meld in a later turn"
    )
    wild_shift: bool = boolean(
        False, doc="a run's joker may be pushed to an open end by the natural card it stands for (shift)"
    )
    during_play: bool = boolean(
        True, doc="false: nobody melds or lays off in a turn; melds come only after a knock"
    )


@attrs.frozen(slots=True)
class Opening:
    min_points: int = integer(
        0, minimum=0, maximum=MAX_OPENING_POINTS, doc="minimum table value of the opening"
    )
    counts: Literal["new_melds_this_turn"] = choice(
        "new_melds_this_turn", "new_melds_this_turn", doc="what counts toward the minimum"
    )
    require_pure_run: bool = boolean(False, doc="the opening needs a run without a joker")
    pure_run_min: int = integer(3, minimum=2, maximum=13, doc="cards in that pure run")
    waived_for_hand_rummy: bool = boolean(False, doc="going out in the opening turn waives it")
    layoff_same_turn: bool = boolean(True, doc="lay-offs and swaps may follow the opening in its turn")
    open_at_deal: bool = boolean(
        False, doc="every seat counts as opened from the deal (no opening, no hand rummy)"
    )
    kind: Literal["points", "contract"] = choice(
        "points",
        "points",
        "contract",
        doc="what an opening must be: points and a pure run, or the deal's contract",
    )


@attrs.frozen(slots=True)
class Layoff:
    requires_opened: bool = boolean(True, doc="lay-offs only after opening")
    targets: Literal["any_meld"] = choice("any_meld", "any_meld", doc="which melds take lay-offs")
    in_hand_rummy_turn: bool = boolean(False, doc="a hand-rummy player may lay off")


RELAY_TARGETS = ("new_meld", "layoff_jokerless")


@attrs.frozen(slots=True)
class Swap:
    allowed: bool = boolean(False, doc="jokers may be swapped out of table melds")
    requires_opened: bool = boolean(True, doc="only a player who has opened may swap")
    set_min_naturals: int = integer(
        0, minimum=0, maximum=MAX_SET_SIZE, doc="naturals a set needs before its joker leaves"
    )
    relay: Literal["mandatory", "if_possible", "none"] = choice(
        "mandatory",
        "mandatory",
        "if_possible",
        "none",
        doc="must the swapped joker be laid again this turn",
    )
    relay_targets: tuple[str, ...] = text_list(
        RELAY_TARGETS, *RELAY_TARGETS, doc="where the swapped joker may be laid again"
    )
    in_hand_rummy_turn: bool = boolean(False, doc="a hand-rummy player may swap")
    set_release: Literal["one_card", "all_missing_suits"] = choice(
        "one_card",
        "one_card",
        "all_missing_suits",
        doc="how a set's joker leaves: one natural card, or every missing suit in one move",
    )


@attrs.frozen(slots=True)
class Buy:
    allowed: bool = boolean(False, doc="a seat not to move may buy the upcard the player in turn left")
    penalty_cards: int = integer(
        1, minimum=0, maximum=MAX_FIRST_PLAYER_EXTRA, doc="top stock cards a buyer takes with the upcard"
    )
    limit: int = integer(0, minimum=0, maximum=MAX_TURN_CAP, doc="buys per seat and deal (0 = no limit)")


@attrs.frozen(slots=True)
class ContractDeal:
    hand_size: int = integer(minimum=1, maximum=MAX_HAND_SIZE, doc="cards dealt to every seat in this deal")
    sets: int = integer(0, minimum=0, maximum=MAX_CONTRACT_MELDS, doc="sets the contract asks for")
    runs: int = integer(0, minimum=0, maximum=MAX_CONTRACT_MELDS, doc="runs the contract asks for")


@attrs.frozen(slots=True)
class Contract:
    deals: tuple[ContractDeal, ...] = attrs.field(factory=tuple, kw_only=True)


@attrs.frozen(slots=True)
class GoingOut:
    final_discard: Literal["required", "optional"] = choice(
        "required", "required", "optional", doc="must the last card be discarded"
    )


@attrs.frozen(slots=True)
class StockExhausted:
    action: Literal["reshuffle_discard_except_top", "wall"] = choice(
        "reshuffle_discard_except_top",
        "reshuffle_discard_except_top",
        "wall",
        doc="what happens when the stock runs low (wall: play stops at `wall_size` cards)",
    )
    wall_size: int = integer(
        2, minimum=0, maximum=MAX_HAND_SIZE, doc="with action wall: the stock cards never drawn"
    )
    max_reshuffles: int = integer(2, minimum=0, maximum=MAX_RESHUFFLES, doc="reshuffles per round")
    turn_cap: int = integer(300, minimum=1, maximum=MAX_TURN_CAP, doc="the round ends after this many turns")
    blocked_winner: Literal["best_round_score", "none"] = choice(
        "best_round_score", "best_round_score", "none", doc="who wins a blocked round"
    )


@attrs.frozen(slots=True)
class Values:
    table: TableValues = attrs.field(factory=TableValues, kw_only=True)
    hand: HandValues = attrs.field(factory=HandValues, kw_only=True)


@attrs.frozen(slots=True)
class Scoring:
    method: Literal["hand_penalty", "table_minus_hand", "deadwood_difference"] = choice(
        "hand_penalty",
        "hand_penalty",
        "table_minus_hand",
        "deadwood_difference",
        doc="how a round is scored (deadwood_difference: the knocker against the defender)",
    )
    winner_score: int | Literal["computed", "minus_others"] = int_or(
        0,
        "computed",
        "minus_others",
        minimum=-MAX_SCORE,
        maximum=MAX_SCORE,
        doc="round score of the player who went out",
    )
    hand_rummy_winner_score: int | Literal["computed", "minus_others"] = int_or(
        0,
        "computed",
        "minus_others",
        minimum=-MAX_SCORE,
        maximum=MAX_SCORE,
        doc="the same after a hand rummy",
    )
    hand_rummy_multiplier: int = integer(
        1, minimum=1, maximum=MAX_MULTIPLIER, doc="multiplier on the others after a hand rummy"
    )
    hand_rummy_self_multiplier: int = integer(
        1, minimum=1, maximum=MAX_MULTIPLIER, doc="multiplier on the hand-rummy player's own score"
    )
    not_opened_flat: int = integer(
        0, minimum=0, maximum=MAX_SCORE, doc="flat score for a player who never opened (0 = off)"
    )
    table_credit: Literal["placer"] = choice("placer", "placer", doc="whose table points a card earns")


@attrs.frozen(slots=True)
class Match:
    rounds: int | Literal["per_player", "until_one_left"] = int_or(
        "per_player",
        "per_player",
        "until_one_left",
        minimum=1,
        maximum=MAX_ROUNDS,
        doc="rounds in a match (until_one_left: until elimination leaves one seat)",
    )
    rounds_options: tuple[int, ...] = int_list(
        (), minimum=1, maximum=MAX_ROUNDS, max_items=MAX_OPTIONS, doc="other match lengths a table may choose"
    )
    winner: Literal["lowest_total", "highest_total"] = choice(
        "lowest_total", "lowest_total", "highest_total", doc="who wins the match"
    )
    end_when_total_exceeds: int = integer(
        0, minimum=0, maximum=MAX_SCORE, doc="the match ends after a round with a total above this (0 = off)"
    )
    target: int = integer(
        0, minimum=0, maximum=MAX_SCORE, doc="the match ends once a total reaches this (0 = off)"
    )
    eliminate_above: int = integer(
        0, minimum=0, maximum=MAX_SCORE, doc="a seat whose total exceeds this after a deal is out (0 = off)"
    )
    buy_back: Literal["none", "once_at_highest_survivor"] = choice(
        "none", "none", "once_at_highest_survivor", doc="may an eliminated seat buy back in, and how"
    )


@attrs.frozen(slots=True)
class Knock:
    allowed: bool = boolean(False, doc="a player may knock instead of discarding, which ends play")
    max_deadwood: int = integer(
        10, minimum=0, maximum=MAX_OPENING_POINTS, doc="the most deadwood a knocker may keep"
    )
    gin_bonus: int = integer(25, minimum=0, maximum=MAX_SCORE, doc="bonus for knocking with no deadwood")
    undercut_bonus: int = integer(
        25, minimum=0, maximum=MAX_SCORE, doc="bonus against a knocker whose deadwood is not the lower"
    )
    undercut_on_tie: bool = boolean(False, doc="equal deadwood is an undercut too")
    layoff_on_gin: bool = boolean(False, doc="the defender may lay off onto the melds of a gin")
    layoff_chain_per_end: int = integer(
        2, minimum=0, maximum=13, doc="cards the defender may lay off at each end of a knocker's run"
    )


SECTIONS: dict[str, type[Any]] = {
    "meta": Meta,
    "players": Players,
    "deck": Deck,
    "seating": Seating,
    "deal": Deal,
    "turn": Turn,
    "draw": Draw,
    "melds": Melds,
    "opening": Opening,
    "layoff": Layoff,
    "swap": Swap,
    "buy": Buy,
    "contract": Contract,
    "going_out": GoingOut,
    "stock_exhausted": StockExhausted,
    "knock": Knock,
    "values": Values,
    "scoring": Scoring,
    "match": Match,
}
REQUIRED_SECTIONS = ("meta", "players", "deck", "deal")


@attrs.frozen(slots=True)
class Deprecated:
    """A key that can take one value only, so it changes nothing: the loader
    still accepts that value (and refuses any other), ``check-variant`` warns,
    and the docs and saved games leave it out."""

    table: str
    key: str
    value: Any
    rule: str
    """What the engine always does, in words."""

    @property
    def path(self) -> str:
        return f"{self.table}.{self.key}"


DEPRECATED: Mapping[str, Deprecated] = MappingProxyType(
    {
        entry.path: entry
        for entry in (
            Deprecated("seating", "first_dealer", "random", "the first dealer is drawn at random"),
            Deprecated(
                "seating",
                "dealer_rotation",
                "next_in_direction",
                "the deal passes to the next seat in the direction of play",
            ),
            Deprecated(
                "seating", "first_player", "next_after_dealer", "the seat after the dealer plays first"
            ),
            Deprecated("turn", "discards_per_turn", 1, "a turn ends with one discard"),
            Deprecated("melds", "run_wrap", False, "a run never turns the corner (K-A-2)"),
            Deprecated("melds", "rearrange_table", False, "table melds are never split or regrouped"),
            Deprecated(
                "opening",
                "counts",
                "new_melds_this_turn",
                "the opening counts the new melds of its turn together",
            ),
            Deprecated("layoff", "targets", "any_meld", "a card may be laid off onto any meld on the table"),
            Deprecated("scoring", "table_credit", "placer", "a table card scores for the player who laid it"),
        )
    }
)
"""Every deprecated key path, with its one accepted value."""


def _hidden(path: str) -> frozenset[str]:
    """The deprecated keys of one table (``"melds"``, ``"values.table"``)."""
    return frozenset(entry.key for entry in DEPRECATED.values() if entry.table == path)


def _rules_of(section: Any, path: str) -> dict[str, Any]:
    """One section as plain data: every key with its value, deprecated keys left out."""
    out: dict[str, Any] = {}
    for field in attrs.fields(type(section)):
        if spec_of(field) is None or f"{path}.{field.name}" in DEPRECATED:
            continue
        value = getattr(section, field.name)
        if path == "meta" and value == "":
            continue  # an unset seed or extends: not a value a file may write
        out[field.name] = list(value) if isinstance(value, tuple) else value
    return out


def freeze(value: Any) -> Any:
    """A read-only deep copy of TOML data: tables become read-only mappings,
    arrays tuples."""
    if isinstance(value, Mapping):
        return MappingProxyType({key: freeze(item) for key, item in value.items()})
    if isinstance(value, (list, tuple)):
        return tuple(freeze(item) for item in value)
    return value


def thaw(value: Any) -> Any:
    """A plain deep copy (dicts and lists) of frozen data, for JSON."""
    if isinstance(value, Mapping):
        return {key: thaw(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [thaw(item) for item in value]
    return value


# --------------------------------------------------------------------------- the model


@attrs.frozen(slots=True, cache_hash=True)  # the rule components are cached per variant
class Variant:
    """Every rule of one variant, resolved (``extends`` already applied)."""

    meta: Meta
    players: Players
    deck: Deck
    seating: Seating
    deal: Deal
    turn: Turn
    draw: Draw
    melds: Melds
    opening: Opening
    layoff: Layoff
    swap: Swap
    buy: Buy
    contract: Contract
    going_out: GoingOut
    stock_exhausted: StockExhausted
    values: Values
    scoring: Scoring
    match: Match
    knock: Knock = attrs.field(factory=Knock)
    source: str = attrs.field(default="", eq=False, kw_only=True)
    resolved: Mapping[str, Any] = attrs.field(
        factory=dict, converter=freeze, eq=False, repr=False, kw_only=True
    )
    """The resolved rules as read (``extends`` applied): a read-only mapping,
    arrays as tuples. :meth:`resolved_dict` gives a plain copy."""
    meld_rules: MeldRules = attrs.field(init=False, eq=False, repr=False)
    hand_penalties: tuple[int, ...] = attrs.field(init=False, eq=False, repr=False)
    """A card's penalty in the hand, by card code (joker last): ``values.hand``
    as the meld rules count it (a wild deuce as a joker, R-CON-14)."""
    rules_digest: str = attrs.field(init=False, eq=False, repr=False)
    """:meth:`digest`, computed once."""

    def __attrs_post_init__(self) -> None:
        m = self.melds
        rules = MeldRules(
            set_min=m.set_min,
            set_max=m.set_max,
            set_distinct_suits=m.set_distinct_suits,
            run_min=m.run_min,
            run_max=m.run_max,
            ace_low=m.ace_low,
            ace_high=m.ace_high,
            max_jokers=m.max_jokers_per_meld,
            jokers_vs_naturals=m.jokers_vs_naturals,
            joker_placement=m.joker_placement,
            set_joker_suit=m.set_joker_suit,
            ambiguous_kind=m.ambiguous_kind,
            values=self.values.table,
            wild_deuces=self.deck.wild_deuces,
        )
        object.__setattr__(self, "meld_rules", rules)
        object.__setattr__(self, "hand_penalties", rules.hand_penalties(self.values.hand.by_code))
        text = json.dumps(self.full_rules(), sort_keys=True, separators=(",", ":"))
        object.__setattr__(self, "rules_digest", hashlib.sha256(text.encode()).hexdigest())

    @property
    def id(self) -> str:
        return self.meta.id

    @property
    def name(self) -> str:
        return self.meta.name

    def deck_band(self, players: int) -> DeckBand:
        """The deck entry for this player count."""
        self.check_players(players)
        for band in self.deck.by_players:
            if band.players[0] <= players <= band.players[1]:
                return band
        raise ValueError(f"{self.id} has no deck for {players} players")  # checked at load

    def check_players(self, players: int) -> None:
        if not self.players.min <= players <= self.players.max:
            raise ValueError(
                f"{self.id} is played by {self.players.min} to {self.players.max} players, not {players}"
            )

    def joker_count(self, players: int, jokers: int | None = None) -> int:
        """The jokers in play: the default, or a table option the variant offers."""
        band = self.deck_band(players)
        if jokers is None or jokers == band.jokers:
            return band.jokers
        if jokers not in band.joker_options:
            offered = ", ".join(str(j) for j in (band.jokers, *band.joker_options))
            raise ValueError(f"{self.id} with {players} players plays with {offered} jokers, not {jokers}")
        return jokers

    def deck_for(self, players: int, jokers: int | None = None) -> tuple[Card, ...]:
        """Every card dealt for this player count, in canonical order."""
        band = self.deck_band(players)
        return build_deck(band.decks, self.joker_count(players, jokers))

    def deck_refusal(self, cards: str | Iterable[Card | str], players: int | None = None) -> Refusal | None:
        """``card.not-in-deck`` for the first of ``cards`` that the deck for
        ``players`` holds fewer times than ``cards`` name it (without
        ``players``: that no deck of the variant, for any player count, holds
        that many times, card by card), counting the most jokers the variant
        offers; None when the deck holds every one of them. A declared joker
        counts as a joker, a declared deuce as its deuce. A ValueError for a
        player count the variant is not played by. Asked by
        :func:`~rummykit.rules.check_opening` and the command line, never on
        the engine's paths (a round deals only cards of its deck).

        >>> load_variant("gin").deck_refusal("JK 7h 8h").code
        'card.not-in-deck'
        >>> print(load_variant("rami51").deck_refusal("7h 7h 7h", players=2).message)
        The deck of rami51 for 2 players has only 2 of 7h, not 3.
        >>> load_variant("rami51").deck_refusal("7h 7h 7h") is None  # 5 players: three decks
        True
        """
        bands = self.deck.by_players if players is None else (self.deck_band(players),)
        decks = max(band.decks for band in bands)
        jokers = max(max((band.jokers, *band.joker_options)) for band in bands)
        for face, named in Counter(card.face for card in parse_cards(cards)).items():
            held = jokers if face.code == JOKER_CODE else decks
            if named > held:
                return self._not_in_deck(face, named, held, players)
        return None

    def _not_in_deck(self, card: Card, named: int, held: int, players: int | None) -> Refusal:
        fields: dict[str, object] = {"card": card, "variant": self.id}
        if players is None:
            if held == 0:
                return Refusal("card.not-in-deck", "There is no {card} in any deck of {variant}.", **fields)
            return Refusal(
                "card.not-in-deck",
                "The decks of {variant} hold at most {held} of {card}, not {count}.",
                held=held,
                count=named,
                **fields,
            )
        if held == 0:
            return Refusal(
                "card.not-in-deck",
                "There is no {card} in the deck of {variant} for {players} players.",
                players=players,
                **fields,
            )
        return Refusal(
            "card.not-in-deck",
            "The deck of {variant} for {players} players has only {held} of {card}, not {count}.",
            players=players,
            held=held,
            count=named,
            **fields,
        )

    def __reduce__(self) -> tuple[Any, ...]:
        # A read-only mapping does not pickle: the rules travel as plain data.
        fields = {field.name: getattr(self, field.name) for field in attrs.fields(Variant) if field.init}
        fields["resolved"] = self.resolved_dict()
        return (_variant_from_fields, (fields,))

    def resolved_dict(self) -> dict[str, Any]:
        """A fresh plain copy of :attr:`resolved` (dicts and lists), for JSON."""
        data: dict[str, Any] = thaw(self.resolved)
        return data

    def full_rules(self) -> dict[str, Any]:
        """Every key with the value in effect, defaults included (deprecated keys
        and an unset ``meta.seed``/``meta.extends`` left out), as plain data:
        what a saved game stores, so that a later change of a default cannot
        change an old game. :func:`variant_from_rules` reads it back as an
        equal variant."""
        rules: dict[str, Any] = {}
        for name in SECTIONS:
            section = getattr(self, name)
            if name == "deck":
                rules[name] = {
                    "by_players": [_rules_of(band, "deck.by_players") for band in section.by_players]
                }
                if section.wild_deuces:  # an option added later: off, old documents and digests stay
                    rules[name]["wild_deuces"] = True
            elif name == "contract":
                rules[name] = {"deals": [_rules_of(deal, "contract.deals") for deal in section.deals]}
            elif name == "values":
                rules[name] = {
                    part: _rules_of(getattr(section, part), f"values.{part}") for part in ("table", "hand")
                }
            else:
                rules[name] = _rules_of(section, name)
        return rules

    def digest(self) -> str:
        """A SHA-256 of :meth:`full_rules`: equal digests, equal rules."""
        return self.rules_digest


def _variant_from_fields(fields: dict[str, Any]) -> Variant:
    return Variant(**fields)


# --------------------------------------------------------------------------- loading


Origins = dict[str, str]
"""Which file gave each key path of the merged rules (``"opening.min_points"``
-> the file's label), so that a problem is reported under that file's name."""


class _Collector:
    def __init__(self, file: str, origins: Origins | None = None) -> None:
        self.file = file
        self.origins = origins or {}
        self.problems: list[Problem] = []

    def __call__(self, path: str, expected: str, got: str) -> None:
        self.problems.append(Problem(self.file_of(path), path, expected, got))

    def file_of(self, path: str) -> str:
        """The file that wrote ``path``, or its nearest enclosing table."""
        while path:
            if path in self.origins:
                return self.origins[path]
            cut = max(path.rfind("."), path.rfind("["))
            path = path[:cut] if cut > 0 else ""
        return self.file


def _origins(data: dict[str, Any], label: str, prefix: str = "") -> Origins:
    out: Origins = {}
    for key, value in data.items():
        path = f"{prefix}{key}"
        out[path] = label
        if isinstance(value, dict):
            out.update(_origins(value, label, f"{path}."))
    return out


def _merge(parent: dict[str, Any], child: dict[str, Any]) -> dict[str, Any]:
    """Child keys replace parent keys; tables merge; arrays are replaced whole."""
    merged = dict(parent)
    for key, value in child.items():
        old = merged.get(key)
        if isinstance(old, dict) and isinstance(value, dict):
            merged[key] = _merge(old, value)
        else:
            merged[key] = value
    return merged


def _bundled_dir() -> Any:
    packaged = resources.files("rummykit") / "variants"
    if packaged.is_dir():
        return packaged
    # A source checkout (editable install): the top-level variants/ folder.
    return Path(__file__).resolve().parents[3] / "variants"


def bundled_variants() -> list[str]:
    """The ids of the variants shipped with rummykit, sorted."""
    folder = _bundled_dir()
    return sorted(entry.name[: -len(".toml")] for entry in folder.iterdir() if entry.name.endswith(".toml"))


def _looks_like_path(ref: str) -> bool:
    return ref.endswith(".toml") or os.sep in ref or "/" in ref


def _read_bundled(ref: str) -> tuple[str, str, Path | None]:
    entry = _bundled_dir() / f"{ref}.toml"
    if entry.is_file():
        return (f"{ref}.toml", entry.read_text(encoding="utf-8"), None)
    known = ", ".join(bundled_variants())
    raise VariantError([Problem(ref, "(variant)", f"a bundled id ({known}) or a path", repr(ref))])


def _read_file(path: Path) -> tuple[str, str, Path | None]:
    try:
        text_ = read_text_file(path)
    except UnreadableFile as error:
        raise VariantError([Problem(str(path), "(file)", "a readable TOML file", error.reason)]) from None
    return (str(path), text_, path.parent)


def _read_text(ref: str) -> tuple[str, str, Path | None]:
    """(file label, text, directory for relative extends) of a bundled id or path."""
    if not _looks_like_path(ref):
        return _read_bundled(ref)
    return _read_file(Path(ref))


def _read_parent(label: str, ref: str, base: Path | None) -> tuple[str, str, Path | None]:
    """The file an ``extends`` names: a bundled id, or a file inside ``base``
    (the folder of the file that extends; symlinks resolved, nothing outside)."""
    if not _looks_like_path(ref):
        return _read_bundled(ref)
    if base is None:
        raise VariantError(
            [Problem(label, "meta.extends", "a bundled id (a bundled variant extends only those)", repr(ref))]
        )
    folder = Path(os.path.realpath(base))
    inside = "\0" not in ref and not Path(ref).is_absolute()
    target = Path(os.path.realpath(folder / ref)) if inside else folder
    if not inside or not target.is_relative_to(folder) or target == folder:
        raise VariantError(
            [Problem(label, "meta.extends", f"a bundled id or a path inside {folder}", repr(ref))]
        )
    return _read_file(target)


def _parse(label: str, text: str) -> dict[str, Any]:
    try:
        data: dict[str, Any] = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise VariantError([Problem(label, "(file)", "valid TOML", str(error))]) from None
    except RecursionError:
        raise VariantError(
            [Problem(label, "(file)", "valid TOML", "tables or arrays nested too deep")]
        ) from None
    except ValueError as error:  # e.g. an integer too long to convert
        raise VariantError([Problem(label, "(file)", "valid TOML", str(error))]) from None
    depth = deepest_nesting(data)
    if depth > MAX_NESTING:
        raise VariantError(
            [
                Problem(
                    label, "(file)", f"tables and arrays nested at most {MAX_NESTING} deep", f"{depth} deep"
                )
            ]
        )
    return data


def _resolve(
    label: str, data: dict[str, Any], base: Path | None, chain: tuple[str, ...]
) -> tuple[dict[str, Any], Origins]:
    """The rules with every parent merged in, and which file gave each key."""
    own = _origins(data, label)
    meta = data.get("meta")
    parent_ref = meta.get("extends") if isinstance(meta, dict) else None
    if not parent_ref:
        return data, own
    if not isinstance(parent_ref, str):
        raise VariantError([Problem(label, "meta.extends", "a bundled id or a path", repr(parent_ref))])
    if len(chain) >= MAX_EXTENDS:
        raise VariantError(
            [
                Problem(
                    label,
                    "meta.extends",
                    f"a chain of at most {MAX_EXTENDS} files",
                    f"more than {MAX_EXTENDS}",
                )
            ]
        )
    parent_label, parent_text, parent_base = _read_parent(label, parent_ref, base)
    if parent_label in chain:
        cycle = " -> ".join((*chain, parent_label))
        raise VariantError([Problem(label, "meta.extends", "no cycle of extends", cycle)])
    parsed = _parse(parent_label, parent_text)
    parent, origins = _resolve(parent_label, parsed, parent_base, (*chain, parent_label))
    # A child inherits rules, never who it is: its id, name, seed and parent
    # are its own (a missing id or name is a problem of the child's file).
    merged = _merge({key: value for key, value in parent.items() if key != "meta"}, data)
    inherited = {
        path: file for path, file in origins.items() if path != "meta" and not path.startswith("meta.")
    }
    return merged, {**inherited, **own}


def schema_tables() -> list[tuple[str, type[Any]]]:
    """Each table of a variant file with the class that reads it, in file order:
    ``("meta", Meta)`` ... ``("deck.by_players[]", DeckBand)`` ... ``("values.hand", HandValues)``."""
    out: list[tuple[str, type[Any]]] = []
    for name, cls in SECTIONS.items():
        if name == "deck":
            out += [("deck.by_players[]", DeckBand), ("deck", Deck)]
        elif name == "contract":
            out.append(("contract.deals[]", ContractDeal))
        elif name == "values":
            out += [("values.table", TableValues), ("values.hand", HandValues)]
        else:
            out.append((name, cls))
    return out


def schema_keys(*, deprecated: bool = False) -> list[str]:
    """Every key path a variant file may set, in file order: ``"meta.id"`` ...
    ``"deck.by_players[].jokers"`` ...; deprecated keys only if asked."""
    keys = []
    for prefix, cls in schema_tables():
        for field in attrs.fields(cls):
            path = f"{prefix}.{field.name}"
            if spec_of(field) is not None and (deprecated or path not in DEPRECATED):
                keys.append(path)
    return keys


def suggest_key(path: str, key: str) -> str | None:
    """The known key nearest to an unknown ``key`` of table ``path`` (``""``
    for the top level): a key of that name in another table, else the nearest
    key of the same table, else the nearest name in another table. None when
    nothing is close."""
    table = re.sub(r"\[\d+\]", "[]", path)
    keys = schema_keys()
    leaves: dict[str, str] = {}
    for known in keys:
        leaves.setdefault(known.rpartition(".")[2], known)  # the first table that has the name
    if key in leaves and leaves[key].rpartition(".")[0] != table:
        return leaves[key]
    here: dict[str, None] = {}
    for known in keys:
        if table and not known.startswith(f"{table}."):
            continue
        here.setdefault(known[len(table) + 1 if table else 0 :].split(".")[0].removesuffix("[]"), None)
    close = nearest(key, here)
    if close is not None:
        return f"{path}.{close}" if path else close
    close = nearest(key, leaves, cutoff=0.8)
    return leaves[close] if close is not None else None


def variant_from_rules(
    label: str,
    data: dict[str, Any],
    source: str,
    origins: Origins | None = None,
    *,
    refuse_bundled_id: bool = False,
) -> Variant:
    """A variant from its rules as data (a TOML file with ``extends`` resolved,
    or the rules a document stores); every problem reported at once.
    ``refuse_bundled_id``: the rules come from a user's file, whose id may not
    shadow a bundled variant."""
    report = _Collector(label, origins)
    sections: dict[str, Any] = {}
    for key in data:
        if key not in SECTIONS:
            known = ", ".join(SECTIONS)
            report(key, f"a known table ({known})", unknown_key(key, suggest_key("", key)))
    for name in REQUIRED_SECTIONS:
        if name not in data:
            report(name, "a table", "nothing (the table is missing)")

    def bands(value: Any, where: str) -> Any:
        if not isinstance(value, list) or not 1 <= len(value) <= MAX_PLAYERS:
            expected = f"an array of 1 to {MAX_PLAYERS} tables [[deck.by_players]]"
            report(where, expected, "nothing usable" if not value else describe(value))
            return MISSING
        read = [
            read_section(DeckBand, item, f"{where}[{i}]", report, suggest=suggest_key)
            for i, item in enumerate(value)
        ]
        return MISSING if any(b is None for b in read) else tuple(read)

    def values_table(cls: type[Any]) -> Any:
        def read(value: Any, where: str) -> Any:
            result = read_section(cls, value, where, report, hidden=_hidden(where), suggest=suggest_key)
            return MISSING if result is None else result

        return read

    def deals(value: Any, where: str) -> Any:
        if not isinstance(value, list) or len(value) > MAX_ROUNDS:
            report(where, f"an array of at most {MAX_ROUNDS} tables [[contract.deals]]", describe(value))
            return MISSING
        read = [
            read_section(ContractDeal, item, f"{where}[{i}]", report, suggest=suggest_key)
            for i, item in enumerate(value)
        ]
        return MISSING if any(d is None for d in read) else tuple(read)

    nested = {
        "deck": {"by_players": bands},
        "contract": {"deals": deals},
        "values": {"table": values_table(TableValues), "hand": values_table(HandValues)},
    }
    for name, cls in SECTIONS.items():
        table = data.get(name, {})
        section = read_section(
            cls, table, name, report, nested.get(name), hidden=_hidden(name), suggest=suggest_key
        )
        sections[name] = section
    if not report.problems:
        overall = _Collector(label)  # a check across keys belongs to the file loaded
        _check_consistency(sections, overall)
        report.problems.extend(overall.problems)
    meta = sections["meta"]
    if refuse_bundled_id and meta is not None and meta.id in bundled_variants():
        known = ", ".join(bundled_variants())
        report("meta.id", f"an id no bundled variant has ({known}); a child picks its own", describe(meta.id))
    if report.problems:
        raise VariantError(report.problems)
    return Variant(**sections, source=source, resolved=data)


def _check_consistency(s: dict[str, Any], report: _Collector) -> None:
    players: Players = s["players"]
    if players.min > players.max:
        report("players.min", f"at most players.max ({players.max})", f"integer {players.min}")
    bands: tuple[DeckBand, ...] = s["deck"].by_players
    for count in range(players.min, players.max + 1):
        covering = [b for b in bands if b.players[0] <= count <= b.players[1]]
        if len(covering) != 1:
            report(
                "deck.by_players",
                f"exactly one band covering {count} players",
                f"{len(covering)} bands",
            )
    melds: Melds = s["melds"]
    if melds.set_min > melds.set_max:
        report("melds.set_min", f"at most melds.set_max ({melds.set_max})", f"integer {melds.set_min}")
    if melds.run_min > melds.run_max:
        report("melds.run_min", f"at most melds.run_max ({melds.run_max})", f"integer {melds.run_min}")
    if melds.run_wrap:
        report("melds.run_wrap", "false (runs never turn the corner, R-ALL-02)", "boolean true")
    if melds.rearrange_table:
        report(
            "melds.rearrange_table",
            "false (table melds are never rearranged, R-ALL-05)",
            "boolean true",
        )
    draw: Draw = s["draw"]
    if draw.discard_top_condition == "opening_use" and draw.top_card_use != "none":
        report(
            "draw.top_card_use",
            '"none" while `draw.discard_top_condition` is "opening_use" (one duty for the top discard)',
            f"string {draw.top_card_use!r}",
        )
    match: Match = s["match"]
    if match.rounds == "until_one_left" and match.eliminate_above < 1:
        report(
            "match.eliminate_above",
            'an integer >= 1 when match.rounds is "until_one_left"',
            f"integer {match.eliminate_above}",
        )
    knock: Knock = s["knock"]
    if knock.allowed and players.max != 2:
        report("knock.allowed", "false unless the variant is for two players (a knocker, a defender)", "true")
    if s["scoring"].method == "deadwood_difference" and not knock.allowed:
        report(
            "scoring.method",
            'a method other than "deadwood_difference" while knock.allowed is false',
            '"deadwood_difference"',
        )
    if s["deck"].wild_deuces and (s["swap"].allowed or knock.allowed):
        # A wild card never returns to a hand (R-CON-08) and a knock lays no wild deuce.
        report("deck.wild_deuces", "false while swap.allowed or knock.allowed is true", "true")
    deal: Deal = s["deal"]
    if deal.exchange_card and s["seating"].cutter == "none":
        report("seating.cutter", "a seat that cuts (the exchange card is set aside at the cut)", '"none"')
    for i, band in enumerate(bands):
        for jokers in (band.jokers, *band.joker_options):
            size = band.decks * 52 + jokers
            needed = (band.hand_size or deal.hand_size) * band.players[1] + deal.first_player_extra + 1
            if needed > size:
                report(
                    f"deck.by_players[{i}].hand_size" if band.hand_size else "deal.hand_size",
                    f"a deal that fits {size} cards for {band.players[1]} players",
                    f"{needed} cards needed",
                )
    _check_contract(s, report)


def _check_contract(s: dict[str, Any], report: _Collector) -> None:
    deals: tuple[ContractDeal, ...] = s["contract"].deals
    if s["opening"].kind == "contract" and not deals:
        report("contract.deals", 'at least one deal when opening.kind is "contract"', "an empty array")
    rounds = s["match"].rounds
    if deals and isinstance(rounds, int) and rounds > len(deals):
        expected = f"a contract for each of the {rounds} rounds of the match"
        report("contract.deals", expected, f"{len(deals)} deals")
    for i, entry in enumerate(deals):
        if entry.sets + entry.runs == 0:
            report(f"contract.deals[{i}]", "a contract of at least one set or run", "0 sets and 0 runs")
        for band in s["deck"].by_players:
            size = band.decks * 52 + band.jokers
            needed = entry.hand_size * band.players[1] + 1
            if needed > size:
                report(
                    f"contract.deals[{i}].hand_size",
                    f"a deal that fits {size} cards for {band.players[1]} players",
                    f"{needed} cards needed",
                )


def _is_bundled_file(data: dict[str, Any], text: str) -> bool:
    """Is this text a bundled variant's file (the file itself, or a copy)?"""
    meta = data.get("meta")
    ref = meta.get("id") if isinstance(meta, dict) else None
    if not isinstance(ref, str) or ref not in bundled_variants():
        return False
    return bool(_read_bundled(ref)[1] == text)


def loads_variant(text: str, *, source: str = "<string>") -> Variant:
    """Read a variant from TOML text (an ``extends`` path must lie inside the
    current directory). Its id may not be a bundled variant's."""
    data = _parse(source, text)
    resolved, origins = _resolve(source, data, Path.cwd(), (source,))
    refuse = not _is_bundled_file(data, text)
    return variant_from_rules(source, resolved, source, origins, refuse_bundled_id=refuse)


def load_variant(ref: str | os.PathLike[str]) -> Variant:
    """Load a bundled variant by id (``"rami51"``) or a variant file by path."""
    if isinstance(ref, Variant):
        return ref
    path = os.fspath(ref)
    label, text_, base = _read_text(path)
    data = _parse(label, text_)
    resolved, origins = _resolve(label, data, base, (label,))
    refuse = _looks_like_path(path) and not _is_bundled_file(data, text_)
    return variant_from_rules(label, resolved, label, origins, refuse_bundled_id=refuse)


def load_bundled_variant(variant_id: str) -> Variant:
    """A bundled variant by its id only, never a path: what a document or a
    client names can open no file but the bundled variants."""
    if not isinstance(variant_id, str) or variant_id not in bundled_variants():
        known = ", ".join(bundled_variants())
        shown = repr(variant_id) if len(repr(variant_id)) <= 40 else repr(variant_id)[:37] + "..."
        raise VariantError([Problem("(variant)", "id", f"a bundled variant id ({known})", shown)])
    return load_variant(variant_id)


@functools.lru_cache(maxsize=32)
def _bundled(variant_id: str) -> Variant:
    return load_bundled_variant(variant_id)


def as_variant(variant: Variant | str) -> Variant:
    """``variant`` itself, or the bundled variant of that id (``"rami51"``):
    what the top-level functions taking a variant accept. Any other value is
    a TypeError; an unknown id, a VariantError naming the bundled ones."""
    if isinstance(variant, Variant):
        return variant
    if isinstance(variant, str):
        return _bundled(variant)
    raise TypeError(
        f"expected a Variant or a bundled variant id such as 'rami51', not {type(variant).__name__}"
    )


def _load_meld_rules(variant_id: str) -> MeldRules:
    return as_variant(variant_id).meld_rules


install_meld_rules_loader(_load_meld_rules)


# --------------------------------------------------------------------------- warnings


@attrs.frozen(slots=True)
class KeyWarning:
    """A key that loads but does nothing: its path and one sentence saying why."""

    path: str
    message: str

    def __str__(self) -> str:
        return f"warning: {self.path}: {self.message}"


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


def _deal_warnings(variant: Variant, jokers: bool) -> list[KeyWarning]:
    deal = variant.deal
    ceremony = ("cut_joker_ceremony", "cut_joker_order", "cut_joker_reduces_deal")
    if not deal.exchange_card:
        return _idle(deal, "deal", ceremony, "while `deal.exchange_card` is false (there is no cut)")
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
        out += _idle(
            opening,
            "opening",
            ("min_points", "require_pure_run", "pure_run_min", "waived_for_hand_rummy"),
            "while `opening.open_at_deal` is true (every seat has opened from the deal)",
        )
    if not opening.require_pure_run:
        out += _idle(opening, "opening", ("pure_run_min",), "while `opening.require_pure_run` is false")
    if scoring.method == "table_minus_hand":
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


def variant_warnings(variant: Variant) -> list[KeyWarning]:
    """The keys of ``variant`` that load but do nothing: a deprecated key, or a
    key set to another value than its default where the other keys make it
    idle (a deep-pickup key with deep pickup off, a joker key with no jokers,
    ...). One warning per key path, in the order of the schema.

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
    found += _match_warnings(variant) + _buy_and_shift_warnings(variant, jokers)
    order = {path: i for i, path in enumerate(schema_keys(deprecated=True))}
    unique = {w.path: w for w in reversed(found)}  # the first reason found for a path wins
    return sorted(unique.values(), key=lambda w: order.get(w.path, len(order)))
