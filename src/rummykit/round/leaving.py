"""The moves that end a turn without a discard: ``drop`` (before the draw)
and ``declare C`` (after it).

Each is judged by its kind's named checks (``rules.drop_checks``,
``rules.declare_checks``), which the legal-move listing asks too, after the
checks every move has (``turn.round-over``, then ``turn.not-your-turn``). A
variant without the move refuses it in any phase: ``drop.not-allowed`` and
``declare.not-allowed``.

- ``drop`` as the knock before the draw (tonk, :mod:`rummykit.rules.drop_knock`):
  made before drawing (``turn.wrong-phase`` after), it ends play at once,
  every hand counted whole: the dropper lowest (``"drop"``) or caught
  (``"caught"``).
- ``drop`` as the fold (``[drop]``, R-IND-10, :mod:`rummykit.rules.leaving_checks`):
  the seat leaves the deal with the first or middle drop's penalty; its
  cards leave play; play goes on with the next seat still in, and when one
  seat is left it wins (``last_in``).
- ``declare C`` (``[declare]``, R-IND-07, 08): C goes face down (out of
  play) and the rest is shown. A valid show ends the deal (``declared``);
  a wrong show costs ``wrong_penalty`` and the declarer leaves the deal
  (``wrong_show`` when that leaves one seat in), or, under
  ``wrong_show = "end_deal"``, the deal ends at once.

Each is a counted turn (R-IND-14, R-TNK-09): the turn cap may end the deal
after a fold or a wrong show, as after a discard.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from rummykit.core.cards import Card
from rummykit.core.errors import IllegalMove, Refusal
from rummykit.core.moves import Declare, Drop
from rummykit.core.round_values import Ending, Turn, leaving_of
from rummykit.round.round_scoring import round_result
from rummykit.round.turn_start import NO_TURN, blocked_round, deal_facts, start_next_turn

if TYPE_CHECKING:
    from rummykit.round.state import RoundState

__all__ = ["apply_declare", "apply_drop", "deal_facts"]


def apply_drop(state: RoundState, move: Drop) -> RoundState:
    """The state after ``drop`` by the seat to move, as the rule set's
    ``drop_checks`` judge it: the knock before the draw ends the round; the
    fold takes the seat out of the deal."""
    rules = state.rules
    verdict = rules.drop_checks.verdict(rules, state, move)
    if isinstance(verdict, Refusal):
        raise IllegalMove.from_refusal(verdict)
    if rules.drop_knock is not None:
        return _knocked_before_draw(state)
    return _leave(state, state.to_move, cast(int, verdict), "last_in")


def _knocked_before_draw(state: RoundState) -> RoundState:
    """The round once the seat to move has dropped: every hand is shown and
    counted; the scoring stage says whether he was caught."""
    result = round_result(state.variant, state.hands, state.table, state.opened, "drop", state.to_move)
    return state.evolve(phase="over", result=result, turn=Turn(), turns_played=state.turns_played + 1)


def apply_declare(state: RoundState, move: Declare) -> RoundState:
    """The state after ``declare C`` by the seat to move, as the rule set's
    ``declare_checks`` judge it; a wrong show is scored, never refused."""
    rules = state.rules
    verdict = rules.declare_checks.verdict(rules, state, move)
    if isinstance(verdict, Refusal):
        raise IllegalMove.from_refusal(verdict)
    shown = cast("tuple[Card, ...]", verdict)
    seat = state.to_move
    hands = list(state.hands)
    hands[seat] = shown
    out = (*state.out_of_play, move.card.face)
    declared = state.evolve(hands=tuple(hands), leaving=leaving_of(state.dropped, state.has_drawn, out))
    if rules.show.valid(shown, rules.deal.indicator.wild_rank(state.indicator)):
        return _over(declared, "declared", seat, counted=True)
    leaving = rules.leaving
    if leaving.wrong_show_ends_deal:
        dropped = list(state.dropped or (0,) * state.players)
        dropped[seat] = leaving.wrong_penalty
        ended = declared.evolve(leaving=leaving_of(tuple(dropped), declared.has_drawn, declared.out_of_play))
        return _over(ended, "wrong_show", None, counted=True)
    return _leave(declared, seat, leaving.wrong_penalty, "wrong_show")


def _leave(state: RoundState, seat: int, penalty: int, ending: Ending) -> RoundState:
    """``seat`` leaves the deal with ``penalty``: its cards leave play; one
    seat left wins (``ending``); else the turn cap, or the next seat in."""
    dropped = list(state.dropped or (0,) * state.players)
    dropped[seat] = penalty
    hands = list(state.hands)
    out = (*state.out_of_play, *hands[seat])
    hands[seat] = ()
    drawn = state.has_drawn
    if drawn and not drawn[seat]:
        drawn = (*drawn[:seat], True, *drawn[seat + 1 :])
    left = state.evolve(
        leaving=leaving_of(tuple(dropped), drawn, out),
        hands=tuple(hands),
        turns_played=state.turns_played + 1,
    )
    rules = state.rules
    inside = rules.leaving.seats_in(state.players, dropped)
    if len(inside) == 1:
        return _over(left, ending, inside[0], counted=False)
    if rules.going_out.turn_cap_reached(left.turns_played):
        return blocked_round(left, "turn_cap")
    nxt = rules.leaving.next_in(state.players, dropped, seat)
    return start_next_turn(left.evolve(phase="draw", turn=NO_TURN, to_move=nxt))


def _over(state: RoundState, ending: Ending, winner: int | None, *, counted: bool) -> RoundState:
    """The deal ends with ``ending``, won by ``winner`` (None: found by the
    scoring); ``counted``: the move's turn still counts one."""
    turns = state.turns_played + 1 if counted else state.turns_played
    facts = deal_facts(state)
    result = round_result(
        state.variant, state.hands, state.table, state.opened, ending, winner, state.indicator, facts
    )
    return state.evolve(phase="over", result=result, turn=NO_TURN, turns_played=turns)
