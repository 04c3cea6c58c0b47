"""Benchmarks of the core: meld checks and the solver.

Run: python benchmarks/core.py [--quick]

Prints meld checks per second on random 3-6-card groups, the solver's median
and p99 on random 14- and 15-card two-deck hands with 0, 1, 2 and 4 jokers,
on 20-card hands with 6 jokers in a variant with no limit of jokers per meld,
on 14-card Kalooki hands with 0, 2 and 4 jokers (up to three jokers a meld),
on big Roemie hands (40, 60 and 90 cards of two decks, 0 and 4 jokers: a deep
take can bring the whole discard row into a hand), least_penalty on
11-card one-deck dense hands under benchmarks/gin.toml, and the Indian show
judge (the best arrangement with two sequences, one pure, and its count) on
13- and 14-card hands of two decks and two jokers with 0 to 4 wild cards
under benchmarks/indian.toml.
Every hand is drawn fresh (no hand is timed twice).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import rummykit as rk
from rummykit import solver as rk_solver
from rummykit.core.cards import JOKER, Card, Rank
from rummykit.core.meld_shape import MeldShape
from rummykit.solver.show import judge_show

HERE = Path(__file__).resolve().parent


def percentile(samples: Sequence[float], p: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(p * len(ordered)))]


def timed(fn: Callable[[Any], Any], inputs: Sequence[Any]) -> list[float]:
    out = []
    clock = time.perf_counter
    for item in inputs:
        start = clock()
        fn(item)
        out.append(clock() - start)
    return out


def meld_checks(rnd: random.Random, count: int) -> None:
    variant = rk.load_variant("rami51")
    rules = variant.meld_rules
    deck = list(variant.deck_for(4))
    groups = [rnd.sample(deck, rnd.randint(3, 6)) for _ in range(count)]
    times = timed(lambda g: rk.judge_meld(rules, g), groups)
    total = sum(times)
    valid = sum(1 for g in groups if isinstance(rk.judge_meld(rules, g), rk.Meld))
    print(
        f"meld check   random 3-6-card groups: {count / total:,.0f} checks/s, "
        f"median {statistics.median(times) * 1e6:.2f} us, p99 {percentile(times, 0.99) * 1e6:.2f} us "
        f"({valid} of {count} valid)"
    )
    # Valid melds alone, for the slower path.
    melds = []
    while len(melds) < count // 10:
        suit = rnd.randrange(4)
        start = rnd.randint(2, 10)
        length = rnd.randint(3, 5)
        cards = [Card.natural(r, suit) for r in range(start, min(start + length, 15))]
        if rnd.random() < 0.5:
            cards[rnd.randrange(len(cards))] = rk.JOKER
        rnd.shuffle(cards)
        melds.append(cards)
    times = timed(lambda g: rk.judge_meld(rules, g), melds)
    print(
        f"meld check   valid runs (half with a joker): median {statistics.median(times) * 1e6:.2f} us, "
        f"p99 {percentile(times, 0.99) * 1e6:.2f} us"
    )


def two_deck_hand(rnd: random.Random, size: int, jokers: int) -> list[Card]:
    naturals = [Card.natural(r, s) for r in range(2, 15) for s in range(4)] * 2
    return rnd.sample(naturals, size - jokers) + [rk.JOKER] * jokers


# Rami 51 deals 13 cards, so its hands hold at most 14 (the solver refuses
# more): the 15-card rows use the same rules with one card more dealt.
RAMI51_DEAL14 = """
[meta]
id = "rami51_deal14"
name = "Rami 51, 14 cards dealt"
extends = "rami51"

[deal]
hand_size = 14
"""

# A variant with no limit on jokers per meld (Roemie's rules otherwise, so
# hands of any size up to the deck are real), and six jokers in the deck.
FREE_JOKERS = """
[meta]
id = "roemie_free_jokers"
name = "Roemie, any number of jokers in a meld"
extends = "roemie"

[[deck.by_players]]
players = [2, 4]
decks = 2
jokers = 6

[melds]
max_jokers_per_meld = 13
"""


def solver(rnd: random.Random, count: int) -> None:
    variant = rk.loads_variant(RAMI51_DEAL14)
    print(f"solver (rami51 rules, {count} fresh hands each): median / p99 in ms")
    for size in (14, 15):
        for jokers in (0, 1, 2, 4):
            hands = [two_deck_hand(rnd, size, jokers) for _ in range(count)]
            row = []
            for name, fn in (
                ("best_opening", lambda h: rk.best_opening(variant, h)),
                ("can_go_out", lambda h: rk.can_go_out(variant, h)),
                ("least_penalty", lambda h: rk.least_penalty(variant, h)),
            ):
                times = timed(fn, hands)
                row.append(
                    f"{name} {statistics.median(times) * 1e3:.3f} / {percentile(times, 0.99) * 1e3:.2f}"
                )
            print(f"  {size} cards, {jokers} jokers: " + ", ".join(row))


def many_jokers(rnd: random.Random, count: int) -> None:
    variant = rk.loads_variant(FREE_JOKERS)
    hands = [two_deck_hand(rnd, 20, 6) for _ in range(count)]
    row = []
    for name, fn in (
        ("best_opening", lambda h: rk.best_opening(variant, h)),
        ("can_go_out", lambda h: rk.can_go_out(variant, h)),
        ("least_penalty", lambda h: rk.least_penalty(variant, h)),
    ):
        times = timed(fn, hands)
        row.append(f"{name} {statistics.median(times) * 1e3:.3f} / {percentile(times, 0.99) * 1e3:.2f}")
    print(
        f"solver (no joker limit per meld, {count} fresh hands): 20 cards, 6 jokers, "
        f"median / p99 in ms: " + ", ".join(row)
    )


def kalooki(rnd: random.Random, count: int) -> None:
    """Kalooki: up to three jokers in a meld, a joker worth the card it stands
    for. Its decks hold two or three jokers; the 4-joker hands are drawn from
    two decks with four jokers added (a harder case than a real deal)."""
    variant = rk.load_variant("kalooki")
    print(f"solver (kalooki, {count} fresh hands each): median / p99 in ms")
    for jokers in (0, 2, 4):
        hands = [two_deck_hand(rnd, 14, jokers) for _ in range(count)]
        row = []
        for name, fn in (
            ("best_opening", lambda h: rk.best_opening(variant, h)),
            ("can_go_out", lambda h: rk.can_go_out(variant, h)),
            ("least_penalty", lambda h: rk.least_penalty(variant, h)),
        ):
            times = timed(fn, hands)
            row.append(f"{name} {statistics.median(times) * 1e3:.3f} / {percentile(times, 0.99) * 1e3:.2f}")
        extra = " (two decks plus extra jokers)" if jokers > 2 else ""
        print(f"  14 cards, {jokers} jokers{extra}: " + ", ".join(row))


def big_roemie(rnd: random.Random, count: int) -> None:
    """Big hands are slow (up to seconds a hand, see the solver's docs): few
    hands per row."""
    variant = rk.load_variant("roemie")
    print("solver (roemie, big hands after deep takes, fresh hands): median / p99 in ms")
    for size, jokers, hands_in_row in (
        (40, 0, 4),
        (40, 4, 4),
        (60, 0, 2),
        (60, 4, 2),
        (90, 0, 1),
        (90, 4, 1),
    ):
        count_here = hands_in_row * count
        hands = [two_deck_hand(rnd, size, jokers) for _ in range(count_here)]
        row = []
        for name, fn in (
            ("best_opening", lambda h: rk.best_opening(variant, h)),
            ("can_go_out", lambda h: rk.can_go_out(variant, h)),
            ("least_penalty", lambda h: rk.least_penalty(variant, h)),
        ):
            times = timed(fn, hands)
            row.append(f"{name} {statistics.median(times) * 1e3:.1f} / {percentile(times, 0.99) * 1e3:.1f}")
        print(f"  {size} cards, {jokers} jokers ({count_here} hands): " + ", ".join(row), flush=True)


def dense_gin(rnd: random.Random, count: int) -> None:
    variant = rk.load_variant(str(HERE / "gin.toml"))
    hands = []
    for _ in range(count):
        low = rnd.randint(1, 10)  # four consecutive ranks, ace low: A-4 … T-K
        ranks = [14 if r == 1 else r for r in range(low, low + 4)]
        pool = [Card.natural(r, s) for r in ranks for s in range(4)]
        hands.append(rnd.sample(pool, 11))

    def cold(hand: list[Card]) -> None:
        rk_solver.clear_caches(variant, results_only=True)
        rk.least_penalty(variant, hand)

    # The machine's speed wanders (shared hosts): three passes, the best median shown.
    passes = [timed(cold, hands) for _ in range(3)]
    times = min(passes, key=statistics.median)
    print(
        f"least_penalty  11-card one-deck dense hands (gin.toml, {count} fresh hands), "
        f"cold (search table cleared before each hand), best of 3 passes: "
        f"median {statistics.median(times) * 1e6:.1f} us, p99 {percentile(times, 0.99) * 1e6:.1f} us "
        f"(passes: {', '.join(f'{statistics.median(p) * 1e6:.1f}' for p in passes)})"
    )
    rk_solver.clear_caches(variant, results_only=True)
    times = timed(lambda h: rk.least_penalty(variant, h), hands)
    print(
        f"least_penalty  same hands, warm (the variant's search table shared across hands, "
        f"as in a bot's session): median {statistics.median(times) * 1e6:.1f} us, "
        f"p99 {percentile(times, 0.99) * 1e6:.1f} us"
    )


def indian_hand(rnd: random.Random, size: int, wild: int) -> tuple[list[Card], Rank]:
    """A hand of ``size`` cards from two decks and two jokers holding exactly
    ``wild`` wild cards (printed jokers and cards of a random wild rank)."""
    rank = Rank(rnd.randint(2, 14))
    jokers = rnd.randint(max(0, wild - 8), min(2, wild))
    wild_faces = [Card.natural(rank, s) for s in range(4)] * 2
    others = [Card.natural(r, s) for r in range(2, 15) if r != rank for s in range(4)] * 2
    hand = [JOKER] * jokers + rnd.sample(wild_faces, wild - jokers) + rnd.sample(others, size - wild)
    return hand, rank


def indian_shows(rnd: random.Random, count: int) -> None:
    variant = rk.load_variant(str(HERE / "indian.toml"))
    rules, values = variant.meld_rules, variant.values.hand
    shape = MeldShape(runs=2, pure_runs=1)
    print(f"show judge (indian groups, two sequences one pure, {count} fresh hands each): median / p99 in ms")
    for size in (13, 14):
        row = []
        for wild in range(5):
            hands = [indian_hand(rnd, size, wild) for _ in range(count)]
            times = timed(lambda h: judge_show(rules, h[0], shape, values, h[1]), hands)
            median, p99 = statistics.median(times) * 1e3, percentile(times, 0.99) * 1e3
            row.append(f"{wild} wild {median:.3f} / {p99:.2f}")
        print(f"  {size} cards: " + ", ".join(row), flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer samples")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--no-big", action="store_true", help="skip the big Roemie hands (slow)")
    args = parser.parse_args()
    scale = 1 if args.quick else 5
    rnd = random.Random(args.seed)
    meld_checks(rnd, 20_000 * scale)
    solver(rnd, 200 * scale)
    many_jokers(rnd, 40 * scale)
    kalooki(rnd, 200 * scale)
    dense_gin(rnd, 2_000 * scale)
    indian_shows(rnd, 200 * scale)
    if not args.no_big:
        big_roemie(rnd, scale)


if __name__ == "__main__":
    main()
