"""The showdown after a knock (docs/variants/gin.md, R-GIN-09 … R-GIN-11):
the knocker lays melds and says ``done`` (phase ``knock``), then the
defender lays off onto the knocker's melds, lays melds and says ``done``
(phase ``defend``), which ends the round.

Each move of each phase is judged by an ordered list of named checks (a
:class:`~rummykit.rules.table_move_stage.MoveChecks`, as the table moves and
the knock are), built once where the variant has a knock into the rule
set's ``showdown`` (:func:`showdown_checks`). The checks the table moves
have too (``cards_in_hand``, ``meld_forms``, ``meld_on_table``,
``meld_grows``) are the same objects' classes. What a check reads is said
as the table moves' checks say it (:mod:`rummykit.rules.table_checks`):
besides the round, which holds the knock's facts (who knocked, a gin, the
cards laid off, whether the defender has melded), ``"number"``, ``"meld"``,
``"cards"``, ``"hand"``. ``apply`` asks a kind's checks in order, the first
refusal wins; the listing asks those that read nothing of the move once
per state, those of the table meld once per table meld, and those of the
cards for each move it builds.

>>> from rummykit.variant.model import load_variant
>>> from rummykit.rules.rule_set import rules_of
>>> showdown = rules_of(load_variant("gin")).showdown
>>> [check.name for check in showdown.knocker.meld.checks]
['cards_in_hand', 'meld_forms', 'deadwood_within_limit']
>>> [check.name for check in showdown.defender.layoff.checks]  # doctest: +NORMALIZE_WHITESPACE
['not_onto_gin', 'before_own_melds', 'meld_on_table', 'knockers_meld', 'cards_in_hand',
 'meld_grows', 'chain_within_limit']
>>> rules_of(load_variant("rami51")).showdown is None
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar, NoReturn, Protocol, cast, final

from rummykit.core.cards import Card, code_order
from rummykit.core.errors import Refusal
from rummykit.core.meld_growth import grow_meld
from rummykit.core.meld_judge import judge_meld
from rummykit.core.meld_model import Meld
from rummykit.core.moves import Done, LayOff
from rummykit.core.moves import Meld as MeldMove
from rummykit.core.round_values import Knocking
from rummykit.rules.knock import NO_KNOCK, KnockRule
from rummykit.rules.table_checks import CardsInHand, InPlay, MeldForms, MeldGrows, MeldOnTable
from rummykit.rules.table_move_stage import MoveChecks
from rummykit.rules.take import StatelessCheck
from rummykit.speed.frozen import frozen_error

if TYPE_CHECKING:  # the rule set holds this stage
    from rummykit.rules.rule_set import RuleSet

__all__ = [
    "BeforeOwnMelds",
    "ChainWithinLimit",
    "InShowdown",
    "KnockersMeld",
    "NotOntoGin",
    "RestWithinLimit",
    "ShowdownChecks",
    "ShowdownEnds",
    "ShowdownPhase",
    "UnlaidWithinLimit",
    "laid_off",
    "rest_after",
    "showdown_checks",
    "showdown_kind",
]


class InShowdown(InPlay, Protocol):
    """The round as the showdown's checks read it (a RoundState in phase
    ``knock`` or ``defend``): the table moves' facts and the knock's."""

    @property
    def knocking(self) -> Knocking: ...


def _knocking(state: InPlay) -> Knocking:
    """The knock's facts of ``state``: the showdown's checks are asked of a
    round in a showdown phase (typed as the checks of every kind are)."""
    return cast("InShowdown", state).knocking


def laid_off(knocking: Knocking, cards: Sequence[Card]) -> tuple[Card, ...]:
    """The cards the defender has laid off once ``cards`` are: the cards of
    one lay-off are a set, recorded in code order whatever order they are
    written in, so that equal moves give equal states."""
    return (*knocking.layoffs, *sorted([c.face for c in cards], key=code_order))


def rest_after(hand: Sequence[Card], cards: Sequence[Card]) -> list[Card]:
    """``hand`` without the faces of ``cards``, which it holds (the move's
    ``cards_in_hand`` stands)."""
    rest = list(hand)
    for card in cards:
        rest.remove(card.face)
    return rest


# --------------------------------------------------------------------------- the knocker's checks


@final
class RestWithinLimit(StatelessCheck):
    """A knocker's meld leaves a hand whose deadwood is still within the
    knock's limit: the meld belongs to an arrangement that keeps the knock
    (R-GIN-09). The judgement of the knocker's meld, whose outcome is the meld."""

    __slots__ = ()
    name: ClassVar[str] = "deadwood_within_limit"
    reads: ClassVar[tuple[str, ...]] = ("cards", "hand")

    def judge(self, rules: RuleSet, state: InPlay, move: MeldMove) -> Meld | Refusal:
        knock = rules.knock
        if knock is None:  # a rule set without a knock has no showdown
            return NO_KNOCK
        most = knock.limit(state.indicator)
        refusal = knock.meld_refusal(rest_after(state.hands[state.to_move], move.cards), most)
        return judge_meld(rules.variant.meld_rules, move.cards) if refusal is None else refusal

    def refusal(self, rules: RuleSet, state: InPlay, move: MeldMove) -> Refusal | None:
        result = self.judge(rules, state, move)
        return result if isinstance(result, Refusal) else None


@final
class UnlaidWithinLimit(StatelessCheck):
    """The knocker says ``done`` with unlaid cards counting no more than the
    knock's limit (R-GIN-09). Its outcome is their value (none: a gin)."""

    __slots__ = ()
    name: ClassVar[str] = "unlaid_within_limit"
    reads: ClassVar[tuple[str, ...]] = ("hand",)

    def judge(self, rules: RuleSet, state: InPlay, move: object) -> int | Refusal:
        knock = rules.knock
        if knock is None:
            return NO_KNOCK
        hand = state.hands[state.to_move]
        refusal = knock.done_refusal(hand, knock.limit(state.indicator))
        return knock.value(hand) if refusal is None else refusal

    def refusal(self, rules: RuleSet, state: InPlay, move: object) -> Refusal | None:
        result = self.judge(rules, state, move)
        return result if isinstance(result, Refusal) else None


# --------------------------------------------------------------------------- the defender's checks


@final
class NotOntoGin(StatelessCheck):
    """Nobody lays off onto a knocker who has gin (R-GIN-10). In a variant's
    stage only where ``knock.layoff_on_gin`` is false."""

    __slots__ = ()
    name: ClassVar[str] = "not_onto_gin"
    reads: ClassVar[tuple[str, ...]] = ()

    def refusal(self, rules: RuleSet, state: InPlay, move: object) -> Refusal | None:
        return _ONTO_GIN if _knocking(state).gin else None


_ONTO_GIN = Refusal("knock.gin-no-layoff", "Nobody lays off onto a gin hand.")


@final
class BeforeOwnMelds(StatelessCheck):
    """The defender lays off before laying melds of his own: his first meld
    ends his lay-offs (R-GIN-11)."""

    __slots__ = ()
    name: ClassVar[str] = "before_own_melds"
    reads: ClassVar[tuple[str, ...]] = ()

    def refusal(self, rules: RuleSet, state: InPlay, move: object) -> Refusal | None:
        return _AFTER_MELDS if _knocking(state).defender_melded else None


_AFTER_MELDS = Refusal("turn.wrong-phase", "Lay-offs come before your own melds.")


@final
class KnockersMeld(StatelessCheck):
    """A lay-off goes onto a meld the knocker laid (R-GIN-10). It reads the
    table meld (its owner) and, of the round, who knocked."""

    __slots__ = ()
    name: ClassVar[str] = "knockers_meld"
    reads: ClassVar[tuple[str, ...]] = ("meld",)

    def refusal(self, rules: RuleSet, state: InPlay, move: LayOff) -> Refusal | None:
        return None if state.table[move.meld - 1].owner == _knocking(state).knocker else _NOT_KNOCKERS

    def melds_standing(self, rules: RuleSet, state: InPlay) -> list[bool]:
        knocker = _knocking(state).knocker
        return [entry.owner == knocker for entry in state.table]


_NOT_KNOCKERS = Refusal("layoff.does-not-fit", "Lay-offs go only onto the knocker's melds.")


@final
class ChainWithinLimit(StatelessCheck):
    """The lay-off puts at most ``knock.layoff_chain_per_end`` cards at each
    end of a knocker's run, counted from the run as he laid it (R-GIN-11):
    the judgement of the defender's lay-off, whose outcome is the grown meld."""

    __slots__ = ()
    name: ClassVar[str] = "chain_within_limit"
    reads: ClassVar[tuple[str, ...]] = ("meld", "cards")

    def judge(self, rules: RuleSet, state: InPlay, move: LayOff) -> Meld | Refusal:
        knock = rules.knock
        if knock is None:
            return NO_KNOCK
        grown = grow_meld(rules.variant, state.table[move.meld - 1].meld, move.cards)
        if isinstance(grown, Refusal):  # the check before refuses it first
            return grown
        refusal = knock.chain_refusal(grown, laid_off(_knocking(state), move.cards))
        return grown if refusal is None else refusal

    def refusal(self, rules: RuleSet, state: InPlay, move: LayOff) -> Refusal | None:
        result = self.judge(rules, state, move)
        return result if isinstance(result, Refusal) else None


@final
class ShowdownEnds(StatelessCheck):
    """The defender's ``done`` ends the round, whatever he has laid (his
    lay-offs and melds are his to choose): nothing refuses it. Its outcome
    is the seat that knocked, whose knock the round's result scores."""

    __slots__ = ()
    name: ClassVar[str] = "showdown_ends"
    reads: ClassVar[tuple[str, ...]] = ()

    def judge(self, rules: RuleSet, state: InPlay, move: object) -> int | Refusal | None:
        return _knocking(state).knocker

    def refusal(self, rules: RuleSet, state: InPlay, move: object) -> Refusal | None:
        return None


# --------------------------------------------------------------------------- the stage


@final
class ShowdownPhase:
    """The checks of the moves of one phase of the showdown: a meld,
    ``done``, and (the defender's) a lay-off; ``other``, the refusal of any
    other move in the phase."""

    __slots__ = ("done", "layoff", "meld", "other")
    meld: MoveChecks
    done: MoveChecks
    layoff: MoveChecks | None
    """None where the phase has no lay-offs (the knocker's)."""
    other: Refusal

    def __init__(self, meld: MoveChecks, done: MoveChecks, layoff: MoveChecks | None, other: Refusal) -> None:
        object.__setattr__(self, "meld", meld)
        object.__setattr__(self, "done", done)
        object.__setattr__(self, "layoff", layoff)
        object.__setattr__(self, "other", other)

    def __setattr__(self, name: str, value: object) -> NoReturn:
        raise frozen_error()

    def __delattr__(self, name: str) -> NoReturn:
        raise frozen_error()

    def _values(self) -> tuple[Any, ...]:
        return (self.meld, self.done, self.layoff, self.other)

    def __repr__(self) -> str:
        return f"ShowdownPhase{self._values()!r}"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, ShowdownPhase) and other._values() == self._values()

    def __hash__(self) -> int:
        return hash(self._values())

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return (ShowdownPhase, self._values())

    def kind(self, move: object) -> MoveChecks | Refusal:
        """The checks of ``move`` in this phase, or the phase's refusal of
        a move it has no checks for."""
        if isinstance(move, MeldMove):
            return self.meld
        if isinstance(move, Done):
            return self.done
        if isinstance(move, LayOff) and self.layoff is not None:
            return self.layoff
        return self.other


@final
class ShowdownChecks:
    """The checks of the showdown's moves: the knocker's (phase ``knock``)
    and the defender's (phase ``defend``)."""

    __slots__ = ("defender", "knocker")
    knocker: ShowdownPhase
    defender: ShowdownPhase

    def __init__(self, knocker: ShowdownPhase, defender: ShowdownPhase) -> None:
        object.__setattr__(self, "knocker", knocker)
        object.__setattr__(self, "defender", defender)

    def __setattr__(self, name: str, value: object) -> NoReturn:
        raise frozen_error()

    def __delattr__(self, name: str) -> NoReturn:
        raise frozen_error()

    def __repr__(self) -> str:
        return f"ShowdownChecks({self.knocker!r}, {self.defender!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, ShowdownChecks) and (other.knocker, other.defender) == (
            self.knocker,
            self.defender,
        )

    def __hash__(self) -> int:
        return hash((self.knocker, self.defender))

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return (ShowdownChecks, (self.knocker, self.defender))

    def phase(self, phase: str) -> ShowdownPhase:
        """The checks of ``phase`` (``knock`` or ``defend``)."""
        return self.knocker if phase == "knock" else self.defender


def showdown_kind(rules: RuleSet, phase: str, move: object) -> MoveChecks | Refusal:
    """The checks of ``move`` in showdown ``phase`` under ``rules``, or the
    refusal of every such move (the variant has no knock; the phase takes
    no move of its kind), as ``apply`` asks them."""
    showdown = rules.showdown
    if showdown is None:
        return NO_KNOCK
    return showdown.phase(phase).kind(move)


def showdown_checks(knock: KnockRule | None) -> ShowdownChecks | None:
    """The checks of the showdown of a variant with ``knock`` (None where
    nobody knocks), in the order the engine asks them: the knocker's meld
    (the cards held, a meld, the deadwood it leaves) and ``done`` (the
    unlaid cards); the defender's lay-off (onto no gin where the keys say
    so, before his own melds, onto a knocker's meld on the table, the cards
    held, the meld grown, the run's ends), meld and ``done``."""
    if knock is None:
        return None
    held, forms = CardsInHand(), MeldForms()
    gin = () if knock.layoff_on_gin else (NotOntoGin(),)
    layoff_checks = (*gin, BeforeOwnMelds(), MeldOnTable(), KnockersMeld(), held, MeldGrows())
    knocker = ShowdownPhase(
        meld=MoveChecks((held, forms), RestWithinLimit()),
        done=MoveChecks((), UnlaidWithinLimit()),
        layoff=None,
        other=Refusal("turn.wrong-phase", "You have knocked: lay your melds, then say done."),
    )
    defender = ShowdownPhase(
        meld=MoveChecks((held,), forms),
        done=MoveChecks((), ShowdownEnds()),
        layoff=MoveChecks(layoff_checks, ChainWithinLimit()),
        other=Refusal("turn.wrong-phase", "Lay off, lay your melds, then say done."),
    )
    return ShowdownChecks(knocker, defender)
