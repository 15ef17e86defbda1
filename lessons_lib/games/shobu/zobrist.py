"""Zobrist keys for Shobu: a 64-bit fingerprint of a position, updated by XOR as moves are played.

Every (player, square) pair and White-to-move get a fixed random 64-bit number;
a position's key is the XOR of the numbers of what is in it. The numbers come
from a fixed seed, so keys are the same in every run and on every machine.

The quiet-ply clock is deliberately *not* in the key: two positions that differ
only in their clock are the same for search (a transposition table shares them),
as chess engines do with the fifty-move counter.
"""

from __future__ import annotations

import random

from lessons_lib.games.shobu.board import SQUARE_COUNT, squares_of

ZOBRIST_SEED = 0x5_4080_B0  # fixed: changing it changes every key
_rng = random.Random(ZOBRIST_SEED)

STONE_KEYS: tuple[tuple[int, ...], tuple[int, ...]] = (
    tuple(_rng.getrandbits(64) for _ in range(SQUARE_COUNT)),
    tuple(_rng.getrandbits(64) for _ in range(SQUARE_COUNT)),
)
"""``STONE_KEYS[player][s]``: the number for a stone of ``player`` (0 Black, 1 White) on square ``s``."""

WHITE_TO_MOVE_KEY: int = _rng.getrandbits(64)


def compute_key(black: int, white: int, to_move: int) -> int:
    """The key of a position, computed from scratch (the incremental key must equal it)."""
    key = WHITE_TO_MOVE_KEY if to_move else 0
    for player, stones in ((0, black), (1, white)):
        for square in squares_of(stones):
            key ^= STONE_KEYS[player][square]
    return key
