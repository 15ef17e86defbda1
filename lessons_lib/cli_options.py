"""Checks of the command line's numeric options, shared by its subcommands: one clear line on bad input."""

from __future__ import annotations

from lessons_lib.errors import quoted
from lessons_lib.errors import is_whole_number


def whole_number(name: str, text: str | None, least: int) -> int | None:
    if text is None:
        return None
    if not is_whole_number(text) or int(text) < least:
        raise ValueError(f"{name}: {quoted(text)} should be a whole number, {least} or more")
    return int(text)


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
