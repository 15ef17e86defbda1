"""Ratings: Bradley-Terry Elo recovers known strengths; intervals and Wilson intervals behave."""

from __future__ import annotations

import numpy as np
import pytest

from lessons_lib.arena.ratings import Score, bootstrap_elo, expected_score, fit_elo, wilson_interval

TRUE_ELO = {"base": 0.0, "weak": -250.0, "good": 150.0, "strong": 400.0}
PAIRS = [("weak", "base"), ("base", "good"), ("good", "strong"), ("weak", "good"), ("strong", "base")]


def synthetic_games(games_per_pair: int, seed: int, draw_rate: float = 0.2) -> list[Score]:
    """Results drawn from the Bradley-Terry model with TRUE_ELO, with some draws."""
    rng = np.random.default_rng(seed)
    scores = []
    for first, second in PAIRS:
        expected = expected_score(TRUE_ELO[first] - TRUE_ELO[second])
        win = max(0.0, expected - draw_rate / 2)
        for _ in range(games_per_pair):
            draw = rng.random()
            scores.append(Score(first, second, 1.0 if draw < win else 0.5 if draw < win + draw_rate else 0.0))
    return scores


def test_ratings_recover_known_strengths() -> None:
    ratings = fit_elo(synthetic_games(800, seed=1), baseline="base")
    for name, elo in TRUE_ELO.items():
        assert ratings[name] == pytest.approx(elo, abs=35), name


def test_the_intervals_cover_the_truth_about_95_percent_of_the_time() -> None:
    covered = [low <= TRUE_ELO[name] <= high
               for seed in range(12)
               for name, (low, high) in bootstrap_elo(synthetic_games(150, seed), "base", 200, seed).items()
               if name != "base"]
    assert 0.85 <= sum(covered) / len(covered)


def test_the_intervals_narrow_with_more_games() -> None:
    few = bootstrap_elo(synthetic_games(60, seed=2), "base", resamples=300)
    many = bootstrap_elo(synthetic_games(600, seed=2), "base", resamples=300)
    for name in TRUE_ELO:
        if name != "base":
            assert many[name][1] - many[name][0] < (few[name][1] - few[name][0]) / 2
    assert few["base"] == (0.0, 0.0)


def test_bootstrap_is_seeded() -> None:
    games = synthetic_games(40, seed=3)
    assert bootstrap_elo(games, "base", 100, seed=7) == bootstrap_elo(games, "base", 100, seed=7)
    assert bootstrap_elo(games, "base", 100, seed=7) != bootstrap_elo(games, "base", 100, seed=8)


def test_a_clean_sweep_gives_a_finite_rating_and_a_wide_interval() -> None:
    games = [Score("a", "b", 1.0)] * 2
    rating = fit_elo(games, "b")["a"]
    low, high = bootstrap_elo(games, "b", 300)["a"]
    assert 0 < rating < 1000
    assert high - low > 200


def test_a_self_play_control_is_near_zero() -> None:
    rng = np.random.default_rng(4)
    games = [Score("agent", "copy", float(rng.choice([0.0, 0.5, 1.0]))) for _ in range(400)]
    assert abs(fit_elo(games, "agent")["copy"]) < 40
    low, high = bootstrap_elo(games, "agent", 300)["copy"]
    assert low < 0 < high


def test_symmetry_and_anchoring() -> None:
    games = synthetic_games(50, seed=5)
    flipped = [Score(s.second, s.first, 1 - s.points) for s in games]
    assert fit_elo(games, "base") == pytest.approx(fit_elo(flipped, "base"))
    shifted = fit_elo(games, "good")
    original = fit_elo(games, "base")
    assert shifted["base"] == pytest.approx(-original["good"])
    with pytest.raises(ValueError, match="baseline"):
        fit_elo(games, "nobody")


def test_wilson_interval() -> None:
    assert wilson_interval(0, 10)[0] == 0.0 < wilson_interval(0, 10)[1] < 0.35
    assert wilson_interval(10, 10)[1] == pytest.approx(1.0)
    low, high = wilson_interval(50, 100)
    assert low == pytest.approx(1 - high) and high - low == pytest.approx(0.19, abs=0.01)
    assert wilson_interval(0, 0) == (0.0, 1.0)
