"""The answer a check gives: passed or not, and a message meant for a student."""

from __future__ import annotations

import html
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Feedback:
    """The result of checking an exercise. Shown in a notebook as its message."""

    passed: bool
    message: str
    score: float | None = None
    """The share of the check's cases the answer got right, where the check can say (partial credit); None
    where it cannot."""

    def __repr__(self) -> str:
        return f"{'✔ Correct' if self.passed else '✘ Not yet'}: {self.message}"

    def _repr_html_(self) -> str:
        """The verdict as text that wraps between words at the notebook's width (plain text breaks mid-word)."""
        colour = "#1a7f37" if self.passed else "#9a4d00"
        return (f'<div style="white-space: pre-wrap; overflow-wrap: break-word; font-family: '
                f'var(--jp-content-font-family, sans-serif); border-left: 4px solid {colour}; padding-left: 0.6em">'
                f"{html.escape(repr(self), quote=False)}</div>")

    def __bool__(self) -> bool:
        return self.passed

    @staticmethod
    def correct(message: str) -> Feedback:
        return Feedback(True, message)

    @staticmethod
    def not_yet(message: str, score: float | None = None) -> Feedback:
        return Feedback(False, message, score)


def case_seed(seed: int | None) -> int:
    """The seed a check draws its cases with: ``seed`` if given, else a fresh one (so no table of the answers
    to an earlier run's cases passes)."""
    return secrets.randbelow(1_000_000) if seed is None else seed


def drawn_with(seed: int) -> str:
    """The end of a check's message about cases drawn with ``seed``: how to draw them again."""
    return f" (cases drawn with seed={seed}: pass seed={seed} to the check to draw them again)"


BASE_CASE_HINT = ("A RecursionError means the function calls itself without end: does every call go one step "
                  "closer to a base case (depth - 1), and does it stop there (depth == 0, or a finished game)?")

EMPTY_SEQUENCE_HINT = ("max() or min() of an empty list: a finished game has no legal moves. Test "
                       "state.is_game_over() before looking at the moves.")


def call_safely(function: Callable[..., Any], *args: Any) -> tuple[Any, str | None]:
    """Call a student's function; return its answer and None, or None and what went wrong, in words.

    A student's code may fail in any way; a check reports it and never crashes. Two failures
    get a hint at once: endless recursion, and max() or min() of no moves.
    """
    if not callable(function):
        return None, f"is not a function but {type(function).__name__}: define it with def"
    try:
        return function(*args), None
    except Exception as error:  # the student's code: report, never raise
        return None, describe_failure(error)


def describe_failure(error: Exception) -> str:
    """``raised <error>: <message>``, with a hint for endless recursion and for max() or min() of no moves."""
    if isinstance(error, RecursionError):
        return f"raised RecursionError. {BASE_CASE_HINT}"
    failure = f"raised {type(error).__name__}: {error}"
    if isinstance(error, ValueError) and "empty" in str(error) and ("max()" in str(error) or "min()" in str(error)):
        failure += f". {EMPTY_SEQUENCE_HINT}"
    return failure


def call_for_number(function: Callable[..., Any], *args: Any) -> tuple[float, str | None]:
    """Call a student's function that should return a number; return it and None, or 0 and what went wrong
    (``raised ...`` or ``returned ...: give a number``)."""
    answer, failure = call_safely(function, *args)
    if failure:
        return 0.0, failure
    problem = not_a_number(answer)
    if problem:
        return 0.0, f"returned {answer!r:.60}: {problem}"
    return answer, None


def not_a_number(answer: Any) -> str | None:
    """What to say of an answer that should be a number and is not (text, a bool, None...), or None if it is one."""
    if isinstance(answer, (int, float)) and not isinstance(answer, bool):
        return None
    if isinstance(answer, str):
        try:
            float(answer)
        except ValueError:
            return "that is text: give a number."
        return f"that is text: give a number, {answer.strip()} without the quotes."
    if answer is None:
        return "give a number (did you forget return?)."
    return f"that is a {type(answer).__name__}: give a number."
