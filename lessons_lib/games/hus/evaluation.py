"""The evaluation the depth searches use for Hus.

Seeds are the material of Hus: a player keeps every seed they sow and loses only
what the opponent captures, and a player whose seeds run thin soon has no pit with
two of them, which loses the game. So the evaluation is mostly the seed difference,
plus a little for mobility, the number of pits a player could move from:

    evaluate = 3 × (seeds(P) − seeds(opponent)) + (movable pits(P) − movable pits(opponent))

It is from ``player``'s point of view and exactly zero-sum. Its size is at most
3 × 96 + 32 = 320, inside the ±400 the searches expect of every evaluation. (Against
the seed difference alone the mobility term made no difference we could measure:
34 points of 60 at depth 2, within the noise. We keep it because running out of movable pits is how
Hus is lost.)

>>> from lessons_lib.games.hus.position import Position
>>> after = Position.start().play("21")  # South's pits 21 and 23 are emptied, 22 gets a third seed
>>> evaluate(Position.start(), 0), evaluate(after, 0), evaluate(after, 1)
(0, -2, 2)
"""

from __future__ import annotations

from typing import Final

from lessons_lib.games.hus.board import PITS
from lessons_lib.games.hus.position import Position

SEED_WEIGHT: Final = 3
"""What one seed is worth, in units of one movable pit."""


def movable_pits(position: Position, player: int) -> int:
    """How many of ``player``'s pits hold two seeds or more (``player``'s legal moves if it were their turn)."""
    pits, movable = position.pits, 0
    for pit in range(PITS * player, PITS * player + PITS):  # ``player``'s pits in the tuple of both players'
        if pits[pit] > 1:
            movable += 1
    return movable


def evaluate(position: Position, player: int) -> int:
    """How good ``position`` is for ``player``: the seed difference, then mobility (see the module)."""
    opponent = 1 - player
    seeds = position.seeds(player) - position.seeds(opponent)
    mobility = movable_pits(position, player) - movable_pits(position, opponent)
    return SEED_WEIGHT * seeds + mobility
