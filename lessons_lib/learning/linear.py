"""The arithmetic of lesson 11's policy and value on a game's features, compiled with the engines.

:class:`~lessons_lib.learning.policy_value.Model` weighs features with these functions, one position at a time
(``value``, ``priors``) or all of a node's children at once (:func:`children`, for PUCT's ``guide``). Both ways run
the same sums in the same order, so they give the same numbers to the last bit, and a search gives the same tree
either way.

>>> [round(chance, 3) for chance in softmax([0.0, 0.0, math.log(2)])]
[0.25, 0.25, 0.5]
>>> logistic(0.0), dot((1.0, 2.0), (3.0, 4.0))
(0.5, 11.0)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

Features = Callable[[Any, int], Sequence[float]]
ClockShare = Callable[[Any], float]


def dot(weights: Sequence[float], features: Sequence[float]) -> float:
    """``Σ weight × feature``, from the first pair to the last."""
    total = 0.0
    for weight, feature in zip(weights, features):
        total += weight * feature
    return total


def logistic(total: float) -> float:
    """``σ(total) = 1 / (1 + e^−total)``, with ``total`` kept within ±500 so that nothing overflows."""
    return 1 / (1 + math.exp(-max(-500.0, min(500.0, total))))


def softmax(logits: Sequence[float]) -> list[float]:
    """``exp(x) / Σ exp(x)`` for each of ``logits``, computed from the largest so that nothing overflows."""
    top = max(logits)
    weights = [math.exp(logit - top) for logit in logits]
    total = sum(weights)
    return [weight / total for weight in weights]


def value_inputs(features: Sequence[float], share: float | None) -> Sequence[float]:
    """What the value reads: ``features``, then (given the draw clock's ``share``) each feature times it."""
    if share is None:
        return features
    return (*features, *(share * feature for feature in features))


def value(features: Features, clock_share: ClockShare | None, weights: Sequence[float], state: Any,
          player: int) -> float:
    """``player``'s expected score from ``state``: ``σ(v·inputs)``."""
    share = clock_share(state) if clock_share is not None else None
    return logistic(dot(weights, value_inputs(features(state, player), share)))


def priors(features: Features, weights: Sequence[float], state: Any, moves: Sequence[Any]) -> list[float]:
    """A chance for each of ``moves``: the softmax of ``p·f(after the move, mover)``."""
    mover: int = state.to_move
    return softmax([dot(weights, features(state.play(move), mover)) for move in moves])


def children(features: Features, clock_share: ClockShare | None, policy_weights: Sequence[float],
             value_weights: Sequence[float], state: Any, moves: Sequence[Any]) -> tuple[list[float], list[float]]:
    """The policy and value of every child of ``state`` at once: the chance of each of ``moves`` (as :func:`priors`)
    and the value of the position it leads to for the player making it (as :func:`value`). Each child's features
    are found once and weighed twice."""
    mover: int = state.to_move
    logits: list[float] = []
    values: list[float] = []
    for move in moves:
        child = state.play(move)
        found = features(child, mover)
        logits.append(dot(policy_weights, found))
        share = clock_share(child) if clock_share is not None else None
        values.append(logistic(dot(value_weights, value_inputs(found, share))))
    return softmax(logits), values
