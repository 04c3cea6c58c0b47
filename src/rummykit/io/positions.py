"""Positions: a round set up part-way from a TOML table (docs/case-files.md, "Positions").

>>> import rummykit as rk
>>> state = position_from_dict({"variant": "rami51", "players": 2,
...     "hands": ["7h 8h", "5c 9d 9h"], "discard": "5s"})
>>> state.to_move, state.phase, len(state.stock)
(0, 'draw', 102)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from rummykit.core.cards import JOKER_CODE, Card, code_order, parse_cards
from rummykit.core.errors import NotationError, Refusal, RummykitError, VariantError
from rummykit.core.meld_judge import judge_meld
from rummykit.core.round_values import Knocking, Phase, Source, TableMeld, Turn, leaving_of, sorted_hand
from rummykit.io.leaving_positions import leaving_keys
from rummykit.io.position_indicator import cut_card, upcard_indicator
from rummykit.io.state_checks import oversized_hand
from rummykit.round.deal_check import after_deal
from rummykit.round.dealing import next_seat
from rummykit.round.state import RoundState
from rummykit.round.turn_start import start_next_turn
from rummykit.rules.contract import deal_count
from rummykit.rules.opening import opened_at_deal
from rummykit.rules.rule_set import rules_of
from rummykit.variant.model import Variant, load_variant

__all__ = ["PositionError", "position_from_dict"]

KEYS = {
    "variant", "players", "dealer", "to_move", "phase", "turns_played", "hands", "stock",
    "discard", "exchange", "opened", "table", "seed", "reshuffles", "rest", "deal_number", "buys",
    "upcard_passes", "knocker", "deal_check", "upcard", "cut_card", "dropped", "has_drawn",
}  # fmt: skip
KNOCK_PHASES = ("first_upcard", "knock", "defend")
# What each key holds, checked before anything is read, so that a wrong type
# is named with its key: "table: expected an array of tables …, got 5".
KEY_TYPES = {
    "variant": "str", "players": "int", "dealer": "int", "to_move": "int", "phase": "str",
    "turns_played": "int", "hands": "list[cards]", "stock": "cards", "discard": "cards",
    "exchange": "cards", "opened": "list[bool]", "table": "list[table]", "seed": "int",
    "reshuffles": "int", "rest": "str", "deal_number": "int", "buys": "list[int]",
    "upcard_passes": "list[int]", "knocker": "int", "deal_check": "bool", "upcard": "cards",
    "cut_card": "cards", "dropped": "list[int]", "has_drawn": "list[bool]",
}  # fmt: skip
TYPE_WORDS = {
    "str": "a string",
    "bool": "true or false",
    "int": "an integer",
    "cards": "a string of cards",
    "list[cards]": "an array of strings of cards",
    "list[bool]": "an array of booleans",
    "list[int]": "an array of integers",
    "list[table]": 'an array of tables { owner = seat, cards = "…" }',
}


class PositionError(RummykitError, ValueError):
    """A position that cannot be set up (bad seats, too many copies of a card …)."""


def _cards(value: Any, where: str) -> tuple[Card, ...]:
    if not isinstance(value, str):
        raise PositionError(f"{where}: expected a string of cards, got {value!r}")
    try:
        cards = parse_cards(value)
    except NotationError as error:
        raise PositionError(f"{where}: {error}") from None
    if where.startswith("table"):
        return cards
    declared = next((c for c in cards if c is not c.face), None)
    if declared is not None:  # R-WLD-01: a declaration belongs to a meld, never to a pile or a hand
        why = "expected plain faces (a declaration belongs to a meld)"
        raise PositionError(f"{where}: {why}, got {declared}")
    return cards


def _is(value: Any, kind: str) -> bool:
    """Is ``value`` of ``kind`` (a value of KEY_TYPES)? A boolean is no integer."""
    if kind.startswith("list["):
        return isinstance(value, list) and all(_is(item, kind[5:-1]) for item in value)
    if kind == "int":
        return isinstance(value, int) and not isinstance(value, bool)
    if kind == "table":
        return isinstance(value, dict)
    return isinstance(value, bool if kind == "bool" else str)


def _check_types(data: Mapping[str, Any]) -> None:
    """A PositionError naming the first key whose value has the wrong type."""
    for key, value in data.items():
        kind = KEY_TYPES[key]
        if not _is(value, kind) and not (key == "variant" and isinstance(value, Variant)):
            raise PositionError(f"{key}: expected {TYPE_WORDS[kind]}, got {value!r}")


def _int(data: Mapping[str, Any], key: str, default: int | None) -> int | None:
    value = data.get(key, default)
    if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
        raise PositionError(f"{key}: expected an integer, got {value!r}")
    return value


def _round_count(data: Mapping[str, Any], key: str, most: int) -> int:
    """A count of the round so far (``turns_played``, ``reshuffles``), from
    0 to ``most`` (the round ends at its turn cap, or after its last
    reshuffle)."""
    value = _int(data, key, 0) or 0
    if not 0 <= value <= most:
        raise PositionError(f"{key}: expected an integer from 0 to {most}, got {value}")
    return value


def _deal_and_buys(data: Mapping[str, Any], variant: Variant, players: int) -> tuple[int, tuple[int, ...]]:
    """``deal_number`` (which deal of a match, for contracts) and ``buys``
    (buys made this deal, by seat)."""
    deals = deal_count(variant)
    deal_number = _int(data, "deal_number", 1 if deals else 0) or 0
    if deals and not 1 <= deal_number <= deals:
        raise PositionError(f"deal_number: expected a deal from 1 to {deals}, got {deal_number}")
    if not deals and deal_number:
        raise PositionError("deal_number: this variant has no contracts by deal")
    buys_data = data.get("buys", [0] * players)
    if (
        not isinstance(buys_data, list)
        or len(buys_data) != players
        or not all(isinstance(x, int) and not isinstance(x, bool) and x >= 0 for x in buys_data)
    ):
        raise PositionError(f"buys: expected {players} counts from 0 up")
    return deal_number, tuple(buys_data) if any(buys_data) else ()


def position_from_dict(
    data: Mapping[str, Any], *, base: Path | None = None, variant: Variant | None = None
) -> RoundState:
    """Build the round a position describes; PositionError if it is inconsistent."""
    unknown = set(data) - KEYS
    if unknown:
        raise PositionError(f"unknown position key(s): {', '.join(sorted(unknown))}")
    _check_types(data)
    if variant is None:
        variant = _named_variant(data, base)
    players = _players(data, variant)
    dealer, to_move = _dealer_and_to_move(data, variant, players)
    going_out = rules_of(variant).going_out
    turns_played = _round_count(data, "turns_played", going_out.turn_cap() - 1)
    hands = _hands(data, players)
    stock_top = _cards(data.get("stock", ""), "stock")
    discard = _cards(data.get("discard", ""), "discard")
    exchange = _exchange(data)
    opened = _opened(data, variant, players)
    table = _table(data, variant, players)
    named = _named_cards(hands, stock_top, discard, exchange, table)
    aside = cut_card(data, variant, PositionError)
    named.update((aside,) if aside is not None else ())
    rest = _unnamed_cards(variant, players, named)
    phase = _phase(data, variant, turns_played)
    _check_hand_sizes(hands, phase, to_move, variant)
    upcard = upcard_indicator(data, variant, phase, discard, PositionError)
    stock, discard = _place_rest(data, stock_top, discard, rest)
    knocking = _knocking(data, variant, phase, hands)
    seed, reshuffles = _int(data, "seed", 0), _round_count(data, "reshuffles", going_out.max_reshuffles())
    deal_number, buys = _deal_and_buys(data, variant, players)
    dropped, has_drawn = leaving_keys(data, variant, hands, to_move, PositionError)
    state = RoundState(
        variant=variant,
        players=players,
        dealer=dealer,
        hands=tuple(hands),
        stock=stock,
        discard=discard,
        table=tuple(table),
        opened=opened,
        to_move=to_move,
        phase=phase,
        turns_played=turns_played,
        reshuffles=reshuffles,
        exchange=exchange,
        turn=_fresh_turn(variant, phase, turns_played, hands[to_move]),
        seed=seed,
        deal_number=deal_number,
        buys=buys,
        deck=(),
        variant_digest=variant.digest(),
        knocking=knocking,
        leaving=leaving_of(dropped, has_drawn, ()),
        indicator=aside if aside is not None else upcard,
    )
    return _at_its_moment(state, data)


def _fresh_turn(variant: Variant, phase: Phase, turns_played: int, hand: tuple[Card, ...]) -> Turn:
    """The turn of a position: nothing played yet, its card drawn in the play phase."""
    drawn = rules_of(variant).draw.turn_starts_drawn(turns_played)
    source: Source = "stock" if phase == "play" and not drawn else "none"
    return Turn(source=source, start_jokers=sum(1 for c in hand if c.code == JOKER_CODE))


def _at_its_moment(state: RoundState, data: Mapping[str, Any]) -> RoundState:
    """The position's round at its moment: right after the deal, its check
    still to run, where ``deal_check`` says so (R-TNK-03); a turn that starts
    with the stock empty is checked as the engine checks one (R-ALL-08)."""
    state = after_deal(state) if data.get("deal_check") else state
    if state.phase == "draw" and not state.stock:
        return start_next_turn(state)
    return state


def _named_variant(data: Mapping[str, Any], base: Path | None) -> Variant:
    """The variant the ``variant`` key names: a bundled id, or a path relative
    to ``base``; or a loaded :class:`Variant` itself."""
    ref = data.get("variant")
    if isinstance(ref, Variant):
        return ref
    if not isinstance(ref, str):
        raise PositionError("variant: expected a bundled id, a path or a Variant")
    if ref.endswith(".toml") and base is not None and not Path(ref).is_absolute():
        ref = str(base / ref)
    try:
        return load_variant(ref)
    except VariantError as error:
        raise PositionError(f"variant: {error.problems[0]}") from None


def _players(data: Mapping[str, Any], variant: Variant) -> int:
    """The ``players`` key, required and allowed by the variant."""
    players = _int(data, "players", None)
    if players is None:
        raise PositionError("players: required")
    try:
        variant.check_players(players)
    except ValueError as error:
        raise PositionError(f"players: {error}") from None
    return players


def _dealer_and_to_move(data: Mapping[str, Any], variant: Variant, players: int) -> tuple[int, int]:
    """The ``dealer`` and ``to_move`` seats; a missing one follows from the other."""
    dealer = _int(data, "dealer", None)
    to_move = _int(data, "to_move", None)
    for key, seat in (("dealer", dealer), ("to_move", to_move)):
        if seat is not None and not 0 <= seat < players:
            raise PositionError(f"{key}: expected a seat from 0 to {players - 1}, got {seat}")
    if to_move is None:
        to_move = next_seat(variant, players, dealer) if dealer is not None else 0
    if dealer is None:
        dealer = next_seat(variant, players, to_move, -1)
    return dealer, to_move


def _hands(data: Mapping[str, Any], players: int) -> list[tuple[Card, ...]]:
    """The ``hands`` key: one sorted hand per seat."""
    hands_data = data.get("hands", [])
    if not isinstance(hands_data, list) or len(hands_data) != players:
        raise PositionError(f"hands: expected {players} strings of cards, one per seat")
    return [sorted_hand(_cards(h, f"hands[{i}]")) for i, h in enumerate(hands_data)]


def _check_hand_sizes(hands: list[tuple[Card, ...]], phase: Phase, to_move: int, variant: Variant) -> None:
    """No hand holds more cards than a hand of the variant can in ``phase``."""
    oversized = oversized_hand(hands, phase, to_move, rules_of(variant).hand.max_hand)
    if oversized is not None:
        seat, bound = oversized
        raise PositionError(
            f"hands[{seat}]: expected at most {bound} cards in the {phase} phase, got {len(hands[seat])}"
        )


def _exchange(data: Mapping[str, Any]) -> Card | None:
    """The ``exchange`` key: at most one card."""
    exchange_cards = _cards(data.get("exchange", ""), "exchange")
    if len(exchange_cards) > 1:
        raise PositionError("exchange: expected at most one card")
    return exchange_cards[0] if exchange_cards else None


def _opened(data: Mapping[str, Any], variant: Variant, players: int) -> tuple[bool, ...]:
    """The ``opened`` key: one boolean per seat, by default as the variant
    deals; where every seat opens at the deal (``opening.open_at_deal``) it
    is checked and read as all true."""
    opened_data = data.get("opened", [opened_at_deal(variant)] * players)
    if (
        not isinstance(opened_data, list)
        or len(opened_data) != players
        or not all(isinstance(x, bool) for x in opened_data)
    ):
        raise PositionError(f"opened: expected {players} booleans")
    if opened_at_deal(variant):  # every seat opened from the deal: the key is read as all true (R-TNK-11)
        return (True,) * players
    return tuple(opened_data)


def _table(data: Mapping[str, Any], variant: Variant, players: int) -> list[TableMeld]:
    """The ``table`` key: the melds on the table, each judged by the variant's rules."""
    table: list[TableMeld] = []
    for i, entry in enumerate(data.get("table", [])):
        if not isinstance(entry, dict) or set(entry) - {"owner", "cards"}:
            raise PositionError(f'table[{i}]: expected {{ owner = seat, cards = "…" }}')
        owner = entry.get("owner", 0)
        if not _is(owner, "int") or not 0 <= owner < players:
            raise PositionError(f"table[{i}].owner: expected a seat from 0 to {players - 1}, got {owner!r}")
        meld = judge_meld(variant.meld_rules, _cards(entry.get("cards"), f"table[{i}].cards"))
        if isinstance(meld, Refusal):
            raise PositionError(f"table[{i}]: not a valid meld: {meld.code}: {meld.message}")
        table.append(TableMeld(owner, meld, (owner,) * len(meld)))
    return table


def _named_cards(
    hands: list[tuple[Card, ...]],
    stock_top: tuple[Card, ...],
    discard: tuple[Card, ...],
    exchange: Card | None,
    table: list[TableMeld],
) -> Counter[Card]:
    """Every card the position names, as faces, with its count."""
    named = Counter(c for hand in hands for c in hand)
    named.update(stock_top)
    named.update(discard)
    if exchange is not None:
        named[exchange] += 1
    for entry in table:
        named.update(c.face for c in entry.meld.cards)
    return named


def _unnamed_cards(variant: Variant, players: int, named: Counter[Card]) -> tuple[Card, ...]:
    """The deck's cards the position does not name, in code order; PositionError
    if it names more copies of a card than the deck has."""
    deck = Counter(variant.deck_for(players))
    for card, count in named.items():
        if count > deck[card]:
            raise PositionError(
                f"the position names {count} copies of {card}, "
                f"the deck for {players} players has {deck[card]}"
            )
    return tuple(sorted((deck - named).elements(), key=code_order))


def _place_rest(
    data: Mapping[str, Any], stock_top: tuple[Card, ...], discard: tuple[Card, ...], rest: tuple[Card, ...]
) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """The stock and discard pile once the unnamed cards go where ``rest`` says."""
    where = data.get("rest", "stock")
    if where == "stock":
        return stock_top + rest, discard
    if where == "discard":
        # An extension for stock-exhaustion cases: the unnamed cards lie under
        # the named discards, and the stock is only what the position names.
        return stock_top, rest + discard
    raise PositionError(f'rest: expected "stock" or "discard", got {where!r}')


def _phase(data: Mapping[str, Any], variant: Variant, turns_played: int) -> Phase:
    """The ``phase`` key, by default as the variant's draw rule starts the turn."""
    given = data.get("phase")
    if given is None:
        return "play" if rules_of(variant).draw.turn_starts_drawn(turns_played) else "draw"
    if given in ("draw", "play"):
        return "draw" if given == "draw" else "play"
    if given in KNOCK_PHASES and rules_of(variant).knock is not None:
        phase: Phase = given
        return phase
    raise PositionError(f"phase: expected draw or play, got {given!r}")


def _knocking(
    data: Mapping[str, Any], variant: Variant, phase: Phase, hands: list[tuple[Card, ...]]
) -> Knocking:
    """The knock variants' keys: ``upcard_passes`` in the first-upcard phase,
    ``knocker`` in the knock and defend phases."""
    players = len(hands)
    passes = data.get("upcard_passes", [])
    if not isinstance(passes, list) or not all(isinstance(p, int) and 0 <= p < players for p in passes):
        raise PositionError(f"upcard_passes: expected a list of seats from 0 to {players - 1}")
    if passes and phase != "first_upcard":
        raise PositionError('upcard_passes: only with phase = "first_upcard"')
    knocker = data.get("knocker")
    if phase in ("knock", "defend"):
        if not isinstance(knocker, int) or not 0 <= knocker < players:
            raise PositionError(f"knocker: expected a seat from 0 to {players - 1} with phase {phase!r}")
        rule = rules_of(variant).knock
        gin = phase == "defend" and rule is not None and rule.value(hands[knocker]) == 0
        return Knocking(knocker=knocker, gin=gin)
    if knocker is not None:
        raise PositionError('knocker: only with phase = "knock" or "defend"')
    return Knocking(upcard_passes=tuple(passes))
