"""The answer a check gives: passed or not, and a message meant for a student."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Feedback:
    """The result of checking an exercise. Shown in a notebook as its message."""

    passed: bool
    message: str

    def __repr__(self) -> str:
        return f"{'✔ Correct' if self.passed else '✘ Not yet'}: {self.message}"

    def __bool__(self) -> bool:
        return self.passed

    @staticmethod
    def correct(message: str) -> Feedback:
        return Feedback(True, message)

    @staticmethod
    def not_yet(message: str) -> Feedback:
        return Feedback(False, message)


def call_safely(function: Callable[..., Any], *args: Any) -> tuple[Any, str | None]:
    """Call a student's function; return its answer and None, or None and what went wrong, in words.

    A student's code may fail in any way; a check reports it and never crashes.
    """
    if not callable(function):
        return None, f"is not a function but {type(function).__name__}: define it with def"
    try:
        return function(*args), None
    except Exception as error:  # the student's code: report, never raise
        return None, f"raised {type(error).__name__}: {error}"
