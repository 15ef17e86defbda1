"""Zobrist keys for Shologuti (how they work: :mod:`lessons_lib.games.common.zobrist`).

Every (side, point) pair, every pending chain point and Red to move get a fixed random
64-bit number; a position's key is the XOR of the numbers of what is in it. The
quiet-ply clock is not in the key.
"""

from __future__ import annotations

from typing import Final

from lessons_lib.games.common.zobrist import ZobristNumbers, xor_of
from lessons_lib.games.shologuti.board import POINT_COUNT

ZOBRIST_SEED = 0x5_0106_0711  # fixed: changing it changes every key
_numbers = ZobristNumbers(ZOBRIST_SEED)

PIECE_KEYS: Final[tuple[tuple[int, ...], tuple[int, ...]]] = (
    _numbers.table(POINT_COUNT + 1, first_is_zero=True),
    _numbers.table(POINT_COUNT + 1, first_is_zero=True),
)
"""``PIECE_KEYS[side][p]``: the number for a piece of ``side`` (0 Green, 1 Red) on ``p``."""

PENDING_KEYS: Final[tuple[int, ...]] = _numbers.table(POINT_COUNT + 1, first_is_zero=True)
"""``PENDING_KEYS[p]``: the number for a chain pending at ``p`` (``PENDING_KEYS[0]`` is 0: none)."""

RED_TO_MOVE_KEY: Final[int] = _numbers.number()


def compute_key(green: int, red: int, to_move: int, pending: int) -> int:
    """The key of a position, computed from scratch (the incremental key must equal it)."""
    side_key = RED_TO_MOVE_KEY if to_move else 0
    return PENDING_KEYS[pending] ^ side_key ^ xor_of(PIECE_KEYS[0], green) ^ xor_of(PIECE_KEYS[1], red)
