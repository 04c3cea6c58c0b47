"""Applying moves: the turn as draw, tentative play, commit (docs/engine.md, "The turn").

Every function here is pure: it returns a new RoundState or raises
IllegalMove with a code from docs/refusal-codes.md, and the state it was given is
never changed. Which rules apply is read from the variant (never from its
name); the checks that span a turn run at the commit (discard or ``out``).
"""

from __future__ import annotations

import reprlib
from collections.abc import Callable, Sequence
from typing import Any, cast

from rummykit.core.cards import JOKER, JOKER_CODE, Card, code_order, format_cards
from rummykit.core.errors import N_, IllegalMove, NotationError, Refusal, SeatError, Text
from rummykit.core.melds import Meld, grow_meld, judge_meld
from rummykit.core.moves import (
    Buy,
    Discard,
    Draw,
    DrawExchange,
    Exchange,
    LayOff,
    Move,
    Out,
    Shift,
    SwapJoker,
    Take,
    Undo,
    parse_seat_move,
    split_seat,
)
from rummykit.core.moves import Meld as MeldMove
from rummykit.round import knocking
from rummykit.round.dealing import next_seat, rng_for, shuffle
from rummykit.round.round_scoring import round_result
from rummykit.round.state import Ending, RoundState, Step, TableMeld, Turn
from rummykit.rules import Commit, compose, judge_opening
from rummykit.rules import contract as contract_rule
from rummykit.rules.buy import BuyWindow, buy_rule, opens_window
from rummykit.rules.discard import discard_rule
from rummykit.rules.draw import DrawRule, draw_rule
from rummykit.rules.during_play import play_meld_refusal
from rummykit.rules.going_out import going_out_rule
from rummykit.rules.opening import is_hand_rummy
from rummykit.rules.table import table_rule
from rummykit.rules.turn import deep_obligation, pickup_obligation
from rummykit.rules.wall import at_wall, wall_draw_refusal
from rummykit.rules.wild_shift import shift_allowed, shift_wild
from rummykit.speed.evolve import changer_for, maker_for
from rummykit.speed.evolve import evolve as _evolve
from rummykit.speed.memo import MemoTable, once_per_owner
from rummykit.variant.model import Variant

__all__ = [
    "apply_move",
    "buy_refusal",
    "buy_window",
    "check_commit",
    "check_discard",
    "commit_depends_on_hand",
    "draw_refusal",
    "in_first_draw_round",
    "legal_discards",
    "may_lay_off",
    "start_turn",
    "top_take_stands",
    "top_take_stands_with",
]


_NO_TURN = Turn()  # turns are values: the fresh turn, and a draw from the stock, made once
_STOCK_TURN = Turn(source="stock")
_TAKE_TURNS: MemoTable[tuple[Card, bool], Turn] = MemoTable("engine.take_turns", limit=1_024)
"""The turn after taking a card, by card and condition (one object each, so
that a commit verdict remembered by its turn object is met again)."""


def _refuse(code: str, message: str, **fields: object) -> IllegalMove:
    return IllegalMove(code, message, **fields)


def apply_move(state: RoundState, move: Move | str, seat: Any = None) -> RoundState:
    """The state after ``move``, or IllegalMove (the state is unchanged).

    ``seat`` is who acts (a server passes the seat of the client): a seat not
    to move, or move text naming another seat (``"0: draw"``), is refused with
    ``turn.not-your-turn`` before the move is read any further, so a refusal
    never depends on cards the seat may not see. A ``seat`` that is no seat of
    this round raises TypeError (not an int) or ValueError (out of range);
    it is typed Any so that this check, not the compiled build's, judges it.
    """
    if seat is not None:
        _check_seat(state, seat)
    phase = state.phase
    # The moves of nearly every turn, in their own phase, go straight to their
    # handlers (no buy, no text to read, nothing for the knock; the compiled
    # build makes these native calls).
    after: RoundState | None = None
    if seat is None or seat == state.to_move:  # another seat's move is refused below
        # The exact class, as ``_HANDLERS`` finds the others.
        if phase == "play":
            if type(move) is Discard:
                after = _discard(state, move)
        elif phase == "draw":
            if type(move) is Draw:
                after = _draw(state, move)
            elif type(move) is Take:
                after = _take(state, move)
        if after is not None:
            return _closing_window(after) if state.buy_window else after
    if phase == "over":
        raise _refuse("turn.round-over", "The round is over.")
    if isinstance(move, Buy) or (isinstance(move, str) and _is_buy_text(move)):
        return _buy_for(state, move, seat)
    if seat is not None and seat != state.to_move:
        raise _not_your_turn(state, seat)
    if isinstance(move, str):
        move = _read_move(state, move, seat)
    if knocking.handles(state, move):
        return knocking.apply_knocking(state, move)
    handler: Callable[[RoundState, Any], RoundState] | None = _HANDLERS.get(type(move))
    if handler is None:
        raise _refuse("notation.invalid", "{move} is not a move.", move=repr(move))
    after = handler(state, move)
    return _closing_window(after) if state.buy_window else after


def _closing_window(after: RoundState) -> RoundState:
    """Any move of the player in turn closes the buy window (R-CON-10):
    ``after``, a state after a move made while it was open."""
    return after.evolve(buy_window=False) if after.buy_window else after


def _not_your_turn(state: RoundState, seat: int) -> IllegalMove:
    return _refuse(
        "turn.not-your-turn", "It is seat {turn}'s turn, not seat {seat}'s.", turn=state.to_move, seat=seat
    )


def _is_buy_text(text: str) -> bool:
    try:
        words = split_seat(text)[1].split()
    except NotationError:
        return False
    return bool(words) and words[0].lower() == "buy"


def _buy_for(state: RoundState, move: Move | str, seat: int | None) -> RoundState:
    """A buy: the seat that acts is ``seat``, or the seat the text names."""
    named = None
    if isinstance(move, str):
        try:
            named = parse_seat_move(move)[0]
        except NotationError as error:
            detail = Text(": {reason}", reason=error.why()) if error.reason else ""
            raise _refuse(
                "notation.invalid", "Cannot read {token}{detail}.", token=repr(error.token), detail=detail
            ) from None
        if not 0 <= (named if named is not None else 0) < state.players:
            raise _refuse("turn.not-your-turn", "There is no seat {seat} at this table.", seat=named)
    if seat is not None and named is not None and named != seat:
        raise _refuse(
            "turn.not-your-turn", "Seat {seat} cannot move for seat {named}.", seat=seat, named=named
        )
    buyer = seat if seat is not None else named
    if buyer is None:
        raise _refuse("buy.not-available", "A buy names the seat that buys, as in '2: buy'.")
    return _buy(state, buyer)


def _buy(state: RoundState, buyer: int) -> RoundState:
    rule = buy_rule(state.variant)
    if rule is None:
        raise _refuse("buy.not-available", "Nobody buys the upcard in this variant.")
    refusal = rule.refusal(buy_window(state, buyer), buyer)
    if refusal is not None:
        raise IllegalMove.from_refusal(refusal)
    penalty = state.stock[: rule.penalty_cards]
    hands = list(state.hands)
    hands[buyer] = tuple(sorted((*hands[buyer], state.discard[-1], *penalty), key=code_order))
    buys = list(state.buys or (0,) * state.players)
    buys[buyer] += 1
    return state.evolve(
        hands=tuple(hands),
        discard=state.discard[:-1],
        stock=state.stock[rule.penalty_cards :],
        buys=tuple(buys),
        buy_window=False,
    )


def buy_window(state: RoundState, seat: int) -> BuyWindow:
    """The facts a buy by ``seat`` is judged on (R-CON-10)."""
    discarder = next_seat(state.variant, state.players, state.to_move, -1) if state.turns_played else None
    return BuyWindow(
        open=state.buy_window and state.phase == "play",
        mover=state.to_move,
        discarder=discarder,
        upcard=bool(state.discard),
        stock=len(state.stock),
        buys=state.buys[seat] if state.buys else 0,
    )


def buy_refusal(state: RoundState, seat: int) -> IllegalMove | None:
    """Why ``seat`` may not buy now (None: it may)."""
    if state.phase == "over":
        return _refuse("turn.round-over", "The round is over.")
    try:
        _buy(state, seat)
    except IllegalMove as refusal:
        return refusal
    return None


def _check_seat(state: RoundState, seat: object) -> None:
    """``seat`` must be an int (not a bool) from 0 to ``players - 1``."""
    if isinstance(seat, bool) or not isinstance(seat, int):
        wrong = f"{type(seat).__name__} {reprlib.repr(seat)}"
        raise TypeError(f"seat must be an int from 0 to {state.players - 1}, not {wrong}")
    if not 0 <= seat < state.players:
        raise SeatError(seat, state.players)


def _read_move(state: RoundState, text: str, seat: int | None) -> Move:
    """Move text, its written seat checked first (``seat``, when given, is the
    seat to move by now)."""
    try:
        named = split_seat(text)[0]
        if named is not None and named != state.to_move:
            message = (
                N_("It is seat {turn}'s turn, not seat {named}'s.")
                if seat is None
                else N_("Seat {seat} cannot move for seat {named}.")
            )
            raise _refuse("turn.not-your-turn", message, turn=state.to_move, seat=seat, named=named)
        return parse_seat_move(text)[1]
    except NotationError as error:
        detail = Text(": {reason}", reason=error.why()) if error.reason else ""
        raise _refuse(
            "notation.invalid", "Cannot read {token}{detail}.", token=repr(error.token), detail=detail
        ) from None


# --------------------------------------------------------------------------- helpers


def in_first_draw_round(state: RoundState) -> bool:
    """Is the turn to be played in the first drawing round (R-HR-08)?"""
    return draw_rule(state.variant).first_draw_round(state.turns_played, state.players)


def _remove(hand: Sequence[Card], cards: Sequence[Card]) -> tuple[Card, ...] | None:
    """The hand without these cards (faces), or None if it lacks one."""
    rest = list(hand)
    for card in cards:
        try:
            rest.remove(card.face)
        except ValueError:
            return None
    return tuple(rest)


def _need_play(state: RoundState) -> None:
    if state.phase != "play":
        raise _refuse("turn.wrong-phase", "Draw a card first.")


def _need_draw(state: RoundState) -> None:
    if state.phase != "draw":
        raise _refuse("turn.wrong-phase", "You have drawn already this turn.")


def _with_hand(state: RoundState, hand: Sequence[Card]) -> tuple[tuple[Card, ...], ...]:
    """The hands with the mover's replaced by the faces ``hand``, put in code order."""
    return _hands_with(state, tuple(sorted(hand, key=code_order)))


def _hands_with(state: RoundState, hand: tuple[Card, ...]) -> tuple[tuple[Card, ...], ...]:
    """The hands with the mover's replaced by ``hand``, already in code order."""
    hands = list(state.hands)
    hands[state.to_move] = hand
    return tuple(hands)


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
    if not table_rule(state.variant).layoff_after_opening_same_turn():
        return False
    return not isinstance(judge_opening(state.variant, melds), Refusal)


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


# --------------------------------------------------------------------------- draws


def draw_refusal(state: RoundState) -> IllegalMove | None:
    """Why ``draw`` (from the stock, outside the knock phases) is refused
    now; None: it is legal."""
    if state.phase != "draw":
        return _refuse("turn.wrong-phase", "You have drawn already this turn.")
    verdicts = _STOCK_DRAWS.of(state.variant)
    stock_size = len(state.stock)
    hit = verdicts.get(stock_size)
    if hit is None:
        hit = verdicts[stock_size] = (_stock_draw_refusal(state.variant, stock_size),)
    refusal = hit[0]
    return None if refusal is None else IllegalMove.from_refusal(refusal)


def _stock_draw_refusal(variant: Variant, stock_size: int) -> Refusal | None:
    """The draw rule's and the wall's verdict on a stock draw."""
    refusal = draw_rule(variant).stock_draw_refusal(stock_size)
    return refusal if refusal is not None else wall_draw_refusal(variant, stock_size)


_STOCK_DRAWS: MemoTable[int, tuple[Refusal | None]] = MemoTable("engine.stock_draws", limit=1_000)
"""``_stock_draw_refusal`` per variant, by the stock's size (a draw phase
asks it when listing and again when the draw is applied)."""


def _draw(state: RoundState, move: Draw) -> RoundState:
    refused = draw_refusal(state)
    if refused is not None:
        raise refused
    hands, turn = _hands_after_draw(state, state.stock[:1], _STOCK_TURN)
    window = opens_window(state.variant)
    return _stock_drawn(state, hands=hands, phase="play", turn=turn, stock=state.stock[1:], buy_window=window)


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
    return _hands_with(state, hand), turn


def _with_jokers(variant: Variant, turn: Turn, jokers: int) -> Turn:
    """``turn`` starting with ``jokers`` jokers in hand: one object for each
    turn object and count, as the turns a draw starts are (a commit verdict
    is remembered by its turn object, see ``_hand_blind_verdict``)."""
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


# The copies of the draws and takes of nearly every turn, each changing the
# same fields (quicker than ``evolve`` in pure Python: no dict of changes).
_stock_drawn = changer_for(RoundState, ("hands", "phase", "turn", "stock", "buy_window"))
_top_taken = changer_for(RoundState, ("hands", "phase", "turn", "discard", "knocking"))


def top_take_stands(state: RoundState) -> bool:
    """Would ``apply`` accept ``take`` (the top discard) in the draw phase?
    The checks of :func:`_take`, made without the next state where the turn
    plainly can go on (no pickup duty, not at the wall, another card to
    throw); a trial take otherwise."""
    rule = draw_rule(state.variant)
    if state.phase != "draw" or rule.take_refusal(1, len(state.discard)) is not None:
        return False
    return top_take_stands_with(state, rule)


def top_take_stands_with(state: RoundState, rule: DrawRule) -> bool:
    """:func:`top_take_stands` where its first checks are made: ``state`` is
    in the draw phase, and its draw rule ``rule`` lets the mover take the top
    discard (the legal-move listing has asked ``rule.take_depths``). The
    caller makes them: without them the answer means nothing (and an empty
    discard pile raises IndexError)."""
    if knocking.take_ends_round(state) is not None:
        return True
    variant = state.variant
    chosen = state.discard[-1].face
    hand = state.hands[state.to_move]  # faces: another face is a card that is not ``chosen``
    opened = state.opened[state.to_move]
    plain = (
        not at_wall(variant, len(state.stock))
        and not rule.top_take_is_conditional(state.turns_played, state.players, opened=opened)
        and (not rule.taken_card_is_marked() or hand.count(chosen) < len(hand))
    )
    if plain:
        return True
    try:
        _take(state, Take(1))
    except IllegalMove:
        return False
    return True


def _take(state: RoundState, move: Take) -> RoundState:
    _need_draw(state)
    variant = state.variant
    rule = draw_rule(variant)
    refusal = rule.take_refusal(move.depth, len(state.discard))
    if refusal is not None:
        raise IllegalMove.from_refusal(refusal)
    ended = knocking.take_ends_round(state)
    if ended is not None:
        return ended
    taken, discard = rule.taken_cards(state.discard, move.depth)
    chosen = taken[0]
    opened = state.opened[state.to_move]
    if move.depth == 1:
        conditional = rule.top_take_is_conditional(state.turns_played, state.players, opened=opened)
        pickup = pickup_obligation(variant) if conditional else None
        take_turns = _TAKE_TURNS.of(variant)
        turn = take_turns.get((chosen, conditional)) or take_turns.setdefault(
            (chosen, conditional), Turn(source="discard", taken=chosen, must_use_taken=conditional)
        )
        hands, turn = _hands_after_draw(state, taken, turn)
        counted = knocking.take_counted(state)
        new = _top_taken(state, hands=hands, phase="play", turn=turn, discard=discard, knocking=counted)
        if pickup is not None:
            hand = (*state.hands[state.to_move], *taken)
            if not pickup.feasible(variant, hand, chosen, opened=opened, table=[t.meld for t in state.table]):
                raise _refuse(
                    "draw.taken-card-unused",
                    "You may take {card} only to lay it on the table this turn, and you cannot.",
                    card=chosen,
                )
        if rule.taken_card_is_marked() and not _can_end_turn(new, chosen):
            raise _refuse(
                "discard.just-taken",
                "After taking {card} you would have no other card to discard.",
                card=chosen,
            )
        return knocking.take_at_wall(state, new)
    deep = deep_obligation(variant)
    turn = Turn(
        source="deep",
        taken=chosen if rule.taken_card_is_marked() else None,
        chosen=chosen if deep is not None else None,
    )
    new = _after_draw(state, taken, discard=discard, turn=turn)
    table = [t.meld for t in state.table]
    if deep is not None and not deep.feasible(
        variant, new.hands[state.to_move], chosen, opened=opened, table=table
    ):
        raise _refuse(
            "draw.taken-card-unused",
            "The chosen card {card} must {duty} this turn, and it cannot.",
            card=chosen,
            duty=Text(deep.duty),
        )
    return new


def _draw_exchange(state: RoundState, move: DrawExchange) -> RoundState:
    _need_draw(state)
    if not draw_rule(state.variant).exchange_draw_allowed() or state.exchange is None:
        raise _refuse("exchange.not-allowed", "The exchange card cannot be drawn now.")
    new = _after_draw(state, (state.exchange,), exchange=None, turn=Turn(source="exchange"))
    if state.opened[state.to_move] or not _going_out_possible(new):
        raise _refuse(
            "exchange.not-allowed",
            "The exchange card may be drawn only to go out by hand rummy this turn.",
        )
    return new


def _exchange(state: RoundState, move: Exchange) -> RoundState:
    _need_play(state)
    if (
        not draw_rule(state.variant).exchange_swap_allowed(state.turns_played, state.players)
        or state.exchange is None
        or state.turn.exchanged
        or state.turn.source == "none"
    ):
        raise _refuse(
            "exchange.not-allowed",
            "The exchange card can be swapped only once, in your turn of the first drawing round.",
        )
    if state.turn.steps:
        # The swap comes right after the draw: it cannot be undone, so it may not
        # strand melds laid before it (R-ALL-14's spirit; see docs/variants/handromi.md).
        raise _refuse("exchange.not-allowed", "Swap the exchange card before you meld or lay off.")
    hand = _remove(state.hands[state.to_move], [move.card])
    if hand is None:
        raise _refuse("card.not-in-hand", "You do not hold {card}.", card=move.card)
    return state.evolve(
        hands=_with_hand(state, (*hand, state.exchange)),
        exchange=move.card.face,
        # Like a draw, the exchange cannot be taken back, nor anything before it.
        turn=_evolve(state.turn, exchanged=True, steps=()),
    )


# --------------------------------------------------------------------------- feasibility (R-ALL-14)


def _going_out_possible(state: RoundState) -> bool:
    """Can the mover lay his whole hand down this turn (a hand rummy when he
    has not opened), as the going-out rules say?"""
    taken = state.turn.taken
    blocked = [taken] if taken is not None and draw_rule(state.variant).taken_card_is_marked() else []
    plan = going_out_rule(state.variant).plan(
        state.hands[state.to_move],
        table=[t.meld for t in state.table],
        opened=state.opened[state.to_move],
        not_discardable=blocked,
    )
    return plan is not None


def _can_end_turn(state: RoundState, taken: Card) -> bool:
    """R-ALL-12: some other face to discard, or a way to go out."""
    hand = state.hands[state.to_move]
    return any(c.face is not taken.face for c in hand) or _going_out_possible(state)


# --------------------------------------------------------------------------- play


def _meld(state: RoundState, move: MeldMove) -> RoundState:
    _need_play(state)
    _check_play_melds(state)
    refusal = contract_rule.new_meld_refusal(state.variant, opened_before=state.opened[state.to_move])
    if refusal is not None:
        raise IllegalMove.from_refusal(refusal)
    hand = _remove(state.hands[state.to_move], move.cards)
    if hand is None:
        raise _refuse("card.not-in-hand", "You do not hold all of these cards.")
    result = judge_meld(state.variant.meld_rules, move.cards)
    if isinstance(result, Refusal):
        raise IllegalMove.from_refusal(result)
    seat = state.to_move
    entry = TableMeld(seat, result, (seat,) * len(result))
    turn = state.turn
    return state.evolve(
        hands=_with_hand(state, hand),
        table=(*state.table, entry),
        turn=_evolve(turn, new_melds=(*turn.new_melds, len(state.table)), steps=(*turn.steps, _step(state))),
    )


def _check_play_melds(state: RoundState) -> None:
    refusal = play_meld_refusal(state.variant)
    if refusal is not None:
        raise IllegalMove.from_refusal(refusal)


def _table_index(state: RoundState, number: int) -> int:
    if not 1 <= number <= len(state.table):
        raise _refuse("layoff.no-such-meld", "There is no meld {meld} on the table.", meld=number)
    return number - 1


def may_lay_off(state: RoundState) -> bool:
    """May the mover lay off now (R-ALL-06; tentatively in a hand-rummy turn, R-ALL-15)?"""
    return table_rule(state.variant).may_lay_off(opened_now=_opening_now(state))


def _layoff(state: RoundState, move: LayOff) -> RoundState:
    _need_play(state)
    _check_play_melds(state)
    variant = state.variant
    index = _table_index(state, move.meld)
    if not may_lay_off(state):
        raise _layoff_refusal(state)
    hand = _remove(state.hands[state.to_move], move.cards)
    if hand is None:
        raise _refuse("card.not-in-hand", "You do not hold all of these cards.")
    old = state.table[index]
    grown = grow_meld(variant, old.meld, move.cards)
    if isinstance(grown, Refusal):
        raise IllegalMove.from_refusal(grown)
    entry = TableMeld(old.owner, grown, _credits_after(old, grown, state.to_move))
    table = (*state.table[:index], entry, *state.table[index + 1 :])
    turn = state.turn
    return state.evolve(
        hands=_with_hand(state, hand),
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
        return _refuse(code, "You went down this turn; lay off from your next turn on.")
    return _refuse(code, "You must open before you lay off.")


def _shift(state: RoundState, move: Shift) -> RoundState:
    _need_play(state)
    _check_play_melds(state)
    variant = state.variant
    if not shift_allowed(variant):
        raise _refuse("shift.not-allowed", "In this variant a joker is never pushed along a run.")
    index = _table_index(state, move.meld)
    if not may_lay_off(state):
        raise _layoff_refusal(state)
    hand = _remove(state.hands[state.to_move], [move.card])
    if hand is None:
        raise _refuse("card.not-in-hand", "You do not hold {card}.", card=move.card)
    old = state.table[index]
    result = shift_wild(variant, old.meld, move.card, move.wild)
    if isinstance(result, Refusal):
        raise IllegalMove.from_refusal(result)
    meld, order = result
    credits = tuple(state.to_move if i is None else old.credits[i] for i in order)
    table = (*state.table[:index], TableMeld(old.owner, meld, credits), *state.table[index + 1 :])
    turn = state.turn
    return state.evolve(
        hands=_with_hand(state, hand),
        table=table,
        turn=_evolve(
            turn, laid_off=(*turn.laid_off, (index, move.card.face)), steps=(*turn.steps, _step(state))
        ),
    )


def _swap(state: RoundState, move: SwapJoker) -> RoundState:
    _need_play(state)
    variant = state.variant
    refusal = table_rule(variant).swap_allowed_refusal()
    if refusal is not None:
        raise IllegalMove.from_refusal(refusal)
    index = _table_index(state, move.meld)
    refusal = table_rule(variant).swap_refusal(opened_now=_opening_now(state))
    if refusal is not None:
        raise IllegalMove.from_refusal(refusal)
    hand = _remove(state.hands[state.to_move], list(move.cards))
    if hand is None:
        raise _refuse("card.not-in-hand", "You do not hold {cards}.", cards=format_cards(move.cards))
    old = state.table[index]
    # The cards of ``swap M C C`` are a set (R-KAL-10 lays every missing suit
    # at once), in whatever order they are written: in code order, the first
    # takes the joker's place (and credit) and the turn records them so.
    cards = move.cards if not move.more else tuple(sorted(move.cards, key=code_order))
    result = table_rule(variant).swap_out_joker(old.meld, cards)
    if isinstance(result, Refusal):
        raise IllegalMove.from_refusal(result)
    meld, order = result
    credits = tuple(state.to_move if i is None else old.credits[i] for i in order)
    entry = TableMeld(old.owner, meld, credits)
    table = (*state.table[:index], entry, *state.table[index + 1 :])
    turn = state.turn
    return state.evolve(
        hands=_with_hand(state, (*hand, JOKER)),
        table=table,
        turn=_evolve(
            turn,
            laid_off=(*turn.laid_off, *_laid(index, cards)),
            swaps=turn.swaps + 1,
            steps=(*turn.steps, _step(state)),
        ),
    )


def _undo(state: RoundState, move: Undo) -> RoundState:
    _need_play(state)
    if not state.turn.steps:
        raise _refuse("undo.nothing", "There is nothing to take back this turn.")
    step = state.turn.steps[-1]
    turn = _evolve(
        state.turn,
        new_melds=step.new_melds,
        laid_off=step.laid_off,
        swaps=step.swaps,
        steps=state.turn.steps[:-1],
    )
    return state.evolve(hands=_with_hand(state, step.hand), table=step.table, turn=turn)


# --------------------------------------------------------------------------- the commit


def check_discard(state: RoundState, card: Card, *, commit_checked: bool = False) -> tuple[Card, ...]:
    """Every check of ``discard card`` (the commit's included) without making
    the next state: the hand that would be left, or IllegalMove.

    ``commit_checked``: the caller already ran the commit's checks for a hand
    that stays non-empty and holds no swapped joker (see ``commit_depends_on_hand``).
    """
    _need_play(state)
    card = card.face
    hand = _remove(state.hands[state.to_move], [card])
    if hand is None:
        raise _refuse("card.not-in-hand", "You do not hold {card}.", card=card)
    # The card-independent check, then the discard stage's card checks in order.
    refusal = knocking.discard_refusal(state)
    if refusal is None:
        refusal = discard_rule(state.variant).refusal(card, state.hands[state.to_move], state.turn)
    if refusal is not None:
        raise IllegalMove.from_refusal(refusal)
    if not commit_checked:
        _commit_checks(state, hand)
    return hand


def legal_discards(state: RoundState, faces: Sequence[Card]) -> Sequence[Card]:
    """The faces among ``faces`` (distinct faces of the mover's hand) whose
    ``discard`` ``apply`` accepts, in their order: the checks of
    :func:`check_discard` that do not depend on the card made once, then the
    discard stage's card checks, each judging the faces it may refuse in this
    turn. Where they refuse none, this is ``faces`` itself."""
    hand = state.hands[state.to_move]
    if state.phase != "play" or knocking.discard_refusal(state) is not None:
        return []
    if len(hand) < 2 or commit_depends_on_hand(state):
        return [card for card in faces if _discard_stands(state, card)]
    if isinstance(_hand_blind_verdict(state, tuple(hand[1:])), Refusal):
        return []  # the same verdict for every discard
    return discard_rule(state.variant).discardable(faces, hand, state.turn)


def _discard_stands(state: RoundState, card: Card) -> bool:
    try:
        check_discard(state, card)
    except IllegalMove:
        return False
    return True


def _discard_card(state: RoundState, card: Card) -> tuple[Card, ...]:
    """The discard's own checks (the commit's come in ``_commit``)."""
    return check_discard(state, card, commit_checked=True)


def commit_depends_on_hand(state: RoundState) -> bool:
    """Could the commit's verdict differ between two discards that both leave
    cards in hand? Through a swapped joker (R-RAMI-08's placements), or
    where a commit rule of the variant reads the hand's cards (it does not
    promise ``hand_blind``, see ``CommitRule``): each hand is then judged."""
    return state.turn.swaps > 0 or not _commit_rules_hand_blind(state.variant)


def check_commit(state: RoundState, hand: tuple[Card, ...]) -> None:
    """The commit's checks alone, for a hand left after some discard."""
    _commit_checks(state, hand)


def _discard(state: RoundState, move: Discard) -> RoundState:
    hand = _discard_card(state, move.card)
    return knocking.after_discard(state, move.card, _commit(state, hand, discarded=move.card.face))


def _out(state: RoundState, move: Out) -> RoundState:
    _need_play(state)
    hand = state.hands[state.to_move]
    # Cards in hand first: ``out.needs-discard`` is for an empty hand only.
    if hand:
        raise _refuse("out.not-empty", "You still hold cards; discard one to end your turn.")
    if going_out_rule(state.variant).final_discard_required():
        raise _refuse("out.needs-discard", "You must end the round by discarding your last card.")
    return _commit(state, hand, discarded=None)


def _commit_checks(state: RoundState, hand: tuple[Card, ...]) -> bool:
    """The turn-wide rules, as the variant's components say (R-ALL-07); returns
    whether the mover has opened once the turn stands.

    Where the verdict is the same for every hand left after a discard (cards
    left, no swapped joker: see ``commit_depends_on_hand``), it is remembered
    (``_hand_blind_verdict``)."""
    seen, verdict = _LAST_COMMIT.of(state.variant).get(None, _NO_COMMIT_YET)
    if seen is not state or not hand:  # (the last state's verdict is for hands left with cards)
        if hand and not commit_depends_on_hand(state):
            verdict = _hand_blind_verdict(state, hand)
        else:
            verdict = _commit_verdict(state, hand)
    if isinstance(verdict, Refusal):
        raise IllegalMove.from_refusal(verdict)
    return verdict


_make_commit = cast("type[Commit]", maker_for(Commit))
"""Makes a Commit from all of its fields (quicker than ``Commit(...)`` in pure
Python, where a verdict is asked for every listing of a turn's discards).
The maker takes exactly Commit's arguments; typed as the class, its calls
are checked against ``Commit.__init__``."""

_LAST_COMMIT: MemoTable[None, tuple[object, bool | Refusal]] = MemoTable("engine.last_commit", limit=2)
"""Per variant, under the key None: the last state whose hand-independent
commit verdict was found, and the verdict (one entry, replaced whole: safe to
share between threads)."""
_NO_COMMIT_YET: tuple[object, bool | Refusal] = (None, False)


def _hand_blind_verdict(state: RoundState, hand: tuple[Card, ...]) -> bool | Refusal:
    """The commit's verdict for a hand left with cards, in a turn whose
    verdict does not depend on the hand (``commit_depends_on_hand``): the
    last state's, remembered (listing the legal discards and then applying
    one of them judge the same turn twice), or else remembered by the turn,
    the table, the mover's opening and the deal (most turns of a round draw
    and discard alone, and share their Turn and table objects)."""
    last = _LAST_COMMIT.of(state.variant)
    seen, verdict = last.get(None, _NO_COMMIT_YET)
    if seen is state:
        return verdict
    turn, table = state.turn, state.table
    if turn.steps:  # a turn that laid or moved cards is an object of its own: never met again
        verdict = _commit_verdict(state, hand)
    else:
        verdicts = _BLIND_VERDICTS.of(state.variant)
        key = (id(turn), id(table), state.opened[state.to_move], state.deal_number)
        hit = verdicts.get(key)
        if hit is not None and hit[0] is turn and hit[1] is table:
            verdict = hit[2]
        else:
            verdict = _commit_verdict(state, hand)
            verdicts[key] = (turn, table, verdict)
    last[None] = (state, verdict)
    return verdict


_BlindEntry = tuple[Turn, tuple[TableMeld, ...], bool | Refusal]
_BLIND_VERDICTS: MemoTable[tuple[int, int, bool, int], _BlindEntry] = MemoTable(
    "engine.blind_verdicts", limit=1_024
)
"""Verdicts of ``_hand_blind_verdict`` per variant, by the ids of the turn
and the table, the opening and the deal; each entry holds its turn and
table, so the ids stay theirs while it is remembered."""


def _all_hand_blind(variant: Variant) -> bool:
    return all(getattr(rule, "hand_blind", False) is True for rule in compose(variant).commit)


_commit_rules_hand_blind = once_per_owner(_all_hand_blind)
"""Does every commit rule of the variant promise ``hand_blind``?"""


def _commit_verdict(state: RoundState, hand: tuple[Card, ...]) -> bool | Refusal:
    """The commit's verdict: the first refusal of the variant's components, or
    whether the mover has opened once the turn stands."""
    variant = state.variant
    turn = state.turn
    table = state.table
    opened_before = state.opened[state.to_move]
    layoffs, earlier_swaps = _relay_facts(state) if turn.steps and turn.swaps else _NO_RELAYS
    # In the order of Commit.FIELDS: given by keyword, the compiled build's
    # call of the native class through ``_make_commit`` would parse 15
    # keywords (3 us, against 0.4 us in order).
    commit = _make_commit(
        variant,
        hand,
        opened_before,
        tuple([table[i].meld for i in turn.new_melds]) if turn.new_melds else (),  # new_melds
        tuple([card for _, card in turn.laid_off]) if turn.laid_off else (),  # laid_off
        turn.swaps,
        hand.count(JOKER) - turn.start_jokers,  # net_jokers: > 0, a swapped joker held (RK-02)
        turn.source,
        turn.taken,
        turn.chosen,
        turn.must_use_taken,
        tuple([t.meld for t in table]) if table else (),  # table
        layoffs,  # joker_layoffs
        earlier_swaps,
        state.deal_number,
    )
    for component in compose(variant).commit:
        refusal = component.check(commit)
        if refusal is not None:
            return refusal
    return opened_before or commit.opens() or commit.hand_rummy


_NO_RELAYS: tuple[tuple[int, ...], int] = ((), 0)
"""``_relay_facts`` of a turn without swaps (or without steps)."""


def _relay_facts(state: RoundState) -> tuple[tuple[int, ...], int]:
    """For each joker laid off this turn, the jokers its meld held just
    before; and the swaps made from melds laid before this turn (asked of a
    turn with steps and swaps: any other has ``_NO_RELAYS``)."""
    turn = state.turn
    found: list[int] = []
    earlier = 0
    after = [(s.laid_off, s.swaps) for s in turn.steps[1:]] + [(turn.laid_off, turn.swaps)]
    for step, (laid_off, swaps) in zip(turn.steps, after, strict=True):
        added = laid_off[len(step.laid_off) :]
        if swaps != step.swaps:
            # One swap, however many cards it laid (``swap M C C`` lays them on one meld).
            earlier += any(index not in step.new_melds for index, _ in added)
            continue
        for index, card in added:
            if card.code == JOKER_CODE:
                found.append(step.table[index].meld.jokers)
    return tuple(found), earlier


def _commit(state: RoundState, hand: tuple[Card, ...], discarded: Card | None) -> RoundState:
    """End the turn: the turn-wide checks, then the next turn or the round's end.
    ``hand``: the mover's hand less the discard (still in code order), or empty."""
    variant = state.variant
    seat = state.to_move
    turn = state.turn
    going_out = not hand
    opened_now = _commit_checks(state, hand)
    # The turn stands.
    now = opened_now or (going_out and bool(turn.new_melds or turn.laid_off))
    opened = state.opened
    if opened[seat] != now:
        opened = (*opened[:seat], now, *opened[seat + 1 :])
    discard = state.discard if discarded is None else (*state.discard, discarded)
    hands = _hands_with(state, hand)  # the hand less the discard: still in order
    turns_played = state.turns_played + 1
    if going_out:
        hand_rummy = is_hand_rummy(going_out=going_out, opened_before=state.opened[seat])
        ending: Ending = "hand_rummy" if hand_rummy else "went_out"
        result = round_result(variant, hands, state.table, state.opened, ending, seat)
        return state.evolve(
            phase="over",
            result=result,
            turn=_NO_TURN,
            hands=hands,
            discard=discard,
            opened=opened,
            turns_played=turns_played,
        )
    if going_out_rule(variant).turn_cap_reached(turns_played):
        done = state.evolve(hands=hands, discard=discard, opened=opened, turns_played=turns_played)
        return _blocked(done, "turn_cap")
    # The next turn's start, made in one copy with the turn's changes.
    fresh = _next_turn(
        state,
        phase="draw",
        turn=_NO_TURN,
        to_move=next_seat(variant, state.players, seat),
        hands=hands,
        discard=discard,
        opened=opened,
        turns_played=turns_played,
    )
    return fresh if fresh.stock else _start_turn(fresh)  # with a stock left, the turn simply starts


# --------------------------------------------------------------------------- turn start and round end


_next_turn = changer_for(
    RoundState, ("phase", "turn", "to_move", "hands", "discard", "opened", "turns_played")
)
"""The copy that ends a turn and starts the next (see ``_stock_drawn``)."""


def start_turn(state: RoundState) -> RoundState:
    """Begin the turn of ``state.to_move``: the stock check of R-ALL-08."""
    return _start_turn(state.evolve(phase="draw", turn=_NO_TURN))


def _start_turn(fresh: RoundState) -> RoundState:
    """start_turn for ``fresh``, a state already in the draw phase with a
    fresh turn (the end of a turn makes it in one copy with its own changes:
    the hands, the discard, the next seat)."""
    variant = fresh.variant
    if fresh.stock or not going_out_rule(variant).stock_runs_out():
        return fresh
    if not going_out_rule(variant).reshuffle_allowed(fresh.reshuffles, len(fresh.discard)):
        return _blocked(fresh, "blocked")
    rng = rng_for(fresh.seed, 1 + fresh.reshuffles) if fresh.seed is not None else rng_for(None)
    stock = shuffle(fresh.discard[:-1], rng)
    return fresh.evolve(stock=stock, discard=fresh.discard[-1:], reshuffles=fresh.reshuffles + 1)


def _blocked(state: RoundState, ending: Ending) -> RoundState:
    result = round_result(state.variant, state.hands, state.table, state.opened, ending, None)
    return state.evolve(phase="over", result=result, turn=Turn())


_HANDLERS: dict[type, Callable[[RoundState, Any], RoundState]] = {
    Draw: _draw,
    DrawExchange: _draw_exchange,
    Take: _take,
    Exchange: _exchange,
    MeldMove: _meld,
    LayOff: _layoff,
    SwapJoker: _swap,
    Shift: _shift,
    Discard: _discard,
    Out: _out,
    Undo: _undo,
}
