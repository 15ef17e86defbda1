"""Checks for notebook 07, playing strength: Elo from a score, and the Wilson interval of a score."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from lessons_lib.arena.ratings import Z_95, expected_score, wilson_interval
from lessons_lib.exercises.feedback import Feedback, call_for_number, call_safely

SCORES = (0.5, 0.75, 0.9, 0.25, 0.64, 0.99)

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


def check_elo_difference(student: Callable[[float], Any]) -> Feedback:
    """Check a student's ``elo_difference(score)`` against the Elo formula."""
    for score in SCORES:
        expected = elo_difference(score)
        answer, failure = call_for_number(student, score)
        if failure:
            return Feedback.not_yet(f"elo_difference({score}) {failure}")
        if math.isclose(answer, expected, abs_tol=0.05):
            continue
        hint = next((hint for wrong, hint in WRONG_ELO.values() if math.isclose(answer, wrong(score), abs_tol=0.05)),
                    "solve score = 1 / (1 + 10 ** (−d / 400)) for d.")
        return Feedback.not_yet(f"elo_difference({score}) gave {answer:.1f}, but a player scoring {score:.0%} is "
                                f"{expected:.1f} Elo stronger: {hint}")
    check = expected_score(elo_difference(0.75))
    return Feedback.correct(f"right: 75% is {elo_difference(0.75):.0f} Elo, and expected_score of that gives back "
                            f"{check:.2f}. 99% is already {elo_difference(0.99):.0f} Elo; 100% would be infinite, "
                            f"which is why a rating fit needs a prior.")


INTERVAL_CASES = ((5.0, 10), (0.0, 10), (10.0, 10), (3.5, 16), (50.0, 100), (1.0, 3))


def _wald(successes: float, trials: int) -> tuple[float, float]:
    rate = successes / trials
    half = Z_95 * math.sqrt(rate * (1 - rate) / trials)
    return rate - half, rate + half


def check_wilson(student: Callable[[float, int], Any]) -> Feedback:
    """Check a student's ``wilson(successes, trials)`` against the Wilson score interval (95%)."""
    for successes, trials in INTERVAL_CASES:
        low, high = wilson_interval(successes, trials)
        answer, failure = call_safely(student, successes, trials)
        call = f"wilson({successes:g}, {trials})"
        if failure:
            return Feedback.not_yet(f"{call} {failure}")
        try:
            given_low, given_high = (float(value) for value in answer)
        except (TypeError, ValueError):
            return Feedback.not_yet(f"{call} returned {answer!r}: return two numbers, (low, high).")
        if math.isclose(given_low, low, abs_tol=1e-4) and math.isclose(given_high, high, abs_tol=1e-4):
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
        return Feedback.not_yet(f"{call} gave ({given_low:.4f}, {given_high:.4f}); the Wilson interval is "
                                f"({low:.4f}, {high:.4f}): {hint}")
    return Feedback.correct("the Wilson interval, exactly as the arena computes it for every standings table.")
