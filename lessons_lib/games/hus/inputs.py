"""Hus's board as a network reads it: the raw position, nothing counted by hand.

:func:`board_inputs` gives the seeds in each of ``player``'s 32 pits, then in each of the opponent's, each as a
share of all 96 seeds, then whether ``player`` is to move and how far the game is through its round limit.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from lessons_lib.games.hus.board import LAST_ROUND, PITS, TOTAL_SEEDS
from lessons_lib.games.hus.position import Position

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

INPUT_COUNT: Final = 2 * PITS + 2


def board_inputs(position: Position, player: int) -> NDArray[np.float64]:
    """The :data:`INPUT_COUNT` numbers ``player`` sees (see the module)."""
    import numpy as np  # here, not with the engine (see lessons_lib.games.common.inputs)

    pits = position.pits
    ordered = pits[PITS:] + pits[:PITS] if player else pits
    return np.array([*(seeds / TOTAL_SEEDS for seeds in ordered),
                     1.0 if position.to_move == player else 0.0, position.round_number / LAST_ROUND])
