"""Answers that read what a check expects off the call stack instead of working it out.

In the lesson's own kernel a student's function runs inside the check, so it can walk up the frames that called it
(``sys._getframe``) and read the check's locals. A check must therefore work out what it expects only after the
student's function has returned: then these answers find nothing (or a value left over from another case) and
fail.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any

NAMES = ("expected", "expected_value", "reference", "right_answer")
"""The names a check might give what it expects: the answer returns the first it finds."""


def peeking(fallback: Callable[..., Any], read: Callable[..., Any] | None = None,
            names: tuple[str, ...] = NAMES) -> Callable[..., Any]:
    """An answer that returns a local named in ``names`` of any frame of the checks above it (through ``read``,
    given the value and the answer's arguments, when given), and otherwise what ``fallback`` returns."""
    def answer(*args: Any) -> Any:
        frame = sys._getframe(1)
        while frame is not None:
            if str(frame.f_globals.get("__name__", "")).startswith("lessons_lib.exercises"):
                for name in names:
                    if name in frame.f_locals:
                        value = frame.f_locals[name]
                        return read(value, *args) if read else value
            frame = frame.f_back
        return fallback(*args)
    return answer
