"""Perft: count the leaves of the legal-move tree to a fixed depth.

Perft checks a move generator: the counts from the start position are known (each game's rules page
publishes them), and any bug in the rules changes them. Every ply counts (in Shologuti, each jump
of a chain and ``stop`` included); a finished game is a leaf that counts 0 below
depth 0.

>>> from lessons_lib.games.tiny_tree import AIMA_FIGURE_5_2, TinyTree
>>> [perft(TinyTree(AIMA_FIGURE_5_2), depth) for depth in range(3)]
[1, 3, 9]
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any, Final, Protocol

from lessons_lib.kit.game import GameState

MAX_DEPTH: Final = 100
"""Deeper than this would overflow Python's recursion limit (and never finish anyway)."""


def perft(position: GameState[Any], depth: object) -> int:
    """The number of move sequences of exactly ``depth`` plies from ``position`` (of any game)."""
    if type(depth) is not int or not 0 <= depth <= MAX_DEPTH:
        raise ValueError(f"depth must be a whole number from 0 to {MAX_DEPTH}, not {depth!r}")
    return count_leaves(position, depth)


def count_leaves(position: GameState[Any], depth: int) -> int:
    """:func:`perft`, once ``depth`` is known to be a whole number from 0 to :data:`MAX_DEPTH`: the position's own
    count where it has one (:class:`FastPerft`), else :func:`interface_leaves`."""
    own_count = getattr(position, "count_leaves", None)
    if own_count is not None and depth > 0:
        counted: int = own_count(depth)
        return counted
    return interface_leaves(position, depth)


def interface_leaves(position: GameState[Any], depth: int) -> int:
    """:func:`perft` through the game interface alone: ``legal_moves`` and ``play`` at every node."""
    if depth == 0:
        return 1
    moves = position.legal_moves()
    if depth == 1:
        return len(moves)
    total = 0
    for move in moves:
        total += interface_leaves(position.play(move), depth - 1)
    return total


class FastPerft(Protocol):
    """A position that counts its own perft on its bitboards, faster than :func:`interface_leaves` and the same
    number (tests hold each game's to it)."""

    def count_leaves(self, depth: int) -> int:
        """The move sequences of exactly ``depth`` plies (at least 1) from here."""
        ...


def perft_divide(position: GameState[Any], depth: object) -> dict[Hashable, int]:
    """Perft split by root move: for finding which move a wrong count comes from."""
    if type(depth) is not int or not 1 <= depth <= MAX_DEPTH:
        raise ValueError(f"depth must be a whole number from 1 to {MAX_DEPTH} to divide, not {depth!r}")
    return {move: count_leaves(position.play(move), depth - 1) for move in position.legal_moves()}
