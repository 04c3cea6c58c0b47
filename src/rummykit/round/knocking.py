"""The moves of the knock variants (gin): the first upcard, the wall, the
repetition draws, the knock and the showdown that follows it
(docs/variants/gin.md).

The engine hands these moves and phases here; which rules apply is asked of the
rule components (:mod:`rummykit.rules.knock`, ``first_upcard``, ``wall``,
``repetition``, ``during_play``) and of the rule set's checks (the knock's,
and the showdown's of :mod:`rummykit.rules.showdown_checks`), never read from
the variant's name. Every function is pure: a new RoundState, or
IllegalMove and nothing changed.

Phases: ``first_upcard`` (take or pass the first upcard, then the stock draw),
``knock`` (the knocker lays melds, then ``done``) and ``defend`` (the defender
lays off, lays melds, then ``done``, which ends the round).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from rummykit.core.cards import Card
from rummykit.core.errors import IllegalMove, Refusal
from rummykit.core.meld_model import Meld
from rummykit.core.moves import Done, Draw, Knock, LayOff, Move, Pass, Take
from rummykit.core.moves import Meld as MeldMove
from rummykit.core.round_values import Ending, Knocking, TableMeld, Turn, sorted_hand
from rummykit.round.round_scoring import round_result
from rummykit.rules.first_upcard import first_upcard_refusal
from rummykit.rules.repetition import counts_takes, repeat_draws, repeat_ends_round, take_ends_round_now
from rummykit.rules.showdown_checks import laid_off, rest_after, showdown_kind
from rummykit.rules.wall import at_wall
from rummykit.speed.evolve import changer_for
from rummykit.speed.evolve import evolve as _evolve

if TYPE_CHECKING:
    from rummykit.round.state import RoundState

__all__ = [
    "KNOCK_PHASES",
    "after_discard",
    "apply_knocking",
    "discard_refusal",
    "handles",
    "take_counted",
    "take_ends_round",
    "upcard_offer_moves",
    "wall_knock_possible",
    "wall_pass_allowed",
]

KNOCK_PHASES = ("first_upcard", "knock", "defend")
"""The phases whose moves are all applied here."""


def _refuse(code: str, message: str, **fields: object) -> IllegalMove:
    return IllegalMove(code, message, **fields)


def _with_hand(state: RoundState, seat: int, hand: Sequence[Card]) -> tuple[tuple[Card, ...], ...]:
    hands = list(state.hands)
    hands[seat] = sorted_hand(hand)
    return tuple(hands)


def handles(state: RoundState, move: Move) -> bool:
    """Is ``move`` in ``state`` one for this module (a knock phase, or a move
    only the knock variants have)?"""
    return state.phase in KNOCK_PHASES or isinstance(move, (Pass, Knock, Done))


def apply_knocking(state: RoundState, move: Move) -> RoundState:
    """The state after ``move`` (see :func:`handles`), or IllegalMove."""
    if state.phase == "first_upcard":
        return _first_upcard(state, move)
    if state.phase == "knock" or state.phase == "defend":
        return _showdown(state, move)
    if isinstance(move, Pass):
        return _wall_pass(state)
    if isinstance(move, Knock):
        return _knock(state, move)
    raise _refuse("turn.wrong-phase", "Nobody has knocked: there is nothing to be done with.")


# --------------------------------------------------------------------------- first upcard


def _upcard_refusal(state: RoundState, move: Move) -> IllegalMove | None:
    """Why ``move`` is refused in the first upcard's offer; None: it stands."""
    verb = {Take: "take", Pass: "pass", Draw: "draw"}.get(type(move), "")
    if isinstance(move, Take) and move.depth != 1:
        verb = ""
    passes = state.knocking.upcard_passes
    refusal = first_upcard_refusal(state.variant, verb, passes=passes, players=state.players)
    if refusal is not None:
        return IllegalMove.from_refusal(refusal)
    if isinstance(move, Take) and not state.discard:
        return _refuse("draw.discard-empty", "There is no upcard to take.")
    if isinstance(move, Draw) and not state.stock:
        return _refuse("draw.stock-empty", "The stock is empty.")
    return None


def upcard_offer_moves(state: RoundState) -> list[Move]:
    """The moves of the first upcard's offer that ``apply`` accepts now, in
    the order take, pass, draw."""
    return [move for move in _UPCARD_MOVES if _upcard_refusal(state, move) is None]


_UPCARD_MOVES: tuple[Move, ...] = (Take(), Pass(), Draw())


def _first_upcard(state: RoundState, move: Move) -> RoundState:
    refused = _upcard_refusal(state, move)
    if refused is not None:
        raise refused
    knocking = state.knocking
    seat = state.to_move
    if isinstance(move, Pass):
        passes = (*knocking.upcard_passes, seat)
        nxt = (seat + 1) % state.players
        return state.evolve(to_move=nxt, knocking=_evolve(knocking, upcard_passes=passes))
    if isinstance(move, Take):
        upcard = state.discard[-1]
        return state.evolve(
            hands=_with_hand(state, seat, (*state.hands[seat], upcard)),
            discard=state.discard[:-1],
            phase="play",
            turn=Turn(source="discard", taken=upcard),
        )
    return state.evolve(
        hands=_with_hand(state, seat, (*state.hands[seat], state.stock[0])),
        stock=state.stock[1:],
        phase="play",
        turn=Turn(source="stock"),
    )


# --------------------------------------------------------------------------- draw phase: takes and the wall


def take_ends_round(state: RoundState) -> RoundState | None:
    """A take of the draw phase that ends the round (R-GIN-06), before the
    card moves: the drawn round; None when the take goes ahead."""
    if take_ends_round_now(state.variant, len(state.stock), state.knocking.takes):
        return _drawn(state, "take_limit")
    return None


def take_counted(state: RoundState) -> Knocking:
    """The knock's counts after a take of the top discard from ``state``
    (R-GIN-06: takes away from the wall are counted): ``state.knocking``
    itself where the take is not counted."""
    if counts_takes(state.variant) and not at_wall(state.variant, len(state.stock)):
        return _count_take(state.knocking, takes=state.knocking.takes + 1)
    return state.knocking


_count_take = changer_for(Knocking, ("takes",))
"""The knock's counts after a counted take (a copy the engine makes with
every take: quicker than ``evolve`` in pure Python)."""


def wall_knock_possible(state: RoundState) -> bool:
    """Can the mover (who has drawn) knock now?"""
    rule = state.rules.knock
    if rule is None:
        return False
    return bool(rule.knock_cards(state.hands[state.to_move], rule.limit(state.indicator)))


def wall_pass_allowed(state: RoundState) -> bool:
    """May the player to move ``pass`` in the draw phase (at the wall only)?"""
    return state.phase == "draw" and at_wall(state.variant, len(state.stock))


def _wall_pass(state: RoundState) -> RoundState:
    if not wall_pass_allowed(state):
        raise _refuse("turn.wrong-phase", "You may pass only the first upcard, or at the wall.")
    return _drawn(state, "wall")


def discard_refusal(state: RoundState) -> Refusal | None:
    """A discard, or any move but a knock, after the wall's take, which
    must be a knock (R-GIN-12)."""
    if state.turn.source == "discard" and at_wall(state.variant, len(state.stock)):
        return Refusal("turn.must-knock", "At the wall the upcard is taken only to knock: knock now.")
    return None


def after_discard(before: RoundState, discarded: Card, after: RoundState) -> RoundState:
    """The repetition draw (R-GIN-05) once a discard stands."""
    if after.phase == "over" or not repeat_draws(before.variant):
        return after
    turn = before.turn
    repeats = turn.source == "discard" and turn.taken is not None and turn.taken.face == discarded.face
    if repeat_ends_round(before.variant, repeated_before=before.knocking.repeat, repeats_now=repeats):
        return _drawn(after, "repeat")
    if repeats == after.knocking.repeat:
        return after
    return after.with_knocking(knocking=_with_repeat(after.knocking, repeat=repeats))


# A discard of the card just taken, and the next discard, change the knock's
# repeat mark (see ``_count_take``).
_with_repeat = changer_for(Knocking, ("repeat",))


def _drawn(state: RoundState, ending: Ending) -> RoundState:
    result = round_result(
        state.rules.variant, state.hands, state.table, state.opened, ending, None, state.indicator
    )
    return state.evolve(phase="over", result=result, turn=Turn())


# --------------------------------------------------------------------------- the knock


def _knock(state: RoundState, move: Knock) -> RoundState:
    """The state after ``knock C`` (the rule set's ``knock_checks`` stand)."""
    rules = state.rules
    rest: list[Card] | Refusal = rules.knock_checks.verdict(rules, state, move)
    if isinstance(rest, Refusal):
        raise IllegalMove.from_refusal(rest)
    seat = state.to_move
    return state.evolve(
        hands=_with_hand(state, seat, rest),
        phase="knock",
        turns_played=state.turns_played + 1,
        turn=Turn(),
        knocking=_evolve(state.knocking, knocker=seat, knock_card=move.card.face),
    )


def _showdown(state: RoundState, move: Move) -> RoundState:
    """The state after a move of the showdown (phase ``knock`` or
    ``defend``): the checks of its kind in the rule set's ``showdown``
    (``rules/showdown_checks.py``) stand, and their judgement's outcome
    gives it."""
    rules = state.rules
    checks = showdown_kind(rules, state.phase, move)
    if isinstance(checks, Refusal):
        raise IllegalMove.from_refusal(checks)
    outcome = checks.verdict(rules, state, move)
    if isinstance(outcome, Refusal):
        raise IllegalMove.from_refusal(outcome)
    knocker = state.phase == "knock"
    if isinstance(move, MeldMove):
        melded = state.knocking if knocker else _evolve(state.knocking, defender_melded=True)
        return _laid(state, move, outcome, melded)
    if isinstance(move, LayOff):
        return _laid_off(state, move, outcome)
    if knocker:  # the unlaid cards' value: none is a gin
        knocking = _evolve(state.knocking, gin=outcome == 0)
        return state.evolve(phase="defend", to_move=(state.to_move + 1) % state.players, knocking=knocking)
    result = round_result(
        state.rules.variant, state.hands, state.table, state.opened, "knock", outcome, state.indicator
    )
    return state.evolve(phase="over", result=result)


def _laid(state: RoundState, move: MeldMove, meld: Meld, knocking: Knocking) -> RoundState:
    """The state once the mover's meld ``move`` (judged ``meld``) is laid."""
    seat = state.to_move
    entry = TableMeld(seat, meld, (seat,) * len(meld))
    hands = _with_hand(state, seat, rest_after(state.hands[seat], move.cards))
    return state.evolve(hands=hands, table=(*state.table, entry), knocking=knocking)


def _laid_off(state: RoundState, move: LayOff, grown: Meld) -> RoundState:
    """The state once the defender's lay-off ``move`` grows its meld into ``grown``."""
    seat, index = state.to_move, move.meld - 1
    old = state.table[index]
    entry = TableMeld(old.owner, grown, (*old.credits, *(seat,) * len(move.cards))[: len(grown)])
    table = (*state.table[:index], entry, *state.table[index + 1 :])
    return state.evolve(
        hands=_with_hand(state, seat, rest_after(state.hands[seat], move.cards)),
        table=table,
        knocking=_evolve(state.knocking, layoffs=laid_off(state.knocking, move.cards)),
    )
