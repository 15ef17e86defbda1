"""Text from outside (a student's file name, label or reason) made safe to show: on a terminal, in a spreadsheet."""

from __future__ import annotations

import difflib
from collections.abc import Iterable

from lessons_lib.kit.errors import quoted


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


def did_you_mean(word: str, choices: Iterable[str]) -> str:
    """`` (did you mean 'x'?)`` for the choice closest to a mistyped ``word``, or nothing if none is close.

    >>> did_you_mean("serch", ["perft", "search"]), did_you_mean("zzz", ["perft", "search"])
    (" (did you mean 'search'?)", '')
    """
    close = difflib.get_close_matches(word, list(choices), n=1, cutoff=0.6)
    return f" (did you mean {quoted(close[0])}?)" if close else ""
