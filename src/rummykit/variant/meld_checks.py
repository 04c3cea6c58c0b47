"""Judging cards as melds of a variant named by its id, a Variant or its
MeldRules: the public :func:`check_meld` and :func:`extend_meld`.

>>> check_meld("rami51", "Qh Kh Ah").points
31
>>> extend_meld("rami51", check_meld("rami51", "7s 8s 9s"), "Ts 6s").notation()
'6s 7s 8s 9s Ts'
"""

from __future__ import annotations

from collections.abc import Iterable

from rummykit.core.cards import Card, parse_cards
from rummykit.core.errors import Refusal
from rummykit.core.meld_growth import grow_meld
from rummykit.core.meld_judge import judge_meld
from rummykit.core.meld_model import HasMeldRules, Meld, MeldRules, meld_rules_of
from rummykit.variant.loading import as_variant

__all__ = ["check_meld", "extend_meld"]


def _rules(variant: HasMeldRules | str) -> MeldRules:
    return as_variant(variant).meld_rules if isinstance(variant, str) else meld_rules_of(variant)


def check_meld(variant: HasMeldRules | str, cards: str | Iterable[Card | str]) -> Meld | Refusal:
    """Judge cards (notation or Card objects) as a new meld of ``variant``
    (a Variant, its MeldRules, or a bundled variant's id such as ``"rami51"``).

    >>> check_meld(MeldRules(), "Qh Kh Ah").points
    31
    """
    return judge_meld(_rules(variant), parse_cards(cards))


def extend_meld(variant: HasMeldRules | str, meld: Meld, cards: str | Iterable[Card | str]) -> Meld | Refusal:
    """Lay ``cards`` off onto the table ``meld`` under the meld rules of
    ``variant`` (as for :func:`check_meld`): the grown meld, or a refusal
    with ``layoff.does-not-fit`` (the ``meld.*`` reason is in the message).
    Cards already on the table keep their places; a joker never moves."""
    return grow_meld(_rules(variant), meld, cards)
