"""The Shologuti board: 37 points, 76 lines and 112 jumps, from ``board.json``.

``data/board.json`` is the single description of the board: its points (with their row and
column) and its lines. The tables here are derived from it once, at import: the neighbours and
the jumps by :func:`~lessons_lib.games.common.line_board.line_board`, which Bagh-Chal's board
uses too (a jump goes straight on along a line, over a neighbour).

A set of points is stored as a *bitboard* (see :mod:`lessons_lib.games.common.bits`): a Python
int whose bit ``p`` is set when point ``p`` belongs to the set (bit 0 is never used). So
``1 << 23`` is the set holding point 23 alone, and ``mask & (1 << 23)`` asks "is 23 in it?".

>>> NEIGHBOURS[1]
(2, 4)
>>> JUMPS[1]
((2, 3), (4, 9))
>>> points_of(NEIGHBOUR_MASK[22])
(17, 23, 27)
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any, Final

from lessons_lib.games.common.bits import bit as bit, points_of as points_of  # also offered here
from lessons_lib.games.common.line_board import line_board

POINT_COUNT = 37
POINTS: tuple[int, ...] = tuple(range(1, POINT_COUNT + 1))
ALL_POINTS_MASK: Final = sum(1 << p for p in POINTS)


def _load_board() -> dict[str, Any]:
    text = resources.files("lessons_lib").joinpath("games/shologuti/data/board.json").read_text("utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


BOARD_DATA: dict[str, Any] = _load_board()


def _build_coordinates() -> dict[int, tuple[int, int]]:
    return {entry["point"]: (entry["row"], entry["col"]) for entry in BOARD_DATA["points"]}


def _build_start_mask(side: str) -> int:
    return sum(bit(entry["point"]) for entry in BOARD_DATA["points"] if entry["start"] == side)


COORDINATES: dict[int, tuple[int, int]] = _build_coordinates()
"""(row, col) of every point; rows run from -2 (top) to 6 (bottom)."""

GREEN_START_MASK: int = _build_start_mask("green")
RED_START_MASK: int = _build_start_mask("red")

LINES: tuple[tuple[int, int], ...] = tuple(tuple(line["points"]) for line in BOARD_DATA["lines"])
"""Every line once, as ``(p, q)``, in the order of ``board.json``."""

_TABLES = line_board(COORDINATES, LINES)

NEIGHBOURS: tuple[tuple[int, ...], ...] = _TABLES.neighbours
"""``NEIGHBOURS[p]``: the points joined to ``p`` by a line, in increasing order (index 0 is empty)."""

NEIGHBOUR_MASK: Final[tuple[int, ...]] = _TABLES.neighbour_masks
"""``NEIGHBOUR_MASK[p]``: the same points as a bitboard."""

JUMPS: tuple[tuple[tuple[int, int], ...], ...] = _TABLES.jumps
"""``JUMPS[p]``: the ``(over, target)`` pairs of every jump starting at ``p``, by target."""

JUMP_COUNT = sum(len(j) for j in JUMPS)


def mirror_point(point: int) -> int:
    """The point opposite ``point`` under the board's half-turn symmetry (p ↔ 38 − p)."""
    return POINT_COUNT + 1 - point
