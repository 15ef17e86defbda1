"""Catalogues of answers to the lessons' checks: wrong ones (typical slips, degenerate and biased answers),
each with the words its hint must contain, and right ones, each of which must pass.

tests/exercises/test_check_catalogues.py runs every entry; a check without a catalogue fails that test.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Answer:
    """One answer to a check: ``hint`` is None for a right answer, else words the check's message must contain."""

    check: Callable[..., Any]
    label: str
    answer: tuple[Any, ...]
    hint: str | None = None
    score: float | None = None
    """For a wrong answer right on some of the check's cases, the share of them it gets right (partial credit)."""
    edge: str | None = None
    """For a wrong answer right on typical cases and wrong on one kind of edge case only (a drawn game at a leaf,
    depth 0, a tie at the top...), that kind: benchmarks/check_chances.py measures how often it passes."""

    @property
    def id(self) -> str:
        return f"{self.check.__name__}: {self.label}"


def right(check: Callable[..., Any], label: str, *answer: Any) -> Answer:
    return Answer(check, label, answer)


def wrong(check: Callable[..., Any], label: str, hint: str, *answer: Any) -> Answer:
    return Answer(check, label, answer, hint)


def edge(check: Callable[..., Any], kind: str, label: str, hint: str, *answer: Any) -> Answer:
    """A wrong answer right everywhere but on one ``kind`` of edge case: it must fail with every seed, and the
    benchmark counts how often it passes over many."""
    return Answer(check, label, answer, hint, edge=kind)


def partly(check: Callable[..., Any], label: str, hint: str, score: float, *answer: Any) -> Answer:
    """A wrong answer right on a known share of the check's cases (``score``), with every seed."""
    return Answer(check, label, answer, hint, score)


def state_key(state: Any) -> str:
    """What a table of answers is keyed by: a tiny tree's lists and player to move, or a position's text."""
    return f"{getattr(state, 'tree', state)!r} {state.to_move}"


def remembered(table: dict[Any, Any], key: Callable[..., Any], default: Any = 0) -> Callable[..., Any]:
    """An 'answer' that looks its result up in ``table`` (the right answers to a check's fixed cases, copied from
    its messages or worked out once), by ``key`` of its arguments: what a student who hands in a table does."""
    def answer(*args: Any) -> Any:
        return table.get(key(*args), default)
    return answer
