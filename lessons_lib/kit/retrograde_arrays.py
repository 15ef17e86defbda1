"""Retrograde analysis over arrays: :mod:`lessons_lib.kit.retrograde`'s method for graphs of millions of positions.

The graph is one class of positions that its moves never leave except by *exits*, moves to positions already
solved (in a game where captures take pieces, the captures). Every move inside the class hands the turn to the
other player. Given, as arrays, each position's moves inside the class (``parents`` → ``children``) and its exits
(their value for the player who makes the move, and the distance after it), :func:`solve_class` settles the
positions level by level, in order of distance, as the queue of the list version does: a position is won at
distance ``d`` when its quickest move to a position lost for the opponent (or an exit won for it) leads there at
``d − 1``, and lost at ``d`` when the last of its moves, all won for the opponent, is settled at ``d − 1``. It gives
the same values and distances as :func:`~lessons_lib.kit.retrograde.solve` on the same graph.

The moves inside the class are kept once, by child (:class:`Inside`, made from the moves a chunk at a time), so
that a class of tens of millions of positions fits in memory.

>>> # 0 → 1 and 0 → 2; 1 has no move (lost); 2 and 3 move to each other (a draw by repetition)
>>> inside = Inside.of(4, [(np.array([0, 0, 2, 3]), np.array([1, 2, 3, 2]))])
>>> no_exit = np.array([], dtype=np.int64)
>>> solved = solve_class(inside, no_exit, no_exit, no_exit, present=np.ones(4, dtype=bool))
>>> solved[0].tolist(), solved[1].tolist()
([1, -1, 0, 0], [1, 0, -1, -1])
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

import numpy as np
from numpy.typing import NDArray

from lessons_lib.kit.retrograde import DRAW, LOSS, UNKNOWN_DISTANCE, WIN

Array = NDArray[Any]


@dataclass
class Inside:
    """A class's moves inside it, by child: the parents of child ``c`` are
    ``parents_by_child[first[c]:first[c + 1]]`` (once per move), and ``moves[p]`` counts the moves of ``p``."""

    count: int
    first: Array
    parents_by_child: Array
    moves: Array

    @staticmethod
    def of(count: int, chunks: Iterable[tuple[Array, Array]]) -> Inside:
        """The moves given as chunks of (parents, children) arrays, each chunk read twice (counted, then placed)."""
        chunks = list(chunks)
        by_child = np.zeros(count, dtype=np.int64)
        moves = np.zeros(count, dtype=np.int32)
        for parents, children in chunks:
            by_child += np.bincount(children, minlength=count)
            moves += np.bincount(parents, minlength=count).astype(np.int32)
        first = np.concatenate(([0], np.cumsum(by_child))).astype(np.int64)
        del by_child
        cursor = first[:-1].copy()
        parents_by_child = np.zeros(int(first[-1]), dtype=np.int32)
        while chunks:
            parents, children = chunks.pop(0)
            if not len(children):
                continue
            order = np.argsort(children, kind="stable")
            children, parents = children[order], parents[order]
            starts = np.flatnonzero(np.concatenate(([True], children[1:] != children[:-1])))
            runs = np.diff(np.concatenate((starts, [len(children)])))
            rank = np.arange(len(children)) - np.repeat(starts, runs)
            parents_by_child[cursor[children] + rank] = parents
            cursor[children[starts]] += runs
        return Inside(count, first, parents_by_child, moves)


def solve_class(inside: Inside, exit_parents: Array, exit_values: Array, exit_distances: Array,
                present: Array) -> tuple[Array, Array]:
    """Each of the class's positions' value for its player to move (int8: ``WIN``, ``DRAW``, ``LOSS``) and distance
    (int32, ``UNKNOWN_DISTANCE`` for a draw); numbers not ``present`` are left drawn and never settled (see the
    module for the arguments)."""
    count, first, parents_by_child = inside.count, inside.first, inside.parents_by_child
    values = np.zeros(count, dtype=np.int8)
    distances = np.full(count, UNKNOWN_DISTANCE, dtype=np.int32)
    moves_left = inside.moves + np.bincount(exit_parents, minlength=count).astype(np.int32)
    settled = ~present
    finished = present & (moves_left == 0)  # no move: the player to move loses
    values[finished], distances[finished], settled[finished] = LOSS, 0, True
    frontier = np.flatnonzero(finished)
    exit_order = np.argsort(exit_distances, kind="stable")
    exit_parents, exit_values, exit_distances = (exit_parents[exit_order], exit_values[exit_order],
                                                 exit_distances[exit_order])
    last_exit = int(exit_distances[-1]) if len(exit_distances) else -1
    level = 0
    while len(frontier) or level <= last_exit:
        here = slice(*np.searchsorted(exit_distances, [level, level + 1]))
        reached, for_parent = _parents_of(frontier, values, first, parents_by_child)
        reached = np.concatenate((reached, exit_parents[here]))
        for_parent = np.concatenate((for_parent, exit_values[here]))
        level += 1
        won = np.unique(reached[for_parent == WIN])
        won = won[~settled[won]]
        values[won], distances[won], settled[won] = WIN, level, True
        losing, times = np.unique(reached[for_parent == LOSS], return_counts=True)
        keep = ~settled[losing]
        losing, times = losing[keep], times[keep]
        moves_left[losing] -= times.astype(np.int32)
        lost = losing[moves_left[losing] == 0]
        values[lost], distances[lost], settled[lost] = LOSS, level, True
        frontier = np.concatenate((won, lost))
    values[~present] = DRAW
    return values, distances


def _parents_of(frontier: Array, values: Array, first: Array, parents_by_child: Array) -> tuple[Array, Array]:
    """The parents of the frontier's positions (once per move) and the value of that move for each parent."""
    starts, ends = first[frontier], first[frontier + 1]
    sizes = ends - starts
    total = int(sizes.sum())
    if total == 0:
        return np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int8)
    offsets = np.repeat(starts - np.concatenate(([0], np.cumsum(sizes)[:-1])), sizes)
    reached = parents_by_child[np.arange(total, dtype=np.int64) + offsets]
    return reached, np.repeat(-values[frontier], sizes)
