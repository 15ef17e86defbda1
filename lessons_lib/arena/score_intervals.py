"""Intervals for a rate, and for a score made of wins, draws and losses, and the sign test on decisive games.

A player's mean score over games won, drawn and lost (a draw worth ½) is ``½ + (win rate − loss rate) / 2``.
:func:`score_interval` bounds the two rates apart, each with Clopper and Pearson's exact bound (:func:`exact_bound`),
and joins the bounds: the lowest score still plausible takes the lowest plausible win rate and the highest
plausible loss rate. It is exact where it matters most between strong players: when nearly every game is drawn,
the few decisive games are counted as what they are, a handful, and the interval does not pretend to know their
rate from the spread of the draws. Its coverage, computed by enumerating every record of a number of games, is in
:mod:`lessons_lib.arena.coverage`.

>>> low, high = score_interval(3, 197, 0)  # three wins in 200 games: not shown better
>>> round(low, 3), round(high, 3)
(0.492, 0.522)
>>> round(sign_test(3, 0), 6)  # the same record, read by its decisive games alone
0.25
"""

from __future__ import annotations

import math
from functools import lru_cache

import numpy as np

Z_95 = 1.959963984540054
TAIL_95 = 0.025
"""The chance each one-sided bound of a 95% interval may miss."""
MOST_GAMES = 10_000_000
"""The most games a record may count: more would take long to bound and are not a match anyone plays."""


def wilson_interval(successes: float, trials: float, z: float = Z_95) -> tuple[float, float]:
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
    low = 0.0 if successes <= 0 else max(0.0, centre - half)  # exact ends, whatever the rounding
    high = 1.0 if successes >= trials else min(1.0, centre + half)
    return low, high


def at_most_chance(successes: int, trials: int, rate: float) -> float:
    """The chance of at most ``successes`` in ``trials`` independent tries that each succeed at ``rate``.

    >>> round(at_most_chance(0, 2, 0.5), 6), round(at_most_chance(1, 2, 0.5), 6)
    (0.25, 0.75)
    """
    if successes >= trials or rate <= 0.0:
        return 1.0
    if rate >= 1.0:
        return 0.0
    counts = np.arange(1, successes + 1, dtype=np.float64)
    log_ways = np.concatenate([[0.0], np.cumsum(np.log((trials - counts + 1) / counts))])  # log C(trials, k)
    ks = np.arange(successes + 1, dtype=np.float64)
    log_terms = log_ways + ks * math.log(rate) + (trials - ks) * math.log1p(-rate)
    top = float(log_terms.max())
    return min(1.0, math.exp(top) * float(np.exp(log_terms - top).sum()))


def _whole(count: object) -> int:
    """``count`` as a whole number of games, or ValueError."""
    if isinstance(count, bool) or not isinstance(count, (int, np.integer)) or not 0 <= count <= MOST_GAMES:
        text = repr(count)
        shown = text if len(text) <= 30 else text[:20] + f"... ({len(text)} characters)"
        raise ValueError(f"{shown} is not a number of games from 0 to {MOST_GAMES:,}")
    return int(count)


@lru_cache(maxsize=1 << 16)
def exact_bound(successes: int, trials: int, upper: bool, tail: float = TAIL_95) -> float:
    """Clopper and Pearson's exact one-sided bound on a rate from ``successes`` in ``trials``.

    The upper bound is the rate at which ``successes`` or fewer would happen with chance exactly ``tail``: any
    higher rate makes what was seen rarer than that. The lower bound is the same, counting failures. Each misses
    the true rate with chance at most ``tail``, whatever the rate.

    >>> round(exact_bound(0, 20, upper=True), 4)  # no success in 20: the rate is below 16.8%
    0.1684
    >>> exact_bound(0, 20, upper=False)
    0.0
    """
    successes, trials = _whole(successes), _whole(trials)
    if successes > trials:
        raise ValueError(f"{successes} successes in {trials} trials is not a record")
    if not upper:
        return 1.0 - exact_bound(trials - successes, trials, True, tail)
    if successes == trials:
        return 1.0
    low, high = 0.0, 1.0
    for _ in range(60):
        middle = (low + high) / 2
        low, high = (middle, high) if at_most_chance(successes, trials, middle) > tail else (low, middle)
    return high


def score_interval(wins: int, draws: int, losses: int, tail: float = TAIL_95) -> tuple[float, float]:
    """A 95% interval (by default) for a player's mean score in games won, drawn and lost, draws counting ½.

    The score is ``½ + (win rate − loss rate) / 2``. The low end joins the exact lower bound of the win rate
    with the exact upper bound of the loss rate (:func:`exact_bound`, each missing with chance ``tail``); the high
    end the other way round. A draw turned into a win, or a loss into a draw, never lowers either end.
    With no draws it is Clopper and Pearson's interval of the points.

    >>> low, high = score_interval(0, 20, 0)  # twenty draws: within 8.4 points of a half
    >>> round(low, 3), round(high, 3)
    (0.416, 0.584)
    """
    wins, draws, losses = _whole(wins), _whole(draws), _whole(losses)
    games = wins + draws + losses
    if games == 0:
        return 0.0, 1.0
    low = 0.5 + (exact_bound(wins, games, False, tail) - exact_bound(losses, games, True, tail)) / 2
    high = 0.5 + (exact_bound(wins, games, True, tail) - exact_bound(losses, games, False, tail)) / 2
    return max(0.0, low), min(1.0, high)


def sign_test(wins: int, losses: int) -> float:
    """The two-sided sign test's p-value on the decisive games: how often equal players would split them at least
    as unevenly (draws say nothing about which player is stronger, so they are left out).

    >>> round(sign_test(3, 0), 6), sign_test(24, 0) < 1e-6, sign_test(5, 5)
    (0.25, True, 1.0)
    """
    decisive = _whole(wins) + _whole(losses)
    if decisive == 0:
        return 1.0
    return min(1.0, 2 * at_most_chance(min(wins, losses), decisive, 0.5))


def normal_interval(wins: int, draws: int, losses: int, z: float = Z_95) -> tuple[float, float]:
    """The textbook interval ``mean ± z · s / √n`` of the games' scores, clipped to [0, 1]: shown beside
    :func:`score_interval` to see where it fails (it shrinks to a point when every game ends alike).

    >>> normal_interval(0, 20, 0)
    (0.5, 0.5)
    """
    games = wins + draws + losses
    if games == 0:
        return 0.0, 1.0
    mean = (wins + draws / 2) / games
    spread = math.sqrt((wins * (1 - mean) ** 2 + draws * (0.5 - mean) ** 2 + losses * mean ** 2) / games)
    half = z * spread / math.sqrt(games)
    return max(0.0, mean - half), min(1.0, mean + half)


def plug_in_interval(wins: int, draws: int, losses: int, z: float = Z_95) -> tuple[float, float]:
    """This suite's earlier interval, shown to see where it fails: Wilson's, with the games counted at their
    worth as the observed spread ``s²`` makes them (``n · p(1 − p) / s²`` won-or-lost games). With few decisive
    games the spread is tiny, the worth explodes and the interval shrinks far below what the games can tell.

    >>> low, high = plug_in_interval(3, 197, 0)
    >>> round(low, 3), round(high, 3)
    (0.499, 0.516)
    """
    games = wins + draws + losses
    if games == 0:
        return 0.0, 1.0
    mean = (wins + draws / 2) / games
    variance = (wins * (1 - mean) ** 2 + draws * (0.5 - mean) ** 2 + losses * mean ** 2) / games
    worth = games * mean * (1 - mean) / variance if draws and variance else games
    return wilson_interval(mean * worth, worth, z)
