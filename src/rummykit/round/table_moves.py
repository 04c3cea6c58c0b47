"""The tentative play of a turn: melds, lay-offs, joker shifts and swaps on
the table, and ``undo`` of the last of them.

Whether a meld, lay-off, shift or swap stands is the rule set's
(``state.rules.table_moves``, :mod:`rummykit.rules.table_checks`): each
``apply_*`` asks its kind's checks in order and, where none refuses, makes
the new state from the judged meld.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from rummykit.core.cards import JOKER, Card, code_order
from rummykit.core.errors import IllegalMove, Refusal
from rummykit.core.meld_model import Meld
from rummykit.core.moves import LayOff, Shift, SwapJoker, Undo
from rummykit.core.moves import Meld as MeldMove
from rummykit.core.round_values import Step, TableMeld
from rummykit.round.move_helpers import hands_with, need_play, refuse, with_hand
from rummykit.rules.table_checks import Moved
from rummykit.speed.evolve import evolve as _evolve

if TYPE_CHECKING:
    from rummykit.round.state import RoundState

__all__ = ["apply_layoff", "apply_meld", "apply_shift", "apply_swap", "apply_undo"]

Hands = tuple[tuple[Card, ...], ...]
_JOKER_BACK = (JOKER,)
"""What a swap puts in the mover's hand."""


def _step(state: RoundState) -> Step:
    t = state.turn
    return Step(state.hands[state.to_move], state.table, t.new_melds, t.laid_off, t.swaps)


def _credits_after(old: TableMeld, new: Meld, seat: int) -> tuple[int, ...]:
    """Credits for a grown meld: old slots keep their placer, new ones are ``seat``'s."""
    if new.kind == "run":
        by_position = {s.position: c for s, c in zip(old.meld.slots, old.credits, strict=True)}
        return tuple(by_position.get(s.position, seat) for s in new.slots)
    # Old slots are found with ``list.index``, which compares them as Python
    # does in both builds (tools/compiled_equality.py: a compiled ``==``
    # between two slots would compare identities).
    old_slots = list(old.meld.slots)
    old_credits = list(old.credits)
    credits = []
    for slot in new.slots:
        try:
            i = old_slots.index(slot)
        except ValueError:
            credits.append(seat)
            continue
        credits.append(old_credits.pop(i))
        del old_slots[i]
    return tuple(credits)


def apply_meld(state: RoundState, move: MeldMove) -> RoundState:
    """The state after laying the new meld ``move`` (the stage's ``meld`` checks stand)."""
    rules = state.rules
    result: Meld | Refusal = rules.table_moves.meld.verdict(rules, state, move)
    if isinstance(result, Refusal):
        raise IllegalMove.from_refusal(result)
    seat = state.to_move
    entry = TableMeld(seat, result, (seat,) * len(result))
    turn = state.turn
    return state.evolve(
        hands=_hands_less(state, move.cards),
        table=(*state.table, entry),
        turn=_evolve(turn, new_melds=(*turn.new_melds, len(state.table)), steps=(*turn.steps, _step(state))),
    )


def _hands_less(state: RoundState, cards: Sequence[Card], *, plus: tuple[Card, ...] = ()) -> Hands:
    """The hands with the mover's less ``cards`` (which its ``cards_in_hand``
    check found there) and with ``plus`` (jokers, which sort last). A
    state's hands are in code order, and stay so without sorting again."""
    rest = list(state.hands[state.to_move])
    for card in cards:
        rest.remove(card.face)
    return hands_with(state, (*rest, *plus))


def apply_layoff(state: RoundState, move: LayOff) -> RoundState:
    """The state after the lay-off ``move`` (the stage's ``layoff`` checks stand)."""
    rules = state.rules
    grown: Meld | Refusal = rules.table_moves.layoff.verdict(rules, state, move)
    if isinstance(grown, Refusal):
        raise IllegalMove.from_refusal(grown)
    index = move.meld - 1
    old = state.table[index]
    entry = TableMeld(old.owner, grown, _credits_after(old, grown, state.to_move))
    table = (*state.table[:index], entry, *state.table[index + 1 :])
    turn = state.turn
    return state.evolve(
        hands=_hands_less(state, move.cards),
        table=table,
        turn=_evolve(
            turn, laid_off=(*turn.laid_off, *_laid(index, move.cards)), steps=(*turn.steps, _step(state))
        ),
    )


def _laid(index: int, cards: Sequence[Card]) -> tuple[tuple[int, Card], ...]:
    """What the turn records of ``cards`` laid onto table meld ``index``:
    their faces in code order. A lay-off's or a swap's cards are a set, in
    whatever order they are written (``layoff 1 Tc Jc`` is ``layoff 1 Jc
    Tc``), and equal moves give equal states."""
    if len(cards) == 1:
        return ((index, cards[0].face),)
    return tuple([(index, face) for face in sorted([c.face for c in cards], key=code_order)])


def apply_shift(state: RoundState, move: Shift) -> RoundState:
    """The state after the joker shift ``move`` (the stage's ``shift`` checks stand)."""
    rules = state.rules
    result: Moved | Refusal = rules.table_moves.shift.verdict(rules, state, move)
    if isinstance(result, Refusal):
        raise IllegalMove.from_refusal(result)
    meld, order = result
    index = move.meld - 1
    old = state.table[index]
    credits = tuple(state.to_move if i is None else old.credits[i] for i in order)
    table = (*state.table[:index], TableMeld(old.owner, meld, credits), *state.table[index + 1 :])
    turn = state.turn
    return state.evolve(
        hands=_hands_less(state, (move.card,)),
        table=table,
        turn=_evolve(
            turn, laid_off=(*turn.laid_off, (index, move.card.face)), steps=(*turn.steps, _step(state))
        ),
    )


def apply_swap(state: RoundState, move: SwapJoker) -> RoundState:
    """The state after the joker swap ``move`` (the stage's ``swap`` checks
    stand): the joker goes to the mover's hand."""
    rules = state.rules
    result: Moved | Refusal = rules.table_moves.swap.verdict(rules, state, move)
    if isinstance(result, Refusal):
        raise IllegalMove.from_refusal(result)
    meld, order = result
    index = move.meld - 1
    old = state.table[index]
    credits = tuple(state.to_move if i is None else old.credits[i] for i in order)
    entry = TableMeld(old.owner, meld, credits)
    table = (*state.table[:index], entry, *state.table[index + 1 :])
    turn = state.turn
    return state.evolve(
        hands=_hands_less(state, move.cards, plus=_JOKER_BACK),
        table=table,
        turn=_evolve(
            turn,
            laid_off=(*turn.laid_off, *_laid(index, move.cards)),
            swaps=turn.swaps + 1,
            steps=(*turn.steps, _step(state)),
        ),
    )


def apply_undo(state: RoundState, move: Undo) -> RoundState:
    need_play(state)
    if not state.turn.steps:
        raise refuse("undo.nothing", "There is nothing to take back this turn.")
    step = state.turn.steps[-1]
    turn = _evolve(
        state.turn,
        new_melds=step.new_melds,
        laid_off=step.laid_off,
        swaps=step.swaps,
        steps=state.turn.steps[:-1],
    )
    return state.evolve(hands=with_hand(state, step.hand), table=step.table, turn=turn)
