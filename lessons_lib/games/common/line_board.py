"""Boards of points joined by lines, where a piece steps along a line or jumps over a neighbour along it.

Shologuti's 37 points and Bagh-Chal's 5×5 grid are boards of this kind. Each game says where
its points are and which of them a line joins; :func:`line_board` derives the tables both
engines look moves up in, and the functions after it build each game's prebuilt moves from them.

A jump goes from ``p`` over a neighbour ``q`` to ``r`` when ``q`` and ``r`` are joined by a line
that goes on from ``p``–``q`` straight ahead, with the same step: ``r − q == q − p`` in (row, col).

>>> board = line_board({0: (0, 0), 1: (0, 1), 2: (0, 2), 3: (1, 1)}, [(0, 1), (1, 2), (0, 3)])
>>> board.neighbours[0], board.jumps[0], board.jumps[2]
((1, 3), ((1, 2),), ((1, 0),))
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import NamedTuple, TypeVar

from lessons_lib.games.common.bits import bit

MoveT = TypeVar("MoveT")


class LineBoard(NamedTuple):
    """The tables of a board of points and lines, indexed by point number.

    Numbers from 0 to the largest point that are no point (Shologuti's 0) have empty entries.
    """

    neighbours: tuple[tuple[int, ...], ...]
    """``neighbours[p]``: the points joined to ``p`` by a line, in increasing order."""
    neighbour_masks: tuple[int, ...]
    """``neighbour_masks[p]``: the same points as a bitboard."""
    jumps: tuple[tuple[tuple[int, int], ...], ...]
    """``jumps[p]``: the ``(over, target)`` pairs of every jump from ``p``, by target."""


def line_board(coordinates: Mapping[int, tuple[int, int]], lines: Iterable[tuple[int, int]]) -> LineBoard:
    """The tables of the board whose points are at ``coordinates`` (point: (row, col)) and joined by ``lines``."""
    joined: list[list[int]] = [[] for _ in range(max(coordinates) + 1)]
    for a, b in lines:
        joined[a].append(b)
        joined[b].append(a)
    neighbours = tuple(tuple(sorted(points)) for points in joined)

    def step(a: int, b: int) -> tuple[int, int]:
        return coordinates[b][0] - coordinates[a][0], coordinates[b][1] - coordinates[a][1]

    jumps = tuple(
        tuple(sorted(((over, target) for over in neighbours[origin] for target in neighbours[over]
                      if target != origin and step(origin, over) == step(over, target)), key=lambda pair: pair[1]))
        for origin in range(len(neighbours))
    )
    return LineBoard(neighbours, tuple(sum(bit(q) for q in points) for points in neighbours), jumps)


def step_moves(neighbours: Sequence[tuple[int, ...]],
               make_step: Callable[[int, int], MoveT]) -> dict[tuple[int, int], MoveT]:
    """Every step, as ``make_step(origin, target)``, by ``(origin, target)``: by origin, then target."""
    return {(origin, target): make_step(origin, target)
            for origin, targets in enumerate(neighbours) for target in targets}


def capture_moves(jumps: Sequence[tuple[tuple[int, int], ...]],
                  make_capture: Callable[[int, int, int], MoveT]) -> dict[tuple[int, int], MoveT]:
    """Every jump, as ``make_capture(origin, target, over)``, by ``(origin, target)``: by origin, then target."""
    return {(origin, target): make_capture(origin, target, over)
            for origin, pairs in enumerate(jumps) for over, target in pairs}


def steps_to(neighbours: Sequence[tuple[int, ...]],
             steps: Mapping[tuple[int, int], MoveT]) -> tuple[dict[int, tuple[MoveT, ...]], ...]:
    """``table[p][empty & neighbour_masks[p]]``: the steps from ``p`` into those empty points, by target.

    A point has at most 8 neighbours, so at most 256 sets of them: one dictionary
    lookup then replaces a loop over the neighbours.
    """
    table = []
    for origin, targets in enumerate(neighbours):
        by_empty: dict[int, tuple[MoveT, ...]] = {}
        table.append(by_empty)
        if not targets:  # a number that is no point (Shologuti's 0)
            continue
        for chosen in range(1 << len(targets)):
            reached = [q for i, q in enumerate(targets) if chosen >> i & 1]
            by_empty[sum(bit(q) for q in reached)] = tuple(steps[origin, q] for q in reached)
    return tuple(table)


def captures_from(jumps: Sequence[tuple[tuple[int, int], ...]],
                  captures: Mapping[tuple[int, int], MoveT]) -> tuple[tuple[tuple[int, int, MoveT], ...], ...]:
    """``table[p]``: ``(over_bit, target_bit, move)`` for each capture from ``p``, by target."""
    return tuple(tuple((bit(over), bit(target), captures[origin, target]) for over, target in pairs)
                 for origin, pairs in enumerate(jumps))


def capture_over_masks(table: Sequence[tuple[tuple[int, int, MoveT], ...]]) -> tuple[int, ...]:
    """``masks[p]``: the points a piece on ``p`` could jump over, from :func:`captures_from`'s table."""
    return tuple(sum(over_bit for over_bit, _, _ in entries) for entries in table)
