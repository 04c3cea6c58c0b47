"""The resolved :class:`Variant`: one frozen object holding every section of a
variant file, its meld rules and the digest of its rules."""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from collections.abc import Iterable, Mapping
from types import MappingProxyType
from typing import Any

import attrs

from rummykit.core.cards import JOKER_CODE, Card, build_deck, parse_cards
from rummykit.core.errors import Refusal
from rummykit.core.meld_model import MeldRules
from rummykit.core.meld_shape import MeldShape
from rummykit.core.toml_schema import (
    spec_of,
)
from rummykit.speed.memo import Memo
from rummykit.variant.leaving_sections import Declaration, Fold, LoserCount
from rummykit.variant.sections import (
    DEPRECATED,
    SECTIONS,
    Buy,
    Contract,
    ContractDeal,
    Deal,
    Deck,
    DeckBand,
    Discard,
    Draw,
    GoingOut,
    Knock,
    Layoff,
    Match,
    Melds,
    Meta,
    Opening,
    Players,
    Scoring,
    Seating,
    StockExhausted,
    Swap,
    Turn,
    Values,
)

__all__ = [
    "Variant",
    "freeze",
    "thaw",
]


_KEYS_ADDED_LATER = frozenset(
    {"discard.jokers", "opening.layoff_opens", "stock_exhausted.reshuffle", "scoring.max_round_penalty"}
    | {"values.hand.wild", "knock.timing", "knock.count", "going_out.in_opening_turn"}
    | {f"drop.{key}" for key in ("allowed", "timing", "first", "middle")}
    | {f"declare.{key}" for key in ("allowed", "wrong_penalty", "wrong_show")}
)
"""Keys added after documents were first saved: written only when they hold
another value than their default, so that older documents and the digests of
variants that leave them alone stay as they were (``deck.wild_deuces`` too,
written by :meth:`Variant.full_rules` itself)."""
_TABLES_ADDED_LATER = ("discard", "drop", "declare")
"""Tables added later, every key of them in ``_KEYS_ADDED_LATER``: left out
of the rules whole while each key holds its default."""


def _rules_of(section: Any, path: str) -> dict[str, Any]:
    """One section as plain data: every key with its value, deprecated keys left out."""
    out: dict[str, Any] = {}
    for field in attrs.fields(type(section)):
        key = f"{path}.{field.name}"
        if spec_of(field) is None or key in DEPRECATED:
            continue
        value = getattr(section, field.name)
        if path == "meta" and value == "":
            continue  # an unset seed or extends: not a value a file may write
        if key in _KEYS_ADDED_LATER and value == field.default:
            continue
        out[field.name] = list(value) if isinstance(value, tuple) else value
    return out


def _write_shapes(variant: Variant, rules: dict[str, Any]) -> None:
    """The losers' count and the shapes into ``rules``: added later, so
    written only where set (older documents and digests stay)."""
    count = variant.scoring.loser_count
    if count != LoserCount():
        written = _rules_of(count, "scoring.loser_count")
        if count.shape is not None:
            written["shape"] = _rules_of(count.shape, "scoring.loser_count.shape")
        rules["scoring"]["loser_count"] = written
    if variant.declare.shape != MeldShape():
        rules["declare"]["shape"] = _rules_of(variant.declare.shape, "declare.shape")
def _deal_rules_of(deal: ContractDeal) -> dict[str, Any]:
    """One contract deal as plain data, with its own rules where it has any
    (an entry without them is written as before they existed)."""
    out = _rules_of(deal, "contract.deals")
    if deal.rules:
        out["rules"] = deal.rules.tables
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
    discard: Discard = attrs.field(factory=Discard)
    drop: Fold = attrs.field(factory=Fold)
    declare: Declaration = attrs.field(factory=Declaration)
    source: str = attrs.field(default="", eq=False, kw_only=True)
    resolved: Mapping[str, Any] = attrs.field(
        factory=dict, converter=freeze, eq=False, repr=False, kw_only=True
    )
    """The resolved rules as read (``extends`` applied): a read-only mapping,
    arrays as tuples. :meth:`resolved_dict` gives a plain copy."""
    origins: tuple[tuple[str, str], ...] = attrs.field(default=(), eq=False, repr=False, kw_only=True)
    """Which file gave each key path of :attr:`resolved` (``("match.rounds",
    "gin.toml")`` in a file that extends gin), where the variant was loaded
    from files; empty otherwise."""
    meld_rules: MeldRules = attrs.field(init=False, eq=False, repr=False)
    hand_penalties: tuple[int, ...] = attrs.field(init=False, eq=False, repr=False)
    """A card's penalty in the hand, by card code (joker last): ``values.hand``
    as the meld rules count it (a wild deuce as a joker, R-CON-14)."""
    rules_digest: str = attrs.field(init=False, eq=False, repr=False)
    """:meth:`digest`, computed once."""
    memo: Memo = attrs.field(init=False, eq=False, repr=False, factory=Memo)
    """What is remembered for this variant (its rule set, the solver's
    tables, verdicts): kept here, so that it goes with the variant."""

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
        hand = self.values.hand
        object.__setattr__(self, "hand_penalties", rules.hand_penalties(hand.by_code, hand.wild_value))
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

    def usual_players(self) -> int:
        """The player count a command or an environment plays when none is
        given: two, or the fewest the variant allows where two cannot play
        (more than two at least, or one alone)."""
        return min(max(2, self.players.min), self.players.max)

    def check_players(self, players: int) -> None:
        if isinstance(players, bool) or not hasattr(type(players), "__index__"):
            raise TypeError(f"players: expected an int, got {players!r}")
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

        >>> from rummykit.variant.loading import load_variant
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
        """Every key with the value in effect, defaults included (deprecated keys,
        an unset ``meta.seed``/``meta.extends``, and a key added later that
        holds its default, left out), as plain data:
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
            elif name == "deal":
                rules[name] = _rules_of(section, name)
                if section.indicator.rules():  # added later: written only where set, digests stay
                    rules[name]["indicator"] = section.indicator.rules()
            elif name == "contract":
                rules[name] = {"deals": [_deal_rules_of(deal) for deal in section.deals]}
            elif name == "values":
                rules[name] = {
                    part: _rules_of(getattr(section, part), f"values.{part}") for part in ("table", "hand")
                }
            else:
                rules[name] = _rules_of(section, name)
        _add_sub_tables(self, rules)
        _write_shapes(self, rules)
        for name in _TABLES_ADDED_LATER:
            if not rules[name]:
                del rules[name]
        return rules

    def digest(self) -> str:
        """A SHA-256 of :meth:`full_rules`: equal digests, equal rules."""
        return self.rules_digest


def _add_sub_tables(variant: Variant, rules: dict[str, Any]) -> None:
    """The sub-tables added later, written into ``rules`` only when set:
    ``deal.instant_win`` and ``scoring.payments``."""
    instant = variant.deal.instant_win
    if instant is not None:
        rules["deal"]["instant_win"] = _rules_of(instant, "deal.instant_win")
    payments = variant.scoring.payments
    if payments:
        rules["scoring"]["payments"] = {
            ending: _rules_of(entry, f"scoring.payments.{ending}") for ending, entry in payments
        }


def _variant_from_fields(fields: dict[str, Any]) -> Variant:
    return Variant(**fields)
