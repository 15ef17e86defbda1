"""Hostile answers: values and failures no ordinary answer gives, which every check must turn into a "not yet" that
names the mistake, quickly (tests/exercises/test_hostile_answers.py tries each on every check).

Each value is made afresh by a function (some are changed by what holds them, or used up when read). The structures
built from one shared part (``[level, level]`` forty times: 2**40 leaves, 41 lists) are cheap to make and to walk
once per part, and endless to print or to walk as a tree.
"""

from __future__ import annotations

import decimal
import fractions
from collections.abc import Callable
from typing import Any

import numpy as np


class RaisingEverywhere:
    """An object whose every special method raises (its repr, text, comparisons, hash, length, iteration, numbers,
    truth, attributes, even its ``__class__``)."""

    def _raise(self, *args: Any, **kwargs: Any) -> Any:
        raise ValueError("no")

    __repr__ = __str__ = __eq__ = __ne__ = __lt__ = __le__ = __gt__ = __ge__ = __hash__ = _raise
    __len__ = __iter__ = __next__ = __getitem__ = __contains__ = __bool__ = _raise
    __float__ = __int__ = __index__ = __complex__ = __round__ = __format__ = _raise
    __add__ = __radd__ = __sub__ = __rsub__ = __mul__ = __rmul__ = __truediv__ = __rtruediv__ = __neg__ = _raise
    __abs__ = __lt__ = __call__ = _raise

    def __getattr__(self, name: str) -> Any:
        raise ValueError(f"no attribute {name}")

    @property  # type: ignore[misc]
    def __class__(self) -> Any:
        raise ValueError("no class")


class JunkEverywhere:
    """An object whose special methods return the wrong kind of thing (a repr that is no text, a length that is no
    number, an iterator that is not one, a float that is text)."""

    def __repr__(self) -> Any:
        return 5

    def __str__(self) -> Any:
        return None

    def __eq__(self, other: object) -> Any:
        return self

    def __hash__(self) -> Any:
        return "x"

    def __len__(self) -> Any:
        return -1

    def __iter__(self) -> Any:
        return 5

    def __float__(self) -> Any:
        return "1.0"

    def __index__(self) -> Any:
        return 1.5

    def __bool__(self) -> Any:
        return "yes"


class FloatLike(fractions.Fraction):
    """A number (a Fraction) whose conversions raise: a registered number that is no number."""

    def __float__(self) -> float:
        raise ArithmeticError("no float")

    def __eq__(self, other: object) -> bool:
        raise ArithmeticError("no equality")

    __hash__ = fractions.Fraction.__hash__


class StrRaises(Exception):
    """An exception whose message cannot be made."""

    def __str__(self) -> str:
        raise ValueError("no text")


class NotAnException(BaseException):
    """A BaseException of the student's own (no Exception): still the answer's failure."""


def shared_levels(levels: int = 40) -> list[Any]:
    """``[level, level]`` ``levels`` times: 2**levels leaves in ``levels + 1`` lists."""
    level: list[Any] = [1]
    for _ in range(levels):
        level = [level, level]
    return level


def shared_tuples(levels: int = 40) -> tuple[Any, ...]:
    """The same built of tuples (hashing it, or comparing it with a copy, walks every leaf)."""
    level: tuple[Any, ...] = (1,)
    for _ in range(levels):
        level = (level, level)
    return level


def nested(depth: int = 200) -> list[Any]:
    """A list in a list in a list... ``depth`` deep."""
    value: list[Any] = []
    for _ in range(depth):
        value = [value]
    return value


def holding_itself() -> list[Any]:
    value: list[Any] = [1, 2]
    value.append(value)
    return value


def a_generator() -> Any:
    return (number for number in range(3))


VALUES: dict[str, Callable[[], Any]] = {
    "a whole number of 401 digits": lambda: 10 ** 400,
    "a negative whole number of 401 digits": lambda: -10 ** 400,
    "a whole number of 4,999 digits": lambda: 7 ** 5915,
    "NaN": lambda: float("nan"),
    "infinity": lambda: float("inf"),
    "minus infinity": lambda: float("-inf"),
    "a fraction": lambda: fractions.Fraction(1, 3),
    "a huge fraction": lambda: fractions.Fraction(10 ** 400, 3),
    "a Decimal too large for a float": lambda: decimal.Decimal("1e400"),
    "a Decimal NaN": lambda: decimal.Decimal("NaN"),
    "a signalling Decimal NaN": lambda: decimal.Decimal("sNaN"),
    "a numpy integer": lambda: np.int64(7),
    "a numpy NaN": lambda: np.float64("nan"),
    "a numpy bool": lambda: np.bool_(True),
    "a numpy array": lambda: np.array([0.25, 0.5]),
    "a big numpy array": lambda: np.zeros((300, 300)),
    "a numpy array of objects": lambda: np.array([None, holding_itself()], dtype=object),
    "True": lambda: True,
    "None": lambda: None,
    "a complex number": lambda: 1 + 2j,
    "a million characters": lambda: "x" * 1_000_000,
    "a million bytes": lambda: b"x" * 1_000_000,
    "an empty list": lambda: [],
    "a list 200 deep": nested,
    "a list that holds itself": holding_itself,
    "[level, level] forty times": shared_levels,
    "(level, level) forty times": shared_tuples,
    "a dict with odd keys": lambda: {(1, 2): 3, None: 4, frozenset(): 5, 10 ** 400: 6, float("nan"): 7},
    "a set": lambda: {1, "a", (2, 3)},
    "a generator": a_generator,
    "a function": lambda: (lambda *args: 0),
    "an object whose every method raises": RaisingEverywhere,
    "an object whose methods return junk": JunkEverywhere,
    "a number whose conversions raise": lambda: FloatLike(1, 2),
    "an exception": lambda: ValueError(shared_levels()),
}
"""Values a student's function may return (or a student may give as an answer), by what they are."""

FAILURES: dict[str, Callable[[], BaseException]] = {
    "ValueError": lambda: ValueError("a message"),
    "an exception whose message cannot be made": lambda: StrRaises(),
    "an exception holding [level, level] forty times": lambda: KeyError(shared_levels()),
    "an exception holding a huge text": lambda: RuntimeError("y" * 1_000_000),
    "RecursionError": lambda: RecursionError("maximum recursion depth exceeded"),
    "SystemExit": lambda: SystemExit(3),
    "GeneratorExit": lambda: GeneratorExit(),
    "a BaseException of the student's own": lambda: NotAnException("stop"),
    "MemoryError": lambda: MemoryError(),
}
"""What a student's function may raise, by name: each is the answer's failure (a KeyboardInterrupt is not: it stops
the kernel, tested apart)."""


def returning(value: Any) -> Callable[..., Any]:
    """A student's function that returns ``value`` whatever it is asked."""
    def answer(*args: Any, **kwargs: Any) -> Any:
        return value
    return answer


def raising(error: BaseException) -> Callable[..., Any]:
    """A student's function that raises ``error`` whatever it is asked."""
    def answer(*args: Any, **kwargs: Any) -> Any:
        raise error
    return answer
