"""Answers to lesson 07's checks: Elo from a score, and the Wilson interval."""

from __future__ import annotations

import math
from decimal import Decimal
from typing import Any

from lessons_lib.arena.ratings import wilson_interval
from lessons_lib.exercises.strength import check_elo_difference, check_wilson, elo_difference
from catalogue import Answer, partly, right, wrong

Z = 1.959964


def wilson(successes: float, trials: int) -> tuple[float, float]:
    rate = successes / trials
    denominator = 1 + Z * Z / trials
    centre = (rate + Z * Z / (2 * trials)) / denominator
    half = Z / denominator * math.sqrt(rate * (1 - rate) / trials + Z * Z / (4 * trials * trials))
    return centre - half, centre + half


def wald(successes: float, trials: int) -> tuple[float, float]:
    rate = successes / trials
    half = Z * math.sqrt(rate * (1 - rate) / trials)
    return rate - half, rate + half


OLD_SCORES = (0.5, 0.75, 0.9, 0.25, 0.64, 0.99)
OLD_INTERVALS = ((5.0, 10), (0.0, 10), (10.0, 10), (3.5, 16), (50.0, 100), (1.0, 3))
ELO_TABLE = {score: round(400 * math.log10(score / (1 - score)), 1) for score in OLD_SCORES}
"""What a student copies from the messages of an earlier run (when its cases were fixed), to 0.1."""
WILSON_TABLE = {case: tuple(round(bound, 4) for bound in wilson(*case)) for case in OLD_INTERVALS}


def from_table(table: dict[Any, Any], *key: float) -> Any:
    """A look-up table that answers what it holds, and for the rest what it holds for the nearest case."""
    nearest = min(table, key=lambda known: math.dist(known if isinstance(known, tuple) else (known,), key))
    return table[nearest]


ANSWERS: list[Answer] = [
    right(check_elo_difference, "400 log10 of the odds", lambda s: 400 * math.log10(s / (1 - s))),
    right(check_elo_difference, "-400 log10 of the inverse odds", lambda s: -400 * math.log10((1 - s) / s)),
    wrong(check_elo_difference, "natural log", "base 10", lambda s: 400 * math.log(s / (1 - s))),
    wrong(check_elo_difference, "upside down", "the wrong way round", lambda s: 400 * math.log10((1 - s) / s)),
    wrong(check_elo_difference, "no odds", "logarithm of the odds", lambda s: 400 * math.log10(s)),
    wrong(check_elo_difference, "no scale", "multiply by 400", lambda s: math.log10(s / (1 - s))),
    wrong(check_elo_difference, "linear in the score", "solve score", lambda s: 800 * (s - 0.5)),
    wrong(check_elo_difference, "a string", "give a number", lambda s: "0"),
    wrong(check_elo_difference, "a crash at 50%", "raised ZeroDivisionError", lambda s: 1 / (s - 0.5)),
    right(check_elo_difference, "rounded to whole points", lambda s: round(400 * math.log10(s / (1 - s)))),
    right(check_elo_difference, "a Decimal", lambda s: Decimal(400 * math.log10(s / (1 - s)))),
    wrong(check_elo_difference, "a table of an earlier run's values", "solve score",
          lambda s: from_table(ELO_TABLE, s)),
    partly(check_elo_difference, "capped at +-800 (right on the 9 scores of 11 within 800 Elo)", "solve score",
           9 / 11, lambda s: max(-800.0, min(800.0, 400 * math.log10(s / (1 - s))))),
    wrong(check_elo_difference, "rounded to hundreds", "solve score",
          lambda s: round(400 * math.log10(s / (1 - s)), -2)),
    right(check_wilson, "the Wilson interval", wilson),
    wrong(check_wilson, "the library's wilson_interval", "write it yourself: this calls wilson_interval",
          lambda s, n: wilson_interval(s, n)),
    wrong(check_elo_difference, "the check's own", "write it yourself: this calls elo_difference", elo_difference),
    right(check_wilson, "clipped to [0, 1]", lambda s, n: (max(0.0, wilson(s, n)[0]), min(1.0, wilson(s, n)[1]))),
    wrong(check_wilson, "the normal (Wald) interval", "the simple 'normal' interval", wald),
    wrong(check_wilson, "z = 2", "nearly", lambda s, n: _wilson_with(2.0, s, n)),
    wrong(check_wilson, "the score alone", "two numbers", lambda s, n: s / n),
    wrong(check_wilson, "percentages", "term by term", lambda s, n: tuple(100 * x for x in wilson(s, n))),
    wrong(check_wilson, "swapped ends", "term by term", lambda s, n: wilson(s, n)[::-1]),
    right(check_wilson, "a list of two numbers", lambda s, n: list(wilson(s, n))),
    right(check_wilson, "rounded to five decimals", lambda s, n: tuple(round(x, 5) for x in wilson(s, n))),
    wrong(check_wilson, "a table of an earlier run's values", "term by term",
          lambda s, n: from_table(WILSON_TABLE, s, n)),
]


def _wilson_with(z: float, successes: float, trials: int) -> tuple[float, float]:
    rate = successes / trials
    denominator = 1 + z * z / trials
    centre = (rate + z * z / (2 * trials)) / denominator
    half = z / denominator * math.sqrt(rate * (1 - rate) / trials + z * z / (4 * trials * trials))
    return centre - half, centre + half
