"""Answers to lesson 07's checks: Elo from a score, and the Wilson interval."""

from __future__ import annotations

import math

from lessons_lib.exercises.strength import check_elo_difference, check_wilson
from catalogue import Answer, right, wrong

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
    right(check_wilson, "the Wilson interval", wilson),
    right(check_wilson, "clipped to [0, 1]", lambda s, n: (max(0.0, wilson(s, n)[0]), min(1.0, wilson(s, n)[1]))),
    wrong(check_wilson, "the normal (Wald) interval", "the simple 'normal' interval", wald),
    wrong(check_wilson, "z = 2", "nearly", lambda s, n: _wilson_with(2.0, s, n)),
    wrong(check_wilson, "the score alone", "two numbers", lambda s, n: s / n),
    wrong(check_wilson, "percentages", "term by term", lambda s, n: tuple(100 * x for x in wilson(s, n))),
    wrong(check_wilson, "swapped ends", "term by term", lambda s, n: wilson(s, n)[::-1]),
]


def _wilson_with(z: float, successes: float, trials: int) -> tuple[float, float]:
    rate = successes / trials
    denominator = 1 + z * z / trials
    centre = (rate + z * z / (2 * trials)) / denominator
    half = z / denominator * math.sqrt(rate * (1 - rate) / trials + z * z / (4 * trials * trials))
    return centre - half, centre + half
