"""can_go_out: can the whole hand be laid down (new melds and lay-offs)?"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Sequence
from typing import Any, NamedTuple

import attrs

from rummykit.core.cards import JOKER, JOKER_CODE, Card, format_cards, parse_cards
from rummykit.core.errors import Refusal
from rummykit.core.meld_growth import grow_meld
from rummykit.core.meld_model import Meld, MeldRules
from rummykit.solver.deuces import deuce_choices, wild_deuce_cards, wild_deuce_melds
from rummykit.solver.hand_masks import FACES, FULL, PackedHand, face_codes, take
from rummykit.solver.requirement import HandRules
from rummykit.solver.search_limits import NEG, split_for
from rummykit.solver.tables import Candidate, Tables, build_meld, candidates, tables_for
from rummykit.variant.model import Variant, as_variant

__all__ = ["GoOutPlan", "can_go_out", "cards_of", "table_state"]


@attrs.frozen(slots=True)
class GoOutPlan:
    """How a whole hand can be laid down: new melds, lay-offs onto table melds
    (meld index, cards), and the last discard (None when nothing is kept)."""

    melds: tuple[Meld, ...]
    layoffs: tuple[tuple[int, tuple[Card, ...]], ...]
    discard: Card | None


# --------------------------------------------------------------------------- going out


def can_go_out(
    variant: Variant | str,
    cards: str | Iterable[Card | str],
    *,
    demands: HandRules,
    table: Sequence[Meld] = (),
    keep_discard: bool | None = None,
    must_open: bool = False,
    not_discardable: Collection[Card | str] = (),
    new_melds: bool = True,
) -> GoOutPlan | None:
    """Can the whole hand be laid down, as new melds and lay-offs onto the
    ``table`` melds? Returns a plan (truthy) or None. ``demands`` are the
    variant's requirements (its rule set's).

    ``keep_discard``: True, one card must be left to discard; False, nothing
    may be left; None, as the variant says (``going_out.final_discard``:
    ``required`` means True, ``optional`` allows either). ``must_open``: the new
    melds must also satisfy the opening rules (minimum, pure run).
    ``not_discardable``: faces that may not be the discard (R-ALL-12).
    ``new_melds``: False where the hand may lay no new meld, only lay-offs
    (a player who went down to his contract in an earlier turn, R-CON-06).

    >>> from rummykit.variant.model import load_variant
    >>> rami = load_variant("rami51")
    >>> from rummykit.variant.meld_checks import check_meld
    >>> run = check_meld(rami, "7h 8h 9h")
    >>> demands = HandRules(opening_min=51, max_hand=15)
    >>> plan = can_go_out(rami, "5h 6h", demands=demands, table=[run], keep_discard=False)
    >>> plan.layoffs, plan.discard
    (((0, (Card('5h'), Card('6h'))),), None)
    """
    variant = as_variant(variant)
    hand_cards = [c.face for c in parse_cards(cards)]
    asked = _Asked(keep_discard, must_open, new_melds)
    if variant.meld_rules.wild_naturals(hand_cards):
        blocked_faces = [c.face for c in parse_cards(not_discardable)]
        for hand, wild in deuce_choices(variant.meld_rules, hand_cards):
            plan = _can_go_out(variant, demands, hand, table, asked, not_discardable)
            if plan is not None:
                mapped = _with_wild_deuces(plan, wild, blocked_faces)
                if mapped is not None:
                    return mapped
        return None
    return _can_go_out(variant, demands, hand_cards, table, asked, not_discardable)


def _with_wild_deuces(plan: GoOutPlan, deuces: list[Card], blocked: Sequence[Card]) -> GoOutPlan | None:
    """A plan of a hand whose ``deuces`` were solved as jokers, naming them
    (None if only a deuce that may not be discarded is left to discard)."""
    laid = sum(m.jokers for m in plan.melds)
    laid += sum(1 for _, cards in plan.layoffs for c in cards if c.code == JOKER_CODE)
    real = laid + (plan.discard is JOKER) - len(deuces)  # the jokers the hand holds
    thrown = plan.discard
    if thrown is JOKER:
        free = [d for d in deuces if d not in blocked]
        if free:
            deuces.remove(free[0])
            thrown = free[0]
        elif real <= 0:
            return None
    melds = wild_deuce_melds(plan.melds, deuces)
    layoffs = tuple((index, wild_deuce_cards(cards, deuces)) for index, cards in plan.layoffs)
    return GoOutPlan(melds, layoffs, thrown)


class _Asked(NamedTuple):
    """What a can_go_out call asks besides the hand and the table (see can_go_out)."""

    keep_discard: bool | None
    must_open: bool
    new_melds: bool


_TableState = tuple[tuple[Any, ...], ...]
"""The table's melds as the search reads them (see table_state)."""
_GoOutMemo = dict[tuple[Any, ...], tuple[list[int], list[Any]]]
"""Each state searched (cards, jokers, table, discarded): its best values
and the first step of each."""


def _can_go_out(
    variant: Variant,
    demands: HandRules,
    hand_cards: list[Card],
    table: Sequence[Meld],
    asked: _Asked,
    not_discardable: Collection[Card | str],
) -> GoOutPlan | None:
    """can_go_out with every card as itself."""
    keep_discard, must_open, new_melds = asked
    if keep_discard is None and demands.final_discard:
        keep_discard = True
    blocked = {c.face.code for c in parse_cards(not_discardable)}
    if must_open and not demands.layoff_after_opening:
        table = ()
    tables = tables_for(variant, demands, len(hand_cards))
    hand = PackedHand(hand_cards)
    cands: dict[int, list[Candidate]] = {}  # no new meld: lay-offs only
    if new_melds:
        cands = candidates(tables, hand.state, hand.jokers, split_for(len(hand_cards), values=must_open))
    width = 2 if must_open and demands.pure_run_needed else 1
    go_rules = _GoOutRules(variant.meld_rules, tables, keep_discard, blocked, width)
    start_table = tuple(table_state(m, go_rules.bound) for m in table)
    memo: _GoOutMemo = {}
    search = _go_out_search(go_rules, cands, memo, must_open, hand.repeat)
    values = search(hand.state, hand.jokers, start_table, False)
    f = width - 1
    if values[f] < 0:
        return None
    if must_open and values[f] < demands.opening_min:
        return None
    return _go_out_plan(variant, tables, memo, hand, start_table, f, table)


class _GoOutRules:
    """What can_go_out's search asks of the rules, worked out once a call:
    how far the table's melds may grow, the discard to keep, and how many
    values a state has (``width``: 2 where the opening needs a pure run)."""

    __slots__ = (
        "blocked",
        "bound",
        "bound_suits",
        "highest",
        "longest",
        "lowest",
        "may_discard",
        "must_discard",
        "rules",
        "set_room",
        "width",
    )

    def __init__(
        self, rules: MeldRules, tables: Tables, keep_discard: bool | None, blocked: set[int], width: int
    ) -> None:
        self.rules = rules
        self.lowest = rules.run_lowest
        self.highest = rules.run_highest
        self.longest = rules.run_longest
        self.set_room = rules.set_largest
        self.bound = rules.bound_set_jokers
        # A bound joker takes a suit the set lacks (where sets may repeat suits,
        # that, not the size, can be what leaves no room).
        self.bound_suits = self.bound and not rules.set_distinct_suits
        self.blocked = blocked
        self.may_discard = keep_discard is not False
        self.must_discard = keep_discard is True
        self.width = width

    def joker_room(self, tstate: _TableState) -> int:
        """How many more jokers the table's melds can take."""
        rules, lowest, highest, longest = self.rules, self.lowest, self.highest, self.longest
        room = 0
        for meld in tstate:
            if meld[0] == "r":
                length = meld[3] - meld[2] + 1
                free = rules.joker_limit(length - meld[4]) - meld[4]
                ends = (meld[2] - lowest) + (highest - meld[3])
                room += max(0, min(free, longest - length, ends))
            else:
                free = rules.joker_limit(meld[3] - meld[4]) - meld[4]
                if self.bound_suits:
                    free = min(free, 4 - meld[2].bit_count())
                room += max(0, min(free, self.set_room - meld[3]))
        return room

    def finish(self, jokers: int, tstate: _TableState, discarded: bool) -> Any:
        """Place the last jokers; returns the discard decision or None if impossible."""
        if not discarded and self.must_discard:
            if jokers == 0 or JOKER_CODE in self.blocked:
                return None
            jokers -= 1
            discarded = True
            decision: Any = "joker"
        elif not discarded and self.may_discard and jokers and JOKER_CODE not in self.blocked:
            if self.joker_room(tstate) >= jokers:
                return "none"
            jokers -= 1
            decision = "joker"
        else:
            decision = "none"
        return decision if self.joker_room(tstate) >= jokers else None

    def ending(self, jokers: int, tstate: _TableState, discarded: bool) -> tuple[list[int], list[Any]]:
        """The values and steps of a state without natural cards: the last
        jokers placed (0, the end), or no way out (NEG)."""
        width = self.width
        decision = self.finish(jokers, tstate, discarded)
        if decision is None:
            return [NEG] * width, [None] * width
        return [0] + ([NEG] * (width - 1)), [("end", decision)] * width

    def layoffs(
        self, meld: tuple[Any, ...], face: int, present: int, jokers: int
    ) -> Iterable[tuple[int, int, tuple[Any, ...]]]:
        """Ways to lay off the face ``face`` (with bridge cards) onto one table meld:
        (natural mask used, jokers used, the meld's new state)."""
        rules = self.rules
        rank_index, suit = face >> 2, face & 3
        if meld[0] == "s":
            _, rank, suits, size, held = meld
            suit_free = not suits >> suit & 1 or not rules.set_distinct_suits
            if rank - 2 == rank_index and suit_free and size < self.set_room:
                yield (1 << face, 0, ("s", rank, suits | (1 << suit), size + 1, held))
            return
        _, run_suit, lo, hi, held = meld
        if run_suit != suit:
            return
        positions = rules.ace_positions if rank_index == 12 else (rank_index + 2,)
        for p in positions:
            if p < lo and p >= self.lowest and hi - p + 1 <= self.longest:
                bridge = list(range(p + 1, lo))
                for used, need in _bridges(bridge, suit, present, jokers, rules.max_jokers - held):
                    if held + need <= rules.joker_limit(hi - p + 1 - held - need):
                        yield (used | (1 << face), need, ("r", suit, p, hi, held + need))
            elif p > hi and p <= self.highest and p - lo + 1 <= self.longest:
                need = p - hi - 1
                if need <= jokers and held + need <= rules.joker_limit(p - lo + 1 - held - need):
                    yield (1 << face, need, ("r", suit, lo, p, held + need))


def _go_out_search(
    go_rules: _GoOutRules, cands: dict[int, list[Candidate]], memo: _GoOutMemo, must_open: bool, repeat: int
) -> Callable[[int, int, _TableState, bool], list[int]]:
    """can_go_out's search: ``search(state, jokers, table, discarded)``.
    Without the opening's points (``must_open``) every way out is worth 0:
    the first one found is the answer (later ones never replace it)."""
    ending, layoffs, width = go_rules.ending, go_rules.layoffs, go_rules.width
    blocked, may_discard = go_rules.blocked, go_rules.may_discard
    first_way = not must_open

    def search(state: int, jokers: int, tstate: _TableState, discarded: bool) -> list[int]:
        """The state's best values (NEG: no way out), remembered with their steps."""
        key = (state, jokers, tstate, discarded)
        hit = memo.get(key)
        if hit is not None:
            return hit[0]
        present = state & FULL
        if not present:
            found = memo[key] = ending(jokers, tstate, discarded)
            return found[0]
        result = [NEG] * width
        choices: list[Any] = [None] * width
        low = present & -present
        face = low.bit_length() - 1
        if may_discard and not discarded and face not in blocked:
            rest = (state & ~(low * repeat)) | ((state >> FACES) & low * repeat)
            _consider(result, choices, search(rest, jokers, tstate, True), 0, 0, ("discard", face))
        for cand in cands.get(face, ()):
            if first_way and min(result) >= 0:
                break
            mask, need = cand[0], cand[1]
            if need <= jokers and mask & state == mask:
                if mask <= FULL:
                    spread = mask * repeat
                    after = (state & ~spread) | ((state >> FACES) & spread)
                else:
                    after = take(state, mask, repeat)
                child = search(after, jokers - need, tstate, discarded)
                value = cand[2] if must_open else 0
                _consider(result, choices, child, value, 1 if cand[3] else 0, ("meld", cand))
        for index, meld in enumerate(tstate):
            if first_way and min(result) >= 0:
                break
            for mask, need, grown in layoffs(meld, face, present, jokers):
                if first_way and min(result) >= 0:
                    break
                spread = mask * repeat
                after = (state & ~spread) | ((state >> FACES) & spread)
                new_table = (*tstate[:index], grown, *tstate[index + 1 :])
                child = search(after, jokers - need, new_table, discarded)
                _consider(result, choices, child, 0, 0, ("layoff", index, mask, need, meld, grown))
        memo[key] = (result, choices)
        return result

    return search


def _consider(
    result: list[int], choices: list[Any], child: list[int], value: int, flags: int, choice: Any
) -> None:
    """Take a step into ``child`` (worth ``value``, setting ``flags``) where
    it beats what the state has."""
    for f in range(len(result)):
        got = child[f & ~flags]
        if got >= 0 and got + value > result[f]:
            result[f] = got + value
            choices[f] = choice


def table_state(meld: Meld, bound: bool) -> tuple[Any, ...]:
    if meld.kind == "run":
        return ("r", int(meld.suit or 0), meld.low, meld.high, meld.jokers)
    suits = 0
    for slot in meld.slots:
        if slot.suit is not None and (bound or not slot.is_joker):
            suits |= 1 << slot.suit
    return ("s", int(meld.rank or 0), suits, len(meld), meld.jokers)


def _bridges(
    positions: Sequence[int], suit: int, present: int, jokers: int, joker_room: int
) -> Iterable[tuple[int, int]]:
    """Fill the positions between a card and a run: each with a held natural or a joker."""
    options: list[tuple[int, int]] = [(0, 0)]
    for p in positions:
        rank = 14 if p == 1 else p
        bit = 1 << ((rank - 2) * 4 + suit)
        grown = []
        for used, need in options:
            if present & bit:
                grown.append((used | bit, need))
            if need + 1 <= min(jokers, joker_room):
                grown.append((used, need + 1))
        options = grown
        if not options:
            return
    yield from options


def cards_of(state: int, jokers: int) -> list[Card]:
    """The cards of a packed hand."""
    cards = []
    while state:
        cards += [Card.natural(c // 4 + 2, c % 4) for c in face_codes(state & FULL)]
        state >>= FACES
    return cards + [JOKER] * jokers


def _go_out_plan(
    variant: Variant,
    tables: Tables,
    memo: _GoOutMemo,
    hand: PackedHand,
    start_table: _TableState,
    f: int,
    table: Sequence[Meld],
) -> GoOutPlan:
    """The plan the search found, followed from the hand through the steps
    it remembered."""
    melds: list[Meld] = []
    layoffs: list[tuple[int, tuple[Card, ...]]] = []
    grown_table = list(table)
    discard: Card | None = None
    state, jokers, tstate, discarded = hand.state, hand.jokers, start_table, False
    repeat = hand.repeat
    while True:
        choice = memo[(state, jokers, tstate, discarded)][1][f]
        kind = choice[0]
        if kind == "end":
            break
        if kind == "discard":
            low = 1 << choice[1]
            discard = Card.natural(choice[1] // 4 + 2, choice[1] % 4)
            state = (state & ~(low * repeat)) | ((state >> FACES) & low * repeat)
            discarded = True
        elif kind == "meld":
            cand = choice[1]
            melds.append(build_meld(tables, cand))
            f &= ~(1 if cand.pure else 0)
            state = take(state, cand.mask, repeat)
            jokers -= cand.jokers
        else:
            _, index, mask, need, _, grown = choice
            layoffs.append(_lay_off(variant, grown_table, index, mask, need))
            spread = mask * repeat
            state = (state & ~spread) | ((state >> FACES) & spread)
            jokers -= need
            tstate = (*tstate[:index], grown, *tstate[index + 1 :])
    # The last jokers: the discard, then lay-offs onto melds with room.
    if choice[1] == "joker":
        discard = JOKER
        jokers -= 1
    layoffs += _last_jokers(variant, grown_table, jokers)
    return GoOutPlan(tuple(melds), tuple(layoffs), discard)


def _lay_off(
    variant: Variant, grown_table: list[Meld], index: int, mask: int, need: int
) -> tuple[int, tuple[Card, ...]]:
    """Lay off the naturals of ``mask`` and ``need`` jokers onto the table
    meld ``index`` (grown in ``grown_table``): the lay-off."""
    added = tuple(Card.natural(c // 4 + 2, c % 4) for c in face_codes(mask)) + (JOKER,) * need
    extended = grow_meld(variant, grown_table[index], added)
    if not isinstance(extended, Meld):  # the search's model of lay-offs disagrees: a bug
        raise RuntimeError(f"solver error: laying off {format_cards(added)} is refused: {extended}")
    grown_table[index] = extended
    return (index, added)


def _last_jokers(
    variant: Variant, grown_table: list[Meld], jokers: int
) -> list[tuple[int, tuple[Card, ...]]]:
    """Lay off the last ``jokers`` onto the table melds with room, first
    melds first (grown in ``grown_table``): the lay-offs."""
    layoffs: list[tuple[int, tuple[Card, ...]]] = []
    index = 0
    bound = variant.meld_rules.bound_set_jokers
    while jokers:
        meld = grown_table[index]
        if bound and meld.kind == "set" and len({s.suit for s in meld.slots} - {None}) == 4:
            index += 1  # no suit left for a bound joker
            continue
        extended = grow_meld(variant, meld, [JOKER])
        if isinstance(extended, Refusal):
            index += 1
            continue
        grown_table[index] = extended
        layoffs.append((index, (JOKER,)))
        jokers -= 1
    return layoffs
