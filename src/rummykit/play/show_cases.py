"""The case kinds of a deal with a wild rank (docs/case-files.md): a cut card
that names the wild rank of a ``[[meld]]`` or ``[[hand]]`` case, and the
``[[show]]`` case (a hand judged for a declaration and for a loser's count).

Each function answers with what failed, as (expected, got), or None when
the case holds; the conformance runner makes the result.
"""

from __future__ import annotations

from typing import Any

from rummykit.core.cards import JOKER_CODE, Rank, parse_card, parse_cards
from rummykit.core.errors import NotationError
from rummykit.core.meld_model import MeldRules
from rummykit.core.meld_shape import MeldShape
from rummykit.solver.show import judge_show
from rummykit.variant.model import Variant

__all__ = [
    "SHOW_SHAPE",
    "case_meld_rules",
    "hand_case_penalty",
    "largest_show",
    "show_case_failure",
    "wild_rank_of_cut",
]

SHOW_SHAPE = MeldShape(runs=2, pure_runs=1)
"""The shape a ``[[show]]`` is judged by where the variant declares none:
two sequences, one of them pure (the Indian declaration)."""


def wild_rank_of_cut(text: Any) -> Rank | None:
    """The wild rank a case's ``cut_card`` names: its rank, the ace for a
    printed joker (aces are wild when a joker is cut); None without one. A
    cut card is a plain face: a declaration is bad notation.

    >>> wild_rank_of_cut("9c"), wild_rank_of_cut("JK"), wild_rank_of_cut(None)
    (<Rank.NINE: 9>, <Rank.ACE: 14>, None)
    """
    if text is None:
        return None
    card = parse_card(text)
    if card.face is not card or card.declared is not None:
        raise NotationError(str(text), "a cut card is a plain face, like 9c or JK")
    return Rank.ACE if card.code == JOKER_CODE else card.rank


def case_meld_rules(variant: Variant, case: dict[str, Any]) -> MeldRules:
    """The meld rules a case is judged by: the variant's, with the wild rank
    of the case's ``cut_card``."""
    return variant.meld_rules.with_wild_rank(wild_rank_of_cut(case.get("cut_card")))


def hand_case_penalty(variant: Variant, case: dict[str, Any]) -> int:
    """What a ``[[hand]]`` case's cards count in a deal whose wild rank its
    ``cut_card`` names (its cards count ``values.hand.wild``)."""
    penalties = variant.values.hand.with_wild_rank(wild_rank_of_cut(case["cut_card"]))
    return sum(penalties[card.code] for card in parse_cards(case["cards"]))


def show_shape(variant: Variant) -> MeldShape:
    """The shape the variant's declaration asks for (``declare.shape``), or
    :data:`SHOW_SHAPE` where the variant has no declaration."""
    return variant.declare.shape if variant.declare.allowed else SHOW_SHAPE


def largest_show(variant: Variant) -> int:
    """The most cards a show may hold: the largest hand the variant deals
    (the first player's extra cards too) and a drawn card."""
    deal = variant.deal
    hands = [band.hand_size or deal.hand_size for band in variant.deck.by_players]
    return max(hands, default=deal.hand_size) + deal.first_player_extra + 1


def show_case_failure(variant: Variant, case: dict[str, Any]) -> tuple[str, str] | None:
    """Judge a ``[[show]]`` case: ``valid`` (may these cards be declared) and
    ``count`` (what they count for a loser, before any cap). A wild card
    written declared (``JK=8h``, ``9d=8h``) lies only where it is declared.
    Cards no deck of the variant holds are refused (``card.not-in-deck``);
    more cards than a hand holds after its draw stop the file."""
    cards = parse_cards(case["cards"])
    most = largest_show(variant)
    if len(cards) > most:
        raise NotationError(
            case["cards"], "a show holds at most {most} cards (a hand and its draw)", most=most
        )
    missing = variant.deck_refusal(cards)
    if missing is not None:
        if case.get("valid") is False and "count" not in case:
            return None
        expected = f"valid {case['valid']}" if "valid" in case else f"count {case.get('count')}"
        return expected, f"refused ({missing.code}: {missing.message})"
    wild_rank = wild_rank_of_cut(case["cut_card"])
    try:
        show = judge_show(variant.meld_rules, cards, show_shape(variant), variant.values.hand, wild_rank)
    except ValueError:
        raise NotationError(
            case["cards"], "only a wild card may be declared in a show, and as a natural card (JK=8h, 9d=8h)"
        ) from None
    groups = " | ".join(map(str, show.groups)) or "no arrangement"
    shown = f"valid {show.valid}, count {show.count} ({groups})"
    if "valid" in case and case["valid"] != show.valid:
        return f"valid {case['valid']}", shown
    if "count" in case and case["count"] != show.count:
        return f"count {case['count']}", shown
    return None
