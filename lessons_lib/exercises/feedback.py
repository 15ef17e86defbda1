"""The answer a check gives: passed or not, and a message meant for a student."""

from __future__ import annotations

from dataclasses import dataclass


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
