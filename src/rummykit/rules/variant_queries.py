"""The solver and the opening check asked of a variant by name or object:
the public ``best_opening``, ``can_go_out``, ``least_penalty`` and
``check_opening``. Each compiles (or finds) the variant's rule set and hands
the solver what that rule set asks of a hand.

>>> from rummykit.variant.model import load_variant
>>> rami = load_variant("rami51")
>>> best_opening(rami, "Ah Kh Qh Jh 9c 9d 9s 2c 5d").points
68
>>> least_penalty(rami, "7h 8h 9h 9c 9d 2s").penalty
17
>>> check_opening(rami, ["Th Jh Qh Kh"]).code
'opening.below-minimum'
>>> check_opening(load_variant("roemie"), ["Th Jh Qh Kh"]).points
40
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from typing import Any

from rummykit.core.cards import Card, parse_cards
from rummykit.core.errors import Refusal
from rummykit.core.meld_judge import judge_meld
from rummykit.core.meld_model import Meld
from rummykit.rules.opening import OpeningCheck
from rummykit.rules.rule_set import RuleSet, rules_of
from rummykit.solver import Arrangement, GoOutPlan, OpeningPlan
from rummykit.solver import best_opening as _search_opening
from rummykit.solver import can_go_out as _search_going_out
from rummykit.solver import least_penalty as _search_least
from rummykit.solver import penalty_floor as _search_floor
from rummykit.solver.requirement import check_deal_number
from rummykit.variant.model import Variant, as_variant

__all__ = [
    "best_opening",
    "can_go_out",
    "check_opening",
    "least_penalty",
    "max_hand",
    "opening_verdict",
    "penalty_floor",
]


def best_opening(
    variant: Variant | str,
    cards: str | Iterable[Card | str],
    *,
    must_use: Card | str | None = None,
    minimum: int | None = None,
    deal_number: Any = None,
) -> OpeningPlan | None:
    """The melds of highest table value that open under the variant's rules
    (minimum, pure run, jokers per meld), optionally using ``must_use``; None
    if the hand cannot open. ``minimum`` replaces the variant's minimum (0:
    the most valuable melds, whatever their total).

    Where each deal has its contract, the opening is exactly the contract of
    deal ``deal_number`` (1, a match's first deal, when not given): the melds
    of highest value among those that make it. Given a ``minimum`` and no
    ``deal_number``, it asks instead for the most valuable melds of at least
    that total, whatever the contract (both together are a ValueError
    there). Elsewhere ``deal_number`` is checked but not used.

    >>> from rummykit.variant.model import load_variant
    >>> best_opening(load_variant("romme51"), "Kh Ks Kd Kc 9h 9s 9d") is None
    True
    >>> hand = "7h 7s 7d 9c 9d 9h 4h 5h 6h 7h Kc"
    >>> plan = best_opening(load_variant("contract"), hand, deal_number=1)  # 2 sets
    >>> [m.notation() for m in plan.melds], plan.points
    (['7d 7h 7h 7s', '9c 9d 9h'], 55)
    >>> plan = best_opening(load_variant("contract"), hand, deal_number=2)  # 1 set and 1 run
    >>> [m.notation() for m in plan.melds], plan.points
    (['4h 5h 6h 7h', '9c 9d 9h'], 49)
    """
    resolved = as_variant(variant)
    demands = rules_of(resolved).hand
    return _search_opening(
        resolved, cards, demands=demands, must_use=must_use, minimum=minimum, deal_number=deal_number
    )


def can_go_out(
    variant: Variant | str,
    cards: str | Iterable[Card | str],
    *,
    table: Sequence[Meld] = (),
    keep_discard: bool | None = None,
    must_open: bool = False,
    not_discardable: Collection[Card | str] = (),
    new_melds: bool = True,
) -> GoOutPlan | None:
    """Can the whole hand be laid down, as new melds and lay-offs onto the
    ``table`` melds? Returns a plan (truthy) or None.

    ``keep_discard``: True, one card must be left to discard; False, nothing
    may be left; None, as the variant says (``going_out.final_discard``:
    ``required`` means True, ``optional`` allows either). ``must_open``: the
    new melds must also satisfy the opening rules (minimum, pure run).
    ``not_discardable``: faces that may not be the discard. ``new_melds``:
    False where only lay-offs may be made (a contract player who has gone down).

    >>> from rummykit.variant.model import load_variant
    >>> from rummykit.variant.meld_checks import check_meld
    >>> rami = load_variant("rami51")
    >>> plan = can_go_out(rami, "5h 6h", table=[check_meld(rami, "7h 8h 9h")], keep_discard=False)
    >>> plan.layoffs, plan.discard
    (((0, (Card('5h'), Card('6h'))),), None)
    """
    resolved = as_variant(variant)
    return _search_going_out(
        resolved,
        cards,
        demands=rules_of(resolved).hand,
        table=table,
        keep_discard=keep_discard,
        must_open=must_open,
        not_discardable=not_discardable,
        new_melds=new_melds,
    )


def least_penalty(
    variant: Variant | str, cards: str | Iterable[Card | str], *, discard: bool = False
) -> Arrangement:
    """The melds that leave the smallest hand penalty, and what is left.

    ``discard``: one card is thrown away first (the gin "deadwood after the
    discard" of an 11-card hand); the best card to throw is part of the answer.

    >>> from rummykit.variant.model import load_variant
    >>> a = least_penalty(load_variant("roemie"), "7h 8h 9h JK Ac")
    >>> [m.notation() for m in a.melds], a.penalty
    (['7h 8h 9h JK=Th'], 10)
    >>> b = least_penalty(load_variant("roemie"), "7h 8h 9h JK Ac", discard=True)
    >>> b.penalty, b.discard
    (0, Card('Ac'))
    """
    resolved = as_variant(variant)
    return _search_least(resolved, cards, demands=rules_of(resolved).hand, discard=discard)


def penalty_floor(
    variant: Variant | str,
    cards: str | Iterable[Card | str],
    *,
    discard: bool = False,
    enough: int | None = None,
) -> int:
    """A quick lower bound of ``least_penalty(variant, cards, discard=discard).penalty``
    (see :func:`rummykit.solver.penalty_floor`).

    >>> from rummykit.variant.model import load_variant
    >>> gin = load_variant("gin")
    >>> penalty_floor(gin, "7h 8h 9h Kc 2d"), penalty_floor(gin, "7h 8h 9h Kc 2d", discard=True)
    (12, 2)
    """
    resolved = as_variant(variant)
    return _search_floor(resolved, cards, demands=rules_of(resolved).hand, discard=discard, enough=enough)


def max_hand(variant: Variant | str) -> int:
    """The most cards one hand can hold in a round of this variant: the
    solver refuses larger hands as bad input.

    >>> from rummykit.variant.model import load_variant
    >>> max_hand(load_variant("rami51")), max_hand("roemie")
    (14, 108)
    """
    return rules_of(as_variant(variant)).hand.max_hand


def check_opening(
    variant: Variant | str,
    melds: Iterable[str | Iterable[Card | str]],
    *,
    going_out: bool = False,
    deal_number: Any = None,
    players: int | None = None,
) -> OpeningCheck | Refusal:
    """Judge groups of cards (notation or cards), laid in one turn, as an opening.

    Cards that the deck for ``players`` (without ``players``: every deck of
    the variant) does not hold that many times are refused with
    ``card.not-in-deck`` (see :meth:`Variant.deck_refusal`), and a group
    that is not a meld with its ``meld.*`` code. Where each deal has its
    contract, the opening is exactly the contract of deal ``deal_number``
    (the first when not given, as for :func:`best_opening`), else
    ``opening.contract``; elsewhere ``deal_number`` is checked but not
    used. (It is an int, typed Any so that this check, not the compiled
    build's, judges a wrong one.)

    >>> from rummykit.variant.model import load_variant
    >>> contract = load_variant("contract")
    >>> check_opening(contract, ["7h 7s 7d", "9c 9d 9h"]).points  # deal 1: two sets
    48
    >>> check_opening(contract, ["7h 7s 7d", "9c 9d 9h"], deal_number=2).code  # a set and a run
    'opening.contract'
    """
    resolved = as_variant(variant)
    rules = rules_of(resolved)
    contracts = rules.hand.contracts
    if deal_number is not None:
        check_deal_number(deal_number, len(contracts) or None)
    groups = [parse_cards(group) for group in melds]
    refusal = resolved.deck_refusal([card for group in groups for card in group], players)
    if refusal is not None:
        return refusal
    judged: list[Meld] = []
    for cards in groups:
        result = judge_meld(resolved.meld_rules, cards)
        if isinstance(result, Refusal):
            return result
        judged.append(result)
    return opening_verdict(rules, judged, deal_number=deal_number or 1, going_out=going_out)


def opening_verdict(
    rules: RuleSet, melds: Sequence[Meld], *, deal_number: int = 1, going_out: bool = False
) -> OpeningCheck | Refusal:
    """Judge melds (already valid), laid in one turn, as an opening under
    ``rules``: the deal's contract where each deal has one, then the
    opening's components (the minimum, the pure run ...). No melds are no
    opening. ``deal_number``: which deal (from 1; 0 counts as the first).

    >>> from rummykit.core.meld_judge import judge_meld
    >>> from rummykit.variant.model import load_variant
    >>> romme = load_variant("romme51")
    >>> sets = [judge_meld(romme.meld_rules, parse_cards(g)) for g in ("Kh Kd Ks", "Qh Qd Qs")]
    >>> opening_verdict(rules_of(romme), sets).code
    'opening.needs-pure-run'
    """
    contracts = rules.hand.contracts
    if contracts:
        refusal = contracts[(deal_number or 1) - 1].judge(melds)
        if refusal is not None:
            return refusal
    if not melds:
        return _NO_MELDS
    return rules.opening.judge(melds, going_out=going_out)


_NO_MELDS = Refusal("opening.below-minimum", "An opening needs at least one meld.")
"""The verdict on no melds at all (asked for every view of a seat yet to open)."""
