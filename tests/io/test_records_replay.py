"""Records replay exactly: every chance outcome (the stock after each
reshuffle) is recorded, so a round played without a seed replays too."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rummykit as rk
from rummykit.testing import choose_random_move

# A small table: one deck and 20 cards a hand, so the stock runs out every few turns.
SMALL = rk.loads_variant(
    """
[meta]
id = "small"
name = "Rami 51, one deck and long hands"
extends = "rami51"

[players]
min = 2
max = 2

[[deck.by_players]]
players = [2, 2]
decks = 1
jokers = 2

[deal]
hand_size = 20
"""
)


def play_seedless(seed: int, moves: int = 400) -> tuple[rk.Record, rk.RoundState]:
    """A round dealt from a known deck and played with no seed, so every
    reshuffle draws fresh randomness; the moves are random but legal."""
    state = rk.deal(SMALL, players=2, seed=seed).evolve(seed=None)
    record = rk.Record.start(state)
    rng = random.Random(seed)
    for _ in range(moves):
        if state.phase == "over":
            break
        record, state = record.advance(choose_random_move(state, rng), state)
    return record, state


@settings(max_examples=10)  # each example plays a long round and replays it
@given(st.integers(0, 10_000))
def test_seedless_rounds_replay_exactly_through_reshuffles(seed: int) -> None:
    record, final = play_seedless(seed)
    assert record.seed is None and len(record.stocks) == final.reshuffles
    again = rk.from_json(rk.to_json(record)).replay()
    assert again == final and again.stock == final.stock


def test_the_small_table_reshuffles() -> None:
    assert max(play_seedless(seed)[1].reshuffles for seed in range(3)) >= 1


def _reshuffled(seeds: range) -> tuple[rk.Record, rk.RoundState]:
    for seed in seeds:
        record, final = play_seedless(seed)
        if final.reshuffles:
            return record, final
    raise AssertionError("no round reshuffled")


def test_a_forged_or_missing_stock_is_refused() -> None:
    record, _ = _reshuffled(range(10))
    doc = json.loads(rk.to_json(record))
    doc["stocks"][0] = doc["stocks"][0][::-1]  # other order, same cards: the record's
    assert rk.from_json(json.dumps(doc)).stocks[0] == tuple(reversed(record.stocks[0]))
    doc["stocks"][0] = doc["stocks"][0][1:]
    with pytest.raises(rk.JSONError) as info:
        rk.from_json(json.dumps(doc))
    assert info.value.path == "$.stocks"
    for stocks in ([], json.loads(rk.to_json(record))["stocks"][1:], ["2c"]):
        doc["stocks"] = stocks  # a stock missing (the replay would reshuffle at random) or forged
        with pytest.raises(rk.JSONError) as info:
            rk.from_json(json.dumps(doc))
        assert info.value.path == "$.stocks"


def test_old_records_without_stocks_still_load() -> None:
    # A seeded round: before stocks were kept, its reshuffles came from the seed.
    for seed in range(10):
        state = rk.deal(SMALL, players=2, seed=seed)
        record = rk.Record.start(state)
        rng = random.Random(seed)
        while state.phase != "over" and state.reshuffles == 0:
            record, state = record.advance(choose_random_move(state, rng), state)
        if state.reshuffles:
            break
    doc = json.loads(rk.to_json(record))
    del doc["stocks"]
    old = rk.from_json(json.dumps(doc))
    assert old.stocks == () and old.replay() == state
    # Without a seed, such a record still loads (its reshuffles cannot be replayed).
    doc["seed"] = None
    assert rk.from_json(json.dumps(doc)).seed is None


def test_a_record_dealt_with_a_joker_option_replays() -> None:
    variant = rk.load_variant("handromi")
    jokers = variant.deck_band(2).joker_options[0]
    state = rk.deal(variant, players=2, seed=3, jokers=jokers)
    move = state.legal_moves()[0]
    record, after = rk.Record.start(state).advance(move, state)
    assert rk.from_json(rk.to_json(record)).replay() == after


def test_a_round_over_at_the_deal_is_recorded_with_its_result() -> None:
    """Tonk, three players, seed 1028: the deal itself ends the round (a
    tonk at the deal). Its record kept no result, so its JSON was refused
    as disagreeing with the replay (found by a sweep over player counts)."""
    state = rk.deal("tonk", players=3, seed=1028)
    assert state.phase == "over" and state.result is not None and state.result.ending == "tonk_deal"
    record = rk.Record.start(state)
    assert record.result == state.result
    back = rk.from_json(rk.to_json(record))
    assert back == record and back.replay() == state
