"""Retrograde analysis: every position of a closed game graph solved backwards from the finished ones.

A game graph lists, for each position, the player to move and the positions its moves lead to (a finished
position leads nowhere and says who won). Solving it gives every position its exact value for the player to
move, won, drawn or lost, and its distance to the end in plies under perfect play: the winner heads for the
quickest win, the loser for the slowest loss. A position neither side can force is a draw (with no move limit,
the game could go on for ever).

The method is the one behind chess endgame tablebases: start from the finished positions; a position is **won**
as soon as one of its moves reaches a position lost for the player who moves there next (or won, if the same
player moves again, as in a capture chain), and **lost** once every one of its moves reaches a position won for
the opponent. Positions are settled in order of their distance, so the first win found is the quickest and the
last child of a loss settled is its slowest.

>>> # 0 moves to 1 or 2; 1 is lost for its player to move (finished), 2 moves to 3, a draw by repetition with 2
>>> graph = GameGraph(movers=[0, 1, 1, 0], children=[[1, 2], [], [3], [2]], finished={1: -1})
>>> solved = solve(graph)
>>> solved.values, solved.distances
([1, -1, 0, 0], [1, 0, -1, -1])
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Final

WIN: Final = 1
DRAW: Final = 0
LOSS: Final = -1
UNKNOWN_DISTANCE: Final = -1
"""The distance of a drawn position: it has none."""


@dataclass
class GameGraph:
    """Positions by number: who moves in each, where each move leads, and how each finished position ended.

    Attributes:
        movers: the player to move in each position (0 or 1).
        children: for each position, the positions its legal moves lead to (empty when finished).
        finished: the finished positions' values for their player to move: ``LOSS`` (-1), ``DRAW`` or ``WIN``.
    """

    movers: Sequence[int]
    children: Sequence[Sequence[int]]
    finished: dict[int, int] = field(default_factory=dict)


@dataclass
class Solution:
    """Each position's value for its player to move (``WIN``, ``DRAW`` or ``LOSS``) and distance to the end in
    plies (``UNKNOWN_DISTANCE`` for a draw)."""

    values: list[int]
    distances: list[int]


def parents_of(graph: GameGraph) -> list[list[int]]:
    """For each position, the positions with a move to it (once for each such move)."""
    parents: list[list[int]] = [[] for _ in graph.movers]
    for parent, children in enumerate(graph.children):
        for child in children:
            parents[child].append(parent)
    return parents


def solve(graph: GameGraph, on_settle: Callable[[int, int, int], None] | None = None) -> Solution:
    """Solve every position of ``graph`` by retrograde analysis (see the module); ``on_settle(position, value,
    distance)``, if given, is told of each position as it is settled (the finished ones first), in order."""
    count = len(graph.movers)
    values = [DRAW] * count
    distances = [UNKNOWN_DISTANCE] * count
    settled = [False] * count
    losing_moves_left = [len(children) for children in graph.children]
    parents = parents_of(graph)
    queue: deque[int] = deque()
    for position, value in graph.finished.items():
        values[position], distances[position], settled[position] = value, 0, True
        if on_settle is not None:
            on_settle(position, value, 0)
        if value != DRAW:
            queue.append(position)
    while queue:
        child = queue.popleft()
        for parent in parents[child]:
            if settled[parent]:
                continue
            same_player = graph.movers[parent] == graph.movers[child]
            for_parent = values[child] if same_player else -values[child]
            if for_parent == WIN:
                values[parent], distances[parent], settled[parent] = WIN, distances[child] + 1, True
            else:
                losing_moves_left[parent] -= 1
                if losing_moves_left[parent] > 0:
                    continue
                values[parent], distances[parent], settled[parent] = LOSS, distances[child] + 1, True
            queue.append(parent)
            if on_settle is not None:
                on_settle(parent, values[parent], distances[parent])
    return Solution(values, distances)
