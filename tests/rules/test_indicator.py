"""The deal's indicator card (``[deal.indicator]``): the table's checks, where
the deal puts the card, the round's field in JSON and views, the position
keys ``upcard`` and ``cut_card``."""

from __future__ import annotations

import json

import pytest

import rummykit as rk
from rummykit.core.cards import Card
from rummykit.core.errors import VariantError
from rummykit.io.documents import JSONError
from rummykit.io.positions import PositionError, position_from_dict
from rummykit.io.records import Record
from rummykit.variant.model import Variant, loads_variant


def child(base: str, indicator: str, extra: str = "") -> Variant:
    """``base`` with ``[deal.indicator]`` set as ``indicator`` says (and ``extra`` tables)."""
    meta = f'[meta]\nid = "indicator_test"\nname = "t"\nextends = "{base}"\n'
    return loads_variant(f"{meta}{extra}\n[deal.indicator]\n{indicator}\n")


CUT = 'card = "cut_aside"'
UPCARD = 'card = "first_upcard"\nknock_limit = "value"\nmultiplier = { suit = "s", factor = 2 }'


@pytest.mark.parametrize(
    ("base", "table", "extra", "path"),
    [
        ("rami51", 'card = "first_upcard"', "[deal]\nflip_first_discard = false", "deal.indicator.card"),
        ("gin", 'knock_limit = "value"', "", "deal.indicator.card"),
        ("gin", 'multiplier = { suit = "s", factor = 2 }', "", "deal.indicator.card"),
        ("rami51", 'card = "cut_aside"\nknock_limit = "value"', "", "deal.indicator.knock_limit"),
        ("gin", 'card = "first_upcard"\nmultiplier = { suit = "x" }', "", "deal.indicator.multiplier.suit"),
        ("gin", 'card = "first_upcard"\nmultiplier = { factor = 0 }', "", "deal.indicator.multiplier.factor"),
        ("gin", 'card = "first_upcard"\nknock_limt = "value"', "", "deal.indicator.knock_limt"),
    ],
)
def test_a_table_at_odds_with_its_variant_is_a_load_problem(
    base: str, table: str, extra: str, path: str
) -> None:
    with pytest.raises(VariantError) as error:
        child(base, table, extra)
    assert [p.path for p in error.value.problems] == [path]


def test_the_table_is_saved_only_where_set() -> None:
    assert "indicator" not in rk.load_variant("gin").full_rules()["deal"]
    variant = child("gin", UPCARD)
    saved = variant.full_rules()["deal"]["indicator"]
    assert saved == {
        "card": "first_upcard",
        "knock_limit": "value",
        "ace_limit": 0,
        "multiplier": {"suit": "s", "factor": 2},
    }
    assert rk.from_json(rk.to_json(rk.deal(variant, players=2, seed=4))).variant == variant


def test_a_card_cut_aside_is_the_card_after_the_hands_and_out_of_play() -> None:
    plain = rk.deal("rami51", players=3, seed=9)
    state = rk.deal(child("rami51", CUT), players=3, seed=9)
    dealt = sum(len(h) for h in state.hands)
    assert state.deck == plain.deck and state.hands == plain.hands
    assert state.indicator == state.deck[dealt]  # the next card after the deal
    assert state.discard == (state.deck[dealt + 1],)  # the card after it starts the open pile
    assert len(state.stock) == len(plain.stock) - 1 and state.stock == plain.stock[1:]
    assert sorted(c.code for c in state.all_cards()) == sorted(c.code for c in state.deck)


def test_a_first_upcard_indicator_is_the_upcard_and_stays_in_play() -> None:
    state = rk.deal(child("gin", UPCARD), players=2, seed=3)
    plain = rk.deal("gin", players=2, seed=3)
    assert state.indicator == state.discard[0] == plain.discard[0]
    assert state.stock == plain.stock and plain.indicator is None
    assert len(state.all_cards()) == 52


def test_the_indicator_is_public_in_documents_and_views() -> None:
    state = rk.deal(child("rami51", CUT), players=2, seed=2)
    doc = json.loads(state.to_json())
    assert doc["indicator"] == str(state.indicator)
    assert rk.from_json(state.to_json()) == state
    for seat in (0, 1, None):
        view = state.view(seat)
        assert view.indicator == state.indicator
        assert json.loads(rk.to_json(view))["indicator"] == str(state.indicator)
        assert rk.from_json(rk.to_json(view)).indicator == state.indicator
    gin = rk.deal("gin", players=2, seed=2)
    assert "indicator" not in json.loads(gin.to_json())
    assert "indicator" not in json.loads(rk.to_json(gin.view(0)))


def test_a_document_naming_an_indicator_its_variant_lacks_is_refused() -> None:
    doc = json.loads(rk.deal("gin", players=2, seed=2).to_json())
    doc["indicator"] = "5h"
    with pytest.raises(JSONError, match="indicator"):
        rk.from_json(json.dumps(doc))


def test_a_record_replays_the_indicator() -> None:
    state = rk.deal(child("rami51", CUT), players=2, seed=11)
    record = Record.start(state)
    for _ in range(6):
        move = state.legal_moves()[0]
        record, state = record.advance(move, state)
    again = Record.from_document(json.loads(json.dumps(record.document()))).replay()
    assert again == state and again.indicator == state.indicator is not None


POSITION = {"players": 2, "hands": ["7h 8h", "5c 9d 9h"], "discard": "5s Kd"}


def test_the_upcard_position_key() -> None:
    variant = child("gin", UPCARD)
    assert position_from_dict(POSITION, variant=variant).indicator == Card("5s")  # the bottom
    on_offer = position_from_dict({**POSITION, "phase": "first_upcard"}, variant=variant)
    assert on_offer.indicator == Card("Kd")  # the top, on offer
    given = position_from_dict({**POSITION, "upcard": "Ah"}, variant=variant)
    assert given.indicator == Card("Ah") and len(given.all_cards()) == 52  # adds no card
    assert position_from_dict({**POSITION, "discard": ""}, variant=variant).indicator is None
    with pytest.raises(PositionError, match="upcard"):
        position_from_dict({**POSITION, "upcard": "5s"}, variant=rk.load_variant("gin"))
    with pytest.raises(PositionError, match="upcard"):
        position_from_dict({**POSITION, "upcard": "5s 6s"}, variant=variant)


def test_the_cut_card_position_key() -> None:
    variant = child("rami51", CUT)  # two decks and jokers for two players
    state = position_from_dict({**POSITION, "cut_card": "JK"}, variant=variant)
    jokers = variant.deck_for(2).count(Card("JK"))
    assert state.indicator == Card("JK") and state.stock.count(Card("JK")) == jokers - 1
    assert len(state.all_cards()) == len(variant.deck_for(2))
    position_from_dict({**POSITION, "cut_card": "5s"}, variant=variant)  # the discard's 5s and this one
    with pytest.raises(PositionError, match="copies of 5s"):
        position_from_dict({**POSITION, "cut_card": "5s", "stock": "5s"}, variant=variant)
    with pytest.raises(PositionError, match="cut_card: required"):
        position_from_dict(POSITION, variant=variant)
    with pytest.raises(PositionError, match="cut_card"):
        position_from_dict({**POSITION, "cut_card": "9c"}, variant=rk.load_variant("rami51"))
    with pytest.raises(PositionError, match="cut_card"):
        position_from_dict({**POSITION, "cut_card": "JK=8h"}, variant=variant)
