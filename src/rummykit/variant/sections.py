"""The tables of a variant file: the limits on every count, one class per
table (``[meta]``, ``[deal]``, ``[melds]`` ...), the deprecated keys, and the
schema read from them (every table and key path, the nearest known key).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, Literal

import attrs

from rummykit.core.meld_shape import MeldShape
from rummykit.core.toml_schema import (
    boolean,
    choice,
    identifier,
    int_list,
    int_or,
    int_range,
    integer,
    nearest,
    spec_of,
    text,
    text_list,
)
from rummykit.core.values import HandValues, TableValues
from rummykit.variant.deal_rules import DealRules
from rummykit.variant.ending_tables import PAYMENT_TABLES, InstantWin, Knock, Payment
from rummykit.variant.indicator_table import INDICATOR_TABLES, Indicator
from rummykit.variant.leaving_sections import LOSER_COUNT_TABLES, SHAPE_TABLES, Declaration, Fold, LoserCount

__all__ = [
    "DEPRECATED",
    *("MAX_CONTRACT_MELDS", "MAX_DECKS", "MAX_EXTENDS", "MAX_FIRST_PLAYER_EXTRA", "MAX_HAND_SIZE"),
    *("MAX_JOKERS", "MAX_MULTIPLIER", "MAX_OPENING_POINTS", "MAX_OPTIONS", "MAX_PLAYERS"),
    *("MAX_RESHUFFLES", "MAX_ROUNDS", "MAX_SCORE", "MAX_SET_SIZE", "MAX_TURN_CAP"),
    "RELAY_TARGETS",
    "REQUIRED_SECTIONS",
    "SECTIONS",
    "Buy",
    "Contract",
    "ContractDeal",
    "Deal",
    "Deck",
    "DeckBand",
    "Deprecated",
    "Discard",
    "Draw",
    "GoingOut",
    "InstantWin",
    "Knock",
    "Layoff",
    "Match",
    "Melds",
    "Meta",
    "Opening",
    "Payment",
    "Players",
    "Scoring",
    "Seating",
    "StockExhausted",
    "Swap",
    "Turn",
    "Values",
    "schema_keys",
    "schema_tables",
    "suggest_key",
]


# What a real table can hold. Every count in a variant file is bounded, so no
# file can make the library loop for ever or exhaust memory
# (docs/writing-a-variant.md, "Limits").
MAX_PLAYERS = 12
MAX_DECKS = 8
MAX_JOKERS = 32
MAX_OPTIONS = 8  # entries of joker_options and rounds_options
MAX_HAND_SIZE = 30
MAX_FIRST_PLAYER_EXTRA = 10
MAX_SET_SIZE = 24
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
    name: str = text(doc="the variant's name for people", one_line=True)
    seed: str = text("", doc="the rule text the variant follows, in words (a child does not inherit it)")
    extends: str = text(
        "",
        doc="a parent variant (bundled id, or path inside this file's folder) whose keys this file overrides",
    )


@attrs.frozen(slots=True)
class Players:
    min: int = integer(minimum=2, maximum=MAX_PLAYERS, doc="fewest players (a round of one seat never ends)")
    max: int = integer(minimum=2, maximum=MAX_PLAYERS, doc="most players")


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
        *("none", "none", "offer_both_then_stock"),
        doc="the first upcard is offered to each seat in turn (take or pass), then the first player draws",
    )
    instant_win: InstantWin | None = attrs.field(default=None, kw_only=True)  # a sub-table
    indicator: Indicator = attrs.field(factory=Indicator, kw_only=True)  # [deal.indicator]


@attrs.frozen(slots=True)
class Turn:
    first_turn_draws: bool = boolean(True, doc="false: the first player's first turn has no draw")
    discards_per_turn: int = integer(1, minimum=1, maximum=1, doc="cards discarded to end a turn")


@attrs.frozen(slots=True)
class Draw:
    from_stock: bool = boolean(True, doc="the top stock card may be drawn")
    from_discard_top: bool = boolean(True, doc="the top discard may be taken")
    discard_top_condition: Literal["none", "handromi", "opening_use", "no_joker"] = choice(
        *("none", "none", "handromi", "opening_use", "no_joker"),
        doc="conditions on taking the top discard (no_joker: never a joker, printed or wild)",
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
class Discard:
    jokers: bool = boolean(True, doc="false: a joker may not be discarded while a natural card may be")


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
    pure_run_min: int = integer(
        3, minimum=1, maximum=14, doc="cards in that pure run (as a meld shape's; at most melds.run_max)"
    )
    waived_for_hand_rummy: bool = boolean(
        False, doc="going out in the opening turn (a hand rummy) waives the minimum and the pure run"
    )
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
    layoff_opens: bool = boolean(False, doc="a lay-off opens too (a card on the table): no later hand rummy")


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
        *("mandatory", "mandatory", "if_possible", "none"),
        doc="must the swapped joker be laid again this turn",
    )
    relay_targets: tuple[str, ...] = text_list(
        RELAY_TARGETS, *RELAY_TARGETS, doc="where the swapped joker may be laid again"
    )
    in_hand_rummy_turn: bool = boolean(False, doc="a hand-rummy player may swap")
    set_release: Literal["one_card", "all_missing_suits"] = choice(
        *("one_card", "one_card", "all_missing_suits"),
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
    rules: DealRules = attrs.field(factory=DealRules, kw_only=True)  # keys in place of the variant's


@attrs.frozen(slots=True)
class Contract:
    deals: tuple[ContractDeal, ...] = attrs.field(factory=tuple, kw_only=True)


@attrs.frozen(slots=True)
class GoingOut:
    final_discard: Literal["required", "optional", "forbidden"] = choice(
        *("required", "required", "optional", "forbidden"), doc="must (or may) the last card be discarded"
    )
    in_opening_turn: Literal["allowed", "required"] = choice(
        "allowed", "allowed", "required", doc="required: the going-down turn ends with an empty hand"
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
    blocked_winner: Literal["best_round_score", "none", "best_as_winner"] = choice(
        *("best_round_score", "best_round_score", "none", "best_as_winner"),
        doc="who wins a blocked round (best_as_winner: the best alone, ties by seat order, as a winner)",
    )
    reshuffle: Literal["shuffle", "turn_over"] = choice(
        "shuffle", "shuffle", "turn_over", doc="new stock: discards shuffled, or turned over (oldest on top)"
    )


@attrs.frozen(slots=True)
class Values:
    table: TableValues = attrs.field(factory=TableValues, kw_only=True)
    hand: HandValues = attrs.field(factory=HandValues, kw_only=True)


@attrs.frozen(slots=True)
class Scoring:
    method: Literal[
        "hand_penalty", "table_minus_hand", "deadwood_difference", "winner_collects", "payments"
    ] = choice(
        *("hand_penalty", "hand_penalty", "table_minus_hand", "deadwood_difference", "winner_collects"),
        "payments",
        doc="how a round is scored (deadwood_difference: the knocker against the defender; "
        "winner_collects: the winner scores the others' hands; payments: stakes by ending)",
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
    loser_count: LoserCount = attrs.field(factory=LoserCount, kw_only=True)
    max_round_penalty: int = integer(0, minimum=0, maximum=MAX_SCORE, doc="cap on a round penalty (0 = none)")
    payments: tuple[tuple[str, Payment], ...] = attrs.field(default=(), kw_only=True)  # by ending


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


SECTIONS: dict[str, type[Any]] = {
    "meta": Meta,
    "players": Players,
    "deck": Deck,
    "seating": Seating,
    "deal": Deal,
    "turn": Turn,
    "draw": Draw,
    "discard": Discard,
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
    "drop": Fold,
    "declare": Declaration,
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


def schema_tables() -> list[tuple[str, type[Any]]]:
    """Each table of a variant file with the class that reads it, in file order:
    ``("meta", Meta)`` ... ``("deck.by_players[]", DeckBand)`` ... ``("values.hand", HandValues)``."""
    out: list[tuple[str, type[Any]]] = []
    for name, cls in SECTIONS.items():
        if name == "deck":
            out += [("deck.by_players[]", DeckBand), ("deck", Deck)]
        elif name == "contract":
            out += [("contract.deals[]", ContractDeal), ("contract.deals[].shape", MeldShape)]
        elif name == "values":
            out += [("values.table", TableValues), ("values.hand", HandValues)]
        elif name == "deal":
            out += [(name, cls), ("deal.instant_win", InstantWin), *INDICATOR_TABLES]
        elif name == "scoring":
            out += [(name, cls), *PAYMENT_TABLES, *LOSER_COUNT_TABLES]
        else:
            out += [(name, cls), *SHAPE_TABLES.get(name, ())]
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
