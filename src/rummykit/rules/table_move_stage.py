"""The table move stage: for each of ``meld``, ``layoff``, ``shift`` and
``swap``, its checks (:mod:`rummykit.rules.table_checks`) in the order
``apply`` asks them, built once per variant into its rule set
(``rules.table_moves``).

``apply`` asks every check of the move's kind in order and the first
refusal wins; where none refuses, the last check's judgement gives the new
meld (:meth:`MoveChecks.verdict`). The legal-move listing asks the same
objects, grouped by what they read: the checks that read nothing of the
move once per state (:meth:`MoveChecks.state_refusal`), those that read the
table meld once per table meld (:meth:`MoveChecks.melds_standing`; both at
once, :meth:`MoveChecks.open_melds`), and those that read the cards where
its candidates are not built valid (:meth:`MoveChecks.card_refusal`). A
check is in a variant's list only where its keys let it refuse.

>>> from rummykit.variant.model import load_variant
>>> from rummykit.rules.rule_set import rules_of
>>> stage = rules_of(load_variant("contract")).table_moves
>>> [(check.name, check.reads) for check in stage.layoff.checks]  # doctest: +NORMALIZE_WHITESPACE
[('play_phase', ()), ('meld_on_table', ('number',)), ('layoff_permitted', ()),
 ('cards_in_hand', ('cards', 'hand')), ('meld_grows', ('meld', 'cards'))]
>>> [check.name for check in stage.meld.checks]
['play_phase', 'not_gone_down', 'cards_in_hand', 'meld_forms']
>>> [check.name for check in rules_of(load_variant("gin")).table_moves.swap.checks][:3]
['melds_during_play', 'swap_allowed', 'play_phase']
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NoReturn, cast, final

from rummykit.core.errors import Refusal
from rummykit.rules.contract import new_meld_refusal
from rummykit.rules.during_play import play_meld_refusal
from rummykit.rules.table import TableRule
from rummykit.rules.table_checks import (
    CardsInHand,
    Forbidden,
    InPlay,
    InPlayPhase,
    JokerOnMeld,
    JokerSwapsOut,
    Judgement,
    LayoffPermitted,
    MeldForms,
    MeldGrows,
    MeldOnTable,
    NotGoneDown,
    PlayCheck,
    ShiftCardInHand,
    SwapCardsInHand,
    SwapPermitted,
    TableMeldCheck,
    WildShifts,
)
from rummykit.rules.wild_shift import shift_refusal
from rummykit.speed.frozen import frozen_error
from rummykit.variant.model import Variant

if TYPE_CHECKING:  # the rule set holds this stage
    from rummykit.rules.rule_set import RuleSet

__all__ = ["MoveChecks", "TableMoveChecks", "table_move_checks"]


@final
class MoveChecks:
    """The checks of one kind of move of the play phase (a table move, or
    the knock: :func:`rummykit.rules.knock.knock_checks`), in the order
    ``apply`` asks them, the judgement of the cards last; and the same checks grouped by
    what they read, as the listing asks them. Written by hand rather than
    by attrs, like the checks, so that the compiled build makes it native
    (and not generic: mypyc refuses a ``__setattr__`` of its own in a class
    deriving from ``Generic``, a non-native base). The kind
    of move and the outcome are the checks' own types, read by ``apply``:
    ``MeldMove`` and ``LayOff`` give a :class:`Meld`; ``Shift`` and
    ``SwapJoker`` a :data:`~rummykit.rules.table_checks.Moved`; ``Knock``
    the hand it leaves."""

    __slots__ = (
        "before",
        "card_checks",
        "checks",
        "forbidden",
        "judgement",
        "meld_checks",
        "state_checks",
        "turn_checks",
    )
    checks: tuple[PlayCheck[Any], ...]
    """Every check, in order; the last is :attr:`judgement`."""
    before: tuple[PlayCheck[Any], ...]
    """The checks before the judgement."""
    judgement: Judgement[Any, Any]
    state_checks: tuple[PlayCheck[object], ...]
    """The checks that read nothing of the move, in order."""
    meld_checks: tuple[TableMeldCheck, ...]
    """The checks that read the table meld and nothing else of the move, in order."""
    card_checks: tuple[PlayCheck[Any], ...]
    """The checks that read the cards or the hand, in order (the judgement last)."""
    forbidden: Refusal | None
    """Where the variant's keys forbid this kind of move (a :class:`Forbidden`
    check), that check's refusal: every move of the kind is refused."""
    turn_checks: tuple[PlayCheck[object], ...]
    """The checks that read nothing of the move but the phase's and those
    the keys fix (:attr:`forbidden`): what the listing of a play phase asks
    of the state (:meth:`refusal_in_play`)."""

    def __init__(self, before: tuple[PlayCheck[Any], ...], judgement: Judgement[Any, Any]) -> None:
        checks: tuple[PlayCheck[Any], ...] = (*before, judgement)
        # A check's declared reads say which of the listing's questions it
        # belongs to: one that reads nothing of the move takes any move, one
        # that reads only the table meld answers for the meld (TableMeldCheck).
        state = tuple([check for check in checks if not check.reads])
        meld = tuple([check for check in checks if check.reads == ("meld",)])
        cards = tuple([check for check in checks if "cards" in check.reads or "hand" in check.reads])
        object.__setattr__(self, "checks", checks)
        object.__setattr__(self, "before", before)
        object.__setattr__(self, "judgement", judgement)
        object.__setattr__(self, "state_checks", cast("tuple[PlayCheck[object], ...]", state))
        object.__setattr__(self, "meld_checks", cast("tuple[TableMeldCheck, ...]", meld))
        object.__setattr__(self, "card_checks", cards)
        forbidden = [check.refused for check in checks if isinstance(check, Forbidden)]
        object.__setattr__(self, "forbidden", forbidden[0] if forbidden else None)
        turn = [check for check in state if not isinstance(check, (InPlayPhase, Forbidden))]
        object.__setattr__(self, "turn_checks", cast("tuple[PlayCheck[object], ...]", tuple(turn)))

    def __setattr__(self, name: str, value: object) -> NoReturn:
        raise frozen_error()

    def __delattr__(self, name: str) -> NoReturn:
        raise frozen_error()

    def __repr__(self) -> str:
        return f"MoveChecks({self.checks!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, MoveChecks) and other.checks == self.checks

    def __hash__(self) -> int:
        return hash(self.checks)

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return (MoveChecks, (self.before, self.judgement))

    def verdict(self, rules: RuleSet, state: InPlay, move: Any) -> Any:
        """``apply``'s verdict: the first refusal of ``move`` in ``state``,
        or the judgement's outcome (the new meld) where no check refuses."""
        for check in self.before:
            refusal = check.refusal(rules, state, move)
            if refusal is not None:
                return refusal
        return self.judgement.judge(rules, state, move)

    def refusal(self, rules: RuleSet, state: InPlay, move: Any) -> Refusal | None:
        """The first refusal of ``move`` in ``state``, or None."""
        result = self.verdict(rules, state, move)
        return result if isinstance(result, Refusal) else None

    def state_refusal(self, rules: RuleSet, state: InPlay) -> Refusal | None:
        """The first refusal of the checks that read nothing of the move:
        where there is one, every move of this kind is refused in ``state``."""
        for check in self.state_checks:
            refusal = check.refusal(rules, state, None)
            if refusal is not None:
                return refusal
        return None

    def refusal_in_play(self, rules: RuleSet, state: InPlay) -> Refusal | None:
        """:meth:`state_refusal` for a state in its play phase, as the
        listing of the play phase asks it (its phase check is met there): a
        refusal of the checks that read nothing of the move, or None."""
        if self.forbidden is not None:
            return self.forbidden
        for check in self.turn_checks:
            refusal = check.refusal(rules, state, None)
            if refusal is not None:
                return refusal
        return None

    def open_melds(self, rules: RuleSet, state: InPlay) -> list[bool]:
        """For each table meld of ``state`` (in its play phase), may a move of
        this kind go onto it, as far as the checks that read nothing of the
        cards go: does no check that reads nothing of the move refuse
        (:meth:`refusal_in_play`), nor any that reads the table meld? (The
        number a move names is that of a meld on the table.)"""
        if self.refusal_in_play(rules, state) is not None:
            return [False] * len(state.table)
        return self.melds_standing(rules, state)

    def melds_standing(self, rules: RuleSet, state: InPlay) -> list[bool]:
        """For each table meld: does no check that reads the table meld (and
        nothing else of the move) refuse a move of this kind onto it?"""
        checks = self.meld_checks
        if not checks:
            return [True] * len(state.table)
        standing = checks[0].melds_standing(rules, state)
        for check in checks[1:]:
            standing = [a and b for a, b in zip(standing, check.melds_standing(rules, state), strict=True)]
        return standing

    def card_refusal(self, rules: RuleSet, state: InPlay, move: Any) -> Refusal | None:
        """The first refusal of the checks that read the cards or the hand
        (the judgement among them), for a move whose other checks stand."""
        for check in self.card_checks:
            refusal = check.refusal(rules, state, move)
            if refusal is not None:
                return refusal
        return None


@final
class TableMoveChecks:
    """The checks of each table move of the play phase: ``meld``, ``layoff``,
    ``shift`` and ``swap``."""

    __slots__ = ("layoff", "meld", "shift", "swap")
    meld: MoveChecks
    layoff: MoveChecks
    shift: MoveChecks
    swap: MoveChecks

    def __init__(
        self,
        meld: MoveChecks,
        layoff: MoveChecks,
        shift: MoveChecks,
        swap: MoveChecks,
    ) -> None:
        object.__setattr__(self, "meld", meld)
        object.__setattr__(self, "layoff", layoff)
        object.__setattr__(self, "shift", shift)
        object.__setattr__(self, "swap", swap)

    def __setattr__(self, name: str, value: object) -> NoReturn:
        raise frozen_error()

    def __delattr__(self, name: str) -> NoReturn:
        raise frozen_error()

    def __repr__(self) -> str:
        return f"TableMoveChecks({self.meld!r}, {self.layoff!r}, {self.shift!r}, {self.swap!r})"

    def _kinds(self) -> tuple[MoveChecks, ...]:
        return (self.meld, self.layoff, self.shift, self.swap)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, TableMoveChecks) and other._kinds() == self._kinds()

    def __hash__(self) -> int:
        return hash(self._kinds())

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return (TableMoveChecks, self._kinds())


def table_move_checks(variant: Variant, table: TableRule) -> TableMoveChecks:
    """The checks of ``variant``'s table moves, with its ``table`` stage, in
    this order for each kind: a kind the keys forbid (no table moves during
    play, ``turn.wrong-phase``, before a variant's lack of shifts or swaps,
    which is refused whatever the phase: R-WLD-02); the phase; the meld
    named; who may lay off or swap now; the cards held; the cards judged."""
    phase, on_table = InPlayPhase(), MeldOnTable()
    forbidden = play_meld_refusal(variant)
    during = () if forbidden is None else (Forbidden("melds_during_play", forbidden),)
    gone_down = () if new_meld_refusal(variant, opened_before=True) is None else (NotGoneDown(),)
    opened_layoff = table.may_lay_off(opened_now=True)
    layoff_now = () if table.may_lay_off(opened_now=False) else (LayoffPermitted(opened_layoff),)
    shifting = shift_refusal(variant)
    shift_off = () if shifting is None else (Forbidden("shift_allowed", shifting),)
    swapping = table.swap_allowed_refusal()
    swap_off = () if swapping is None else (Forbidden("swap_allowed", swapping),)
    not_opened = table.swap_refusal(opened_now=False)
    swap_now: tuple[SwapPermitted, ...] = ()
    if swapping is None and not_opened is not None:
        swap_now = (SwapPermitted(table.swap_refusal(opened_now=True), not_opened),)
    return TableMoveChecks(
        meld=MoveChecks((*during, phase, *gone_down, CardsInHand()), MeldForms()),
        layoff=MoveChecks((*during, phase, on_table, *layoff_now, CardsInHand()), MeldGrows()),
        shift=MoveChecks(
            (*during, *shift_off, phase, on_table, *layoff_now, ShiftCardInHand()), WildShifts()
        ),
        swap=MoveChecks(
            (*during, *swap_off, phase, on_table, *swap_now, SwapCardsInHand(), JokerOnMeld()),
            JokerSwapsOut(),
        ),
    )
