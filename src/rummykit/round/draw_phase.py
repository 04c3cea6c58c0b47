"""The draw phase: a draw from the stock, a take from the discard pile (its
duties checked), the exchange card; and whether the turn can then end
(R-ALL-12, R-ALL-14).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, cast

from rummykit.core.cards import JOKER, Card
from rummykit.core.errors import IllegalMove, Refusal
from rummykit.core.moves import Draw, DrawExchange, Exchange, Take
from rummykit.core.round_values import Turn
from rummykit.round import knocking
from rummykit.round.move_helpers import hands_with, refuse, with_hand
from rummykit.rules.rule_set import rules_of
from rummykit.rules.wall import wall_draw_refusal
from rummykit.speed.evolve import evolve as _evolve
from rummykit.speed.memo import MemoTable
from rummykit.variant.model import Variant

if TYPE_CHECKING:
    from rummykit.round.state import RoundState

__all__ = [
    "apply_draw",
    "apply_draw_exchange",
    "apply_exchange",
    "apply_take",
    "draw_refusal",
    "in_first_draw_round",
    "top_take_stands",
    "top_take_stands_with",
]


_STOCK_TURN = Turn(source="stock")  # turns are values: a draw from the stock, made once
_TAKE_TURNS: MemoTable[tuple[Card, bool], Turn] = MemoTable("engine.take_turns", limit=1_024)
"""The turn after taking a card, by card and condition (one object each, so
that a commit verdict remembered by its turn object is met again)."""


def in_first_draw_round(state: RoundState) -> bool:
    """Is the turn to be played in the first drawing round (R-HR-08)?"""
    return state.rules.draw.first_draw_round(state.turns_played, state.players)


def _need_draw(state: RoundState) -> None:
    # A variant that never draws so is refused before, whatever the phase (the engine's absent_move_refusal).
    if state.phase != "draw":
        raise refuse("turn.wrong-phase", "You have drawn already this turn.")


def _with_cards(hand: tuple[Card, ...], cards: Sequence[Card]) -> tuple[Card, ...]:
    """``hand`` (in code order) with the faces ``cards`` put in their places,
    each after the cards of its code already there (what sorting the hand
    with the cards at its end gives, without sorting it again)."""
    out = list(hand)
    for card in cards:
        code = card.code
        i = len(out)
        while i and out[i - 1].code > code:
            i -= 1
        out.insert(i, card)
    return tuple(out)


def draw_refusal(state: RoundState) -> IllegalMove | None:
    """Why ``draw`` (from the stock, outside the knock phases) is refused
    now; None: it is legal."""
    if state.phase != "draw":
        return refuse("turn.wrong-phase", "You have drawn already this turn.")
    verdicts = _STOCK_DRAWS.of(state.variant)
    stock_size = len(state.stock)
    hit = verdicts.get(stock_size)
    if hit is None:
        hit = verdicts[stock_size] = (_stock_draw_refusal(state.variant, stock_size),)
    refusal = hit[0]
    return None if refusal is None else IllegalMove.from_refusal(refusal)


def _stock_draw_refusal(variant: Variant, stock_size: int) -> Refusal | None:
    """The draw rule's and the wall's verdict on a stock draw."""
    refusal = rules_of(variant).draw.stock_draw_refusal(stock_size)
    return refusal if refusal is not None else wall_draw_refusal(variant, stock_size)


_STOCK_DRAWS: MemoTable[int, tuple[Refusal | None]] = MemoTable("engine.stock_draws", limit=1_000)
"""``_stock_draw_refusal`` per variant, by the stock's size (a draw phase
asks it when listing and again when the draw is applied)."""


def apply_draw(state: RoundState, move: Draw, log: tuple[str, ...] | None = None) -> RoundState:
    """A draw from the stock; the new state carries ``log`` (None: ``state``'s
    own), see ``apply_move``."""
    refused = draw_refusal(state)
    if refused is not None:
        raise refused
    hands, turn = _hands_after_draw(state, state.stock[:1], _STOCK_TURN)
    window = state.rules.buy is not None
    return state.after_stock_draw(
        hands=hands,
        phase="play",
        turn=turn,
        stock=state.stock[1:],
        buy_window=window,
        log=state.log if log is None else log,
    )


def _after_draw(state: RoundState, drawn: Sequence[Card], *, turn: Turn, **changes: object) -> RoundState:
    """The state once the mover has drawn the faces ``drawn``."""
    hands, turn = _hands_after_draw(state, drawn, turn)
    return state.evolve(hands=hands, phase="play", turn=turn, **changes)


def _hands_after_draw(
    state: RoundState, drawn: Sequence[Card], turn: Turn
) -> tuple[tuple[tuple[Card, ...], ...], Turn]:
    """The hands once the mover has drawn the faces ``drawn``, and ``turn``
    with the jokers he then holds."""
    hand = _with_cards(state.hands[state.to_move], drawn)
    # Hands hold faces, in code order: every joker is the one JOKER, and any sits last.
    jokers = hand.count(JOKER) if hand and hand[-1] is JOKER else 0
    if turn.start_jokers != jokers:
        turn = _with_jokers(state.variant, turn, jokers)
    return hands_with(state, hand), turn


def _with_jokers(variant: Variant, turn: Turn, jokers: int) -> Turn:
    """``turn`` starting with ``jokers`` jokers in hand: one object for each
    turn object and count, as the turns a draw starts are (a commit verdict
    is remembered by its turn object, see ``_hand_blind_verdict`` in turn_commit)."""
    key = (id(turn), jokers)
    turns = _JOKER_TURNS.of(variant)
    hit = turns.get(key)
    if hit is not None and hit[0] is turn:
        return hit[1]
    made = _evolve(turn, start_jokers=jokers)
    turns[key] = (turn, made)
    return made


_JOKER_TURNS: MemoTable[tuple[int, int], tuple[Turn, Turn]] = MemoTable("engine.joker_turns", limit=1_024)
"""Per variant, by the id of a turn and a count of jokers: the turn and its
copy with that count (each entry holds its turn, so the id stays its own)."""


def top_take_stands(state: RoundState) -> bool:
    """Would ``apply`` accept ``take`` (the top discard) in the draw phase?
    The checks of :func:`apply_take`, made without the next state where no
    check of the take stage may refuse; a trial take otherwise."""
    if state.phase != "draw" or state.rules.draw.take_refusal(1, len(state.discard)) is not None:
        return False
    return top_take_stands_with(state)


def top_take_stands_with(state: RoundState) -> bool:
    """:func:`top_take_stands` where its first checks are made: ``state`` is
    in the draw phase, and its draw stage lets the mover take the top
    discard (the legal-move listing has asked ``take_depths``). The
    caller makes them: without them the answer means nothing (and an empty
    discard pile raises IndexError). Where none of the take stage's checks
    may refuse (each says so from the state before the take), the take
    stands; otherwise it is judged as ``apply`` judges it."""
    if knocking.take_ends_round(state) is not None:
        return True
    rules = state.rules
    if not rules.take.may_refuse(rules, state):
        return True
    try:
        apply_take(state, Take(1))
    except IllegalMove:
        return False
    return True


def apply_take(state: RoundState, move: Take, log: tuple[str, ...] | None = None) -> RoundState:
    """A take from the discard pile; the state after a take of the top card
    carries ``log`` (None: ``state``'s own), see ``apply_move``. A take from
    deep in the row is judged by the rule set's ``deep_take_checks``."""
    if move.depth != 1:
        return _apply_deep_take(state, move)
    _need_draw(state)
    variant = state.variant
    rules = state.rules
    rule = rules.draw
    refusal = rule.take_refusal(move.depth, len(state.discard))
    if refusal is not None:
        raise IllegalMove.from_refusal(refusal)
    ended = knocking.take_ends_round(state)
    if ended is not None:
        return ended
    taken, discard = rule.taken_cards(state.discard, move.depth)
    chosen = taken[0]
    opened = state.opened[state.to_move]
    conditional = rule.top_take_is_conditional(state.turns_played, state.players, opened=opened)
    take_turns = _TAKE_TURNS.of(variant)
    turn = take_turns.get((chosen, conditional)) or take_turns.setdefault(
        (chosen, conditional), Turn(source="discard", taken=chosen, must_use_taken=conditional)
    )
    hands, turn = _hands_after_draw(state, taken, turn)
    counted = knocking.take_counted(state)
    new = state.after_top_take(
        hands=hands,
        phase="play",
        turn=turn,
        discard=discard,
        knocking=counted,
        log=state.log if log is None else log,
    )
    refusal = rules.take.refusal(rules, state, hands[state.to_move])
    if refusal is not None:
        raise IllegalMove.from_refusal(refusal)
    return new


def _apply_deep_take(state: RoundState, move: Take) -> RoundState:
    """``take N`` (N > 1): the deep take's checks in order, then the cards
    taken (or the round drawn, where the take ends it)."""
    rules = state.rules
    verdict = rules.deep_take_checks.verdict(rules, state, move)
    if isinstance(verdict, Refusal):
        raise IllegalMove.from_refusal(verdict)
    ended = knocking.take_ends_round(state)
    if ended is not None:
        return ended
    taken, discard = verdict
    chosen = taken[0]
    turn = Turn(
        source="deep",
        taken=chosen if rules.draw.taken_card_is_marked() else None,
        chosen=chosen if rules.deep is not None else None,
    )
    return _after_draw(state, taken, discard=discard, turn=turn)


def apply_draw_exchange(state: RoundState, move: DrawExchange) -> RoundState:
    """The exchange card drawn instead of a card, judged by the exchange's
    checks (``rules.draw_exchange_checks``) in order."""
    rules = state.rules
    verdict = rules.draw_exchange_checks.verdict(rules, state, move)
    if isinstance(verdict, Refusal):
        raise IllegalMove.from_refusal(verdict)
    card = cast("Card", state.exchange)  # the checks refuse a draw where none lies
    return _after_draw(state, (card,), exchange=None, turn=Turn(source="exchange"))


def apply_exchange(state: RoundState, move: Exchange) -> RoundState:
    """A hand card swapped for the exchange card, judged by the exchange's
    checks (``rules.exchange_checks``) in order; the outcome of the last is
    the hand without the card."""
    rules = state.rules
    hand = rules.exchange_checks.verdict(rules, state, move)
    if isinstance(hand, Refusal):
        raise IllegalMove.from_refusal(hand)
    return state.evolve(
        hands=with_hand(state, (*hand, cast("Card", state.exchange))),  # the checks saw it there
        exchange=move.card.face,
        # Like a draw, the exchange cannot be taken back, nor anything before it.
        turn=_evolve(state.turn, exchanged=True, steps=()),
    )
