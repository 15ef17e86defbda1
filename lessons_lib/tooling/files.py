"""Files a command writes: checked before the work, written whole or not at all, and never over what it reads."""

from __future__ import annotations

import os
from pathlib import Path

from lessons_lib.kit.errors import quoted


def quoted_path(path: str | Path) -> str:
    """A path for a message: quoted, with its control characters escaped, cut short only if very long."""
    return quoted(str(path), limit=200)


def file_problem(path: Path) -> str | None:
    """Why no file can be written at ``path``, in one line; None if one can.

    A file can be written at ``path`` if it is a regular file that may be written, or a new file in an existing
    folder that may be written: never a folder, a device (``/dev/full``), a pipe, or a name the system refuses.

    >>> file_problem(Path("/dev/null"))
    "'/dev/null' is not a regular file (a device, a pipe or a socket); give a file name"
    """
    name = quoted_path(path)
    try:
        if path.is_dir():
            return f"{name} is a folder; give a file name"
        if path.exists():
            if not path.is_file():
                return f"{name} is not a regular file (a device, a pipe or a socket); give a file name"
            return None if os.access(path, os.W_OK) else f"{name} cannot be written here"
        folder = path.parent
        if not folder.is_dir():
            return f"the folder {quoted_path(folder)} does not exist"
        if not os.access(folder, os.W_OK):
            return f"{name} cannot be written here"
    except OSError as error:  # a name the system refuses (too long, say): said here, not after the work is done
        return f"{name} cannot be used: {error.strerror or error}"
    return None


def outputs_apart(outputs: dict[str, Path | str | None], inputs: list[str], databases: tuple[str, ...] = ()) -> None:
    """ValueError (one line) if a file the command will write (option -> path) is one of the files it reads
    (``inputs``: students' files, a results database) or another of its outputs, or, for an output that is not
    the command's own database (whose options are ``databases``), any SQLite database: writing it would lose them.

    >>> outputs_apart({"--csv": "games.sqlite"}, ["alice.py", "./games.sqlite"])
    Traceback (most recent call last):
    ...
    ValueError: --csv 'games.sqlite' would overwrite './games.sqlite', which this command reads; give another file
    """
    given = {option: str(path) for option, path in outputs.items() if path is not None}
    for number, (option, path) in enumerate(given.items()):
        for other in [*list(given.values())[:number], *inputs]:
            if same_file(path, other):
                read = "which this command reads" if other in inputs else "which it also writes"
                raise ValueError(f"{option} {quoted_path(path)} would overwrite {quoted_path(other)}, {read}; "
                                 f"give another file")
        if option not in databases and is_a_database(path):
            raise ValueError(f"{option} {quoted_path(path)} is a database (SQLite), which no command writes over "
                             f"with its output; give another file")


def same_file(one: Path | str, other: Path | str) -> bool:
    """Whether two paths name one file: the same file now (through links, or two names of one file), or the same
    place once every link and ``..`` in them is followed (a file not made yet included)."""
    try:
        if os.path.samefile(one, other):
            return True
    except OSError:
        pass
    return os.path.normcase(os.path.realpath(one)) == os.path.normcase(os.path.realpath(other))


SQLITE_HEADER = b"SQLite format 3\x00"
"""How every SQLite database file begins."""


def is_a_database(path: Path | str) -> bool:
    """Whether ``path`` is (or leads to) an SQLite database file, of any program's."""
    try:
        with open(path, "rb") as file:
            return file.read(len(SQLITE_HEADER)) == SQLITE_HEADER
    except OSError:
        return False


def write_whole(path: Path | str, text: str | bytes, modified: float | None = None) -> None:
    """Write ``text`` (or bytes) to ``path`` whole or not at all: through a new temporary file beside it, put in
    its place at once, so a file written before is never left half-written and a link at ``path`` is replaced,
    never followed (it could lead to a results database or a student's file). ``modified``, if given, is the
    time the file says it was last changed (a POSIX timestamp)."""
    import tempfile

    path = Path(path)
    descriptor, part = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".part")
    try:
        with os.fdopen(descriptor, "wb") as file:
            file.write(text.encode("utf-8") if isinstance(text, str) else text)
        umask = os.umask(0o022)
        os.umask(umask)
        os.chmod(part, 0o666 & ~umask)  # as a file written the plain way would be
        if modified is not None:
            os.utime(part, (modified, modified))
        os.replace(part, path)
    except BaseException:
        try:
            os.unlink(part)
        except OSError:
            pass
        raise
