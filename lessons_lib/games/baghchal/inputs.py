"""Bagh-Chal's board as a network reads it: the raw position, nothing counted by hand.

:func:`board_inputs` gives 25 numbers for the tigers (1 where one stands), 25 for the goats, then whether
``player`` is the tigers, whether it is to move, the goats still in hand (of 20), the goats captured (of 5), and
the share of the draw clock run. The two sides differ, so the board is not turned: ``player`` says which one the
network plays.

:func:`clock_share` is the clock alone, for the value on the features to read (``--clock-inputs``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from lessons_lib.games.baghchal.board import POINT_COUNT
from lessons_lib.games.baghchal.movegen import DRAW_PLIES, GOAT_COUNT, TIGERS, WINNING_CAPTURES
from lessons_lib.games.baghchal.position import Position
from lessons_lib.games.common.inputs import bit_array

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

INPUT_COUNT: Final = 2 * POINT_COUNT + 5


def board_inputs(position: Position, player: int) -> NDArray[np.float64]:
    """The :data:`INPUT_COUNT` numbers ``player`` sees (see the module)."""
    import numpy as np  # here, not with the engine (see lessons_lib.games.common.inputs)

    return np.concatenate([bit_array(position.tigers, POINT_COUNT), bit_array(position.goats, POINT_COUNT), [
        1.0 if player == TIGERS else 0.0, 1.0 if position.to_move == player else 0.0,
        position.goats_in_hand / GOAT_COUNT, position.goats_captured / WINNING_CAPTURES, position.clock / DRAW_PLIES]])


def clock_share(position: Position) -> float:
    """How far the draw clock has run: its plies over the limit (0 after a capture, 1 at the draw)."""
    return position.clock / DRAW_PLIES
