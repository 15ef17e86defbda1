"""Shologuti's small endgames as a game graph, for retrograde analysis (:mod:`lessons_lib.kit.retrograde`).

The graph holds every position with the given numbers of pieces a side, both sides to move, and every position a
capture chain reaches from them (a pending piece that must, or may, capture again), and everything captures lead
to (fewer pieces). Its values ignore the draw clock: a draw means that neither side can force a win however long
the game goes on (:func:`lessons_lib.games.shologuti.endgame_table.solved` says when a value holds under the clock).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from itertools import combinations

from lessons_lib.games.shologuti.board import POINTS, bit
from lessons_lib.games.shologuti.movegen import after_move, generate_moves
from lessons_lib.games.shologuti.rules import FORCED, Rules
from lessons_lib.kit.retrograde import LOSS, GameGraph

Parts = tuple[int, int, int, int]
"""(green, red, side to move, pending point or 0): a position without its clock."""


def masks(count: int, taken: int = 0) -> Iterator[int]:
    """Every bitboard of ``count`` pieces on the points not in ``taken``."""
    free = [point for point in POINTS if not taken & bit(point)]
    for chosen in combinations(free, count):
        mask = 0
        for point in chosen:
            mask |= bit(point)
        yield mask


def quiet_positions(material: Iterable[tuple[int, int]]) -> Iterator[Parts]:
    """Every position with no chain pending, either side to move, for each (green pieces, red pieces)."""
    for greens, reds in material:
        for green in masks(greens):
            for red in masks(reds, green):
                yield green, red, 0, 0
                yield green, red, 1, 0


def endgame_graph(material: Iterable[tuple[int, int]], rules: Rules = FORCED) -> tuple[GameGraph, list[Parts]]:
    """The game graph of every position with the given material and all it leads to, and the parts of each
    position by its number in the graph."""
    parts: list[Parts] = []
    number: dict[Parts, int] = {}
    movers: list[int] = []
    children: list[list[int]] = []
    finished: dict[int, int] = {}

    def numbered(position: Parts) -> int:
        found = number.get(position)
        if found is None:
            found = number[position] = len(parts)
            parts.append(position)
            movers.append(position[2])
            children.append([])
        return found

    for position in quiet_positions(material):
        numbered(position)
    done = 0
    while done < len(parts):  # positions found along the way (chains, fewer pieces) join the queue
        green, red, side, pending = parts[done]
        own, enemy = (red, green) if side else (green, red)
        moves = generate_moves(own, enemy, pending, rules)
        if not moves:
            finished[done] = LOSS  # no move, or no pieces: the player to move loses
        for move in moves:
            child_green, child_red, child_side, child_pending, _ = after_move(green, red, side, 0, move)
            children[done].append(numbered((child_green, child_red, child_side, child_pending)))
        done += 1
    return GameGraph(movers, children, finished), parts
