"""The rules on bare bitboards: the moves of each side, and what a move changes.

These functions work on plain ints (the tigers' and the goats' bitboards) and
are what :class:`lessons_lib.games.baghchal.position.Position` and its fast random
playouts are built on. The two generators peel the points off a bitboard with
:func:`points_of` and look the moves up in tables built at import. The counting functions
(:func:`count_moves`, :func:`nth_move`, :func:`bitboard_perft`) build no move list: compiled,
their bitboards are native 64-bit words (``i64``).

>>> from lessons_lib.games.baghchal.board import CORNERS_MASK
>>> len(goat_moves(CORNERS_MASK, 0, 20)), tiger_moves(CORNERS_MASK, 0)[:3]
(21, [Move.parse('a5-b5'), Move.parse('a5-a4'), Move.parse('a5-b4')])
>>> count_moves(CORNERS_MASK, 0, GOATS, 20), nth_move(CORNERS_MASK, 0, TIGERS, 20, 2)
(21, Move.parse('a5-b4'))
"""

from __future__ import annotations

from typing import Final

from mypy_extensions import i64

from lessons_lib.games.baghchal.board import ALL_POINTS_MASK, NEIGHBOUR_MASK, POINT_BITS, points_of
from lessons_lib.games.common.bits import bit_index, word_count
from lessons_lib.games.baghchal.moves import CAPTURE_OVER_MASK, CAPTURES_FROM, PLACEMENTS_IN_BYTE
from lessons_lib.games.baghchal.moves import STEPS_TO, Move

GOATS: Final = 0
"""The goats' player number: they move first."""
TIGERS: Final = 1

GOAT_COUNT: Final = 20
"""Goats in all: in hand at the start, then on the board or captured."""
WINNING_CAPTURES: Final = 5
"""The tigers win on this capture."""
DRAW_PLIES: Final = 100
"""The game is drawn once this many plies in a row pass with no capture and no placement."""

PERFT_FROM_START: Final = (21, 252, 5_052, 68_204, 1_304_788, 18_592_000, 339_123_476)
"""Perft from the start position, depth 1 upwards (docs/rules/baghchal.md has the table and the timings)."""

_PLACE0, _PLACE1, _PLACE2, _PLACE3 = PLACEMENTS_IN_BYTE


def goat_moves(tigers: int, goats: int, in_hand: int) -> list[Move]:
    """The goats' moves: a placement on every empty point while goats remain in hand, else their steps.

    Placements come in point order; steps by origin point, then target point.
    """
    empty = ALL_POINTS_MASK ^ tigers ^ goats
    if in_hand:
        return list(_PLACE0[empty & 255] + _PLACE1[empty >> 8 & 255] + _PLACE2[empty >> 16 & 255]
                    + _PLACE3[empty >> 24 & 255])
    steps: list[Move] = []
    for point in points_of(goats):
        targets = empty & NEIGHBOUR_MASK[point]
        if targets:
            steps += STEPS_TO[point][targets]
    return steps


def tiger_moves(tigers: int, goats: int) -> list[Move]:
    """The tigers' moves: every capture, then every step, each by origin point and then target point."""
    empty = ALL_POINTS_MASK ^ tigers ^ goats
    captures: list[Move] = []
    steps: list[Move] = []
    for point in points_of(tigers):
        targets = empty & NEIGHBOUR_MASK[point]
        if targets:
            steps += STEPS_TO[point][targets]
        if goats & CAPTURE_OVER_MASK[point]:  # a goat next to this tiger: look for jumps
            for over_bit, target_bit, move in CAPTURES_FROM[point]:
                if goats & over_bit and empty & target_bit:
                    captures.append(move)
    return captures + steps if captures else steps


def after_move(
    tigers: int, goats: int, side: int, in_hand: int, captured: int, clock: int, move: Move
) -> tuple[int, int, int, int, int]:
    """The parts of a position after ``side`` plays ``move`` (which must be legal).

    Returns ``(tigers, goats, in_hand, captured, clock)``; the other side moves next.
    A placement or a capture sets the clock to 0; any other ply adds one to it.
    """
    origin, target, over = move
    if origin is None:
        return tigers, goats | 1 << target, in_hand - 1, captured, 0
    moved = 1 << origin | 1 << target
    if side == GOATS:
        return tigers, goats ^ moved, in_hand, captured, clock + 1
    if over is None:
        return tigers ^ moved, goats, in_hand, captured, clock + 1
    return tigers ^ moved, goats ^ 1 << over, in_hand, captured + 1, 0


def count_moves(tigers: i64, goats: i64, side: int, in_hand: i64) -> i64:
    """How many moves :func:`goat_moves` or :func:`tiger_moves` lists for ``side``, counted without a list."""
    empty: i64 = ALL_POINTS_MASK ^ tigers ^ goats
    if side == GOATS and in_hand:
        return word_count(empty)
    count: i64 = 0
    pieces: i64 = tigers if side else goats
    while pieces:
        low: i64 = pieces & -pieces
        point = bit_index(low)
        count += word_count(empty & NEIGHBOUR_MASK[point])
        if side and goats & CAPTURE_OVER_MASK[point]:  # a goat next to this tiger: look for jumps
            for over_bit, target_bit, _ in CAPTURES_FROM[point]:
                if goats & over_bit and empty & target_bit:
                    count += 1
        pieces ^= low
    return count


def nth_move(tigers: i64, goats: i64, side: int, in_hand: i64, index: i64) -> Move:
    """The move at ``index`` (from 0) of the list :func:`goat_moves` or :func:`tiger_moves` makes for ``side``,
    found without the list: with :func:`count_moves`, what ``rng.choice(moves)`` in a random playout needs.

    Raises:
        IndexError: ``index`` is not below :func:`count_moves`.
    """
    empty: i64 = ALL_POINTS_MASK ^ tigers ^ goats
    if side == GOATS and in_hand:
        for placements in (_PLACE0[empty & 255], _PLACE1[empty >> 8 & 255], _PLACE2[empty >> 16 & 255],
                           _PLACE3[empty >> 24 & 255]):
            if index < len(placements):
                return placements[index]
            index -= len(placements)
        raise IndexError("move index out of range")
    if side:  # the tigers' captures come first
        for point in points_of(tigers):
            if goats & CAPTURE_OVER_MASK[point]:
                for over_bit, target_bit, move in CAPTURES_FROM[point]:
                    if goats & over_bit and empty & target_bit:
                        if index == 0:
                            return move
                        index -= 1
    pieces: i64 = tigers if side else goats
    while pieces:
        low: i64 = pieces & -pieces
        point = bit_index(low)
        targets: i64 = empty & NEIGHBOUR_MASK[point]
        count = word_count(targets)
        if index < count:
            return STEPS_TO[point][targets][index]
        index -= count
        pieces ^= low
    raise IndexError("move index out of range")


def bitboard_perft(tigers: i64, goats: i64, side: int, in_hand: i64, captured: i64, clock: i64, depth: i64) -> i64:
    """Perft on bare bitboards: the move sequences of exactly ``depth`` plies (at least 1) from the position of
    these parts; the moves of the last ply are counted, not made. The same count as
    :func:`lessons_lib.kit.perft.perft` through ``legal_moves`` and ``play``, with no position or move built."""
    if captured >= WINNING_CAPTURES or clock >= DRAW_PLIES:
        return 0  # the game is over
    if depth == 1:
        return count_moves(tigers, goats, side, in_hand)
    empty: i64 = ALL_POINTS_MASK ^ tigers ^ goats
    total: i64 = 0
    if side == GOATS and in_hand:
        while empty:
            low: i64 = empty & -empty
            total += bitboard_perft(tigers, goats | low, TIGERS, in_hand - 1, captured, 0, depth - 1)
            empty ^= low
        return total
    pieces: i64 = tigers if side else goats
    if side:
        for point in points_of(tigers):  # the captures
            if goats & CAPTURE_OVER_MASK[point]:
                for over_bit, target_bit, _ in CAPTURES_FROM[point]:
                    if goats & over_bit and empty & target_bit:
                        total += bitboard_perft(tigers ^ POINT_BITS[point] ^ target_bit, goats ^ over_bit, GOATS,
                                                in_hand, captured + 1, 0, depth - 1)
    while pieces:  # the steps
        low = pieces & -pieces
        targets: i64 = empty & NEIGHBOUR_MASK[bit_index(low)]
        while targets:
            target: i64 = targets & -targets
            if side:
                total += bitboard_perft(tigers ^ low ^ target, goats, GOATS, in_hand, captured, clock + 1, depth - 1)
            else:
                total += bitboard_perft(tigers, goats ^ low ^ target, TIGERS, in_hand, captured, clock + 1, depth - 1)
            targets ^= target
        pieces ^= low
    return total
