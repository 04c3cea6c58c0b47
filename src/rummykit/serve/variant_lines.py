"""One line about a variant for the game page's setup form, made from its
rules (players, deck, hand, what a player aims at), so every variant, a
new one too, has its line without a word written for it.

>>> import rummykit as rk
>>> variant_line(rk.load_variant("gin"))
'2 players, 1 deck, 10 cards each: knock with 10 or less deadwood, or go gin.'
>>> variant_line(rk.load_variant("romme51"))
'2–4 players, 2 decks and 4 jokers, 14 cards each: open with 51 points and a pure run, then go out.'
"""

from __future__ import annotations

from rummykit.rules.rule_set import rules_of
from rummykit.variant.model import Variant

__all__ = ["variant_line"]


def variant_line(variant: Variant) -> str:
    """The variant in one English line: who plays, with what, and the aim."""
    players = variant.players
    count = f"{players.min}" if players.min == players.max else f"{players.min}\u2013{players.max}"
    band = variant.deck_band(players.min)
    deck = f"{band.decks} deck" + ("s" if band.decks > 1 else "")
    if band.jokers:
        deck += f" and {band.jokers} joker" + ("s" if band.jokers > 1 else "")
    hand = band.hand_size or variant.deal.hand_size
    return f"{count} players, {deck}, {hand} cards each: {_aim(variant)}."


def _aim(variant: Variant) -> str:
    """What a player aims at, by the variant's rules."""
    if rules_of(variant).hand.contracts:
        return "lay down each deal's contract of sets and runs, then go out"
    if variant.declare.allowed:
        return "arrange the hand in sequences, one of them pure, and declare"
    knock = variant.knock
    if knock.allowed and knock.timing == "before_draw":
        return "drop your hand when it counts low, or spread and hit"
    if knock.allowed and variant.deal.indicator.knock_limit != "none":
        return "knock with less deadwood than the first upcard sets, or go gin"
    if knock.allowed:
        return f"knock with {knock.max_deadwood} or less deadwood, or go gin"
    opening = variant.opening
    if opening.min_points:
        pure = " and a pure run" if opening.require_pure_run else ""
        return f"open with {opening.min_points} points{pure}, then go out"
    return "meld sets and runs, lay off, and go out first"
