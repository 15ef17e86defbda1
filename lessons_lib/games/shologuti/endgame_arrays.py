"""The numbering of :mod:`~lessons_lib.games.shologuti.endgame_index` and the moves, over whole arrays at once.

The endgame solver (:mod:`~lessons_lib.games.shologuti.endgame_solver`) works on a class's positions as numpy
arrays of numbers, millions at a time, and never makes a Python object for a position. Here:

- :func:`parts_of` turns numbers into the parts of their positions (each side's bitboard, the side to move, the
  pending point or 0), and :func:`numbers_of` turns parts back into numbers: the same numbering as
  :func:`~lessons_lib.games.shologuti.endgame_index.index_of`, looked up in small tables of every set of up to a
  few points (which number each set has, which set each number is);
- :func:`moves_of` lists every legal move of many positions at once, as arrays of (position, child's parts,
  whether it captured), following :func:`~lessons_lib.games.shologuti.movegen.generate_moves` and
  :func:`~lessons_lib.games.shologuti.movegen.after_move`.

A bitboard is a ``uint64`` with bit ``p`` set for a piece on point ``p``, as in the engine.

>>> from lessons_lib.games.shologuti.board import bit
>>> from lessons_lib.games.shologuti.endgame_index import index_of
>>> parts = (bit(23) | bit(30), bit(13), 1, 0)
>>> numbers = numbers_of((2, 1), *(np.array([part], dtype=np.uint64) for part in parts))
>>> int(numbers[0]) == index_of(parts)
True
"""

from __future__ import annotations

from functools import cache
from itertools import combinations
from math import comb
from typing import Any

import numpy as np
from numpy.typing import NDArray

from lessons_lib.games.shologuti.board import JUMPS, NEIGHBOURS, POINT_COUNT
from lessons_lib.games.shologuti.rules import Rules

Array = NDArray[Any]
ONE = np.uint64(1)


@cache
def subsets(size: int, places: int) -> tuple[Array, Array, Array]:
    """Every set of ``size`` of ``places`` places (0, 1, ...): their places by number (colex order, as
    :func:`~lessons_lib.games.shologuti.endgame_index.subset_rank`), their masks sorted, and the number of each
    sorted mask."""
    chosen = np.array(list(combinations(range(places), size)), dtype=np.int64).reshape(comb(places, size), size)
    ranks = sum((np.array([comb(int(place), count + 1) for place in chosen[:, count]], dtype=np.int64)
                 for count in range(size)), start=np.zeros(len(chosen), dtype=np.int64))
    by_number = np.empty_like(chosen)
    by_number[ranks] = chosen
    masks = np.zeros(len(chosen), dtype=np.uint64)
    for count in range(size):
        masks |= ONE << by_number[:, count].astype(np.uint64)
    order = np.argsort(masks)
    return by_number, masks[order], order.astype(np.int64)


def _number_of_set(masks: Array, size: int, places: int) -> Array:
    """The colex number of each set of ``size`` places (as masks)."""
    _, sorted_masks, number = subsets(size, places)
    return number[np.searchsorted(sorted_masks, masks)]


_BYTE_COUNTS = np.array([bin(value).count("1") for value in range(1 << 16)], dtype=np.int64)


def popcount(masks: Array) -> Array:
    """The number of set bits of each ``uint64`` (bits below 48 only: the board has 37 points)."""
    low = np.uint64(0xFFFF)
    return (_BYTE_COUNTS[(masks & low).astype(np.int64)] + _BYTE_COUNTS[((masks >> np.uint64(16)) & low).astype(np.int64)]
            + _BYTE_COUNTS[((masks >> np.uint64(32)) & low).astype(np.int64)])


def layout(material: tuple[int, int]) -> tuple[int, int]:
    """The number of ways to place the red pieces among the free points, and where Red-to-move numbers begin."""
    greens, reds = material
    reds_ways = comb(POINT_COUNT - greens, reds)
    return reds_ways, comb(POINT_COUNT, greens) * reds_ways * (1 + greens)


def parts_of(material: tuple[int, int], numbers: Array) -> tuple[Array, Array, Array, Array]:
    """The parts of each numbered position: green and red bitboards (uint64), side to move and pending point
    (int64; 0 for none). A number whose pending choice names no piece does not occur."""
    greens, reds = material
    reds_ways, red_first = layout(material)
    side = (numbers >= red_first).astype(np.int64)
    rest = np.where(side == 1, numbers - red_first, numbers)
    per = np.where(side == 1, 1 + reds, 1 + greens)
    placement, choice = np.divmod(rest, per)
    green_rank, red_rank = np.divmod(placement, reds_ways)
    green_places = subsets(greens, POINT_COUNT)[0][green_rank]  # (n, greens), increasing
    red_places = subsets(reds, POINT_COUNT - greens)[0][red_rank]  # among the free places, increasing
    for count in range(greens):  # a free place at or past a green place moves up past it
        red_places = red_places + (red_places >= green_places[:, count:count + 1])
    green = np.zeros(len(numbers), dtype=np.uint64)
    red = np.zeros(len(numbers), dtype=np.uint64)
    for count in range(greens):
        green |= ONE << (green_places[:, count] + 1).astype(np.uint64)
    for count in range(reds):
        red |= ONE << (red_places[:, count] + 1).astype(np.uint64)
    pending = np.zeros(len(numbers), dtype=np.int64)
    for count in range(max(greens, reds)):
        points = np.where(side == 1, red_places[:, min(count, reds - 1)] if reds else 0,
                          green_places[:, min(count, greens - 1)] if greens else 0) + 1
        pending = np.where(choice == count + 1, points, pending)
    return green, red, side, pending


def numbers_of(material: tuple[int, int], green: Array, red: Array, side: Array, pending: Array) -> Array:
    """The number of each position given by its parts (the inverse of :func:`parts_of`)."""
    greens, reds = material
    reds_ways, red_first = layout(material)
    green_places: Array = green >> ONE
    red_free: Array = red >> ONE
    green_rank = _number_of_set(green_places, greens, POINT_COUNT)
    chosen = subsets(greens, POINT_COUNT)[0][green_rank]
    for count in reversed(range(greens)):  # take each green place out, the highest first
        below = (ONE << chosen[:, count].astype(np.uint64)) - ONE
        red_free = (red_free & below) | ((red_free >> ONE) & ~below)
    red_rank = _number_of_set(red_free, reds, POINT_COUNT - greens)
    placement = green_rank * reds_ways + red_rank
    mover = np.where(side == 1, red, green)
    below_pending = (ONE << pending.astype(np.uint64)) - ONE
    choice = np.where(pending > 0, 1 + popcount(mover & below_pending), 0)
    return np.where(side == 1, red_first + placement * (1 + reds) + choice, placement * (1 + greens) + choice)


def _padded(rows: list[list[int]]) -> Array:
    """Rows of points as a (38, 8) table, 0 where a point has fewer."""
    table = np.zeros((POINT_COUNT + 1, 8), dtype=np.int64)
    for point, row in enumerate(rows):
        table[point, :len(row)] = row
    return table


STEP_TO = _padded([list(neighbours) for neighbours in NEIGHBOURS])
"""``STEP_TO[p, d]``: the ``d``-th neighbour of point ``p`` (0 for none)."""
JUMP_OVER = _padded([[over for over, _ in jumps] for jumps in JUMPS])
JUMP_TO = _padded([[target for _, target in jumps] for jumps in JUMPS])
"""``JUMP_OVER[p, d]`` and ``JUMP_TO[p, d]``: the ``d``-th jump from ``p`` (0 for none)."""
ALL = np.uint64(sum(1 << point for point in range(1, POINT_COUNT + 1)))


def _has(masks: Array, points: Array) -> Array:
    """Whether each mask holds its point (point 0: never)."""
    held: Array = (points > 0) & (((masks >> points.astype(np.uint64)) & ONE) == ONE)
    return held


def pieces_of(masks: Array, count: int) -> list[Array]:
    """The points of each mask's first ``count`` pieces, lowest first, as ``count`` arrays (0 past its last)."""
    points: list[Array] = []
    rest = masks.copy()
    for _ in range(count):
        lowest = rest & (~rest + ONE)
        point = np.zeros(len(masks), dtype=np.int64)
        some = lowest != 0
        point[some] = np.log2(lowest[some].astype(np.float64)).round().astype(np.int64)
        points.append(point)
        rest ^= lowest
    return points


def captures_from(points: Array, own: Array, enemy: Array) -> Array:
    """Whether the piece on each point (0: none) has a capture (booleans)."""
    empty = ALL ^ own ^ enemy
    found = np.zeros(len(points), dtype=bool)
    for direction in range(8):
        found |= _has(enemy, JUMP_OVER[points, direction]) & _has(empty, JUMP_TO[points, direction])
    return found


class Moves:
    """Every legal move of a batch of positions: ``parent`` (the position's place in the batch), the child's
    parts, and whether the move captured (its child is then in a smaller class)."""

    def __init__(self) -> None:
        self.lists: dict[str, list[Array]] = {name: [] for name in
                                              ("parent", "green", "red", "side", "pending", "captured")}

    def add(self, **arrays: Array) -> None:
        for name, array in arrays.items():
            self.lists[name].append(array)

    def array(self, name: str) -> Array:
        parts = self.lists[name]
        return np.concatenate(parts) if parts else np.zeros(0, dtype=np.int64)


def moves_of(material: tuple[int, int], green: Array, red: Array, side: Array, pending: Array,
             rules: Rules) -> Moves:
    """Every legal move of positions given by their parts, all of the class ``material`` (see :class:`Moves`)."""
    greens, reds = material
    moves = Moves()
    own = np.where(side == 1, red, green)
    enemy = np.where(side == 1, green, red)
    empty = ALL ^ own ^ enemy
    count = len(green)
    mover_pieces = np.where(side == 1, reds, greens)
    pieces = pieces_of(own, max(greens, reds))
    has_pieces = [mover_pieces > place for place in range(len(pieces))]
    chained = pending > 0
    can_capture = np.zeros(count, dtype=bool)
    for place, points in enumerate(pieces):
        allowed = has_pieces[place] & (~chained | (points == pending))
        can_capture |= allowed & captures_from(points, own, enemy)
    indices = np.arange(count, dtype=np.int64)
    for place, points in enumerate(pieces):
        allowed = has_pieces[place] & (~chained | (points == pending))
        for direction in range(8):
            over, target = JUMP_OVER[points, direction], JUMP_TO[points, direction]
            legal = allowed & _has(enemy, over) & _has(empty, target)
            if legal.any():
                _add_capture(moves, indices[legal], points[legal], over[legal], target[legal], own[legal],
                             enemy[legal], side[legal])
    stepping = ~chained & ~(can_capture if rules.must_capture else np.zeros(count, dtype=bool))
    for place, points in enumerate(pieces):
        allowed = has_pieces[place] & stepping
        for direction in range(8):
            target = STEP_TO[points, direction]
            legal = allowed & _has(empty, target)
            if legal.any():
                moved = (ONE << points[legal].astype(np.uint64)) | (ONE << target[legal].astype(np.uint64))
                mover = own[legal] ^ moved
                other = enemy[legal]
                green_side = side[legal] == 0
                moves.add(parent=indices[legal], green=np.where(green_side, mover, other),
                          red=np.where(green_side, other, mover), side=1 - side[legal],
                          pending=np.zeros(int(legal.sum()), dtype=np.int64),
                          captured=np.zeros(int(legal.sum()), dtype=bool))
    if not rules.must_continue and chained.any():  # stop: the chain ends, the other side moves
        stop = indices[chained]
        moves.add(parent=stop, green=green[chained], red=red[chained], side=1 - side[chained],
                  pending=np.zeros(len(stop), dtype=np.int64), captured=np.zeros(len(stop), dtype=bool))
    return moves


def _add_capture(moves: Moves, parents: Array, origin: Array, over: Array, target: Array, own: Array, enemy: Array,
                 side: Array) -> None:
    """Captures from ``origin`` over ``over`` to ``target``: the chain goes on where the piece can capture again."""
    own = own ^ (ONE << origin.astype(np.uint64)) ^ (ONE << target.astype(np.uint64))
    enemy = enemy ^ (ONE << over.astype(np.uint64))
    again = captures_from(target, own, enemy)
    green_side = side == 0
    moves.add(parent=parents, green=np.where(green_side, own, enemy), red=np.where(green_side, enemy, own),
              side=np.where(again, side, 1 - side), pending=np.where(again, target, 0),
              captured=np.ones(len(parents), dtype=bool))
