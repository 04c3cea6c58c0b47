"""The commit that ends a turn (docs/engine.md, "The turn"): ``discard`` and
``out``, the turn-wide checks of the variant's commit rules and their
remembered verdicts, then the next turn or the round's end.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, cast

from rummykit.core.cards import JOKER, JOKER_CODE, Card
from rummykit.core.errors import IllegalMove, Refusal
from rummykit.core.meld_model import Meld
from rummykit.core.moves import Discard, Out
from rummykit.core.round_values import TableMeld, Turn, leaving_of
from rummykit.round import knocking
from rummykit.round.move_helpers import hands_with, need_play, refuse, remove_faces
from rummykit.round.round_scoring import round_result
from rummykit.round.turn_start import NO_TURN, blocked_round, start_next_turn
from rummykit.rules import Commit
from rummykit.rules.going_out import LastDiscard
from rummykit.rules.opening import is_hand_rummy
from rummykit.speed.evolve import maker_for
from rummykit.speed.memo import MemoTable

if TYPE_CHECKING:
    from rummykit.round.state import RoundState

__all__ = [
    "apply_discard",
    "apply_out",
    "check_commit",
    "check_discard",
    "commit_depends_on_hand",
    "commit_of",
    "legal_discards",
]


def check_discard(state: RoundState, card: Card, *, commit_checked: bool = False) -> tuple[Card, ...]:
    """Every check of ``discard card`` (the commit's included) without making
    the next state: the hand that would be left, or IllegalMove.

    ``commit_checked``: the caller already ran the commit's checks for a hand
    that stays non-empty and holds no swapped joker (see ``commit_depends_on_hand``).
    """
    need_play(state)
    card = card.face
    hand = remove_faces(state.hands[state.to_move], [card])
    if hand is None:
        raise refuse("card.not-in-hand", "You do not hold {card}.", card=card)
    # The card-independent checks, then the discard stage's card checks in order.
    refusal = knocking.discard_refusal(state)
    last = state.rules.going_out.last_discard  # None in most variants: nothing to ask
    if refusal is None and last is not None:
        refusal = _last_discard_refusal(state, last, len(hand))
    if refusal is None:
        refusal = state.rules.discard.refusal(card, state.hands[state.to_move], state.turn)
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
    last = state.rules.going_out.last_discard
    if last is not None and _last_discard_refusal(state, last, len(hand) - 1) is not None:
        return []
    if len(hand) < 2 or commit_depends_on_hand(state):
        return [card for card in faces if _discard_stands(state, card)]
    if isinstance(_hand_blind_verdict(state, tuple(hand[1:])), Refusal):
        return []  # the same verdict for every discard
    return state.rules.discard.discardable(faces, hand, state.turn)


def _last_discard_refusal(state: RoundState, rule: LastDiscard, cards_left: int) -> Refusal | None:
    """The going-out stage's ``rule`` on a discard leaving ``cards_left``
    cards (``going_out.final_discard = "forbidden"``, ``in_opening_turn``):
    the same for every card of the hand."""
    going_down = not state.opened[state.to_move] and bool(state.turn.new_melds)
    return rule.refusal(cards_left=cards_left, going_down=going_down)


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
    where a commit rule of the variant reads the hand's cards (as it
    declares, see ``CommitReads``): each hand is then judged."""
    return state.turn.swaps > 0 or state.rules.commit_reads.hand


def check_commit(state: RoundState, hand: tuple[Card, ...]) -> None:
    """The commit's checks alone, for a hand left after some discard."""
    _commit_checks(state, hand)


def apply_discard(state: RoundState, move: Discard, log: tuple[str, ...] | None = None) -> RoundState:
    """A discard, which ends the turn; the next turn's state carries ``log``
    (None: ``state``'s own), see ``apply_move``."""
    hand = _discard_card(state, move.card)
    return knocking.after_discard(state, move.card, _commit(state, hand, move.card.face, log))


def apply_out(state: RoundState, move: Out) -> RoundState:
    """``out``: the rule set's ``out_checks`` in order, then the commit's
    checks, as at every turn's end."""
    rules = state.rules
    refusal = rules.out_checks.refusal(rules, state)
    if refusal is not None:
        raise IllegalMove.from_refusal(refusal)
    return _commit(state, state.hands[state.to_move], None)


def _commit_checks(state: RoundState, hand: tuple[Card, ...]) -> bool:
    """The turn-wide rules, as the variant's components say (R-ALL-07); returns
    whether the mover has opened once the turn stands.

    Where the verdict is the same for every hand left after a discard (cards
    left, no swapped joker: see ``commit_depends_on_hand``), it is remembered
    (``_hand_blind_verdict``)."""
    seen, verdict = _LAST_COMMIT.of(state.rules.variant).get(None, _NO_COMMIT_YET)
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
    one of them judge the same turn twice), or else remembered under a key
    made of what the commit checks declare they read (the turn, and the
    table, the mover's opening and the deal where read: see CommitReads;
    most turns of a round draw and discard alone, and share their Turn and
    table objects)."""
    last = _LAST_COMMIT.of(state.rules.variant)
    seen, verdict = last.get(None, _NO_COMMIT_YET)
    if seen is state:
        return verdict
    turn, table = state.turn, state.table
    if turn.steps:  # a turn that laid or moved cards is an object of its own: never met again
        verdict = _commit_verdict(state, hand)
    else:
        # The key holds what the commit checks declare they read, no more.
        reads = state.rules.commit_reads
        key = (
            id(turn) if reads.turn else 0,
            id(table) if reads.table else 0,
            state.opened[state.to_move] if reads.opening else False,
            state.deal_number if reads.deal else 0,
        )
        verdicts = _BLIND_VERDICTS.of(state.rules.variant)
        hit = verdicts.get(key)
        if hit is not None and (hit[0] is turn or not reads.turn) and (hit[1] is table or not reads.table):
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
and the table, the opening and the deal, each where the commit checks read
it (0 or False where they do not); each entry holds its turn and table, so
the ids stay theirs while it is remembered."""


def _commit_verdict(state: RoundState, hand: tuple[Card, ...]) -> bool | Refusal:
    """The commit's verdict: the first refusal of the variant's components, or
    whether the mover has opened once the turn stands."""
    commit = commit_of(state, hand)
    for component in commit.rules.components.commit:
        refusal = component.check(commit)
        if refusal is not None:
            return refusal
    if commit.opened_before or commit.opens() or commit.hand_rummy:
        return True
    return commit.rules.opening.opens_by_layoff(commit.laid_off)


def commit_of(state: RoundState, hand: tuple[Card, ...]) -> Commit:
    """The facts of the turn to move as the commit checks read them, with
    ``hand`` left in the mover's hand."""
    turn = state.turn
    table = state.table
    opened_before = state.opened[state.to_move]
    layoffs, earlier_swaps = _relay_facts(state) if turn.steps and turn.swaps else _NO_RELAYS
    # In the order of Commit.FIELDS: given by keyword, the compiled build's
    # call of the native class through ``_make_commit`` would parse 15
    # keywords (3 us, against 0.4 us in order).
    return _make_commit(
        state.rules,
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
        _as_laid(turn, table) if turn.new_melds and turn.laid_off else None,  # laid_melds
    )


def _as_laid(turn: Turn, table: tuple[TableMeld, ...]) -> tuple[Meld, ...] | None:
    """The melds laid this turn as they were laid, where cards were laid off
    onto one of them later in the turn (None: as they stand). The table
    before each later play (its undo step) holds a meld as it was then."""
    grown = {index for index, _ in turn.laid_off}
    if grown.isdisjoint(turn.new_melds):
        return None
    return tuple(
        [_first_seen(turn, index, table) if index in grown else table[index].meld for index in turn.new_melds]
    )


def _first_seen(turn: Turn, index: int, table: tuple[TableMeld, ...]) -> Meld:
    """Meld ``index`` as it was right after it was laid: in the first undo
    step whose table holds it (the table before the next play)."""
    for step in turn.steps:
        if len(step.table) > index:
            return step.table[index].meld
    return table[index].meld


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


def _commit(
    state: RoundState, hand: tuple[Card, ...], discarded: Card | None, log: tuple[str, ...] | None = None
) -> RoundState:
    """End the turn: the turn-wide checks, then the next turn or the round's end.
    ``hand``: the mover's hand less the discard (still in code order), or
    empty; ``log``: the next turn's public log (None: ``state``'s own; the
    round's end keeps ``state``'s)."""
    variant = state.rules.variant  # the deal's (its values may be its own)
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
    hands = hands_with(state, hand)  # the hand less the discard: still in order
    turns_played = state.turns_played + 1
    if going_out:
        hand_rummy = is_hand_rummy(going_out=going_out, opened_before=state.opened[seat])
        ending = state.rules.going_out.out_ending(hand_rummy=hand_rummy, discarded=discarded is not None)
        result = round_result(variant, hands, state.table, state.opened, ending, seat, state.indicator)
        return state.evolve(
            phase="over",
            result=result,
            turn=NO_TURN,
            hands=hands,
            discard=discard,
            opened=opened,
            turns_played=turns_played,
        )
    following = (  # seats out of the deal are skipped (R-IND-13)
        state.rules.deal.next_seat(state.players, seat, 1)
        if state.leaving is None
        else state.rules.leaving.next_in(state.players, state.dropped, seat)
    )
    if state.rules.going_out.turn_cap_reached(turns_played):
        # Blocked with the next seat to move, as an empty stock blocks (R-IND-12 breaks ties from it).
        done = state.evolve(
            hands=hands, discard=discard, opened=opened, turns_played=turns_played, to_move=following
        )
        return blocked_round(done, "turn_cap")
    # The next turn's start, made in one copy with the turn's changes.
    if state.leaving is not None:
        return _next_seat_in(state, hands, discard, opened, turns_played, log)
    fresh = state.after_turn(
        phase="draw",
        turn=NO_TURN,
        to_move=following,
        hands=hands,
        discard=discard,
        opened=opened,
        turns_played=turns_played,
        log=state.log if log is None else log,
    )
    return fresh if fresh.stock else start_next_turn(fresh)  # with a stock left, the turn simply starts


def _next_seat_in(
    state: RoundState,
    hands: tuple[tuple[Card, ...], ...],
    discard: tuple[Card, ...],
    opened: tuple[bool, ...],
    turns_played: int,
    log: tuple[str, ...] | None,
) -> RoundState:
    """The next turn's start where seats have left the deal or a position
    said who has had a turn: the next seat still in moves, and the mover
    has now had a turn (R-IND-13, R-IND-14)."""
    seat = state.to_move
    drawn = state.has_drawn
    if drawn and not drawn[seat]:
        drawn = (*drawn[:seat], True, *drawn[seat + 1 :])
    fresh = state.evolve(
        phase="draw",
        turn=NO_TURN,
        to_move=state.rules.leaving.next_in(state.players, state.dropped, seat),
        hands=hands,
        discard=discard,
        opened=opened,
        turns_played=turns_played,
        leaving=leaving_of(state.dropped, drawn, state.out_of_play),
        log=state.log if log is None else log,
    )
    return fresh if fresh.stock else start_next_turn(fresh)
