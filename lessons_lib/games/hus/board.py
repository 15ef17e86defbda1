"""The Hus board: two players, each with 32 pits in two rows of 16.

A player's pits are numbered counter-clockwise from their near left pit: 0..15 is
their outer row (left to right as they see it), 16..31 their inner row (right to
left). Seen from South's side of the table (North's numbers are North's own)::

    North outer   15  14  13  ...   2   1   0      <- North's near left is on South's right
    North inner   16  17  18  ...  29  30  31
    South inner   31  30  29  ...  18  17  16
    South outer    0   1   2  ...  13  14  15

South's inner pit ``p`` faces North's inner pit ``47 - p`` (the two inner rows
touch), and behind that lies North's outer pit ``p - 16``; the same holds with the
players swapped.

>>> facing_pits(16)
(31, 0)
"""

from __future__ import annotations

from typing import Final

SOUTH: Final = 0
"""Player 0, at the bottom of the drawing: moves first."""
NORTH: Final = 1
"""Player 1, at the top of the drawing."""
PLAYER_NAMES: Final[tuple[str, str]] = ("South", "North")

PITS: Final = 32
"""Pits per player."""
ROW: Final = 16
"""Pits per row: 0..15 is a player's outer row, 16..31 their inner row."""
TOTAL_SEEDS: Final = 96
"""Seeds in a game: 48 for each player, never more nor fewer."""
START_PITS: Final[tuple[int, ...]] = (2,) * 24 + (0,) * 8
"""Each player's pits at the start: 2 seeds in pits 0..23, none in 24..31."""
LAST_ROUND: Final = 5000
"""The game is drawn once the round number passes this (unless the player to move has no move)."""


def is_inner(pit: int) -> bool:
    """True for a pit of the inner row (16..31), the only row where captures happen."""
    return ROW <= pit < PITS


def facing_pits(pit: int) -> tuple[int, int]:
    """The opponent's inner and outer pits that face the mover's inner ``pit`` (what a capture there takes)."""
    if not is_inner(pit):
        raise ValueError(f"pit {pit} is not in the inner row (16 to 31), so no pits face it")
    return 3 * ROW - 1 - pit, pit - ROW
