"""How often an interval for a score holds, computed exactly: every record of ``n`` games, weighed by its chance.

A record of ``n`` games is ``wins-draws-losses``; under true rates ``(p_win, p_draw, p_loss)`` its chance is the
trinomial's. An interval's **coverage** at those rates is the total chance of the records whose interval holds the
true mean score ``p_win + p_draw / 2``. Nothing here is simulated: each figure is a finite sum.

>>> from lessons_lib.arena.score_intervals import plug_in_interval, score_interval
>>> mostly_drawn = [(0.015, 0.985, 0.0)]  # 200 games: the earlier interval holds 84.8% of the time
>>> [round(float(exact_coverage(way, 200, mostly_drawn)[0]), 3) for way in (plug_in_interval, score_interval)]
[0.848, 1.0]
>>> first_non_monotone(plug_in_interval, 20), first_non_monotone(score_interval, 20)
(((0, 20, 0), (1, 19, 0)), None)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence

import numpy as np
import numpy.typing as npt

from lessons_lib.arena.ratings import Score, elo_intervals, expected_score

Interval = Callable[[int, int, int], tuple[float, float]]
Rates = tuple[float, float, float]
FloatArray = npt.NDArray[np.float64]
Ends = tuple[FloatArray, FloatArray]

DRAW_RATES = (0.0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.85, 0.9, 0.95, 0.98, 0.99)
"""The draw rates the tests and the benchmark look at: none to nearly all games."""
_NEAR_ZERO = (0.0, 0.0001, 0.0003, 0.001, 0.002, 0.003, 0.005, 0.0075, 0.01, 0.015, 0.02, 0.03, 0.05, 0.075, 0.1,
              0.15, 0.2, 0.25, 0.3, 0.35, 0.4, 0.45)
WIN_SHARES = (*_NEAR_ZERO, 0.5, *(round(1 - share, 12) for share in reversed(_NEAR_ZERO)))
"""Shares of the decisive games that are wins, thick near 0 and 1 where intervals tend to fail."""
TOLERANCE = 1e-12
"""How far outside an interval a true score may lie and still count as inside (the ends' rounding)."""


def rate_grid(draw_rates: Iterable[float] = DRAW_RATES, win_shares: Iterable[float] = WIN_SHARES) -> list[Rates]:
    """Every ``(p_win, p_draw, p_loss)`` with a draw rate and a share of wins among the decisive games from the lists.

    >>> rate_grid([0.5], [0.2])
    [(0.1, 0.5, 0.4)]
    """
    shares = list(win_shares)
    return [(round((1 - draw) * share, 12), draw, round((1 - draw) * (1 - share), 12))
            for draw in draw_rates for share in shares]


def interval_ends(interval: Interval, games: int) -> Ends:
    """The low and high ends of ``interval`` for every record of ``games`` games, indexed ``[wins, losses]``
    (NaN where ``wins + losses > games``)."""
    low = np.full((games + 1, games + 1), np.nan)
    high = np.full((games + 1, games + 1), np.nan)
    for wins in range(games + 1):
        for losses in range(games + 1 - wins):
            low[wins, losses], high[wins, losses] = interval(wins, games - wins - losses, losses)
    return low, high


def record_chances(games: int, rates: Rates) -> FloatArray:
    """The chance of every record of ``games`` games under ``rates``, indexed ``[wins, losses]`` (0 where none)."""
    p_win, p_draw, p_loss = rates
    log_factorial = np.array([math.lgamma(k + 1) for k in range(games + 1)])
    wins = np.arange(games + 1)[:, None]
    losses = np.arange(games + 1)[None, :]
    draws = games - wins - losses
    possible = draws >= 0
    draws = np.where(possible, draws, 0)
    log_chance = log_factorial[games] - log_factorial[wins] - log_factorial[losses] - log_factorial[draws]
    for count, rate in ((wins, p_win), (draws, p_draw), (losses, p_loss)):
        log_chance = log_chance + _log_power(count, rate)
    chances: FloatArray = np.where(possible, np.exp(log_chance), 0.0)
    return chances


def _log_power(count: npt.NDArray[np.int64], rate: float) -> FloatArray:
    """``count · log(rate)``, with ``0 · log(0) = 0``."""
    if rate > 0:
        return np.asarray(count * math.log(rate), dtype=np.float64)
    return np.asarray(np.where(count > 0, -np.inf, 0.0), dtype=np.float64)


def exact_coverage(interval: Interval, games: int, rates: Sequence[Rates]) -> FloatArray:
    """The coverage of ``interval`` over ``games`` games at each of ``rates`` (see the module)."""
    low, high = interval_ends(interval, games)
    return coverage_of_ends(low, high, games, rates)


def coverage_of_ends(low: FloatArray, high: FloatArray, games: int, rates: Sequence[Rates]) -> FloatArray:
    """:func:`exact_coverage` from ends already computed by :func:`interval_ends`."""
    result = np.empty(len(rates))
    for index, rate in enumerate(rates):
        mean = rate[0] + rate[1] / 2
        with np.errstate(invalid="ignore"):
            holds = (low <= mean + TOLERANCE) & (high >= mean - TOLERANCE)
        result[index] = float((record_chances(games, rate) * holds).sum())
    return result


def edge_rates(low: FloatArray, high: FloatArray, draw_rate: float, step: float = 1e-9) -> list[Rates]:
    """Rates at ``draw_rate`` whose mean score lies just beyond an end of some record's interval (``step`` either
    side): a coverage is lowest next to an end, where a record's interval stops holding the mean, so these find the
    dips a grid of rates steps over."""
    ends = np.unique(np.concatenate([low[np.isfinite(low)], high[np.isfinite(high)]]))
    means = np.concatenate([ends - step, ends + step])
    feasible = means[(means >= draw_rate / 2) & (means <= 1 - draw_rate / 2)]
    return [(float(mean - draw_rate / 2), draw_rate, float(1 - draw_rate / 2 - mean)) for mean in feasible]


def lowest_coverage(interval: Interval, games: int, draw_rates: Iterable[float] = DRAW_RATES,
                    ends: Ends | None = None) -> tuple[float, Rates]:
    """The lowest coverage of ``interval`` over ``games`` games, and where: over :func:`rate_grid` and, at each draw
    rate, just beyond every end of every record's interval (:func:`edge_rates`). ``ends``: the interval's
    :func:`interval_ends`, if already computed."""
    low, high = ends if ends is not None else interval_ends(interval, games)
    rates = rate_grid(draw_rates)
    for draw_rate in draw_rates:
        rates += edge_rates(low, high, draw_rate)
    return worst_of(coverage_of_ends(low, high, games, rates), rates)


def worst_of(coverage: FloatArray, rates: Sequence[Rates]) -> tuple[float, Rates]:
    """The lowest coverage and its rates; of rates whose coverage ties to 10 decimals (mirror images, often), the one
    with the fewest wins, so that rounding noise never picks the other."""
    lowest = round(float(coverage.min()), 10)
    worst = min((rates[index] for index in range(len(rates)) if round(float(coverage[index]), 10) == lowest))
    return float(coverage.min()), worst


def mean_width(low: FloatArray, high: FloatArray, games: int, rates: Rates) -> float:
    """The interval's expected width at ``rates``: each record's width weighed by its chance."""
    return float(np.nansum(record_chances(games, rates) * (high - low)))


def first_non_monotone(interval: Interval, games: int,
                       ends: Ends | None = None) -> tuple[tuple[int, int, int], tuple[int, int, int]] | None:
    """A pair of records ``(before, after)`` of ``games`` games where a draw turned into a win, or a loss into a
    draw, lowers an end of ``interval``; None if there is none (every record is tried). ``ends``: the interval's
    :func:`interval_ends`, if already computed."""
    low, high = ends if ends is not None else interval_ends(interval, games)
    for wins in range(games + 1):
        for losses in range(games + 1 - wins):
            before = (wins, games - wins - losses, losses)
            for after_wins, after_losses in ((wins + 1, losses), (wins, losses - 1)):
                if after_losses < 0 or after_wins + after_losses > games:
                    continue
                if (low[after_wins, after_losses] < low[wins, losses] - TOLERANCE
                        or high[after_wins, after_losses] < high[wins, losses] - TOLERANCE):
                    return before, (after_wins, games - after_wins - after_losses, after_losses)
    return None


def simulated_tournament(true_elo: dict[str, float], pairings: Sequence[tuple[str, str]], games: int,
                         draw_rate: float, rng: np.random.Generator) -> list[Score]:
    """Games of every pairing drawn from the Elo model, each drawn with chance ``draw_rate`` where the expected
    score allows it (a draw rate above twice the weaker side's expected score is lowered to it)."""
    scores = []
    for first, second in pairings:
        expected = expected_score(true_elo[first] - true_elo[second])
        drawn = min(draw_rate, 2 * min(expected, 1 - expected))
        won = expected - drawn / 2
        for chance in rng.random(games):
            scores.append(Score(first, second, 1.0 if chance < won else 0.5 if chance < won + drawn else 0.0))
    return scores


def simulated_elo_coverage(true_elo: dict[str, float], baseline: str, pairings: Sequence[tuple[str, str]],
                           games: int, draw_rate: float, tournaments: int, seed: int) -> float:
    """The share of every player's :func:`~lessons_lib.arena.ratings.elo_intervals` (the baseline's aside) that
    hold its true rating relative to the baseline, over ``tournaments`` simulated tournaments (a simulation, not a
    sum: the share varies with ``seed`` by about ``√(0.05 · 0.95 / intervals)``)."""
    rng = np.random.default_rng(seed)
    held = tried = 0
    for _ in range(tournaments):
        intervals = elo_intervals(simulated_tournament(true_elo, pairings, games, draw_rate, rng), baseline,
                                  list(true_elo))
        for name, (low, high) in intervals.items():
            if name != baseline:
                truth = true_elo[name] - true_elo[baseline]
                held += low - TOLERANCE <= truth <= high + TOLERANCE
                tried += 1
    return held / tried
