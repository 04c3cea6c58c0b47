"""Listing the legal moves of the seat to move.

Candidates are generated from the hand and the table (draws, every distinct
meld the hand can form with every distinct joker placement, lay-offs at both
ends of runs and into sets, swaps, discards, ``out``, ``undo``, exchanges),
then each is judged by the checks ``apply`` makes (directly where the engine
offers them, else by a trial ``apply``): a move is listed if and only if
``apply`` accepts it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from itertools import combinations, product

from rummykit.core.cards import JOKER, JOKER_CODE, NATURALS, Card, code_order, wild_deuce
from rummykit.core.errors import IllegalMove
from rummykit.core.melds import BOUND_SUIT_ORDER, Meld, MeldRules, grow_meld, judge_meld
from rummykit.core.moves import (
    Buy,
    Discard,
    Done,
    Draw,
    DrawExchange,
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
from rummykit.core.moves import Meld as MeldMove
from rummykit.round.engine import (
    apply_move,
    buy_refusal,
    draw_refusal,
    legal_discards,
    may_lay_off,
    top_take_stands_with,
)
from rummykit.round.knocking import upcard_offer_moves, wall_pass_allowed
from rummykit.round.state import RoundState
from rummykit.rules.contract import new_meld_refusal
from rummykit.rules.draw import draw_rule
from rummykit.rules.during_play import melds_during_play
from rummykit.rules.knock import knock_rule
from rummykit.rules.table import table_rule
from rummykit.rules.wild_shift import open_ends, shift_allowed
from rummykit.speed.memo import MemoTable

__all__ = ["legal_moves"]


def legal_moves(state: RoundState, seat: int | None = None) -> list[Move]:
    """Every distinct legal move of ``state.to_move`` (or of ``seat``), in a
    stable order. A seat not to move has one move at most: ``buy``, while the
    buy window is open for it (R-CON-10).

    Melds and lay-offs are judged directly (they are built valid, and only
    the table permission is left to check, as ``apply`` does), and so are
    discards, draws, takes of the top discard, ``undo``, ``out``, the wall's
    ``pass``, the first upcard's offer and the knocks of the play phase, by
    the engine's own checks and the knock rule's; every other candidate is
    tried with ``apply``.
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
    return [move for move in _knock_phase_candidates(state) if _accepted(state, move)]


def _draw_moves(state: RoundState) -> list[Move]:
    variant = state.variant
    draw = draw_rule(variant)
    out: list[Move] = []
    drawing = draw_refusal(state) is None
    if drawing:
        out.append(_DRAW)
    for depth in draw.take_depths(len(state.discard)):
        take = _TAKES[depth - 1] if depth <= len(_TAKES) else Take(depth)
        if top_take_stands_with(state, draw) if depth == 1 else _accepted(state, take):
            out.append(take)
    if state.exchange is not None and draw.exchange_draw_allowed() and _accepted(state, DrawExchange()):
        out.append(DrawExchange())
    # At the wall the stock draw is refused (``draw_refusal``), and only there
    # may the player pass.
    if not drawing and knock_rule(variant) is not None and wall_pass_allowed(state):
        out.append(_PASS)
    return out


def _play_moves(state: RoundState) -> list[Move]:
    """The play phase's moves, in the order melds, then per table meld its
    shifts, lay-offs and swaps, then discards, knocks, ``out``, ``undo`` and
    exchanges."""
    variant = state.variant
    hand = state.hands[state.to_move]
    distinct = set(hand)
    # A state's hands are in canonical order (``sorted_hand``, docs/engine.md):
    # a hand of distinct faces is its own list of faces, without sorting it again.
    faces: Sequence[Card] = hand if len(distinct) == len(hand) else sorted(distinct, key=code_order)
    out: list[Move] = []
    if melds_during_play(variant):
        if new_meld_refusal(variant, opened_before=state.opened[state.to_move]) is None:
            out += _meld_moves(state, hand)
        shifting = shift_allowed(variant)
        laying_off = bool(state.table) and may_lay_off(state)
        rules = variant.meld_rules
        for index, entry in enumerate(state.table):
            meld = entry.meld
            if shifting and meld.kind == "run" and meld.jokers:
                out += [move for move in _shift_moves(state, index, meld, faces) if _accepted(state, move)]
            if laying_off:
                out += [LayOff(index + 1, cards) for cards in _layoff_options(rules, meld, hand)]
            if meld.jokers:
                out += [move for move in _swap_moves(state, index, meld, faces) if _accepted(state, move)]
    out += _discard_moves(legal_discards(state, faces))
    knock = knock_rule(variant)
    if knock is not None:
        # The knock's one check is the knock rule's, which lists these cards.
        knocks = knock.knock_cards(hand)
        if knocks:
            out += map(Knock, knocks)
    if not hand and _accepted(state, _OUT):  # with cards in hand ``out`` is refused
        out.append(_OUT)
    if state.turn.steps:  # the engine's one check of ``undo`` in the play phase
        out.append(_UNDO)
    if state.exchange is not None and draw_rule(variant).exchange_swap_allowed(
        state.turns_played, state.players
    ):
        out += [move for move in map(Exchange, faces) if _accepted(state, move)]
    return out


def _swap_moves(state: RoundState, index: int, meld: Meld, faces: Sequence[Card]) -> Iterator[SwapJoker]:
    """Every joker swap into table meld ``index``: one card for a joker, or
    a group that releases one (the variant's table rule)."""
    for card in _swap_cards(meld, faces):
        yield SwapJoker(index + 1, card)
    for group in table_rule(state.variant).release_groups(meld, faces):
        yield SwapJoker(index + 1, group[0], group[1:])


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
_DRAW, _PASS, _OUT, _UNDO = Draw(), Pass(), Out(), Undo()


_ACES = 48  # the code of the ace of clubs: codes 48-51 are the aces


def _shift_moves(state: RoundState, index: int, meld: Meld, faces: Sequence[Card]) -> Iterator[Shift]:
    """Every ``shift``: a held card a joker of the run stands for, to each open end."""
    wanted = {slot.stands_for: slot.card for slot in meld.joker_slots()}
    for card in faces:
        wild = wanted.get(card)
        if wild is not None:
            for end in open_ends(state.variant, meld):
                yield Shift(index + 1, card, wild.standing_for(end))  # JK=X, or a wild deuce's 2h=X


def _accepted(state: RoundState, move: Move) -> bool:
    try:
        apply_move(state, move)  # the engine's verdict, without the public log
    except IllegalMove:
        return False
    return True


def _knock_phase_candidates(state: RoundState) -> Iterator[Move]:
    """The knocker's melds and ``done``; the defender's lay-offs, melds and ``done``."""
    hand = state.hands[state.to_move]
    if state.phase == "defend":
        for index, entry in enumerate(state.table):
            for cards in _layoff_options(state.variant.meld_rules, entry.meld, hand):
                yield LayOff(index + 1, cards)
    yield from _meld_moves(state, hand)
    yield Done()


def _swap_cards(meld: Meld, faces: Sequence[Card]) -> list[Card]:
    """Hand cards that could take a joker's place: the card a run joker stands
    for; in a set, the set's rank in a suit its naturals lack."""
    if meld.kind == "run":
        wanted = {slot.stands_for for slot in meld.joker_slots()}
        return [card for card in faces if card in wanted]
    held = {slot.suit for slot in meld.slots if not slot.is_joker}
    return [c for c in faces if c.code != JOKER_CODE and c.rank == meld.rank and c.suit not in held]


_MELD_MOVES: MemoTable[tuple[Card, ...], tuple[MeldMove, ...]] = MemoTable("legal.meld_moves", limit=1_000)
_Piece = tuple[tuple[tuple[object, MeldMove, str], ...], tuple[MeldMove, ...]]
"""A piece: (identity, move, its text) of each distinct meld, and the moves alone."""
_SET_PIECES: MemoTable[tuple[tuple[Card, ...], int], _Piece] = MemoTable("legal.set_pieces", limit=20_000)
_RUN_PIECES: MemoTable[tuple[int, tuple[Card, ...], bool, int], _Piece] = MemoTable(
    "legal.run_pieces", limit=20_000
)


def _meld_moves(state: RoundState, hand: Sequence[Card]) -> tuple[MeldMove, ...]:
    """The distinct meld moves of a hand, jokers declared where it matters;
    they depend on the meld rules and the hand only, and are remembered per
    rules object.

    The melds of one rank (sets) and of one suit (runs) depend only on the
    hand's cards of that rank or suit and its number of jokers: they are
    built as pieces, remembered too, and put together here."""
    rules = state.variant.meld_rules
    remembered = _MELD_MOVES.of(rules)
    key = tuple(hand)
    found = remembered.get(key)
    if found is not None:
        return found
    if rules.wild_below:
        found = remembered[key] = _meld_moves_deuces_wild(rules, key)
        return found
    found = remembered[key] = _listed_meld_moves(rules, key)
    return found


def _listed_meld_moves(rules: MeldRules, hand: Sequence[Card]) -> tuple[MeldMove, ...]:
    """The distinct meld moves of a hand (its jokers as jokers)."""
    # One pass over the hand in code order: the naturals by rank (with their
    # copies where a set may repeat a suit) and by suit (distinct faces), the
    # jokers, and the suits whose ace the hand holds twice.
    repeat_suits = not rules.set_distinct_suits
    by_rank: dict[int, list[Card]] = {}
    by_suit: dict[int, list[Card]] = {}
    faces: set[Card] = set()
    two_aces: set[int] = set()
    jokers = 0
    for card in sorted(hand, key=code_order):
        code = card.code
        if code == JOKER_CODE:
            jokers += 1
        elif card in faces:
            if repeat_suits:
                by_rank[code >> 2].append(card)
            if code >= _ACES:
                two_aces.add(code & 3)
        else:
            faces.add(card)
            by_rank.setdefault(code >> 2, []).append(card)
            by_suit.setdefault(code & 3, []).append(card)
    jokers = min(jokers, rules.max_jokers)
    # A rank or suit with too few cards for any meld, even with every joker,
    # has an empty piece (a run may count an ace at both ends only where it
    # may be low and high).
    set_least = rules.set_min - jokers
    run_least = rules.run_min - jokers - (1 if rules.ace_low and rules.ace_high else 0)
    pieces: list[_Piece] = []
    sets = _SET_PIECES.of(rules)
    for group in by_rank.values():
        if len(group) < set_least:
            continue
        set_key = (tuple(group), jokers)
        piece = sets.get(set_key)
        if piece is None:
            piece = sets[set_key] = _set_piece(rules, group, jokers)
        pieces.append(piece)
    runs = _RUN_PIECES.of(rules)
    for suit in sorted(by_suit):
        held = by_suit[suit]
        if len(held) < run_least:
            continue
        run_key = (suit, tuple(held), suit in two_aces, jokers)
        piece = runs.get(run_key)
        if piece is None:
            piece = runs[run_key] = _run_piece(rules, suit, held, suit in two_aces, jokers)
        pieces.append(piece)
    moves: list[MeldMove] = []
    if not jokers:
        # Without jokers no two pieces share a meld: a set's cards are of one
        # rank, a run's of one suit and three ranks or more.
        for piece in pieces:
            moves += piece[1]
    else:
        results: dict[object, tuple[MeldMove, str]] = {}
        for piece in pieces:
            for ident, move, text in piece[0]:
                results.setdefault(ident, (move, text))
        seen: set[str] = set()
        for move, text in results.values():
            if text not in seen:
                seen.add(text)
                moves.append(move)
    return tuple(moves)


# --------------------------------------------------------------------------- wild deuces (R-CON-14)


def _meld_moves_deuces_wild(rules: MeldRules, hand: Sequence[Card]) -> tuple[MeldMove, ...]:
    """The meld moves of a hand whose deuces are wild or natural: the melds
    of the hand with a joker more for each deuce, each joker place then
    played by a joker or by a deuce the meld does not use as itself."""
    listed = {move.cards: move for move in _listed_meld_moves(rules, _wild_as_jokers(rules, hand))}

    def stands(cards: tuple[Card, ...]) -> bool:
        return cards in listed or isinstance(judge_meld(rules, cards), Meld)

    return tuple(listed.get(cards) or MeldMove(cards) for cards in _wild_played(rules, listed, hand, stands))


def _wild_as_jokers(rules: MeldRules, hand: Sequence[Card]) -> tuple[Card, ...]:
    """The hand with a joker more for each natural card that may play wild
    (each deuce, where deuces are wild)."""
    return (*hand, *(JOKER,) * len(rules.wild_naturals(hand)))


def _wild_played(
    rules: MeldRules,
    groups: Iterable[tuple[Card, ...]],
    hand: Sequence[Card],
    stands: Callable[[tuple[Card, ...]], bool],
) -> list[tuple[Card, ...]]:
    """Each group (found with the deuces as jokers) in every form the hand's
    wild cards can give it that ``stands``. Forms that lay the same cards
    into the same places, two deuces trading places, are one: the first
    found stands for them."""
    found: dict[tuple[int, tuple[int, ...]], tuple[Card, ...]] = {}
    for number, group in enumerate(groups):
        for cards in _wild_forms(rules, group, hand):
            key = (number, tuple(sorted(c.face.code for c in cards)))
            if key not in found and stands(cards):
                found[key] = cards
    return list(found.values())


def _wild_forms(
    rules: MeldRules, cards: tuple[Card, ...], hand: Sequence[Card]
) -> Iterator[tuple[Card, ...]]:
    """Each way the hand's wild cards (its jokers, and its deuces not laid
    as themselves) can fill the joker places of ``cards``."""
    places = [i for i, card in enumerate(cards) if card.code == JOKER_CODE]
    if not places:
        yield cards
        return
    left = Counter(hand)
    left.subtract(card for card in cards if card.code != JOKER_CODE)
    kinds = [face for face in sorted(left, key=code_order) if left[face] > 0 and rules.plays_wild(face)]
    for combo in product(kinds, repeat=len(places)):
        used = Counter(combo)
        if any(used[face] > left[face] for face in used):
            continue
        out = list(cards)
        for i, face in zip(places, combo, strict=True):
            if face is not JOKER:
                out[i] = wild_deuce(face, cards[i].declared)
        yield tuple(out)


def _set_piece(rules: MeldRules, group: Sequence[Card], jokers: int) -> _Piece:
    """The sets of one rank's held cards with up to ``jokers`` jokers."""
    results: dict[object, tuple[Card, ...]] = {}
    for size in range(1, len(group) + 1):
        for chosen in combinations(group, size):
            for k in range(jokers + 1):
                if size + k < rules.set_min or size + k > rules.set_max:
                    continue
                for declared in _set_declarations(chosen, k, rules.set_joker_suit == "bound"):
                    _add(results, rules, (*chosen, *declared))
    return _with_moves(results)


def _run_piece(rules: MeldRules, suit: int, cards: Sequence[Card], two_aces: bool, jokers: int) -> _Piece:
    """The runs of one suit's held cards (``two_aces``: the hand holds the
    suit's ace twice), every window with jokers in the gaps."""
    results: dict[object, tuple[Card, ...]] = {}
    lowest = 1 if rules.ace_low else 2
    highest = 14 if rules.ace_high else 13
    longest = min(rules.run_max, 14)
    held = {}
    for card in cards:
        rank = card.code // 4 + 2
        if rank == 14:
            if rules.ace_low:
                held[1] = card
            if rules.ace_high:
                held[14] = card
        else:
            held[rank] = card
    # A window starts on a held card or at most `jokers` places before one.
    starts = sorted({p - k for p in held for k in range(jokers + 1) if lowest <= p - k <= highest})
    for lo in starts:
        gaps = 0
        for hi in range(lo, min(highest, lo + longest - 1) + 1):
            if hi not in held:
                gaps += 1
                if gaps > jokers:
                    break
            length = hi - lo + 1
            if length < rules.run_min:
                continue
            window = range(lo, hi + 1)
            present = [p for p in window if p in held]
            if not present:
                continue
            # A held natural may also be replaced by a joker.
            spare = jokers - (length - len(present))
            for dropped in _drops(present, spare):
                used = [p for p in present if p not in dropped]
                if not used:
                    continue
                if 1 in used and 14 in used and not two_aces:
                    continue  # ace to ace needs two aces
                naturals_used = [held[p] for p in used]
                spots = [p for p in window if p not in used]
                fills = [Card.joker(Card.natural(14 if p == 1 else p, suit)) for p in spots]
                _add(results, rules, (*naturals_used, *fills))
    return _with_moves(results)


def _with_moves(results: dict[object, tuple[Card, ...]]) -> _Piece:
    found = tuple((ident, MeldMove(cards)) for ident, cards in results.items())
    return tuple((ident, move, str(move)) for ident, move in found), tuple(move for _, move in found)


def _drops(present: Sequence[int], spare: int) -> Iterator[tuple[int, ...]]:
    for size in range(spare + 1):
        yield from combinations(present, size)


def _set_declarations(chosen: Sequence[Card], k: int, bound: bool) -> Iterator[tuple[Card, ...]]:
    if k == 0:
        yield ()
        return
    if not bound:
        yield (JOKER,) * k
        return
    held = {c.code % 4 for c in chosen}
    rank = chosen[0].code // 4 + 2
    missing = [s for s in BOUND_SUIT_ORDER if s not in held]
    for suits in combinations(missing, k):
        yield tuple(Card.joker(Card.natural(rank, s)) for s in suits)


def _add(results: dict[object, tuple[Card, ...]], rules: object, cards: tuple[Card, ...]) -> None:
    if not any(c.code == JOKER_CODE for c in cards):
        # Without a joker the candidate is valid by construction (one rank and
        # distinct suits, or consecutive places of one suit within the bounds)
        # and its cards say everything: no need to judge it.
        results.setdefault(tuple(sorted(c.code for c in cards)), cards)
        return
    meld = judge_meld(rules, cards)  # type: ignore[arg-type]
    if isinstance(meld, Meld) and meld not in results:
        undeclared = tuple(c.face for c in cards)
        if undeclared == cards:
            results[meld] = cards
            return
        plain = judge_meld(rules, undeclared)  # type: ignore[arg-type]
        results[meld] = undeclared if plain == meld else cards


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
    """The lay-offs of a hand whose deuces are wild or natural (as for melds)."""
    groups = _layoff_groups(rules, meld, _wild_as_jokers(rules, hand))
    return tuple(
        _wild_played(rules, groups, hand, lambda cards: isinstance(grow_meld(rules, meld, cards), Meld))
    )


def _layoff_groups(rules: MeldRules, meld: Meld, hand: Sequence[Card]) -> Iterator[tuple[Card, ...]]:
    jokers_held = hand.count(JOKER)  # hands hold faces
    room_jokers = min(jokers_held, max(0, rules.max_jokers - meld.jokers))
    faces = set(hand)
    if meld.kind == "set":
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
        return
    suit = meld.suit
    if suit is None:  # a run always has a suit
        raise ValueError(f"the run {meld.notation()} has no suit")
    lowest = 1 if rules.ace_low else 2
    highest = 14 if rules.ace_high else 13
    longest = min(rules.run_max, 14)

    def fillers(position: int) -> list[Card]:
        out = []
        card = Card.natural(14 if position == 1 else position, suit)
        if card in faces:
            out.append(card)
        if room_jokers:
            out.append(Card.joker(card))
        return out

    room = longest - len(meld)
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
