"""The Bagh-Chal board: 25 points on a 5×5 grid, 56 lines and 80 jumps, built at import.

Every orthogonal neighbour is joined by a line; the diagonals run only through
the points whose row + col is even (the corners, the centre, and the points
between them). This is exactly the line pattern of Shologuti's grid, and the
neighbours and jumps come from the same function,
:func:`~lessons_lib.games.common.line_board.line_board`.

Points are numbered 0..24 in reading order, as the board is drawn: 0 is the top
left (``a5``), 4 the top right (``e5``), 20 the bottom left (``a1``). Columns
``a``–``e`` run from left to right, rows ``1``–``5`` from the bottom (the goats'
side) to the top. A set of points is a *bitboard*: an int whose bit ``p`` is set
when point ``p`` is in the set.

>>> POINT_NAMES[0], POINT_NAMES[12], POINT_NAMES[20]
('a5', 'c3', 'a1')
>>> [POINT_NAMES[q] for q in NEIGHBOURS[POINT_NUMBERS["a1"]]]
['a2', 'b2', 'b1']
>>> [(POINT_NAMES[over], POINT_NAMES[target]) for over, target in JUMPS[POINT_NUMBERS["b1"]]]
[('b2', 'b3'), ('c1', 'd1')]
"""

from __future__ import annotations

from typing import Final

from lessons_lib.games.common import bits
from lessons_lib.games.common.bits import bit as bit, points_of as points_of  # also offered here
from lessons_lib.games.common.line_board import line_board

SIZE: Final = 5
POINT_COUNT: Final = SIZE * SIZE
POINTS: Final[tuple[int, ...]] = tuple(range(POINT_COUNT))
ALL_POINTS_MASK: Final = (1 << POINT_COUNT) - 1
POINT_BITS: Final[tuple[int, ...]] = tuple(1 << point for point in POINTS)
"""``POINT_BITS[p]``: the bitboard of point ``p`` alone."""

DIRECTIONS: Final[tuple[tuple[int, int], ...]] = ((-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1))
"""(row step, col step) of the eight directions; rows grow downwards, as drawn."""


def row_col(point: int) -> tuple[int, int]:
    """(row, col) of ``point``: row 0 is the top row (rank 5), col 0 the left column (file a)."""
    return divmod(point, SIZE)


def point_at(row: int, col: int) -> int | None:
    """The point at (row, col), or None off the board."""
    if 0 <= row < SIZE and 0 <= col < SIZE:
        return row * SIZE + col
    return None


def _build_point_names() -> tuple[str, ...]:
    return tuple("abcde"[col] + str(SIZE - row) for row, col in map(row_col, POINTS))


POINT_NAMES: Final[tuple[str, ...]] = _build_point_names()
"""``POINT_NAMES[p]``: the name of point ``p``, like a chess square (``c3`` is the centre)."""

POINT_NUMBERS: Final[dict[str, int]] = {name: point for point, name in enumerate(POINT_NAMES)}
"""The point with each name: ``POINT_NUMBERS["c3"] == 12``."""


def has_line(point: int, direction: tuple[int, int]) -> bool:
    """True if a line leaves ``point`` in ``direction`` (diagonals only from points with row + col even)."""
    row, col = row_col(point)
    d_row, d_col = direction
    if point_at(row + d_row, col + d_col) is None:
        return False
    return d_row == 0 or d_col == 0 or (row + col) % 2 == 0


def _build_lines() -> tuple[tuple[int, int], ...]:
    """Every line once, as ``(p, q)`` with ``p < q``, by ``p`` and then ``q``."""
    lines = set()
    for point in POINTS:
        row, col = row_col(point)
        for d_row, d_col in DIRECTIONS:
            other = point_at(row + d_row, col + d_col)
            if other is not None and has_line(point, (d_row, d_col)):
                lines.add((min(point, other), max(point, other)))
    return tuple(sorted(lines))


LINES: Final[tuple[tuple[int, int], ...]] = _build_lines()
"""Every line once, as ``(p, q)`` with ``p < q``."""

_TABLES: Final = line_board({point: row_col(point) for point in POINTS}, LINES)

NEIGHBOURS: Final[tuple[tuple[int, ...], ...]] = _TABLES.neighbours
"""``NEIGHBOURS[p]``: the points joined to ``p`` by a line, in increasing order."""

NEIGHBOUR_MASK: Final[tuple[int, ...]] = _TABLES.neighbour_masks
"""``NEIGHBOUR_MASK[p]``: the same points as a bitboard."""

JUMPS: Final[tuple[tuple[tuple[int, int], ...], ...]] = _TABLES.jumps
"""``JUMPS[p]``: the ``(over, target)`` pairs of every jump from ``p``, by target."""

CORNERS_MASK: Final[int] = bit(0) | bit(4) | bit(20) | bit(24)
"""The four corners, where the tigers start."""


def names_of(mask: int) -> list[str]:
    """The names of the points in a bitboard, in point order.

    >>> names_of(CORNERS_MASK)
    ['a5', 'e5', 'a1', 'e1']
    """
    return bits.names_of(mask, POINT_NAMES)
