"""The checks of the exchange card's moves (R-HR-06, R-HR-08): ``exchange
C``, a hand card swapped for the exchange card in the play phase, and
``draw exchange``, the exchange card drawn instead of a card. Each is an
ordered list of named checks (a :class:`MoveChecks`, the rule set's
``exchange_checks`` and ``draw_exchange_checks``), asked in order by ``apply`` and by the legal-move listing:
the checks that read nothing of the move once per state, and the cards
(``exchange C`` names a card of the hand) met by construction.

>>> from rummykit.variant.model import load_variant
>>> from rummykit.rules.rule_set import rules_of
>>> rules = rules_of(load_variant("handromi"))
>>> [(check.name, check.reads) for check in rules.exchange_checks.checks]  # doctest: +NORMALIZE_WHITESPACE
[('play_phase', ()), ('exchange_swap_open', ()), ('before_table_moves', ()),
 ('no_card_owed', ()), ('cards_in_hand', ('cards', 'hand'))]
>>> [check.name for check in rules.draw_exchange_checks.checks]
['draw_phase', 'exchange_card_there', 'hand_rummy_possible']
>>> [check.name for check in rules_of(load_variant("gin")).exchange_checks.checks]
['exchange_swap_allowed', 'play_phase', 'before_table_moves', 'cards_in_hand']
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, Protocol, cast, final

from rummykit.core.cards import Card, code_order
from rummykit.core.errors import Refusal
from rummykit.core.moves import Exchange
from rummykit.rules.draw import DrawRule
from rummykit.rules.table_checks import Forbidden, InPlay, InPlayPhase
from rummykit.rules.table_move_stage import MoveChecks
from rummykit.rules.take import StatelessCheck

if TYPE_CHECKING:  # the rule set holds these checks
    from rummykit.rules.rule_set import RuleSet

__all__ = [
    "BeforeTableMoves",
    "DrawPhase",
    "ExchangeCardHeld",
    "ExchangeCardThere",
    "ExchangeSwapOpen",
    "HandRummyPossible",
    "NoCardOwed",
    "draw_exchange_checks",
    "exchange_move_checks",
]


class AtExchange(InPlay, Protocol):
    """The round as the exchange's checks read it (a RoundState)."""

    @property
    def exchange(self) -> Card | None: ...
    @property
    def turns_played(self) -> int: ...
    @property
    def players(self) -> int: ...


def _at_exchange(state: InPlay) -> AtExchange:
    """``state`` as the exchange's checks read it (every state the engine
    judges is a RoundState, which holds the exchange card)."""
    return cast("AtExchange", state)


_SWAP_REFUSED = Refusal(
    "exchange.not-allowed",
    "The exchange card can be swapped only once, in your turn of the first drawing round.",
)
_DRAW_REFUSED = Refusal("exchange.not-allowed", "The exchange card cannot be drawn now.")
_NO_SWAP = Refusal("exchange.not-allowed", "This variant never lets a card be swapped for an exchange card.")
_NO_DRAW = Refusal("exchange.not-allowed", "This variant never lets an exchange card be drawn.")


@final
class ExchangeSwapOpen(StatelessCheck):
    """The exchange card may be swapped now: in the mover's turn of the first
    drawing round (R-HR-08), while it lies there, once, after a draw."""

    __slots__ = ()
    name: ClassVar[str] = "exchange_swap_open"
    reads: ClassVar[tuple[str, ...]] = ()

    def refusal(self, rules: RuleSet, state: InPlay, move: object) -> Refusal | None:
        round_ = _at_exchange(state)
        turn = state.turn
        if (
            not rules.draw.exchange_swap_allowed(round_.turns_played, round_.players)
            or round_.exchange is None
            or turn.exchanged
            or turn.source == "none"
        ):
            return _SWAP_REFUSED
        return None


@final
class BeforeTableMoves(StatelessCheck):
    """The swap comes right after the draw: it cannot be undone, so it may
    not strand melds laid before it (R-ALL-14's spirit)."""

    __slots__ = ()
    name: ClassVar[str] = "before_table_moves"
    reads: ClassVar[tuple[str, ...]] = ()

    def refusal(self, rules: RuleSet, state: InPlay, move: object) -> Refusal | None:
        if state.turn.steps:
            return _AFTER_STEPS
        return None


_AFTER_STEPS = Refusal("exchange.not-allowed", "Swap the exchange card before you meld or lay off.")


@final
class NoCardOwed(StatelessCheck):
    """No swap while the discard taken this turn must still be laid (R-HR-09,
    R-500-03, R-KAL-06, R-ROE-05): the take was judged on the hand it
    joined, and a swap cannot be undone, so swapping that card, or one its
    meld needs, away could leave a turn that cannot end."""

    __slots__ = ()
    name: ClassVar[str] = "no_card_owed"
    reads: ClassVar[tuple[str, ...]] = ()

    def refusal(self, rules: RuleSet, state: InPlay, move: object) -> Refusal | None:
        turn = state.turn
        owed = turn.chosen if turn.chosen is not None else turn.taken if turn.must_use_taken else None
        if owed is None:
            return None
        return Refusal(
            "exchange.not-allowed",
            "No swap this turn: {card}, taken from the discards, must be laid first.",
            card=owed,
        )


@final
class ExchangeCardHeld(StatelessCheck):
    """The mover holds the card he gives for the exchange card: the swap's
    judgement, whose outcome is the hand left without it."""

    __slots__ = ()
    name: ClassVar[str] = "cards_in_hand"
    reads: ClassVar[tuple[str, ...]] = ("cards", "hand")

    def judge(self, rules: RuleSet, state: InPlay, move: Exchange) -> tuple[Card, ...] | Refusal:
        rest = list(state.hands[state.to_move])
        try:
            rest.remove(move.card.face)
        except ValueError:
            return Refusal("card.not-in-hand", "You do not hold {card}.", card=move.card)
        return tuple(rest)

    def refusal(self, rules: RuleSet, state: InPlay, move: Exchange) -> Refusal | None:
        result = self.judge(rules, state, move)
        return result if isinstance(result, Refusal) else None


@final
class DrawPhase(StatelessCheck):
    """A draw is made in the draw phase, once a turn."""

    __slots__ = ()
    name: ClassVar[str] = "draw_phase"
    reads: ClassVar[tuple[str, ...]] = ()

    def refusal(self, rules: RuleSet, state: InPlay, move: object) -> Refusal | None:
        if state.phase == "draw":
            return None
        return _DRAWN


_DRAWN = Refusal("turn.wrong-phase", "You have drawn already this turn.")


@final
class ExchangeCardThere(StatelessCheck):
    """The exchange card lies there to be drawn."""

    __slots__ = ()
    name: ClassVar[str] = "exchange_card_there"
    reads: ClassVar[tuple[str, ...]] = ()

    def refusal(self, rules: RuleSet, state: InPlay, move: object) -> Refusal | None:
        return None if _at_exchange(state).exchange is not None else _DRAW_REFUSED


@final
class HandRummyPossible(StatelessCheck):
    """The exchange card is drawn only to go out by hand rummy this turn
    (R-HR-06): by a mover who has not opened, whose hand with it can be laid
    down whole as the going-out rules say. The draw's judgement, whose
    outcome is the hand with the exchange card, in code order."""

    __slots__ = ()
    name: ClassVar[str] = "hand_rummy_possible"
    reads: ClassVar[tuple[str, ...]] = ("hand",)

    def judge(self, rules: RuleSet, state: InPlay, move: object) -> tuple[Card, ...] | Refusal:
        card = _at_exchange(state).exchange
        if card is None:  # refused before this check
            return _DRAW_REFUSED
        hand = tuple(sorted((*state.hands[state.to_move], card), key=code_order))
        if state.opened[state.to_move]:
            return _ONLY_HAND_RUMMY
        # The turn the draw starts has no taken card, so none is kept back.
        melds = [t.meld for t in state.table]
        plan = rules.going_out.plan(hand, table=melds, opened=False, not_discardable=[])
        return _ONLY_HAND_RUMMY if plan is None else hand

    def refusal(self, rules: RuleSet, state: InPlay, move: object) -> Refusal | None:
        result = self.judge(rules, state, move)
        return result if isinstance(result, Refusal) else None


_ONLY_HAND_RUMMY = Refusal(
    "exchange.not-allowed", "The exchange card may be drawn only to go out by hand rummy this turn."
)


def exchange_move_checks(draw: DrawRule) -> MoveChecks:
    """The checks of ``exchange C``, with the variant's ``draw`` stage, in
    the order ``apply`` asks them: where the keys never let the exchange
    card be swapped, a :class:`Forbidden` check first, whatever the phase
    (R-WLD-02); the phase; whether the exchange card may be swapped now; no
    table move before it; no taken card still owed to the table; the card held."""
    swapping = draw.exchange_swap_allowed(0, 1) or draw.exchange_swap_allowed(1, 1)  # in a first round
    if not swapping:
        forbidden = Forbidden("exchange_swap_allowed", _NO_SWAP)
        return MoveChecks((forbidden, InPlayPhase(), BeforeTableMoves()), ExchangeCardHeld())
    checks = (InPlayPhase(), ExchangeSwapOpen(), BeforeTableMoves(), NoCardOwed())
    return MoveChecks(checks, ExchangeCardHeld())


def draw_exchange_checks(draw: DrawRule) -> MoveChecks:
    """The checks of ``draw exchange``, with the variant's ``draw`` stage,
    in the order ``apply`` asks them: where the keys never let the exchange
    card be drawn, a :class:`Forbidden` check first, whatever the phase
    (R-WLD-02); the phase; the card there to draw; the hand rummy it is
    drawn for."""
    if not draw.exchange_draw_allowed():
        return MoveChecks((Forbidden("exchange_draw_allowed", _NO_DRAW), DrawPhase()), HandRummyPossible())
    return MoveChecks((DrawPhase(), ExchangeCardThere()), HandRummyPossible())
