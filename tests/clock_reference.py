"""An exhaustive solver of small Shologuti endgames with the draw clock in the state, written apart from the tables.

It knows nothing of distances, retrograde queues or the tables' numbering: it lists every position of a material
class through the engine's own :class:`Position` (every placement, either side to move, no chain pending or each
of the mover's pieces pending, as the constructor accepts), plays every legal move with ``Position.play`` (which
keeps the clock), and fills in the value of every (position, clock) pair from the last clock down: at the limit a
position with a move is drawn, one without a move is lost at any clock, and otherwise a position is worth the best
of its moves, a quiet move at the next clock and a capture at clock 0 in a smaller class, solved before.
"""

from __future__ import annotations

from itertools import combinations

import numpy as np
from numpy.typing import NDArray

from lessons_lib.games.shologuti.board import POINTS, bit
from lessons_lib.games.shologuti.position import Position
from lessons_lib.games.shologuti.rules import Rules
from lessons_lib.kit.errors import PositionError

Key = tuple[int, int, int, int]
"""(green, red, side to move, pending point or 0)."""


class ClassValues:
    """One class solved with the clock: its positions' keys and ``values[clock, number]`` for the player to move."""

    def __init__(self, keys: list[Key], values: NDArray[np.int8]) -> None:
        self.keys = keys
        self.number = {key: number for number, key in enumerate(keys)}
        self.values = values


def class_positions(material: tuple[int, int], rules: Rules) -> list[Position]:
    """Every position of the class at clock 0 that the engine accepts (chains pending included)."""
    greens, reds = material
    found = []
    for green_points in combinations(POINTS, greens):
        green = sum(bit(point) for point in green_points)
        for red_points in combinations([point for point in POINTS if point not in green_points], reds):
            red = sum(bit(point) for point in red_points)
            for side, mover in ((0, green_points), (1, red_points)):
                for pending in (0, *mover):
                    try:
                        found.append(Position(green, red, side, pending, 0, rules))
                    except PositionError:
                        continue  # a pending piece that cannot capture
    return found


def key_of(position: Position) -> Key:
    return position.green, position.red, position.to_move, position.pending


def solve_with_clock(materials: list[tuple[int, int]], rules: Rules) -> dict[tuple[int, int], ClassValues]:
    """Every class of ``materials`` (which must hold every class their captures lead to) solved with the clock."""
    limit = rules.draw_plies
    solved: dict[tuple[int, int], ClassValues] = {}
    for material in sorted(materials, key=sum):
        positions = class_positions(material, rules)
        keys = [key_of(position) for position in positions]
        number = {key: index for index, key in enumerate(keys)}
        quiet_parent, quiet_child, quiet_sign = [], [], []
        exit_parent, exit_value = [], []
        stuck = np.zeros(len(keys), dtype=bool)
        for parent, position in enumerate(positions):
            moves = position.legal_moves()
            stuck[parent] = not moves
            for move in moves:
                child = position.play(move)
                sign = 1 if child.to_move == position.to_move else -1
                if child.clock == 0:  # a capture: a smaller class, at clock 0
                    smaller = solved[(child.green.bit_count(), child.red.bit_count())]
                    exit_parent.append(parent)
                    exit_value.append(sign * int(smaller.values[0, smaller.number[key_of(child)]]))
                else:
                    quiet_parent.append(parent)
                    quiet_child.append(number[key_of(child)])
                    quiet_sign.append(sign)
        values = np.zeros((limit + 1, len(keys)), dtype=np.int8)
        values[:, stuck] = -1
        exits = np.full(len(keys), -2, dtype=np.int8)
        np.maximum.at(exits, np.array(exit_parent, dtype=np.int64), np.array(exit_value, dtype=np.int8))
        parents = np.array(quiet_parent, dtype=np.int64)
        children = np.array(quiet_child, dtype=np.int64)
        signs = np.array(quiet_sign, dtype=np.int8)
        for clock in range(limit - 1, -1, -1):
            best = exits.copy()
            np.maximum.at(best, parents, signs * values[clock + 1, children])
            values[clock] = np.where(stuck, -1, best)
        solved[material] = ClassValues(keys, values)
    return solved


def value_by_search(position: Position, smaller: dict[tuple[int, int], ClassValues],
                    seen: dict[tuple[Key, int], int] | None = None) -> int:
    """The value of ``position`` at its clock by a search of every line to the clock's end, its captures looked up
    in ``smaller`` (classes solved by :func:`solve_with_clock`); meant for clocks near the limit."""
    seen = {} if seen is None else seen
    found = seen.get((key_of(position), position.clock))
    if found is not None:
        return found
    ended = position.outcome()  # the engine's own order: no move loses, then the clock draws
    if ended is not None:
        value = 0 if ended.winner is None else 1 if ended.winner == position.to_move else -1
    else:
        value = -1
        for move in position.legal_moves():
            child = position.play(move)
            if child.clock == 0:
                lower = smaller[(child.green.bit_count(), child.red.bit_count())]
                child_value = int(lower.values[0, lower.number[key_of(child)]])
            else:
                child_value = value_by_search(child, smaller, seen)
            value = max(value, child_value if child.to_move == position.to_move else -child_value)
            if value == 1:
                break
    seen[(key_of(position), position.clock)] = value
    return value
