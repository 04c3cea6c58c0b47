"""The checks of a take from deep in the discard row (``take N``, N > 1):
an ordered list of named checks (a :class:`MoveChecks`, the rule set's
``deep_take_checks``), asked in order by ``apply`` and by the legal-move
listing, which lists the depths the draw stage lets the mover name
(``DrawRule.take_depths``, the verdicts of ``take_allowed``) and asks the
judgement of each.

>>> from rummykit.variant.model import load_variant
>>> from rummykit.rules.rule_set import rules_of
>>> checks = rules_of(load_variant("roemie")).deep_take_checks
>>> [(check.name, check.reads) for check in checks.checks]  # doctest: +NORMALIZE_WHITESPACE
[('draw_phase', ()), ('take_allowed', ('number',)),
 ('chosen_card_usable', ('number', 'hand', 'table'))]
>>> [check.name for check in rules_of(load_variant("rami51")).deep_take_checks.checks]
['discard_deep', 'draw_phase', 'take_allowed', 'chosen_card_usable']
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, Protocol, cast, final

from rummykit.core.cards import Card, code_order
from rummykit.core.errors import Refusal, Text
from rummykit.core.moves import Take
from rummykit.core.round_values import Knocking
from rummykit.rules.draw import DrawRule
from rummykit.rules.exchange_checks import DrawPhase
from rummykit.rules.repetition import take_ends_round_now
from rummykit.rules.table_checks import Forbidden, InPlay
from rummykit.rules.table_move_stage import MoveChecks
from rummykit.rules.take import BeforeTake, StatelessCheck, no_other_card_refusal

if TYPE_CHECKING:  # the rule set holds these checks
    from rummykit.rules.rule_set import RuleSet

__all__ = ["ChosenCardUsable", "TakeAllowed", "deep_take_checks"]

Taken = tuple[tuple[Card, ...], tuple[Card, ...]]
"""A take's outcome: the cards that go to the hand (the chosen card first)
and the discard row left."""


class AtDeepTake(InPlay, Protocol):
    """The round as a deep take's checks read it (a RoundState)."""

    @property
    def discard(self) -> tuple[Card, ...]: ...
    @property
    def stock(self) -> tuple[Card, ...]: ...
    @property
    def knocking(self) -> Knocking: ...


def _at_take(state: InPlay) -> AtDeepTake:
    """``state`` as a deep take's checks read it (every state the engine
    judges is a RoundState)."""
    return cast("AtDeepTake", state)


@final
class TakeAllowed(StatelessCheck):
    """The draw stage lets the mover take from this depth of the row
    (``draw.discard_deep``, the row's length)."""

    __slots__ = ()
    name: ClassVar[str] = "take_allowed"
    reads: ClassVar[tuple[str, ...]] = ("number",)

    def refusal(self, rules: RuleSet, state: InPlay, move: Take) -> Refusal | None:
        return rules.draw.take_refusal(move.depth, len(_at_take(state).discard))


@final
class ChosenCardUsable(StatelessCheck):
    """The card chosen from deep in the row can meet its duty this turn
    (R-ROE-05, R-500-03, R-ALL-14), unless the take ends the round before
    the card moves (R-GIN-06). The take's judgement, whose outcome is the
    cards taken and the row left (None where the round ends)."""

    __slots__ = ()
    name: ClassVar[str] = "chosen_card_usable"
    reads: ClassVar[tuple[str, ...]] = ("number", "hand", "table")

    def judge(self, rules: RuleSet, state: InPlay, move: Take) -> Taken | Refusal | None:
        round_ = _at_take(state)
        variant = rules.variant
        if take_ends_round_now(variant, len(round_.stock), round_.knocking.takes):
            return None
        taken, discard = rules.draw.taken_cards(round_.discard, move.depth)
        chosen = taken[0]
        refusal = _nothing_else_to_throw(rules, round_, taken)
        if refusal is not None:
            return refusal
        deep = rules.deep
        if deep is None:
            return taken, discard
        hand = tuple(sorted((*state.hands[state.to_move], *taken), key=code_order))
        table = [t.meld for t in state.table]
        if deep.feasible(rules, hand, chosen, opened=state.opened[state.to_move], table=table):
            return taken, discard
        return Refusal(
            "draw.taken-card-unused",
            "The chosen card {card} must {duty} this turn, and it cannot.",
            card=chosen,
            duty=Text(deep.duty),
        )

    def refusal(self, rules: RuleSet, state: InPlay, move: Take) -> Refusal | None:
        result = self.judge(rules, state, move)
        return result if isinstance(result, Refusal) else None


def _nothing_else_to_throw(rules: RuleSet, state: AtDeepTake, taken: tuple[Card, ...]) -> Refusal | None:
    """Where a taken card may not be thrown this turn (R-ALL-12), the
    refusal of a take after which the hand holds no other face to throw, as
    a take of the top discard is refused (the chosen card's twin in hand
    left a turn with no legal move)."""
    if not rules.draw.taken_card_is_marked():
        return None
    hand = (*state.hands[state.to_move], *taken)  # unsorted: it matters only where every card is one face
    return no_other_card_refusal(rules, cast("BeforeTake", state), hand, taken[0].face)


def deep_take_checks(draw: DrawRule) -> MoveChecks:
    """The checks of ``take N`` (N > 1), with the variant's ``draw`` stage,
    in the order ``apply`` asks them: where the variant takes only the top
    discard, a :class:`Forbidden` check first, whatever the phase
    (R-WLD-02); the phase, the depth the draw stage allows, the chosen
    card's duty."""
    absent = draw.take_absent(2)
    forbidden = () if absent is None else (Forbidden("discard_deep", absent),)
    return MoveChecks((*forbidden, DrawPhase(), TakeAllowed()), ChosenCardUsable())
