"""The engine's door to the solved endgame tables (:mod:`lessons_lib.games.shologuti.endgame_table`).

Most positions have too many pieces for a table, so this module answers them without loading numpy or the
tables: a game that never reaches a small endgame never pays for them. A damaged table file is an error of one line
(which file, and how to make it again); the agents that play from the tables
(:class:`~lessons_lib.agents.solved.SolvedFirst`) say it once and search instead.
"""

from __future__ import annotations

import random

from lessons_lib.games.shologuti.endgame_index import SHIPPED_MATERIAL, class_size, parts_at
from lessons_lib.games.shologuti.position import Position
from lessons_lib.games.shologuti.rules import Rules

SCOPE = ("positions of the forced, traditional and continue rules with at most two pieces a side or three against "
         "one or none and no capture chain under way, and the positions their moves lead to, at any clock (under "
         "another draw limit than 100, only where the result comes before the clock can end the game)")
"""Which positions the shipped tables decide, in words."""


def solved(position: Position) -> tuple[int, int] | None:
    """The exact value of ``position`` for the player to move (1 won, 0 drawn, −1 lost) and its distance to the
    end in plies, or None where the shipped tables do not decide it
    (:func:`lessons_lib.games.shologuti.endgame_table.solved`); a damaged table file raises
    :class:`~lessons_lib.kit.errors.DamagedData` (one line: which file, and how to make it again)."""
    if (position.green.bit_count(), position.red.bit_count()) not in SHIPPED_MATERIAL:
        return None
    from lessons_lib.games.shologuti.endgame_table import solved as looked_up

    return looked_up(position)


def random_solved_position(variant: str, rng: random.Random) -> Position:
    """A position drawn with ``rng`` from the shipped tables of ``variant``: a class with a piece a side, then a
    numbered position of it, again until the tables decide one that is still in play (the clock at 0)."""
    from lessons_lib.games.shologuti.endgame_table import solved_parts

    rules = Rules.named(variant)
    classes = [material for material in SHIPPED_MATERIAL if min(material) > 0]
    while True:
        material = rng.choice(classes)
        parts = parts_at(material, rng.randrange(class_size(material)))
        if solved_parts(parts, variant) is None:
            continue
        position = Position(*parts, rules=rules)
        if not position.is_game_over():
            return position
