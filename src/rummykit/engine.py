"""Applying moves: the turn as draw, tentative play, commit (docs/engine.md, "The turn").

Every function here is pure: it returns a new RoundState or raises
IllegalMove with a code from docs/refusal-codes.md, and the state it was given is
never changed. Which rules apply is read from the variant (never from its
name); the checks that span a turn run at the commit (discard or ``out``).
"""

from __future__ import annotations

import operator
import reprlib
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import attrs

from rummykit.cards import JOKER, JOKER_CODE, Card
from rummykit.deal import next_seat, rng_for, shuffle
from rummykit.errors import IllegalMove, NotationError, Refusal
from rummykit.melds import Meld, extend_meld, judge_meld, swap_joker
from rummykit.moves import (
    Discard,
    Draw,
    DrawExchange,
    Exchange,
    LayOff,
    Move,
    Out,
    SwapJoker,
    Take,
    Undo,
    parse_seat_move,
    split_seat,
)
from rummykit.moves import Meld as MeldMove
from rummykit.rules import Commit, compose, judge_opening
from rummykit.scoring import round_result
from rummykit.solver import best_opening, can_go_out
from rummykit.solver.going_out import can_open_with
from rummykit.state import Ending, RoundState, Step, TableMeld, Turn
from rummykit.variant import Variant

_T = TypeVar("_T")

__all__ = [
    "apply_move",
    "check_commit",
    "check_discard",
    "commit_depends_on_hand",
    "in_first_draw_round",
    "may_lay_off",
    "start_turn",
]


_FIELDS: dict[type, tuple[str, ...]] = {}
_CODE = operator.attrgetter("code")


def _evolve(obj: _T, **changes: Any) -> _T:
    """``attrs.evolve`` for the engine's hot path (several times faster)."""
    cls = type(obj)
    names = _FIELDS.get(cls)
    if names is None:
        names = _FIELDS[cls] = tuple(a.name for a in attrs.fields(cls) if a.init)  # type: ignore[arg-type]
    for name in names:
        if name not in changes:
            changes[name] = getattr(obj, name)
    return cls(**changes)


def _refuse(code: str, message: str) -> IllegalMove:
    return IllegalMove(code, message)


def apply_move(state: RoundState, move: Move | str, seat: int | None = None) -> RoundState:
    """The state after ``move``, or IllegalMove (the state is unchanged).

    ``seat`` is who acts (a server passes the seat of the client): a seat not
    to move, or move text naming another seat (``"0: draw"``), is refused with
    ``turn.not-your-turn`` before the move is read any further, so a refusal
    never depends on cards the seat may not see. A ``seat`` that is no seat of
    this round raises TypeError (not an int) or ValueError (out of range).
    """
    if seat is not None:
        _check_seat(state, seat)
    if state.phase == "over":
        raise _refuse("turn.round-over", "The round is over.")
    if seat is not None and seat != state.to_move:
        raise _refuse("turn.not-your-turn", f"It is seat {state.to_move}'s turn, not seat {seat}'s.")
    if isinstance(move, str):
        move = _read_move(state, move, seat)
    handler: Callable[[RoundState, Any], RoundState] | None = _HANDLERS.get(type(move))
    if handler is None:
        raise _refuse("notation.invalid", f"{move!r} is not a move.")
    return handler(state, move)


def _check_seat(state: RoundState, seat: object) -> None:
    """``seat`` must be an int (not a bool) from 0 to ``players - 1``."""
    if isinstance(seat, bool) or not isinstance(seat, int):
        wrong = f"{type(seat).__name__} {reprlib.repr(seat)}"
        raise TypeError(f"seat must be an int from 0 to {state.players - 1}, not {wrong}")
    if not 0 <= seat < state.players:
        raise ValueError(f"seat must be from 0 to {state.players - 1}, not {seat}")


def _read_move(state: RoundState, text: str, seat: int | None) -> Move:
    """Move text, its written seat checked first (``seat``, when given, is the
    seat to move by now)."""
    try:
        named = split_seat(text)[0]
        if named is not None and named != state.to_move:
            message = (
                f"It is seat {state.to_move}'s turn, not seat {named}'s."
                if seat is None
                else f"Seat {seat} cannot move for seat {named}."
            )
            raise _refuse("turn.not-your-turn", message)
        return parse_seat_move(text)[1]
    except NotationError as error:
        detail = f": {error.reason}" if error.reason else ""
        raise _refuse("notation.invalid", f"Cannot read {error.token!r}{detail}.") from None


# --------------------------------------------------------------------------- helpers


def in_first_draw_round(state: RoundState) -> bool:
    """Is the turn to be played in the first drawing round (R-HR-08)?"""
    if state.variant.turn.first_turn_draws:
        return state.turns_played < state.players
    return 1 <= state.turns_played <= state.players


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
    hands = list(state.hands)
    hands[state.to_move] = tuple(sorted(hand, key=_CODE))  # hands hold faces only
    return tuple(hands)


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
    if not state.variant.opening.layoff_same_turn:
        return False
    return not isinstance(judge_opening(state.variant, melds), Refusal)


def _credits_after(old: TableMeld, new: Meld, seat: int) -> tuple[int, ...]:
    """Credits for a grown meld: old slots keep their placer, new ones are ``seat``'s."""
    if new.kind == "run":
        by_position = {s.position: c for s, c in zip(old.meld.slots, old.credits, strict=True)}
        return tuple(by_position.get(s.position, seat) for s in new.slots)
    pool = list(zip(old.meld.slots, old.credits, strict=True))
    credits = []
    for slot in new.slots:
        for i, (old_slot, credit) in enumerate(pool):
            if old_slot == slot:
                credits.append(credit)
                del pool[i]
                break
        else:
            credits.append(seat)
    return tuple(credits)


# --------------------------------------------------------------------------- draws


def _draw(state: RoundState, move: Draw) -> RoundState:
    _need_draw(state)
    if not state.variant.draw.from_stock:
        raise _refuse("draw.stock-empty", "This variant does not draw from the stock.")
    if not state.stock:
        raise _refuse("draw.stock-empty", "The stock is empty.")
    card = state.stock[0]
    hand = (*state.hands[state.to_move], card)
    return _after_draw(state, hand, stock=state.stock[1:], turn=Turn(source="stock"))


def _after_draw(state: RoundState, hand: Sequence[Card], *, turn: Turn, **changes: object) -> RoundState:
    jokers = sum(1 for c in hand if c.code == JOKER_CODE)
    return _evolve(
        state,
        hands=_with_hand(state, hand),
        phase="play",
        turn=_evolve(turn, start_jokers=jokers),
        **changes,
    )


def _take(state: RoundState, move: Take) -> RoundState:
    _need_draw(state)
    draw = state.variant.draw
    if not state.discard:
        raise _refuse("draw.discard-empty", "The discard pile is empty.")
    if move.depth == 1:
        if not draw.from_discard_top:
            raise _refuse("draw.discard-row", "This variant does not let you take a discard.")
        card = state.discard[-1]
        hand = (*state.hands[state.to_move], card)
        conditional = draw.discard_top_condition != "none" and not (
            draw.free_pickup_first_draw_round and in_first_draw_round(state)
        )
        turn = Turn(source="discard", taken=card, must_use_taken=conditional)
        new = _after_draw(state, hand, discard=state.discard[:-1], turn=turn)
        if conditional and not _pickup_possible(new, card):
            raise _refuse(
                "draw.taken-card-unused",
                f"You may take {card} only to lay it on the table this turn, and you cannot.",
            )
        if draw.no_discard_of_taken_card and not _can_end_turn(new, card):
            raise _refuse(
                "discard.just-taken",
                f"After taking {card} you would have no other card to discard.",
            )
        return new
    if not draw.discard_deep:
        raise _refuse("draw.discard-row", "Only the top discard can be taken.")
    if move.depth > len(state.discard):
        raise _refuse("draw.discard-row", f"The discard row holds only {len(state.discard)} cards.")
    taken = state.discard[-move.depth :]
    chosen = taken[0]
    hand = (*state.hands[state.to_move], *taken)
    turn = Turn(
        source="deep",
        taken=chosen if draw.no_discard_of_taken_card else None,
        chosen=chosen if draw.deep_chosen_card_use == "new_meld_same_turn" else None,
    )
    new = _after_draw(state, hand, discard=state.discard[: -move.depth], turn=turn)
    if turn.chosen is not None and not _deep_possible(new, chosen):
        raise _refuse(
            "draw.taken-card-unused",
            f"The chosen card {chosen} must start a new meld this turn, and it cannot.",
        )
    return new


def _draw_exchange(state: RoundState, move: DrawExchange) -> RoundState:
    _need_draw(state)
    if state.variant.draw.exchange_as_draw == "never" or state.exchange is None:
        raise _refuse("exchange.not-allowed", "The exchange card cannot be drawn now.")
    card = state.exchange
    hand = (*state.hands[state.to_move], card)
    new = _after_draw(state, hand, exchange=None, turn=Turn(source="exchange"))
    if state.opened[state.to_move] or not _going_out_possible(new):
        raise _refuse(
            "exchange.not-allowed",
            "The exchange card may be drawn only to go out by hand rummy this turn.",
        )
    return new


def _exchange(state: RoundState, move: Exchange) -> RoundState:
    _need_play(state)
    variant = state.variant
    if (
        not variant.draw.exchange_swap_first_draw_round
        or state.exchange is None
        or state.turn.exchanged
        or state.turn.source == "none"
        or not in_first_draw_round(state)
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
        raise _refuse("card.not-in-hand", f"You do not hold {move.card}.")
    return _evolve(
        state,
        hands=_with_hand(state, (*hand, state.exchange)),
        exchange=move.card.face,
        # Like a draw, the exchange cannot be taken back, nor anything before it.
        turn=_evolve(state.turn, exchanged=True, steps=()),
    )


# --------------------------------------------------------------------------- feasibility (R-ALL-14)


def _layoff_allowed_while_going_out(state: RoundState) -> bool:
    return state.opened[state.to_move] or state.variant.layoff.in_hand_rummy_turn


def _going_out_possible(state: RoundState) -> bool:
    """Can the mover lay his whole hand down this turn (a hand rummy when he
    has not opened: lay-offs only where the variant allows them then, and the
    opening rules unless they are waived)?"""
    variant = state.variant
    opened = state.opened[state.to_move]
    table = [t.meld for t in state.table] if _layoff_allowed_while_going_out(state) else []
    taken = state.turn.taken
    blocked = [taken] if taken is not None and variant.draw.no_discard_of_taken_card else []
    must_open = not opened and not variant.opening.waived_for_hand_rummy
    hand = state.hands[state.to_move]
    return can_go_out(variant, hand, table=table, must_open=must_open, not_discardable=blocked) is not None


def _can_end_turn(state: RoundState, taken: Card) -> bool:
    """R-ALL-12: some other face to discard, or a way to go out."""
    hand = state.hands[state.to_move]
    return any(c.face is not taken.face for c in hand) or _going_out_possible(state)


def _pickup_possible(state: RoundState, card: Card) -> bool:
    """R-HR-09 with R-ALL-14: can the taken discard be laid this turn, with the
    turn completed (a card left to discard where one is required)?"""
    variant = state.variant
    seat = state.to_move
    hand = list(state.hands[seat])
    others = list(hand)
    others.remove(card)
    opened = state.opened[seat]
    # (b) a lay-off onto any table meld, having opened before.
    if opened and others and any(isinstance(extend_meld(variant, t.meld, [card]), Meld) for t in state.table):
        return True
    # (a) a new meld with two natural hand cards, having opened or opening now.
    naturals = sorted({c for c in others if c.code != JOKER_CODE}, key=_code)
    has_joker = any(c.code == JOKER_CODE for c in others)
    for i, a in enumerate(naturals):
        for b in naturals[i + 1 :]:
            for group in ([card, a, b], [card, a, b, JOKER]) if has_joker else ([card, a, b],):
                meld = judge_meld(variant.meld_rules, group)
                if not isinstance(meld, Meld):
                    continue
                rest = _remove(others, group[1:])
                if rest is None or not rest:
                    continue
                if opened:
                    return True
                needed = variant.opening.min_points - meld.points
                plan = best_opening(variant, rest, minimum=0)
                extra = 0 if plan is None else plan.points
                used = 0 if plan is None else sum(len(m) for m in plan.melds)
                pure_ok = not variant.opening.require_pure_run or meld.is_pure or plan is not None
                if extra >= needed and pure_ok and (used < len(rest) or needed <= 0):
                    return True
    # (c) going out this turn (a staged finish or a hand rummy).
    table = [t.meld for t in state.table] if _layoff_allowed_while_going_out(state) else []
    must_open = not opened and not variant.opening.waived_for_hand_rummy
    return can_go_out(variant, hand, table=table, must_open=must_open, not_discardable=[card]) is not None


def _code(card: Card) -> int:
    return card.code


def _deep_possible(state: RoundState, chosen: Card) -> bool:
    """R-ROE-05 with R-ALL-14: can the chosen card start a new meld this turn,
    leaving the turn one that can end?

    A decision, not an optimisation (``can_open_with`` stops at the first
    melds that are enough), so it stays quick however long the row is."""
    variant = state.variant
    hand = state.hands[state.to_move]
    opened = state.opened[state.to_move]
    blocked = [chosen] if variant.draw.no_discard_of_taken_card else []
    table = [t.meld for t in state.table]
    if can_open_with(variant, hand, chosen, opening=not opened, not_discardable=blocked, table=table):
        return True
    if opened or not variant.opening.waived_for_hand_rummy or not _hand_rummy_may_add(variant, hand):
        return False
    return can_go_out(variant, hand, table=(), not_discardable=[chosen]) is not None


def _hand_rummy_may_add(variant: Variant, hand: Sequence[Card]) -> bool:
    """Could a hand rummy (the opening rules waived) exist where no opening
    with the chosen card does? Only when its melds may be worth less than the
    minimum or lack a pure run: a hand rummy melds every card but the discard,
    each worth at least the lowest value a card has on the table."""
    if variant.opening.require_pure_run:
        return True
    return (len(hand) - 1) * _lowest_table_value(variant) < variant.opening.min_points


def _lowest_table_value(variant: Variant) -> int:
    """The least a card can be worth in a meld (a joker is worth the card it stands for)."""
    rules = variant.meld_rules
    lowest = 1 if rules.ace_low else 2
    highest = 14 if rules.ace_high else 13
    values = rules.values
    return min(min(values.run_values[lowest : highest + 1]), min(values.set_values[2:]))


# --------------------------------------------------------------------------- play


def _meld(state: RoundState, move: MeldMove) -> RoundState:
    _need_play(state)
    hand = _remove(state.hands[state.to_move], move.cards)
    if hand is None:
        raise _refuse("card.not-in-hand", "You do not hold all of these cards.")
    result = judge_meld(state.variant.meld_rules, move.cards)
    if isinstance(result, Refusal):
        raise IllegalMove.from_refusal(result)
    seat = state.to_move
    entry = TableMeld(seat, result, (seat,) * len(result))
    turn = state.turn
    return _evolve(
        state,
        hands=_with_hand(state, hand),
        table=(*state.table, entry),
        turn=_evolve(turn, new_melds=(*turn.new_melds, len(state.table)), steps=(*turn.steps, _step(state))),
    )


def _table_index(state: RoundState, number: int) -> int:
    if not 1 <= number <= len(state.table):
        raise _refuse("layoff.no-such-meld", f"There is no meld {number} on the table.")
    return number - 1


def _may_touch_table(state: RoundState, allowed_in_hand_rummy: bool, code: str, what: str) -> None:
    """Lay-offs and swaps need an opening (earlier, or by this turn's melds);
    a hand-rummy option makes them tentative (R-ALL-15)."""
    if _opening_now(state):
        return
    if allowed_in_hand_rummy:
        return
    raise _refuse(code, f"You must open before you {what}.")


def may_lay_off(state: RoundState) -> bool:
    """May the mover lay off now (R-ALL-06; tentatively in a hand-rummy turn, R-ALL-15)?"""
    layoff = state.variant.layoff
    return not layoff.requires_opened or layoff.in_hand_rummy_turn or _opening_now(state)


def _layoff(state: RoundState, move: LayOff) -> RoundState:
    _need_play(state)
    variant = state.variant
    index = _table_index(state, move.meld)
    if not may_lay_off(state):
        raise _refuse("layoff.not-opened", "You must open before you lay off.")
    hand = _remove(state.hands[state.to_move], move.cards)
    if hand is None:
        raise _refuse("card.not-in-hand", "You do not hold all of these cards.")
    old = state.table[index]
    grown = extend_meld(variant, old.meld, move.cards)
    if isinstance(grown, Refusal):
        raise IllegalMove.from_refusal(grown)
    entry = TableMeld(old.owner, grown, _credits_after(old, grown, state.to_move))
    table = (*state.table[:index], entry, *state.table[index + 1 :])
    turn = state.turn
    laid = tuple((index, c.face) for c in move.cards)
    return _evolve(
        state,
        hands=_with_hand(state, hand),
        table=table,
        turn=_evolve(turn, laid_off=(*turn.laid_off, *laid), steps=(*turn.steps, _step(state))),
    )


def _swap(state: RoundState, move: SwapJoker) -> RoundState:
    _need_play(state)
    variant = state.variant
    if not variant.swap.allowed:
        raise _refuse("swap.not-opened", "This variant does not allow taking jokers from the table.")
    index = _table_index(state, move.meld)
    if variant.swap.requires_opened:
        _may_touch_table(state, variant.swap.in_hand_rummy_turn, "swap.not-opened", "swap a joker")
    hand = _remove(state.hands[state.to_move], [move.card])
    if hand is None:
        raise _refuse("card.not-in-hand", f"You do not hold {move.card}.")
    old = state.table[index]
    result = swap_joker(variant, old.meld, move.card, set_min_naturals=variant.swap.set_min_naturals)
    if isinstance(result, Refusal):
        raise IllegalMove.from_refusal(result)
    meld, order = result
    entry = TableMeld(old.owner, meld, tuple(old.credits[i] for i in order))
    table = (*state.table[:index], entry, *state.table[index + 1 :])
    turn = state.turn
    return _evolve(
        state,
        hands=_with_hand(state, (*hand, JOKER)),
        table=table,
        turn=_evolve(
            turn,
            laid_off=(*turn.laid_off, (index, move.card)),
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
    return _evolve(state, hands=_with_hand(state, step.hand), table=step.table, turn=turn)


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
        raise _refuse("card.not-in-hand", f"You do not hold {card}.")
    turn = state.turn
    if turn.taken is not None and card is turn.taken.face and state.variant.draw.no_discard_of_taken_card:
        raise _refuse("discard.just-taken", f"You may not discard {card}: you took it this turn.")
    if card.code == JOKER_CODE and _net_jokers(state, hand) >= 0 and turn.swaps:
        raise _refuse("swap.joker-not-relaid", "The joker you took from the table cannot be discarded.")
    if not commit_checked:
        _commit_checks(state, hand)
    return hand


def _discard_card(state: RoundState, card: Card) -> tuple[Card, ...]:
    """The discard's own checks (the commit's come in ``_commit``)."""
    return check_discard(state, card, commit_checked=True)


def commit_depends_on_hand(state: RoundState) -> bool:
    """Could the commit's verdict differ between two discards that both leave
    cards in hand? Only through a swapped joker (R-RAMI-08's placements)."""
    return state.turn.swaps > 0


def check_commit(state: RoundState, hand: tuple[Card, ...]) -> None:
    """The commit's checks alone, for a hand left after some discard."""
    _commit_checks(state, hand)


def _discard(state: RoundState, move: Discard) -> RoundState:
    hand = _discard_card(state, move.card)
    return _commit(state, hand, discarded=move.card.face)


def _out(state: RoundState, move: Out) -> RoundState:
    _need_play(state)
    hand = state.hands[state.to_move]
    # Cards in hand first: ``out.needs-discard`` is for an empty hand only.
    if hand:
        raise _refuse("out.not-empty", "You still hold cards; discard one to end your turn.")
    if state.variant.going_out.final_discard == "required":
        raise _refuse("out.needs-discard", "You must end the round by discarding your last card.")
    return _commit(state, hand, discarded=None)


def _net_jokers(state: RoundState, hand: Sequence[Card]) -> int:
    """Jokers in hand now minus jokers in hand after the draw: > 0 means a
    swapped joker is still held (R-ROE-13, R-RAMI-08, R-HR-14)."""
    return sum(1 for c in hand if c.code == JOKER_CODE) - state.turn.start_jokers


def _commit_checks(state: RoundState, hand: tuple[Card, ...]) -> bool:
    """The turn-wide rules, as the variant's components say (R-ALL-07); returns
    whether the mover has opened once the turn stands."""
    variant = state.variant
    turn = state.turn
    opened_before = state.opened[state.to_move]
    commit = Commit(
        variant=variant,
        hand=hand,
        opened_before=opened_before,
        new_melds=tuple(state.table[i].meld for i in turn.new_melds),
        laid_off=tuple(card for _, card in turn.laid_off),
        swaps=turn.swaps,
        net_jokers=_net_jokers(state, hand),
        source=turn.source,
        taken=turn.taken,
        chosen=turn.chosen,
        must_use_taken=turn.must_use_taken,
        table=tuple(t.meld for t in state.table),
    )
    for component in compose(variant).at("commit"):
        refusal = component.check(commit)  # type: ignore[attr-defined]
        if refusal is not None:
            raise IllegalMove.from_refusal(refusal)
    return opened_before or commit.opens() or commit.hand_rummy


def _commit(state: RoundState, hand: tuple[Card, ...], discarded: Card | None) -> RoundState:
    """End the turn: the turn-wide checks, then the next turn or the round's end."""
    variant = state.variant
    seat = state.to_move
    turn = state.turn
    going_out = not hand
    new_melds = [state.table[i].meld for i in turn.new_melds]
    hand_rummy = going_out and not state.opened[seat]
    opened_now = _commit_checks(state, hand)
    # The turn stands.
    opened = list(state.opened)
    opened[seat] = opened_now or (going_out and bool(new_melds or turn.laid_off))
    discard = state.discard if discarded is None else (*state.discard, discarded)
    done = _evolve(
        state,
        hands=_with_hand(state, hand),
        discard=discard,
        opened=tuple(opened),
        turns_played=state.turns_played + 1,
    )
    if going_out:
        ending: Ending = "hand_rummy" if hand_rummy else "went_out"
        result = round_result(variant, done.hands, done.table, state.opened, ending, seat)
        return _evolve(done, phase="over", result=result, turn=Turn())
    if done.turns_played >= variant.stock_exhausted.turn_cap:
        return _blocked(done, "turn_cap")
    return start_turn(_evolve(done, to_move=next_seat(variant, state.players, seat)))


# --------------------------------------------------------------------------- turn start and round end


def start_turn(state: RoundState) -> RoundState:
    """Begin the turn of ``state.to_move``: the stock check of R-ALL-08."""
    variant = state.variant
    fresh = _evolve(state, phase="draw", turn=Turn())
    if state.stock or not variant.draw.from_stock:
        return fresh
    limits = variant.stock_exhausted
    if state.reshuffles >= limits.max_reshuffles or len(state.discard) < 2:
        return _blocked(fresh, "blocked")
    rng = rng_for(state.seed, 1 + state.reshuffles) if state.seed is not None else rng_for(None)
    stock = shuffle(state.discard[:-1], rng)
    return _evolve(fresh, stock=stock, discard=state.discard[-1:], reshuffles=state.reshuffles + 1)


def _blocked(state: RoundState, ending: Ending) -> RoundState:
    result = round_result(state.variant, state.hands, state.table, state.opened, ending, None)
    return _evolve(state, phase="over", result=result, turn=Turn())


_HANDLERS: dict[type, Callable[[RoundState, Any], RoundState]] = {
    Draw: _draw,
    DrawExchange: _draw_exchange,
    Take: _take,
    Exchange: _exchange,
    MeldMove: _meld,
    LayOff: _layoff,
    SwapJoker: _swap,
    Discard: _discard,
    Out: _out,
    Undo: _undo,
}
