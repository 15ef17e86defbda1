"""The logistic model of a game's result, and fitting its weights to a training set (Texel tuning).

The model: the chance that player 0 wins a position with features ``f`` is ``σ(w·f)``, where
``σ(x) = 1 / (1 + exp(−x))`` turns any number into a chance between 0 and 1. A draw counts
half a win, so a result is 1, 0.5 or 0. The best weights make the results seen most likely: they
minimise the *log loss*, the mean of ``−(y log p + (1 − y) log(1 − p))`` over the positions, plus
a small penalty ``l2/2 · |w|²`` that keeps weights from growing on features that barely matter.
There is no constant term: every feature is one player's count minus the other's, so a
position and its mirror (the players swapped) get opposite values, and the chances add up to 1.

>>> import numpy as np
>>> features = np.array([[1.0], [1.0], [-1.0], [-1.0], [1.0], [-1.0]])
>>> results = np.array([1.0, 1.0, 0.0, 0.0, 0.0, 1.0])  # ahead wins 2 of 3
>>> fit = fit_logistic(features, results, l2=0.0)
>>> round(float(predicted_scores(features[:1], fit.weights)[0]), 3)
0.667
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

Array = NDArray[np.float64]

SMALLEST_CHANCE = 1e-12
"""Chances are kept this far from 0 and 1 in the log loss, so that it stays finite."""


@dataclass(frozen=True)
class Fit:
    """Fitted weights, one per feature, and how the fit went.

    Attributes:
        weights: ``w``, in the order of the features (a unit of feature ``i`` adds ``weights[i]`` to the log-odds).
        iterations: Newton steps taken.
        log_loss: the mean log loss on the positions fitted (the penalty aside).
    """

    weights: Array
    iterations: int
    log_loss: float


def predicted_scores(features: object, weights: object) -> Array:
    """``σ(features · weights)``: the model's chance that player 0 wins each position (or the one position)."""
    total: Array = np.asarray(features, dtype=np.float64) @ np.asarray(weights, dtype=np.float64)
    return 1.0 / (1.0 + np.exp(-total))


def log_loss(features: Array, results: Array, weights: Array) -> float:
    """The mean log loss of ``weights`` on positions with these ``features`` and ``results`` (lower is better).

    A model that always says 0.5 scores ``log 2 ≈ 0.693``; the results themselves, if they were known, 0
    (less certain results, draws, cannot be predicted below their own spread).
    """
    chances = np.clip(predicted_scores(features, weights), SMALLEST_CHANCE, 1 - SMALLEST_CHANCE)
    return float(-np.mean(results * np.log(chances) + (1 - results) * np.log(1 - chances)))


def check_training_data(features: object, results: object) -> tuple[Array, Array]:
    """The two as float arrays, or ValueError naming what is wrong with them."""
    x = np.asarray(features, dtype=np.float64)
    y = np.asarray(results, dtype=np.float64)
    if x.ndim != 2 or y.ndim != 1 or len(x) != len(y):
        raise ValueError(f"need a table of features (positions x features) and one result a position, "
                         f"not shapes {x.shape} and {y.shape}")
    if len(y) == 0:
        raise ValueError("there are no positions to fit")
    if not (np.all(np.isfinite(x)) and np.all(np.isfinite(y))):
        raise ValueError("the features and results must be finite numbers")
    if np.any((y < 0) | (y > 1)):
        raise ValueError("a result is 1 (a win), 0.5 (a draw) or 0 (a loss) for player 0")
    return x, y


def fit_logistic(features: object, results: object, l2: float = 1e-3, max_iterations: int = 100,
                 tolerance: float = 1e-10) -> Fit:
    """The weights that minimise the log loss plus ``l2/2 · |w|²``, by Newton's method from ``w = 0``.

    The loss is convex, so each Newton step (the gradient divided by the curvature) goes
    towards the one best ``w``; the fit stops when a step moves no weight by more than
    ``tolerance``. No randomness: the same data gives the same weights.

    Raises:
        ValueError: the data is not a table of finite features with results from 0 to 1, or ``l2`` is negative.
    """
    x, y = check_training_data(features, results)
    if not l2 >= 0:
        raise ValueError(f"l2 must be 0 or more, not {l2!r}")
    count, size = x.shape
    weights = np.zeros(size)
    steps = 0
    while steps < max_iterations:
        chances = predicted_scores(x, weights)
        gradient = x.T @ (chances - y) / count + l2 * weights
        curvature = (x.T * (chances * (1 - chances))) @ x / count + l2 * np.eye(size)
        step = np.linalg.lstsq(curvature, gradient, rcond=None)[0]  # a feature that never varies has no curvature
        weights = weights - step
        steps += 1
        if np.max(np.abs(step)) < tolerance:
            break
    return Fit(weights, steps, log_loss(x, y, weights))
