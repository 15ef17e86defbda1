"""Checks for notebook 07, playing strength: Elo from a score, and the Wilson interval of a score.

Each run draws fresh cases (seeded; the seed is in the message, and ``seed=`` draws them again),
so a table of values copied from an earlier message does not pass.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import Any

from lessons_lib.arena.ratings import Z_95, expected_score, wilson_interval
from lessons_lib.exercises.answers import refusal, watched
from lessons_lib.exercises.feedback import (
    Cases, Feedback, call_for_number, call_safely, case_seed, drawn_with, numbers_in, shown,
)

ELO_TOLERANCE = 0.5
"""How far from the formula an Elo may be: an answer rounded to whole points is right."""


def elo_scores(seed: int) -> list[float]:
    """The scores ``check_elo_difference`` asks about: 50%, one above and one below, two beyond 800 Elo either
    way (where a formula capped at +-800 shows), and six anywhere, each drawn with ``seed`` to five decimals."""
    rng = random.Random(seed)
    return [0.5, round(rng.uniform(0.55, 0.95), 5), round(rng.uniform(0.05, 0.45), 5),
            round(rng.uniform(0.9925, 0.9995), 5), round(rng.uniform(0.0005, 0.0075), 5),
            *(round(rng.uniform(0.01, 0.99), 5) for _ in range(6))]

WRONG_ELO: dict[str, tuple[Callable[[float], float], str]] = {
    "natural log": (lambda s: 400 * math.log(s / (1 - s)),
                    "Elo uses base 10: 400 · log10(s / (1 − s)), with math.log10."),
    "upside down": (lambda s: 400 * math.log10((1 - s) / s),
                    "the sign is the wrong way round: a score above 50% means a higher rating."),
    "no odds": (lambda s: 400 * math.log10(s),
                "take the logarithm of the odds, s / (1 − s), not of the score alone."),
    "no scale": (lambda s: math.log10(s / (1 - s)),
                 "multiply by 400: Elo's scale makes 400 points a ten-to-one odds."),
}


def elo_difference(score: float) -> float:
    """The rating difference that makes ``score`` the expected score (the inverse of expected_score)."""
    return 400 * math.log10(score / (1 - score))


@watched
def check_elo_difference(student: Callable[[float], Any], seed: int | None = None) -> Feedback:
    """Check a student's ``elo_difference(score)`` against the Elo formula, on scores drawn with ``seed`` (fresh
    ones when None)."""
    refused = refusal(student, "check_elo_difference", "Elo difference")
    if refused:
        return Feedback.not_yet(refused, 0.0)
    seed = case_seed(seed)
    cases = Cases()
    for score in cases.each(elo_scores(seed)):
        answer, failure = call_for_number(student, score)
        if failure:
            cases.failed_call(f"elo_difference({score}) {failure}{drawn_with(seed)}", student, failure)
            continue
        expected = elo_difference(score)
        if math.isclose(answer, expected, abs_tol=ELO_TOLERANCE):
            cases.passed()
            continue
        hint = next((hint for wrong, hint in WRONG_ELO.values()
                     if math.isclose(answer, wrong(score), abs_tol=ELO_TOLERANCE)),
                    "solve score = 1 / (1 + 10 ** (−d / 400)) for d.")
        cases.failed(f"elo_difference({score}) gave {answer:.1f}, but a player scoring {score:.3%} is "
                     f"{expected:.1f} Elo stronger: {hint}{drawn_with(seed)}")
    check = expected_score(elo_difference(0.75))
    return cases.feedback(f"right: 75% is {elo_difference(0.75):.0f} Elo, and expected_score of that gives back "
                          f"{check:.2f}. 99% is already {elo_difference(0.99):.0f} Elo; 100% would be infinite, "
                          f"which is why a rating fit needs a prior.")


def interval_cases(seed: int) -> list[tuple[float, int]]:
    """The scores ``check_wilson`` asks about, drawn with ``seed``: none won, all won, a few games, many games,
    half points (draws), and five more of any size."""
    rng = random.Random(seed)
    few, many = rng.randint(2, 6), rng.randint(40, 400)
    cases = [(0.0, rng.randint(5, 30)), (float(few), few), (float(rng.randint(0, few)), few),
             (rng.randint(0, 2 * many) / 2, many), (rng.randint(1, 39) / 2, 20)]
    for trials in (rng.randint(1, 200) for _ in range(5)):
        cases.append((rng.randint(0, 2 * trials) / 2, trials))
    return cases


def _wald(successes: float, trials: int) -> tuple[float, float]:
    rate = successes / trials
    half = Z_95 * math.sqrt(rate * (1 - rate) / trials)
    return rate - half, rate + half


@watched
def check_wilson(student: Callable[[float, int], Any], seed: int | None = None) -> Feedback:
    """Check a student's ``wilson(successes, trials)`` against the Wilson score interval (95%), on scores drawn with
    ``seed`` (fresh ones when None)."""
    refused = refusal(student, "check_wilson", "Wilson interval")
    if refused:
        return Feedback.not_yet(refused, 0.0)
    seed = case_seed(seed)
    cases = Cases()
    for successes, trials in cases.each(interval_cases(seed)):
        answer, failure = call_safely(student, successes, trials)
        call = f"wilson({successes:g}, {trials})"
        if failure:
            cases.failed_call(f"{call} {failure}{drawn_with(seed)}", student, failure)
            continue
        ends, problem = numbers_in(answer, 2)
        if ends is None:
            cases.failed(f"{call} returned {shown(answer)}: return two numbers, (low, high).{' ' * bool(problem)}"
                         f"{problem}{drawn_with(seed)}")
            continue
        given_low, given_high = ends
        low, high = wilson_interval(successes, trials)
        if math.isclose(given_low, low, abs_tol=1e-4) and math.isclose(given_high, high, abs_tol=1e-4):
            cases.passed()
            continue
        wald_low, wald_high = _wald(successes, trials)
        if math.isclose(given_low, wald_low, abs_tol=1e-4) and math.isclose(given_high, wald_high, abs_tol=1e-4):
            hint = ("that is the simple 'normal' interval, rate ± z·√(rate(1 − rate)/n). At 0 of 10 it gives "
                    "(0, 0), as if ten games proved a player can never score. Wilson's interval is centred on "
                    "(rate + z²/2n) / (1 + z²/n).")
        elif math.isclose(given_low, low, abs_tol=0.02) and math.isclose(given_high, high, abs_tol=0.02):
            hint = f"nearly: use z = {Z_95:.3f} (95%) and check each term of the formula."
        else:
            hint = "compare with the formula above, term by term."
        cases.failed(f"{call} gave ({given_low:.4f}, {given_high:.4f}); the Wilson interval is "
                     f"({low:.4f}, {high:.4f}): {hint}{drawn_with(seed)}")
    return cases.feedback("the Wilson interval, exactly as the arena computes it for a rate of yes-or-no results "
                          "(a score with draws has its own interval, from exact bounds on the win and loss rates: notebook 07).")
