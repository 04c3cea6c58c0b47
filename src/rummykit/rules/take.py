"""The take stage: the checks a take of the top discard must pass once the
card is in hand, each a named check that says what it reads.

Each check answers two questions. :meth:`TakeCheck.may_refuse` reads only
the state before the take (each check the one fact it needs: whether the
take is conditional, the hand and the card on top, whether the stock is at
the wall) and says whether the check could refuse at all;
:meth:`TakeCheck.refusal` judges the take with the card in hand.
``apply`` asks every check for its refusal, in order; the legal-move
listing accepts a take at once where no check may refuse, and otherwise
judges it as ``apply`` does. A check is in a variant's stage only
where its keys call for it.

>>> from rummykit.variant.model import load_variant
>>> from rummykit.rules.rule_set import rules_of
>>> [(check.name, check.reads) for check in rules_of(load_variant("handromi")).take.checks]
[('pickup_duty_met', ('hand', 'card', 'table')), ('other_card_to_throw', ('hand', 'card', 'table'))]
>>> [check.name for check in rules_of(load_variant("gin")).take.checks]
['wall_take_knocks']
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar, NoReturn, Protocol, final

from rummykit.core.cards import Card
from rummykit.core.errors import Refusal
from rummykit.core.meld_model import Meld
from rummykit.core.round_values import TableMeld
from rummykit.rules.contract import contract_of, judge_contract
from rummykit.rules.wall import at_wall
from rummykit.speed.frozen import frozen_error
from rummykit.variant.model import Variant

if TYPE_CHECKING:  # the rule set holds this stage
    from rummykit.rules.rule_set import RuleSet

__all__ = [
    "BeforeTake",
    "NoJokerOnTop",
    "OtherCardToThrow",
    "PickupDutyMet",
    "StatelessCheck",
    "TakeCheck",
    "TakeStage",
    "WallTakeKnocks",
    "no_other_card_refusal",
    "take_stage",
]


class BeforeTake(Protocol):
    """The round before a take, as the take's checks read it (a RoundState)."""

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]: ...
    @property
    def to_move(self) -> int: ...
    @property
    def discard(self) -> tuple[Card, ...]: ...
    @property
    def stock(self) -> tuple[Card, ...]: ...
    @property
    def opened(self) -> tuple[bool, ...]: ...
    @property
    def turns_played(self) -> int: ...
    @property
    def players(self) -> int: ...
    @property
    def table(self) -> tuple[TableMeld, ...]: ...
    @property
    def indicator(self) -> Card | None: ...
    @property
    def deal_number(self) -> int: ...


class TakeCheck(Protocol):
    """One check of a take of the top discard."""

    @property
    def name(self) -> str: ...

    @property
    def reads(self) -> tuple[str, ...]:
        """What its verdict reads besides the turn: ``hand``, ``card``, ``table``."""
        ...

    def may_refuse(self, rules: RuleSet, state: BeforeTake) -> bool:
        """Could the check refuse a take of the top discard from ``state``?
        False promises that it does not."""
        ...

    def refusal(self, rules: RuleSet, state: BeforeTake, hand: Sequence[Card]) -> Refusal | None:
        """The check's verdict on the take from ``state``, the card now in
        ``hand``. Asked only where :meth:`may_refuse` is."""
        ...


class StatelessCheck:
    """A take check with no state of its own: its class is all there is to
    it, so two are equal when their classes are, and it pickles by its class."""

    __slots__ = ()
    name: ClassVar[str] = ""

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return (type(self), ())

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self)

    def __hash__(self) -> int:
        return hash(self.name)


@final
class PickupDutyMet(StatelessCheck):
    """A conditionally taken top discard can meet its duty this turn
    (R-HR-09, R-500-03, R-KAL-06 at the take, R-ALL-14)."""

    __slots__ = ()
    name: ClassVar[str] = "pickup_duty_met"
    reads: ClassVar[tuple[str, ...]] = ("hand", "card", "table")

    def may_refuse(self, rules: RuleSet, state: BeforeTake) -> bool:
        opened = state.opened[state.to_move]
        return rules.draw.top_take_is_conditional(state.turns_played, state.players, opened=opened)

    def refusal(self, rules: RuleSet, state: BeforeTake, hand: Sequence[Card]) -> Refusal | None:
        pickup = rules.pickup
        card = state.discard[-1].face
        table = [t.meld for t in state.table]
        if pickup is None or pickup.feasible(
            rules, hand, card, opened=state.opened[state.to_move], table=table
        ):
            return None
        return Refusal(
            "draw.taken-card-unused",
            "You may take {card} only to lay it on the table this turn, and you cannot.",
            card=card,
        )


@final
class OtherCardToThrow(StatelessCheck):
    """The card just taken may not be thrown this turn, so another card must
    be there to throw, or the hand must go out (R-ALL-12)."""

    __slots__ = ()
    name: ClassVar[str] = "other_card_to_throw"
    reads: ClassVar[tuple[str, ...]] = ("hand", "card", "table")

    def may_refuse(self, rules: RuleSet, state: BeforeTake) -> bool:
        face = state.discard[-1].face
        return all(c.face is face for c in state.hands[state.to_move])

    def refusal(self, rules: RuleSet, state: BeforeTake, hand: Sequence[Card]) -> Refusal | None:
        return no_other_card_refusal(rules, state, hand, state.discard[-1].face)


def no_other_card_refusal(
    rules: RuleSet, state: BeforeTake, hand: Sequence[Card], face: Card
) -> Refusal | None:
    """The refusal of a take that leaves ``hand`` (the card taken in it)
    with no card to throw but the taken card's face, which may not be thrown
    this turn (R-ALL-12), unless the hand can go out without a discard; None
    where another card is there. A deep take asks it too."""
    if any(c.face is not face for c in hand):
        return None
    melds = [t.meld for t in state.table]
    opened = state.opened[state.to_move]
    plan = rules.going_out.plan(hand, table=melds, opened=opened, not_discardable=[face])
    if plan is not None and (opened or _goes_down(rules.variant, state.deal_number, plan.melds)):
        return None
    return Refusal(
        "discard.just-taken", "After taking {card} you would have no other card to discard.", card=face
    )


def _goes_down(variant: Variant, deal_number: int, melds: Sequence[Meld]) -> bool:
    """Do ``melds``, laid by a player who has not gone down, meet the deal's
    contract where the variant has contracts (R-CON-05)?"""
    contract = contract_of(variant, deal_number)
    return contract is None or judge_contract(contract, melds) is None


@final
class WallTakeKnocks(StatelessCheck):
    """At the wall the upcard is taken only to knock at once (R-GIN-12)."""

    __slots__ = ()
    name: ClassVar[str] = "wall_take_knocks"
    reads: ClassVar[tuple[str, ...]] = ("hand",)

    def may_refuse(self, rules: RuleSet, state: BeforeTake) -> bool:
        return at_wall(rules.variant, len(state.stock))

    def refusal(self, rules: RuleSet, state: BeforeTake, hand: Sequence[Card]) -> Refusal | None:
        knock = rules.knock
        if knock is not None and knock.knock_cards(hand, knock.limit(state.indicator)):
            return None
        return Refusal(
            "knock.deadwood", "At the wall the upcard may be taken only to knock, and you could not knock."
        )


@final
class NoJokerOnTop(StatelessCheck):
    """The top discard is no joker, printed or of the deal's wild rank
    (``draw.discard_top_condition = "no_joker"``, R-IND-05)."""

    __slots__ = ()
    name: ClassVar[str] = "no_joker_on_top"
    reads: ClassVar[tuple[str, ...]] = ("card",)

    def may_refuse(self, rules: RuleSet, state: BeforeTake) -> bool:
        return rules.show.is_wild(state.discard[-1], rules.deal.indicator.wild_rank(state.indicator))

    def refusal(self, rules: RuleSet, state: BeforeTake, hand: Sequence[Card]) -> Refusal | None:
        card = state.discard[-1]
        return Refusal("draw.discard-joker", "{card} is a joker: it may not be taken.", card=card)


@final
class TakeStage:
    """The checks of a take of the top discard, in the order ``apply`` asks
    them (the duty of a conditional take, the card to throw, the wall).
    Written by hand rather than by attrs, like its checks, so that the
    compiled build makes them native classes: they are asked at every take."""

    __slots__ = ("checks",)
    checks: tuple[TakeCheck, ...]

    def __init__(self, checks: tuple[TakeCheck, ...]) -> None:
        object.__setattr__(self, "checks", checks)

    def __setattr__(self, name: str, value: object) -> NoReturn:
        raise frozen_error()

    def __delattr__(self, name: str) -> NoReturn:
        raise frozen_error()

    def __repr__(self) -> str:
        return f"TakeStage({self.checks!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, TakeStage) and other.checks == self.checks

    def __hash__(self) -> int:
        return hash(self.checks)

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return (TakeStage, (self.checks,))

    def may_refuse(self, rules: RuleSet, state: BeforeTake) -> bool:
        """Could any check refuse a take of the top discard from ``state``?"""
        # A loop, not any() over a generator: asked at every listing of a
        # draw phase, where the generator would cost more than the checks.
        for check in self.checks:  # noqa: SIM110
            if check.may_refuse(rules, state):
                return True
        return False

    def refusal(self, rules: RuleSet, state: BeforeTake, hand: Sequence[Card]) -> Refusal | None:
        """The first refusal of a take of the top discard from ``state``
        (``hand``: the mover's hand with the card), or None."""
        for check in self.checks:
            if check.may_refuse(rules, state):
                refusal = check.refusal(rules, state, hand)
                if refusal is not None:
                    return refusal
        return None


def take_stage(variant: Variant, *, pickup: bool, marked: bool) -> TakeStage:
    """The take stage of ``variant``: the pickup duty where a top take may
    be conditional (``pickup``), the card to throw where the taken card is
    marked (``marked``), the wall's knock where the stock ends at a wall."""
    checks: list[TakeCheck] = []
    if variant.draw.discard_top_condition == "no_joker":
        checks.append(NoJokerOnTop())
    if pickup:
        checks.append(PickupDutyMet())
    if marked:
        checks.append(OtherCardToThrow())
    if variant.stock_exhausted.action == "wall":
        checks.append(WallTakeKnocks())
    return TakeStage(tuple(checks))
