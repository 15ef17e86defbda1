"""What every game's learned evaluation does the same way: read its weights, and weigh its features.

A game with a learned evaluation keeps its features in its ``features`` module and the weights
fitted to them (by :mod:`lessons_lib.learning`) in ``data/learned_weights.json``; its evaluation
is the weighted sum of the features, in hundredths of log-odds of a win.

>>> weighed((0.5, -1.0), (2.0, 3.0))
-200.0
>>> weighed((10.0,), (1.0,))  # kept within ±LIMIT
400.0
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from importlib import resources
from typing import Final

UNIT: Final = 100
"""A learned evaluation counts in hundredths of log-odds: 100 means odds of e to 1 (a 73% expected score)."""
LIMIT: Final = 400
"""A learned evaluation stays within ±400 (98% either way), well inside the values that mean a won game."""


def load_learned_weights(game: str, names: Sequence[str]) -> tuple[float, ...] | None:
    """The weights in ``games/<game>/data/learned_weights.json``, one for each of ``names``; None if the file is
    missing or is not for these features."""
    try:
        text = resources.files("lessons_lib").joinpath(f"games/{game}/data/learned_weights.json").read_text("utf-8")
        data = json.loads(text)
        if tuple(data["features"]) != tuple(names) or len(data["weights"]) != len(names):
            return None
        return tuple(float(weight) for weight in data["weights"])
    except (OSError, ValueError, TypeError, KeyError):
        return None


def weighed(weights: Sequence[float], features: Sequence[float]) -> float:
    """``UNIT`` × the sum of weight × feature, kept within ±``LIMIT``."""
    total = 0.0
    for weight, value in zip(weights, features):
        total += weight * value
    return float(max(-LIMIT, min(LIMIT, UNIT * total)))  # a float in both modes, even at the limit


def learned_value(game: str, weights: tuple[float, ...] | None, features: Sequence[float]) -> float:
    """:func:`weighed` for ``game``'s learned evaluation.

    Raises:
        RuntimeError: there are no learned weights (``weights`` is None), naming the command that fits them.
    """
    if weights is None:
        raise RuntimeError(f"there are no learned weights: python -m lessons_lib.learning {game} fits them")
    return weighed(weights, features)


def differences(own: Sequence[int], other: Sequence[int]) -> tuple[float, ...]:
    """Each of ``own``'s counts minus the same count of ``other``: features that change sign with the player.

    >>> differences((3, 1), (1, 4))
    (2.0, -3.0)
    """
    return tuple(float(mine - theirs) for mine, theirs in zip(own, other))

