"""The knock: ending play by laying a card face down, the knocker's melds, the
defender's lay-offs, and the deadwood they leave (docs/variants/gin.md).

Every ``knock.*`` key turns into behaviour here: :func:`knock_stage` builds a
variant's :class:`KnockRule` (None where ``knock.allowed`` is false), and the
engine, the legal-move listing and the bots ask it. The move ``knock C`` is
judged by an ordered list of named checks (:func:`knock_checks`, the rule
set's ``knock_checks``), as the table moves are (``rules/table_move_stage.py``),
and so are the moves of the showdown that follows it
(:mod:`rummykit.rules.showdown_checks`, which ask this rule's limits).
*Deadwood* is the value of the cards left out of melds in the best
arrangement (an exact search, :func:`rummykit.solver.least_penalty`).

The deadwood limit of a deal is :meth:`KnockRule.limit`: ``knock.max_deadwood``,
or what the deal's indicator card sets (``deal.indicator.knock_limit``,
:mod:`rummykit.rules.indicator`). Every check bounded by the limit (the knock,
the knocker's melds and ``done``, the take at the wall, the listing and so the
bots) asks it and hands it to the method that judges.

>>> from rummykit.core.cards import parse_cards
>>> from rummykit.variant.model import load_variant
>>> from rummykit.rules.rule_set import rules_of
>>> rule = rules_of(load_variant("gin")).knock
>>> rule.deadwood(parse_cards("4c 5c 6c 7h 7s 7d Ah 2d 3s 2h"))
8
>>> rule.limit(None)
10
>>> [str(c) for c in rule.knock_cards(parse_cards("4c 5c 6c 7h 7s 7d Ah 2d 3s 2h Kd"), 10)]
['Kd']
>>> rule.knock_cards(parse_cards("4c 5c 6c 7h 7s 7d Ah 2d 3s 2h Kd"), 7)
[]
>>> [check.name for check in rules_of(load_variant("gin")).knock_checks.checks]
['play_phase', 'cards_in_hand', 'deadwood_within_limit']
>>> [check.name for check in rules_of(load_variant("rami51")).knock_checks.checks]
['knock_allowed', 'play_phase', 'cards_in_hand', 'deadwood_within_limit']
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, ClassVar, final

import attrs

from rummykit.core.cards import Card, code_order
from rummykit.core.errors import Refusal
from rummykit.core.meld_model import Meld
from rummykit.core.moves import Knock
from rummykit.rules.indicator import IndicatorRule
from rummykit.rules.table_checks import Forbidden, InPlay, InPlayPhase
from rummykit.rules.table_move_stage import MoveChecks
from rummykit.rules.take import StatelessCheck
from rummykit.solver import least_penalty, penalty_floor
from rummykit.solver.requirement import HandRules
from rummykit.variant.model import Variant

if TYPE_CHECKING:  # the rule set holds the knock's checks
    from rummykit.rules.rule_set import RuleSet

__all__ = ["NO_KNOCK", "DeadwoodWithinLimit", "KnockCardInHand", "KnockRule", "knock_checks", "knock_stage"]


@attrs.frozen(slots=True)
class KnockRule:
    """The knock of one variant: the deadwood limit (``max_deadwood``, or
    the deal's indicator's), and how far the defender may lay off at each
    end of the knocker's runs."""

    variant: Variant = attrs.field(eq=False, repr=False)
    demands: HandRules = attrs.field(eq=False, repr=False)
    max_deadwood: int
    layoff_on_gin: bool
    chain_per_end: int
    limits: tuple[int, ...]
    """The knock limit by the deal's indicator card (by code, the joker's
    last: :attr:`IndicatorRule.limits`); empty where the indicator sets none."""

    def limit(self, indicator: Card | None) -> int:
        """The most deadwood a knocker may keep in a deal whose indicator card
        is ``indicator`` (the round's ``indicator``): the card's limit where
        the variant's indicator sets one, else ``knock.max_deadwood``. (Asked
        by every listing of a play phase: one call, no other.)"""
        limits = self.limits
        return limits[indicator.code] if limits and indicator is not None else self.max_deadwood

    def value(self, cards: Iterable[Card]) -> int:
        """The plain value of ``cards`` (melded or not)."""
        penalty = self.variant.hand_penalties
        return sum(penalty[c.code] for c in cards)

    def deadwood(self, cards: Sequence[Card]) -> int:
        """The least value left out of melds, over every arrangement of ``cards``."""
        return least_penalty(self.variant, cards, demands=self.demands).penalty if cards else 0

    def knock_cards(self, hand: Sequence[Card], most: int) -> list[Card]:
        """The faces C for which ``knock C`` leaves deadwood within the limit ``most``."""
        if (
            not hand
            or penalty_floor(self.variant, hand, demands=self.demands, discard=True, enough=most) > most
        ):
            return []  # the cards in no meld leave too much already (the usual case, found quickly)
        if least_penalty(self.variant, hand, demands=self.demands, discard=True).penalty > most:
            return []
        faces = sorted(set(hand), key=code_order)
        return [c for c in faces if self._within_limit(_without(hand, c), most)]

    def _within_limit(self, rest: Sequence[Card], most: int) -> bool:
        """Is the deadwood of ``rest`` at most ``most``? The quick floor first:
        after most discards of a hand that can knock, the cards in no meld
        already leave too much."""
        return (
            penalty_floor(self.variant, rest, demands=self.demands, enough=most) <= most
            and self.deadwood(rest) <= most
        )

    def knock_refusal(self, rest: Sequence[Card], most: int) -> Refusal | None:
        """A knock that would keep ``rest`` in hand, the limit ``most`` (R-GIN-07, R-GIN-08)."""
        left = self.deadwood(rest)
        if left > most:
            return Refusal(
                "knock.deadwood",
                "Knocking needs deadwood of at most {most}; the rest of your hand has {left}.",
                most=most,
                left=left,
            )
        return None

    def meld_refusal(self, rest: Sequence[Card], most: int) -> Refusal | None:
        """A knocker's meld that would leave ``rest``: the meld must belong to
        an arrangement within the limit ``most`` (R-GIN-09)."""
        left = self.deadwood(rest)
        if left > most:
            return Refusal(
                "knock.deadwood",
                "That meld leaves deadwood of at least {left}; the knock allows {most}.",
                left=left,
                most=most,
            )
        return None

    def done_refusal(self, unlaid: Sequence[Card], most: int) -> Refusal | None:
        """The knocker's ``done`` with ``unlaid`` cards left, the limit ``most`` (R-GIN-09)."""
        left = self.value(unlaid)
        if left > most:
            return Refusal(
                "knock.deadwood",
                "Your unlaid cards count {left}; lay melds until they count {most} or less.",
                left=left,
                most=most,
            )
        return None

    def chain_refusal(self, grown: Meld, layoffs: Iterable[Card]) -> Refusal | None:
        """A lay-off that would put more than ``chain_per_end`` cards at one end
        of a knocker's run, counted from the run as he laid it (R-GIN-11)."""
        if grown.kind != "run":
            return None
        laid_off = {c.face for c in layoffs}
        own = [s.position for s in grown.slots if s.card.face not in laid_off]
        if not own:
            return None
        below, above = min(own) - grown.low, grown.high - max(own)
        if max(below, above) > self.chain_per_end:
            return Refusal(
                "layoff.does-not-fit",
                "At most {most} cards may be laid off at each end of a knocker's run.",
                most=self.chain_per_end,
            )
        return None


def _without(hand: Sequence[Card], card: Card) -> list[Card]:
    rest = list(hand)
    rest.remove(card)
    return rest


def knock_stage(variant: Variant, demands: HandRules, indicator: IndicatorRule) -> KnockRule | None:
    """The knock of ``variant`` (``knock C``; whose deal's indicator is
    ``indicator``), or None where nobody may knock instead of a discard."""
    knock = variant.knock
    if not knock.allowed or knock.timing != "instead_of_discard":  # before the draw: rules/drop_knock.py
        return None
    return KnockRule(
        variant=variant,
        demands=demands,
        max_deadwood=knock.max_deadwood,
        layoff_on_gin=knock.layoff_on_gin,
        chain_per_end=knock.layoff_chain_per_end,
        limits=indicator.limits,
    )


# --------------------------------------------------------------------------- the knock's checks


@final
class KnockCardInHand(StatelessCheck):
    """The mover holds the card a knock lays face down."""

    __slots__ = ()
    name: ClassVar[str] = "cards_in_hand"
    reads: ClassVar[tuple[str, ...]] = ("cards", "hand")

    def refusal(self, rules: RuleSet, state: InPlay, move: Knock) -> Refusal | None:
        if move.card.face in state.hands[state.to_move]:
            return None
        return Refusal("card.not-in-hand", "You do not hold {card}.", card=move.card)


@final
class DeadwoodWithinLimit(StatelessCheck):
    """The hand left by the knock card has deadwood within the limit
    (R-GIN-07, R-GIN-08): the knock's judgement, whose outcome is that hand.
    The listing's knocks are the knock rule's :meth:`KnockRule.knock_cards`,
    the cards this check accepts."""

    __slots__ = ()
    name: ClassVar[str] = "deadwood_within_limit"
    reads: ClassVar[tuple[str, ...]] = ("cards", "hand")

    def judge(self, rules: RuleSet, state: InPlay, move: Knock) -> list[Card] | Refusal:
        rest = _without(state.hands[state.to_move], move.card.face)
        knock = rules.knock
        if knock is None:  # the stage forbids the knock before this check
            return NO_KNOCK
        refusal = knock.knock_refusal(rest, knock.limit(state.indicator))
        return rest if refusal is None else refusal

    def refusal(self, rules: RuleSet, state: InPlay, move: Knock) -> Refusal | None:
        result = self.judge(rules, state, move)
        return result if isinstance(result, Refusal) else None


NO_KNOCK = Refusal("turn.wrong-phase", "This variant has no knock.")
"""The refusal of a knock, and of a move of the showdown, where the variant has none."""


def knock_checks(knock: KnockRule | None) -> MoveChecks:
    """The checks of ``knock C``, in the order the engine asks them: the
    variant has a knock (``knock``, None where ``knock.allowed`` is false),
    the phase, the card held, the deadwood left."""
    allowed = () if knock is not None else (Forbidden("knock_allowed", NO_KNOCK),)
    return MoveChecks((*allowed, InPlayPhase(), KnockCardInHand()), DeadwoodWithinLimit())
