"""can_open_with: can a hand open (or go on) with a given card, the card
taken from the discards, laid this turn?"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Sequence
from typing import Any

from rummykit.core.cards import JOKER_CODE, Card, parse_cards
from rummykit.core.meld_model import Meld
from rummykit.solver.candidate_bounds import most_card_value
from rummykit.solver.going_out_search import can_go_out, cards_of, table_state
from rummykit.solver.hand_masks import FACES, FULL, PackedHand, take
from rummykit.solver.requirement import HandRules
from rummykit.solver.search_limits import split_for
from rummykit.solver.tables import Candidate, Tables, candidates, tables_for
from rummykit.speed.memo import MemoTable
from rummykit.variant.model import Variant

__all__ = ["can_open_with"]


# --------------------------------------------------------------------------- opening with a card


# Answers per variant's tables (emptied by clear_caches, like every memo table).
_REACHED: MemoTable[tuple[Any, ...], bool] = MemoTable("solver.reached", limit=20_000)


def can_open_with(
    variant: Variant,
    cards: str | Iterable[Card | str],
    must_use: Card | str,
    *,
    demands: HandRules,
    opening: bool = True,
    keep_discard: bool | None = None,
    not_discardable: Collection[Card | str] = (),
    table: Sequence[Meld] = (),
) -> bool:
    """Can the hand lay new melds, one of them holding ``must_use``, that open
    (``opening``: the variant's minimum and pure run; False: any meld will do),
    leaving a card to discard? ``keep_discard``: True, a card must be left to
    discard; False, the melds may also take every card; None, as the variant
    says (``going_out.final_discard``). A card whose face is in
    ``not_discardable`` (R-ALL-12) does not count as one to discard.

    ``table``: the melds on the table. Where the player may lay off in this
    turn (having opened before, or opening now where the variant allows
    lay-offs in the opening turn) and no card may be thrown away, the cards
    left over that may not be thrown can also be laid off onto them, which
    empties the hand (going out). That is the only use of a lay-off here: a
    lay-off never helps a new meld, and where a card that may be thrown is
    left, throwing it ends the turn.

    A decision, not an optimisation: the search stops at the first set of
    melds that is enough. It tries the melds of highest value first and adds
    none once the minimum is reached (but a pure run the opening still lacks,
    or a meld for cards that may not be thrown), so it looks at combinations of
    at most ``ceil(minimum / value of the smallest meld)`` melds (3 in Roemie)
    whatever the size of the hand, and it remembers its answers per variant.

    >>> from rummykit.variant.model import load_variant
    >>> roemie, demands = load_variant("roemie"), HandRules(opening_min=40, max_hand=108)
    >>> can_open_with(roemie, "7h 8h 9h Th Jh Qh 2c", "7h", demands=demands)
    True
    >>> can_open_with(roemie, "7h 8h 9h 2c 5d", "7h", demands=demands)
    False
    """
    hand_cards = [c.face for c in parse_cards(cards)]
    forced = parse_cards([must_use])[0].face
    if forced not in hand_cards:
        return False
    if keep_discard is None:
        keep_discard = demands.final_discard
    blocked = {c.face.code for c in parse_cards(not_discardable)}
    return _opens_with(variant, demands, hand_cards, forced, opening, keep_discard, blocked, table)


def _opens_with(
    variant: Variant,
    demands: HandRules,
    hand_cards: list[Card],
    forced: Card,
    opening: bool,
    keep_discard: bool,
    blocked: set[int],
    table: Sequence[Meld],
) -> bool:
    """can_open_with of the cards read: the answer remembered for the
    variant's tables, or else searched and remembered."""
    minimum = demands.opening_min if opening else 0
    if minimum > len(hand_cards) * most_card_value(variant.meld_rules):
        return False  # out of reach whatever the melds (a minimum of 1,000, say): no search
    tables = tables_for(variant, demands, len(hand_cards))
    hand = PackedHand(hand_cards)
    need_pure = opening and demands.pure_run_needed
    if keep_discard or not (demands.layoff_in_opening_turn or not opening):
        table = ()
    bound = variant.meld_rules.bound_set_jokers
    targets = tuple(sorted(table_state(m, bound) for m in table)) if table else ()
    key = (
        hand.state,
        hand.jokers,
        forced.code,
        minimum,
        need_pure,
        keep_discard,
        frozenset(blocked),
        targets,
    )
    answers = _REACHED.of(tables)
    known = answers.get(key)
    if known is None:
        split = split_for(len(hand_cards), values=True)
        lay_off = _lay_off_check(variant, demands, table)
        known = _reach(tables, hand, forced, minimum, need_pure, keep_discard, blocked, split, lay_off)
        answers[key] = known
    return known


def _lay_off_check(
    variant: Variant, demands: HandRules, table: Sequence[Meld]
) -> Callable[[list[Card]], bool] | None:
    """Can these cards (all of them) be laid off onto the table melds?"""
    if not table:
        return None
    known: dict[tuple[Card, ...], bool] = {}

    def check(cards: list[Card]) -> bool:
        key = tuple(cards)
        found = known.get(key)
        if found is None:
            plan = can_go_out(variant, cards, demands=demands, table=table, keep_discard=False)
            found = known[key] = plan is not None
        return found

    return check


def _reach(
    tables: Tables,
    hand: PackedHand,
    forced: Card,
    minimum: int,
    need_pure: bool,
    keep_discard: bool,
    blocked: set[int],
    split: int,
    lay_off: Callable[[list[Card]], bool] | None = None,
) -> bool:
    """The search of :func:`can_open_with` (depth first, highest values first)."""
    everything = candidates(tables, hand.state, hand.jokers, split)
    by_value = sorted((c for group in everything.values() for c in group), key=lambda c: -c.value)
    forced_mask = 0 if forced.is_joker else 1 << forced.code
    first = [c for c in by_value if (c.mask & forced_mask if forced_mask else c.jokers)]
    repeat = hand.repeat
    search = _reach_search(by_value, repeat, keep_discard, blocked, lay_off)
    for cand in first:
        if cand.jokers > hand.jokers or cand.mask & hand.state != cand.mask:
            continue
        rest = take(hand.state, cand.mask, repeat)
        if search(rest, hand.jokers - cand.jokers, minimum - cand.value, need_pure and not cand.pure):
            return True
    return False


def _reach_search(
    by_value: list[Candidate],
    repeat: int,
    keep_discard: bool,
    blocked: set[int],
    lay_off: Callable[[list[Card]], bool] | None,
) -> Callable[[int, int, int, bool], bool]:
    """can_open_with's search after the first meld: ``search(state, jokers,
    need, pure)``, can the state add melds worth ``need`` more (and a pure
    run, ``pure``) and leave a card to throw (with ``keep_discard`` False,
    or no card at all)? Failed states are remembered."""
    blocked_mask = sum(1 << code for code in blocked if code != JOKER_CODE)
    joker_blocked = JOKER_CODE in blocked
    failed: set[tuple[int, int, int, bool]] = set()
    pure_runs = [c for c in by_value if c.pure]

    def leaves_discard(state: int, jokers: int) -> bool:
        present = state & FULL
        if not present and not jokers:
            return not keep_discard
        if present & ~blocked_mask or (jokers > 0 and not joker_blocked):
            return True
        # Only cards that may not be thrown are left: lay them all off.
        return lay_off is not None and lay_off(cards_of(state, jokers))

    def search(state: int, jokers: int, need: int, pure: bool) -> bool:
        options = by_value
        if need <= 0:
            if not pure and leaves_discard(state, jokers):
                return True
            # Enough value: what is missing is a pure run, or a card to
            # discard (only cards that may not be thrown are left: meld them).
            options = pure_runs if pure else by_value
        key = (state, jokers, max(need, 0), pure)
        if key in failed:
            return False
        for cand in options:  # by index: the hot loop
            mask, joker_count = cand[0], cand[1]
            if joker_count <= jokers and mask & state == mask:
                if mask <= FULL:
                    spread = mask * repeat
                    rest = (state & ~spread) | ((state >> FACES) & spread)
                else:
                    rest = take(state, mask, repeat)
                if search(rest, jokers - joker_count, need - cand[2], pure and not cand[3]):
                    return True
        failed.add(key)
        return False

    return search
