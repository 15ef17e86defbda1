"""The Bagh-Chal board: 25 points on a 5×5 grid, 56 lines and 80 jumps, built at import.

Every orthogonal neighbour is joined by a line; the diagonals run only through
the points whose row + col is even (the corners, the centre, and the points
between them). This is exactly the line pattern of Shologuti's grid.

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

SIZE = 5
POINT_COUNT = SIZE * SIZE
POINTS: tuple[int, ...] = tuple(range(POINT_COUNT))
ALL_POINTS_MASK = (1 << POINT_COUNT) - 1

DIRECTIONS: tuple[tuple[int, int], ...] = ((-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1))
"""(row step, col step) of the eight directions; rows grow downwards, as drawn."""


def bit(point: int) -> int:
    """The bitboard holding ``point`` alone."""
    return 1 << point


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


POINT_NAMES: tuple[str, ...] = _build_point_names()
"""``POINT_NAMES[p]``: the name of point ``p``, like a chess square (``c3`` is the centre)."""

POINT_NUMBERS: dict[str, int] = {name: point for point, name in enumerate(POINT_NAMES)}
"""The point with each name: ``POINT_NUMBERS["c3"] == 12``."""


def has_line(point: int, direction: tuple[int, int]) -> bool:
    """True if a line leaves ``point`` in ``direction`` (diagonals only from points with row + col even)."""
    row, col = row_col(point)
    d_row, d_col = direction
    if point_at(row + d_row, col + d_col) is None:
        return False
    return d_row == 0 or d_col == 0 or (row + col) % 2 == 0


def _build_neighbours() -> tuple[tuple[int, ...], ...]:
    table = []
    for point in POINTS:
        row, col = row_col(point)
        joined = [point_at(row + dr, col + dc) for dr, dc in DIRECTIONS if has_line(point, (dr, dc))]
        table.append(tuple(sorted(q for q in joined if q is not None)))
    return tuple(table)


def _build_jumps() -> tuple[tuple[tuple[int, int], ...], ...]:
    """For each point, ``(over, target)`` of every jump: two segments of one straight line."""
    table = []
    for point in POINTS:
        row, col = row_col(point)
        jumps = []
        for d_row, d_col in DIRECTIONS:
            over = point_at(row + d_row, col + d_col)
            target = point_at(row + 2 * d_row, col + 2 * d_col)
            if over is not None and target is not None and has_line(point, (d_row, d_col)):
                jumps.append((over, target))  # a line on to ``over`` continues straight on to ``target``
        table.append(tuple(sorted(jumps, key=lambda pair: pair[1])))
    return tuple(table)


NEIGHBOURS: tuple[tuple[int, ...], ...] = _build_neighbours()
"""``NEIGHBOURS[p]``: the points joined to ``p`` by a line, in increasing order."""

NEIGHBOUR_MASK: tuple[int, ...] = tuple(sum(bit(q) for q in joined) for joined in NEIGHBOURS)
"""``NEIGHBOUR_MASK[p]``: the same points as a bitboard."""

JUMPS: tuple[tuple[tuple[int, int], ...], ...] = _build_jumps()
"""``JUMPS[p]``: the ``(over, target)`` pairs of every jump from ``p``, by target."""

LINES: tuple[tuple[int, int], ...] = tuple((p, q) for p in POINTS for q in NEIGHBOURS[p] if p < q)
"""Every line once, as ``(p, q)`` with ``p < q``."""

CORNERS_MASK: int = bit(0) | bit(4) | bit(20) | bit(24)
"""The four corners, where the tigers start."""


def _build_points_in_byte() -> tuple[tuple[tuple[int, ...], ...], ...]:
    """``table[k][b]``: the points whose bits are set in byte ``b`` of a bitboard's byte ``k``."""
    return tuple(tuple(tuple(8 * k + i for i in range(8) if b >> i & 1) for b in range(256)) for k in range(4))


_BYTE0, _BYTE1, _BYTE2, _BYTE3 = _build_points_in_byte()


def points_of(mask: int) -> tuple[int, ...]:
    """The points in a bitboard, in increasing order (a byte at a time, from a table).

    >>> points_of(CORNERS_MASK)
    (0, 4, 20, 24)
    """
    return _BYTE0[mask & 255] + _BYTE1[mask >> 8 & 255] + _BYTE2[mask >> 16 & 255] + _BYTE3[mask >> 24 & 255]


def names_of(mask: int) -> list[str]:
    """The names of the points in a bitboard, in point order."""
    return [POINT_NAMES[p] for p in points_of(mask)]
