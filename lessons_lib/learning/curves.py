"""What lesson 10 measures on a fit: how it improves with more games (a learning curve) and what each weight does."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from lessons_lib.learning.fitting import fit_logistic, log_loss
from lessons_lib.learning.positions import TrainingSet


@dataclass(frozen=True)
class CurvePoint:
    """A fit on the first ``games`` games of a training set: its log loss there and on the held-out games."""

    games: int
    positions: int
    training_loss: float
    held_out_loss: float


def learning_curve(training: TrainingSet, held_out: TrainingSet, game_counts: Sequence[int],
                   l2: float = 1e-3, columns: Sequence[int] | None = None) -> list[CurvePoint]:
    """For each count ``n``: the weights fitted on the first ``n`` games of ``training`` (only ``columns``, if
    given), with their log loss on those games and on ``held_out``."""
    numbers = np.unique(training.game_numbers)
    chosen_columns = list(columns) if columns is not None else list(range(training.features.shape[1]))
    points = []
    for count in game_counts:
        first = training.subset(np.isin(training.game_numbers, numbers[:count]))
        fit = fit_logistic(first.features[:, chosen_columns], first.results, l2=l2)
        points.append(CurvePoint(min(count, len(numbers)), len(first), fit.log_loss,
                                 log_loss(held_out.features[:, chosen_columns], held_out.results, fit.weights)))
    return points


@dataclass(frozen=True)
class WeightEffect:
    """One feature's weight, how much the feature varies, and their product: its typical pull on the log-odds."""

    feature: str
    weight: float
    spread: float
    effect: float


def weight_effects(data: TrainingSet, weights: Sequence[float]) -> list[WeightEffect]:
    """Each feature's weight times its standard deviation in ``data``, largest pull first.

    A weight alone depends on the feature's unit (a move of mobility against a whole piece); the
    weight times the feature's usual spread says how far it typically moves the log-odds.
    """
    spreads = data.features.std(axis=0)
    effects = [WeightEffect(name, float(weight), float(spread), float(weight * spread))
               for name, weight, spread in zip(data.feature_names, weights, spreads)]
    return sorted(effects, key=lambda effect: -abs(effect.effect))
