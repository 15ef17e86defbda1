"""The command line's parser and option types (argparse ``type=``), shared by its commands: one clear line on bad input.

argparse calls each type with the option's text and reports its ``ArgumentTypeError`` as
``argument --workers: '0' should be a whole number from 1 to 512``; :class:`OneLineParser` reports every error in
one line and names the closest option or choice to a typo.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import NoReturn

from lessons_lib.kit.errors import is_whole_number, quoted
from lessons_lib.tooling.files import file_problem, outputs_apart, quoted_path, same_file, write_whole
from lessons_lib.tooling.text import did_you_mean, shown, spreadsheet_cell

__all__ = ["OneLineParser", "database_apart", "did_you_mean", "file_problem", "file_to_write", "folder_to_write", "outputs_apart",
           "quoted_path", "same_file", "sandbox_choice", "seconds", "shown", "variant_help", "spreadsheet_cell", "whole_number", "whole_numbers",
           "write_whole"]


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


def database_apart(option: str, database: Path | str | None, outputs: dict[str, Path | str | None]) -> None:
    """ValueError (one line), before anything is written, if a file the command writes (option -> path) is its
    database ``database`` (given as ``option``): by its path, or through links and ``..`` once each is followed,
    whether or not the files exist yet.

    >>> database_apart("--db", "out/../loop.sqlite", {"--out": "loop.sqlite"})
    Traceback (most recent call last):
    ...
    ValueError: --out 'loop.sqlite' would overwrite the database 'out/../loop.sqlite' (--db); give another file
    """
    if database is None:
        return
    for each, path in outputs.items():
        if path is not None and same_file(path, database):
            raise ValueError(f"{each} {quoted_path(path)} would overwrite the database {quoted_path(database)} "
                             f"({option}); give another file")


def _message(parse: Callable[[str], object], text: str) -> str:
    """What ``parse`` says of ``text`` (for the examples above)."""
    try:
        parse(text)
    except argparse.ArgumentTypeError as error:
        return str(error)
    return "accepted"




def variant_help() -> str:
    """``--variant``'s help: the variants of every game that has them, each game's default first."""
    from lessons_lib.games import GAMES

    listed = "; ".join(f"{game.name}: {', '.join(game.variants)} (default {game.variants[0]})"
                       for game in GAMES.values() if game.variants)
    return f"the rule variant, for a game that has several ({listed})"


def sandbox_choice(text: str) -> str:
    """An argparse ``type=``: how students' code runs, ``bubblewrap``, ``process`` or ``auto``."""
    choice = text.strip().lower()
    if choice not in ("auto", "bubblewrap", "process"):
        raise argparse.ArgumentTypeError(f"{quoted(text)}: use bubblewrap, process or auto")
    return choice






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
