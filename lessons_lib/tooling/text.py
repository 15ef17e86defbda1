"""Text from outside (a student's file name, label or reason) made safe to show: on a terminal, in a spreadsheet."""

from __future__ import annotations

import difflib
import unicodedata
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


PLAIN_NAME = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._- ")
"""The characters of a name that can never be mistaken for another: ASCII letters and digits, ``._-`` and a space."""


def skeleton(name: str) -> str:
    """What ``name`` looks like, roughly: its compatibility form (a fullwidth ``ｂ`` is ``b``), without accents,
    marks or invisible characters (a zero-width joiner), case folded, and every other character that is not plain
    ASCII as ``?``, which could look like any letter (a Cyrillic ``о`` like ``o``, a Greek ``ν`` like ``v``: Python
    has no table of look-alikes, so any such character is taken as one).

    >>> skeleton("Zoe\\u0308"), skeleton("zo\\u00eb"), skeleton("b\\u043eb"), skeleton("ｂｏｂ")
    ('zoe', 'zoe', 'b?b', 'bob')
    >>> skeleton("bo\\u200db")
    'bob'
    """
    decomposed = unicodedata.normalize("NFKD", name)
    kept = "".join(char for char in decomposed
                   if unicodedata.category(char) not in ("Mn", "Me", "Mc", "Cf") and char not in INVISIBLE)
    folded = unicodedata.normalize("NFKC", kept.casefold())
    return "".join(char if char in PLAIN_NAME else "?" for char in folded)


INVISIBLE = frozenset("\u034f\u115f\u1160\u3164\uffa0")
"""Characters that show as nothing but are not marked as format characters (a Hangul filler, the combining
grapheme joiner)."""


def _alike(one: str, other: str) -> bool:
    """Whether two skeletons could look the same (``?`` stands for any one character)."""
    return len(one) == len(other) and all(a == b or "?" in (a, b) for a, b in zip(one, other))


def escaped(name: str) -> str:
    """``name`` in plain ASCII, every other character (and a backslash) escaped, so that no two names have the same
    escaped form (``b\\u043eb``).

    >>> print(escaped("b\\u043eb"), escaped("zoe\\u0308"), escaped("a\\\\n"))
    b\\u043eb zoe\\u0308 a\\\\n
    """
    return ascii(name)[1:-1]


def distinct_names(names: Iterable[str]) -> dict[str, str]:
    """Each name as a table shows it, so that two different names never look alike: a name with characters other
    than plain ASCII letters, digits, ``._-`` and spaces gets its :func:`escaped` form beside it, in brackets,
    whenever another name of the table could look the same (see :func:`skeleton`), or would be shown the same;
    every name is :func:`shown`.

    >>> distinct_names(["bob", "b\\u043eb", "zo\\u00eb", "al\\nice"])
    {'bob': 'bob', 'bоb': 'bоb [b\\\\u043eb]', 'zoë': 'zoë', 'al\\nice': 'al\\\\nice'}
    """
    unique = list(dict.fromkeys(names))
    skeletons = {name: skeleton(name) for name in unique}
    marked = {name for name in unique if any(char not in PLAIN_NAME for char in name) and any(
        other != name and _alike(skeletons[name], skeletons[other]) for other in unique)}
    while True:
        result = {name: f"{shown(name)} [{escaped(name)}]" if name in marked else shown(name) for name in unique}
        seen: dict[str, list[str]] = {}
        for name, text in result.items():
            seen.setdefault(text, []).append(name)
        same = {name for group in seen.values() if len(group) > 1 for name in group} - marked
        if not same:
            return result
        marked |= same
