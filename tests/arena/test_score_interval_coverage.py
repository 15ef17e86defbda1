"""The score interval keeps its promise, by enumeration of every record: coverage, monotony, width; and the Elo
intervals on tournaments that are mostly drawn, by simulation."""

from __future__ import annotations

import numpy as np
import pytest

from lessons_lib.arena.coverage import (
    coverage_of_ends, exact_coverage, first_non_monotone, interval_ends, lowest_coverage, mean_width, rate_grid,
    simulated_elo_coverage,
)
from lessons_lib.arena.score_intervals import (
    at_most_chance, exact_bound, normal_interval, plug_in_interval, score_interval, sign_test, wilson_interval,
)

GAMES = (10, 20, 40, 100, 200, 400)
"""Numbers of games the lessons use, from a short match to lesson 10's 400."""
RATES = rate_grid()


def points_interval(wins: int, draws: int, losses: int) -> tuple[float, float]:
    return wilson_interval(wins + draws / 2, wins + draws + losses)


@pytest.mark.parametrize("games", GAMES)
def test_the_score_interval_holds_93_percent_at_every_rate_and_95_on_average(games: int) -> None:
    low, high = interval_ends(score_interval, games)
    coverage = coverage_of_ends(low, high, games, RATES)
    worst = int(coverage.argmin())
    assert coverage[worst] >= 0.93, f"{coverage[worst]:.4f} at {RATES[worst]}"
    assert coverage.mean() >= 0.95
    wilson_low, wilson_high = interval_ends(points_interval, games)
    for rates in RATES:  # never absurdly wide: at most a fifth wider than the points counted as wins and losses
        assert mean_width(low, high, games, rates) <= 1.2 * mean_width(wilson_low, wilson_high, games, rates)


@pytest.mark.parametrize("games", (10, 20, 40))
def test_the_score_interval_holds_95_percent_even_next_to_its_ends(games: int) -> None:
    """A coverage dips just beyond an end of some record's interval; those rates are tried too."""
    lowest, rates = lowest_coverage(score_interval, games)
    assert lowest >= 0.95, f"{lowest:.4f} at {rates}"


def test_the_enumeration_catches_the_intervals_that_fail() -> None:
    """The issue's figures for the earlier interval, and the normal interval's collapse: the test can fail."""
    assert exact_coverage(plug_in_interval, 200, [(0.015, 0.985, 0.0)])[0] == pytest.approx(0.848, abs=0.001)
    assert exact_coverage(plug_in_interval, 20, [(0.10, 0.85, 0.05)])[0] == pytest.approx(0.897, abs=0.001)
    assert exact_coverage(plug_in_interval, 200, [(0.01, 0.985, 0.005)])[0] == pytest.approx(0.907, abs=0.001)
    assert exact_coverage(normal_interval, 20, [(0.02, 0.98, 0.0)])[0] < 0.8
    assert first_non_monotone(plug_in_interval, 20) == ((0, 20, 0), (1, 19, 0))
    assert lowest_coverage(points_interval, 10)[0] < 0.84  # Wilson's dip next to an end, between grid rates


@pytest.mark.parametrize("games", (10, 20, 60, 200))
def test_a_better_result_never_lowers_an_end(games: int) -> None:
    assert first_non_monotone(score_interval, games) is None


def test_the_records_the_issue_names() -> None:
    for better, worse in (((1, 19, 0), (0, 20, 0)), ((0, 6, 0), (0, 5, 1))):
        assert score_interval(*better)[0] >= score_interval(*worse)[0]
        assert score_interval(*better)[1] >= score_interval(*worse)[1]
    low, high = score_interval(3, 197, 0)
    assert low < 0.5 < high and sign_test(3, 0) == pytest.approx(0.25)


def test_each_exact_bound_misses_at_most_its_tail() -> None:
    for trials in (5, 20, 77):
        for rate in np.linspace(0.0, 1.0, 41):
            chances = [at_most_chance(k, trials, rate) - (at_most_chance(k - 1, trials, rate) if k else 0.0)
                       for k in range(trials + 1)]
            missed_above = sum(c for k, c in enumerate(chances) if exact_bound(k, trials, upper=True) < rate - 1e-12)
            missed_below = sum(c for k, c in enumerate(chances) if exact_bound(k, trials, upper=False) > rate + 1e-12)
            assert missed_above <= 0.025 + 1e-9 and missed_below <= 0.025 + 1e-9
    assert exact_bound(0, 20, upper=True) == pytest.approx(1 - 0.025 ** (1 / 20))
    with pytest.raises(ValueError, match="not a record"):
        exact_bound(3, 2, upper=True)


def test_the_sign_test() -> None:
    assert sign_test(0, 0) == 1.0 and sign_test(5, 5) == 1.0
    assert sign_test(4, 0) == pytest.approx(0.125) and sign_test(0, 4) == pytest.approx(0.125)
    assert sign_test(24, 0) == pytest.approx(2 * 0.5 ** 24)
    assert sign_test(9, 1) == pytest.approx(2 * 11 / 1024)


@pytest.mark.parametrize(("draw_rate", "games"), [(0.95, 20), (0.85, 10)])
def test_elo_intervals_hold_on_tournaments_that_are_mostly_drawn(draw_rate: float, games: int) -> None:
    """Lesson 11's shape: four generations around MCTS, 20 games a pairing, nearly all drawn (60 tournaments,
    240 intervals: 95% coverage would fall below 90% by chance about once in 400 seeds)."""
    true_elo = {"mcts": 0.0, "g1": 30.0, "g2": 60.0, "g3": 60.0, "g4": 90.0}
    pairings = [("g1", "mcts"), ("g2", "mcts"), ("g3", "mcts"), ("g4", "mcts"), ("g2", "g1"), ("g4", "g3")]
    assert simulated_elo_coverage(true_elo, "mcts", pairings, games, draw_rate, 60, seed=3) >= 0.9


@pytest.mark.parametrize("record", [(1.5, 2, 3), (True, 1, 1), (-1, 2, 3), (10 ** 400, 0, 0), ("3", 0, 0)])
def test_a_record_that_is_not_one_gets_one_short_line(record: tuple[object, object, object]) -> None:
    with pytest.raises(ValueError, match="is not a number of games") as raised:
        score_interval(*record)  # type: ignore[arg-type]
    assert len(str(raised.value)) < 100
    with pytest.raises(ValueError, match="is not a number of games"):
        sign_test(*record[::2])  # type: ignore[arg-type]


def test_large_records_are_bounded_as_exactly_as_small_ones() -> None:
    low, high = score_interval(300, 20000, 200)
    assert low < (300 + 10000) / 20500 < high and high - low < 0.005
    assert score_interval(np.int64(3), np.int64(197), 0) == score_interval(3, 197, 0)
