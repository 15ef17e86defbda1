"""Whether a check takes a student's answer as the student's own code, before trying it on any case.

An answer that uses one of its exercise's references (the library's own versions of what the exercise asks for,
listed once in :mod:`lessons_lib.exercises.references`) is refused: "write it yourself". So is an object the check
cannot even read (asking it what it is raises). Either refusal scores 0.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from lessons_lib.exercises.feedback import call_safely, error_text, kind_of
from lessons_lib.exercises.own_code import library_use, write_it_yourself
from lessons_lib.exercises.references import references


def refusal(answer: Any, check: str, what: str, trial: tuple[Any, ...] | None = None,
            looks_like: Callable[[object], str | None] | None = None,
            labels: dict[str, str] | None = None) -> str | None:
    """Why ``check`` refuses ``answer`` before trying it: it uses one of the check's references (read from its code,
    or seen running while it is called once with the arguments ``trial``; see
    :func:`~lessons_lib.exercises.own_code.library_use` for ``looks_like`` and ``labels``), which the message calls
    the library's ``what``; or it cannot be read. None if the check may try it (an answer that is no function is
    left to the check, which says so on its first case)."""
    if not callable(answer):
        return None
    run = None if trial is None else (lambda: call_safely(answer, *trial))  # whatever the answer raises, in words
    try:
        used = library_use(answer, references(check), trial=run, looks_like=looks_like, labels=labels)
    except Exception as error:  # an object that raises when asked what it is
        return (f"the check cannot read your answer, a {kind_of(answer)}: looking at it, or at a value its code uses, "
                f"raised {kind_of(error)}: {error_text(error, 80)}. Give a function defined with def that uses "
                f"plain values.")
    return write_it_yourself(used, what) if used else None
