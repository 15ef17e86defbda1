"""The rules on bare bitboards: the moves of a side, the chains of captures, and what a move changes.

These functions work on plain ints (each side's bitboard, bit ``p`` set for a piece on point
``p``) and are what :class:`lessons_lib.games.shologuti.position.Position` and its fast random
playouts are built on. The loops peel the points off a bitboard with :func:`points_of` and look
the moves up in tables built at import.

>>> from lessons_lib.games.shologuti.board import GREEN_START_MASK, RED_START_MASK
>>> from lessons_lib.games.shologuti.rules import FORCED
>>> generate_moves(GREEN_START_MASK, RED_START_MASK, 0, FORCED)[:3]
[Move.parse('22-17'), Move.parse('23-17'), Move.parse('23-18')]
"""

from __future__ import annotations

from typing import Final

from lessons_lib.games.shologuti.board import ALL_POINTS_MASK, NEIGHBOUR_MASK, points_of
from lessons_lib.games.shologuti.moves import CAPTURE_OVER_MASK, CAPTURES_FROM, STEPS_TO, STOP, Move
from lessons_lib.games.shologuti.rules import Rules, published_counts

PERFT_FROM_START: Final = tuple(published_counts()["forced"][1:])
"""Perft from the start under the default (forced) rules, depth 1 upwards (docs/rules/shologuti.md has the other
variants)."""


def generate_moves(own: int, enemy: int, pending: int, rules: Rules) -> list[Move]:
    """The legal moves of the side owning ``own`` against ``enemy`` (both bitboards).

    With a chain pending on ``pending``: that piece's captures, and ``stop`` when
    ``rules.must_continue`` is off. Otherwise the captures, then the steps, each by
    origin point and then target point; the captures alone if there is one and
    ``rules.must_capture`` is on.
    """
    empty = ALL_POINTS_MASK ^ own ^ enemy
    if pending:
        moves = [m for over_bit, target_bit, m in CAPTURES_FROM[pending] if enemy & over_bit and empty & target_bit]
        if not rules.must_continue:
            moves.append(STOP)
        return moves
    captures: list[Move] = []
    steps: list[Move] = []
    for point in points_of(own):
        targets = empty & NEIGHBOUR_MASK[point]
        if targets:
            steps += STEPS_TO[point][targets]
        if enemy & CAPTURE_OVER_MASK[point]:  # an enemy next to this piece: look for jumps
            for over_bit, target_bit, move in CAPTURES_FROM[point]:
                if enemy & over_bit and empty & target_bit:
                    captures.append(move)
    if not captures:
        return steps
    if rules.must_capture:
        return captures
    return captures + steps


def count_moves(own: int, enemy: int, rules: Rules) -> int:
    """How many moves :func:`generate_moves` would list with no chain pending, without listing them."""
    empty = ALL_POINTS_MASK ^ own ^ enemy
    steps = captures = 0
    for point in points_of(own):
        steps += (empty & NEIGHBOUR_MASK[point]).bit_count()
        if enemy & CAPTURE_OVER_MASK[point]:
            for over_bit, target_bit, _ in CAPTURES_FROM[point]:
                if enemy & over_bit and empty & target_bit:
                    captures += 1
    if captures and rules.must_capture:
        return captures
    return captures + steps


def after_move(green: int, red: int, side: int, clock: int, move: Move) -> tuple[int, int, int, int, int]:
    """The parts of a position after ``side`` plays ``move`` (which must be legal).

    Returns ``(green, red, side_to_move, pending, clock)``. After a capture the
    chain goes on (the same side moves, ``pending`` is the capturing piece) if
    that piece can capture again; otherwise the other side moves.
    """
    origin, target, captured = move
    if not origin:  # stop: the chain ends
        return green, red, 1 - side, 0, clock + 1
    moved = (1 << origin) | (1 << target)
    if side:
        red ^= moved
    else:
        green ^= moved
    if not captured:
        return green, red, 1 - side, 0, clock + 1
    if side:
        green ^= 1 << captured
        own, enemy = red, green
    else:
        red ^= 1 << captured
        own, enemy = green, red
    if enemy & CAPTURE_OVER_MASK[target]:
        empty = ALL_POINTS_MASK ^ own ^ enemy
        for over_bit, target_bit, _ in CAPTURES_FROM[target]:
            if enemy & over_bit and empty & target_bit:
                return green, red, side, target, 0  # the chain goes on
    return green, red, 1 - side, 0, 0
