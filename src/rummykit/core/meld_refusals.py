"""The refusals that more than one part of meld judging gives: cards of
mixed ranks or suits, too many jokers, a deuce played wild where deuces are
not wild. Each has a ``meld.*`` code from docs/refusal-codes.md.

>>> too_many_jokers(MeldRules(max_jokers=2), 3, 4).message
'A meld may hold at most 2 jokers.'
"""

from __future__ import annotations

from rummykit.core.cards import DEUCES_BELOW, Card
from rummykit.core.errors import N_, Refusal, Text
from rummykit.core.meld_model import MeldRules

__all__ = ["NOT_A_MELD", "RUN_SUITS", "SET_RANKS", "deuce_not_wild", "too_many_jokers"]

SET_RANKS = Refusal("meld.set-ranks", "All cards of a set must have the same rank.")
RUN_SUITS = Refusal("meld.run-suits", "All cards of a run must have the same suit.")
NOT_A_MELD = Refusal(
    "meld.not-a-meld",
    "These cards are neither a set (one rank) nor a run (one suit, in sequence).",
)


def too_many_jokers(rules: MeldRules, jokers: int = 0, naturals: int = 0) -> Refusal:
    """The refusal of a meld with more jokers than the rules allow (the
    ``naturals`` of the meld when it is the joker/natural limit that binds)."""
    if jokers <= rules.max_jokers and rules.naturals_cap_jokers:
        rule = N_("fewer jokers than") if rules.fewer_jokers else N_("no more jokers than")
        return Refusal(
            "meld.too-many-jokers",
            "A meld must hold {rule} natural cards ({jokers} jokers, {naturals} natural).",
            rule=Text(rule),
            jokers=jokers,
            naturals=naturals,
        )
    if rules.max_jokers == 0:
        return Refusal("meld.too-many-jokers", "This variant does not allow jokers in melds.")
    most = (
        N_("A meld may hold at most {most} joker.")
        if rules.max_jokers == 1
        else N_("A meld may hold at most {most} jokers.")
    )
    return Refusal("meld.too-many-jokers", most, most=rules.max_jokers)


def deuce_not_wild(card: Card) -> Refusal:
    """The refusal of a natural card played wild where it is not wild: a
    deuce (``2h=8c``) where deuces are not wild, ``meld.deuce-not-wild``;
    any other card (``7d=6h`` where sevens are not the wild rank),
    ``meld.joker-declaration``."""
    if card.face.code >= DEUCES_BELOW:
        return Refusal(
            "meld.joker-declaration",
            "{card} is not wild here: only a joker or a card of the wild rank may be declared.",
            card=card.face,
        )
    return Refusal(
        "meld.deuce-not-wild",
        "In this variant a deuce is not wild: play {card} as itself, without a declaration.",
        card=card.face,
    )
