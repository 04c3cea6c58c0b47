"""The tentative play of a turn: melds, lay-offs, joker shifts and swaps on
the table, and ``undo`` of the last of them.
"""

from __future__ import annotations

from collections.abc import Sequence

from rummykit.core.cards import JOKER, Card, code_order, format_cards
from rummykit.core.errors import IllegalMove, Refusal
from rummykit.core.meld_growth import grow_meld
from rummykit.core.meld_judge import judge_meld
from rummykit.core.meld_model import Meld
from rummykit.core.moves import LayOff, Shift, SwapJoker, Undo
from rummykit.core.moves import Meld as MeldMove
from rummykit.round.move_helpers import need_play, refuse, remove_faces, with_hand
from rummykit.round.state import RoundState, Step, TableMeld
from rummykit.rules import contract as contract_rule
from rummykit.rules.during_play import play_meld_refusal
from rummykit.rules.wild_shift import shift_allowed, shift_wild
from rummykit.speed.evolve import evolve as _evolve

__all__ = ["apply_layoff", "apply_meld", "apply_shift", "apply_swap", "apply_undo", "may_lay_off"]


def _step(state: RoundState) -> Step:
    t = state.turn
    return Step(state.hands[state.to_move], state.table, t.new_melds, t.laid_off, t.swaps)


def _opening_now(state: RoundState) -> bool:
    """Has the mover opened, before this turn or by the new melds of this turn?"""
    if state.opened[state.to_move]:
        return True
    melds = [state.table[i].meld for i in state.turn.new_melds]
    if not melds:
        return False
    if not state.rules.table.layoff_after_opening_same_turn():
        return False
    return not isinstance(state.rules.opening.judge(melds), Refusal)


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
    need_play(state)
    _check_play_melds(state)
    refusal = contract_rule.new_meld_refusal(state.variant, opened_before=state.opened[state.to_move])
    if refusal is not None:
        raise IllegalMove.from_refusal(refusal)
    hand = remove_faces(state.hands[state.to_move], move.cards)
    if hand is None:
        raise refuse("card.not-in-hand", "You do not hold all of these cards.")
    result = judge_meld(state.variant.meld_rules, move.cards)
    if isinstance(result, Refusal):
        raise IllegalMove.from_refusal(result)
    seat = state.to_move
    entry = TableMeld(seat, result, (seat,) * len(result))
    turn = state.turn
    return state.evolve(
        hands=with_hand(state, hand),
        table=(*state.table, entry),
        turn=_evolve(turn, new_melds=(*turn.new_melds, len(state.table)), steps=(*turn.steps, _step(state))),
    )


def _check_play_melds(state: RoundState) -> None:
    refusal = play_meld_refusal(state.variant)
    if refusal is not None:
        raise IllegalMove.from_refusal(refusal)


def _table_index(state: RoundState, number: int) -> int:
    if not 1 <= number <= len(state.table):
        raise refuse("layoff.no-such-meld", "There is no meld {meld} on the table.", meld=number)
    return number - 1


def may_lay_off(state: RoundState) -> bool:
    """May the mover lay off now (R-ALL-06; tentatively in a hand-rummy turn, R-ALL-15)?"""
    return state.rules.table.may_lay_off(opened_now=_opening_now(state))


def apply_layoff(state: RoundState, move: LayOff) -> RoundState:
    need_play(state)
    _check_play_melds(state)
    variant = state.variant
    index = _table_index(state, move.meld)
    if not may_lay_off(state):
        raise _layoff_refusal(state)
    hand = remove_faces(state.hands[state.to_move], move.cards)
    if hand is None:
        raise refuse("card.not-in-hand", "You do not hold all of these cards.")
    old = state.table[index]
    grown = grow_meld(variant, old.meld, move.cards)
    if isinstance(grown, Refusal):
        raise IllegalMove.from_refusal(grown)
    entry = TableMeld(old.owner, grown, _credits_after(old, grown, state.to_move))
    table = (*state.table[:index], entry, *state.table[index + 1 :])
    turn = state.turn
    return state.evolve(
        hands=with_hand(state, hand),
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


def _layoff_refusal(state: RoundState) -> IllegalMove:
    code = contract_rule.layoff_refusal_code(
        state.variant, opened_before=state.opened[state.to_move], new_melds=len(state.turn.new_melds)
    )
    if code == "layoff.not-yet":
        return refuse(code, "You went down this turn; lay off from your next turn on.")
    return refuse(code, "You must open before you lay off.")


def apply_shift(state: RoundState, move: Shift) -> RoundState:
    need_play(state)
    _check_play_melds(state)
    variant = state.variant
    if not shift_allowed(variant):
        raise refuse("shift.not-allowed", "In this variant a joker is never pushed along a run.")
    index = _table_index(state, move.meld)
    if not may_lay_off(state):
        raise _layoff_refusal(state)
    hand = remove_faces(state.hands[state.to_move], [move.card])
    if hand is None:
        raise refuse("card.not-in-hand", "You do not hold {card}.", card=move.card)
    old = state.table[index]
    result = shift_wild(variant, old.meld, move.card, move.wild)
    if isinstance(result, Refusal):
        raise IllegalMove.from_refusal(result)
    meld, order = result
    credits = tuple(state.to_move if i is None else old.credits[i] for i in order)
    table = (*state.table[:index], TableMeld(old.owner, meld, credits), *state.table[index + 1 :])
    turn = state.turn
    return state.evolve(
        hands=with_hand(state, hand),
        table=table,
        turn=_evolve(
            turn, laid_off=(*turn.laid_off, (index, move.card.face)), steps=(*turn.steps, _step(state))
        ),
    )


def apply_swap(state: RoundState, move: SwapJoker) -> RoundState:
    need_play(state)
    stage = state.rules.table
    refusal = stage.swap_allowed_refusal()
    if refusal is not None:
        raise IllegalMove.from_refusal(refusal)
    index = _table_index(state, move.meld)
    refusal = stage.swap_refusal(opened_now=_opening_now(state))
    if refusal is not None:
        raise IllegalMove.from_refusal(refusal)
    hand = remove_faces(state.hands[state.to_move], list(move.cards))
    if hand is None:
        raise refuse("card.not-in-hand", "You do not hold {cards}.", cards=format_cards(move.cards))
    old = state.table[index]
    # The cards of ``swap M C C`` are a set (R-KAL-10 lays every missing suit
    # at once), in whatever order they are written: in code order, the first
    # takes the joker's place (and credit) and the turn records them so.
    cards = move.cards if not move.more else tuple(sorted(move.cards, key=code_order))
    result = stage.swap_out_joker(old.meld, cards)
    if isinstance(result, Refusal):
        raise IllegalMove.from_refusal(result)
    meld, order = result
    credits = tuple(state.to_move if i is None else old.credits[i] for i in order)
    entry = TableMeld(old.owner, meld, credits)
    table = (*state.table[:index], entry, *state.table[index + 1 :])
    turn = state.turn
    return state.evolve(
        hands=with_hand(state, (*hand, JOKER)),
        table=table,
        turn=_evolve(
            turn,
            laid_off=(*turn.laid_off, *_laid(index, cards)),
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
