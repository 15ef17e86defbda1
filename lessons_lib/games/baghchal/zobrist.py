"""Zobrist keys for Bagh-Chal (how they work: :mod:`lessons_lib.games.common.zobrist`).

Every (piece, point) pair, every count of goats in hand, every count of goats
captured and the tigers' turn get a fixed random 64-bit number; a position's
key is the XOR of the numbers of what is in it.

The goats in hand and the goats captured are in the key: two boards that look
alike but differ in them are different positions (one may still be in the
placement phase, or one capture from losing). The quiet-ply clock is not.
"""

from __future__ import annotations

from typing import Final

from lessons_lib.games.baghchal.board import POINT_COUNT
from lessons_lib.games.common.zobrist import ZobristNumbers, xor_of

ZOBRIST_SEED: Final = 0xBA6_C4A1  # fixed: changing it changes every key
_numbers = ZobristNumbers(ZOBRIST_SEED)

TIGER_KEYS: Final[tuple[int, ...]] = _numbers.table(POINT_COUNT)
"""``TIGER_KEYS[p]``: the number for a tiger on ``p``."""

GOAT_KEYS: Final[tuple[int, ...]] = _numbers.table(POINT_COUNT)
"""``GOAT_KEYS[p]``: the number for a goat on ``p``."""

IN_HAND_KEYS: Final[tuple[int, ...]] = _numbers.table(21)
"""``IN_HAND_KEYS[n]``: the number for ``n`` goats still in hand (0 to 20)."""

CAPTURED_KEYS: Final[tuple[int, ...]] = _numbers.table(6)
"""``CAPTURED_KEYS[n]``: the number for ``n`` goats captured (0 to 5)."""

TIGERS_TO_MOVE_KEY: Final[int] = _numbers.number()


def compute_key(tigers: int, goats: int, to_move: int, in_hand: int, captured: int) -> int:
    """The key of a position, computed from scratch (the incremental key must equal it)."""
    key = IN_HAND_KEYS[in_hand] ^ CAPTURED_KEYS[captured] ^ (TIGERS_TO_MOVE_KEY if to_move else 0)
    return key ^ xor_of(TIGER_KEYS, tigers) ^ xor_of(GOAT_KEYS, goats)
