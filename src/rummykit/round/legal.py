"""Listing the legal moves of the seat to move.

Candidates are generated from the hand and the table (draws, every distinct
meld the hand can form with every distinct joker placement, lay-offs at both
ends of runs and into sets, swaps, discards, ``out``, ``undo``, exchanges),
then each is judged by the checks ``apply`` makes (the named checks of its
kind, owned by the rule set): a move is listed if and only if ``apply``
accepts it.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import combinations, product
from typing import TYPE_CHECKING

from rummykit.core.cards import JOKER, JOKER_CODE, NATURALS, Card, code_order
from rummykit.core.errors import IllegalMove
from rummykit.core.meld_growth import grow_meld
from rummykit.core.meld_model import Meld, MeldRules
from rummykit.core.moves import (
    Buy,
    Declare,
    Discard,
    Done,
    Draw,
    DrawExchange,
    Drop,
    Exchange,
    Knock,
    LayOff,
    Move,
    Out,
    Pass,
    Shift,
    SwapJoker,
    Take,
    Undo,
)
from rummykit.round.draw_phase import draw_refusal, top_take_stands_with
from rummykit.round.engine import buy_refusal
from rummykit.round.knocking import upcard_offer_moves, wall_pass_allowed
from rummykit.round.meld_listing import meld_moves, wild_as_jokers, wild_played
from rummykit.round.turn_commit import check_commit, legal_discards
from rummykit.rules.wild_shift import open_ends
from rummykit.speed.memo import MemoTable

if TYPE_CHECKING:
    from rummykit.round.state import RoundState

__all__ = ["legal_moves"]


def legal_moves(state: RoundState, seat: int | None = None) -> list[Move]:
    """Every distinct legal move of ``state.to_move`` (or of ``seat``), in a
    stable order. A seat not to move has one move at most: ``buy``, while the
    buy window is open for it (R-CON-10).

    Melds, lay-offs, shifts and swaps are judged by the checks of the table
    move stage, the same objects ``apply`` asks (melds and lay-offs are
    built valid, so only the checks that read nothing of the cards are left
    to ask), and so are discards, draws, takes of the top discard, ``undo``,
    ``out``, the wall's ``pass``, the first upcard's offer, the knocks of
    the play phase, deep takes, the exchange card's moves and the moves of
    the showdown and ``drop``, by the engine's own checks and the named checks of their
    kinds (``state.rules``); no candidate is tried with ``apply``.
    """
    phase = state.phase
    if phase == "over":
        return []
    if seat is not None and seat != state.to_move:
        return [Buy()] if buy_refusal(state, seat) is None else []
    if phase == "draw":
        return _draw_moves(state)
    if phase == "play":
        return _play_moves(state)
    if phase == "first_upcard":
        return upcard_offer_moves(state)
    return _showdown_moves(state)


def _draw_moves(state: RoundState) -> list[Move]:
    draw = state.rules.draw
    out: list[Move] = []
    drawing = draw_refusal(state) is None
    if drawing:
        out.append(_DRAW)
    # The depths the draw stage lets the mover name (``take_allowed``); a
    # deep take is judged by the last of its checks (the phase is met here).
    rules = state.rules
    deep = rules.deep_take_checks
    for depth in draw.take_depths(len(state.discard)):
        take = _TAKES[depth - 1] if depth <= len(_TAKES) else Take(depth)
        if top_take_stands_with(state) if depth == 1 else deep.card_refusal(rules, state, take) is None:
            out.append(take)
    exchange = rules.draw_exchange_checks
    if exchange.forbidden is None and exchange.refusal(rules, state, _DRAW_EXCHANGE) is None:
        out.append(_DRAW_EXCHANGE)
    # At the wall the stock draw is refused (``draw_refusal``), and only there
    # may the player pass.
    if not drawing and rules.knock is not None and wall_pass_allowed(state):
        out.append(_PASS)
    # The knock before the draw (tonk's drop): its checks, as ``apply`` asks them.
    drop = rules.drop_checks
    if drop.forbidden is None and drop.refusal(rules, state, _DROP) is None:
        out.append(_DROP)
    return out


def _play_moves(state: RoundState) -> list[Move]:
    """The play phase's moves, in the order melds, then per table meld its
    shifts, lay-offs and swaps, then discards, knocks, ``out``, ``undo`` and
    exchanges.

    The table moves and the knock ask their kind's checks
    (``state.rules.table_moves``, ``state.rules.knock_checks``) as ``apply``
    does: those that read nothing of the move once per state (but the
    phase's, met here), those that read the table meld once per table meld.
    The melds, the lay-offs and the knocks are built valid (from the hand,
    judged as their last check judges them), so their checks of the cards
    are met by construction; a shift's and a swap's are asked of each
    candidate."""
    rules = state.rules
    hand = state.hands[state.to_move]
    distinct = set(hand)
    # A state's hands are in canonical order (``sorted_hand``, docs/engine.md):
    # a hand of distinct faces is its own list of faces, without sorting it again.
    faces: Sequence[Card] = hand if len(distinct) == len(hand) else sorted(distinct, key=code_order)
    out: list[Move] = []
    if rules.table_moves.meld.refusal_in_play(rules, state) is None:
        out += meld_moves(state, hand)
    if state.table:
        out += _onto_table_moves(state, hand, faces)
    out += _discard_moves(legal_discards(state, faces))
    knocking, knock = rules.knock_checks, rules.knock
    if knocking.forbidden is None and knock is not None and knocking.refusal_in_play(rules, state) is None:
        # The knock rule lists the cards its checks of the cards accept (the
        # rule is None only where the stage forbids the knock).
        knocks = knock.knock_cards(hand, knock.limit(state.indicator))
        if knocks:
            out += map(Knock, knocks)
    declaring = rules.declare_checks
    if declaring.forbidden is None and declaring.refusal_in_play(rules, state) is None:
        out += map(Declare, faces)  # every held card may be declared (the judgement's one check)
    if rules.out_checks.refusal_in_play(rules, state) is None and _commit_stands(state):
        out.append(_OUT)
    if state.turn.steps:  # the engine's one check of ``undo`` in the play phase
        out.append(_UNDO)
    # The exchange's checks of the state; its card is held (one of ``faces``).
    if rules.exchange_checks.refusal_in_play(rules, state) is None:
        out += map(Exchange, faces)
    return out


def _onto_table_moves(state: RoundState, hand: Sequence[Card], faces: Sequence[Card]) -> list[Move]:
    """Per table meld, its shifts, lay-offs and swaps that the checks of
    their kinds accept (each candidate names a meld on the table)."""
    rules = state.rules
    checks = rules.table_moves
    shift, layoff, swap = checks.shift, checks.layoff, checks.swap
    shifting = shift.open_melds(rules, state)
    laying_off = layoff.open_melds(rules, state)
    swapping = swap.open_melds(rules, state)
    out: list[Move] = []
    if True not in shifting and True not in laying_off and True not in swapping:
        return out
    meld_rules = rules.variant.meld_rules
    for index, entry in enumerate(state.table):
        meld = entry.meld
        if shifting[index]:
            shifts = _shift_moves(state, index, meld, faces)
            out += [move for move in shifts if shift.card_refusal(rules, state, move) is None]
        if laying_off[index]:
            out += [LayOff(index + 1, cards) for cards in _layoff_options(meld_rules, meld, hand)]
        if swapping[index]:
            swaps = _swap_moves(state, index, meld, faces)
            out += [move for move in swaps if swap.card_refusal(rules, state, move) is None]
    return out


def _swap_moves(state: RoundState, index: int, meld: Meld, faces: Sequence[Card]) -> list[SwapJoker]:
    """Every joker swap into table meld ``index`` the hand could name: one
    card for a joker, or a group that releases one (the variant's table
    rule); the swap's checks of the cards judge them."""
    moves = [SwapJoker(index + 1, card) for card in _swap_cards(meld, faces)]
    for group in state.rules.table.release_groups(meld, faces):
        moves.append(SwapJoker(index + 1, group[0], group[1:]))
    return moves


_DISCARDS: dict[Card, Discard] = {face: Discard(face) for face in (*NATURALS, JOKER)}
"""One move per face (moves are values; a hand holds faces)."""


def _discard_moves(cards: Sequence[Card]) -> list[Discard]:
    """The discards of ``cards``: for the faces, the moves made once."""
    try:
        return list(map(_DISCARDS.__getitem__, cards))
    except KeyError:  # a card that is no face (a state built by hand)
        return [_DISCARDS.get(card) or Discard(card) for card in cards]


_TAKES: tuple[Take, ...] = tuple(Take(depth) for depth in range(1, 201))
"""One move per depth (a pile deeper than any deck holds is met as new moves)."""
_DRAW, _PASS, _OUT, _UNDO, _DONE = Draw(), Pass(), Out(), Undo(), Done()
_DRAW_EXCHANGE, _DROP = DrawExchange(), Drop()


def _shift_moves(state: RoundState, index: int, meld: Meld, faces: Sequence[Card]) -> Iterator[Shift]:
    """Every ``shift`` the hand could name: a held card a joker of the run
    stands for, to each open end (none where the meld holds no joker)."""
    if not meld.jokers:
        return
    wanted = {slot.stands_for: slot.card for slot in meld.joker_slots()}
    for card in faces:
        wild = wanted.get(card)
        if wild is not None:
            for end in open_ends(state.rules.variant, meld):
                yield Shift(index + 1, card, wild.standing_for(end))  # JK=X, or a wild deuce's 2h=X


def _commit_stands(state: RoundState) -> bool:
    """Do the commit's checks let the mover's turn end with an empty hand
    (the last step of ``out``, after its checks)?"""
    try:
        check_commit(state, ())
    except IllegalMove:
        return False
    return True


def _showdown_moves(state: RoundState) -> list[Move]:
    """The moves of the showdown (phase ``knock`` or ``defend``) that the
    checks of their kinds accept (``state.rules.showdown``), in the order
    the defender's lay-offs (per table meld), the melds, ``done``.

    The checks that read nothing of the move are asked once per state,
    those of the table meld once per table meld, and those of the cards of
    each lay-off and meld built from the hand."""
    rules = state.rules
    showdown = rules.showdown
    if showdown is None:  # every move of the phase is refused
        return []
    checks = showdown.phase(state.phase)
    hand, meld_rules = state.hands[state.to_move], rules.variant.meld_rules
    out: list[Move] = []
    layoff = checks.layoff
    if layoff is not None and state.table and layoff.state_refusal(rules, state) is None:
        standing = layoff.melds_standing(rules, state)
        for index, entry in enumerate(state.table):
            if standing[index]:
                moves = [LayOff(index + 1, cards) for cards in _layoff_options(meld_rules, entry.meld, hand)]
                out += [move for move in moves if layoff.card_refusal(rules, state, move) is None]
    meld = checks.meld
    if meld.state_refusal(rules, state) is None:
        out += [move for move in meld_moves(state, hand) if meld.card_refusal(rules, state, move) is None]
    if checks.done.refusal(rules, state, _DONE) is None:
        out.append(_DONE)
    return out


def _swap_cards(meld: Meld, faces: Sequence[Card]) -> list[Card]:
    """Hand cards that could take a joker's place: the card a run joker stands
    for; in a set, the set's rank in a suit its naturals lack."""
    if meld.kind == "run":
        wanted = {slot.stands_for for slot in meld.joker_slots()}
        return [card for card in faces if card in wanted]
    held = {slot.suit for slot in meld.slots if not slot.is_joker}
    return [c for c in faces if c.code != JOKER_CODE and c.rank == meld.rank and c.suit not in held]


_LAYOFFS: MemoTable[tuple[Meld, tuple[Card, ...]], tuple[tuple[Card, ...], ...]] = MemoTable(
    "legal.layoffs", limit=5_000
)


def _layoff_options(rules: MeldRules, meld: Meld, hand: Sequence[Card]) -> tuple[tuple[Card, ...], ...]:
    """The groups of hand cards that fit onto ``meld``. Only the jokers and
    the cards of the set's rank or the run's suit can fit, so the groups
    are remembered per rules object, meld and those cards."""
    if meld.kind == "set":
        wanted, shift, mask = int(meld.rank or 0) - 2, 2, -1  # the rank's index: code >> 2
    else:
        wanted, shift, mask = int(meld.suit or 0), 0, 3  # the suit: code & 3
    wild_below = rules.wild_below  # naturals with a code below this may play wild
    relevant = tuple(
        [c for c in hand if c.code == JOKER_CODE or c.code < wild_below or (c.code >> shift) & mask == wanted]
    )
    remembered = _LAYOFFS.of(rules)
    key = (meld, relevant)
    groups = remembered.get(key)
    if groups is None:
        if wild_below:
            groups = remembered[key] = _layoff_groups_deuces_wild(rules, meld, relevant)
        else:
            groups = remembered[key] = tuple(_layoff_groups(rules, meld, relevant))
    return groups


def _layoff_groups_deuces_wild(
    rules: MeldRules, meld: Meld, hand: Sequence[Card]
) -> tuple[tuple[Card, ...], ...]:
    """The lay-offs of a hand whose deuces are wild or natural (as for melds),
    one for each meld they grow ``meld`` into."""

    def grown(cards: tuple[Card, ...]) -> Meld | None:
        result = grow_meld(rules, meld, cards)
        return result if isinstance(result, Meld) else None

    groups = _layoff_groups(rules, meld, wild_as_jokers(rules, hand))
    return tuple(wild_played(rules, groups, hand, grown))


def _layoff_groups(rules: MeldRules, meld: Meld, hand: Sequence[Card]) -> Iterator[tuple[Card, ...]]:
    jokers_held = hand.count(JOKER)  # hands hold faces
    room_jokers = min(jokers_held, max(0, rules.max_jokers - meld.jokers))
    if meld.kind == "set":
        return _set_layoff_groups(rules, meld, hand, room_jokers)
    return _run_layoff_groups(rules, meld, hand, room_jokers)


def _set_layoff_groups(
    rules: MeldRules, meld: Meld, hand: Sequence[Card], room_jokers: int
) -> Iterator[tuple[Card, ...]]:
    faces = set(hand)
    rank = meld.rank
    held = {s.suit for s in meld.slots if s.suit is not None}
    options = sorted(
        (c for c in faces if c.code != JOKER_CODE and c.rank == rank and c.suit not in held),
        key=code_order,
    )
    if not rules.set_distinct_suits:  # any suit, every copy held
        options = sorted((c for c in hand if c.code != JOKER_CODE and c.rank == rank), key=code_order)
    for size in range(len(options) + 1):
        # Copies of a card give equal choices (in code order, equal tuples): each once.
        for chosen in dict.fromkeys(combinations(options, size)):
            for k in range(room_jokers + 1):
                group = (*chosen, *(JOKER,) * k)
                if group and isinstance(grow_meld(rules, meld, group), Meld):
                    yield group


def _run_layoff_groups(
    rules: MeldRules, meld: Meld, hand: Sequence[Card], room_jokers: int
) -> Iterator[tuple[Card, ...]]:
    suit = meld.suit
    if suit is None:  # a run always has a suit
        raise ValueError(f"the run {meld.notation()} has no suit")
    room = rules.run_longest - len(meld)
    below, above = _run_fillers(rules, meld, set(hand), room_jokers, suit, room)
    # Places 1 and 14 are the same card, the ace: where both ends can reach
    # them, a group may name the ace twice (the hand must hold two), and two
    # groups may be one move (the ace, or a joker standing for it, low or high).
    both_aces = meld.low - len(below) == 1 and meld.high + len(above) == 14
    ace = Card.natural(14, suit)
    aces = hand.count(ace)
    seen: set[tuple[Card, ...]] = set()
    for down in range(len(below) + 1):
        for up in range(len(above) + 1):
            if (not down and not up) or down + up > room:
                continue
            ends = both_aces and (down == len(below) or up == len(above))
            for combo in product(*below[:down], *above[:up]):
                if sum(1 for c in combo if c.code == JOKER_CODE) > room_jokers:
                    continue
                if not ends:
                    if isinstance(grow_meld(rules, meld, combo), Meld):
                        yield tuple(combo)
                    continue
                key = tuple(sorted(combo, key=Card.sort_key))
                fits = key not in seen and combo.count(ace) <= aces
                if fits and isinstance(grow_meld(rules, meld, combo), Meld):
                    seen.add(key)
                    yield tuple(combo)


def _run_fillers(
    rules: MeldRules, meld: Meld, faces: set[Card], room_jokers: int, suit: int, room: int
) -> tuple[list[list[Card]], list[list[Card]]]:
    """The cards that may fill each place below and above the run, nearest
    first, as far as the hand reaches and the run may grow (``room``)."""
    lowest, highest = rules.run_lowest, rules.run_highest

    def fillers(position: int) -> list[Card]:
        out = []
        card = Card.natural(14 if position == 1 else position, suit)
        if card in faces:
            out.append(card)
        if room_jokers:
            out.append(Card.joker(card))
        return out

    below: list[list[Card]] = []
    for position in range(meld.low - 1, lowest - 1, -1):
        options = fillers(position)
        if not options or len(below) >= room:
            break
        below.append(options)
    above: list[list[Card]] = []
    for position in range(meld.high + 1, highest + 1):
        options = fillers(position)
        if not options or len(above) >= room:
            break
        above.append(options)
    return below, above
