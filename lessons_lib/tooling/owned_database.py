"""A command's SQLite file, marked as that command's own: any other file is refused in one line, never changed.

Each command that keeps its work in SQLite (``tournament`` and ``experiment``, ``alphazero``, ``grade``) writes
its own number into the file's header (SQLite's ``PRAGMA application_id``, a 32-bit number kept for exactly
this) and the version of its tables' layout (``PRAGMA user_version``). :func:`open_owned` opens such a file:

- a missing or empty (0-byte) file, or an SQLite database with nothing in it, is made: the command's tables and
  both numbers, in one transaction;
- the command's own file is opened as it is;
- a file made by this project before files were marked (no number, but exactly the tables of one of the
  command's layouts) is adopted: marked, in one transaction, and opened;
- anything else is refused with :class:`NotOwned` (a ValueError, one line): a file that is not SQLite (a CSV
  file), a damaged one, another command's database, another program's (any other number, or any other table),
  a folder, a device, a link to nothing. The file is only read to decide, through a read-only connection that
  leaves no journal: refused, it keeps every byte and its time of change.

A command says what its files hold with an :class:`Owner`::

    LOOP = Owner("alphazero", layouts={1: {"settings": ("only", "json"), ...}}, schema="CREATE TABLE ...")
    connection = open_owned("loop.sqlite", LOOP)   # NotOwned for anything not the loop's

The connection has ``isolation_level=None``: the command writes in its own transactions (``BEGIN`` ...
``COMMIT``, or ``with connection:``), so nothing is ever written half.
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Mapping
from contextlib import closing
from dataclasses import dataclass
from pathlib import Path
from urllib.request import pathname2url

from lessons_lib.tooling.files import SQLITE_HEADER, file_problem, quoted_path

APPLICATION_IDS = {"tournament": 0x53_4C_54_6E, "alphazero": 0x53_4C_41_7A, "grade": 0x53_4C_47_72}
"""Each command's number in its files' header: ``SLTn``, ``SLAz`` and ``SLGr`` in ASCII (S for Shologuti, L for
Lab). ``experiment`` shares the tournament's results database."""

WHAT = {"tournament": "a results database of the tournament and experiment commands",
        "alphazero": "a loop database of the alphazero command",
        "grade": "a grades database of the grade command"}
"""What each command's file is, for messages."""

SQLITE_MAGIC = SQLITE_HEADER
HEADER_BYTES = 100
"""The size of an SQLite file's header: a file shorter than that is no SQLite database, or a cut one."""

Layout = Mapping[str, tuple[str, ...]]
"""A layout of a command's file: each table's name with its columns' names, in order."""


class NotOwned(ValueError):
    """A file that is not the command's own (or cannot be read or made): one line, the file left as it was."""


@dataclass(frozen=True)
class Owner:
    """A command and what its files hold.

    Attributes:
        command: the command's name, a key of :data:`APPLICATION_IDS`.
        layouts: every layout its files have had, by version (``user_version``); the highest is today's, the one
            ``schema`` makes. A file from before files were marked is adopted if its tables are exactly one of them.
        schema: the SQL statements that make today's layout in an empty file (``CREATE TABLE ...;``).
    """

    command: str
    layouts: Mapping[int, Layout]
    schema: str

    @property
    def application_id(self) -> int:
        return APPLICATION_IDS[self.command]

    @property
    def version(self) -> int:
        """Today's layout's version."""
        return max(self.layouts)

    @property
    def what(self) -> str:
        return WHAT[self.command]


@dataclass(frozen=True)
class _Found:
    """What a file's header and tables say, read without changing it."""

    application_id: int
    version: int
    layout: dict[str, tuple[str, ...]]
    others: list[str]
    """Objects that are no table of a layout: views, triggers, indexes."""


def open_owned(path: str | Path, owner: Owner, *, wait_seconds: float = 5.0) -> sqlite3.Connection:
    """A connection (``isolation_level=None``) to ``owner``'s file at ``path``, made or adopted if it must be (see
    the module); :class:`NotOwned` in one line for any other file, which is left as it was.

    ``wait_seconds``: how long to wait for another program's write to end before saying the file is in use.
    ``":memory:"`` gives a new database in memory.
    """
    name = str(path)
    if name != ":memory:":
        _check_path(Path(name), owner)
        found = _read(Path(name), owner, wait_seconds)
    else:
        found = None
    try:
        connection = sqlite3.connect(name, isolation_level=None, timeout=wait_seconds)
    except sqlite3.Error as error:
        raise NotOwned(f"{quoted_path(name)} cannot be opened ({error})") from None
    try:
        if found is None or (not found.layout and not found.others):
            _write(connection, f"{owner.schema};\nPRAGMA application_id = {owner.application_id};\n"
                               f"PRAGMA user_version = {owner.version};")
        elif found.application_id == 0:
            _write(connection, f"PRAGMA application_id = {owner.application_id};\n"
                               f"PRAGMA user_version = {_layout_version(found, owner)};")
    except sqlite3.Error as error:
        connection.close()
        raise NotOwned(f"{quoted_path(name)} {_why(error, owner, wait_seconds)}") from None
    except BaseException:
        connection.close()
        raise
    return connection


def whose(path: str | Path) -> str | None:
    """The command whose file ``path`` is by its header (``"tournament"``, ...), or None: not SQLite, not marked,
    or another program's. Read without changing the file."""
    try:
        with open(path, "rb") as file:
            header = file.read(HEADER_BYTES)
    except OSError:
        return None
    if len(header) < HEADER_BYTES or not header.startswith(SQLITE_MAGIC):
        return None
    number = int.from_bytes(header[68:72], "big", signed=True)
    return next((command for command, known in APPLICATION_IDS.items() if known == number), None)


def _check_path(path: Path, owner: Owner) -> None:
    """:class:`NotOwned` for a path that cannot hold a database: a folder, a device, a missing folder, a name the
    system refuses, a file that may not be written, a link to nothing."""
    problem = file_problem(path)
    if problem is not None:
        raise NotOwned(problem)
    try:
        dangling = path.is_symlink() and not path.exists()  # SQLite would make the file it leads to
        target = os.readlink(path) if dangling else ""
    except OSError as error:
        raise NotOwned(f"{quoted_path(path)} cannot be used: {error.strerror or error}") from None
    if dangling:
        raise NotOwned(f"{quoted_path(path)} is a link to nothing ({quoted_path(target)}): give the file itself, "
                       f"or a new name, for {owner.what}")


def _read(path: Path, owner: Owner, wait_seconds: float) -> _Found | None:
    """What the file at ``path`` holds, read through a read-only connection; None for a missing or empty file.
    :class:`NotOwned` for every file that is not ``owner``'s, nor one to make or adopt."""
    refuse = f": not {owner.what}; give another file (a new name makes one)"
    try:
        if not path.exists() or path.stat().st_size == 0:
            return None
        with open(path, "rb") as file:
            header = file.read(HEADER_BYTES)
    except OSError as error:
        raise NotOwned(f"{quoted_path(path)} cannot be read ({error.strerror or error})") from None
    if not header.startswith(SQLITE_MAGIC):
        raise NotOwned(f"{quoted_path(path)} is not an SQLite database{refuse}")
    if len(header) < HEADER_BYTES:
        raise NotOwned(f"{quoted_path(path)} is a damaged SQLite database (cut short){refuse}")
    wal = header[18] == 2 and not Path(f"{path}-wal").exists()  # WAL mode, and no writer: the file is whole
    uri = f"file:{pathname2url(os.path.abspath(path))}?mode=ro{'&immutable=1' if wal else ''}"
    try:
        with closing(sqlite3.connect(uri, uri=True, timeout=wait_seconds)) as connection:
            found = _found(connection)
            damage = connection.execute("PRAGMA quick_check").fetchone()[0]
    except sqlite3.Error as error:
        raise NotOwned(f"{quoted_path(path)} {_why(error, owner, wait_seconds)}") from None
    if damage != "ok":
        raise NotOwned(f"{quoted_path(path)} is a damaged SQLite database ({damage.splitlines()[0]}){refuse}")
    problem = _problem(found, owner)
    if problem is not None:
        raise NotOwned(f"{quoted_path(path)} {problem}")
    return found


def _found(connection: sqlite3.Connection) -> _Found:
    number = connection.execute("PRAGMA application_id").fetchone()[0]
    version = connection.execute("PRAGMA user_version").fetchone()[0]
    objects = connection.execute("SELECT type, name FROM sqlite_master WHERE name NOT LIKE 'sqlite\\_%' ESCAPE '\\'"
                                 " ORDER BY name").fetchall()
    layout = {name: tuple(row[1] for row in connection.execute(f"PRAGMA table_info({_identifier(name)})"))
              for kind, name in objects if kind == "table"}
    return _Found(number, version, layout, [name for kind, name in objects if kind != "table"])


def _identifier(name: str) -> str:
    """A table's name quoted for SQL, whatever it holds."""
    return '"' + name.replace('"', '""') + '"'


def _problem(found: _Found, owner: Owner) -> str | None:
    """Why the file ``found`` describes is not ``owner``'s, in words; None if it is (or is one to make or adopt)."""
    refuse = f"not {owner.what}; give another file (a new name makes one)"
    if found.application_id not in (0, owner.application_id):
        other = next((command for command, number in APPLICATION_IDS.items() if number == found.application_id), None)
        if other is not None:
            return f"is {WHAT[other]}, {refuse}"
        return f"belongs to another program (its SQLite application id is {found.application_id:#x}), {refuse}"
    if found.application_id == owner.application_id and found.version > owner.version:
        return (f"was written by a newer version of this command (layout {found.version}; this one knows up to "
                f"{owner.version}): use that version, or give another file")
    if not found.layout and not found.others:
        return None  # an empty database: made into one
    if found.others:
        return f"holds other things than tables ({', '.join(found.others)}): it is another program's, {refuse}"
    if _layout_version(found, owner) is not None:
        return None
    foreign = sorted(set(found.layout) - {table for layout in owner.layouts.values() for table in layout})
    if foreign:
        return f"holds other tables ({', '.join(foreign)}): it is another program's, {refuse}"
    kinds = [f"a table {name!r} of another kind (columns {', '.join(columns)})" for name, columns in found.layout.items()
             if all(layout.get(name) != columns for layout in owner.layouts.values())]
    if kinds:
        return f"holds {'; '.join(kinds)}: it is another program's, {refuse}"
    return f"holds only some of the tables ({', '.join(found.layout)}), {refuse}"


def _layout_version(found: _Found, owner: Owner) -> int | None:
    """The version of ``owner``'s layout whose tables ``found`` holds exactly (the file's own first), or None."""
    matching = [version for version, layout in owner.layouts.items() if dict(layout) == found.layout]
    if found.version in matching:
        return found.version
    return matching[-1] if matching else None


def _write(connection: sqlite3.Connection, statements: str) -> None:
    """Run ``statements`` in one transaction: all of them, or (if one fails) none."""
    try:
        connection.executescript(f"BEGIN IMMEDIATE;\n{statements}\nCOMMIT;")
    except BaseException:
        if connection.in_transaction:
            connection.execute("ROLLBACK")
        raise


def is_locked(error: sqlite3.Error) -> bool:
    """Whether SQLite gave up waiting for a lock another connection holds."""
    code = getattr(error, "sqlite_errorcode", None)
    return code is not None and code & 0xFF in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED)


def _why(error: sqlite3.Error, owner: Owner, wait_seconds: float) -> str:
    """Why an SQLite error stopped the opening, in words."""
    if is_locked(error):
        return (f"is in use by another program, which kept it locked for the {wait_seconds:g} s the {owner.command} "
                f"command waited: let it finish (or close it), or give another file")
    if isinstance(error, sqlite3.DatabaseError) and not isinstance(error, sqlite3.OperationalError):
        return f"is a damaged SQLite database ({error}): not {owner.what}; give another file (a new name makes one)"
    return f"cannot be used ({error})"
