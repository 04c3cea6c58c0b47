"""best_opening: the melds of highest table value that open."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from math import gcd
from typing import Any

import attrs

from rummykit.core.cards import JOKER, Card, parse_cards
from rummykit.core.meld_model import Meld, MeldRules
from rummykit.solver.candidate_bounds import hole_jokers, most_card_value, span, value_bounds
from rummykit.solver.deuces import deuce_choices, wild_deuce_melds
from rummykit.solver.hand_masks import FACES, FULL, PackedHand, face_codes, take
from rummykit.solver.requirement import ContractShape, HandRules, check_deal_number
from rummykit.solver.search_limits import NEG, NO_BOUNDS, opening_bounded, split_for
from rummykit.solver.tables import Candidate, Tables, build_meld, candidates, tables_for
from rummykit.variant.model import Variant, as_variant

__all__ = ["OpeningPlan", "best_opening"]


@attrs.frozen(slots=True)
class OpeningPlan:
    """The melds of the best opening and their table value."""

    melds: tuple[Meld, ...]
    points: int


# --------------------------------------------------------------------------- best opening

_Option = tuple[int, int, int, int, int, int, int, Candidate]
"""A candidate as best_opening's search reads it: its mask, the mask spread
over the hand's layers (0 for a mask of more than one layer, which ``take``
removes), its jokers and value, the flags it sets, its holes (the faces of
the hand its jokers may stand for, where those are left out) and its slack
(how far its value falls below the bounds of its cards), and the candidate."""
_Memo = dict[tuple[int, int], tuple[list[int], list[Any]]]
"""Each state searched (cards, jokers): its best value for each set of flags,
and the first candidate of each (None: the lowest card is left out)."""
_Options = dict[int, list[_Option]]
"""The options of a hand, by lowest face."""


def best_opening(
    variant: Variant | str,
    cards: str | Iterable[Card | str],
    *,
    demands: HandRules,
    must_use: Card | str | None = None,
    minimum: int | None = None,
    deal_number: Any = None,
) -> OpeningPlan | None:
    """The melds of highest table value that open under the variant's rules
    (minimum, pure run, jokers per meld), optionally using ``must_use``; None if
    the hand cannot open. ``demands`` are the variant's requirements (its
    rule set's). ``minimum`` replaces the variant's minimum (0: the most
    valuable melds, whatever their total).

    Where each deal has its contract, the opening is exactly the contract of
    deal ``deal_number`` (1, a match's first deal, when not given, as a
    round's deal number 0 reads): the melds of highest value among those
    that make it. Given a ``minimum`` and no ``deal_number``, it asks instead
    for the most valuable melds of at least that total, whatever the
    contract (both together are a ValueError there). Elsewhere
    ``deal_number`` is checked but not used. (It is an int; typed
    Any so that best_opening's own check, not the compiled build's, judges
    a wrong one: docs/compiled-build.md.)

    >>> from rummykit.variant.model import load_variant
    >>> romme51 = HandRules(opening_min=51, pure_run_needed=True, max_hand=15)
    >>> best_opening(load_variant("romme51"), "Kh Ks Kd Kc 9h 9s 9d", demands=romme51) is None
    True
    """
    variant = as_variant(variant)
    hand_cards = [c.face for c in parse_cards(cards)]
    forced = parse_cards([must_use])[0].face if must_use is not None else None
    contracts = demands.contracts
    if deal_number is not None:
        check_deal_number(deal_number, len(contracts) or None)
        if contracts and minimum is not None:
            raise ValueError("give best_opening a minimum or a deal_number, not both")
    wants_contract = bool(contracts) and (deal_number is not None or minimum is None)
    shape = _deal_contract(contracts, deal_number) if wants_contract else None
    if forced is not None and forced not in hand_cards:
        return None
    if variant.meld_rules.wild_naturals(hand_cards):
        return _best_opening_deuces_wild(variant, demands, hand_cards, forced, minimum, shape)
    return _best_opening(variant, demands, hand_cards, forced, minimum, shape)


def _best_opening_deuces_wild(
    variant: Variant,
    demands: HandRules,
    hand_cards: list[Card],
    forced: Card | None,
    minimum: int | None,
    shape: ContractShape | None,
) -> OpeningPlan | None:
    """The best opening over every choice of the deuces that play wild (a
    forced deuce played wild is forced as a joker and named first)."""
    best: tuple[OpeningPlan, list[Card]] | None = None
    for hand, wild in deuce_choices(variant.meld_rules, hand_cards):
        must = forced
        if forced is not None and forced not in hand:
            must = JOKER
            wild.remove(forced)
            wild.insert(0, forced)
        plan = _best_opening(variant, demands, hand, must, minimum, shape)
        if plan is not None and (best is None or plan.points > best[0].points):
            best = (plan, wild)
    if best is None:
        return None
    plan, deuces = best
    return OpeningPlan(wild_deuce_melds(plan.melds, deuces), plan.points)


def _best_opening(
    variant: Variant,
    demands: HandRules,
    hand_cards: list[Card],
    forced: Card | None,
    minimum: int | None,
    shape: ContractShape | None,
) -> OpeningPlan | None:
    """best_opening with every card as itself (``shape``: the deal's contract
    to lay exactly, where the opening is one)."""
    tables = tables_for(variant, demands, len(hand_cards))
    hand = PackedHand(hand_cards)
    if shape is not None:
        return _best_contract(tables, hand, shape, forced)
    floor = demands.opening_min if minimum is None else minimum
    if floor > len(hand_cards) * most_card_value(variant.meld_rules):
        return None  # out of reach whatever the melds (a minimum of 1,000, say): no search
    cands = candidates(tables, hand.state, hand.jokers, split_for(len(hand_cards), values=True))
    need_pure = demands.pure_run_needed
    # Flags: bit 0 = a pure run is laid, bit 1 = the forced card is used.
    wanted = (1 if need_pure else 0) | (2 if forced is not None else 0)
    # (Smaller hands are searched without bounds or holes left out: working
    # them out would cost more than it saves, see opening_bounded.)
    big = opening_bounded(len(hand_cards), hand.jokers)
    rules = variant.meld_rules
    card_bound, joker_bound = value_bounds(rules, cands) if big else (NO_BOUNDS, 0)
    enough = hole_jokers(rules) if big and _prunes_holes(rules, tables, need_pure, forced) else 0
    bounds = card_bound if big else None
    options = _search_options(cands, forced, wanted, enough, bounds, joker_bound, hand.repeat)
    memo: _Memo = {}
    if big:
        top = sum(card_bound[c.code] for c in hand_cards if not c.is_joker) + hand.jokers * joker_bound
        search = _bounded_search(options, memo, wanted + 1, enough, card_bound, hand.repeat)
        if wanted:
            values = search(hand.state, hand.jokers, top, NEG)
        else:
            values = _aspiration(search, hand, top, floor, cands)
    else:
        values = _plain_search(options, memo, wanted + 1, hand.repeat)(hand.state, hand.jokers)
    points = values[wanted]
    if points < 0 or points < floor or points == 0:
        return None
    return OpeningPlan(_opening_melds(tables, memo, options, hand, wanted), points)


def _prunes_holes(rules: MeldRules, tables: Tables, need_pure: bool, forced: Card | None) -> bool:
    """Does the search of a big hand leave out the melds whose joker stands
    for a face still in the hand (see hole_jokers)? Only while too few
    jokers are left after them, and only where a joker is worth the card it
    stands for, declared, and no pure run and no joker is wanted."""
    return (
        rules.values.fixed_joker is None
        and rules.declared_jokers
        and not need_pure
        and not (forced is not None and forced.is_joker)
        and not tables.repeats
    )


def _search_options(
    cands: dict[int, list[Candidate]],
    forced: Card | None,
    wanted: int,
    enough: int,
    card_bound: list[int] | None,
    joker_bound: int,
    repeat: int,
) -> _Options:
    """The candidates as the search reads them (see _Option), by lowest face.

    Upper bounds (branch and bound, ``card_bound`` given): no card adds more
    than card_bound[face] to a meld's value, no joker more than joker_bound;
    a face in no candidate adds nothing. A branch that cannot beat (or tie,
    for the left card that wins ties) what the state already has is not
    searched, so every remembered value stays exact. Holes are marked where
    ``enough`` (the jokers a hole needs left) is not 0."""
    forced_mask = 0 if forced is None or forced.is_joker else 1 << forced.code
    forced_joker = forced is not None and forced.is_joker
    options: _Options = {}
    for face, group in cands.items():
        options[face] = [
            (
                c.mask,
                c.mask * repeat if c.mask <= FULL else 0,
                c.jokers,
                c.value,
                ((1 if c.pure else 0) | (2 if (c.mask & forced_mask or (forced_joker and c.jokers)) else 0))
                & wanted,
                span(c) & ~c.mask if enough and c.jokers else 0,
                sum(card_bound[code] for code in face_codes(c.mask)) + c.jokers * joker_bound - c.value
                if card_bound is not None
                else 0,
                c,
            )
            for c in group
        ]
    return options


def _bounded_search(
    options: _Options, memo: _Memo, width: int, enough: int, card_bound: list[int], repeat: int
) -> Callable[[int, int, int, int], list[int]]:
    """best_opening's search of a big hand, with bounds (see _aspiration)."""
    upper: dict[tuple[int, int], int] = {}
    single = width == 1
    base = [0] + [NEG] * (width - 1)

    def search(state: int, jokers: int, bound: int, alpha: int) -> list[int]:
        """The state's best values, or (one value) a number at most ``alpha``
        where the best is at most ``alpha``; ``bound``: no value is higher."""
        key = (state, jokers)
        hit = memo.get(key)
        if hit is not None:
            return hit[0]
        if single:
            cap = bound if bound <= alpha else upper.get(key, bound)
            if cap <= alpha:
                return [cap]
        present = state & FULL
        if not present:
            memo[key] = (base, [None] * width)
            return base
        low = present & -present
        face = low.bit_length() - 1
        result = [NEG] * width
        choices: list[Any] = [None] * width
        floor = NEG
        for mask, spread, need, value, flags, holes, slack, cand in options.get(face, ()):
            if need <= jokers and mask & state == mask:
                if (holes & present and jokers - need < enough) or bound - slack <= max(floor, alpha):
                    continue
                after = (state & ~spread) | (state >> FACES & spread) if spread else take(state, mask, repeat)
                cut = max(floor, alpha) - value if single else NEG
                child = search(after, jokers - need, bound - slack - value, cut)
                for f in range(width):
                    got = child[f & ~flags]
                    if got >= 0 and got + value > result[f]:
                        result[f] = got + value
                        choices[f] = cand
                floor = min(result)
        # The lowest card left out (it wins ties: the answer stays the same).
        left = bound - card_bound[face]
        if left >= floor and left > alpha:
            rest = (state & ~(low * repeat)) | ((state >> FACES) & low * repeat)
            child = search(rest, jokers, left, max(alpha, floor - 1) if single else NEG)
            for f in range(width):
                if child[f] >= result[f]:
                    result[f] = child[f]
                    choices[f] = None
        if single and result[0] <= alpha:
            upper[key] = alpha
            return [alpha]
        memo[key] = (result, choices)
        return result

    return search


def _aspiration(
    search: Callable[[int, int, int, int], list[int]],
    hand: PackedHand,
    top: int,
    floor: int,
    cands: dict[int, list[Candidate]],
) -> list[int]:
    """The best value of a big hand, with one value a state (no pure run or
    card wanted): a search is asked only whether the state beats ``alpha``,
    and a state that cannot is left with an upper bound of its value, valued
    again if a later question needs more (alpha-beta with a transposition
    table; remembered values are exact). The first question asks for values
    close to the bound ``top``, where the bound prunes most, and each next
    one for less, until one is answered (what a failed question learns stays
    true). Every total of melds is a multiple of ``grain``: each question
    asks for the next such total down."""
    lowest = max(floor, 1) - 1
    grain = 0
    for group in cands.values():
        for cand in group:
            grain = gcd(grain, cand.value)
    grain = max(grain, 1)
    want, units = top - top % grain, 0
    while True:
        alpha = max(want - units * grain - 1, lowest)
        values = search(hand.state, hand.jokers, top, alpha)
        if values[0] > alpha or alpha == lowest:
            return values
        units += 1 + units // 4


def _plain_search(options: _Options, memo: _Memo, width: int, repeat: int) -> Callable[[int, int], list[int]]:
    """best_opening's search of a hand of real size (no bounds):
    ``search(state, jokers)``."""
    base = [0] + [NEG] * (width - 1)

    def search(state: int, jokers: int) -> list[int]:
        """The state's best values."""
        key = (state, jokers)
        hit = memo.get(key)
        if hit is not None:
            return hit[0]
        present = state & FULL
        if not present:
            memo[key] = (base, [None] * width)
            return base
        low = present & -present
        face = low.bit_length() - 1
        result = list(search((state & ~(low * repeat)) | ((state >> FACES) & low * repeat), jokers))
        choices: list[Any] = [None] * width
        for mask, spread, need, value, flags, _, _, cand in options.get(face, ()):
            if need <= jokers and mask & state == mask:
                after = (state & ~spread) | (state >> FACES & spread) if spread else take(state, mask, repeat)
                child = search(after, jokers - need)
                for f in range(width):
                    got = child[f & ~flags]
                    if got >= 0 and got + value > result[f]:
                        result[f] = got + value
                        choices[f] = cand
        memo[key] = (result, choices)
        return result

    return search


def _opening_melds(
    tables: Tables, memo: _Memo, options: _Options, hand: PackedHand, wanted: int
) -> tuple[Meld, ...]:
    """The melds of the best opening, followed from the hand through the
    choices the search remembered."""
    melds: list[Meld] = []
    state, jokers, f = hand.state, hand.jokers, wanted
    repeat = hand.repeat
    while state & FULL:
        choice = memo[(state, jokers)][1][f]
        if choice is None:
            low = state & FULL & -(state & FULL)
            state = (state & ~(low * repeat)) | ((state >> FACES) & low * repeat)
        else:
            melds.append(build_meld(tables, choice))
            f &= ~next(o[4] for o in options[_lowest(choice.mask)] if o[7] == choice)
            state = take(state, choice.mask, repeat)
            jokers -= choice.jokers
    return tuple(melds)


def _deal_contract(contracts: tuple[ContractShape, ...], deal: Any) -> ContractShape:
    """The contract of deal ``deal`` (None: the first)."""
    return contracts[0 if deal is None else deal - 1]


def _best_contract(
    tables: Any, hand: PackedHand, shape: ContractShape, forced: Card | None
) -> OpeningPlan | None:
    """The melds of highest value, ``shape.melds`` of them fitting in the hand
    together, that make the contract and use ``forced``: every choice of
    that many candidates is tried, best values first, a branch left where
    even the best candidates left could not beat the best found."""
    found = sorted(
        (c for group in candidates(tables, hand.state, hand.jokers).values() for c in group),
        key=lambda c: -c.value,
    )
    repeat = hand.repeat
    forced_mask = 0 if forced is None or forced.is_joker else 1 << forced.code
    best: list[Any] = [-1, None]  # a contract may be worth 0 points (table values of 0)

    def search(state: int, jokers: int, start: int, chosen: tuple[Candidate, ...], value: int) -> None:
        left = shape.melds - len(chosen)
        if left == 0:
            if value > best[0] and _uses(chosen, forced, forced_mask):
                melds = [build_meld(tables, c) for c in sorted(chosen, key=lambda c: _lowest(c.mask))]
                if shape.accepts(melds):
                    best[:] = [value, melds]
            return
        for i in range(start, len(found) - left + 1):
            cand = found[i]
            if value + cand[2] * left <= best[0]:
                return  # sorted by value: no later choice does better
            mask, need = cand[0], cand[1]
            if need <= jokers and mask & state == mask:
                search(take(state, mask, repeat), jokers - need, i + 1, (*chosen, cand), value + cand[2])

    search(hand.state, hand.jokers, 0, (), 0)
    if best[1] is None:
        return None
    return OpeningPlan(tuple(best[1]), best[0])


def _uses(chosen: Sequence[Candidate], forced: Card | None, forced_mask: int) -> bool:
    if forced is None:
        return True
    if forced_mask:
        return any(c.mask & forced_mask for c in chosen)
    return any(c.jokers for c in chosen)


def _lowest(mask: int) -> int:
    return (mask & -mask).bit_length() - 1
