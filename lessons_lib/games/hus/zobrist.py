"""Zobrist keys for Hus (how they work: :mod:`lessons_lib.games.common.zobrist`).

Every (player, pit, seed count) gets a fixed random 64-bit number (an empty pit
gets 0, so it adds nothing); so do the side to move, the first round and a game
lost by an endless move. A position's key is the XOR of the numbers of what is in
it. A move XORs out the old count of each pit it changed and XORs in the new one.

The round number itself is *not* in the key: it changes nothing in the game until
round 5,000 (the draw), so positions that differ only in their round are the same
for search, like the fifty-move counter in chess. Only whether it is the first
round (round 0, when there are no captures) is in the key, because that changes
what the moves do.
"""

from __future__ import annotations

from typing import Final

from collections.abc import Sequence

from lessons_lib.games.common.zobrist import ZobristNumbers
from lessons_lib.games.hus.board import PITS, TOTAL_SEEDS

ZOBRIST_SEED: Final = 0x4_0575  # fixed: changing it changes every key
_numbers = ZobristNumbers(ZOBRIST_SEED)

SEED_KEYS: Final[tuple[tuple[tuple[int, ...], ...], ...]] = tuple(
    tuple(_numbers.table(TOTAL_SEEDS + 1, first_is_zero=True) for _ in range(PITS)) for _ in range(2)
)
"""``SEED_KEYS[player][pit][count]``: the number for ``count`` seeds in ``player``'s pit (0 for an empty pit)."""

NORTH_TO_MOVE_KEY: Final[int] = _numbers.number()
"""In the key when player 1 (North) is to move."""
FIRST_ROUND_KEY: Final[int] = _numbers.number()
"""In the key in round 0, when there are no captures."""
ENDLESS_KEY: Final[int] = _numbers.number()
"""In the key once the player to move has lost by an endless move."""


def compute_key(pits: Sequence[int], to_move: int, round_number: int, endless: bool) -> int:
    """The key of a position (``pits``: player 0's 32 counts, then player 1's), computed from scratch."""
    key = (NORTH_TO_MOVE_KEY if to_move else 0) ^ (FIRST_ROUND_KEY if round_number == 0 else 0)
    if endless:
        key ^= ENDLESS_KEY
    for index, count in enumerate(pits):
        key ^= SEED_KEYS[index // PITS][index % PITS][count]
    return key
