"""What a learned evaluation of Bagh-Chal looks at: the hand-written evaluation's terms, and two more, as features.

The hand-written evaluation (:mod:`~lessons_lib.games.baghchal.evaluation`) weighs five counts
by judgement. Here they are features whose weights come from games (:mod:`lessons_lib.learning`),
with the goats still in hand and the side to move besides. Every feature is counted for the goats
and negated for the tigers, so a weighted sum of them is a zero-sum evaluation.

>>> start = Position.start()
>>> dict(zip(FEATURE_NAMES, features(start, GOATS)))["goats in hand"], features(start, TIGERS)[0]
(20.0, -1.0)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from lessons_lib.games.baghchal.evaluation import term_counts
from lessons_lib.games.common.learned import learned_value, load_learned_weights
from lessons_lib.games.baghchal.movegen import GOATS, TIGERS
from lessons_lib.games.baghchal.position import Position

FEATURE_NAMES: Final = (
    "goats' side", "goats to move", "goats captured", "capture coming", "goats threatened", "tiger mobility",
    "trapped tigers", "goats in hand",
)
"""For the goats (the tigers' features are the same numbers, negated):

- goats' side: 1 (so its weight is the goats' edge, or the tigers' if it is negative, in an even position);
- goats to move: 1 if the goats are to move, −1 if the tigers are;
- goats captured, capture coming, goats threatened, tiger mobility, trapped tigers: the hand-written evaluation's
  terms (:class:`~lessons_lib.games.baghchal.evaluation.EvaluationTerms`);
- goats in hand: goats still to be placed.
"""


def features(position: Position, player: int) -> tuple[float, ...]:
    """The features of ``position`` for ``player`` (``GOATS`` or ``TIGERS``), in the order of :data:`FEATURE_NAMES`."""
    captured, capture_coming, threatened, mobility, trapped = term_counts(position)
    sign = 1.0 if player == GOATS else -1.0
    return (
        sign,
        sign * (1.0 if position.to_move == GOATS else -1.0),
        sign * captured,
        sign * capture_coming,
        sign * threatened,
        sign * mobility,
        sign * trapped,
        sign * position.goats_in_hand,
    )


LEARNED_WEIGHTS: Final = load_learned_weights("baghchal", FEATURE_NAMES)
"""The learned weights (``python -m lessons_lib.learning baghchal`` fits them), or None if there are none."""


def learned_evaluation(position: Position, player: int) -> float:
    """The evaluation learned from games: the weighted sum of :func:`features`, in hundredths of log-odds
    (see :mod:`lessons_lib.games.common.learned`).

    Raises:
        RuntimeError: there are no learned weights.
    """
    return learned_value("baghchal", LEARNED_WEIGHTS, features(position, player))


LEARNED_EVALUATE: Final[Callable[[Position, int], float] | None] = (
    learned_evaluation if LEARNED_WEIGHTS is not None else None)
"""The engine's learned evaluation: :func:`learned_evaluation` once there are weights, else None."""
STRONGEST_EVALUATE: Final[Callable[[Position, int], float] | None] = None
"""None: the strongest agent (``best``) keeps the hand-written evaluation, since the learned one won its match at
depth 2 only and was level with it at the other depths."""


__all__ = ["FEATURE_NAMES", "LEARNED_EVALUATE", "LEARNED_WEIGHTS", "STRONGEST_EVALUATE", "TIGERS", "features",
           "learned_evaluation"]
