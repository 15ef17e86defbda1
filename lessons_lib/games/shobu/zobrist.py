"""Zobrist keys for Shobu (how they work: :mod:`lessons_lib.games.common.zobrist`).

Every (player, square) pair and White to move get a fixed random 64-bit number;
a position's key is the XOR of the numbers of what is in it. The quiet-ply clock
is not in the key.
"""

from __future__ import annotations

from typing import Final

from lessons_lib.games.common.zobrist import ZobristNumbers, xor_of
from lessons_lib.games.shobu.board import SQUARE_COUNT

ZOBRIST_SEED: Final = 0x5_4080_B0  # fixed: changing it changes every key
_numbers = ZobristNumbers(ZOBRIST_SEED)

STONE_KEYS: Final[tuple[tuple[int, ...], tuple[int, ...]]] = (_numbers.table(SQUARE_COUNT), _numbers.table(SQUARE_COUNT))
"""``STONE_KEYS[player][s]``: the number for a stone of ``player`` (0 Black, 1 White) on square ``s``."""

WHITE_TO_MOVE_KEY: Final[int] = _numbers.number()


def compute_key(black: int, white: int, to_move: int) -> int:
    """The key of a position, computed from scratch (the incremental key must equal it)."""
    return (WHITE_TO_MOVE_KEY if to_move else 0) ^ xor_of(STONE_KEYS[0], black) ^ xor_of(STONE_KEYS[1], white)
