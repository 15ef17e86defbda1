"""Perft: count the leaves of the legal-move tree to a fixed depth.

Perft checks a move generator: the counts from the start position are known
(RULES.md), and any bug in the rules changes them. Every ply counts, each jump
of a chain and ``stop`` included; a finished game is a leaf that counts 0 below
depth 0.

>>> from lessons_lib.state import Position
>>> [perft(Position.start(), depth) for depth in range(4)]
[1, 9, 21, 65]
"""

from __future__ import annotations

from lessons_lib.moves import Move
from lessons_lib.state import Position


def perft(position: Position, depth: int) -> int:
    """The number of move sequences of exactly ``depth`` plies from ``position``."""
    if depth < 0:
        raise ValueError(f"depth must be 0 or more, not {depth}")
    if depth == 0:
        return 1
    moves = position.legal_moves()
    if depth == 1:
        return len(moves)
    return sum(perft(position.play(move), depth - 1) for move in moves)


def perft_divide(position: Position, depth: int) -> dict[Move, int]:
    """Perft split by root move: for finding which move a wrong count comes from."""
    if depth < 1:
        raise ValueError(f"depth must be 1 or more to divide, not {depth}")
    return {move: perft(position.play(move), depth - 1) for move in position.legal_moves()}
