"""Strength ratings from game results: a Bradley-Terry fit on the Elo scale, with intervals.

The Bradley-Terry model says player ``i`` scores against player ``j`` with
probability ``1 / (1 + 10 ** ((elo_j - elo_i) / 400))``. :func:`fit_elo` finds the
ratings that make the observed results most likely (a draw counts as half a win
and half a loss), over all games at once, so players who never met are still
placed on one scale through common opponents. Only differences mean anything,
so one named baseline is set to 0.

Two priors keep ratings finite when a player wins or loses every game: one
virtual draw between every two players who met (as in Rémi Coulom's BayesElo),
and a very weak normal prior on every log-strength (standard deviation 10, about
1,700 Elo) for players with no common opponent. With 40 games a pairing the
virtual draw moves a rating by a few Elo at most.

The intervals come from a parametric bootstrap: every game is played again by
drawing its result from the fitted ratings (keeping the pairing's draw rate), and
the ratings are refitted, many times. Resampling the games themselves would give
a pairing won 2-0 an interval of zero width.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

ELO_PER_NATURAL_UNIT = 400 / math.log(10)
PRIOR_PRECISION = 0.01
PRIOR_DRAWS = 1.0
Z_95 = 1.959963984540054

FloatArray = npt.NDArray[np.float64]
IntArray = npt.NDArray[np.int64]


@dataclass(frozen=True)
class Score:
    """One game between ``first`` and ``second``: ``first``'s points (1, 0.5 or 0)."""

    first: str
    second: str
    points: float


def fit_elo(scores: Sequence[Score], baseline: str, players: Sequence[str] | None = None) -> dict[str, float]:
    """The maximum-likelihood Elo ratings of every player, with ``baseline`` at 0.

    >>> games = [Score("a", "b", 1), Score("a", "b", 1), Score("a", "b", 0)] * 10
    >>> ratings = fit_elo(games, baseline="b")
    >>> round(ratings["a"])  # scoring 2/3 is 120 Elo; 116 with the virtual draw (20.5 of 31)
    116
    """
    names = _players(scores, baseline, players)
    index = {name: position for position, name in enumerate(names)}
    first = np.array([index[s.first] for s in scores], dtype=np.int64)
    second = np.array([index[s.second] for s in scores], dtype=np.int64)
    points = np.array([s.points for s in scores], dtype=np.float64)
    ratings = _fit(len(names), first, second, points)
    ratings = (ratings - ratings[index[baseline]]) * ELO_PER_NATURAL_UNIT
    return {name: float(ratings[index[name]]) for name in names}


def bootstrap_elo(scores: Sequence[Score], baseline: str, resamples: int = 500, seed: int = 0,
                  players: Sequence[str] | None = None) -> dict[str, tuple[float, float]]:
    """A 95% interval for each player's Elo, by a seeded parametric bootstrap (see the module).

    The baseline's interval is (0, 0) by definition.
    """
    names = _players(scores, baseline, players)
    index = {name: position for position, name in enumerate(names)}
    first = np.array([index[s.first] for s in scores], dtype=np.int64)
    second = np.array([index[s.second] for s in scores], dtype=np.int64)
    points = np.array([s.points for s in scores], dtype=np.float64)
    strengths = _fit(len(names), first, second, points)
    expected = 1.0 / (1.0 + np.exp(strengths[second] - strengths[first]))
    pairing = np.minimum(first, second) * len(names) + np.maximum(first, second)
    draw_rate = np.zeros(len(scores))
    for value in np.unique(pairing):
        games = pairing == value
        draw_rate[games] = np.count_nonzero(points[games] == 0.5) / (np.count_nonzero(games) + 1)
    win_rate = np.clip(expected - draw_rate / 2, 0.0, 1.0 - draw_rate)
    rng = np.random.default_rng(seed)
    samples = np.empty((resamples, len(names)))
    for row in range(resamples):
        draw = rng.random(len(scores))
        simulated = np.where(draw < win_rate, 1.0, np.where(draw < win_rate + draw_rate, 0.5, 0.0))
        fitted = _fit(len(names), first, second, simulated)
        samples[row] = (fitted - fitted[index[baseline]]) * ELO_PER_NATURAL_UNIT
    low, high = np.percentile(samples, [2.5, 97.5], axis=0)
    return {name: (float(low[index[name]]), float(high[index[name]])) for name in names}


def wilson_interval(successes: float, trials: int, z: float = Z_95) -> tuple[float, float]:
    """The Wilson score interval (95% by default) for a rate of ``successes`` in ``trials``.

    >>> low, high = wilson_interval(5, 10)
    >>> round(low, 3), round(high, 3)
    (0.237, 0.763)
    """
    if trials == 0:
        return 0.0, 1.0
    rate = successes / trials
    denominator = 1 + z * z / trials
    centre = (rate + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(rate * (1 - rate) / trials + z * z / (4 * trials * trials)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def score_interval(wins: int, draws: int, losses: int, z: float = Z_95) -> tuple[float, float]:
    """A 95% interval (by default) for a player's mean score in games won, drawn and lost, draws counting ½.

    The normal interval of the mean of the games' scores, with their own spread: many draws make the
    scores vary less than wins and losses would, and the interval narrower than a Wilson interval of
    the points, which treats every game as a win or a loss. When every game had the same result (no
    spread to measure) it is the Wilson interval of the points, which does not shrink to a point.

    >>> low, high = score_interval(25, 175, 0)
    >>> round(low, 3), round(high, 3)
    (0.54, 0.585)
    >>> score_interval(10, 0, 0) == wilson_interval(10, 10)
    True
    """
    games = wins + draws + losses
    if games == 0:
        return 0.0, 1.0
    mean = (wins + draws / 2) / games
    variance = (wins * (1 - mean) ** 2 + draws * (0.5 - mean) ** 2 + losses * mean ** 2) / games
    if variance == 0:
        return wilson_interval(wins + draws / 2, games, z)
    half = z * math.sqrt(variance / games)
    return max(0.0, mean - half), min(1.0, mean + half)


def expected_score(elo_difference: float) -> float:
    """The points a player expects per game against one rated ``elo_difference`` lower.

    >>> expected_score(0), round(expected_score(400), 3)
    (0.5, 0.909)
    """
    return 1 / (1 + 10 ** (-elo_difference / 400))


def _players(scores: Sequence[Score], baseline: str, players: Sequence[str] | None) -> list[str]:
    names = list(players) if players is not None else []
    for score in scores:
        for name in (score.first, score.second):
            if name not in names:
                names.append(name)
    if baseline not in names:
        raise ValueError(f"the baseline {baseline!r} is not one of the players: {', '.join(names)}")
    return names


def _fit(count: int, first: IntArray, second: IntArray, points: FloatArray) -> FloatArray:
    """Log-strengths maximising the Bradley-Terry likelihood (with the weak prior), by Newton's method."""
    games = np.zeros((count, count))
    won = np.zeros((count, count))
    np.add.at(games, (first, second), 1.0)
    np.add.at(games, (second, first), 1.0)
    np.add.at(won, (first, second), points)
    np.add.at(won, (second, first), 1.0 - points)
    met = games > 0
    games[met] += PRIOR_DRAWS
    won[met] += PRIOR_DRAWS / 2
    strengths = np.zeros(count)
    for _ in range(200):
        expected = 1.0 / (1.0 + np.exp(strengths[None, :] - strengths[:, None]))  # i's chance against j
        gradient = (won - games * expected).sum(axis=1) - PRIOR_PRECISION * strengths
        curvature = games * expected * (1.0 - expected)
        hessian = curvature - np.diag(curvature.sum(axis=1) + PRIOR_PRECISION)
        step = np.linalg.solve(hessian, gradient)
        step = np.clip(step, -2.0, 2.0)  # damped: a lopsided start cannot overshoot
        strengths = strengths - step
        if np.abs(step).max() < 1e-10:
            break
    return strengths
