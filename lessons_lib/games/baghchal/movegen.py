"""The rules on bare bitboards: the moves of each side, and what a move changes.

These functions work on plain ints (the tigers' and the goats' bitboards) and
are what :class:`lessons_lib.games.baghchal.position.Position` and its fast random
playouts are built on. Both loops peel the points off a bitboard with
:func:`points_of` and look the moves up in tables built at import.

>>> from lessons_lib.games.baghchal.board import CORNERS_MASK
>>> len(goat_moves(CORNERS_MASK, 0, 20)), tiger_moves(CORNERS_MASK, 0)[:3]
(21, [Move.parse('a5-b5'), Move.parse('a5-a4'), Move.parse('a5-b4')])
"""

from __future__ import annotations

from typing import Final

from lessons_lib.games.baghchal.board import ALL_POINTS_MASK, NEIGHBOUR_MASK, points_of
from lessons_lib.games.baghchal.moves import CAPTURE_OVER_MASK, CAPTURES_FROM, PLACEMENTS_IN_BYTE, STEPS_TO, Move

GOATS: Final = 0
"""The goats' player number: they move first."""
TIGERS: Final = 1

GOAT_COUNT: Final = 20
"""Goats in all: in hand at the start, then on the board or captured."""
WINNING_CAPTURES: Final = 5
"""The tigers win on this capture."""
DRAW_PLIES: Final = 100
"""The game is drawn once this many plies in a row pass with no capture and no placement."""

PERFT_FROM_START: Final = (21, 252, 5_052, 68_204, 1_304_788, 18_592_000, 339_123_476)
"""Perft from the start position, depth 1 upwards (docs/rules/baghchal.md has the table and the timings)."""

_PLACE0, _PLACE1, _PLACE2, _PLACE3 = PLACEMENTS_IN_BYTE


def goat_moves(tigers: int, goats: int, in_hand: int) -> list[Move]:
    """The goats' moves: a placement on every empty point while goats remain in hand, else their steps.

    Placements come in point order; steps by origin point, then target point.
    """
    empty = ALL_POINTS_MASK ^ tigers ^ goats
    if in_hand:
        return list(_PLACE0[empty & 255] + _PLACE1[empty >> 8 & 255] + _PLACE2[empty >> 16 & 255]
                    + _PLACE3[empty >> 24 & 255])
    steps: list[Move] = []
    for point in points_of(goats):
        targets = empty & NEIGHBOUR_MASK[point]
        if targets:
            steps += STEPS_TO[point][targets]
    return steps


def tiger_moves(tigers: int, goats: int) -> list[Move]:
    """The tigers' moves: every capture, then every step, each by origin point and then target point."""
    empty = ALL_POINTS_MASK ^ tigers ^ goats
    captures: list[Move] = []
    steps: list[Move] = []
    for point in points_of(tigers):
        targets = empty & NEIGHBOUR_MASK[point]
        if targets:
            steps += STEPS_TO[point][targets]
        if goats & CAPTURE_OVER_MASK[point]:  # a goat next to this tiger: look for jumps
            for over_bit, target_bit, move in CAPTURES_FROM[point]:
                if goats & over_bit and empty & target_bit:
                    captures.append(move)
    return captures + steps if captures else steps


def after_move(
    tigers: int, goats: int, side: int, in_hand: int, captured: int, clock: int, move: Move
) -> tuple[int, int, int, int, int]:
    """The parts of a position after ``side`` plays ``move`` (which must be legal).

    Returns ``(tigers, goats, in_hand, captured, clock)``; the other side moves next.
    A placement or a capture sets the clock to 0; any other ply adds one to it.
    """
    origin, target, over = move
    if origin is None:
        return tigers, goats | 1 << target, in_hand - 1, captured, 0
    moved = 1 << origin | 1 << target
    if side == GOATS:
        return tigers, goats ^ moved, in_hand, captured, clock + 1
    if over is None:
        return tigers ^ moved, goats, in_hand, captured, clock + 1
    return tigers ^ moved, goats ^ 1 << over, in_hand, captured + 1, 0
