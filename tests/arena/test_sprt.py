"""The SPRT and the pentanomial record: counts, the LLR's sign, the bounds, and the error rates it promises."""

from __future__ import annotations

import math
import random

import pytest

from lessons_lib.arena import sprt as sprt_module
from lessons_lib.arena.ratings import expected_score
from lessons_lib.arena.sprt import PAIR_TOTALS, bounds, log_likelihood_ratio, pentanomial, sprt

SHAPE = (1, 10, 25, 4, 0)
"""Depth 6 against depth 5 in the strength data: mostly drawn pairs, as the lesson's test sees them."""


def test_a_pentanomial_record_counts_each_openings_pair_and_leaves_a_lone_game_out() -> None:
    games = [("a", 1.0), ("b", 0.5), ("a", 1.0), ("b", 0.0), ("c", 1.0)]
    assert pentanomial(games) == (0, 1, 0, 0, 1)


def test_the_llr_leans_towards_the_hypothesis_nearer_the_scores_and_the_bounds_are_walds() -> None:
    better, worse = (0, 1, 3, 6, 0), (0, 6, 3, 1, 0)
    assert log_likelihood_ratio(better, 0, 50) > 0 > log_likelihood_ratio(worse, 0, 50)
    assert log_likelihood_ratio((0, 0, 0, 0, 0), 0, 50) == 0
    low, high = bounds(0.05, 0.05)
    assert math.isclose(high, math.log(19)) and math.isclose(low, -math.log(19))


def test_the_test_stops_at_the_first_pair_past_a_bound() -> None:
    steps = sprt([1.5] * 200, 0, 50)
    assert steps[-1].verdict == "elo1" and all(not step.verdict for step in steps[:-1]) and len(steps) < 200
    assert [step.pairs for step in steps] == list(range(1, len(steps) + 1))


def tilted(shape: tuple[int, ...], elo: float) -> list[float]:
    """The shape's pair totals, reweighted (exponentially) so that their mean score is ``elo``'s expected score."""
    low, high = -30.0, 30.0
    for _ in range(80):
        tilt = (low + high) / 2
        weights = [count * math.exp(tilt * total / 2) for count, total in zip(shape, PAIR_TOTALS)]
        mean = sum(weight * total / 2 for weight, total in zip(weights, PAIR_TOTALS)) / sum(weights)
        low, high = (tilt, high) if mean < expected_score(elo) else (low, tilt)
    return weights


def wrong_verdicts(truth: float, wrong: str, runs: int = 2000) -> float:
    """The share of seeded SPRTs (0 against -50 Elo, 5% each way) that reach ``wrong`` when the truth is ``truth``."""
    rng = random.Random(1)
    weights = tilted(tuple(count + count_ for count, count_ in zip(SHAPE, SHAPE[::-1])), truth)
    verdicts = [sprt((rng.choices(PAIR_TOTALS, weights)[0] for _ in range(100_000)), 0, -50)[-1].verdict
                for _ in range(runs)]
    return verdicts.count(wrong) / runs


def test_the_errors_stay_within_what_the_test_promises_and_without_the_prior_they_do_not(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The module's docstring: with half a virtual pair at each total both wrong verdicts stay under 5% (1.5% and
    4.2%); without it, 7.8% and 12.9%."""
    with_prior = wrong_verdicts(0, "elo1"), wrong_verdicts(-50, "elo0")  # "50 weaker" if equal; "equal" if weaker
    assert with_prior == (0.015, 0.042)
    monkeypatch.setattr(sprt_module, "PRIOR_PAIRS", 0.0)
    assert (wrong_verdicts(0, "elo1"), wrong_verdicts(-50, "elo0")) == (0.0775, 0.1285)


def test_half_the_tests_stop_within_33_pairs_if_equal_and_40_if_50_elo_weaker() -> None:
    """The figures lesson 07 gives for how long such a test runs."""
    import statistics

    for truth, median in ((0, 33), (-50, 40)):
        rng = random.Random(1)
        weights = tilted(tuple(count + count_ for count, count_ in zip(SHAPE, SHAPE[::-1])), truth)
        lengths = [sprt((rng.choices(PAIR_TOTALS, weights)[0] for _ in range(100_000)), 0, -50)[-1].pairs
                   for _ in range(2000)]
        assert statistics.median(lengths) == median
