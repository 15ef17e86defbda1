"""The statistics chess-engine testers decide changes with: game pairs, the pentanomial model, and the SPRT.

**Game pairs.** Each opening is played twice, once with each colour. An opening that favours one side then
favours both players once, and the pair's total (0, ½, 1, 1½ or 2 points) carries less noise than two
unrelated games. The five counts of those totals are the **pentanomial** record of a match.

**The SPRT** (Wald's sequential probability ratio test) asks, after every pair, how much more likely all the results
so far are if player A is ``elo1`` stronger than B than if it is ``elo0`` stronger (the log-likelihood ratio, LLR).
It stops as soon as the LLR leaves ``[log(β / (1 − α)), log((1 − β) / α)]``: above, it accepts ``elo1``; below, it
accepts ``elo0``. With these bounds Wald's test accepts ``elo1`` when ``elo0`` is true about α of the time, and
``elo0`` when ``elo1`` is true about β of the time (at most α / (1 − β) and β / (1 − α)), however soon it stops. The
LLR here is a normal approximation of the kind engine-testing frameworks use,
``N · (s1 − s0) · (2·m − s0 − s1) / (2·v)``, with ``m`` and ``v`` the mean and variance of the pair scores (½ a point
per game), ``N`` the number of pairs and ``s0``, ``s1`` the expected scores at ``elo0`` and ``elo1``. The mean and
variance count half a virtual pair at each total (:data:`PRIOR_PAIRS`, this suite's choice): from the few pairs a
test can stop after, the plain variance is too small, and the test then breaks its promise (simulated in
``tests/arena/test_sprt.py``, 2,000 tests each way with pairs shaped like depth 6 against depth 5's, made symmetric
and reweighted to each true difference: 7.8% and 12.9% wrong verdicts where 5% were promised, against 1.5% and 4.2%
with it). The prior's effect lasts: it still raises the variance by about a tenth after 80 such pairs (lesson 07
computes it).

>>> counts = pentanomial([("o1", 1.0), ("o1", 0.5), ("o2", 0.0), ("o2", 1.0), ("o3", 1.0), ("o3", 1.0)])
>>> counts
(0, 0, 1, 1, 1)
>>> round(log_likelihood_ratio(counts, 0, 50), 3)
0.227
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from lessons_lib.arena.ratings import expected_score

PAIR_TOTALS = (0.0, 0.5, 1.0, 1.5, 2.0)
"""A pair's possible totals, in the order of a pentanomial record's counts."""
PRIOR_PAIRS = 0.5
"""Virtual pairs at each total, added to a record for the LLR's mean and variance (not to its number of pairs)."""


def pentanomial(games: Iterable[tuple[str, float]]) -> tuple[int, int, int, int, int]:
    """The pentanomial record of games given as (opening, A's score), each opening played twice (once with
    each colour): how many pairs A scored 0, ½, 1, 1½ and 2 points in. An opening played once is left out."""
    by_opening: dict[str, list[float]] = {}
    for opening, score in games:
        by_opening.setdefault(opening, []).append(score)
    counts = [0] * 5
    for scores in by_opening.values():
        for first, second in zip(scores[0::2], scores[1::2]):
            counts[round(2 * (first + second))] += 1
    return counts[0], counts[1], counts[2], counts[3], counts[4]


def pair_mean_and_variance(counts: Sequence[float]) -> tuple[float, float]:
    """The mean and variance of the pair scores (a pair's total halved: from 0 to 1) of a pentanomial record."""
    pairs = sum(counts)
    mean = sum(count * total / 2 for count, total in zip(counts, PAIR_TOTALS)) / pairs
    variance = sum(count * (total / 2 - mean) ** 2 for count, total in zip(counts, PAIR_TOTALS)) / pairs
    return mean, variance


def log_likelihood_ratio(counts: Sequence[int], elo0: float, elo1: float, prior_pairs: float | None = None) -> float:
    """The SPRT's log-likelihood ratio of ``elo1`` against ``elo0`` (A's advantage, in Elo) after the pairs
    ``counts``, by the normal approximation, with ``prior_pairs`` (by default :data:`PRIOR_PAIRS`) virtual pairs
    at each total in the mean and variance."""
    if sum(counts) == 0:
        return 0.0
    prior = PRIOR_PAIRS if prior_pairs is None else prior_pairs
    mean, variance = pair_mean_and_variance([count + prior for count in counts])
    if variance == 0:  # every pair alike, and no prior: nothing is known yet of the spread
        return 0.0
    s0, s1 = expected_score(elo0), expected_score(elo1)
    return sum(counts) * (s1 - s0) * (2 * mean - s0 - s1) / (2 * variance)


def bounds(alpha: float, beta: float) -> tuple[float, float]:
    """The SPRT's stopping bounds on the LLR for error rates ``alpha`` (false "better") and ``beta``."""
    return math.log(beta / (1 - alpha)), math.log((1 - beta) / alpha)


@dataclass(frozen=True)
class SprtStep:
    """The test after one more pair: the pairs so far, their pentanomial record, the LLR, and the verdict
    (``"elo1"``, ``"elo0"`` or ``""`` while it goes on)."""

    pairs: int
    counts: tuple[int, int, int, int, int]
    llr: float
    verdict: str


def sprt(pair_totals: Iterable[float], elo0: float, elo1: float, alpha: float = 0.05,
         beta: float = 0.05, prior_pairs: float | None = None) -> list[SprtStep]:
    """Run the SPRT pair by pair over A's pair totals (0 to 2), until it stops or the pairs run out; every step.
    ``prior_pairs`` as for :func:`log_likelihood_ratio`."""
    low, high = bounds(alpha, beta)
    counts = [0] * 5
    steps = []
    for total in pair_totals:
        counts[round(2 * total)] += 1
        record = (counts[0], counts[1], counts[2], counts[3], counts[4])
        llr = log_likelihood_ratio(record, elo0, elo1, prior_pairs)
        verdict = "elo1" if llr >= high else "elo0" if llr <= low else ""
        steps.append(SprtStep(sum(counts), record, llr, verdict))
        if verdict:
            break
    return steps
