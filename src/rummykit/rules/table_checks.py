"""The checks of the table moves (``meld``, ``layoff``, ``shift``,
``swap``): each a named check that says what it reads and gives a refusal
or None; the table move stage (:mod:`rummykit.rules.table_move_stage`)
puts them in order for each kind of move.

What a check reads, besides the round and its turn (the phase, who has
opened, the melds laid this turn): ``"number"``, the table meld number the
move names; ``"meld"``, that table meld; ``"cards"``, the cards the move
lays; ``"hand"``, the mover's hand. A check that reads none of them reads
nothing of the move, and takes any move (None too). The last check of each
kind judges the cards (:class:`Judgement`) and gives the new meld.

>>> import rummykit as rk
>>> from rummykit.core.moves import LayOff
>>> state = rk.position_from_dict({"variant": "rami51", "players": 2, "phase": "play",
...     "hands": ["Th 5c", "2d 9d"], "table": [{"owner": 1, "cards": "7h 8h 9h"}]})
>>> check = state.rules.table_moves.layoff.checks[2]
>>> check.name, check.refusal(state.rules, state, None).code
('layoff_permitted', 'layoff.not-opened')
>>> MeldGrows().judge(state.rules, state, LayOff(1, [Card("Th")])).notation()
'7h 8h 9h Th'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar, NoReturn, Protocol, TypeVar, final

from rummykit.core.cards import Card, code_order, format_cards
from rummykit.core.errors import Refusal
from rummykit.core.meld_growth import grow_meld
from rummykit.core.meld_judge import judge_meld
from rummykit.core.meld_model import Meld
from rummykit.core.moves import LayOff, Shift, SwapJoker
from rummykit.core.moves import Meld as MeldMove
from rummykit.core.round_values import TableMeld, Turn
from rummykit.rules.contract import going_down_turn, new_meld_refusal
from rummykit.rules.take import StatelessCheck
from rummykit.rules.wild_shift import shift_wild
from rummykit.speed.frozen import frozen_error

if TYPE_CHECKING:  # the rule set holds the stage these checks are in
    from rummykit.rules.rule_set import RuleSet

__all__ = [
    "CardsInHand",
    "Forbidden",
    "InPlay",
    "InPlayPhase",
    "JokerOnMeld",
    "JokerSwapsOut",
    "Judgement",
    "LayoffPermitted",
    "MeldForms",
    "MeldGrows",
    "MeldOnTable",
    "Moved",
    "NotGoneDown",
    "OntoMeld",
    "PlayCheck",
    "ShiftCardInHand",
    "SwapCardsInHand",
    "SwapPermitted",
    "TableMeldCheck",
    "ValueCheck",
    "WildShifts",
    "opened_now",
]

Moved = tuple[Meld, tuple[int | None, ...]]
"""A shift's or a swap's outcome: the new meld and, per slot, the old slot it
came from (None: a card new to the meld)."""

M_contra = TypeVar("M_contra", contravariant=True)
T_co = TypeVar("T_co", covariant=True)


class InPlay(Protocol):
    """The round as the table moves' checks read it (a RoundState)."""

    @property
    def phase(self) -> str: ...
    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]: ...
    @property
    def to_move(self) -> int: ...
    @property
    def opened(self) -> tuple[bool, ...]: ...
    @property
    def table(self) -> tuple[TableMeld, ...]: ...
    @property
    def turn(self) -> Turn: ...
    @property
    def indicator(self) -> Card | None: ...


class OntoMeld(Protocol):
    """A move onto a table meld: its number (1 for the first meld)."""

    @property
    def meld(self) -> int: ...


class PlayCheck(Protocol[M_contra]):
    """One check of a table move of kind ``M_contra``."""

    @property
    def name(self) -> str: ...

    @property
    def reads(self) -> tuple[str, ...]:
        """What its verdict reads besides the round and its turn:
        ``number``, ``meld``, ``cards``, ``hand`` (see the module)."""
        ...

    def refusal(self, rules: RuleSet, state: InPlay, move: M_contra) -> Refusal | None:
        """The check's verdict on ``move`` in ``state``: a refusal, or None."""
        ...


class Judgement(PlayCheck[M_contra], Protocol[M_contra, T_co]):
    """The last check of a kind: it judges the cards and gives the outcome."""

    def judge(self, rules: RuleSet, state: InPlay, move: M_contra) -> T_co | Refusal:
        """The outcome of ``move`` (the new meld), or the refusal."""
        ...


class TableMeldCheck(PlayCheck[OntoMeld], Protocol):
    """A check that reads the table meld a move names and nothing else of
    the move (``reads == ("meld",)``): its verdict is the meld's (and the
    round's: the showdown's ``knockers_meld`` reads who knocked)."""

    def melds_standing(self, rules: RuleSet, state: InPlay) -> list[bool]:
        """For each meld of ``state.table``: does the check let every move of
        its kind onto it (asked for the whole table at once, by the listing)?"""
        ...


def opened_now(rules: RuleSet, state: InPlay) -> bool:
    """Has the mover opened, before this turn or by the new melds of this
    turn where lay-offs and swaps may follow them?"""
    if state.opened[state.to_move]:
        return True
    new_melds = state.turn.new_melds
    if not new_melds or not rules.table.layoff_after_opening_same_turn():
        return False
    melds = [state.table[i].meld for i in new_melds]
    return not isinstance(rules.opening.judge(melds), Refusal)


def _holds(hand: Sequence[Card], cards: Sequence[Card]) -> bool:
    """Does ``hand`` hold the faces of all ``cards``?"""
    if len(cards) == 1:
        return cards[0].face in hand
    rest = list(hand)
    for card in cards:
        try:
            rest.remove(card.face)
        except ValueError:
            return False
    return True


# --------------------------------------------------------------------------- checks of the turn


class ValueCheck:
    """A check with values of its own, fixed when the stage is built (what
    the keys answered): two are equal when their classes and values are, and
    it pickles by them. Its class names the values in ``FIELDS``, the order
    its ``__init__`` takes them, and refuses setting and deleting them."""

    __slots__ = ()
    FIELDS: ClassVar[tuple[str, ...]] = ()

    def values(self) -> tuple[Any, ...]:
        return tuple([getattr(self, name) for name in self.FIELDS])

    def __repr__(self) -> str:
        return f"{type(self).__name__}{self.values()!r}"

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and isinstance(other, ValueCheck) and other.values() == self.values()

    def __hash__(self) -> int:
        return hash((type(self).__name__, *self.values()))

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return (type(self), self.values())


@final
class InPlayPhase(StatelessCheck):
    """A table move is made in the play phase, after the draw."""

    __slots__ = ()
    name: ClassVar[str] = "play_phase"
    reads: ClassVar[tuple[str, ...]] = ()

    def refusal(self, rules: RuleSet, state: InPlay, move: object) -> Refusal | None:
        if state.phase == "play":
            return None
        return Refusal("turn.wrong-phase", "Draw a card first.")


@final
class Forbidden(ValueCheck):
    """A kind of move the variant's keys forbid (``melds.during_play``,
    ``melds.wild_shift``, ``swap.allowed``): it refuses every move of the
    kind, with the refusal its rule gave when the stage was built."""

    FIELDS = ("name", "refused")
    __slots__ = FIELDS
    name: str
    refused: Refusal
    reads: ClassVar[tuple[str, ...]] = ()

    def __init__(self, name: str, refused: Refusal) -> None:
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "refused", refused)

    def __setattr__(self, name: str, value: object) -> NoReturn:
        raise frozen_error()

    def __delattr__(self, name: str) -> NoReturn:
        raise frozen_error()

    def refusal(self, rules: RuleSet, state: InPlay, move: object) -> Refusal | None:
        return self.refused


@final
class NotGoneDown(StatelessCheck):
    """No new meld by a player who went down in an earlier turn, where
    ``melds.new_after_opening`` is false (R-CON-06)."""

    __slots__ = ()
    name: ClassVar[str] = "not_gone_down"
    reads: ClassVar[tuple[str, ...]] = ()

    def refusal(self, rules: RuleSet, state: InPlay, move: object) -> Refusal | None:
        return new_meld_refusal(rules.variant, opened_before=state.opened[state.to_move])


@final
class LayoffPermitted(ValueCheck):
    """The mover may lay off now: opened, before or by this turn's melds
    where lay-offs may follow them (R-ALL-06), or tentatively in a
    hand-rummy turn (R-ALL-15); not in a contract's going-down turn
    (R-CON-06). In a variant's stage only where the table stage refuses a
    mover who has not opened; ``opened`` is its answer for one who has
    (``TableRule.may_lay_off``, asked once: it reads the keys alone)."""

    FIELDS = ("opened",)
    __slots__ = FIELDS
    opened: bool
    name: ClassVar[str] = "layoff_permitted"
    reads: ClassVar[tuple[str, ...]] = ()

    def __init__(self, opened: bool) -> None:
        object.__setattr__(self, "opened", opened)

    def __setattr__(self, name: str, value: object) -> NoReturn:
        raise frozen_error()

    def __delattr__(self, name: str) -> NoReturn:
        raise frozen_error()

    def refusal(self, rules: RuleSet, state: InPlay, move: object) -> Refusal | None:
        opened = state.opened[state.to_move]
        if self.opened and (opened or opened_now(rules, state)):
            return None
        if going_down_turn(rules.variant, opened_before=opened, new_melds=len(state.turn.new_melds)):
            return Refusal("layoff.not-yet", "You went down this turn; lay off from your next turn on.")
        return Refusal("layoff.not-opened", "You must open before you lay off.")


@final
class SwapPermitted(ValueCheck):
    """The mover may swap a joker now (``swap.requires_opened``,
    ``swap.in_hand_rummy_turn``). In a variant's stage only where the table
    stage refuses a mover who has not opened (``not_opened``, its refusal);
    ``opened`` is its verdict for one who has (``TableRule.swap_refusal``,
    asked once for each: it reads the keys alone)."""

    FIELDS = ("opened", "not_opened")
    __slots__ = FIELDS
    opened: Refusal | None
    not_opened: Refusal
    name: ClassVar[str] = "swap_permitted"
    reads: ClassVar[tuple[str, ...]] = ()

    def __init__(self, opened: Refusal | None, not_opened: Refusal) -> None:
        object.__setattr__(self, "opened", opened)
        object.__setattr__(self, "not_opened", not_opened)

    def __setattr__(self, name: str, value: object) -> NoReturn:
        raise frozen_error()

    def __delattr__(self, name: str) -> NoReturn:
        raise frozen_error()

    def refusal(self, rules: RuleSet, state: InPlay, move: object) -> Refusal | None:
        if state.opened[state.to_move] or opened_now(rules, state):
            return self.opened
        return self.not_opened


# --------------------------------------------------------------------------- checks of the table meld


@final
class MeldOnTable(StatelessCheck):
    """The move names a meld on the table."""

    __slots__ = ()
    name: ClassVar[str] = "meld_on_table"
    reads: ClassVar[tuple[str, ...]] = ("number",)

    def refusal(self, rules: RuleSet, state: InPlay, move: OntoMeld) -> Refusal | None:
        number = move.meld
        if 1 <= number <= len(state.table):
            return None
        return Refusal("layoff.no-such-meld", "There is no meld {meld} on the table.", meld=number)


@final
class JokerOnMeld(StatelessCheck):
    """A joker is swapped only out of a meld that holds one."""

    __slots__ = ()
    name: ClassVar[str] = "joker_on_meld"
    reads: ClassVar[tuple[str, ...]] = ("meld",)

    def refusal(self, rules: RuleSet, state: InPlay, move: OntoMeld) -> Refusal | None:
        return None if state.table[move.meld - 1].meld.jokers else _NO_JOKER

    def melds_standing(self, rules: RuleSet, state: InPlay) -> list[bool]:
        return [entry.meld.jokers > 0 for entry in state.table]


_NO_JOKER = Refusal("swap.no-joker", "This meld holds no joker.")


# --------------------------------------------------------------------------- checks of the cards


@final
class CardsInHand(StatelessCheck):
    """The mover holds the cards a meld or a lay-off lays."""

    __slots__ = ()
    name: ClassVar[str] = "cards_in_hand"
    reads: ClassVar[tuple[str, ...]] = ("cards", "hand")

    def refusal(self, rules: RuleSet, state: InPlay, move: MeldMove | LayOff) -> Refusal | None:
        if _holds(state.hands[state.to_move], move.cards):
            return None
        return Refusal("card.not-in-hand", "You do not hold all of these cards.")


@final
class ShiftCardInHand(StatelessCheck):
    """The mover holds the card a shift puts in the joker's place."""

    __slots__ = ()
    name: ClassVar[str] = "cards_in_hand"
    reads: ClassVar[tuple[str, ...]] = ("cards", "hand")

    def refusal(self, rules: RuleSet, state: InPlay, move: Shift) -> Refusal | None:
        if move.card.face in state.hands[state.to_move]:
            return None
        return Refusal("card.not-in-hand", "You do not hold {card}.", card=move.card)


@final
class SwapCardsInHand(StatelessCheck):
    """The mover holds the cards a swap lays."""

    __slots__ = ()
    name: ClassVar[str] = "cards_in_hand"
    reads: ClassVar[tuple[str, ...]] = ("cards", "hand")

    def refusal(self, rules: RuleSet, state: InPlay, move: SwapJoker) -> Refusal | None:
        cards = move.cards
        if _holds(state.hands[state.to_move], cards):
            return None
        return Refusal("card.not-in-hand", "You do not hold {cards}.", cards=format_cards(cards))


@final
class MeldForms(StatelessCheck):
    """The cards make a meld (the ``[melds]`` keys)."""

    __slots__ = ()
    name: ClassVar[str] = "meld_forms"
    reads: ClassVar[tuple[str, ...]] = ("cards",)

    def judge(self, rules: RuleSet, state: InPlay, move: MeldMove) -> Meld | Refusal:
        return judge_meld(rules.variant.meld_rules, move.cards)

    def refusal(self, rules: RuleSet, state: InPlay, move: MeldMove) -> Refusal | None:
        result = self.judge(rules, state, move)
        return result if isinstance(result, Refusal) else None


@final
class MeldGrows(StatelessCheck):
    """The cards grow the table meld (``layoff.*``, the ``[melds]`` keys)."""

    __slots__ = ()
    name: ClassVar[str] = "meld_grows"
    reads: ClassVar[tuple[str, ...]] = ("meld", "cards")

    def judge(self, rules: RuleSet, state: InPlay, move: LayOff) -> Meld | Refusal:
        return grow_meld(rules.variant, state.table[move.meld - 1].meld, move.cards)

    def refusal(self, rules: RuleSet, state: InPlay, move: LayOff) -> Refusal | None:
        result = self.judge(rules, state, move)
        return result if isinstance(result, Refusal) else None


@final
class WildShifts(StatelessCheck):
    """A joker of the run stands for the card, and may go to the open end the
    move names (R-CON-08)."""

    __slots__ = ()
    name: ClassVar[str] = "wild_shifts"
    reads: ClassVar[tuple[str, ...]] = ("meld", "cards")

    def judge(self, rules: RuleSet, state: InPlay, move: Shift) -> Moved | Refusal:
        return shift_wild(rules.variant, state.table[move.meld - 1].meld, move.card, move.wild)

    def refusal(self, rules: RuleSet, state: InPlay, move: Shift) -> Refusal | None:
        result = self.judge(rules, state, move)
        return result if isinstance(result, Refusal) else None


@final
class JokerSwapsOut(StatelessCheck):
    """The cards take the joker's place as the table stage says (the card it
    stands for; a set's missing suits, ``swap.set_release``). The cards of
    ``swap M C C`` are a set: in code order, the first takes the joker's place."""

    __slots__ = ()
    name: ClassVar[str] = "joker_swaps_out"
    reads: ClassVar[tuple[str, ...]] = ("meld", "cards")

    def judge(self, rules: RuleSet, state: InPlay, move: SwapJoker) -> Moved | Refusal:
        cards = move.cards if not move.more else tuple(sorted(move.cards, key=code_order))
        return rules.table.swap_out_joker(state.table[move.meld - 1].meld, cards)

    def refusal(self, rules: RuleSet, state: InPlay, move: SwapJoker) -> Refusal | None:
        result = self.judge(rules, state, move)
        return result if isinstance(result, Refusal) else None
