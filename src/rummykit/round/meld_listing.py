"""The distinct meld moves of a hand, for the legal-move listing: built per
rank (sets) and per suit (runs) as pieces from the placements of
:mod:`rummykit.core.meld_places` (the enumeration the solver's candidate
tables use too), remembered per meld-rules object, and the wild deuces of
R-CON-14 played as jokers or as naturals.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from itertools import combinations
from typing import TYPE_CHECKING

from rummykit.core.cards import JOKER, JOKER_CODE, Card, code_order, wild_deuce
from rummykit.core.meld_judge import judge_meld
from rummykit.core.meld_model import BOUND_SUIT_ORDER, Meld, MeldRules
from rummykit.core.meld_places import run_places, set_places
from rummykit.core.moves import Meld as MeldMove
from rummykit.speed.memo import MemoTable

if TYPE_CHECKING:
    from rummykit.round.state import RoundState

__all__ = ["meld_moves", "wild_as_jokers", "wild_played"]


_ACES = 48  # the code of the ace of clubs: codes 48-51 are the aces


_MELD_MOVES: MemoTable[tuple[Card, ...], tuple[MeldMove, ...]] = MemoTable("legal.meld_moves", limit=1_000)
_Piece = tuple[tuple[tuple[object, MeldMove, str], ...], tuple[MeldMove, ...]]
"""A piece: (identity, move, its text) of each distinct meld, and the moves alone."""
_SET_PIECES: MemoTable[tuple[tuple[Card, ...], int], _Piece] = MemoTable("legal.set_pieces", limit=20_000)
_RUN_PIECES: MemoTable[tuple[int, tuple[Card, ...], bool, int], _Piece] = MemoTable(
    "legal.run_pieces", limit=20_000
)


def meld_moves(state: RoundState, hand: Sequence[Card]) -> tuple[MeldMove, ...]:
    """The distinct meld moves of a hand, jokers declared where it matters;
    they depend on the meld rules and the hand only, and are remembered per
    rules object.

    The melds of one rank (sets) and of one suit (runs) depend only on the
    hand's cards of that rank or suit and its number of jokers: they are
    built as pieces, remembered too, and put together here."""
    rules = state.rules.variant.meld_rules
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
    by_rank, by_suit, two_aces, jokers = _hand_groups(rules, hand)
    jokers = min(jokers, rules.max_jokers)
    # A rank or suit with too few cards for any meld, even with every joker,
    # has an empty piece (a run may count an ace at both ends only where it
    # may be low and high).
    set_least = rules.set_min - jokers
    run_least = rules.run_min - jokers - (1 if rules.aces_both_ends else 0)
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
    return _joined_pieces(pieces, jokers)


def _hand_groups(
    rules: MeldRules, hand: Sequence[Card]
) -> tuple[dict[int, list[Card]], dict[int, list[Card]], set[int], int]:
    """One pass over the hand in code order: the naturals by rank (with their
    copies where a set may repeat a suit) and by suit (distinct faces), the
    suits whose ace the hand holds twice, and the number of jokers."""
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
    return by_rank, by_suit, two_aces, jokers


def _joined_pieces(pieces: list[_Piece], jokers: int) -> tuple[MeldMove, ...]:
    """The moves of the pieces, in their order, each distinct meld once."""
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
    listed = {move.cards: move for move in _listed_meld_moves(rules, wild_as_jokers(rules, hand))}

    def made(cards: tuple[Card, ...]) -> Meld | None:
        meld = judge_meld(rules, cards)
        return meld if isinstance(meld, Meld) else None

    return tuple(listed.get(cards) or MeldMove(cards) for cards in wild_played(rules, listed, hand, made))


def wild_as_jokers(rules: MeldRules, hand: Sequence[Card]) -> tuple[Card, ...]:
    """The hand with a joker more for each natural card that may play wild
    (each deuce, where deuces are wild)."""
    return (*hand, *(JOKER,) * len(rules.wild_naturals(hand)))


def wild_played(
    rules: MeldRules,
    groups: Iterable[tuple[Card, ...]],
    hand: Sequence[Card],
    made: Callable[[tuple[Card, ...]], Meld | None],
) -> list[tuple[Card, ...]]:
    """Each group (found with the deuces as jokers) in every form the hand's
    wild cards can give it, one form for each meld the forms make (``made``:
    the new meld, or the table meld grown, None where the form is refused),
    the first found. Two wild cards without a declaration trading places
    make one meld (the engine places those in code order); a declaration
    puts them in another order, so the groups are tried again with their
    undeclared wild places declared."""
    groups = list(groups)
    seen: set[tuple[int, tuple[tuple[int, int], ...]]] = set()
    found: dict[Meld, tuple[Card, ...]] = {}
    for number, group in enumerate(groups):
        _add_forms(found, seen, number, _wild_forms(rules, group, hand), made)
    kinds = {card for card in hand if rules.plays_wild(card)}
    if len(kinds) > 1:  # one kind of wild card has one order only
        for number, group in enumerate(groups, start=len(groups)):
            places = [i for i, card in enumerate(group) if card is JOKER]
            for declared in _declared_groups(group, places, made(group)):
                # Wild cards of one face at the places declared now lie as
                # they did undeclared: a form found above.
                forms = _wild_forms(rules, declared, hand)
                mixed = (cards for cards in forms if len({cards[i].face for i in places}) > 1)
                _add_forms(found, seen, number, mixed, made)
    return list(found.values())


def _add_forms(
    found: dict[Meld, tuple[Card, ...]],
    seen: set[tuple[int, tuple[tuple[int, int], ...]]],
    number: int,
    forms: Iterable[tuple[Card, ...]],
    made: Callable[[tuple[Card, ...]], Meld | None],
) -> None:
    """Keep each form of group ``number`` whose meld is new. Forms laying
    the same cards with the same declarations in another order make one
    meld: they are judged once (``seen``)."""
    for cards in forms:
        key = (
            number,
            tuple(sorted((c.face.code, -1 if c.declared is None else c.declared.code) for c in cards)),
        )
        if key in seen:
            continue
        seen.add(key)
        meld = made(cards)
        if meld is not None and meld not in found:
            found[meld] = cards


def _declared_groups(
    group: tuple[Card, ...], undeclared: Sequence[int], meld: Meld | None
) -> Iterator[tuple[Card, ...]]:
    """``group`` with its ``undeclared`` joker places declared (``meld``: the
    meld it makes), so that wild cards of other faces can lie there in every
    order the engine accepts: in a run each for the place it takes, where a
    declared wild card goes; in a set the first one, two ... for suits the
    set's naturals lack, declared wild cards lying before the others."""
    if meld is None or not undeclared:
        return
    if meld.kind == "set":
        held = {slot.suit for slot in meld.slots if not slot.is_joker}
        rank = meld.slots[0].rank
        suits = [suit for suit in BOUND_SUIT_ORDER if suit not in held]
        for count in range(1, min(len(undeclared) - 1, len(suits)) + 1):
            yield _declared(group, undeclared[:count], [Card.natural(rank, suit) for suit in suits])
        return
    # A run: the places the undeclared jokers take are its wild places but
    # those the group's declared jokers take (a lay-off's group is declared).
    free = [slot.stands_for for slot in meld.joker_slots()]
    for card in group:
        if card.code == JOKER_CODE and card.declared in free:
            free.remove(card.declared)
    targets = [target for target in free if target is not None]
    if len(targets) == len(undeclared):
        yield _declared(group, undeclared, targets)


def _declared(group: tuple[Card, ...], places: Sequence[int], targets: Sequence[Card]) -> tuple[Card, ...]:
    """``group`` with a joker declared for each target at each place."""
    out = list(group)
    for i, target in zip(places, targets, strict=False):
        out[i] = Card.joker(target)
    return tuple(out)


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
    for combo in _fillings(kinds, left, len(places)):
        out = list(cards)
        for i, face in zip(places, combo, strict=True):
            if face is not JOKER:
                out[i] = wild_deuce(face, cards[i].declared)
        yield tuple(out)


def _fillings(kinds: Sequence[Card], left: Counter[Card], count: int) -> Iterator[tuple[Card, ...]]:
    """Each row of ``count`` wild cards of ``kinds`` the numbers ``left``
    allow, in the order of ``product(kinds, repeat=count)``."""
    if not count:
        yield ()
        return
    for face in kinds:
        if left[face] > 0:
            left[face] -= 1
            for rest in _fillings(kinds, left, count - 1):
                yield (face, *rest)
            left[face] += 1


def _set_piece(rules: MeldRules, group: Sequence[Card], jokers: int) -> _Piece:
    """The sets of one rank's held cards (in code order, with their copies)
    with up to ``jokers`` jokers: the placements of :func:`set_places` by
    size (the order of ``combinations(group, size)``), then by jokers."""
    cards = tuple(group)
    # Where each suit's cards start in the group, and how many there are.
    starts, held = [0, 0, 0, 0], [0, 0, 0, 0]
    for i, card in enumerate(cards):
        suit = card.code & 3
        if not held[suit]:
            starts[suit] = i
        held[suit] += 1
    a, b, c, d = starts
    results: dict[object, tuple[Card, ...]] = {}
    for counts, k in set_places(rules, held, jokers, by_size=True):
        chosen = cards[a : a + counts[0]] + cards[b : b + counts[1]]
        chosen += cards[c : c + counts[2]] + cards[d : d + counts[3]]
        if not k:
            _add(results, rules, chosen)
            continue
        for declared in _set_declarations(chosen, k, rules.bound_set_jokers):
            _add(results, rules, (*chosen, *declared))
    return _with_moves(results)


def _run_piece(rules: MeldRules, suit: int, cards: Sequence[Card], two_aces: bool, jokers: int) -> _Piece:
    """The runs of one suit's held cards (``two_aces``: the hand holds the
    suit's ace twice): the placements of :func:`run_places`, held naturals
    left out for jokers by size."""
    results: dict[object, tuple[Card, ...]] = {}
    held: dict[int, Card] = {}
    pattern = 0  # the held positions' bits
    for card in cards:
        rank = card.code // 4 + 2
        if rank != 14:
            held[rank] = card
            pattern |= 1 << rank
            continue
        for position in rules.ace_positions:
            held[position] = card
            pattern |= 1 << position
    for lo, length, used in run_places(rules, pattern, jokers, by_size=True):
        if 1 in used and 14 in used and not two_aces:
            continue  # ace to ace needs two aces
        spots = [p for p in range(lo, lo + length) if p not in used]
        fills = [Card.joker(Card.natural(14 if p == 1 else p, suit)) for p in spots]
        _add(results, rules, (*[held[p] for p in used], *fills))
    return _with_moves(results)


def _with_moves(results: dict[object, tuple[Card, ...]]) -> _Piece:
    found = tuple((ident, MeldMove(cards)) for ident, cards in results.items())
    return tuple((ident, move, str(move)) for ident, move in found), tuple(move for _, move in found)


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
