"""Every finished game, kept at once in one SQLite file, so no result is ever lost.

Each game is written in its own transaction the moment it ends, under its
unique key: a game is never stored twice, and a game already stored under the
key with another result is an error (:class:`StoredGameConflict`), never kept
silently: only the arena writes here, so someone else has. Killing the
arena loses at most the games still being played; running the same tournament
again with the same file finds the stored games and plays only the missing ones.
The file uses SQLite's write-ahead log, so a reader (a notebook, a CSV export)
never blocks the arena.
"""

from __future__ import annotations

import csv
import json
import sqlite3
from collections.abc import Iterable, Iterator
from contextlib import closing
from dataclasses import asdict
from pathlib import Path

from lessons_lib.arena.games import GameResult, GameSpec, MoveRecord
from lessons_lib.games.shologuti.position import SIDE_NAMES

_SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    key TEXT PRIMARY KEY,
    green TEXT NOT NULL,
    red TEXT NOT NULL,
    green_score REAL NOT NULL CHECK (green_score IN (0, 0.5, 1)),
    reason TEXT NOT NULL,
    plies INTEGER NOT NULL,
    seed INTEGER NOT NULL,
    opening TEXT NOT NULL,
    spec TEXT NOT NULL,
    moves TEXT NOT NULL,
    finished_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
)
"""

_COLUMNS = ("key", "green", "red", "green_score", "reason", "plies", "seed", "opening", "spec", "moves", "finished_at")


def _check_database_path(path: Path) -> None:
    """One clear line (ValueError) for a database path that cannot be one."""
    if path.is_dir():
        raise ValueError(f"{path} is a folder; give the name of a database file")
    if not path.parent.is_dir():
        raise ValueError(f"the folder {path.parent} does not exist")
    if path.exists() and path.stat().st_size > 0:
        with open(path, "rb") as file:
            header = file.read(16)
        if header != b"SQLite format 3\x00":
            raise ValueError(f"{path} is not an SQLite database (a results database of this arena is one)")


class StoredGameConflict(ValueError):
    """A game's key is already stored with another game than the one just played."""


def _same_game(first: GameResult, second: GameResult) -> bool:
    """Whether two records are the same game: players, score, reason, seed, opening and moves (not timings)."""
    def essence(result: GameResult) -> tuple[object, ...]:
        return (result.green, result.red, result.green_score, result.reason, result.plies, result.seed,
                tuple(result.opening), [(move.side, move.move) for move in result.moves])

    return essence(first) == essence(second)


def _summary(result: GameResult) -> str:
    return f"Green scores {result.green_score:g} after {result.plies} plies: {result.reason[:80]}"


CSV_COLUMNS = ("key", "green", "red", "green_score", "reason", "plies", "seed", "opening",
               "seconds_green", "seconds_red", "nodes_green", "nodes_red")
"""The columns :func:`export_csv` writes: one row a game, with the average seconds and nodes a move of each side."""


class ResultStore:
    """The games of one database file (created if missing).

    >>> store = ResultStore(":memory:")
    >>> len(store)
    0
    """

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        if self.path != ":memory:":
            _check_database_path(Path(path))
        try:
            self._connection = sqlite3.connect(self.path, isolation_level=None, timeout=30)
            damage = self._connection.execute("PRAGMA quick_check").fetchone()[0]
            tables = {row[0] for row in self._connection.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")}
            columns = [row[1] for row in self._connection.execute("PRAGMA table_info(games)")]
        except sqlite3.Error as error:
            raise ValueError(f"{self.path} is not a results database this arena can use ({error})") from None
        problem = (f"is damaged ({damage})" if damage != "ok"
                   else f"holds other tables ({', '.join(sorted(tables - {'games'}))})" if tables - {"games"}
                   else f"holds a table 'games' of another kind (columns {', '.join(columns)})"
                   if columns and columns != list(_COLUMNS) else None)
        if problem:  # checked before anything is written: someone else's file is left as it was
            self._connection.close()
            raise ValueError(f"{self.path} {problem}: not a results database this arena can use; give another file")
        self._connection.execute("PRAGMA journal_mode=WAL")
        self._connection.execute("PRAGMA synchronous=NORMAL")  # with WAL: durable at checkpoints, never corrupt
        self._connection.execute(_SCHEMA)

    def add(self, result: GameResult, spec: GameSpec) -> bool:
        """Store one finished game in its own transaction; False if the same game was already stored.

        Raises :class:`StoredGameConflict` if the key is stored with another game (other players,
        score, reason or moves): the stored one is left as it is, and the new one is not stored.
        """
        moves = json.dumps([asdict(move) for move in result.moves])
        try:
            with self._connection:
                self._connection.execute(
                    "INSERT INTO games (key, green, red, green_score, reason, plies, seed, opening, spec, moves)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (result.key, result.green, result.red, result.green_score, result.reason, result.plies,
                     result.seed, json.dumps(list(result.opening)), json.dumps(asdict(spec)), moves),
                )
        except sqlite3.IntegrityError:
            stored = self.results([result.key])
            if not stored:
                raise
            if _same_game(stored[0], result):
                return False
            raise StoredGameConflict(
                f"{self.path} already holds the game {result.key!r} with another result "
                f"({_summary(stored[0])}) than the one just played ({_summary(result)}): something other than "
                f"the arena wrote to it; the game just played was not stored") from None
        return True

    def keys(self) -> set[str]:
        """The keys of every stored game."""
        return {row[0] for row in self._connection.execute("SELECT key FROM games")}

    def results(self, keys: Iterable[str] | None = None) -> list[GameResult]:
        """The stored games (only those with the given keys, if any are given), oldest first."""
        wanted = None if keys is None else set(keys)
        return [result for result in self._all() if wanted is None or result.key in wanted]

    def _all(self) -> Iterator[GameResult]:
        rows = self._connection.execute(
            "SELECT key, green, red, green_score, reason, plies, seed, opening, moves FROM games ORDER BY rowid")
        for key, green, red, green_score, reason, plies, seed, opening, moves in rows:
            yield GameResult(key, green, red, green_score, reason, plies,
                             [MoveRecord(**move) for move in json.loads(moves)], seed, tuple(json.loads(opening)))

    def __len__(self) -> int:
        return int(self._connection.execute("SELECT COUNT(*) FROM games").fetchone()[0])

    def close(self) -> None:
        self._connection.close()

    def __enter__(self) -> ResultStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def export_csv(results: Iterable[GameResult], path: str | Path) -> int:
    """Write one row a game (see :data:`CSV_COLUMNS`) to ``path``; return the number of rows."""
    rows = 0
    with open(path, "w", newline="", encoding="utf-8") as file:
        writer = csv.writer(file)
        writer.writerow(CSV_COLUMNS)
        for result in results:
            writer.writerow(game_row(result))
            rows += 1
    return rows


def load_csv(path: str | Path) -> list[GameResult]:
    """The games of a file :func:`export_csv` wrote (without their moves: the file keeps only averages)."""
    with open(path, newline="", encoding="utf-8") as file:
        return [GameResult(row["key"], row["green"], row["red"], float(row["green_score"]), row["reason"],
                           int(row["plies"]), [], int(row["seed"]), tuple(row["opening"].split()))
                for row in csv.DictReader(file)]


def game_row(result: GameResult) -> tuple[object, ...]:
    """One game as a :data:`CSV_COLUMNS` row."""
    averages: list[object] = []
    for field in ("seconds", "nodes"):
        for side in SIDE_NAMES:
            values = [getattr(move, field) for move in result.moves if move.side == side]
            averages.append(round(sum(values) / len(values), 4) if values else "")
    return (result.key, result.green, result.red, result.green_score, result.reason, result.plies, result.seed,
            " ".join(result.opening), *averages)


def stored_results(path: str | Path) -> list[GameResult]:
    """Every game in the database at ``path``."""
    with closing(ResultStore(path)) as store:
        return store.results()
