"""Checks of the command line's numeric options, shared by its subcommands: one clear line on bad input."""

from __future__ import annotations

import os
from pathlib import Path

from lessons_lib.errors import is_whole_number, quoted


def whole_number(name: str, text: str | None, least: int, most: int | None = None) -> int | None:
    """``text`` as a whole number from ``least`` to ``most`` (None: no upper limit), or ValueError in one line."""
    if text is None:
        return None
    if not is_whole_number(text) or int(text) < least or (most is not None and int(text) > most):
        limits = f"from {least:,} to {most:,}" if most is not None else f"{least} or more"
        raise ValueError(f"{name}: {quoted(text)} should be a whole number {limits}")
    return int(text)


def file_to_write(name: str, text: str) -> Path:
    """A path a file can be written to (its folder exists and is writable, and it is not a folder), checked before
    any work is done, so that no result is lost to a bad path at the end."""
    path = Path(text)
    if path.is_dir():
        raise ValueError(f"{name}: {quoted(text)} is a folder; give a file name")
    folder = path.parent
    if not folder.is_dir():
        raise ValueError(f"{name}: the folder {quoted(str(folder))} does not exist")
    if not os.access(folder, os.W_OK) or (path.exists() and not os.access(path, os.W_OK)):
        raise ValueError(f"{name}: {quoted(text)} cannot be written here")
    return path


def folder_to_write(name: str, text: str) -> Path:
    """A folder files can be written into (created later if missing), checked before any work is done."""
    path = Path(text)
    if path.exists() and not path.is_dir():
        raise ValueError(f"{name}: {quoted(text)} is a file, not a folder")
    existing = next(parent for parent in (path, *path.parents) if parent.exists())
    if not existing.is_dir() or not os.access(existing, os.W_OK):
        raise ValueError(f"{name}: {quoted(text)} cannot be created or written")
    return path


def seconds_option(text: str | None) -> float | None:
    if text is None:
        return None
    try:
        seconds = float(text)
    except ValueError:
        seconds = -1.0
    if not 0 < seconds < 1e6:  # NaN fails this too
        raise ValueError(f"seconds: {quoted(text)} should be a number of seconds above 0 and below 1e6")
    return seconds


def shown(text: str) -> str:
    """``text`` safe for a terminal: control characters (an escape sequence in a student's forfeit reason, say)
    are written as escapes, line breaks kept."""
    return "\n".join("".join(char if char.isprintable() else repr(char)[1:-1] for char in line)
                     for line in text.split("\n"))
