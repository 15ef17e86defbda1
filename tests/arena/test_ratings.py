"""Ratings: Bradley-Terry Elo recovers known strengths; intervals and Wilson intervals behave."""

from __future__ import annotations

import numpy as np
import pytest

from hypothesis import given, settings
from hypothesis import strategies as st

from lessons_lib.arena.ratings import (
    Score, dispersion, elo_intervals, expected_score, fit_elo, score_interval, wilson_interval,
)
from lessons_lib.arena.score_intervals import exact_bound

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
               for name, (low, high) in elo_intervals(synthetic_games(150, seed), "base").items()
               if name != "base"]
    assert 0.88 <= sum(covered) / len(covered)


def test_the_intervals_narrow_with_more_games() -> None:
    few = elo_intervals(synthetic_games(60, seed=2), "base")
    many = elo_intervals(synthetic_games(600, seed=2), "base")
    for name in TRUE_ELO:
        if name != "base":
            assert many[name][1] - many[name][0] < (few[name][1] - few[name][0]) / 2
    assert few["base"] == (0.0, 0.0)


def test_draws_make_the_interval_narrower_at_the_same_score() -> None:
    decisive = [Score("a", "b", 1.0)] * 30 + [Score("a", "b", 0.0)] * 30
    drawn = [Score("a", "b", 1.0)] * 6 + [Score("a", "b", 0.0)] * 6 + [Score("a", "b", 0.5)] * 48
    wide, narrow = elo_intervals(decisive, "b")["a"], elo_intervals(drawn, "b")["a"]
    assert fit_elo(decisive, "b")["a"] == pytest.approx(0, abs=1e-6) == fit_elo(drawn, "b")["a"]
    assert narrow[1] - narrow[0] < 0.6 * (wide[1] - wide[0])
    assert dispersion(decisive, "b") == pytest.approx(1.0, abs=0.05)
    assert dispersion(drawn, "b") == pytest.approx(0.33, abs=0.02)  # 1 - the least draw rate 48 draws in 60 allow


def test_a_clean_sweep_gives_a_finite_rating_inside_a_finite_wide_interval() -> None:
    for games in ([Score("a", "b", 1.0)] * 2, [Score("a", "b", 1.0)] * 20, [Score("b", "a", 0.0)] * 5):
        rating = fit_elo(games, "b")["a"]
        low, high = elo_intervals(games, "b")["a"]
        assert low < rating < high < 3000
    low, high = elo_intervals([Score("a", "b", 1.0)] * 2, "b")["a"]
    assert low < 0 and high - low > 400  # two games say little
    assert elo_intervals([Score("a", "b", 1.0)] * 20, "b")["a"][0] > 200


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.sampled_from("abcd"), st.sampled_from("abcd"), st.sampled_from([0.0, 0.5, 1.0]))
                .filter(lambda game: game[0] != game[1]), min_size=1, max_size=30),
       st.sampled_from("abcd"))
def test_every_interval_contains_its_estimate(games: list[tuple[str, str, float]], baseline: str) -> None:
    scores = [Score(*game) for game in games]
    players = sorted({name for game in games for name in game[:2]} | {baseline})
    if all(baseline not in game[:2] for game in games):
        with pytest.raises(ValueError, match="has played no game"):
            elo_intervals(scores, baseline, players)
        return
    ratings = fit_elo(scores, baseline, players)
    for name, (low, high) in elo_intervals(scores, baseline, players).items():
        assert low - 1e-6 <= ratings[name] <= high + 1e-6, name
        assert (low, high) == (0.0, 0.0) if name == baseline else low < high


def test_a_self_play_control_is_near_zero() -> None:
    rng = np.random.default_rng(4)
    games = [Score("agent", "copy", float(rng.choice([0.0, 0.5, 1.0]))) for _ in range(400)]
    assert abs(fit_elo(games, "agent")["copy"]) < 40
    low, high = elo_intervals(games, "agent")["copy"]
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


def test_the_score_interval_is_clopper_pearsons_without_draws_and_narrower_with_many() -> None:
    low, high = score_interval(31, 0, 1)  # 09's Hus record
    assert (low, high) == pytest.approx((exact_bound(31, 32, upper=False), exact_bound(31, 32, upper=True)))
    assert (low, high) == pytest.approx((0.838, 0.999), abs=0.001)
    assert score_interval(12, 0, 0)[0] == pytest.approx(0.025 ** (1 / 12)) and score_interval(12, 0, 0)[1] == 1.0
    low, high = score_interval(25, 175, 0)  # draws: narrower than the points counted as wins and losses
    wide_low, wide_high = wilson_interval(25 + 175 / 2, 200)
    assert wide_low < low < 0.5625 < high < wide_high and high - low == pytest.approx(0.057, abs=0.002)
    assert score_interval(0, 20, 0) == pytest.approx((0.416, 0.584), abs=0.001)  # all drawn: a width, not a point
    assert score_interval(0, 0, 0) == (0.0, 1.0)
    with pytest.raises(ValueError, match="not a number of games"):
        score_interval(-1, 3, 0)


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 60), st.integers(0, 60), st.integers(0, 60))
def test_a_score_interval_holds_its_score_and_reaches_an_end_only_from_it(wins: int, draws: int, losses: int) -> None:
    games = wins + draws + losses
    low, high = score_interval(wins, draws, losses)
    if games == 0:
        assert (low, high) == (0.0, 1.0)
        return
    score = (wins + draws / 2) / games
    assert 0.0 <= low <= score <= high <= 1.0 and low < high
    assert (high == pytest.approx(1.0)) == (losses == draws == 0)
    assert (low == pytest.approx(0.0, abs=1e-12)) == (wins == draws == 0)


def test_draws_elsewhere_do_not_narrow_a_players_interval() -> None:
    decisive = [Score("a", "b", 1.0)] * 30 + [Score("a", "b", 0.0)] * 10
    alone = elo_intervals(decisive, "b")["a"]
    among_draws = elo_intervals(decisive + [Score("c", "d", 0.5)] * 400 + [Score("c", "b", 0.5)], "b")["a"]
    assert among_draws == pytest.approx(alone, abs=1.0)


def test_a_player_without_games_is_unknown_and_a_baseline_without_games_is_refused() -> None:
    games = [Score("a", "b", 1.0)] * 3
    assert elo_intervals(games, "b", players=["a", "b", "idle"])["idle"] == (-np.inf, np.inf)
    with pytest.raises(ValueError, match="has played no game"):
        elo_intervals(games, "idle", players=["a", "b", "idle"])


def test_the_dispersion_is_the_larger_of_the_spread_shown_and_the_spread_the_draws_allow() -> None:
    from lessons_lib.arena.ratings import _dispersion_of
    upsets = _dispersion_of(np.array([1.0, 0.0, 1.0, 0.0]), np.array([0.1, 0.9, 0.1, 0.9]))
    assert upsets == pytest.approx(9.0)  # results far from what the ratings expect: wider than binomial
    drawn = np.array([0.5] * 19 + [1.0])
    allowed = _dispersion_of(drawn, np.full(20, 0.5))
    least = exact_bound(19, 20, upper=False)
    assert allowed == pytest.approx(1 - least)
    assert allowed > ((drawn - 0.5) ** 2).sum() / 5  # one win among draws: more than the 0.05 shown
