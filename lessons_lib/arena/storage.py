"""Every finished game, kept at once in one SQLite file, so no result is ever lost.

Each game is written in its own transaction the moment it ends, under its
unique key: a game is never stored twice, and a game already stored under the
key with another result is an error (:class:`StoredGameConflict`), never kept
silently: only the arena writes here, so someone else has. Killing the
arena loses at most the games still being played; running the same tournament
again with the same file finds the stored games and plays only the missing ones.
The file uses SQLite's write-ahead log, so a reader (a notebook, a CSV export)
never blocks the arena; a program that holds the file locked for writing is found
when it is opened, before any game. The file is marked as the arena's
(:mod:`lessons_lib.tooling.owned_database`): any other file, another command's or
another program's, is refused and left as it was. Every problem with the file is a
ValueError in one line (:class:`StorageError` once games are being stored).
"""

from __future__ import annotations

import csv
import io
import json
import sqlite3
from collections.abc import Iterable, Iterator
from contextlib import closing, contextmanager
from dataclasses import asdict
from pathlib import Path
from typing import Any

from lessons_lib.arena.games import GameReport, GameSpec, MoveRecord
from lessons_lib.tooling.files import quoted_path, write_whole
from lessons_lib.tooling.owned_database import Owner, is_locked, open_owned
from lessons_lib.games import DEFAULT_GAME

SCHEMA_VERSION = 2
"""The layout of the ``games`` table (SQLite's ``user_version``): 2 names the players first and second and
records the game; 0 is the layout from before (Shologuti's green and red for every game), migrated on opening."""

_SCHEMA = """
CREATE TABLE IF NOT EXISTS {table} (
    key TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    first TEXT NOT NULL,
    second TEXT NOT NULL,
    first_score REAL NOT NULL CHECK (first_score IN (0, 0.5, 1)),
    reason TEXT NOT NULL,
    plies INTEGER NOT NULL,
    seed INTEGER NOT NULL,
    opening TEXT NOT NULL,
    spec TEXT NOT NULL,
    moves TEXT NOT NULL,
    finished_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
)
"""

_COLUMNS = ("key", "game", "first", "second", "first_score", "reason", "plies", "seed", "opening", "spec", "moves",
            "finished_at")
_COLUMNS_BEFORE = ("key", "green", "red", "green_score", "reason", "plies", "seed", "opening", "spec", "moves",
                   "finished_at")
"""The columns of a database written before schema version 2."""

RESULTS = Owner("tournament", layouts={0: {"games": _COLUMNS_BEFORE}, SCHEMA_VERSION: {"games": _COLUMNS}},
                schema=_SCHEMA.format(table="games"))
"""What the arena's files hold (:mod:`lessons_lib.tooling.owned_database`): a file of any other kind is refused."""


OPEN_WAIT_SECONDS = 5.0
"""How long opening a database waits for another program's write to end before saying the file is in use."""
WRITE_WAIT_SECONDS = 30.0
"""How long storing a game waits for another program's write to end before stopping the tournament."""


def _why(error: sqlite3.Error) -> str:
    """What went wrong with the database, for a one-line message."""
    return "it is in use by another program, which keeps it locked" if is_locked(error) else str(error)


class StorageError(ValueError):
    """The database failed while games were being read or stored: the games stored before are kept."""


class StoredGameConflict(ValueError):
    """A game's key is already stored with another game than the one just played."""


def _same_game(one: GameReport, other: GameReport) -> bool:
    """Whether two records are the same game: players, score, reason, seed, opening and moves (not timings)."""
    def essence(result: GameReport) -> tuple[object, ...]:
        return (result.game, result.first, result.second, result.first_score, result.reason, result.plies,
                result.seed, tuple(result.opening), [(result.mover(move), move.move) for move in result.moves])

    return essence(one) == essence(other)


def _summary(result: GameReport) -> str:
    return f"{result.player_names[0]} scores {result.first_score:g} after {result.plies} plies: {result.reason[:80]}"


def _game_of_spec(spec: str) -> str:
    """The game a stored game's spec (JSON) names; Shologuti, the only game then, if it names none."""
    try:
        game = json.loads(spec).get("game")
    except (ValueError, AttributeError):
        game = None
    return game if isinstance(game, str) and game else DEFAULT_GAME


CSV_COLUMNS = ("key", "game", "first", "second", "first_score", "reason", "plies", "seed", "opening",
               "seconds_first", "seconds_second", "nodes_first", "nodes_second")
"""The columns :func:`export_csv` writes: one row a game, with the average seconds and nodes a move of each player.

Files written before name the players ``green`` and ``red`` (and have no ``game``: Shologuti); :func:`load_csv`
reads both."""


class ResultStore:
    """The games of one database file (created if missing).

    >>> store = ResultStore(":memory:")
    >>> len(store)
    0
    """

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        # NotOwned (a ValueError, one line) for any file that is not the arena's, which is then left as it was
        self._connection = open_owned(self.path, RESULTS, wait_seconds=OPEN_WAIT_SECONDS)
        try:
            self._open()
        except sqlite3.Error as error:
            self._connection.close()
            problem = (f"is in use by another program, which kept it locked for the {OPEN_WAIT_SECONDS:g} s the "
                       f"arena waited: let it finish (or close it), or give another file" if is_locked(error)
                       else f"cannot be used as a results database ({error})")
            raise ValueError(f"{quoted_path(self.path)} {problem}") from None
        except BaseException:
            self._connection.close()
            raise

    def _open(self) -> None:
        """Make sure the file can be written now, and set it up (sqlite3.Error if it cannot be)."""
        self._connection.execute("BEGIN IMMEDIATE")  # the write lock, taken and given back: is the file in use?
        self._connection.execute("ROLLBACK")
        self._connection.execute("PRAGMA journal_mode=WAL")
        self._connection.execute("PRAGMA synchronous=NORMAL")  # with WAL: durable at checkpoints, never corrupt
        columns = [row[1] for row in self._connection.execute("PRAGMA table_info(games)")]
        if columns == list(_COLUMNS_BEFORE):
            self._migrate()
        self._connection.execute(f"PRAGMA busy_timeout = {round(WRITE_WAIT_SECONDS * 1000)}")

    def _migrate(self) -> None:
        """Move every game of a database from before schema version 2 into the new layout, in one transaction:
        all of them or, if anything fails, none (the old table is then left as it was)."""
        self._connection.execute("BEGIN IMMEDIATE")
        try:
            self._connection.execute(_SCHEMA.format(table="games_migrated"))
            before = self._connection.execute(f"SELECT {', '.join(_COLUMNS_BEFORE)} FROM games ORDER BY rowid")
            migrated = [(key, _game_of_spec(spec), green, red, score, reason, plies, seed, opening, spec, moves, done)
                        for key, green, red, score, reason, plies, seed, opening, spec, moves, done in before]
            self._connection.executemany(
                f"INSERT INTO games_migrated ({', '.join(_COLUMNS)}) VALUES ({', '.join('?' * len(_COLUMNS))})",
                migrated)
            self._connection.execute("DROP TABLE games")
            self._connection.execute("ALTER TABLE games_migrated RENAME TO games")
            self._connection.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
            self._connection.execute("COMMIT")
        except BaseException:
            self._connection.execute("ROLLBACK")
            raise

    def add(self, result: GameReport, spec: GameSpec) -> bool:
        """Store one finished game in its own transaction; False if the same game was already stored.

        Raises :class:`StoredGameConflict` if the key is stored with another game (other players,
        score, reason or moves): the stored one is left as it is, and the new one is not stored.
        Raises :class:`StorageError` if the database fails (in use by another program for
        ``WRITE_WAIT_SECONDS``, a full disk): the games stored before are kept.
        """
        moves = json.dumps([asdict(move) for move in result.moves])
        try:
            with self._connection:
                self._connection.execute(
                    "INSERT INTO games (key, game, first, second, first_score, reason, plies, seed, opening, spec,"
                    " moves) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (result.key, result.game, result.first, result.second, result.first_score, result.reason,
                     result.plies, result.seed, json.dumps(list(result.opening)), json.dumps(asdict(spec)), moves),
                )
        except sqlite3.IntegrityError as error:
            stored = self.results([result.key])
            if not stored:
                raise StorageError(f"could not store the game {result.key!r} in {quoted_path(self.path)} ({error}); "
                                   f"the games stored before it are kept") from None
            if _same_game(stored[0], result):
                return False
            raise StoredGameConflict(
                f"{quoted_path(self.path)} already holds the game {result.key!r} with another result "
                f"({_summary(stored[0])}) than the one just played ({_summary(result)}): something other than "
                f"the arena wrote to it; the game just played was not stored") from None
        except sqlite3.Error as error:
            raise StorageError(f"could not store the game {result.key!r} in {quoted_path(self.path)}: {_why(error)}; "
                               f"the games stored before it are kept: run the same command again to play "
                               f"the others") from None
        return True

    @contextmanager
    def _reading(self) -> Iterator[None]:
        """Turn a failure to read the database into a :class:`StorageError`."""
        try:
            yield
        except sqlite3.Error as error:
            raise StorageError(f"could not read {quoted_path(self.path)}: {_why(error)}") from None

    def keys(self) -> set[str]:
        """The keys of every stored game."""
        with self._reading():
            return {row[0] for row in self._connection.execute("SELECT key FROM games")}

    def results(self, keys: Iterable[str] | None = None) -> list[GameReport]:
        """The stored games (only those with the given keys, if any are given), oldest first."""
        wanted = None if keys is None else set(keys)
        with self._reading():
            return [result for result in self._all() if wanted is None or result.key in wanted]

    def _all(self) -> Iterator[GameReport]:
        rows = self._connection.execute(
            "SELECT key, first, second, first_score, reason, plies, seed, opening, moves, game FROM games"
            " ORDER BY rowid")
        for row in rows:
            yield self._game_of_row(row)

    def _game_of_row(self, row: tuple[Any, ...]) -> GameReport:
        """A stored row as a game; :class:`StorageError` (one line) if anything in it is not what the arena wrote."""
        key, first, second, first_score, reason, plies, seed, opening, moves, game = row
        try:
            if not all(isinstance(text, str) for text in (key, first, second, reason, game)) \
                    or type(plies) is not int or type(seed) is not int or first_score not in (0, 0.5, 1):
                raise ValueError("a field of the wrong kind")
            move_list, opening_list = json.loads(moves), json.loads(opening)
            if not isinstance(move_list, list) or not isinstance(opening_list, list):
                raise ValueError("moves that are not a list")
            records = [MoveRecord(**move) for move in move_list]
            if not all(isinstance(record.move, str) and isinstance(record.side, str) for record in records):
                raise ValueError("a move of the wrong kind")
            opening_moves = tuple(opening_list)
            if not all(isinstance(move, str) for move in opening_moves):
                raise ValueError("an opening of the wrong kind")
        except (ValueError, TypeError, RecursionError):
            shown_key = key if isinstance(key, str) else repr(key)
            raise StorageError(f"{quoted_path(self.path)} holds a damaged game ({quoted_path(shown_key)}): its "
                               f"stored record cannot be read; the other games are kept (delete that row, or "
                               f"give another file)") from None
        return GameReport(key, first, second, float(first_score), reason, plies, records, seed, opening_moves, game)

    def __len__(self) -> int:
        with self._reading():
            return int(self._connection.execute("SELECT COUNT(*) FROM games").fetchone()[0])

    def close(self) -> None:
        self._connection.close()

    def __enter__(self) -> ResultStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def export_csv(results: Iterable[GameReport], path: str | Path) -> int:
    """Write one row a game (see :data:`CSV_COLUMNS`) to ``path``, whole or not at all; return the number of rows."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(CSV_COLUMNS)
    rows = 0
    for result in results:
        writer.writerow(game_row(result))
        rows += 1
    write_whole(path, out.getvalue())
    return rows


def load_csv(path: str | Path) -> list[GameReport]:
    """The games of a file :func:`export_csv` wrote (without their moves: the file keeps only averages)."""
    with open(path, newline="", encoding="utf-8") as file:
        return [GameReport(row["key"], _column(row, "first", "green"), _column(row, "second", "red"),
                           float(_column(row, "first_score", "green_score")), row["reason"], int(row["plies"]), [],
                           int(row["seed"]), tuple(row["opening"].split()), row.get("game") or DEFAULT_GAME)
                for row in csv.DictReader(file)]


def _column(row: dict[str, str], name: str, name_before: str) -> str:
    """A row's value under its column's name, or under the name it had in files written before."""
    return row[name] if name in row else row[name_before]


def game_row(result: GameReport) -> tuple[object, ...]:
    """One game as a :data:`CSV_COLUMNS` row."""
    averages: list[object] = []
    for field in ("seconds", "nodes"):
        for player in (result.first, result.second):
            values = [getattr(move, field) for move in result.moves if result.mover(move) == player]
            averages.append(round(sum(values) / len(values), 4) if values else "")
    return (result.key, result.game, result.first, result.second, result.first_score, result.reason, result.plies,
            result.seed, " ".join(result.opening), *averages)


def stored_results(path: str | Path) -> list[GameReport]:
    """Every game in the database at ``path``."""
    with closing(ResultStore(path)) as store:
        return store.results()
