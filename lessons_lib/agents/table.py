"""A transposition table: what a search already knows about positions it has met, keyed by Zobrist key.

An entry stores the value found for a position, the depth it was searched to,
whether the value is exact or only a bound, and the best move found there.

The table has a fixed number of slots (a size bound); a key goes to slot
``key % size``. When two positions want the same slot, the one searched deeper
keeps it (depth-preferred replacement).

Mate scores depend on the distance from the root (``WIN - ply``), but an entry
may be used at another ply: the table stores them relative to the node and
converts them back when they are read.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Final

from lessons_lib.agents.evaluation import MATE_BOUND

EXACT, LOWER, UPPER = 0, 1, 2
"""The value is exact; the true value is at least it (a β cutoff); or at most it (no move reached α)."""
BOUND_NAMES: Final = ("exact", "lower", "upper")


def bound_of(value: float, alpha: float, beta: float) -> int:
    """Which bound a node's ``value`` is, searched with the window (``alpha``, ``beta``) it was entered with.

    >>> [BOUND_NAMES[bound_of(value, 2, 5)] for value in (1, 2, 3, 5, 6)]
    ['upper', 'upper', 'exact', 'lower', 'lower']
    """
    return UPPER if value <= alpha else LOWER if value >= beta else EXACT


class Entry:
    """What the table keeps of one position: its key, the depth searched, the value, its bound and the best move.

    A plain class, not a named tuple: compiled, its constructor and fields are native (a named tuple's
    constructor is Python code, and the table makes one an inner node).
    """

    __slots__ = ("key", "depth", "value", "bound", "move")

    def __init__(self, key: int, depth: int, value: float, bound: int, move: Hashable | None) -> None:
        self.key = key
        self.depth = depth
        self.value = value
        self.bound = bound
        self.move = move

    def __repr__(self) -> str:
        return (f"Entry(key={self.key}, depth={self.depth}, value={self.value}, bound={BOUND_NAMES[self.bound]}, "
                f"move={self.move!r})")


class TranspositionTable:
    """A fixed-size table of :class:`Entry`, depth-preferred."""

    def __init__(self, size: int = 1 << 18) -> None:
        if size < 1:
            raise ValueError(f"the table needs at least one slot, not {size}")
        self.size = size
        self.slots: list[Entry | None] = [None] * size
        self.stored = 0

    def probe(self, key: int) -> Entry | None:
        """The entry for ``key``, or None."""
        entry = self.slots[key % self.size]
        return entry if entry is not None and entry.key == key else None

    def store(self, key: int, depth: int, value: float, bound: int, move: Hashable | None) -> None:
        """Keep this result unless the slot holds another position searched deeper."""
        index = key % self.size
        old = self.slots[index]
        if old is None:
            self.stored += 1
        elif old.key != key and old.depth > depth:
            return
        self.slots[index] = Entry(key, depth, value, bound, move)


def to_table(value: float, ply: int) -> float:
    """A value found ``ply`` plies from the root, made relative to its own node for storing."""
    if value >= MATE_BOUND:
        return value + ply
    if value <= -MATE_BOUND:
        return value - ply
    return value


def from_table(value: float, ply: int) -> float:
    """A stored value, made relative to the root again when read ``ply`` plies from it."""
    if value >= MATE_BOUND:
        return value - ply
    if value <= -MATE_BOUND:
        return value + ply
    return value
