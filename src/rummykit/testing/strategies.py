"""Hypothesis strategies for cards, hands, melds, deals and playouts."""

from __future__ import annotations

import random
from collections import deque

from hypothesis import strategies as st

from rummykit.core.cards import JOKER, Card, Rank, Suit
from rummykit.core.meld_judge import judge_meld
from rummykit.core.meld_model import Meld
from rummykit.io.positions import position_from_dict
from rummykit.round.dealing import deal
from rummykit.round.state import RoundState
from rummykit.rules.rule_set import rules_of
from rummykit.testing.invariants import random_playout
from rummykit.variant.model import Variant

__all__ = ["cards", "dealt_rounds", "hands", "melds", "naturals", "playout_states", "positions"]

naturals = st.builds(Card.natural, st.sampled_from(list(Rank)), st.sampled_from(list(Suit)))
cards = st.one_of(naturals, st.just(JOKER))


def hands(min_size: int = 0, max_size: int = 15) -> st.SearchStrategy[list[Card]]:
    return st.lists(cards, min_size=min_size, max_size=max_size)


@st.composite
def melds(draw: st.DrawFn, variant: Variant) -> Meld:
    """A valid meld of ``variant``: a run or a set, maybe with jokers."""
    rules = variant.meld_rules
    jokers = draw(st.integers(0, min(rules.max_jokers, 1)))
    if draw(st.booleans()):
        rank = draw(st.integers(2, 14))
        size = draw(st.integers(rules.set_min, min(rules.set_max, 4)))
        suits = draw(st.permutations(list(Suit)))[: size - jokers]
        group = [Card.natural(rank, s) for s in suits] + [JOKER] * jokers
    else:
        length = draw(st.integers(rules.run_min, min(rules.run_max, 12)))
        start = draw(st.integers(2, 14 - length))
        suit = draw(st.sampled_from(list(Suit)))
        group = [Card.natural(r, suit) for r in range(start, start + length)]
        if jokers:
            group[draw(st.integers(0, length - 1))] = JOKER
    result = judge_meld(rules, group)
    if not isinstance(result, Meld):  # the groups above are made valid
        raise AssertionError(f"{group} is not a meld: {result}")
    return result


@st.composite
def positions(draw: st.DrawFn, variant: Variant) -> RoundState:
    """A position (docs/case-files.md) of ``variant``: random hands, discards,
    openings and a table meld or two, whoever is to move, in either phase."""
    players = draw(st.integers(variant.players.min, variant.players.max))
    deck = list(variant.deck_for(players))
    order = draw(st.permutations(range(len(deck))))
    pool = [deck[i] for i in order]
    table = [draw(melds(variant)) for _ in range(draw(st.integers(0, 2)))]
    for meld in table:
        for card in meld.cards:
            if card in pool:
                pool.remove(card)
            else:
                table = []

    def take(n: int) -> str:
        return " ".join(str(pool.pop()) for _ in range(n))

    to_move, phase = draw(st.integers(0, players - 1)), draw(st.sampled_from(["draw", "play"]))
    most = rules_of(variant).hand.max_hand  # a hand holds one card fewer but the drawn mover's
    sizes = [min(8, most if phase == "play" and seat == to_move else most - 1) for seat in range(players)]
    data = {
        "variant": variant.id,
        "players": players,
        "to_move": to_move,
        "phase": phase,
        "turns_played": draw(st.integers(0, 40)),
        "hands": [take(draw(st.integers(1, size))) for size in sizes],
        "discard": take(draw(st.integers(0, 3))),
        "opened": [draw(st.booleans()) for _ in range(players)],
        "table": [{"owner": 0, "cards": m.notation()} for m in table],
    }
    if rules_of(variant).deal.indicator.out_of_play:  # the deal's cut card, set aside
        data["cut_card"] = take(1)
    return position_from_dict(data, variant=variant)


def dealt_rounds(variant: Variant) -> st.SearchStrategy[RoundState]:
    """Seeded deals of ``variant`` for any allowed player count, and any
    deal of a match where each deal has its own contract."""
    deals = len(variant.contract.deals)
    return st.builds(
        lambda players, seed, number: deal(variant, players=players, seed=seed, deal_number=number),
        st.integers(variant.players.min, variant.players.max),
        st.integers(0, 2**32),
        st.integers(1, deals) if deals else st.just(0),
    )


def playout_states(variant: Variant, max_moves: int = 300) -> st.SearchStrategy[RoundState]:
    """A state reached by random legal moves from a seeded deal."""

    def walk(start: RoundState, seed: int, steps: int) -> RoundState:
        # The last state of the playout (a deque of length 1 keeps only it).
        (last,) = deque(random_playout(start, random.Random(seed), max_moves=steps), maxlen=1)
        return last

    return st.builds(walk, dealt_rounds(variant), st.integers(0, 2**32), st.integers(0, max_moves))
