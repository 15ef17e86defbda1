"""What a learned evaluation of Hus looks at: a few counts for one player, minus the same for the opponent.

The hand-written evaluation (:mod:`~lessons_lib.games.hus.evaluation`) is the seed difference and a
little mobility. Here the weights come from games (:mod:`lessons_lib.learning`); every feature is
the player's count minus the opponent's, so a weighted sum of them is a zero-sum evaluation.

>>> start = Position.start()
>>> features(start, SOUTH), features(start, NORTH)[-1]
((0.0, 0.0, 0.0, 0.0, 0.0, 1.0), -1.0)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from lessons_lib.games.common.learned import differences, learned_value, load_learned_weights
from lessons_lib.games.hus.board import NORTH, ROW, SOUTH
from lessons_lib.games.hus.position import Position

FEATURE_NAMES: Final = ("seeds", "movable pits", "inner seeds", "single seeds", "empty pits", "to move")
"""Each the player's count minus the opponent's:

- seeds: all the player's seeds;
- movable pits: pits with two seeds or more (the moves the player has, or would have on its turn);
- inner seeds: seeds in the inner row, which faces the opponent (where captures are made and suffered);
- single seeds: pits with exactly one seed (which cannot be sown);
- empty pits;
- to move: 1 for the player to move.
"""


def _counts(pits: tuple[int, ...]) -> tuple[int, int, int, int, int]:
    seeds = movable = inner = single = empty = 0
    for index, count in enumerate(pits):
        seeds += count
        if count > 1:
            movable += 1
        elif count == 1:
            single += 1
        else:
            empty += 1
        if index >= ROW:
            inner += count
    return seeds, movable, inner, single, empty


def features(position: Position, player: int) -> tuple[float, ...]:
    """The features of ``position`` for ``player``, in the order of :data:`FEATURE_NAMES`."""
    counts = differences(_counts(position.pits_of(player)), _counts(position.pits_of(1 - player)))
    return (*counts, 1.0 if position.to_move == player else -1.0)


LEARNED_WEIGHTS: Final = load_learned_weights("hus", FEATURE_NAMES)
"""The learned weights (``python -m lessons_lib.learning hus`` fits them), or None if there are none."""


def learned_evaluation(position: Position, player: int) -> float:
    """The evaluation learned from games: the weighted sum of :func:`features`, in hundredths of log-odds.

    Raises:
        RuntimeError: there are no learned weights.
    """
    return learned_value("hus", LEARNED_WEIGHTS, features(position, player))


LEARNED_EVALUATE: Final[Callable[[Position, int], float] | None] = (
    learned_evaluation if LEARNED_WEIGHTS is not None else None)
"""The engine's learned evaluation: :func:`learned_evaluation` once there are weights, else None."""
STRONGEST_EVALUATE: Final[Callable[[Position, int], float] | None] = LEARNED_EVALUATE
"""The evaluation of the strongest agent (``best``): the learned one, which won its match at every depth (None
without weights: then ``best`` uses the hand-written evaluation)."""


__all__ = ["FEATURE_NAMES", "LEARNED_EVALUATE", "LEARNED_WEIGHTS", "NORTH", "SOUTH", "STRONGEST_EVALUATE", "features",
           "learned_evaluation"]
