"""Shobu's boards as a network reads them: the raw position, nothing counted by hand.

:func:`board_inputs` gives 64 numbers for ``player``'s stones (1 where one stands, square by square over the four
boards), 64 for the opponent's, then whether ``player`` is Black, whether it is to move, and the share of the draw
clock run.

:func:`clock_share` is the clock alone, for the value on the features to read (``--clock-inputs``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from lessons_lib.games.common.inputs import bit_array
from lessons_lib.games.shobu.board import SQUARE_COUNT
from lessons_lib.games.shobu.movegen import DRAW_PLIES
from lessons_lib.games.shobu.position import BLACK, Position

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

INPUT_COUNT: Final = 2 * SQUARE_COUNT + 3


def board_inputs(position: Position, player: int) -> NDArray[np.float64]:
    """The :data:`INPUT_COUNT` numbers ``player`` sees (see the module)."""
    import numpy as np  # here, not with the engine (see lessons_lib.games.common.inputs)

    own, other = (position.black, position.white) if player == BLACK else (position.white, position.black)
    return np.concatenate([bit_array(own, SQUARE_COUNT), bit_array(other, SQUARE_COUNT), [
        1.0 if player == BLACK else 0.0, 1.0 if position.to_move == player else 0.0, position.clock / DRAW_PLIES]])


def clock_share(position: Position) -> float:
    """How far the draw clock has run: its plies over the limit (0 after a capture, 1 at the draw)."""
    return position.clock / DRAW_PLIES
