"""The evaluation the depth searches use for Shobu: stones on each board, and above all the weakest board.

A player loses as soon as any one of their four boards is emptied, so a stone
counts for more the fewer stones are left beside it, and the board with the
fewest stones counts twice. For a player P, with ``c`` the number of P's stones
on a board, summed over the four boards and minus the same for the opponent:

- ``BOARD_VALUES[c]``: 0, 24, 40, 50, 56 for 0..4 stones. Losing a board's 4th stone
  costs 6 points, its 3rd 10, its 2nd 16 and its last 24 (and the game);
- ``WEAKEST_BOARD_WEIGHT × (fewest stones on any of P's boards)``, 30 a stone.

The value is zero-sum (``evaluate(p, 0) == -evaluate(p, 1)``) and at most
4 × 56 + 4 × 30 = 344 in size, below the 1000 the searches give a won or lost game.

>>> from lessons_lib.games.shobu.position import Position
>>> evaluate(Position.start(), 0)
0
>>> after = Position.from_string("bbbb........wwww/bbbb........wwww/bbbb........wwww/bbbb.........www b")
>>> evaluate(after, 0), evaluate(after, 1)
(36, -36)
"""

from __future__ import annotations

from typing import Final

from lessons_lib.games.shobu.board import board_counts
from lessons_lib.games.shobu.position import Position

BOARD_VALUES: Final = (0, 24, 40, 50, 56)
"""``BOARD_VALUES[c]``: what ``c`` of a player's stones on one board are worth."""
WEAKEST_BOARD_WEIGHT: Final = 30
"""Points for each stone on a player's weakest board (the one with the fewest of their stones)."""


def evaluate(position: Position, player: int) -> int:
    """How good ``position`` is for ``player`` (0 Black, 1 White): positive is good for ``player``."""
    values = BOARD_VALUES
    mine = board_counts(position.white if player else position.black)
    theirs = board_counts(position.black if player else position.white)
    value = (values[mine[0]] + values[mine[1]] + values[mine[2]] + values[mine[3]]
             - values[theirs[0]] - values[theirs[1]] - values[theirs[2]] - values[theirs[3]])
    return value + WEAKEST_BOARD_WEIGHT * (min(mine) - min(theirs))
