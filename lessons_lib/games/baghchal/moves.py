"""Moves and their notation: ``c3`` (a goat placed), ``a1-a2`` (a step), ``a1xa3`` (a capture).

There are only 25 placements, 112 steps and 80 captures on this board, so each
is built once here and move generation hands out these same objects: parsing
a move's text gives back the very object the generator lists.

>>> Move.parse("a1xa3")
Move.parse('a1xa3')
>>> Move.parse("a1xa3").captured == POINT_NUMBERS["a2"]
True
>>> str(Move.parse(" @C3 ")), Move.parse("c3") is Move.parse("@c3")
('c3', True)
"""

from __future__ import annotations

import re
from typing import Final, NamedTuple

from lessons_lib.games.baghchal.board import JUMPS, NEIGHBOURS, POINT_COUNT, POINT_NAMES, POINT_NUMBERS, POINTS
from lessons_lib.games.common.bits import chunk_tables
from lessons_lib.games.common.line_board import capture_moves, capture_over_masks, captures_from, step_moves, steps_to
from lessons_lib.kit.errors import MoveError, quoted


class Move(NamedTuple):
    """One ply: a goat placed, or a piece stepping or jumping.

    Attributes:
        origin: the point the piece leaves; None for a placement.
        target: the point the piece lands on (or the goat is placed on).
        captured: the point jumped over, whose goat is removed; None unless a capture.
    """

    origin: int | None
    target: int
    captured: int | None = None

    @property
    def is_placement(self) -> bool:
        return self.origin is None

    @property
    def is_capture(self) -> bool:
        return self.captured is not None

    def __repr__(self) -> str:
        if board_move(self) is None:
            return f"Move{tuple(self)!r}"  # not a move on this board, so not one Move.parse could give
        return f"Move.parse({str(self)!r})"

    def __str__(self) -> str:
        if not all(point is None or type(point) is int and 0 <= point < POINT_COUNT for point in self):
            return f"Move{tuple(self)!r}"  # not points of this board: show its fields
        if self.origin is None:
            return POINT_NAMES[self.target]
        return f"{POINT_NAMES[self.origin]}{'-' if self.captured is None else 'x'}{POINT_NAMES[self.target]}"

    @staticmethod
    def parse(text: str) -> Move:
        """Read a move: a placement ``c3`` (or ``@c3``), a step ``a1-a2`` or a capture ``a1xa3``.

        Raises:
            MoveError: the text is not a move that exists on this board.
        """
        if not isinstance(text, str):
            raise MoveError(f"a move is written as text like 'c3' or 'a1-a2', not {type(text).__name__}")
        cleaned = text.strip().lower()
        match = _MOVE_PATTERN.fullmatch(cleaned)
        if match is None:
            raise MoveError(f"{quoted(text)} is not a move: write a placement 'c3', a step 'a1-a2' "
                            f"or a capture 'a1xa3' (columns a-e, rows 1-5)")
        at, first, sign, second = match.groups()
        if second is None:
            return PLACEMENTS[POINT_NUMBERS[first]]
        if at:
            raise MoveError(f"{quoted(text)}: '@' marks a placement, which names one point, like '@c3'")
        origin, target = POINT_NUMBERS[first], POINT_NUMBERS[second]
        if sign == "-":
            if (origin, target) not in STEP_MOVES:
                hint = " (for a capture write 'x')" if (origin, target) in CAPTURE_MOVES else ""
                raise MoveError(f"{quoted(text)}: {first} and {second} are not joined by a line{hint}")
            return STEP_MOVES[origin, target]
        if (origin, target) not in CAPTURE_MOVES:
            hint = " (for a step write '-')" if (origin, target) in STEP_MOVES else ""
            raise MoveError(f"{quoted(text)}: no jump along a line goes from {first} to {second}{hint}")
        return CAPTURE_MOVES[origin, target]


_MOVE_PATTERN: Final = re.compile(r"(@?)\s*([a-e][1-5])(?:\s*([-x])\s*([a-e][1-5]))?")


PLACEMENTS: Final[tuple[Move, ...]] = tuple(Move(None, point) for point in POINTS)
"""``PLACEMENTS[p]``: a goat placed on ``p``."""

STEP_MOVES: Final[dict[tuple[int, int], Move]] = step_moves(NEIGHBOURS, Move)
"""The step from ``origin`` to ``target``, by ``(origin, target)``: a move of either side."""

CAPTURE_MOVES: Final[dict[tuple[int, int], Move]] = capture_moves(JUMPS, Move)
"""The tiger's jump from ``origin`` to ``target``, by ``(origin, target)``."""


def board_move(move: object) -> Move | None:
    """The placement, step or capture of this board equal to ``move`` (a Move, or a tuple equal to one); else None.

    >>> board_move((None, 12.0, None)) is PLACEMENTS[12], board_move((0, 12, None))
    (True, None)
    """
    if not isinstance(move, tuple) or len(move) != 3:
        return None
    origin, target, _ = move
    try:
        if origin is None:
            found = _PLACEMENT_AT.get(target)
        else:
            found = STEP_MOVES.get((origin, target), CAPTURE_MOVES.get((origin, target)))
    except TypeError:  # fields that are not even hashable
        return None
    if found is None or tuple(found) != move:  # say, a step with a captured point
        return None
    return found


def move_clicks(move: Move) -> tuple[str, ...]:
    """The points a person clicks for ``move``: the point of a placement; the piece, then where it goes.

    >>> move_clicks(Move.parse("c3")), move_clicks(Move.parse("a1xa3"))
    (('c3',), ('a1', 'a3'))
    """
    if move.origin is None:
        return (POINT_NAMES[move.target],)
    return POINT_NAMES[move.origin], POINT_NAMES[move.target]


_PLACEMENT_AT: Final[dict[int, Move]] = dict(enumerate(PLACEMENTS))


PLACEMENTS_IN_BYTE: Final = chunk_tables(PLACEMENTS, 8)
"""``PLACEMENTS_IN_BYTE[k][b]``: the placements on the empty points of byte ``k`` of a bitboard, as ``b``."""

STEPS_TO: Final = steps_to(NEIGHBOURS, STEP_MOVES)
"""``STEPS_TO[p][empty & NEIGHBOUR_MASK[p]]``: the steps from ``p`` into those empty points, by target."""

CAPTURES_FROM: Final = captures_from(JUMPS, CAPTURE_MOVES)
"""``CAPTURES_FROM[p]``: ``(over_bit, target_bit, move)`` for each capture from ``p``, by target."""

CAPTURE_OVER_MASK: Final[tuple[int, ...]] = capture_over_masks(CAPTURES_FROM)
"""``CAPTURE_OVER_MASK[p]``: the points a tiger on ``p`` could jump over."""
