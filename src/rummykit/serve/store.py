"""The store of a server (``rummykit serve --store PATH``): an SQLite database
(the standard library's :mod:`sqlite3`) that holds every game.

One row per game (its header: spec, token hashes, seeds and secret), one row
per round of a game (the round's record), written in **one transaction per
accepted action**: the game's new header and the record of the round it
changed are committed together, or not at all. The server tells nobody of an
action before its transaction is committed, so a crash (``kill -9``, a power
cut) can lose only actions that nobody was told of.

The database runs in write-ahead-log mode with ``synchronous=FULL``: a commit
returns once the log is on disk.

``PATH`` is the database file. A folder of the older format (one
``<game id>.json`` file per game) is taken too: its database is
``PATH/games.sqlite3``, and its JSON files are imported into it once, when
the database is made. Every stored row is checked as it is read: a row that
cannot be used is named, with the reason, in the lines of
:meth:`GameStore.load_all` and left out; it is never a reason not to start.

>>> import tempfile, pathlib
>>> store = GameStore(pathlib.Path(tempfile.mkdtemp()) / "games.sqlite3")
>>> store.save("g1", {"id": "g1"}, [(1, {"moves": []})], finished=False)
>>> store.load("g1")
{'id': 'g1', 'rounds': [{'moves': []}]}
>>> store.close()
"""

from __future__ import annotations

import json
import re
import sqlite3
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any

from rummykit.core.files import UnreadableFile, read_text_file
from rummykit.io.documents import JSONError, parse_document

__all__ = ["DATABASE_NAME", "GAME_ID", "GameStore", "StoreError", "StoreFailure", "StoredGame"]

DATABASE_NAME = "games.sqlite3"
"""The database's file name inside a store given as a folder (the older format)."""

GAME_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")
"""What a game id is: letters, digits, ``-`` and ``_``, at most 64 of them."""

_SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    header TEXT NOT NULL,
    finished INTEGER NOT NULL,
    touched REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS rounds (
    game TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    number INTEGER NOT NULL,
    record TEXT NOT NULL,
    PRIMARY KEY (game, number)
);
CREATE TABLE IF NOT EXISTS settings (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
"""


class StoreError(ValueError):
    """The store cannot be opened: its path is not usable, or the file is no database of games."""


class StoreFailure(RuntimeError):
    """A transaction could not be committed (a full disk, a database gone read-only ...):
    nothing of it was stored."""


StoredGame = dict[str, Any]
"""A game as stored: its header with ``"rounds"``, the round records in order."""


class GameStore:
    """The games of a server in one SQLite database (see the module's text).

    The connection is shared by the threads of a server behind a lock, so a
    store may be made in one thread and used in another."""

    def __init__(self, path: Path) -> None:
        path = Path(path)
        legacy = path if path.is_dir() else None
        self.path = path / DATABASE_NAME if legacy is not None else path
        self.problems: list[str] = []
        self._lock = threading.Lock()
        self._connection = _connect(self.path)
        if legacy is not None:
            self._import_folder(legacy)

    # ------------------------------------------------------------------ writing
    def save(
        self,
        game_id: str,
        header: dict[str, Any],
        rounds: Sequence[tuple[int, dict[str, Any]]],
        *,
        finished: bool,
    ) -> None:
        """One transaction: the game's header and the records of ``rounds``
        (number from 1, record document). StoreFailure when it could not be
        committed: then nothing of it is stored."""
        _check_id(game_id)
        header_text = json.dumps(header, ensure_ascii=False)
        rows = [(game_id, number, json.dumps(record, ensure_ascii=False)) for number, record in rounds]
        with self._transaction() as db:
            db.execute(
                "INSERT INTO games (id, header, finished, touched) VALUES (?, ?, ?, ?) "
                "ON CONFLICT (id) DO UPDATE SET header = excluded.header, "
                "finished = excluded.finished, touched = excluded.touched",
                (game_id, header_text, int(finished), time.time()),
            )
            db.executemany(
                "INSERT INTO rounds (game, number, record) VALUES (?, ?, ?) "
                "ON CONFLICT (game, number) DO UPDATE SET record = excluded.record",
                rows,
            )

    def delete(self, game_id: str) -> None:
        """Forget a game and its rounds (StoreFailure when that cannot be committed)."""
        with self._transaction() as db:
            db.execute("DELETE FROM rounds WHERE game = ?", (game_id,))
            db.execute("DELETE FROM games WHERE id = ?", (game_id,))

    # ------------------------------------------------------------------ reading
    def load(self, game_id: str) -> StoredGame | None:
        """One game as stored, or None when there is no game of that id.
        ValueError says what is wrong with a damaged row; StoreFailure, that
        the database could not be read."""
        if not GAME_ID.fullmatch(game_id):
            return None
        with self._reading() as db:
            row = db.execute("SELECT id, header FROM games WHERE id = ?", (game_id,)).fetchone()
            if row is None:
                return None
            rounds = self._rounds(game_id)
        return _stored_game(row[0], row[1], rounds)

    def load_all(self) -> tuple[list[StoredGame], list[str]]:
        """Every usable unfinished game (oldest action first; the finished ones
        are read when asked for, with :meth:`load`) and one line for each row
        that could not be used (it is left out). The lines of the folder's
        import, if there was one, come first. StoreError when the database
        itself cannot be read."""
        try:
            with self._reading() as db:
                query = "SELECT id, header FROM games WHERE finished = 0 ORDER BY touched, id"
                rows = db.execute(query).fetchall()
                rounds = {game_id: self._rounds(game_id) for game_id, _ in rows}
        except StoreFailure as error:
            raise StoreError(f"{error} (a damaged file: see sqlite3's .recover)") from None
        games: list[StoredGame] = []
        problems = list(self.problems)
        for game_id, header in rows:
            try:
                games.append(_stored_game(game_id, header, rounds[game_id]))
            except ValueError as error:
                problems.append(f"{self.path}: stored game {str(game_id)[:70]!r}: left out: {error}")
        return games, problems

    def close(self) -> None:
        with self._lock:
            self._connection.close()

    # ------------------------------------------------------------------ inside
    def _rounds(self, game_id: str) -> list[tuple[int, str]]:
        return list(
            self._connection.execute(
                "SELECT number, record FROM rounds WHERE game = ? ORDER BY number", (game_id,)
            )
        )

    @contextmanager
    def _reading(self) -> Iterator[sqlite3.Connection]:
        """The connection, to read; StoreFailure for a database that cannot be read."""
        with self._lock:
            try:
                yield self._connection
            except sqlite3.Error as error:
                raise StoreFailure(f"{self.path}: cannot read the store: {error}") from None

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        """One transaction: committed, or rolled back whatever went wrong
        (StoreFailure for the database's own errors; anything else is raised
        as it was, once the transaction is rolled back)."""
        with self._lock:
            db = self._connection
            try:
                db.execute("BEGIN IMMEDIATE")
                yield db
                db.execute("COMMIT")
            except BaseException as error:
                if db.in_transaction:  # (a failed rollback: the failure took the transaction with it)
                    with suppress(sqlite3.Error):
                        db.execute("ROLLBACK")
                if isinstance(error, sqlite3.Error):
                    raise StoreFailure(f"{self.path}: cannot store: {error}") from None
                raise

    def _import_folder(self, folder: Path) -> None:
        """Import the older format's files once: when the database is new."""
        with self._lock:
            done = self._connection.execute("SELECT value FROM settings WHERE key = 'imported'").fetchone()
        if done is not None:
            return
        for path in sorted(folder.glob("*.json")):
            try:
                header, rounds = _legacy_game(path)
                self.save(path.stem, header, rounds, finished=False)
            except (ValueError, StoreFailure) as error:
                self.problems.append(f"{path}: not imported: {error}")
        with self._transaction() as db:
            db.execute("INSERT INTO settings (key, value) VALUES ('imported', ?)", (str(folder),))


def _connect(path: Path) -> sqlite3.Connection:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        if path.exists() and not path.is_file():
            raise StoreError(f"{path}: not a file")
        connection = sqlite3.connect(path, isolation_level=None, check_same_thread=False, timeout=10)
    except OSError as error:
        raise StoreError(f"{path}: cannot open the store: {error.strerror or error}") from None
    except sqlite3.Error as error:
        raise StoreError(f"{path}: cannot open the store: {error}") from None
    try:
        connection.execute("PRAGMA journal_mode = WAL")
        connection.execute("PRAGMA synchronous = FULL")
        connection.executescript(_SCHEMA)
        connection.execute("SELECT count(*) FROM games JOIN rounds ON rounds.game = games.id").fetchone()
    except sqlite3.Error as error:
        connection.close()
        raise StoreError(f"{path}: not a usable database of games: {error}") from None
    return connection


def _check_id(game_id: str) -> None:
    if not GAME_ID.fullmatch(game_id):
        raise StoreError(f"expected a game id of letters, digits, '-' and '_', got {game_id[:70]!r}")


def _stored_game(game_id: Any, header_text: Any, rounds: list[tuple[int, str]]) -> StoredGame:
    """A row and its rounds as one document; ValueError says what is wrong."""
    if not isinstance(game_id, str) or not GAME_ID.fullmatch(game_id):
        raise ValueError(f"expected a game id of letters, digits, '-' and '_', got {str(game_id)[:70]!r}")
    header = _parse(header_text, "header")
    if not isinstance(header, dict):
        raise ValueError(f"header: expected a JSON object, got {type(header).__name__}")
    if header.get("id") != game_id:
        raise ValueError(f"header: expected the id {game_id!r}, got {str(header.get('id'))[:70]!r}")
    numbers = [number for number, _ in rounds]
    if numbers != list(range(1, len(numbers) + 1)):
        raise ValueError(f"rounds: expected rounds 1 to {len(numbers)}, got {numbers[:10]}")
    return {**header, "rounds": [_parse(text, f"round {number}") for number, text in rounds]}


def _parse(text: Any, where: str) -> Any:
    if not isinstance(text, str):
        raise ValueError(f"{where}: expected JSON text, got {type(text).__name__}")
    try:
        return parse_document(text)
    except JSONError as error:
        raise ValueError(f"{where}: {error}") from None


def _legacy_game(path: Path) -> tuple[dict[str, Any], list[tuple[int, dict[str, Any]]]]:
    """A game file of the older format as a header and its rounds (ValueError: unusable)."""
    _check_id(path.stem)
    try:
        document = parse_document(read_text_file(path))
    except (UnreadableFile, JSONError) as error:
        raise ValueError(str(error)) from None
    if not isinstance(document, dict):
        raise ValueError(f"expected a JSON object, got {type(document).__name__}")
    if document.get("id") != path.stem:
        found = str(document.get("id"))[:70]
        raise ValueError(f"id: expected {path.stem!r} (the file's name), got {found!r}")
    rounds = document.get("rounds")
    if not isinstance(rounds, list) or not all(isinstance(r, dict) for r in rounds):
        raise ValueError("rounds: expected a list of round records")
    header = {key: value for key, value in document.items() if key != "rounds"}
    return header, list(enumerate(rounds, start=1))
