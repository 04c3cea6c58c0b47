"""The solver's candidate melds name where they lie (kind, rank or suit,
start, length), and the meld each builds into lies there."""

from __future__ import annotations

import random

import pytest

import rummykit as rk
from rummykit.core.cards import JOKER, NATURALS, Card
from rummykit.rules.rule_set import rules_of
from rummykit.solver.hand_masks import PackedHand
from rummykit.solver.tables import build_meld, candidates, tables_for


def hands(variant_id: str) -> list[list[Card]]:
    rng = random.Random(variant_id)
    variant = rk.load_variant(variant_id)
    decks = max(band.decks for band in variant.deck.by_players)
    most = rules_of(variant).hand.max_hand  # tonk: 6 cards at most
    naturals = min(9, most)
    out = []
    for _ in range(40):
        cards = rng.sample(list(NATURALS) * decks, naturals)
        out.append(cards + [JOKER] * rng.randint(0, min(2, most - naturals)))
    return out


@pytest.mark.parametrize("variant_id", rk.bundled_variants())
def test_candidates_name_the_meld_they_build(variant_id: str) -> None:
    variant = rk.load_variant(variant_id)
    for cards in hands(variant_id):
        tables = tables_for(variant, rules_of(variant).hand, len(cards))
        packed = PackedHand(cards)
        for group in candidates(tables, packed.state, packed.jokers).values():
            for cand in group:
                if cand.mask & packed.state != cand.mask:
                    continue  # a run from ace to ace the hand lacks the second ace of
                meld = build_meld(tables, cand)
                assert (cand.kind, cand.length, cand.jokers, cand.value) == (
                    meld.kind,
                    len(meld),
                    meld.jokers,
                    meld.points,
                )
                assert cand.pure == (meld.is_pure and len(meld) >= tables.pure_min)
                if cand.kind == "set":
                    assert (cand.rank, cand.suit, cand.start) == (meld.rank, -1, 0)
                else:
                    assert (cand.rank, cand.suit, cand.start) == (0, meld.suit, meld.low)
                assert cand == (cand.mask, cand.jokers, cand.value, cand.pure, cand.gain, *cand[5:])
