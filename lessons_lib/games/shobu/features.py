"""What a learned evaluation of Shobu looks at: how a player's stones are spread over their four boards.

A player loses when any one of their boards is emptied, so the hand-written evaluation
(:mod:`~lessons_lib.games.shobu.evaluation`) values a stone more the fewer stand beside it. Here
the games decide how much (:mod:`lessons_lib.learning`). Every feature is the player's count minus
the opponent's, so a weighted sum of them is a zero-sum evaluation.

>>> start = Position.start()
>>> features(start, BLACK), features(start, WHITE)[-1]
((0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0), -1.0)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from lessons_lib.games.common.learned import differences, learned_value, load_learned_weights
from lessons_lib.games.shobu.position import BLACK, WHITE, Position

FEATURE_NAMES: Final = (
    "stones", "boards with 1", "boards with 2", "boards with 3", "boards with 4", "fewest on a board", "to move",
)
"""Each the player's count minus the opponent's:

- stones: all the player's stones;
- boards with 1 (2, 3, 4): the player's boards on which exactly that many of their stones stand;
- fewest on a board: the player's stones on their weakest board;
- to move: 1 for the player to move.
"""


def _counts(counts: tuple[int, int, int, int]) -> tuple[int, int, int, int, int, int]:
    by_size = [0, 0, 0, 0, 0]
    for count in counts:
        by_size[min(count, 4)] += 1
    return sum(counts), by_size[1], by_size[2], by_size[3], by_size[4], min(counts)


def features(position: Position, player: int) -> tuple[float, ...]:
    """The features of ``position`` for ``player`` (``BLACK`` or ``WHITE``), in the order of :data:`FEATURE_NAMES`."""
    counts = differences(_counts(position.board_counts(player)), _counts(position.board_counts(1 - player)))
    return (*counts, 1.0 if position.to_move == player else -1.0)


LEARNED_WEIGHTS: Final = load_learned_weights("shobu", FEATURE_NAMES)
"""The learned weights (``python -m lessons_lib.learning shobu`` fits them), or None if there are none."""


def learned_evaluation(position: Position, player: int) -> float:
    """The evaluation learned from games: the weighted sum of :func:`features`, in hundredths of log-odds.

    Raises:
        RuntimeError: there are no learned weights.
    """
    return learned_value("shobu", LEARNED_WEIGHTS, features(position, player))


LEARNED_EVALUATE: Final[Callable[[Position, int], float] | None] = (
    learned_evaluation if LEARNED_WEIGHTS is not None else None)
"""The engine's learned evaluation: :func:`learned_evaluation` once there are weights, else None."""
STRONGEST_EVALUATE: Final[Callable[[Position, int], float] | None] = None
"""None: the strongest agent (``best``) keeps the hand-written evaluation, since the learned one lost its match."""


__all__ = ["BLACK", "FEATURE_NAMES", "LEARNED_EVALUATE", "LEARNED_WEIGHTS", "STRONGEST_EVALUATE", "WHITE", "features",
           "learned_evaluation"]
