"""The rules text's sentences about the table before play: the players, the
deck, the seating and the deal (``[players]``, ``[deck]``, ``[seating]``,
``[deal]`` with its indicator and instant win)."""

from __future__ import annotations

from collections.abc import Sequence

from rummykit.core.errors import Text, joined
from rummykit.play.rules_text.rule import Rule
from rummykit.variant.model import DeckBand, Variant

__all__ = ["DEAL_RULES", "PLAYER_RULES", "SUIT_NAMES", "count_range", "listed"]

SUIT_NAMES = {"c": "clubs", "d": "diamonds", "h": "hearts", "s": "spades"}
"""A suit's letter and its name (translated as a word: rummykit.core.translation.WORDS)."""


def count_range(low: int, high: int) -> str:
    """``"2–4"``, or ``"2"`` where both ends agree."""
    return str(low) if low == high else f"{low}–{high}"


def listed(items: Sequence[object], word: str = "{a} or {b}") -> object:
    """``items`` joined for a sentence (``2, 3 or 4``), translated with it."""
    return joined([str(item) if isinstance(item, int) else item for item in items], word)


def _meta(v: Variant) -> Sequence[Text]:
    out = [Text("These are the rules of {name} (rummykit variant {id}).", name=v.name, id=v.id)]
    if v.meta.extends:
        out.append(Text("It is written as changes to {parent}.", parent=v.meta.extends))
    if v.meta.seed:
        out.append(Text("Source: {seed}.", seed=v.meta.seed.rstrip(".")))
    return out


def _players(v: Variant) -> Sequence[Text]:
    return [Text("{players} players take part.", players=count_range(v.players.min, v.players.max))]


def _band(band: DeckBand) -> Sequence[Text]:
    players = count_range(*band.players)
    if band.jokers == 1:
        out = [
            Text(
                "With {players} players: {decks} × 52 cards and one joker.", players=players, decks=band.decks
            )
        ]
    elif band.jokers:
        out = [
            Text(
                "With {players} players: {decks} × 52 cards and {jokers} jokers.",
                players=players,
                decks=band.decks,
                jokers=band.jokers,
            )
        ]
    else:
        out = [
            Text("With {players} players: {decks} × 52 cards, no jokers.", players=players, decks=band.decks)
        ]
    if band.joker_options:
        out.append(Text("A table may choose {options} jokers instead.", options=listed(band.joker_options)))
    if band.hand_size:
        out.append(
            Text(
                "With {players} players each player is dealt {count} cards.",
                players=players,
                count=band.hand_size,
            )
        )
    return out


def _deck(v: Variant) -> Sequence[Text]:
    return [sentence for band in v.deck.by_players for sentence in _band(band)]


def _wild_deuces(v: Variant) -> Sequence[Text]:
    if v.deck.wild_deuces:
        return [Text("Every deuce is wild: its player declares it as a natural deuce or as a joker (2h=8c).")]
    return [Text("Deuces are ordinary cards.")]


def _direction(v: Variant) -> Sequence[Text]:
    if v.seating.direction == "clockwise":
        return [Text("Play and the deal go clockwise; the player after the dealer starts.")]
    return [Text("Play and the deal go counterclockwise; the player after the dealer starts.")]


def _cutter(v: Variant) -> Sequence[Text]:
    if v.seating.cutter == "none":
        return [Text("Nobody cuts the pack.")]
    if v.seating.cutter == "left_of_dealer":
        return [Text("The player on the dealer's left cuts the pack.")]
    return [Text("The player on the dealer's right cuts the pack.")]


def _hand_size(v: Variant) -> Sequence[Text]:
    out = [Text("Each player is dealt {count} cards.", count=v.deal.hand_size)]
    if v.deal.first_player_extra == 1:
        out.append(Text("The first player gets one extra card."))
    elif v.deal.first_player_extra:
        out.append(Text("The first player gets {count} extra cards.", count=v.deal.first_player_extra))
    return out


def _upcard(v: Variant) -> Sequence[Text]:
    if not v.deal.flip_first_discard:
        return [Text("No card is turned up: the discard pile starts empty.")]
    if v.deal.first_upcard == "offer_both_then_stock":
        return [
            Text("The next card is turned up to start the discard pile."),
            Text(
                "The upcard is offered to each player in turn, who takes it or passes; then the first "
                "player draws."
            ),
        ]
    return [Text("The next card is turned up to start the discard pile.")]


def _exchange(v: Variant) -> Sequence[Text]:
    if v.deal.exchange_card:
        return [Text("At the cut a card is set aside face up: the exchange card.")]
    return [Text("There is no exchange card.")]


def _cut_jokers(v: Variant) -> Sequence[Text]:
    if not v.deal.cut_joker_ceremony:
        return [Text("Jokers at the bottom of the cut stay in the pack.")]
    out = [
        Text(
            "Jokers at the bottom of the cut are handed out: the cutter, then the dealer, then on from the "
            "cutter's left."
        )
    ]
    if v.deal.cut_joker_reduces_deal:
        out.append(Text("A player who receives a cut joker is dealt one card fewer."))
    return out


def _instant_win(v: Variant) -> Sequence[Text]:
    win = v.deal.instant_win
    if win is None:
        return [Text("No dealt hand wins at once.")]
    out = [Text("A dealt hand that counts {points} wins the deal at once.", points=listed(win.points))]
    if win.several == "void":
        out.append(Text("If two or more players hold such a hand, the deal is void."))
    else:
        out.append(Text("If two or more players hold such a hand, they share the win."))
    return out


def _indicator(v: Variant) -> Sequence[Text]:
    ind = v.deal.indicator
    if ind.card == "none":
        return [Text("There is no indicator card.")]
    if ind.card == "first_upcard":
        out = [Text("The first upcard is the deal's indicator and stays in play.")]
    else:
        out = [
            Text("After the deal a card is set face up beside the stock, out of play: the deal's indicator.")
        ]
    if ind.wild == "rank":
        out.append(
            Text(
                "Every other card of the indicator's rank is wild for the deal; a joker as indicator makes "
                "rank {rank} wild.",
                rank=ind.joker_means,
            )
        )
    if ind.knock_limit == "value":
        out.append(
            Text(
                "The knock limit of the deal is the indicator's value ({ace} when it is an ace).",
                ace=ind.ace_limit,
            )
        )
    if ind.multiplier.suit != "none" and ind.multiplier.factor > 1:
        out.append(
            Text(
                "An indicator of suit {suit} multiplies the deal's scores by {factor}.",
                suit=Text(SUIT_NAMES[ind.multiplier.suit]),
                factor=ind.multiplier.factor,
            )
        )
    return out


def _no_indicator(v: Variant) -> bool:
    return v.deal.indicator.card == "none"


def _no_instant_win(v: Variant) -> bool:
    return v.deal.instant_win is None


def _no_exchange(v: Variant) -> bool:
    return not v.deal.exchange_card


def _no_cut_jokers(v: Variant) -> bool:
    return not v.deal.cut_joker_ceremony


def _no_cut(v: Variant) -> bool:
    return v.seating.cutter == "none"


def _natural_deuces(v: Variant) -> bool:
    return not v.deck.wild_deuces


_BANDS = ("players", "decks", "jokers", "joker_options", "hand_size")
_INDICATOR = (
    "card",
    "knock_limit",
    "ace_limit",
    "wild",
    "joker_means",
    "multiplier.suit",
    "multiplier.factor",
)

PLAYER_RULES = (
    Rule(("meta.id", "meta.name", "meta.seed", "meta.extends"), _meta),
    Rule(("players.min", "players.max"), _players),
    Rule(tuple(f"deck.by_players[].{key}" for key in _BANDS), _deck),
    Rule(("deck.wild_deuces",), _wild_deuces, _natural_deuces),
    Rule(("seating.direction",), _direction),
)
"""Who plays and with what cards."""

DEAL_RULES = (
    Rule(("seating.cutter",), _cutter, _no_cut),
    Rule(("deal.hand_size", "deal.first_player_extra"), _hand_size),
    Rule(("deal.flip_first_discard", "deal.first_upcard"), _upcard),
    Rule(("deal.exchange_card",), _exchange, _no_exchange),
    Rule(
        ("deal.cut_joker_ceremony", "deal.cut_joker_order", "deal.cut_joker_reduces_deal"),
        _cut_jokers,
        _no_cut_jokers,
    ),
    Rule(("deal.instant_win.points", "deal.instant_win.several"), _instant_win, _no_instant_win),
    Rule(tuple(f"deal.indicator.{key}" for key in _INDICATOR), _indicator, _no_indicator),
)
"""How the cards are dealt."""
