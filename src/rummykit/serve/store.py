"""The optional store of a server (``rummykit serve --store DIR``): one JSON
file per game, written atomically after every change, read back at start.

A file is written to a temporary file in the same folder and then moved over
the old one with :func:`os.replace`, so a crash leaves the old file or the new
one, never half of one.
"""

from __future__ import annotations

import json
import os
import re
import tempfile
from pathlib import Path
from typing import Any

__all__ = ["GameStore", "StoreError"]

_GAME_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")


class StoreError(ValueError):
    """The store's folder cannot be used, or a game id cannot name a file."""


class GameStore:
    """A folder of game documents, ``<game id>.json`` each."""

    def __init__(self, folder: Path) -> None:
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise StoreError(f"{folder}: cannot make the store's folder: {error.strerror or error}") from None
        if not folder.is_dir():
            raise StoreError(f"{folder}: not a folder")
        self.folder = folder

    def path(self, game_id: str) -> Path:
        if not _GAME_ID.fullmatch(game_id):
            raise StoreError(f"expected a game id of letters, digits, '-' and '_', got {game_id!r}")
        return self.folder / f"{game_id}.json"

    def save(self, game_id: str, document: dict[str, Any]) -> None:
        """Write one game's document atomically."""
        target = self.path(game_id)
        handle, temporary = tempfile.mkstemp(dir=self.folder, prefix=f".{game_id}.", suffix=".tmp")
        try:
            with os.fdopen(handle, "w", encoding="utf-8") as out:
                json.dump(document, out, ensure_ascii=False)
                out.flush()
                os.fsync(out.fileno())
            os.replace(temporary, target)
        except BaseException:
            Path(temporary).unlink(missing_ok=True)
            raise

    def load(self, game_id: str) -> Any:
        """One game's document (parsed JSON), or None when the folder holds no
        readable game of that id."""
        try:
            path = self.path(game_id)
            return json.loads(path.read_text(encoding="utf-8"))
        except (StoreError, OSError, UnicodeDecodeError, json.JSONDecodeError):
            return None

    def load_all(self) -> tuple[list[Any], list[str]]:
        """Every game document in the folder (parsed JSON, in name order), and
        one line for each file that could not be read."""
        documents: list[Any] = []
        problems: list[str] = []
        for path in sorted(self.folder.glob("*.json")):
            try:
                documents.append(json.loads(path.read_text(encoding="utf-8")))
            except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
                problems.append(f"{path}: cannot read it: {error}")
        return documents, problems
