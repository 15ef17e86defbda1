"""Zobrist keys for Bagh-Chal: a 64-bit fingerprint of a position, updated by XOR as moves are played.

Every (piece, point) pair, every count of goats in hand, every count of goats
captured and the tigers' turn get a fixed random 64-bit number; a position's
key is the XOR of the numbers of what is in it. The numbers come from a fixed
seed, so keys are the same in every run and on every machine.

The goats in hand and the goats captured are in the key: two boards that look
alike but differ in them are different positions (one may still be in the
placement phase, or one capture from losing).

The quiet-ply clock is deliberately *not* in the key: two positions that differ
only in their clock are the same for search (a transposition table shares them),
as chess engines do with the fifty-move counter.
"""

from __future__ import annotations

import random

from lessons_lib.games.baghchal.board import POINT_COUNT, points_of

ZOBRIST_SEED = 0xBA6_C4A1  # fixed: changing it changes every key
_rng = random.Random(ZOBRIST_SEED)

TIGER_KEYS: tuple[int, ...] = tuple(_rng.getrandbits(64) for _ in range(POINT_COUNT))
"""``TIGER_KEYS[p]``: the number for a tiger on ``p``."""

GOAT_KEYS: tuple[int, ...] = tuple(_rng.getrandbits(64) for _ in range(POINT_COUNT))
"""``GOAT_KEYS[p]``: the number for a goat on ``p``."""

IN_HAND_KEYS: tuple[int, ...] = tuple(_rng.getrandbits(64) for _ in range(21))
"""``IN_HAND_KEYS[n]``: the number for ``n`` goats still in hand (0 to 20)."""

CAPTURED_KEYS: tuple[int, ...] = tuple(_rng.getrandbits(64) for _ in range(6))
"""``CAPTURED_KEYS[n]``: the number for ``n`` goats captured (0 to 5)."""

TIGERS_TO_MOVE_KEY: int = _rng.getrandbits(64)


def compute_key(tigers: int, goats: int, to_move: int, in_hand: int, captured: int) -> int:
    """The key of a position, computed from scratch (the incremental key must equal it)."""
    key = IN_HAND_KEYS[in_hand] ^ CAPTURED_KEYS[captured] ^ (TIGERS_TO_MOVE_KEY if to_move else 0)
    for point in points_of(tigers):
        key ^= TIGER_KEYS[point]
    for point in points_of(goats):
        key ^= GOAT_KEYS[point]
    return key
