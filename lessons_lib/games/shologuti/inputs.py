"""Shologuti's board as a network reads it: the raw position, nothing counted by hand.

:func:`board_inputs` gives, for one player, the board turned so that the player's pieces start at the bottom (for
Red, the board turned half a turn, point p to 38 − p): 37 numbers for the player's pieces (1 where one stands),
37 for the opponent's, 37 for the point a capture chain must go on from (all 0 but one, if any), then whether the
player is to move (1 or 0) and the share of the draw clock run.

:func:`clock_share` is the clock alone, for the value on the features to read (``--clock-inputs``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from lessons_lib.games.common.inputs import bit_array
from lessons_lib.games.shologuti.board import POINT_COUNT
from lessons_lib.games.shologuti.position import GREEN, Position

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

INPUT_COUNT: Final = 3 * POINT_COUNT + 2


def board_inputs(position: Position, player: int) -> NDArray[np.float64]:
    """The :data:`INPUT_COUNT` numbers ``player`` sees (see the module)."""
    import numpy as np  # here, not with the engine (see lessons_lib.games.common.inputs)

    size = POINT_COUNT + 1
    green, red = bit_array(position.green, size)[1:], bit_array(position.red, size)[1:]  # points 1 to 37
    pending = bit_array(1 << position.pending, size)[1:] if position.pending else np.zeros(POINT_COUNT)
    turn = 1.0 if position.to_move == player else 0.0
    if player == GREEN:
        planes = (green, red, pending)
    else:  # Red's view: point p seen as 38 − p, the player's pieces first
        planes = (red[::-1], green[::-1], pending[::-1])
    return np.concatenate([*planes, [turn, position.clock / position.rules.draw_plies]])


def clock_share(position: Position) -> float:
    """How far the draw clock has run: its plies over the limit (0 after a capture, 1 at the draw)."""
    return position.clock / position.rules.draw_plies
