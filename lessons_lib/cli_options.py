"""The command line's option types (argparse ``type=``), shared by its subcommands: one clear line on bad input.

argparse calls each with the option's text and reports its ``ArgumentTypeError`` as
``argument --workers: '0' should be a whole number from 1 to 512``.
"""

from __future__ import annotations

import argparse
import os
from collections.abc import Callable
from pathlib import Path

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
    """An argparse ``type=``: a path a file can be written to (its folder exists and is writable, and it is not a
    folder), checked before any work is done, so that no result is lost to a bad path at the end."""
    path = Path(text)
    if path.is_dir():
        raise argparse.ArgumentTypeError(f"{quoted(text)} is a folder; give a file name")
    folder = path.parent
    if not folder.is_dir():
        raise argparse.ArgumentTypeError(f"the folder {quoted(str(folder))} does not exist")
    if not os.access(folder, os.W_OK) or (path.exists() and not os.access(path, os.W_OK)):
        raise argparse.ArgumentTypeError(f"{quoted(text)} cannot be written here")
    return path


def folder_to_write(text: str) -> Path:
    """An argparse ``type=``: a folder files can be written into (created later if missing), checked first."""
    path = Path(text)
    if path.exists() and not path.is_dir():
        raise argparse.ArgumentTypeError(f"{quoted(text)} is a file, not a folder")
    existing = next(parent for parent in (path, *path.parents) if parent.exists())
    if not existing.is_dir() or not os.access(existing, os.W_OK):
        raise argparse.ArgumentTypeError(f"{quoted(text)} cannot be created or written")
    return path


def _message(parse: Callable[[str], object], text: str) -> str:
    """What ``parse`` says of ``text`` (for the examples above)."""
    try:
        parse(text)
    except argparse.ArgumentTypeError as error:
        return str(error)
    return "accepted"


def shown(text: str) -> str:
    """``text`` safe for a terminal: control characters (an escape sequence in a student's forfeit reason, say)
    are written as escapes, line breaks kept."""
    return "\n".join("".join(char if char.isprintable() else repr(char)[1:-1] for char in line)
                     for line in text.split("\n"))
