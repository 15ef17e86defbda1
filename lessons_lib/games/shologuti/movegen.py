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

from mypy_extensions import i64

from lessons_lib.games.common.bits import popcount
from lessons_lib.games.shologuti.board import ALL_POINTS_MASK, NEIGHBOUR_MASK, POINTS, points_of
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


def _step_directions() -> tuple[tuple[tuple[int, int], ...], tuple[tuple[int, int], ...]]:
    """The steps by how far apart their two points' numbers are: ``(d, from)`` for each distance ``d``, where
    ``from`` holds every point whose neighbour is ``d`` further on (first tuple) or ``d`` back (second)."""
    up: dict[int, int] = {}
    down: dict[int, int] = {}
    for point in POINTS:
        for neighbour in points_of(NEIGHBOUR_MASK[point]):
            side = up if neighbour > point else down
            side[abs(neighbour - point)] = side.get(abs(neighbour - point), 0) | 1 << point
    return tuple(sorted(up.items())), tuple(sorted(down.items()))


STEPS_BY_DISTANCE: Final = _step_directions()
"""Every step of the board goes between two points whose numbers are 1, 3, 4, 5 or 6 apart: a side's steps are
counted a distance at a time, by shifting its pieces that have a neighbour that far on (or back) onto it."""
STEPS_UP: Final = STEPS_BY_DISTANCE[0]
STEPS_DOWN: Final = STEPS_BY_DISTANCE[1]


def beside(pieces: i64, others: i64) -> i64:
    """The points of ``pieces`` with a point of ``others`` beside them (joined by a line)."""
    found: i64 = 0
    for distance, movers in STEPS_UP:
        found |= pieces & movers & others >> distance
    for distance, movers in STEPS_DOWN:
        found |= pieces & movers & others << distance
    return found


def count_moves(own: i64, enemy: i64, rules: Rules) -> i64:
    """How many moves :func:`generate_moves` would list with no chain pending, without listing them."""
    empty: i64 = ALL_POINTS_MASK ^ own ^ enemy
    steps: i64 = 0
    captures: i64 = 0
    next_to_enemy: i64 = 0  # :func:`beside`, found in the same pass: only a piece beside an enemy may capture
    for distance, movers in STEPS_UP:
        steps += popcount((own & movers) << distance & empty)
        next_to_enemy |= own & movers & enemy >> distance
    for distance, movers in STEPS_DOWN:
        steps += popcount((own & movers) >> distance & empty)
        next_to_enemy |= own & movers & enemy << distance
    for point in points_of(next_to_enemy):
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


def bitboard_perft(own: i64, enemy: i64, pending: i64, clock: i64, depth: i64, rules: Rules) -> i64:
    """Perft on bare bitboards: the move sequences of exactly ``depth`` plies (at least 1) from the position where
    ``own`` moves (its chain pending on ``pending``, or 0) against ``enemy`` with the draw clock at ``clock``; the
    moves of the last ply are counted, not made. The same count as :func:`lessons_lib.kit.perft.perft` through
    ``legal_moves`` and ``play``, with no position or move built (the numbers are 64-bit words when compiled)."""
    if clock >= rules.draw_plies:
        return 0  # drawn: no move
    empty: i64 = ALL_POINTS_MASK ^ own ^ enemy
    total: i64 = 0
    if pending:
        for over_bit, target_bit, move in CAPTURES_FROM[pending]:
            if enemy & over_bit and empty & target_bit:
                total += 1 if depth == 1 else _after_capture(own, enemy, pending, move.target, over_bit, depth, rules)
        if not rules.must_continue:  # stop
            total += 1 if depth == 1 else bitboard_perft(enemy, own, 0, clock + 1, depth - 1, rules)
        return total
    if depth == 1:
        return count_moves(own, enemy, rules)
    captured = False
    for point in points_of(beside(own, enemy)):
        if enemy & CAPTURE_OVER_MASK[point]:
            for over_bit, target_bit, move in CAPTURES_FROM[point]:
                if enemy & over_bit and empty & target_bit:
                    captured = True
                    total += _after_capture(own, enemy, point, move.target, over_bit, depth, rules)
    if captured and rules.must_capture:
        return total
    for distance, movers in STEPS_UP:  # each step: a piece to a target ``distance`` further on, or back
        targets: i64 = (own & movers) << distance & empty
        while targets:
            low: i64 = targets & -targets
            total += bitboard_perft(enemy, own ^ low ^ low >> distance, 0, clock + 1, depth - 1, rules)
            targets ^= low
    for distance, movers in STEPS_DOWN:
        targets = (own & movers) >> distance & empty
        while targets:
            low = targets & -targets
            total += bitboard_perft(enemy, own ^ low ^ low << distance, 0, clock + 1, depth - 1, rules)
            targets ^= low
    return total


def _after_capture(own: i64, enemy: i64, origin: int, target: int, over_bit: i64, depth: i64, rules: Rules) -> i64:
    """:func:`bitboard_perft` below the capture from ``origin`` over ``over_bit`` to ``target`` (``depth`` counts
    the capture): the chain goes on where the piece can capture again. (``origin`` and ``target`` are Python ints:
    mypyc 2.4 compiles ``1 << n`` for a 64-bit ``n`` as a 32-bit shift, wrong from bit 31 up.)"""
    mine: i64 = own ^ (1 << origin) ^ (1 << target)
    theirs: i64 = enemy ^ over_bit
    if theirs & CAPTURE_OVER_MASK[target]:
        empty: i64 = ALL_POINTS_MASK ^ mine ^ theirs
        for next_over, next_target, _ in CAPTURES_FROM[target]:
            if theirs & next_over and empty & next_target:
                return bitboard_perft(mine, theirs, target, 0, depth - 1, rules)
    return bitboard_perft(theirs, mine, 0, 0, depth - 1, rules)
