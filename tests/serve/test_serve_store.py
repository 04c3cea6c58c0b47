"""rummykit serve's store (an SQLite database) and the registry's
transactions: nothing anyone was told of is lost, a failed commit changes
nothing, a damaged store is named and skipped, seeds are secret, idle games
expire."""

from __future__ import annotations

import asyncio
import json
import logging
import os
import random
import sqlite3
from pathlib import Path

import attrs
import pytest
from serve_support import TEST_SECRET, Client, create_game, seeded_registry, served

import rummykit as rk
from rummykit.io.records import Record
from rummykit.play.bots import Bot
from rummykit.play.cli import main
from rummykit.serve import GameRegistry, GameSpec, GameStore
from rummykit.serve.app import expire_off_loop, find_game
from rummykit.serve.games import Game, derived_seed, game_from_document, legacy_first_dealer
from rummykit.serve.registry import READ_BACK_GAMES
from rummykit.serve.store import StoreError, StoreFailure
from rummykit.serve.undo_limit import MAX_FORCED_UNDOS_PER_TURN, MAX_UNDOS_PER_TURN, undos_this_turn

GIN = GameSpec("gin", players=2, bots=((1, "random"),), seed=1)
RAMI = GameSpec("rami51", players=3, bots=((1, "greedy"), (2, "random")), seed=9)


def break_writes(store: GameStore, broken: bool = True) -> None:
    """Every later write of ``store`` fails (as on a full disk or a read-only
    file), or, with ``broken`` false, works again."""
    with store._lock:
        store._connection.execute(f"PRAGMA query_only = {'ON' if broken else 'OFF'}")


def human_move(game: Game) -> str:
    """A legal move of the human seat 0, which is to move."""
    legal = [str(move) for move in game.state.view(game.round_seat(0)).legal]
    return next((m for m in legal if m.startswith(("draw", "discard"))), legal[0])


# --------------------------------------------------------------------------- the store


def test_a_game_and_its_rounds_are_one_row_each_and_come_back_whole(tmp_path: Path) -> None:
    database = tmp_path / "games.sqlite3"
    registry = seeded_registry(GameStore(database))
    game, _ = registry.create(RAMI)
    for _ in range(3):
        registry.move(game, 0, game.state_id, human_move(game))
    with sqlite3.connect(database) as db:
        assert db.execute("SELECT count(*) FROM games").fetchone() == (1,)
        assert db.execute("SELECT game, number FROM rounds").fetchall() == [(game.id, 1)]
    again = GameRegistry(GameStore(database)).get(game.id)
    assert (again.state_id, again.state, again.rounds) == (game.state_id, game.state, game.rounds)
    assert again.secret == game.secret == TEST_SECRET


def test_a_failed_commit_stores_nothing_and_says_so(tmp_path: Path) -> None:
    store = GameStore(tmp_path / "games.sqlite3")
    store.save("g1", {"id": "g1"}, [(1, {"moves": []})], finished=False)
    break_writes(store)
    with pytest.raises(StoreFailure, match="cannot store"):
        store.save("g1", {"id": "g1", "more": 1}, [(1, {"moves": ["draw"]}), (2, {})], finished=False)
    assert store.load("g1") == {"id": "g1", "rounds": [{"moves": []}]}


def test_a_transaction_that_fails_on_anything_is_rolled_back_and_the_store_goes_on(tmp_path: Path) -> None:
    store = GameStore(tmp_path / "games.sqlite3")
    with pytest.raises(OverflowError):
        store.save("g1", {"id": "g1"}, [(2**64, {})], finished=False)
    store.save("g1", {"id": "g1"}, [(1, {})], finished=False)  # not "within a transaction"
    assert store.load("g1") == {"id": "g1", "rounds": [{}]}


def test_only_unfinished_games_are_read_at_start(tmp_path: Path) -> None:
    database = tmp_path / "games.sqlite3"
    registry = seeded_registry(GameStore(database))
    running, _ = registry.create(GIN)
    done, _ = registry.create(GIN)
    while not done.state.is_over:
        registry.move(done, 0, done.state_id, human_move(done))
    store = GameStore(database)
    assert [game["id"] for game in store.load_all()[0]] == [running.id]
    restarted = GameRegistry(store)
    assert list(restarted.games) == [running.id] and restarted.get(done.id).state == done.state


def test_a_damaged_database_file_is_one_plain_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    database = tmp_path / "games.sqlite3"
    registry = seeded_registry(GameStore(database))
    for _ in range(30):
        registry.create(GIN)
    registry.store.close()  # type: ignore[union-attr]
    data = bytearray(database.read_bytes())
    data[4096 * 2 : 4096 * 2 + 200] = b"\xff" * 200  # a damaged page of the games
    database.write_bytes(bytes(data))
    for leftover in tmp_path.glob("games.sqlite3-*"):
        leftover.unlink()
    with pytest.raises(StoreError):
        GameRegistry(GameStore(database))
    assert main(["serve", "--store", str(database), "--port", "0"]) == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and "unexpected" not in error and str(database) in error


def test_a_store_that_is_no_database_is_refused(tmp_path: Path) -> None:
    taken = tmp_path / "games.sqlite3"
    taken.write_text("not a database, " * 100, encoding="utf-8")
    with pytest.raises(StoreError, match="not a usable database of games"):
        GameStore(taken)


# --------------------------------------------------------------------------- transactions


def test_a_move_the_store_cannot_keep_is_refused_and_the_game_is_as_it_was(tmp_path: Path) -> None:
    database = tmp_path / "games.sqlite3"
    store = GameStore(database)
    registry = seeded_registry(store)
    game, _ = registry.create(RAMI)
    told: list[int] = []
    registry.watch(game, lambda: told.append(game.state_id), 0)
    before = game.snapshot()
    break_writes(store)
    with pytest.raises(rk.IllegalMove) as info:
        registry.move(game, 0, game.state_id, human_move(game))
    assert info.value.code == "server.store-failed"
    assert game.snapshot() == before and told == []
    restarted = GameRegistry(GameStore(database)).get(game.id)
    assert (restarted.state_id, restarted.state) == (before.state_id, before.state)


def test_the_mover_hears_of_a_failed_commit_and_no_socket_hears_of_the_move(tmp_path: Path) -> None:
    store = GameStore(tmp_path / "games.sqlite3")
    with served(seeded_registry(store)) as (base, registry):
        created = create_game(base, variant="rami51", players=2, bots={"1": "greedy"}, seed=4)
        seat = Client(base, created["game"], created["seats"]["0"])
        watcher = Client(base, created["game"])
        seat.settle(0)
        watcher.receive()
        game = registry.get(created["game"])
        before = game.snapshot()
        break_writes(store)
        seat.move("draw")
        refused = seat.reply()
        break_writes(store, broken=False)
        seat.move("draw")
        after = seat.receive()
        seen = watcher.receive()
        seat.close()
        watcher.close()
    assert refused["type"] == "refused" and refused["code"] == "server.store-failed"
    assert refused["state_id"] == before.state_id
    assert after["state_id"] == seen["state_id"] == before.state_id + 1  # the watcher saw no other state


def test_a_bot_whose_move_is_refused_is_logged_and_the_game_goes_on(
    caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    registry = seeded_registry()
    game, _ = registry.create(GIN)
    bot = game.bots[1]
    wrong = "discard Ah" if "Ah" not in str(game.state.hands[1]) else "discard 2c"

    def clumsy(view: rk.PlayerView) -> str:
        return wrong if view.phase == "draw" else str(Bot.choose(bot, view))

    monkeypatch.setattr(bot, "choose", clumsy, raising=False)
    with caplog.at_level(logging.ERROR, logger="rummykit.serve"):
        while not game.state.is_over and game.state.to_move == 0:
            before = game.state_id
            registry.move(game, 0, game.state_id, human_move(game))
            assert game.state_id > before
    assert "which was refused" in caplog.text and "it plays its first accepted legal move" in caplog.text
    assert game.state.is_over or game.state.to_move == 0  # the bot moved: the game did not stop at it


def test_a_bot_that_fails_to_choose_is_logged_and_the_game_goes_on(
    caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    registry = seeded_registry()
    game, _ = registry.create(GIN)

    def broken(view: rk.PlayerView) -> str:
        raise RuntimeError("a bug in a bot")

    monkeypatch.setattr(game.bots[1], "choose", broken, raising=False)
    with caplog.at_level(logging.ERROR, logger="rummykit.serve"):
        for _ in range(6):
            if game.state.is_over:
                break
            before = game.state_id
            registry.move(game, 0, game.state_id, human_move(game))
            assert game.state_id > before
    assert "failed to choose" in caplog.text and "RuntimeError: a bug in a bot" in caplog.text


def test_a_fault_inside_an_action_puts_the_game_back_bots_and_all(monkeypatch: pytest.MonkeyPatch) -> None:
    registry = seeded_registry()
    game, _ = registry.create(RAMI)
    before = game.snapshot()
    rng_before = game.bots[2].rng.getstate()  # type: ignore[attr-defined]

    def broken() -> None:
        game.bots[2].rng.random()  # type: ignore[attr-defined]  # the bot changes, then the fault
        raise RuntimeError("a fault after the move")

    monkeypatch.setattr(game, "play_bots", broken)
    with pytest.raises(rk.IllegalMove) as info:
        registry.move(game, 0, game.state_id, human_move(game))
    assert info.value.code == "server.error"
    assert (game.state, game.rounds, game.state_id) == (before.state, list(before.rounds), before.state_id)
    assert game.bots[2].rng.getstate() == rng_before  # type: ignore[attr-defined]


def test_a_new_game_that_fails_inside_the_server_is_refused_and_logged(
    caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    registry = seeded_registry()

    def broken(spec: GameSpec, secret: bytes) -> None:
        raise RuntimeError("a fault while dealing")

    monkeypatch.setattr("rummykit.serve.registry.new_game", broken)
    with caplog.at_level(logging.ERROR, logger="rummykit.serve"), pytest.raises(rk.IllegalMove) as info:
        registry.create(GIN)
    assert info.value.code == "server.error" and registry.games == {}
    assert "RuntimeError: a fault while dealing" in caplog.text


@pytest.mark.parametrize("comma", ["", ","])
def test_after_twenty_undos_a_turn_must_end_without_laying_or_undoing_more(comma: str) -> None:
    """With commas for spaces ("meld,8d,8h,8s", "undo,"), read as the
    engine reads them, the limit holds too (a fuzz found the moves written
    so were not counted, and a turn could grow the record without end)."""
    registry = seeded_registry()
    game, _ = registry.create(GameSpec("rami51", players=2, bots=((1, "random"),), seed=5))
    registry.move(game, 0, game.state_id, "draw")
    meld = next(str(m) for m in game.state.view(0).legal if str(m).startswith("meld"))
    if comma:
        meld = meld.replace(" ", ",")
    for _ in range(MAX_UNDOS_PER_TURN):
        registry.move(game, 0, game.state_id, meld)
        registry.move(game, 0, game.state_id, "undo" + comma)
    checked = game.check(0, game.state_id, meld)  # a check says what the move gets
    assert checked is not None and checked.code == "game.undo-limit"
    legal = [str(move) for move in game.view(0).legal]  # the view lists only what is accepted
    assert legal and not any(move.split()[0] in ("meld", "layoff", "swap", "shift", "undo") for move in legal)
    assert any(str(move).startswith("meld") for move in game.state.view(0).legal)  # the engine lists them
    with pytest.raises(rk.IllegalMove) as info:
        registry.move(game, 0, game.state_id, meld)  # a discard is legal: the turn can end
    assert info.value.code == "game.undo-limit"
    assert info.value.message == (
        "This turn has taken moves back 20 times: finish it without laying or taking back more."
    )
    discard = next(str(m) for m in game.state.view(0).legal if str(m).startswith("discard"))
    rebuilt = game_from_document(json.loads(json.dumps(game.document())))  # as after a restart
    checked = rebuilt.check(0, rebuilt.state_id, meld)
    assert checked is not None and checked.code == "game.undo-limit"  # the count is the record's
    registry.move(game, 0, game.state_id, discard)  # the turn ends; the next one starts afresh
    assert game.state.to_move == 0 and undos_this_turn(game.rounds[-1].moves, 0) == 0
    assert game.refused_past_undo_limit(0) is None


class OnlyLaying:
    """A state of the turn in which laying cards or taking back is the only way on."""

    turns_played = 7
    to_move = 0

    def legal_moves(self, seat: int) -> list[str]:
        return ["meld 7h 8h 9h", "undo"]


def with_undos(record: Record, undos: int) -> Record:
    """``record`` with seat 0's turn at its end holding ``undos`` undos (moves not replayed)."""
    return attrs.evolve(record, moves=("1: discard 2c", *["0: meld 7h 8h 9h", "0: undo"] * undos))


def test_laying_or_undoing_stays_allowed_where_it_is_the_only_way_on() -> None:
    game, _ = seeded_registry().create(GIN)
    game.state = OnlyLaying()  # type: ignore[assignment]
    game.rounds[-1] = with_undos(game.rounds[-1], MAX_FORCED_UNDOS_PER_TURN - 1)
    for kind in ("meld", "undo", "layoff", "discard"):
        game.check_undos(kind, 0)  # nothing refused: the turn goes on by laying or taking back
    game.rounds[-1] = with_undos(game.rounds[-1], MAX_FORCED_UNDOS_PER_TURN)
    for kind in ("meld", "layoff", "discard"):
        game.check_undos(kind, 0)  # laying shrinks the hand: it stays allowed
    with pytest.raises(rk.IllegalMove) as info:
        game.check_undos("undo,", 0)
    assert info.value.code == "game.undo-limit"


def test_a_taken_card_still_to_lay_does_not_let_a_turn_lay_and_take_back_for_ever() -> None:
    """Rummy 500: a taken discard must be laid, so after the take only
    laying moves (and undo) are legal, and the first limit does not hold; an
    audit looped a meld and an undo 8,000 times in one turn, the round's
    record growing with each. Taking back ends at MAX_FORCED_UNDOS_PER_TURN."""
    game, _ = seeded_registry().create(GameSpec("rummy500", players=2, bots=((1, "random"),), seed=1))
    position = {
        "variant": "rummy500", "players": 2, "hands": ["7c 7d JK 8h 9h Kd", "2s 3s 4s 5d 6d 7s"],
        "discard": "5s 8c", "stock": "Ah 2h 3h 4h",
    }  # fmt: skip
    game.state = rk.position_from_dict(position)
    game.move(0, game.state_id, "take")  # 8c must be laid this turn
    recorded = len(game.rounds[-1].moves)
    for _ in range(MAX_FORCED_UNDOS_PER_TURN):
        game.move(0, game.state_id, "meld 7c 7d JK")  # leaves 8c with nowhere to go
        game.move(0, game.state_id, "undo")
    game.move(0, game.state_id, "meld 7c 7d JK")
    assert [str(move) for move in game.view(0).legal] == []  # the engine lists only undo
    with pytest.raises(rk.IllegalMove) as info:
        game.move(0, game.state_id, "undo")
    assert info.value.code == "game.undo-limit"
    assert info.value.message == "This turn has taken moves back 40 times: nothing more can be taken back."
    assert len(game.rounds[-1].moves) == recorded + 2 * MAX_FORCED_UNDOS_PER_TURN + 1


def test_a_deal_that_ends_the_round_at_once_counts_in_the_match_live_and_restored(tmp_path: Path) -> None:
    """Tonk: a deal of 49 or 50 ends at once (R-TNK-03). An audit found such
    a round left out of the live match (which then dealt a third round of a
    two-deal match) and counted after a restart, where the game stuck."""
    database = tmp_path / "games.sqlite3"
    registry = seeded_registry(GameStore(database))
    game, _ = registry.create(GameSpec("tonk", players=2, bots=((1, "random"),), match=True, seed=84))
    first = game.rounds[0]
    assert first.moves == () and first.result is not None and first.result.ending == "tonk_deal"
    assert game.match is not None and game.match.totals == first.result.scores
    registry.next_round(game, 0, game.state_id)
    rng = random.Random(3)
    while not game.state.is_over:
        registry.move(game, 0, game.state_id, str(rng.choice(game.view(0).legal)))
    assert game.match.is_over and len(game.match.results) == 2  # one deal a player
    with pytest.raises(rk.IllegalMove) as info:
        registry.next_round(game, 0, game.state_id)
    assert info.value.code == "game.match-over"
    totals, state_id = game.match.totals, game.state_id
    registry.store.close()
    restored = seeded_registry(GameStore(database)).get(game.id)
    assert restored.match is not None and restored.match.totals == totals and restored.match.is_over
    assert restored.state_id == state_id


# --------------------------------------------------------------------------- a damaged store


def write_row(database: Path, game_id: object, header: object, rounds: list[tuple[object, object]]) -> None:
    with sqlite3.connect(database) as db:
        db.execute("INSERT INTO games VALUES (?, ?, 0, 0)", (game_id, header))
        db.executemany("INSERT INTO rounds VALUES (?, ?, ?)", [(game_id, n, r) for n, r in rounds])


def test_damaged_rows_are_named_and_left_out_and_the_server_starts(tmp_path: Path) -> None:
    database = tmp_path / "games.sqlite3"
    registry = seeded_registry(GameStore(database))
    good, _ = registry.create(GIN)
    GameStore(database).close()
    with sqlite3.connect(database) as db:
        header, record = db.execute(
            "SELECT header, record FROM games JOIN rounds ON rounds.game = games.id"
        ).fetchone()
    doc = json.loads(header)
    damaged = {
        "deep": ("[" * 5000 + "]" * 5000, record),
        "digits": (json.dumps({**doc, "id": "digits"}).replace(str(doc["master_seed"]), "9" * 5000), record),
        "other-id": (json.dumps({**doc, "id": good.id}), record),
        "../../outside": (json.dumps({**doc, "id": "../../outside"}), record),
        "no-rounds": (json.dumps({**doc, "id": "no-rounds"}), None),
        "bad-record": (json.dumps({**doc, "id": "bad-record"}), '{"schema": 2}'),
        "blob": (b"\x00\xff", record),
        "bad-secret": (json.dumps({**doc, "id": "bad-secret", "secret": "zz"}), record),
    }
    for game_id, (text, round_text) in damaged.items():
        write_row(database, game_id, text, [] if round_text is None else [(1, round_text)])
    restarted = GameRegistry(GameStore(database))
    assert sorted(restarted.games) == [good.id]
    assert len(restarted.problems) == len(damaged)
    for game_id in damaged:
        assert sum(repr(game_id) in line for line in restarted.problems) == 1, (game_id, restarted.problems)


def test_an_older_store_folder_is_imported_once_and_its_bad_files_are_named(tmp_path: Path) -> None:
    folder = tmp_path / "games"
    folder.mkdir()
    game, _ = seeded_registry().create(GIN)
    legacy = game.document()
    del legacy["secret"]
    legacy["schema"] = 1
    (folder / f"{game.id}.json").write_text(json.dumps(legacy), encoding="utf-8")
    (folder / "deep.json").write_text("[" * 5000 + "]" * 5000, encoding="utf-8")
    (folder / "digits.json").write_text('{"id": "digits", "n": ' + "7" * 5000 + "}", encoding="utf-8")
    (folder / "renamed.json").write_text(json.dumps({**legacy, "id": "../../outside"}), encoding="utf-8")
    (folder / "copy.json").write_text(json.dumps(legacy), encoding="utf-8")  # another file's id
    os.mkfifo(folder / "fifo.json")  # would hang a reader that opens it
    registry = GameRegistry(GameStore(folder))
    assert sorted(registry.games) == [game.id]
    assert registry.get(game.id).state == game.state
    assert (folder / "games.sqlite3").is_file()
    named = {name for name in ("deep", "digits", "renamed", "copy", "fifo") for line in registry.problems
             if f"{name}.json" in line}  # fmt: skip
    assert named == {"deep", "digits", "renamed", "copy", "fifo"} and len(registry.problems) == 5
    GameStore(folder).delete(game.id)
    assert GameRegistry(GameStore(folder)).games == {}  # not imported a second time


# --------------------------------------------------------------------------- seeds


def test_a_round_s_seed_tells_nothing_of_the_next_round_even_with_the_master_seed() -> None:
    registry = GameRegistry()  # a real server's registry: a random secret per game
    spec = GameSpec("rami51", players=2, bots=((1, "random"),), match=True, seed=7)
    one, _ = registry.create(spec)
    two, _ = registry.create(spec)
    assert one.secret != two.secret
    assert one.state.hands != two.state.hands  # the same seed: other deals
    seeds = [one.derived_seed(f"round{i}") for i in range(3)]
    guesses = {derived_seed(secret, 7, f"round{i}") for secret in (b"", bytes(32)) for i in range(3)}
    old_public = {random.Random(f"rummykit-serve:7:round{i}").getrandbits(62) for i in range(3)}
    assert one.rounds[0].seed == seeds[0] and len(set(seeds)) == 3
    assert not set(seeds) & (guesses | old_public)


def test_the_secret_is_kept_with_the_game_and_never_sent(tmp_path: Path) -> None:
    with served(seeded_registry(GameStore(tmp_path / "games.sqlite3"))) as (base, registry):
        created = create_game(base, variant="gin", players=2, bots={"1": "random"}, seed=2)
        seat = Client(base, created["game"], created["seats"]["0"])
        seat.settle(0)
        seat.close()
        game = registry.get(created["game"])
    assert game.header()["secret"] == TEST_SECRET.hex()
    assert not any(TEST_SECRET.hex() in text or "secret" in text for text in seat.received)


# --------------------------------------------------------------------------- idle games


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_an_idle_unfinished_game_expires_in_memory_and_in_the_store(tmp_path: Path) -> None:
    database = tmp_path / "games.sqlite3"
    clock = Clock()
    registry = GameRegistry(GameStore(database), max_games=3, idle_seconds=600, clock=clock)
    idle, _ = registry.create(GIN)
    watched, _ = registry.create(GIN)
    registry.watch(watched, lambda: None, 0)
    clock.now += 500
    busy, _ = registry.create(GIN)
    clock.now += 200  # idle and watched: 700 s; busy: 200 s
    assert registry.expire() == [idle.id]
    assert sorted(registry.games) == sorted([watched.id, busy.id])
    assert GameStore(database).load(idle.id) is None
    with pytest.raises(LookupError, match="no game has the id"):
        registry.get(idle.id)


def test_idle_games_make_room_for_new_ones_and_a_restart_does_not_bring_them_back(tmp_path: Path) -> None:
    database = tmp_path / "games.sqlite3"
    clock = Clock()
    registry = GameRegistry(GameStore(database), max_games=2, idle_seconds=60, clock=clock)
    registry.create(GIN)
    registry.create(GIN)
    with pytest.raises(rk.IllegalMove, match="as many as it may"):
        registry.create(GIN)
    restarted = GameRegistry(GameStore(database), max_games=2, idle_seconds=60, clock=clock)
    assert len(restarted.games) == 2  # idle time counts from the start
    clock.now += 61
    fresh, _ = restarted.create(GIN)
    assert list(restarted.games) == [fresh.id]
    assert list(GameRegistry(GameStore(database)).games) == [fresh.id]


def test_the_idle_time_is_checked() -> None:
    for wrong in (0, -1, True, "60"):
        with pytest.raises(ValueError, match="idle_seconds: expected a number of seconds above 0"):
            GameRegistry(idle_seconds=wrong)  # type: ignore[arg-type]


# --------------------------------------------------------------------------- dropped games


def test_a_dropped_game_is_read_back_once_not_on_every_request(tmp_path: Path) -> None:
    registry = seeded_registry(GameStore(tmp_path / "games.sqlite3"), max_games=1)
    played = []
    for _ in range(READ_BACK_GAMES + 6):
        game, _ = registry.create(GIN)
        while not game.state.is_over:
            registry.move(game, 0, game.state_id, human_move(game))
        played.append(game)
    dropped = played[:-1]
    assert not any(game.id in registry.games for game in dropped)
    first = registry.get(dropped[0].id)
    assert registry.get(dropped[0].id) is first and first.state == dropped[0].state
    for game in dropped:
        assert registry.get(game.id).state == game.state
    assert len(registry.read_back) == READ_BACK_GAMES


def test_two_lookups_of_a_dropped_game_at_once_give_one_game(tmp_path: Path) -> None:
    """The server reads the store in worker threads, so two requests may
    read the same dropped game at once: the registry keeps the first, and
    both get it (one game object per id)."""
    registry = seeded_registry(GameStore(tmp_path / "games.sqlite3"), max_games=1)
    game, _ = registry.create(GIN)
    while not game.state.is_over:
        registry.move(game, 0, game.state_id, human_move(game))
    registry.create(GIN)
    assert game.id not in registry.games

    async def both() -> list[Game]:
        return list(await asyncio.gather(find_game(registry, game.id), find_game(registry, game.id)))

    first, second = asyncio.run(both())
    assert first is second is registry.get(game.id) and first.state == game.state
    with pytest.raises(LookupError, match="no game has the id"):
        asyncio.run(find_game(registry, "nosuchgame"))


def test_an_expired_game_that_cannot_be_deleted_is_held_again(tmp_path: Path) -> None:
    clock = Clock()
    store = GameStore(tmp_path / "games.sqlite3")
    registry = GameRegistry(store, max_games=3, idle_seconds=60, clock=clock)
    idle, _ = registry.create(GIN)
    clock.now += 61
    break_writes(store)
    assert asyncio.run(expire_off_loop(registry)) == []
    assert registry.games == {idle.id: idle} and registry.reserved == 0
    break_writes(store, broken=False)
    assert asyncio.run(expire_off_loop(registry)) == [idle.id] and registry.games == {}


def test_a_game_stored_before_secrets_keeps_its_first_dealer_and_gets_a_secret_once(tmp_path: Path) -> None:
    folder = tmp_path / "games"
    folder.mkdir()
    spec = GameSpec("rami51", players=3, bots=((1, "random"), (2, "random")), match=True, seed=11)
    dealer = legacy_first_dealer(11, 3)  # as games were dealt before they had secrets
    game = Game("old-game", spec, spec.check(), {0: "a hash"}, 11, TEST_SECRET, dealer)
    game.play_bots()
    legacy = game.document()
    for key in ("secret", "first_dealer"):
        del legacy[key]
    legacy["schema"] = 1
    dealt_by = legacy["rounds"][0]["dealer"]
    (folder / f"{game.id}.json").write_text(json.dumps(legacy), encoding="utf-8")
    loads = [GameRegistry(GameStore(folder)).get(game.id) for _ in range(3)]
    assert {(g.first_dealer, g.secret) for g in loads[1:]} == {(loads[0].first_dealer, loads[0].secret)}
    assert loads[0].first_dealer == dealer
    assert loads[0].match is not None and loads[0].match.active[loads[0].match.dealer_of(0)] == dealt_by
