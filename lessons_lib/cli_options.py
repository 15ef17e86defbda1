"""The command line's parser and option types (argparse ``type=``), shared by its commands: one clear line on bad input.

argparse calls each type with the option's text and reports its ``ArgumentTypeError`` as
``argument --workers: '0' should be a whole number from 1 to 512``; :class:`OneLineParser` reports every error in
one line and names the closest option or choice to a typo.
"""

from __future__ import annotations

import argparse
import difflib
import os
import re
import sys
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import NoReturn

from lessons_lib.errors import is_whole_number, quoted


def whole_number(least: int, most: int | None = None) -> Callable[[str], int]:
    """An argparse ``type=``: the text as a whole number from ``least`` to ``most`` (None: no upper limit).

    >>> whole_number(1, 512)("8"), _message(whole_number(1, 512), "0")
    (8, "'0' should be a whole number from 1 to 512")
    """
    def number(text: str) -> int:
        if is_whole_number(text) and int(text) >= least and (most is None or int(text) <= most):
            return int(text)
        limits = f"from {least:,} to {most:,}" if most is not None else f"{least} or more"
        if text.startswith("-") and is_whole_number(text[1:]):
            raise argparse.ArgumentTypeError(f"{text} is negative; use a whole number {limits}")
        raise argparse.ArgumentTypeError(f"{quoted(text)} should be a whole number {limits}")

    return number


def whole_numbers(least: int) -> Callable[[str], list[int]]:
    """An argparse ``type=``: comma-separated whole numbers (``least`` or more), each once, in increasing order."""
    def numbers(text: str) -> list[int]:
        values = [whole_number(least)(part.strip()) for part in text.split(",")]
        if len(values) != len(set(values)):
            raise argparse.ArgumentTypeError(f"{quoted(text)} repeats a level")
        return sorted(values)

    return numbers


def seconds(text: str) -> float:
    """An argparse ``type=``: a number of seconds above 0 and below a million."""
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0 < value < 1e6:  # NaN fails this too
        raise argparse.ArgumentTypeError(f"{quoted(text)} should be a number of seconds above 0 and below 1e6")
    return value


def file_to_write(text: str) -> Path:
    """An argparse ``type=``: a path a file can be written to (see :func:`file_problem`), checked before any
    work is done, so that no result is lost to a bad path at the end."""
    path = Path(text)
    problem = file_problem(path)
    if problem is not None:
        raise argparse.ArgumentTypeError(problem)
    return path


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


def folder_to_write(text: str) -> Path:
    """An argparse ``type=``: a folder files can be written into (created later if missing), checked first."""
    path = Path(text)
    try:
        if path.exists() and not path.is_dir():
            raise argparse.ArgumentTypeError(f"{quoted_path(text)} is a file, not a folder")
        existing = next(parent for parent in (path, *path.parents) if parent.exists())
        if not existing.is_dir() or not os.access(existing, os.W_OK):
            raise argparse.ArgumentTypeError(f"{quoted_path(text)} cannot be created or written")
    except OSError as error:  # a name the system refuses (too long, say)
        raise argparse.ArgumentTypeError(f"{quoted_path(text)} cannot be used: {error.strerror or error}") from None
    return path


def _message(parse: Callable[[str], object], text: str) -> str:
    """What ``parse`` says of ``text`` (for the examples above)."""
    try:
        parse(text)
    except argparse.ArgumentTypeError as error:
        return str(error)
    return "accepted"


def shown(text: str) -> str:
    """``text`` safe for a terminal, on one line: every control character (a line break or an escape sequence in
    a student's file name, label or forfeit reason) is written as its escape.

    >>> print(shown("fake\\nline \\x1b[2J"))
    fake\\nline \\x1b[2J
    """
    return "".join(char if char.isprintable() else repr(char)[1:-1] for char in text)


def spreadsheet_cell(text: str) -> str:
    """Text for a spreadsheet's cell: control characters escaped (no broken rows), and a leading ``=``, ``+``,
    ``-`` or ``@`` made harmless with a quote, so that no spreadsheet takes a student's file name for a formula.

    >>> spreadsheet_cell("=HYPERLINK(1)"), spreadsheet_cell("alice")
    ("'=HYPERLINK(1)", 'alice')
    """
    text = shown(text)
    return f"'{text}" if text[:1] in ("=", "+", "-", "@") else text


def sandbox_choice(text: str) -> str:
    """An argparse ``type=``: how students' code runs, ``bubblewrap``, ``process`` or ``auto``."""
    choice = text.strip().lower()
    if choice not in ("auto", "bubblewrap", "process"):
        raise argparse.ArgumentTypeError(f"{quoted(text)}: use bubblewrap, process or auto")
    return choice


def outputs_apart(outputs: dict[str, Path | str | None], inputs: list[str]) -> None:
    """ValueError (one line) if a file the command will write (option -> path) is one of the files it reads
    (``inputs``: students' files, a results database) or another of its outputs: writing it would lose them.

    >>> outputs_apart({"--csv": "games.sqlite"}, ["alice.py", "./games.sqlite"])
    Traceback (most recent call last):
    ...
    ValueError: --csv 'games.sqlite' would overwrite './games.sqlite', which this command reads; give another file
    """
    given = {option: str(path) for option, path in outputs.items() if path is not None}
    for number, (option, path) in enumerate(given.items()):
        for other in [*list(given.values())[:number], *inputs]:
            if _same_file(path, other):
                read = "which this command reads" if other in inputs else "which it also writes"
                raise ValueError(f"{option} {quoted_path(path)} would overwrite {quoted_path(other)}, {read}; "
                                 f"give another file")


def _same_file(one: str, other: str) -> bool:
    """Whether two paths name one file: the same file now (through links too), or the same path once written."""
    try:
        if os.path.samefile(one, other):
            return True
    except OSError:
        pass
    return os.path.normcase(os.path.abspath(one)) == os.path.normcase(os.path.abspath(other))


def write_whole(path: Path | str, text: str) -> None:
    """Write ``text`` to ``path`` whole or not at all: through a new temporary file beside it, put in its place
    at once, so a file written before is never left half-written and a link at ``path`` is replaced, never
    followed (it could lead to a results database or a student's file)."""
    import tempfile

    path = Path(path)
    descriptor, part = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".part")
    try:
        with os.fdopen(descriptor, "w", encoding="utf-8", newline="") as file:
            file.write(text)
        umask = os.umask(0o022)
        os.umask(umask)
        os.chmod(part, 0o666 & ~umask)  # as a file written the plain way would be
        os.replace(part, path)
    except BaseException:
        try:
            os.unlink(part)
        except OSError:
            pass
        raise


def did_you_mean(word: str, choices: Iterable[str]) -> str:
    """`` (did you mean 'x'?)`` for the choice closest to a mistyped ``word``, or nothing if none is close.

    >>> did_you_mean("serch", ["perft", "search"]), did_you_mean("zzz", ["perft", "search"])
    (" (did you mean 'search'?)", '')
    """
    close = difflib.get_close_matches(word, list(choices), n=1, cutoff=0.6)
    return f" (did you mean {quoted(close[0])}?)" if close else ""


_INVALID_CHOICE = re.compile(r"invalid choice: '(?P<word>[^']*)' \(choose from (?P<choices>.*)\)$")


class OneLineParser(argparse.ArgumentParser):
    """An ArgumentParser whose errors are one line (no usage dump), naming the closest option or choice to a typo.

    ``perft --depht 3`` is told ``unknown option --depht (did you mean --depth?)``, not that ``--depth`` is
    missing. A subclass can override :meth:`fail` to raise instead of exiting with status 2.
    """

    def parse_known_args(self, args: Sequence[str] | None = None,  # type: ignore[override]
                         namespace: argparse.Namespace | None = None) -> tuple[argparse.Namespace, list[str]]:
        words = list(sys.argv[1:] if args is None else args)
        if not any(isinstance(action, argparse._SubParsersAction) for action in self._actions):
            for word in words:
                if word == "--":
                    break
                option = word.split("=", 1)[0]
                known = list(self._option_string_actions)
                if option.startswith("--") and not any(name.startswith(option) for name in known):
                    self.error(f"unknown option {option}{did_you_mean(option, known)}")
        return super().parse_known_args(words, namespace)

    def error(self, message: str) -> NoReturn:
        invalid = _INVALID_CHOICE.search(message)
        if invalid:
            choices = re.findall(r"'([^']*)'", invalid["choices"])
            message += did_you_mean(invalid["word"], choices)
        self.fail(f"{self.prog}: {message} (see --help)")

    def fail(self, line: str) -> NoReturn:
        """Report ``line`` and stop: by default, print it and exit with status 2."""
        self.exit(2, line + "\n")
