"""The engine's door to the solved endgame tables (:mod:`lessons_lib.games.shologuti.endgame_table`).

Most positions have too many pieces for a table, so this module answers them without loading numpy or the
tables: a game that never reaches a small endgame never pays for them. A damaged table file never stops a game:
it is said once on stderr (which file, and how to make it again), and the positions it would decide are left to
the searches (None) from then on.
"""

from __future__ import annotations

import sys

from lessons_lib.games.shologuti.endgame_index import SHIPPED_MATERIAL
from lessons_lib.games.shologuti.position import Position

SCOPE = ("positions of the forced, traditional and continue rules with at most two pieces a side or three against "
         "one or none and no capture chain under way, the positions their moves lead to, and only while the draw "
         "clock leaves room for the result")
"""Which positions the shipped tables decide, in words."""


_DAMAGED: set[str] = set()
"""The variants whose table file is damaged: said once, then left alone."""


def solved(position: Position) -> tuple[int, int] | None:
    """The exact value of ``position`` for the player to move (1 won, 0 drawn, −1 lost) and its distance to the
    end in plies, or None where the shipped tables do not decide it
    (:func:`lessons_lib.games.shologuti.endgame_table.solved`), or where the table's file is damaged (see the
    module)."""
    if (position.green.bit_count(), position.red.bit_count()) not in SHIPPED_MATERIAL \
            or position.rules.name in _DAMAGED:
        return None
    from lessons_lib.games.shologuti.endgame_table import DamagedTable, solved as looked_up

    try:
        return looked_up(position)
    except DamagedTable as damage:
        _DAMAGED.add(position.rules.name)
        print(f"{damage}; until then, its positions are searched", file=sys.stderr, flush=True)
        return None
