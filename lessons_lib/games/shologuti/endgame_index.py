"""Every Shologuti position of a material class numbered from 0 with no gaps, so that a table can be a plain array.

A material class is (green pieces, red pieces). Its positions are numbered by, in turn: where the green pieces
stand (which of the ways to choose that many of the 37 points: the *combinatorial number system*), where the red
ones stand among the points left, the side to move, and the pending piece: none, or which of the mover's pieces
(in point order) must, or may, go on capturing.

>>> parts = (bit(23) | bit(30), bit(13), 1, 0)  # Green on 23 and 30, Red on 13, Red to move, no chain pending
>>> material_of(parts), parts_at((2, 1), index_of(parts)) == parts
((2, 1), True)
>>> class_size((2, 1))  # 666 ways for Green, 35 for Red, Green to move (3 pending choices) or Red (2)
116550
"""

from __future__ import annotations

from math import comb

from lessons_lib.games.shologuti.board import POINT_COUNT, bit, points_of

Parts = tuple[int, int, int, int]
"""(green, red, side to move, pending point or 0): a position without its clock."""

SHIPPED_MATERIAL = tuple((greens, reds) for greens in range(4) for reds in range(4)
                         if 0 < greens + reds and (max(greens, reds) <= 2 or min(greens, reds) <= 1))
"""The classes of the shipped tables: at most two pieces a side, and three against one or none (each with every
position that has no capture chain under way, and those a chain in it reaches)."""


def subset_rank(chosen: list[int]) -> int:
    """The number of a set of distinct places 0, 1, 2, ... among the sets of its size (colex order)."""
    return sum(comb(place, count + 1) for count, place in enumerate(sorted(chosen)))


def subset_at(size: int, rank: int) -> list[int]:
    """The set of ``size`` places whose :func:`subset_rank` is ``rank``."""
    chosen = []
    for count in range(size, 0, -1):
        place = count - 1
        while comb(place + 1, count) <= rank:
            place += 1
        chosen.append(place)
        rank -= comb(place, count)
    return sorted(chosen)


def material_of(parts: Parts) -> tuple[int, int]:
    return parts[0].bit_count(), parts[1].bit_count()


def class_size(material: tuple[int, int]) -> int:
    """How many positions the class has: placements × (Green to move, with a pending choice each, and Red)."""
    greens, reds = material
    placements = comb(POINT_COUNT, greens) * comb(POINT_COUNT - greens, reds)
    return placements * ((1 + greens) + (1 + reds))


def index_of(parts: Parts) -> int:
    """The position's number in its material class."""
    green, red, side, pending = parts
    greens, reds = green.bit_count(), red.bit_count()
    green_points = [point - 1 for point in points_of(green)]
    free = [point for point in range(POINT_COUNT) if point not in green_points]
    red_places = [free.index(point - 1) for point in points_of(red)]
    placement = subset_rank(green_points) * comb(POINT_COUNT - greens, reds) + subset_rank(red_places)
    mover = points_of(red if side else green)
    choice = 0 if not pending else 1 + mover.index(pending)
    if side == 0:
        return placement * (1 + greens) + choice
    return comb(POINT_COUNT, greens) * comb(POINT_COUNT - greens, reds) * (1 + greens) + placement * (1 + reds) + choice


def parts_at(material: tuple[int, int], index: int) -> Parts:
    """The position numbered ``index`` in the material class (the inverse of :func:`index_of`)."""
    greens, reds = material
    reds_ways = comb(POINT_COUNT - greens, reds)
    green_first = comb(POINT_COUNT, greens) * reds_ways * (1 + greens)
    side, rest, per = (0, index, 1 + greens) if index < green_first else (1, index - green_first, 1 + reds)
    placement, choice = divmod(rest, per)
    green_rank, red_rank = divmod(placement, reds_ways)
    green_points = subset_at(greens, green_rank)
    free = [point for point in range(POINT_COUNT) if point not in green_points]
    red_points = [free[place] for place in subset_at(reds, red_rank)]
    green = sum(bit(point + 1) for point in green_points)
    red = sum(bit(point + 1) for point in red_points)
    mover = points_of(red if side else green)
    return green, red, side, 0 if choice == 0 else mover[choice - 1]
