"""rummykit serve, played through its protocol: a real server on 127.0.0.1
(started and stopped by each test), HTTP and WebSocket clients."""

from __future__ import annotations

import json
import random
import sqlite3
import sys
from pathlib import Path

import httpx
import pytest
from serve_support import TEST_SECRET, TIMEOUT, Client, cards, create_game, seeded_registry, served

import rummykit as rk
from rummykit.play.cli import main
from rummykit.serve import GameRegistry, GameStore
from rummykit.serve.games import GameSpec, new_game
from rummykit.serve.messages import view_message


def test_the_page_and_the_variants_are_served() -> None:
    with served() as (base, _):
        page = httpx.get(f"{base}/", timeout=TIMEOUT)
        assert page.status_code == 200 and "<html" in page.text.lower()
        assert httpx.get(f"{base}/static/index.html", timeout=TIMEOUT).status_code == 200
        assert httpx.get(f"{base}/static/nothing.js", timeout=TIMEOUT).status_code == 404
        listed = httpx.get(f"{base}/api/variants", timeout=TIMEOUT).json()
    rami = next(v for v in listed if v["id"] == "rami51")
    assert rami["players"] == {"min": 2, "max": 6} and rami["name"]
    line = "2\u20136 players, 2 decks and 4 jokers, 13 cards each: open with 51 points, then go out."
    assert rami["line"] == line
    assert all(v["line"].endswith(".") for v in listed)
    assert [v["id"] for v in listed] == rk.bundled_variants()


def test_a_new_game_gives_one_token_per_human_seat_and_sends_the_view_on_connect() -> None:
    with served() as (base, registry):
        created = create_game(base, variant="rami51", players=3, bots={"2": "greedy"}, seed=4)
        assert sorted(created["seats"]) == ["0", "1"]
        assert created["seats"]["0"] != created["seats"]["1"]
        assert created["spectator"] == f"/ws/games/{created['game']}"
        game = registry.get(created["game"])
        seat = Client(base, created["game"], created["seats"]["1"])
        message = seat.receive()
        seat.close()
    assert message["type"] == "view" and message["state_id"] == game.state_id
    assert message["match"] is None
    view = message["view"]
    assert view["seat"] == 1 and view["players"] == 3
    assert cards(view["hand"]) == game.state.hands[1]


def test_a_spectator_sees_no_hand_and_cannot_move() -> None:
    with served() as (base, _):
        created = create_game(base, variant="rami51", players=2, bots={"1": "random"}, seed=2)
        watcher = Client(base, created["game"])
        view = watcher.receive()["view"]
        assert view["seat"] is None and view["hand"] is None and view["legal"] == []
        watcher.move("draw")
        refused = watcher.reply()
        watcher.close()
    assert refused["type"] == "refused" and refused["code"] == "game.spectator"


def test_a_whole_round_against_bots_and_its_record_replays() -> None:
    with served() as (base, registry):
        created = create_game(base, variant="rami51", players=3, bots={"1": "greedy", "2": "random"}, seed=11)
        seat = Client(base, created["game"], created["seats"]["0"])
        seat.receive()
        early = httpx.get(f"{base}/api/games/{created['game']}/record", timeout=TIMEOUT)
        final = seat.play_random(0, random.Random(1))
        response = httpx.get(f"{base}/api/games/{created['game']}/record", timeout=TIMEOUT)
        seat.close()
        game = registry.get(created["game"])
    assert early.status_code == 403 and early.json()["error"]["code"] == "game.round-in-progress"
    assert final["phase"] == "over" and final["result"]["scores"]
    assert response.status_code == 200
    record = rk.from_json(response.text)
    replayed = record.replay()
    assert replayed.is_over and replayed.hands == game.state.hands
    assert list(replayed.result.scores) == final["result"]["scores"]
    assert len(record.moves) == game.state_id  # one state id per move of the round


def test_a_whole_match_against_a_bot_with_next_round() -> None:
    with served() as (base, registry):
        created = create_game(base, variant="rami51", players=2, bots={"1": "greedy"}, match=True, seed=8)
        game_id = created["game"]
        seat = Client(base, game_id, created["seats"]["0"])
        first = seat.receive()
        assert first["match"] == {"round": 1, "scores": [0, 0], "over": False, "winner": None, "winners": []}
        seat.send({"type": "next_round", "state_id": seat.state_id})
        assert seat.reply()["code"] == "game.round-not-over"
        rng = random.Random(3)
        rounds = 0
        while True:
            seat.play_random(0, rng)
            rounds += 1
            summary = seat.last["match"] if seat.last else None
            assert summary is not None and summary["round"] == rounds
            if summary["over"]:
                break
            seat.send({"type": "next_round", "state_id": seat.state_id})
            seat.receive()
            assert seat.view["phase"] != "over" and seat.last is not None
        seat.send({"type": "next_round", "state_id": seat.state_id})
        refused = seat.reply()
        records = [
            httpx.get(f"{base}/api/games/{game_id}/record?round={n}", timeout=TIMEOUT) for n in (1, rounds)
        ]
        missing = httpx.get(f"{base}/api/games/{game_id}/record?round={rounds + 1}", timeout=TIMEOUT)
        seat.close()
        game = registry.get(game_id)
    assert refused["code"] == "game.match-over"
    assert rounds == game.match.rounds == 2 and game.match.is_over
    assert summary["scores"] == list(game.match.totals) and summary["winners"] == list(game.match.winners)
    for response in records:
        assert rk.from_json(response.text).replay().is_over
    assert missing.status_code == 400


def test_next_round_is_refused_in_a_single_round_game() -> None:
    with served() as (base, _):
        created = create_game(base, variant="gin", players=2, bots={"1": "random"}, seed=1)
        seat = Client(base, created["game"], created["seats"]["0"])
        seat.receive()
        seat.play_random(0, random.Random(2))
        seat.send({"type": "next_round", "state_id": seat.state_id})
        refused = seat.reply()
        seat.close()
    assert refused["code"] == "game.not-a-match"


def test_undo_inside_the_turn_takes_the_tentative_meld_back() -> None:
    with served() as (base, _):
        created = create_game(base, variant="rami51", players=2, bots={"1": "random"}, seed=21)
        seat = Client(base, created["game"], created["seats"]["0"])
        seat.settle(0)
        while not any(m.startswith("meld") for m in seat.view["legal"]):
            legal = seat.view["legal"]
            seat.move("draw" if "draw" in legal else next(m for m in legal if m.startswith("discard")))
            seat.settle(0)
        before, before_id = seat.view, seat.state_id
        meld = next(m for m in before["legal"] if m.startswith("meld"))
        seat.move(meld)
        melded = seat.receive()["view"]
        assert "undo" in melded["legal"] and len(melded["table"]) == len(before["table"]) + 1
        seat.move("undo")
        undone = seat.receive()
        seat.close()
    assert undone["type"] == "view" and undone["state_id"] == before_id + 2
    assert undone["view"]["hand"] == before["hand"] and undone["view"]["table"] == before["table"]


def test_a_seat_that_reconnects_gets_its_view_again() -> None:
    with served() as (base, _):
        created = create_game(base, variant="rami51", players=2, bots={"1": "greedy"}, seed=6)
        seat = Client(base, created["game"], created["seats"]["0"])
        seat.settle(0)
        seat.move(seat.view["legal"][0])
        seat.settle(0)
        seen = seat.last
        seat.close()
        again = Client(base, created["game"], created["seats"]["0"])
        message = again.receive()
        again.move(message["view"]["legal"][0])
        accepted = again.receive()
        again.close()
    assert message == seen
    assert accepted["type"] == "view" and accepted["state_id"] == message["state_id"] + 1


def test_a_stored_game_survives_a_restart(tmp_path: Path) -> None:
    database = tmp_path / "games.sqlite3"
    with served(seeded_registry(GameStore(database))) as (base, _):
        created = create_game(base, variant="rami51", players=3, bots={"1": "greedy", "2": "random"}, seed=9)
        seat = Client(base, created["game"], created["seats"]["0"])
        seat.settle(0)
        for _ in range(3):
            seat.move(random_move_of(seat.view["legal"]))
            seat.settle(0)
        seen = seat.last
        seat.close()
    with sqlite3.connect(database) as db:
        rows = "SELECT header FROM games UNION ALL SELECT record FROM rounds"
        stored = db.execute(rows).fetchall()
    assert stored and created["seats"]["0"] not in json.dumps(stored)  # only the token's hash is kept
    restarted = seeded_registry(GameStore(database))
    assert restarted.problems == []
    with served(restarted) as (base, _):
        again = Client(base, created["game"], created["seats"]["0"])
        message = again.receive()
        final = again.play_random(0, random.Random(4))
        again.close()
    assert message == seen
    assert final["phase"] == "over"
    assert GameRegistry(GameStore(database)).get(created["game"]).state_id == again.state_id


def random_move_of(legal: list[str]) -> str:
    return next((m for m in legal if m.startswith("discard")), legal[0])


def test_a_broken_file_of_an_older_store_folder_is_reported_and_left_out(tmp_path: Path) -> None:
    (tmp_path / "broken.json").write_text("{", encoding="utf-8")
    (tmp_path / "odd.json").write_text('{"id": "odd", "rounds": []}', encoding="utf-8")
    registry = GameRegistry(GameStore(tmp_path))
    assert registry.games == {}
    assert len(registry.problems) == 2 and "broken.json" in registry.problems[0]
    assert "'odd'" in registry.problems[1]


def test_the_serve_command_needs_the_serve_extra(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "rummykit.serve.server", None)
    assert main(["serve"]) == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and error.endswith(f" {sys.executable} -m pip install '.[serve]'\n")
    assert "in the root folder of the rummykit clone" in error


def test_the_serve_command_checks_its_port(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", "--port", "70000"]) == 2
    assert "--port must be from 0 to 65535" in capsys.readouterr().err


def test_the_serve_command_refuses_a_store_that_is_a_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    taken = tmp_path / "games"
    taken.write_text("not a folder", encoding="utf-8")
    assert main(["serve", "--store", str(taken)]) == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and "games" in error


def refusal_and_error_in(base: str, lang: str) -> tuple[dict[str, object], dict[str, object]]:
    """A move refused (discarding before drawing) and a frame that is no message,
    in a Rami 51 game of ``lang``: the two replies."""
    created = create_game(base, variant="rami51", players=2, bots={"1": "greedy"}, seed=4, lang=lang)
    seat = Client(base, created["game"], created["seats"]["0"])
    seat.settle(0)
    card = seat.view["hand"][0]
    seat.move(f"discard {card}")
    refused = seat.reply()
    seat.send('{"type": "dance"}')
    error = seat.reply()
    seat.close()
    return refused, error


def test_refusals_and_errors_come_in_the_game_s_language() -> None:
    with served() as (base, _):
        refused_en, error_en = refusal_and_error_in(base, "en")
        refused_nl, error_nl = refusal_and_error_in(base, "nl")
    assert refused_en["code"] == refused_nl["code"] == "turn.wrong-phase"
    assert refused_en["message"] == "Draw a card first."
    assert refused_nl["message"] == "Trek eerst een kaart."
    assert error_en["code"] == error_nl["code"] == "message.invalid"
    assert error_en["message"] == """expected "type" to be "move", "check" or "next_round", got 'dance'"""
    assert error_nl["message"] == """verwachtte voor "type" "move", "check" of "next_round", kreeg 'dance'"""


def test_a_bad_token_and_an_early_record_are_refused_in_the_game_s_language() -> None:
    with served() as (base, _):
        created = create_game(base, variant="gin", players=2, bots={"1": "random"}, seed=2, lang="de")
        stranger = Client(base, created["game"], "not-a-token")
        refused = stranger.receive()
        stranger.close()
        early = httpx.get(f"{base}/api/games/{created['game']}/record", timeout=TIMEOUT).json()["error"]
    assert refused["code"] == "game.bad-token"
    assert refused["message"] == "Dieses Token gehört zu keinem Platz in diesem Spiel."
    assert early["code"] == "game.round-in-progress"
    assert early["message"] == rk.IllegalMove(early["code"], GAME_RECORD_REFUSAL).message_in("de")
    assert early["message"] != GAME_RECORD_REFUSAL


GAME_RECORD_REFUSAL = "A round's record holds every hand: it is given once the round is over."


def test_the_page_s_words_come_in_the_game_s_language() -> None:
    from rummykit.serve.labels import LABELS

    with served() as (base, _):
        dutch = create_game(base, variant="gin", players=2, bots={"1": "random"}, seed=2, lang="nl")
        english = create_game(base, variant="gin", players=2, bots={"1": "random"}, seed=2)
        of_dutch = httpx.get(f"{base}/api/games/{dutch['game']}/labels", timeout=TIMEOUT).json()
        of_english = httpx.get(f"{base}/api/games/{english['game']}/labels", timeout=TIMEOUT).json()
        swedish = httpx.get(f"{base}/api/labels?lang=sv", timeout=TIMEOUT).json()
        unknown = httpx.get(f"{base}/api/labels?lang=fr", timeout=TIMEOUT).json()
        plain = httpx.get(f"{base}/api/labels", timeout=TIMEOUT).json()
        missing = httpx.get(f"{base}/api/games/nothing/labels", timeout=TIMEOUT)
    assert of_dutch["lang"] == "nl" and of_english["lang"] == "en"
    assert set(of_dutch["labels"]) == set(LABELS) == set(of_english["labels"])
    assert of_english["labels"] == LABELS == unknown["labels"] == plain["labels"]
    assert unknown["lang"] == plain["lang"] == "en"
    assert of_dutch["labels"]["your_turn"] == "Jij bent aan de beurt — {hint}"
    assert of_dutch["labels"]["seat_you"] == "Plaats {seat} (jij)"
    assert swedish["lang"] == "sv" and swedish["labels"]["move_draw"] == "Dra från talongen"
    for lang_labels in (of_dutch["labels"], swedish["labels"]):
        same = [key for key, text in lang_labels.items() if text == LABELS[key]]
        # told: fields only; gin: a name, the same word
        untranslated = [key for key in same if key not in ("joker", "jokers", "told", "ending_gin")]
        assert untranslated == []
    assert missing.status_code == 404 and missing.json()["error"]["code"] == "game.not-found"


def test_a_check_says_what_a_move_would_get_and_changes_nothing() -> None:
    with served() as (base, registry):
        created = create_game(base, variant="rami51", players=2, bots={"1": "greedy"}, seed=4, lang="nl")
        game = registry.get(created["game"])
        seat = Client(base, created["game"], created["seats"]["0"])
        view = seat.settle(0)
        before = (game.state_id, game.state)
        card = view["hand"][0]
        checks = []
        for move in (f"discard {card}", "draw", "discrd"):
            seat.send({"type": "check", "state_id": seat.state_id, "move": move})
            checks.append(seat.reply())
        seat.send({"type": "check", "state_id": seat.state_id - 1, "move": "draw"})
        stale = seat.reply()
        seat.close()
    refused, allowed, unread = checks
    assert refused == {
        "type": "checked",
        "state_id": before[0],
        "move": f"discard {card}",
        "allowed": False,
        "code": "turn.wrong-phase",
        "message": "Trek eerst een kaart.",
    }
    assert allowed["allowed"] is True and allowed["code"] is None and allowed["message"] is None
    assert unread["code"] == "notation.invalid" and not unread["allowed"]
    assert stale["code"] == "game.stale-state"
    assert (game.state_id, game.state) == before  # nothing was played


def test_a_view_message_names_the_bots_and_the_opening_s_reason_in_the_game_s_language() -> None:
    with served() as (base, _):
        created = create_game(base, variant="rami51", players=3, bots={"2": "greedy"}, seed=4, lang="nl")
        seat = Client(base, created["game"], created["seats"]["0"])
        message = seat.receive()
        seat.close()
    assert message["seats"] == [
        {"seat": 0, "bot": None, "name": None},
        {"seat": 1, "bot": None, "name": None},
        {"seat": 2, "bot": "greedy", "name": None},
    ]
    opening = message["view"]["opening"]
    assert opening["allowed"] is False and opening["reason"]["code"] == "opening.below-minimum"
    assert opening["reason"]["message"] == rk.IllegalMove(
        "opening.below-minimum", "An opening needs at least one meld."
    ).message_in("nl")
    assert "deadwood" not in message  # Rami 51 counts no deadwood


def test_a_match_that_eliminates_maps_the_round_s_seats_and_an_eliminated_seat_deals_on() -> None:
    """Pool Rummy, four seats, seat 0 a person playing at random (with this
    seed it leaves the match first). The view numbers the round's seats and
    ``round_seats`` names the game's seat of each; seat 0, out, sees the
    bots' round as a spectator does and may still ask for the next one."""
    spec = GameSpec("indian_pool", 4, ((1, "greedy"), (2, "greedy"), (3, "greedy")), True, 3)
    game, _ = new_game(spec, secret=TEST_SECRET)
    rng = random.Random(3)
    while 0 in game.active:
        message = view_message(game, 0)
        assert message["round_seats"] == [0, 1, 2, 3] and message["view"]["seat"] == 0
        if game.state.is_over:
            game.next_round(0, game.state_id)
        else:
            game.move(0, game.state_id, str(rng.choice(game.view(0).legal)))
    message = view_message(game, 0)
    assert message["round_seats"] == [1, 2, 3] == list(game.active)  # (with this seed)
    assert message["view"]["seat"] is None and len(message["view"]["hand_sizes"]) == 3
    assert message["match"]["scores"][0] > 100 and not message["match"]["over"]  # by the game's seats
    rounds = len(game.rounds)
    game.next_round(0, game.state_id)
    assert len(game.rounds) == rounds + 1


def test_a_gin_view_message_counts_the_seat_s_deadwood() -> None:
    with served() as (base, _):
        created = create_game(base, variant="gin", players=2, bots={"1": "greedy"}, seed=2)
        seat = Client(base, created["game"], created["seats"]["0"])
        message = seat.receive()
        watcher = Client(base, created["game"])
        watched = watcher.receive()
        seat.close()
        watcher.close()
    hand = message["view"]["hand"]
    extra = len(hand) > 10
    assert message["deadwood"] == rk.least_penalty("gin", " ".join(hand), discard=extra).penalty
    assert watched["deadwood"] is None


def test_a_player_s_typed_name_is_shown_to_every_seat_and_kept() -> None:
    from rummykit.serve.games import game_from_document

    with served() as (base, registry):
        created = create_game(
            base, variant="rami51", players=3, bots={"2": "random"}, seed=4, names={"1": "Anna Kovács"}
        )
        seat = Client(base, created["game"], created["seats"]["0"])
        seats = seat.receive()["seats"]
        seat.close()
        kept = game_from_document(registry.get(created["game"]).document())
        body = {"variant": "rami51", "bots": {"1": "greedy"}}
        refused = [
            httpx.post(f"{base}/api/games", json={**body, "names": names}, timeout=TIMEOUT)
            for names in ({"1": "Bot"}, {"0": "x" * 25}, {"0": "a\nb"}, {"0": " Anna"}, {"0": 7}, ["Anna"])
        ]
    assert [s["name"] for s in seats] == [None, "Anna Kovács", None]
    assert kept.spec.names == ((1, "Anna Kovács"),)
    assert all(r.status_code == 400 and r.json()["error"]["message"].startswith("names: ") for r in refused)
