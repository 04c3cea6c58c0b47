"""Loading JSON documents: no file opened, every field checked, bad input of
any shape refused with a JSONError naming its path, read-only results."""

from __future__ import annotations

import contextlib
import json
import os
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import rummykit as rk
from rummykit.io.documents import describe
from rummykit.io.serialize import MAX_DEPTH, MAX_DOCUMENT_CHARS, JSONError
from rummykit.testing import check_invariants, choose_random_move, random_playout

VARIANTS = rk.bundled_variants()
Doc = dict[str, Any]


def state_doc(ref: str = "rami51", seed: int = 1, moves: int = 0) -> Doc:
    variant = rk.load_variant(ref)
    start = rk.deal(variant, players=max(2, variant.players.min), seed=seed)
    *_, last = random_playout(start, random.Random(seed), max_moves=moves)
    return json.loads(rk.to_json(last))  # type: ignore[no-any-return]


def record_doc(ref: str = "rami51", seed: int = 1, moves: int = 6) -> Doc:
    variant = rk.load_variant(ref)
    state = rk.deal(variant, players=max(2, variant.players.min), seed=seed)
    record = rk.Record.start(state)
    rng = random.Random(seed)
    for _ in range(moves):
        if state.phase == "over":
            break
        move = choose_random_move(state, rng)
        record = record.play(move, state)
        state = state.apply(move)
    return json.loads(rk.to_json(record))  # type: ignore[no-any-return]


def refused(doc: Doc | str | bytes) -> JSONError:
    with pytest.raises(JSONError) as info:
        rk.from_json(doc if isinstance(doc, (str, bytes)) else json.dumps(doc))
    return info.value


# --------------------------------------------------------------------------- item 2: no file is opened


def _without_rules(doc: Doc, ref: str) -> Doc:
    doc["variant"] = {"id": ref}
    return doc


@pytest.mark.parametrize("kind", ["state", "record"])
def test_a_document_names_bundled_variants_only(kind: str, tmp_path: Path) -> None:
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)  # opening it would hang the test
    existing = tmp_path / "variant.toml"
    existing.write_text((Path(__file__).parents[2] / "variants" / "rami51.toml").read_text())
    make = state_doc if kind == "state" else record_doc
    messages = set()
    for ref in ["/etc/passwd", "/etc/no-such-file", "../x", "../../etc/passwd", "/dev/zero", str(fifo),
                str(existing), str(tmp_path / "missing.toml"), "rami51.toml", "Rami51"]:  # fmt: skip
        error = refused(_without_rules(make(), ref))
        assert error.path == "$.variant.id"
        messages.add(str(error).replace(describe(ref), "ID"))
    # One message for every name: it cannot tell whether a file exists.
    assert len(messages) == 1, messages


def test_a_document_may_carry_its_rules_which_are_checked() -> None:
    doc = state_doc()
    assert rk.from_json(json.dumps(doc)) is not None
    doc["variant"]["rules"] = 5
    assert refused(doc).path == "$.variant.rules"
    doc = state_doc()
    doc["variant"]["rules"]["opening"]["min_points"] = "many"
    assert refused(doc).path == "$.variant.rules.opening.min_points"
    doc = state_doc()
    doc["variant"]["rules"]["opening"]["min_points"] = 9
    assert refused(doc).path == "$.variant.digest"
    del doc["variant"]["digest"]  # rules without a digest: checked as a variant file, then used
    assert rk.from_json(json.dumps(doc)).variant.opening.min_points == 9
    doc["variant"]["rules"]["meta"]["extends"] = "/etc/passwd"  # never followed: the rules are resolved
    assert rk.from_json(json.dumps(doc)).variant.opening.min_points == 9
    doc["variant"]["id"] = "romme51"
    assert refused(doc).path == "$.variant.rules.meta.id"
    doc = state_doc()
    del doc["variant"]["digest"]
    doc["variant"]["rules"]["deck"]["by_players"][0]["joker_options"] = [10**12]
    assert refused(doc).path.startswith("$.variant.rules.deck.by_players[0]")


# --------------------------------------------------------------------------- item 3: read-only results


def test_record_result_is_read_only_and_written_as_before() -> None:
    path = Path(__file__).parents[1] / "golden" / "rami51.json"
    record = rk.from_json(path.read_text())
    assert isinstance(record.result, rk.RoundResult)
    with pytest.raises(TypeError):
        record.result.scores[0] = 0  # type: ignore[index]
    with pytest.raises(TypeError):
        record.result.winners[0] = 1  # type: ignore[index]
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        record.result.ending = "blocked"  # type: ignore[misc]
    written = json.loads(rk.to_json(record))["result"]
    assert written == json.loads(path.read_text())["result"]
    assert isinstance(written["scores"], list) and isinstance(written["winners"], list)


# --------------------------------------------------------------------------- item 9: every field checked


def _set(*keys: Any, value: Any) -> Callable[[Doc], None]:
    def change(doc: Doc) -> None:
        target = doc
        for key in keys[:-1]:
            target = target[key]
        target[keys[-1]] = value

    return change


def _delete(*keys: Any) -> Callable[[Doc], None]:
    def change(doc: Doc) -> None:
        target = doc
        for key in keys[:-1]:
            target = target[key]
        del target[keys[-1]]

    return change


STATE_DAMAGE = [
    (_set("schema", value=True), "$.schema"),
    (_set("schema", value=1.0), "$.schema"),
    (_set("schema", value="1"), "$.schema"),
    (_delete("schema"), "$.schema"),
    (_set("type", value="statе"), "$.type"),
    (_set("players", value=9), "$.players"),
    (_set("players", value=True), "$.players"),
    (_set("dealer", value=-1), "$.dealer"),
    (_set("dealer", value=2), "$.dealer"),
    (_set("to_move", value=1.0), "$.to_move"),
    (_set("turns_played", value=-1), "$.turns_played"),
    (_set("turns_played", value=10**40), "$.turns_played"),
    (_set("turns_played", value=300), "$.turns_played"),
    (_set("reshuffles", value=-3), "$.reshuffles"),
    (_set("reshuffles", value=99), "$.reshuffles"),
    (_set("phase", value="over"), "$.result"),
    (_set("phase", value="lunch"), "$.phase"),
    (
        _set("result", value={"ending": "blocked", "winner": None, "winners": [0], "scores": [0, 0]}),
        "$.result",
    ),
    (_set("hands", 0, value="Kd 2c"), "$.hands[0]"),
    (_set("hands", 0, value="JK=7h"), "$.hands[0]"),
    (_set("hands", value=["2c"]), "$.hands"),
    (_set("stock", value=5), "$.stock"),
    (_set("opened", value=[0, 1]), "$.opened[0]"),
    (_set("exchange", value="7h"), "$.exchange"),
    (_set("seed", value=True), "$.seed"),
    (_set("seed", value="abc"), "$.seed"),
    (_set("deck", value="2c"), "$.deck"),
    (_set("surprise", value=1), "$.surprise"),
    (_set("turn", "surprise", value=1), "$.turn.surprise"),
    (_set("turn", "new_melds", value=[99]), "$.turn.new_melds[0]"),
    (_set("turn", "swaps", value=-1), "$.turn.swaps"),
    (_set("turn", "source", value="stock"), "$.turn"),
    (_set("turn", "must_use_taken", value=1), "$.turn.must_use_taken"),
    (_set("variant", "surprise", value=1), "$.variant.surprise"),
]


@pytest.mark.parametrize(("change", "path"), STATE_DAMAGE)
def test_damaged_states_are_refused_at_their_path(change: Callable[[Doc], None], path: str) -> None:
    doc = state_doc()
    change(doc)
    assert refused(doc).path == path


def _moved_from_stock(doc: Doc, seat: int, count: int) -> None:
    """``count`` cards of the stock moved into seat ``seat``'s hand (every card stays somewhere)."""
    cards = doc["hands"][seat] + [doc["stock"].pop() for _ in range(count)]
    doc["hands"][seat] = rk.format_cards(sorted(rk.parse_cards(cards), key=rk.Card.sort_key)).split()


def test_a_hand_larger_than_the_variant_allows_is_refused() -> None:
    """A fuzz found a gin state with a twelve-card hand loaded, and the
    solver then failed deep inside (a bare ValueError) on its legal moves."""
    doc = state_doc("gin", moves=4)  # past the first upcard: a draw or play phase
    seat = doc["to_move"]
    _moved_from_stock(doc, seat, 2 if doc["phase"] == "draw" else 1)
    assert refused(doc).path == f"$.hands[{seat}]"
    doc = state_doc("rami51")  # the draw phase: no hand of more than the deal's 14
    other = 1 - doc["to_move"]
    _moved_from_stock(doc, other, 1)
    error = refused(doc)
    assert error.path == f"$.hands[{other}]" and "at most 13 cards in the draw phase" in str(error)


def test_the_card_taken_this_turn_is_one_the_turn_still_has() -> None:
    """A fuzz found a saved turn whose taken card lay in another hand, or
    came with a draw from the stock, accepted."""
    position = {"variant": "rami51", "players": 2, "hands": ["7h 8h 2c", "5c 9d 3s"], "discard": "9h"}
    taken = rk.position_from_dict(position).apply("take")
    for change, message in (
        ({"taken": "3s"}, "$.turn.taken: expected 3s in the mover's hand or on the table"),
        ({"source": "stock"}, "$.turn.taken: expected no card taken after a draw from the stock"),
        ({"exchanged": True}, "$.turn.exchanged: rami51 has no exchange card"),
    ):
        doc = json.loads(rk.to_json(taken))
        doc["turn"].update(change)
        assert str(refused(doc)) == message
    melded = taken.apply("meld 7h 8h 9h")  # laid: on the table, still the turn's
    assert rk.from_json(rk.to_json(melded)) == melded


def test_a_seat_still_in_holds_a_card_while_the_round_is_played() -> None:
    doc = state_doc("rami51", moves=3)
    other = 1 - doc["to_move"]
    doc["stock"] += doc["hands"][other]
    doc["hands"][other] = []
    error = refused(doc)
    assert error.path == f"$.hands[{other}]" and "an empty hand ends the round" in str(error)


def _played(ref: str, moves: list[str], seed: int = 2) -> rk.RoundState:
    variant = rk.load_variant(ref)
    state = rk.deal(variant, players=max(2, variant.players.min), seed=seed)
    for move in moves:
        state = state.apply(move)
    return state


def test_forged_steps_cannot_hand_the_mover_cards() -> None:
    # A position where the mover has laid a meld: the step holds his hand before it.
    state = rk.position_from_dict(
        {
            "variant": "rami51_house",
            "players": 2,
            "phase": "play",
            "hands": ["7h 8h 9h Kc", "2c"],
            "opened": [True, False],
        }
    ).apply("meld 7h 8h 9h")
    doc = json.loads(rk.to_json(state))
    assert rk.from_json(json.dumps(doc)).apply("undo").hands[0] == rk.parse_cards("7h 8h 9h Kc")
    for hand in ["Kc JK JK JK JK", "7h 8h 9h Kc Kc", "7h 8h Kc"]:
        forged = json.loads(json.dumps(doc))
        forged["turn"]["steps"][0]["hand"] = hand
        assert refused(forged).path == "$.turn.steps[0]"
    forged = json.loads(json.dumps(doc))
    forged["turn"]["steps"][0]["new_melds"] = [0]
    assert refused(forged).path == "$.turn.steps[0].new_melds[0]"
    forged = json.loads(json.dumps(doc))
    forged["turn"]["new_melds"] = []
    assert refused(forged).path == "$.turn.steps[0].table"


def test_a_result_must_be_the_rounds_scoring() -> None:
    record = rk.from_json((Path(__file__).parents[1] / "golden" / "romme51.json").read_text())
    final = record.replay()
    doc = json.loads(rk.to_json(final))
    assert rk.from_json(json.dumps(doc)) == final
    cases = [
        (_set("result", "scores", 0, value=-5), "$.result.scores"),
        (_set("result", "scores", value=[0]), "$.result.scores"),
        (_set("result", "winners", value=[1, 0]), "$.result.winners"),
        (_set("result", "ending", value="blocked"), "$.result.winner"),
        (_set("result", "ending", value="won"), "$.result.ending"),
        (_set("result", "winner", value=1 - final.result.winner), "$.result.winner"),  # type: ignore[union-attr]
        (_set("result", value=None), "$.result"),
        (_set("result", "extra", value=1), "$.result.extra"),
    ]
    for change, path in cases:
        damaged = json.loads(json.dumps(doc))
        change(damaged)
        assert refused(damaged).path == path


RECORD_DAMAGE = [
    (_set("seed", value=True), "$.seed"),
    (_set("seed", value=1.5), "$.seed"),
    (_set("seed", value="abc"), "$.seed"),
    (_set("seed", value=[1]), "$.seed"),
    (_set("seed", value={}), "$.seed"),
    (_set("players", value=9), "$.players"),
    (_set("dealer", value=-1), "$.dealer"),
    (_set("deck", value="2c 3c"), "$.deck"),
    (_set("moves", 0, value="fly away"), "$.moves[0]"),
    (_set("moves", 0, value="draw"), "$.moves[0]"),
    (_set("moves", 0, value="7: draw"), "$.moves[0]"),
    (_set("moves", value="draw"), "$.moves"),
    (
        _set("result", value={"ending": "blocked", "winner": None, "winners": [0], "scores": [0, 0]}),
        "$.result",
    ),
    (_set("stocks", value=["2c"]), "$.stocks"),
    (_set("surprise", value=0), "$.surprise"),
]


@pytest.mark.parametrize(("change", "path"), RECORD_DAMAGE)
def test_damaged_records_are_refused_at_their_path(change: Callable[[Doc], None], path: str) -> None:
    doc = record_doc()
    change(doc)
    assert refused(doc).path == path


def test_a_records_result_is_checked_against_its_replay() -> None:
    doc = json.loads((Path(__file__).parents[1] / "golden" / "rami51.json").read_text())
    doc["result"]["scores"][0] += 1
    assert refused(doc).path == "$.result"
    doc = json.loads((Path(__file__).parents[1] / "golden" / "rami51.json").read_text())
    doc["result"] = None
    assert refused(doc).path == "$.result"


@pytest.mark.parametrize(
    "text",
    [
        "[" * 100_000 + "]" * 100_000,
        '{"a":' * 100_000 + "1" + "}" * 100_000,
        "[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1),
        '{"schema": ' + "9" * 5000 + "}",
        '{"schema": NaN}',
        '{"schema": 1, "schema": 1, "type": "move", "move": "draw"}',
        " " * (MAX_DOCUMENT_CHARS + 1),
        "",
        "[1]",
        '{"schema": 1, "type": "move", "move": "fly"}',
        '{"schema": 1, "type": "view", "surprise": 1}',
    ],
)
def test_bad_json_text_is_a_json_error(text: str) -> None:
    error = refused(text)
    assert error.path.startswith("$")


def test_bytes_are_read_as_utf8() -> None:
    assert rk.from_json(b'{"schema": 1, "type": "move", "move": "draw"}') == rk.parse_move("draw")
    assert refused(b"\xff\xfe{}").path == "$"


# --------------------------------------------------------------------------- damage anything, anywhere


JUNK: list[Any] = [None, True, False, 0, 1, -1, 2, 99, 10**12, -(10**12), 1.5, "", "abc", "JK", "7h",
                   "7h 7h", "JK=7h", [], {}, [0], [99], [-1], ["7h"], {"x": 1}]  # fmt: skip


def _nodes(doc: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """The paths of every value in ``doc`` (the variant's rules left to the variant tests)."""
    out = [path] if path else []
    if path == ("variant", "rules"):
        return out
    if isinstance(doc, dict):
        for key, value in doc.items():
            out += _nodes(value, (*path, key))
    elif isinstance(doc, list):
        for i, value in enumerate(doc):
            out += _nodes(value, (*path, i))
    return out


def _damage(doc: Doc, data: st.DataObject) -> None:
    path = data.draw(st.sampled_from(_nodes(doc)))
    parent: Any = doc
    for key in path[:-1]:
        parent = parent[key]
    key = path[-1]
    value = parent[key]
    options = ["junk", "junk", "other"]
    if isinstance(parent, dict):
        options += ["delete", "extra"]
    if isinstance(value, str) and value:
        options += ["cards", "cards"]
    if isinstance(value, list) and value:
        options += ["list"]
    if isinstance(value, int) and not isinstance(value, bool):
        options += ["shift"]
    how = data.draw(st.sampled_from(options))
    if how == "junk":
        parent[key] = _junk(data)
    elif how == "other":
        parent[key] = json.loads(json.dumps(_get(doc, data.draw(st.sampled_from(_nodes(doc))))))
    elif how == "delete":
        del parent[key]
    elif how == "extra":
        parent["surprise"] = _junk(data)
    elif how == "shift":
        parent[key] = value + data.draw(st.sampled_from([-2, -1, 1, 2, 50]))
    elif how == "cards":
        words = value.split()
        i = data.draw(st.integers(0, len(words) - 1))
        change = data.draw(st.sampled_from(["drop", "double", "swap", "joker", "declare"]))
        if change == "drop":
            del words[i]
        elif change == "double":
            words.insert(i, words[i])
        elif change == "swap":
            words[0], words[-1] = words[-1], words[0]
        elif change == "joker":
            words[i] = "JK"
        else:
            words[i] = "JK=" + data.draw(st.sampled_from(["7h", "2c", "As"]))
        parent[key] = " ".join(words)
    else:
        i = data.draw(st.integers(0, len(value) - 1))
        change = data.draw(st.sampled_from(["drop", "double", "reverse"]))
        if change == "drop":
            del value[i]
        elif change == "double":
            value.insert(i, value[i])
        else:
            value.reverse()


def _junk(data: st.DataObject) -> Any:
    """A fresh copy of a junk value (so no damage shares a list with another)."""
    return json.loads(json.dumps(data.draw(st.sampled_from(JUNK))))


def _get(doc: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        doc = doc[key]
    return doc


def _plays_on(state: rk.RoundState, rng: random.Random) -> None:
    """Random legal moves and a few random texts: nothing but IllegalMove."""
    check_invariants(state)
    assert rk.from_json(rk.to_json(state)) == state
    for _ in range(4):
        if state.phase == "over":
            return
        for text in ("discard 7h", "take 3", "layoff 1 JK", "undo", "swap 1 7h", "out", "draw exchange"):
            with contextlib.suppress(rk.IllegalMove):
                state.apply(text)
        legal = state.legal_moves()
        if not legal:
            return
        state = state.apply(rng.choice(legal))
        check_invariants(state)


@given(st.sampled_from(VARIANTS), st.integers(0, 10_000), st.integers(0, 40), st.booleans(), st.data())
def test_damaged_documents_are_refused_or_play_on(
    ref: str, seed: int, moves: int, is_record: bool, data: st.DataObject
) -> None:
    doc = record_doc(ref, seed, moves) if is_record else state_doc(ref, seed, moves)
    for _ in range(data.draw(st.integers(1, 3))):
        _damage(doc, data)
    try:
        loaded = rk.from_json(json.dumps(doc))
    except JSONError as error:
        assert error.path.startswith("$")
        return
    rng = random.Random(seed)
    if isinstance(loaded, rk.Record):
        try:
            state = loaded.replay()
        except rk.ReplayError:
            return
        assert state.result == loaded.result or loaded.seed is None
        _plays_on(state, rng)
    else:
        assert isinstance(loaded, rk.RoundState)
        _plays_on(loaded, rng)
