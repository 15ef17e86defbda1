"""Zobrist keys: a 64-bit fingerprint of a position, updated by XOR as moves are played.

Every (side, point) pair, every pending chain point and the side to move get a
fixed random 64-bit number; a position's key is the XOR of the numbers of what
is in it. Playing a move XORs out what changed and XORs in what is new, so the
key costs a few operations a ply. The numbers come from a fixed seed, so keys
are the same in every run and on every machine.

The quiet-ply clock is deliberately *not* in the key: two positions that differ
only in their clock are the same for search (a transposition table shares them),
as chess engines do with the fifty-move counter.
"""

from __future__ import annotations

import random

from lessons_lib.games.shologuti.board import POINT_COUNT, points_of

ZOBRIST_SEED = 0x5_0106_0711  # fixed: changing it changes every key
_rng = random.Random(ZOBRIST_SEED)

PIECE_KEYS: tuple[tuple[int, ...], tuple[int, ...]] = (
    tuple(_rng.getrandbits(64) if p else 0 for p in range(POINT_COUNT + 1)),
    tuple(_rng.getrandbits(64) if p else 0 for p in range(POINT_COUNT + 1)),
)
"""``PIECE_KEYS[side][p]``: the number for a piece of ``side`` (0 Green, 1 Red) on ``p``."""

PENDING_KEYS: tuple[int, ...] = tuple(_rng.getrandbits(64) if p else 0 for p in range(POINT_COUNT + 1))
"""``PENDING_KEYS[p]``: the number for a chain pending at ``p`` (``PENDING_KEYS[0]`` is 0: none)."""

RED_TO_MOVE_KEY: int = _rng.getrandbits(64)


def compute_key(green: int, red: int, to_move: int, pending: int) -> int:
    """The key of a position, computed from scratch (the incremental key must equal it)."""
    key = PENDING_KEYS[pending] ^ (RED_TO_MOVE_KEY if to_move else 0)
    for side, mask in ((0, green), (1, red)):
        for point in points_of(mask):
            key ^= PIECE_KEYS[side][point]
    return key
