"""Notebook 10: the length-bias test of the held-out split is calibrated (a fair choice rarely trips it)."""

from __future__ import annotations

import statistics

from catalogue.learning_an_evaluation import by_game, through_random_positions
from lessons_lib.exercises.learning_an_evaluation import LENGTH_BIAS_Z, length_bias


def test_a_fair_choice_of_games_scores_like_a_standard_normal_and_a_length_biased_one_far_beyond_the_limit() -> None:
    fair = [length_bias(by_game, seed) for seed in range(200)]
    biased = [length_bias(through_random_positions, seed) for seed in range(50)]
    assert abs(statistics.mean(fair)) < 0.2 and 0.85 < statistics.stdev(fair) < 1.15
    assert max(fair) < LENGTH_BIAS_Z
    assert min(biased) > 2 * LENGTH_BIAS_Z
