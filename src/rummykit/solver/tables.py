"""Candidate melds and the per-variant search tables shared by the solvers.

Candidate melds come from per-suit and per-rank patterns of a packed hand
(:mod:`rummykit.solver.hand_masks`): of the placements of
:mod:`rummykit.core.meld_places` (the enumeration the meld listing uses too),
the best for each cards-and-jokers pair, cached per variant in its
:class:`Tables`; each candidate is built into a :class:`Meld` when a search
answers with it (:func:`build_meld`, which judge_meld confirms).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

from rummykit.core.cards import JOKER, JOKER_CODE, Card, format_cards
from rummykit.core.meld_judge import judge_meld
from rummykit.core.meld_model import Meld, MeldKind, MeldRules
from rummykit.core.meld_places import run_places, set_places
from rummykit.solver.hand_masks import FACES, FULL, face_codes, masks_union
from rummykit.solver.requirement import HandRules
from rummykit.solver.search_limits import SPLIT_ALL, SPLIT_NONE, SPLIT_VALUES
from rummykit.solver.suit_rows import SuitRows, suit_rows_for
from rummykit.speed.memo import Memo
from rummykit.variant.model import Variant

__all__ = ["Candidate", "Chain", "Tables", "build_meld", "candidates", "clear_caches", "tables_for"]

# --------------------------------------------------------------------------- candidates


class Candidate(NamedTuple):
    """A candidate meld of a hand, as the searches read it.

    The searches' hot loops read the first five fields by index (``cand[0]``
    is ``cand.mask``): a field's name costs a lookup there."""

    mask: int
    """The natural faces it uses (a packed hand: a face twice in the next layer)."""
    jokers: int
    """The jokers it needs."""
    value: int
    """Its table value as the variant would count it (the player declares
    the best place where the variant lets him)."""
    pure: bool
    """A run without a joker of at least the tables' ``pure_min`` cards."""
    gain: int
    """The hand penalty it saves: its faces' and its jokers'."""
    kind: MeldKind
    """A set, or a run: where it lies, with the fields below."""
    rank: int
    """A set's rank (2-14); 0 for a run."""
    suit: int
    """A run's suit (0-3); -1 for a set."""
    start: int
    """A run's first position (1 = low ace); 0 for a set."""
    length: int
    """Its cards, naturals and jokers."""

Chain = tuple[tuple[int, int], ...]  # (mask, gain) of jokerless candidates, each holding the one before


class Tables:
    """Per-variant caches of candidate melds, keyed on suit and rank patterns."""

    def __init__(self, rules: MeldRules, pure_min: int, penalties: Sequence[int]) -> None:
        self.rules = rules
        self.memo = Memo()  # the searches' answers that live as long as the tables
        self.pure_min = pure_min
        self.penalties = penalties
        self.built: dict[Candidate, Meld] = {}
        # least_penalty's search results, shared by every hand of this variant:
        # a state's best cover depends only on the state (a transposition table).
        self.least: dict[tuple[int, int], tuple[int, Any]] = {}
        # the same for hands of distinct faces, no joker: (best cover, first step)
        self.least_plain: dict[int, tuple[int, int]] = {}
        # ... and with one card still to throw away: the best cover, the best
        # cover that leaves a card to throw, and the first step of each
        self.least_owing: dict[int, tuple[int, int, int, int]] = {}
        self._plain_chains: list[tuple[Chain, ...]] | None = None
        self._plain_by_mask: dict[int, Candidate] = {}
        self._plain_heads: list[tuple[int, ...]] | None = None
        self._plain_near: list[tuple[int, int]] | None = None
        self._suit_rows: tuple[SuitRows | None] | None = None
        self._plain_melds: dict[int, Meld] = {}
        # Can a meld hold two equal faces (more than one layer)? A run holds
        # one card a rank, but from ace to ace it holds its suit's ace twice.
        self.repeats = rules.ace_to_ace or not rules.set_distinct_suits
        # The run positions of an ace, as bits of a suit's pattern.
        self.ace_bits = sum(1 << p for p in rules.ace_positions)
        self.run_cache: dict[tuple[int, int, int, int], list[tuple[int, Candidate]]] = {}
        self.set_cache: dict[tuple[int, int, int], list[tuple[int, Candidate]]] = {}
        values = rules.values.run_values
        self.prefix = [0]
        for v in values:
            self.prefix.append(self.prefix[-1] + v)

    def plain_chains(self) -> list[tuple[Chain, ...]]:
        """Every jokerless candidate of the whole deck, by lowest face, as
        chains of (mask, gain): each mask in a chain holds the one before it,
        so a search stops a chain at the first meld the hand lacks."""
        if self._plain_chains is None:
            chains: list[tuple[Chain, ...]] = [() for _ in range(FACES)]
            for low, cands in candidates(self, FULL, 0).items():
                built: list[list[tuple[int, int]]] = []
                # A hand of distinct faces holds no meld with two equal faces.
                single = [c for c in cands if c.mask <= FULL]
                for cand in sorted(single, key=lambda c: (c.mask.bit_count(), c.mask)):
                    self._plain_by_mask[cand.mask] = cand
                    for chain in built:
                        if chain[-1][0] & cand.mask == chain[-1][0]:
                            chain.append((cand.mask, cand.gain))
                            break
                    else:
                        built.append([(cand.mask, cand.gain)])
                chains[low] = tuple(tuple(chain) for chain in built)
            self._plain_chains = chains
        return self._plain_chains

    def plain_heads(self) -> list[tuple[int, ...]]:
        """By face, the masks of the chains' first melds that hold it: a
        hand of distinct faces holds a jokerless meld with a face if and only
        if it holds one of these (every meld holds its chain's first)."""
        if self._plain_heads is None:
            heads: list[list[int]] = [[] for _ in range(FACES)]
            for chains in self.plain_chains():
                for chain in chains:
                    mask = chain[0][0]
                    for code in face_codes(mask):
                        heads[code].append(mask)
            self._plain_heads = [tuple(masks) for masks in heads]
        return self._plain_heads

    def plain_near(self) -> list[tuple[int, int]]:
        """By face: the other faces of its chains' first melds, and the fewest
        of them such a meld needs. A hand holding fewer of them holds the face
        in no meld (a quick test before :meth:`plain_heads`)."""
        if self._plain_near is None:
            self._plain_near = [
                (masks_union(masks) & ~(1 << code), min((m.bit_count() for m in masks), default=1) - 1)
                for code, masks in enumerate(self.plain_heads())
            ]
        return self._plain_near

    def suit_rows(self) -> SuitRows | None:
        """The tables of the quick lower bound by suit rows, where the
        variant's smallest melds allow them (:mod:`rummykit.solver.suit_rows`)."""
        if self._suit_rows is None:
            self._suit_rows = (suit_rows_for(self.plain_heads(), self.penalties, self.rules.wild_below),)
        return self._suit_rows[0]

    def plain_meld(self, mask: int) -> Meld:
        """The Meld of a chained (jokerless) candidate."""
        meld = self._plain_melds.get(mask)
        if meld is None:
            meld = self._plain_melds[mask] = build_meld(self, self._plain_by_mask[mask])
        return meld

    def runs(
        self, suit: int, pattern: int, max_jokers: int, split: int = SPLIT_NONE
    ) -> list[tuple[int, Candidate]]:
        """The runs of one suit's pattern, each with its lowest face.

        ``split``: leave out the runs that can be cut in two runs (each of at
        least ``run_min`` cards and one natural; a pure run keeps a pure
        piece). Every way to lay a hand then has one made of the pieces,
        covering the same cards, and as valuable where the pieces are worth
        as much as the run: always without a joker (a run is worth the sum of
        its positions; a run of thirteen, read ace low, is worth at most its
        pieces), with jokers where the player declares them (each piece keeps
        its jokers' places). SPLIT_VALUES cuts where values stay exact,
        SPLIT_ALL every run (for covers and hand penalties). Runs then hold
        fewer than ``2 * run_min`` cards, mostly, which keeps the searches of
        big hands from remembering every way long runs take higher cards."""
        key = (suit, pattern, max_jokers, split)
        found = self.run_cache.get(key)
        if found is None:
            found = self.run_cache[key] = _by_lowest(self._runs(suit, pattern, max_jokers, split))
        return found

    def _runs(self, suit: int, pattern: int, max_jokers: int, split: int) -> list[Candidate]:
        rules = self.rules
        best: dict[tuple[int, int], list[Any]] = {}
        declared = rules.declared_jokers
        split_jokers = split == SPLIT_ALL or (split == SPLIT_VALUES and declared)
        fixed_joker = rules.values.fixed_joker
        # Each placement, a window's held naturals replaced by jokers depth first.
        for lo, length, used in run_places(rules, pattern, max_jokers):
            if fixed_joker is None:
                value = self.run_value(lo, length)
            else:
                value = self.run_value_fixed_joker(used, length, fixed_joker)
            mask = 0
            for p in used:
                rank = 14 if p == 1 else p
                bit = 1 << ((rank - 2) * 4 + suit)
                mask |= bit << FACES if mask & bit else bit  # an ace at both ends
            jokers = length - len(used)
            if split and (jokers == 0 or split_jokers) and self._splits(lo, length, used):
                continue
            key = (mask, jokers)
            entry = best.get(key)
            better = entry is None or (value > entry[0] if declared else value < entry[0])
            if better:
                best[key] = [value, jokers == 0 and length >= self.pure_min, lo, length]
        return [
            Candidate(mask, jokers, v, pure, self._gain(mask, jokers), "run", 0, suit, lo, length)
            for (mask, jokers), (v, pure, lo, length) in best.items()
        ]

    def _splits(self, lo: int, length: int, used: Sequence[int]) -> bool:
        """Can this run (naturals at ``used``) be cut in two runs?"""
        run_min = self.rules.run_min
        pure = len(used) == length and length >= self.pure_min
        limit = self.rules.joker_limit
        for cut in range(run_min, length - run_min + 1):
            below = sum(1 for p in used if p < lo + cut)
            above = len(used) - below
            if below == 0 or above == 0:
                continue
            if pure and max(cut, length - cut) < self.pure_min:
                continue
            if cut - below > limit(below) or (length - cut) - above > limit(above):
                continue  # a part would hold more jokers than its naturals allow
            return True
        return False

    def run_value(self, lo: int, length: int) -> int:
        """The table value judge_meld gives a run of ``length`` cards from
        position ``lo``. A run of all thirteen ranks, where the ace may lie at
        either end, reads its ace low (the lower reading: judge_meld breaks
        the tie so, and a player cannot declare where a natural ace lies),
        whichever end the search placed it at."""
        value = self.prefix[lo + length] - self.prefix[lo]
        if length == 13 and self.rules.aces_both_ends:
            value = min(self.prefix[14] - self.prefix[1], self.prefix[15] - self.prefix[2])
        return value

    def run_value_fixed_joker(self, used: Sequence[int], length: int, fixed_joker: int) -> int:
        """:meth:`run_value` where a table joker has fixed points: the
        naturals at the positions ``used``, the jokers at ``fixed_joker``
        each; a natural ace of a thirteen-card run reads low or high,
        whichever is worth less (as judge_meld does), and so does the one
        natural ace of a run from ace to ace (a joker holds the other end)."""
        run_values = self.rules.values.run_values
        both_ends = length == 13 and self.rules.aces_both_ends
        if length == 14:
            both_ends = sum(1 for p in used if p in (1, 14)) == 1
        value = fixed_joker * (length - len(used))
        for p in used:
            ace = p in (1, 14)
            value += min(run_values[1], run_values[14]) if ace and both_ends else run_values[p]
        return value

    def _gain(self, mask: int, jokers: int) -> int:
        return sum(self.penalties[code] for code in face_codes(mask)) + jokers * self.penalties[JOKER_CODE]

    def sets(self, rank_index: int, pattern: int, max_jokers: int) -> list[tuple[int, Candidate]]:
        """The sets of one rank's suit pattern, each with its lowest face.
        The pattern has a layer of four bits per copy (bit ``suit + 4*i``:
        more than ``i`` cards of that suit), like a hand."""
        key = (rank_index, pattern, max_jokers)
        found = self.set_cache.get(key)
        if found is None:
            found = self.set_cache[key] = _by_lowest(self._sets(rank_index, pattern, max_jokers))
        return found

    def _sets(self, rank_index: int, pattern: int, max_jokers: int) -> list[Candidate]:
        rules = self.rules
        value = rules.values.set_values[rank_index + 2]
        fixed_joker = rules.values.fixed_joker
        out: list[Candidate] = []
        for chosen, jokers in set_places(rules, _suit_counts(pattern), max_jokers):
            naturals = sum(chosen)
            size = naturals + jokers
            mask = 0
            for s, copies in enumerate(chosen):
                for layer in range(copies):
                    mask |= 1 << (rank_index * 4 + s + FACES * layer)
            gain = self._gain(mask, jokers)
            points = value * size if fixed_joker is None else value * naturals + fixed_joker * jokers
            out.append(Candidate(mask, jokers, points, False, gain, "set", rank_index + 2, -1, 0, size))
        return out


def _by_lowest(cands: list[Candidate]) -> list[tuple[int, Candidate]]:
    return [((c.mask & -c.mask).bit_length() - 1, c) for c in cands]


def _suit_counts(pattern: int) -> list[int]:
    """How many cards of each suit a rank's suit pattern (layers of four
    bits) holds."""
    counts = [0, 0, 0, 0]
    layer = 0
    while pattern >> (4 * layer):
        for s in range(4):
            counts[s] += pattern >> (4 * layer + s) & 1
        layer += 1
    return counts


def tables_for(variant: Variant, demands: HandRules, cards: int) -> Tables:
    """The variant's search tables, for a hand of ``cards`` cards; a
    ValueError if no hand of the variant can hold that many (``demands``
    say how many: the bound also keeps the searches, one level per card, far
    from the recursion limit). The tables are the variant's own (kept in its
    memo, gone with it), marking runs of ``demands.pure_run_min`` cards as
    pure."""
    if cards > demands.max_hand:
        raise _too_many(variant, cards, demands.max_hand)
    products = variant.memo.products
    key = (Tables, demands.pure_run_min)
    tables: Tables | None = products.get(key)
    if tables is None:
        tables = products[key] = Tables(variant.meld_rules, demands.pure_run_min, variant.hand_penalties)
    return tables


def _too_many(variant: Variant, cards: int, limit: int) -> ValueError:
    return ValueError(
        f"cards: expected a hand of at most {limit} cards (the most a hand of {variant.id} "
        f"can hold), got {cards}"
    )


def candidates(
    tables: Tables, faces: int, jokers: int, split: int = SPLIT_NONE
) -> dict[int, list[Candidate]]:
    """Every candidate meld of these faces (a packed hand: the copies of a
    face count only where a meld may hold two), grouped by its lowest face
    (``split``: see Tables.runs). A candidate may need more copies of a face
    than the hand holds (a run from ace to ace): check ``mask & hand == mask``."""
    max_jokers = min(tables.rules.max_jokers, jokers)
    suit_patterns = [0, 0, 0, 0]
    rank_patterns: dict[int, int] = {}
    rest = faces & FULL
    ace_bits = tables.ace_bits
    while rest:
        low = rest & -rest
        code = low.bit_length() - 1
        rest ^= low
        rank_index, suit = code >> 2, code & 3
        rank_patterns[rank_index] = rank_patterns.get(rank_index, 0) | (1 << suit)
        if rank_index == 12:
            suit_patterns[suit] |= ace_bits
        else:
            suit_patterns[suit] |= 1 << (rank_index + 2)
    if faces > FULL and not tables.rules.set_distinct_suits:
        # Sets may hold equal faces: a rank's pattern has a layer per copy.
        layer = 1
        rest = faces >> FACES
        while rest:
            for code in face_codes(rest & FULL):
                rank_patterns[code >> 2] |= 1 << ((code & 3) + 4 * layer)
            rest >>= FACES
            layer += 1
    grouped: dict[int, list[Candidate]] = {}
    lists = [tables.runs(suit, p, max_jokers, split) for suit, p in enumerate(suit_patterns) if p]
    lists += [tables.sets(r, p, max_jokers) for r, p in rank_patterns.items()]
    for found in lists:
        for low, cand in found:
            group = grouped.get(low)
            if group is None:
                grouped[low] = [cand]
            else:
                group.append(cand)
    return grouped


# --------------------------------------------------------------------------- building melds


def build_meld(tables: Tables, cand: Candidate) -> Meld:
    found = tables.built.get(cand)
    if found is not None:
        return found
    naturals = [Card.natural(code // 4 + 2, code % 4) for code in face_codes(cand.mask)]
    if cand.kind == "set" and len(naturals) == 1 and not tables.rules.ambiguous_as_set:
        # one natural card and jokers read as a run here: the jokers say the set's suits
        natural = naturals[0]
        suits = [suit for suit in range(4) if suit != natural.suit][: cand.jokers]
        cards = naturals + [Card.joker(Card.natural(int(natural.rank or 0), suit)) for suit in suits]
    elif cand.kind == "set":
        cards = naturals + [JOKER] * cand.jokers
    else:
        suit, start = cand.suit, cand.start
        held: set[int] = set()
        for c in naturals:
            rank = int(c.rank or 0)
            # An ace lies low where the run starts at the ace (and high as
            # well, a second ace, in a run from ace to ace).
            held.add(1 if rank == 14 and start == 1 and 1 not in held else rank)
        free = [p for p in range(start, start + cand.length) if p not in held]
        cards = naturals + [Card.joker(Card.natural(14 if p == 1 else p, suit)) for p in free]
    meld = judge_meld(tables.rules, cards)
    if not isinstance(meld, Meld) or meld.points != cand.value:
        # The candidates are made to agree with judge_meld; this is a solver bug.
        raise RuntimeError(
            f"solver error: {format_cards(cards)} is judged {meld}, not a meld worth {cand.value}"
        )
    if len(tables.built) < 100_000:
        tables.built[cand] = meld
    return meld


def clear_caches(variant: Variant, *, results_only: bool = False) -> None:
    """Forget what was remembered for ``variant``: with ``results_only``,
    every result (search results, meld verdicts and listings, the engine's
    verdicts), keeping what is built from the rules alone (the rule
    components, the candidate tables); else everything. Answers never
    change; only speed."""
    if not results_only:
        variant.memo.clear()
        variant.meld_rules.memo.clear()
        return
    for key, made in list(variant.memo.products.items()):  # another thread may add to it
        if not (isinstance(key, tuple) and key[0] is Tables):
            continue
        tables: Tables = made
        tables.least.clear()
        tables.least_plain.clear()
        tables.least_owing.clear()
        tables.memo.clear()
    variant.memo.clear(tables_only=True)
    variant.meld_rules.memo.clear(tables_only=True)
