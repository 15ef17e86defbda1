"""Zobrist keys: a 64-bit fingerprint of a position, updated by XOR as moves are played.

Every feature a position can have (a piece of a side on a point, a count of seeds in a pit,
the second player to move, ...) gets a fixed random 64-bit number; a position's key is the
XOR of the numbers of what is in it. Playing a move XORs out what changed and XORs in what
is new, so the key costs a few operations a ply. Each game's ``zobrist`` module says what is
in its keys; the numbers come from :class:`ZobristNumbers`, a generator with a fixed seed,
so keys are the same in every run and on every machine.

A quiet-ply clock (or Hus's round number) is deliberately *not* in a key: two positions that
differ only in it are the same for search (a transposition table shares them), as chess
engines do with the fifty-move counter.

>>> numbers = ZobristNumbers(7)
>>> table = numbers.table(3, first_is_zero=True)
>>> table[0], table[1] == ZobristNumbers(7).number(), xor_of(table, 0b110) == table[1] ^ table[2]
(0, True, True)
"""

from __future__ import annotations

import random
from collections.abc import Sequence


class ZobristNumbers:
    """The random 64-bit numbers of one game's keys, drawn one after another from a generator seeded with ``seed``.

    The order of the draws is part of every key: a game draws its tables always in the same order.
    """

    __slots__ = ("_rng",)

    def __init__(self, seed: int) -> None:
        self._rng = random.Random(seed)

    def number(self) -> int:
        """The next number."""
        return self._rng.getrandbits(64)

    def table(self, size: int, *, first_is_zero: bool = False) -> tuple[int, ...]:
        """The next ``size`` numbers, one for each index ``0 .. size - 1``.

        With ``first_is_zero``, index 0 stands for "none" (no chain pending, an empty pit):
        it gets 0, which XORs nothing, and draws no number.
        """
        rng = self._rng
        return tuple(0 if first_is_zero and index == 0 else rng.getrandbits(64) for index in range(size))


def xor_of(keys: Sequence[int], mask: int) -> int:
    """The XOR of ``keys[i]`` for every bit ``i`` set in ``mask`` (the numbers of a bitboard's pieces)."""
    key = 0
    while mask:
        low = mask & -mask
        key ^= keys[low.bit_length() - 1]
        mask ^= low
    return key
