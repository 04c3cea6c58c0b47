"""The wire format for clients (schema 2): views with cards as arrays, their
table melds numbered with points and a tentative flag, the opening so far,
the legal moves and the round's last public moves, read back by from_json."""

from __future__ import annotations

import json
import random
from typing import Any

import attrs
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

import rummykit as rk
from rummykit.core.moves import Knock, Take
from rummykit.core.round_values import LOG_SIZE
from rummykit.play.bots import GreedyBot
from rummykit.round.state import RoundState
from rummykit.round.views import OpeningView
from rummykit.testing import random_playout

VARIANTS = rk.bundled_variants()


def random_state(ref: str, seed: int, steps: int) -> rk.RoundState:
    variant = rk.load_variant(ref)
    dealt = rk.deal(
        variant, players=max(3, variant.players.min) if variant.players.max >= 3 else 2, seed=seed
    )
    return list(random_playout(dealt, random.Random(seed), max_moves=steps))[-1]


def test_a_view_document_has_the_fields_a_client_uses() -> None:
    state = rk.deal(rk.load_variant("rami51"), players=3, seed=1).apply("draw")
    state = state.apply("meld Ac Ad As")
    doc = json.loads(rk.to_json(state.view(2)))
    assert doc["schema"] == 2 and doc["type"] == "view"
    assert doc["variant"] == "rami51" and doc["variant_name"] == rk.load_variant("rami51").name
    assert doc["hand"][:3] == ["3s", "5d", "6h"] and len(doc["hand"]) == 11
    assert doc["table"] == [
        {"number": 1, "owner": 2, "kind": "set", "cards": ["Ac", "Ad", "As"], "points": 33, "tentative": True}
    ]
    assert doc["discards"] == ["Ts"]
    below = "An opening must be worth at least 51 points; these melds are worth 33."
    assert doc["opening"] == {
        "minimum": 51,
        "so_far": 33,
        "allowed": False,
        "reason": {"code": "opening.below-minimum", "message": below},
    }
    assert doc["log"] == ["2: draw", "2: meld Ac Ad As"]
    assert "undo" in doc["legal"]
    # Seen from another seat: no hand, no legal move, the same table.
    other = json.loads(rk.to_json(state.view(0)))
    assert other["hand"] is not None and other["legal"] == [] and other["table"] == doc["table"]
    spectator = json.loads(rk.to_json(state.view(None)))
    assert spectator["seat"] is None and spectator["hand"] is None


def test_an_empty_hand_is_an_empty_array_and_the_tentative_flag_ends_with_the_turn() -> None:
    state = rk.deal(rk.load_variant("rami51"), players=3, seed=1).apply("draw")
    state = state.apply("meld Ac Ad As").apply("undo")
    assert json.loads(rk.to_json(state.view(2)))["table"] == []
    view = state.view(2)
    emptied = attrs.evolve(view, hand=())
    assert json.loads(rk.to_json(emptied))["hand"] == []


def test_melds_laid_in_an_earlier_turn_are_not_tentative() -> None:
    variant = rk.load_variant("romme")
    bot = GreedyBot(variant, seed=1)
    state = rk.deal(variant, players=2, seed=11)
    for _ in range(400):
        if state.is_over or (state.table and state.phase == "draw"):
            break
        state = state.apply(bot.choose(state.view(state.to_move)))
    assert state.table and state.phase == "draw"
    doc = json.loads(rk.to_json(state.view(0)))
    assert all(not t["tentative"] for t in doc["table"])
    assert doc["opening"]["so_far"] == 0


def test_the_opening_says_why_sets_without_a_pure_run_do_not_open_and_reads_back() -> None:
    # Romme 51, seed 17: seat 0 lays two sets worth 57 points, more than the
    # minimum, but an opening there needs a pure run.
    state = rk.deal(rk.load_variant("romme51"), players=2, seed=17).apply("draw")
    state = state.apply("meld 9d 9h 9s").apply("meld Tc Td Th")
    doc = json.loads(rk.to_json(state.view(0)))
    assert doc["opening"]["so_far"] == 57 and doc["opening"]["allowed"] is False
    assert doc["opening"]["reason"]["code"] == "opening.needs-pure-run"
    assert rk.from_json(doc) == state.view(0)
    old = {**doc, "opening": {"minimum": 51, "so_far": 57}}  # written before the verdict: still read
    assert rk.from_json(old).opening == OpeningView(51, 57)


def test_the_log_keeps_the_last_public_moves_only() -> None:
    state = random_state("rami51", 3, 60)
    assert len(state.log) == LOG_SIZE
    for entry in state.log:
        seat, _, move = entry.partition(": ")
        assert seat.isdigit()
        assert move == "draw" or not move.startswith("draw ")


def test_a_knock_does_not_name_the_card_laid_face_down() -> None:
    for seed in range(60):
        state = rk.deal(rk.load_variant("gin"), players=2, seed=seed)
        for _ in range(300):
            if state.is_over:
                break
            moves = state.legal_moves()
            knocks = [m for m in moves if isinstance(m, Knock)]
            state = state.apply(knocks[0] if knocks else random.Random(seed).choice(moves))
            if knocks:
                assert state.log[-1] == f"{state.knocking.knocker}: knock"
                assert str(knocks[0].card) not in json.dumps(
                    json.loads(rk.to_json(state.view(1 - state.knocking.knocker)))["log"]
                )
                return
    raise AssertionError("no knock in 60 rounds")


def _public_cards(view: rk.PlayerView) -> set[str]:
    """The cards a spectator's view shows face up (and a finished round's hands)."""
    cards = {str(c) for c in view.discards} | {str(c) for c in view.knock.layoffs}
    cards |= {token.split("=")[0] for entry in view.table for token in entry.notation.split()}
    cards |= {str(c) for c in (view.exchange, view.taken, view.indicator) if c is not None}
    return cards


@settings(max_examples=60)
@given(st.sampled_from(VARIANTS), st.integers(0, 10_000), st.integers(0, 160), st.data())
def test_a_log_entry_names_only_cards_shown_face_up_before_or_after_its_move(
    ref: str, seed: int, steps: int, data: st.DataObject
) -> None:
    """At any player count (a declaration's face-down card was named once
    three seats played on after a wrong show, which two seats never reach)."""
    variant = rk.load_variant(ref)
    players = data.draw(st.integers(variant.players.min, min(variant.players.max, 5)), label="players")
    dealt = rk.deal(variant, players=players, seed=seed)
    before = dealt
    for state in list(random_playout(dealt, random.Random(seed), max_moves=steps))[1:]:
        if state.log and state.phase != "over":  # at the end the hands are shown
            words = state.log[-1].partition(": ")[2].split()
            named = {w.split("=")[0] for w in words[1:] if len(w.split("=")[0]) == 2 and not w.isdigit()}
            shown = _public_cards(before.view(None)) | _public_cards(state.view(None))
            assert named <= shown, (state.log[-1], named - shown)
        before = state


@settings(max_examples=25)
@given(st.sampled_from(VARIANTS), st.integers(0, 10_000), st.integers(0, 80), st.sampled_from([0, 1, None]))
@example(ref="roemie", seed=173, steps=2, seat=0)  # a set joker bound to a suit (JK=Jd) keeps it
def test_views_round_trip_as_documents(ref: str, seed: int, steps: int, seat: int | None) -> None:
    state = random_state(ref, seed, steps)
    view = state.view(seat)
    text = rk.to_json(view)
    back = rk.from_json(text)
    assert back == view
    assert rk.to_json(back) == text
    assert rk.from_json(json.loads(text)) == view  # an already-parsed document too


def test_a_view_whose_counts_disagree_with_its_cards_is_refused() -> None:
    """A fuzz found views loaded whose seat's hand size was not its hand's,
    or whose discard pile was smaller than the discards it showed."""
    text = rk.to_json(rk.deal("rami51", players=2, seed=3).view(0))
    for key, value, message in (
        ("hand_sizes", [14, 14], "$.hand_sizes[0]: expected 13, the cards of the hand shown, got 14"),
        ("discard_size", 0, "$.discard_size: expected at least 1, the discards shown, got 0"),
    ):
        doc = json.loads(text)
        doc[key] = value
        with pytest.raises(rk.JSONError) as refused:
            rk.from_json(doc)
        assert str(refused.value) == message


@settings(max_examples=25)
@given(st.sampled_from(VARIANTS), st.integers(0, 10_000), st.integers(0, 80))
def test_states_with_their_log_round_trip(ref: str, seed: int, steps: int) -> None:
    state = random_state(ref, seed, steps)
    text = rk.to_json(state)
    back = rk.from_json(text)
    assert back == state and back.log == state.log and rk.to_json(back) == text


def test_a_schema_1_view_still_loads() -> None:
    doc = {
        "schema": 1, "type": "view", "seat": 0, "variant": "rami51", "players": 2, "dealer": 1,
        "to_move": 0, "phase": "draw", "turns_played": 0, "hand": "3c 3d JK", "hand_sizes": [3, 3],
        "table": [{"owner": 1, "kind": "run", "cards": "7h 8h JK=9h"}], "discards": "Ts",
        "discard_size": 1, "stock_size": 50, "exchange": None, "opened": [False, True],
        "taken": None, "result": None, "legal": ["draw", "take"],
    }  # fmt: skip
    view = rk.from_json(json.dumps(doc))
    assert isinstance(view, rk.PlayerView)
    assert [str(c) for c in view.hand] == ["3c", "3d", "JK"]
    assert view.table[0].notation == "7h 8h JK=9h" and view.table[0].number == 1
    assert view.legal == (rk.parse_move("draw"), rk.parse_move("take")) and view.log == ()


def test_a_view_document_with_a_wrong_field_names_it() -> None:
    state = rk.deal(rk.load_variant("rami51"), players=3, seed=1)
    doc = json.loads(rk.to_json(state.view(0)))
    for key, value, path in [
        ("hand", ["3c", 7], "$.hand[1]"),
        ("hand", "3c 3d", None),
        ("log", ["0: draw"] * 11, "$.log"),
        ("opening", {"minimum": 51}, "$.opening.so_far"),
        ("opening", {"minimum": 51, "so_far": 0, "allowed": "no"}, "$.opening.allowed"),
        ("opening", {"minimum": 51, "so_far": 0, "reason": {"code": "x"}}, "$.opening.reason.message"),
        ("seat", 3, "$.seat"),
        ("phase", "nap", "$.phase"),
        ("stock_size", 10**6, "$.stock_size"),
        ("variant_name", None, "$.variant_name"),
    ]:
        bad = {**doc, key: value}
        if path is None:  # a schema-1 style string of cards is still read (its size stated with it)
            rk.from_json({**bad, "hand_sizes": [2, *doc["hand_sizes"][1:]]})
            continue
        assert_refused_at(bad, path)
    assert_refused_at({k: v for k, v in doc.items() if k != "log"}, "$.log")


def assert_refused_at(doc: dict[str, Any], path: str) -> None:
    """``from_json`` refuses the document, naming ``path``."""
    with pytest.raises(rk.JSONError) as refused:
        rk.from_json(doc)
    assert refused.value.path == path, (path, refused.value)


ELIMINATION = """
[meta]
id = "elim_wire"
name = "elimination for the wire tests"
extends = "rami51"
[match]
rounds = "until_one_left"
eliminate_above = 150
buy_back = "once_at_highest_survivor"
"""


def test_a_match_with_decisions_round_trips_and_a_forged_one_is_refused() -> None:
    from rummykit.core.round_values import RoundResult

    match = rk.Match.start(rk.loads_variant(ELIMINATION), players=3)
    match = match.record(RoundResult("went_out", None, (), (160, 0, 10)))
    match = match.decide(0, "rebuy").record(RoundResult("went_out", None, (), (0, 20, 10)))
    text = rk.to_json(match)
    doc = json.loads(text)
    assert doc["type"] == "match" and doc["decisions"] == [{"after": 1, "seat": 0, "choice": "rebuy"}]
    back = rk.from_json(text)
    assert back == match and back.totals == match.totals and rk.to_json(back) == text
    for change, path in [
        (lambda d: d["decisions"][0].update(seat=1), "$.decisions[0]"),  # seat 1 has nothing to decide
        (lambda d: d["decisions"][0].update(choice="stay"), "$.decisions[0].choice"),
        (lambda d: d["decisions"].clear(), "$.results[1]"),  # seat 0 must decide before round 2
        (lambda d: d["results"][0].update(scores=[1, 2]), "$.results[0].scores"),
        (lambda d: d.update(rounds=-1), "$.rounds"),
    ]:
        bad = json.loads(text)
        change(bad)
        assert_refused_at(bad, path)


def _as_schema_1(doc: dict[str, object]) -> dict[str, object]:
    """A schema-2 state written as schema 1 did: every list of cards one string."""

    def text(cards: object) -> str:
        assert isinstance(cards, list)
        return " ".join(cards)

    old: dict = json.loads(json.dumps(doc))
    old["schema"] = 1
    old.pop("log", None)
    old["hands"] = [text(h) for h in old["hands"]]
    for key in ("stock", "discard", "deck"):
        old[key] = text(old[key])
    for table in (old["table"], *(step["table"] for step in old["turn"]["steps"])):
        for meld in table:
            meld["cards"] = text(meld["cards"])
    for step in old["turn"]["steps"]:
        step["hand"] = text(step["hand"])
    return old


def test_a_schema_1_state_still_loads() -> None:
    for ref in ("rami51", "roemie", "gin", "contract"):
        state = random_state(ref, 5, 40)
        old = _as_schema_1(json.loads(rk.to_json(state)))
        if "knocking" in old:
            old["knocking"]["layoffs"] = " ".join(old["knocking"]["layoffs"])
        back = rk.from_json(json.dumps(old))
        assert back == state and back.log == ()


def test_a_view_after_a_deep_take_shows_and_round_trips_the_chosen_card() -> None:
    """After ``take N`` the card chosen deep in the row must start a meld:
    every seat's view shows it (``chosen``, written only where in use) and
    reads it back."""

    def deep_takes(state: RoundState) -> list[Take]:
        return [m for m in state.legal_moves() if isinstance(m, Take) and m.depth > 1]

    playout = random_playout(rk.deal("rummy500", players=2, seed=0), random.Random(1), max_moves=400)
    state = next(s for s in playout if s.phase == "draw" and deep_takes(s))
    deep = deep_takes(state)[-1]
    after = state.apply(deep)
    for seat in (0, 1, None):
        view = after.view(seat)
        assert view.chosen == after.turn.chosen is not None
        doc = json.loads(rk.to_json(view))
        assert doc["chosen"] == str(view.chosen)
        assert rk.from_json(doc) == view
    assert "chosen" not in json.loads(rk.to_json(state.view(0)))
