"""Strength ratings from game results: a Bradley-Terry fit on the Elo scale, with intervals.

The Bradley-Terry model says player ``i`` scores against player ``j`` with
probability ``1 / (1 + 10 ** ((elo_j - elo_i) / 400))``. :func:`fit_elo` finds the
ratings that make the observed results most likely (a draw counts as half a win
and half a loss), over all games at once, so players who never met are still
placed on one scale through common opponents. Only differences mean anything,
so one named baseline is set to 0, and every interval is relative to it.

A player who wins every game would be infinitely strong by likelihood alone, so the
fit adds a prior (it is a maximum a posteriori estimate, not maximum likelihood):
one virtual draw between every two players who met (as in Rémi Coulom's BayesElo),
and a very weak normal prior on every log-strength (standard deviation 10, about
1,700 Elo) for players with no common opponent. A pairing's virtual draw weighs as
much as one real game, so it moves a 2-0 record from infinity to about +276 Elo, and
a pairing of 40 games by a few Elo unless one side won nearly all of them (39-1: from
+636 to +566).

:func:`elo_intervals` gives 95% profile-likelihood intervals: the ratings whose best
fit (all other ratings refitted) is not much less likely than the estimate's. They
always contain the estimate. Draws make results less noisy than wins and losses
alone would be (a draw is never far from the expected score), so the drop allowed in
the log-likelihood is scaled by the dispersion of the player's own games
(:func:`dispersion`). The spread the scores show is not enough: between strong players
the games are mostly draws, and a handful of decisive games makes it far too small. So
the dispersion is never below the most the scores can spread with the draw rate at its
exact lower bound (as in :func:`~lessons_lib.arena.score_intervals.exact_bound`), and a
handful of decisive games among many draws widens the interval as it should.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from lessons_lib.arena.score_intervals import TAIL_95, Z_95, exact_bound, score_interval, wilson_interval

ELO_PER_NATURAL_UNIT = 400 / math.log(10)
PRIOR_PRECISION = 0.01
PRIOR_DRAWS = 1.0
LEAST_DISPERSION = 0.01
"""The dispersion's floor: even games that are all drawn leave the rating some room."""

FloatArray = npt.NDArray[np.float64]
__all__ = ["Score", "Z_95", "dispersion", "elo_intervals", "expected_score", "fit_elo", "score_interval",
           "wilson_interval"]


@dataclass(frozen=True)
class Score:
    """One game between ``first`` and ``second``: ``first``'s points (1, 0.5 or 0)."""

    first: str
    second: str
    points: float


def fit_elo(scores: Sequence[Score], baseline: str, players: Sequence[str] | None = None) -> dict[str, float]:
    """The Elo ratings of every player (the prior's maximum a posteriori; see the module), ``baseline`` at 0.

    >>> games = [Score("a", "b", 1), Score("a", "b", 1), Score("a", "b", 0)] * 10
    >>> ratings = fit_elo(games, baseline="b")
    >>> round(ratings["a"])  # scoring 2/3 is 120 Elo; 116 with the virtual draw (20.5 of 31)
    116
    """
    table = _Table(scores, baseline, players)
    strengths = table.fit()
    return table.elo(strengths)


def elo_intervals(scores: Sequence[Score], baseline: str, players: Sequence[str] | None = None,
                  z: float = Z_95) -> dict[str, tuple[float, float]]:
    """A 95% profile-likelihood interval (by default) for each player's Elo relative to ``baseline``.

    For each player, the interval holds the ratings ``r`` at which the log-likelihood (with the prior), maximised
    over every other rating with this player held at ``r``, is within ``z**2 / 2`` times the :func:`dispersion`
    of the player's own games of its maximum. The estimate is always inside; a perfect record gets a finite
    interval, as wide as the prior and the few games allow. The baseline's interval is (0, 0) by definition, and
    a player with no games has the interval (-inf, inf): nothing is known of it.

    Raises:
        ValueError: the baseline is not one of the players, or has played no game while others have.

    >>> low, high = elo_intervals([Score("a", "b", 1)] * 2, "b")["a"]
    >>> low < fit_elo([Score("a", "b", 1)] * 2, "b")["a"] < high
    True
    """
    table = _Table(scores, baseline, players)
    best = table.fit()
    top = table.log_likelihood(best)
    expected = table.expected(best)
    intervals = {}
    for name, player in table.index.items():
        if player == table.base:
            intervals[name] = (0.0, 0.0)
            continue
        own = (table.first == player) | (table.second == player)
        if not own.any():
            intervals[name] = (-math.inf, math.inf)
            continue
        drop = z * z / 2 * _dispersion_of(table.points[own], expected[own])
        estimate = float(best[player] - best[table.base])
        ends = [_interval_end(table, player, estimate, direction, top - drop) for direction in (-1.0, 1.0)]
        intervals[name] = (ends[0] * ELO_PER_NATURAL_UNIT, ends[1] * ELO_PER_NATURAL_UNIT)
    return intervals


def _interval_end(table: _Table, player: int, estimate: float, direction: float, lowest: float) -> float:
    """Where, going from ``estimate`` in ``direction``, the profile log-likelihood of ``player``'s difference from
    the baseline (natural units) falls to ``lowest``: step out until it has, then halve the bracket."""
    def inside(difference: float) -> bool:
        return table.log_likelihood(table.fit(fixed=(player, difference))) >= lowest

    near, far = estimate, estimate + direction
    while inside(far):
        near, far = far, far + 2 * (far - estimate)
    for _ in range(50):
        middle = (near + far) / 2
        near, far = (middle, far) if inside(middle) else (near, middle)
    return (near + far) / 2


def dispersion(scores: Sequence[Score], baseline: str, players: Sequence[str] | None = None) -> float:
    """How spread the games' scores are, relative to games that are all won or lost (1 for those): the larger
    of what they show and what their draws cannot rule out.

    **Shown**: the squared differences between each game's score and its expected score ``e`` under the fitted
    ratings, over their sum had every game been won or lost (``e (1 − e)`` each); above 1 when the results vary
    more than the ratings explain. **Not ruled out**: a game drawn with chance ``p`` varies ``e (1 − e) − p / 4``
    around ``e``; with the draw rate at its exact lower bound (missing with chance 2.5%), the same ratio of sums.
    It is about ``1 − draw rate`` between equal players with many games, and more with few. At least
    :data:`LEAST_DISPERSION`. :func:`elo_intervals` uses each player's own games.

    >>> round(dispersion([Score("a", "b", 0.5)] * 90 + [Score("a", "b", 1), Score("a", "b", 0)] * 5, "b"), 2)
    0.18
    """
    table = _Table(scores, baseline, players)
    return _dispersion_of(table.points, table.expected(table.fit()))


def _dispersion_of(points: FloatArray, expected: FloatArray) -> float:
    binomial = expected * (1 - expected)
    shown = float(((points - expected) ** 2).sum() / binomial.sum())
    least_draw_rate = exact_bound(int((points == 0.5).sum()), len(points), upper=False, tail=TAIL_95)
    not_ruled_out = float(np.maximum(0.0, binomial - least_draw_rate / 4).sum() / binomial.sum())
    return max(LEAST_DISPERSION, shown, not_ruled_out)


def expected_score(elo_difference: float) -> float:
    """The points a player expects per game against one rated ``elo_difference`` lower.

    >>> expected_score(0), round(expected_score(400), 3)
    (0.5, 0.909)
    """
    return 1 / (1 + 10 ** (-elo_difference / 400))


class _Table:
    """The games as arrays, and the prior's log-likelihood and its maximum (with one rating held, if asked)."""

    def __init__(self, scores: Sequence[Score], baseline: str, players: Sequence[str] | None) -> None:
        names = list(players) if players is not None else []
        for score in scores:
            for name in (score.first, score.second):
                if name not in names:
                    names.append(name)
        if baseline not in names:
            raise ValueError(f"the baseline {baseline!r} is not one of the players: {', '.join(names)}")
        self.index = {name: position for position, name in enumerate(names)}
        self.base = self.index[baseline]
        if scores and not any(baseline in (score.first, score.second) for score in scores):
            raise ValueError(f"the baseline {baseline!r} has played no game, so no rating can be measured from it")
        count = len(names)
        self.first = np.array([self.index[s.first] for s in scores], dtype=np.int64)
        self.second = np.array([self.index[s.second] for s in scores], dtype=np.int64)
        self.points = np.array([s.points for s in scores], dtype=np.float64)
        self.games = np.zeros((count, count))
        self.won = np.zeros((count, count))
        np.add.at(self.games, (self.first, self.second), 1.0)
        np.add.at(self.games, (self.second, self.first), 1.0)
        np.add.at(self.won, (self.first, self.second), self.points)
        np.add.at(self.won, (self.second, self.first), 1.0 - self.points)
        met = self.games > 0
        self.games[met] += PRIOR_DRAWS
        self.won[met] += PRIOR_DRAWS / 2

    def elo(self, strengths: FloatArray) -> dict[str, float]:
        return {name: float((strengths[i] - strengths[self.base]) * ELO_PER_NATURAL_UNIT)
                for name, i in self.index.items()}

    def expected(self, strengths: FloatArray) -> FloatArray:
        """Each game's expected score for its first player."""
        return 1.0 / (1.0 + np.exp(strengths[self.second] - strengths[self.first]))

    def log_likelihood(self, strengths: FloatArray) -> float:
        """Log-likelihood of the games and virtual draws, plus the normal prior's log-density (up to constants)."""
        difference = strengths[:, None] - strengths[None, :]
        log_chance = -np.logaddexp(0.0, -difference)  # log of i's chance against j
        return float((self.won * log_chance).sum() - PRIOR_PRECISION / 2 * (strengths ** 2).sum())

    def fit(self, fixed: tuple[int, float] | None = None) -> FloatArray:
        """Log-strengths maximising :meth:`log_likelihood` by Newton's method; with ``fixed = (player, d)``,
        among those where that player is ``d`` above the baseline.

        The held player's strength is written as the baseline's plus ``d``, so the free variables are the
        others' strengths: ``strengths = lift @ free + shift``.
        """
        count = len(self.index)
        lift = np.eye(count)
        shift = np.zeros(count)
        if fixed is not None:
            player, difference = fixed
            lift[player, self.base] = 1.0
            lift = np.delete(lift, player, axis=1)
            shift[player] = difference
        free = np.zeros(lift.shape[1])
        for _ in range(200):
            strengths = lift @ free + shift
            expected = 1.0 / (1.0 + np.exp(strengths[None, :] - strengths[:, None]))  # i's chance against j
            gradient = (self.won - self.games * expected).sum(axis=1) - PRIOR_PRECISION * strengths
            curvature = self.games * expected * (1.0 - expected)
            hessian = curvature - np.diag(curvature.sum(axis=1) + PRIOR_PRECISION)
            step = np.linalg.solve(lift.T @ hessian @ lift, lift.T @ gradient)
            step = np.clip(step, -2.0, 2.0)  # damped: a lopsided start cannot overshoot
            free = free - step
            if np.abs(step).max() < 1e-10:
                break
        result: FloatArray = lift @ free + shift
        return result
