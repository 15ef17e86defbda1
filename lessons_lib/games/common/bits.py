"""Bitboards: a set of points (or squares) as one int, whose bit ``p`` is set when point ``p`` is in the set.

So ``1 << 23`` is the set holding point 23 alone, ``a | b`` the union of two sets, and
``mask >> 23 & 1`` asks "is 23 in it?". The engines keep their pieces this way; here are the
few helpers they share for going from a bitboard back to its points.

>>> points_of(bit(3) | bit(30) | bit(39))
(3, 30, 39)
>>> list(set_bits(1 << 63 | 1 << 5)), names_of(0b101, ("a", "b", "c"))
([5, 63], ['a', 'c'])
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Final, TypeVar

from mypy_extensions import i64

ItemT = TypeVar("ItemT")

POINTS_OF_LIMIT: Final = 40
""":func:`points_of` reads bitboards of points 0 to 39 (Shologuti's go to 37, Bagh-Chal's to 24)."""


def bit(point: int) -> int:
    """The bitboard holding ``point`` alone."""
    return 1 << point


def chunk_tables(items: Sequence[ItemT], chunk_bits: int) -> tuple[tuple[tuple[ItemT, ...], ...], ...]:
    """``table[k][c]``: the items whose bits are set in ``c``, read as chunk ``k`` of a bitboard.

    Chunk ``k`` is bits ``chunk_bits * k`` up to ``chunk_bits * (k + 1)``; item ``i`` stands for
    bit ``i``, and there are as many chunks as ``items`` need.

    >>> chunk_tables("abcde", 2)[1][0b11]
    ('c', 'd')
    """
    size = 1 << chunk_bits
    return tuple(
        tuple(tuple(items[first + i] for i in range(chunk_bits) if c >> i & 1 and first + i < len(items))
              for c in range(size))
        for first in range(0, len(items), chunk_bits)
    )


_CHUNKS = chunk_tables(range(POINTS_OF_LIMIT), 10)
_CHUNK0: Final = _CHUNKS[0]
_CHUNK1: Final = _CHUNKS[1]
_CHUNK2: Final = _CHUNKS[2]
_CHUNK3: Final = _CHUNKS[3]


def points_of(mask: int) -> tuple[int, ...]:
    """The points in a bitboard of points 0 to 39, in increasing order.

    Reads the bitboard ten bits at a time from tables: in Python this is about twice as
    fast as peeling off bits one by one with ``mask & -mask`` (:func:`set_bits`).
    """
    return _CHUNK0[mask & 1023] + _CHUNK1[mask >> 10 & 1023] + _CHUNK2[mask >> 20 & 1023] + _CHUNK3[mask >> 30]


def popcount(mask: i64) -> i64:
    """How many bits are set in ``mask`` (0 to 2**63 − 1): ``mask.bit_count()``, in arithmetic that mypyc compiles
    to a few machine instructions (it calls ``bit_count`` as a Python method, some twenty times slower).

    >>> popcount(0), popcount(bit(3) | bit(30) | bit(39)), popcount(2 ** 63 - 1)
    (0, 3, 63)
    """
    mask -= mask >> 1 & 0x5555555555555555  # each pair of bits: how many of the two are set
    mask = (mask & 0x3333333333333333) + (mask >> 2 & 0x3333333333333333)  # each four bits
    mask = (mask + (mask >> 4)) & 0x0F0F0F0F0F0F0F0F  # each byte
    mask += mask >> 8
    mask += mask >> 16
    mask += mask >> 32
    return mask & 0x7F


HALF_WORD_COUNTS: Final[tuple[int, ...]] = tuple(half.bit_count() for half in range(1 << 16))
"""``HALF_WORD_COUNTS[h]``: how many bits are set in ``h`` (0 to 65535)."""


def word_count(word: i64) -> i64:
    """How many bits are set in a 32-bit ``word``: two table lookups, fast both compiled and as source.

    >>> word_count(0), word_count(0xF000F), word_count(2 ** 32 - 1)
    (0, 8, 32)
    """
    return HALF_WORD_COUNTS[word & 0xFFFF] + HALF_WORD_COUNTS[word >> 16]


def _index_by_remainder() -> tuple[int, ...]:
    """``table[2 ** k % 37] == k`` for ``k`` from 0 to 35 (remainder 0 never comes)."""
    table = [0] * 37
    for k in range(36):
        table[2 ** k % 37] = k
    return tuple(table)


_INDEX_BY_REMAINDER: Final = _index_by_remainder()


def bit_index(single: i64) -> i64:
    """``k`` for a bitboard holding one bit, ``2 ** k`` (``k`` from 0 to 35): the 36 powers of two leave 36
    different remainders divided by 37, so the remainder looks ``k`` up.

    >>> bit_index(1), bit_index(bit(5)), bit_index(bit(35))
    (0, 5, 35)
    """
    return _INDEX_BY_REMAINDER[single % 37]


def nth_bit(mask: i64, n: i64) -> i64:
    """The ``n``-th set bit (from 0, lowest first) of ``mask``, as a bitboard; 0 if it has ``n`` or fewer bits.

    >>> nth_bit(0b101100, 1), nth_bit(0b101100, 3)
    (8, 0)
    """
    for _ in range(n):
        mask &= mask - 1  # drop the lowest
    return mask & -mask


def set_bits(mask: int) -> Iterator[int]:
    """The numbers of the bits set in ``mask``, of any width, in increasing order."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def names_of(mask: int, names: Sequence[str]) -> list[str]:
    """The names of the points in a bitboard (``names[p]`` is point ``p``'s), in point order."""
    return [names[point] for point in set_bits(mask)]
