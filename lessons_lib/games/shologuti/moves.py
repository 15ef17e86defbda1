"""Moves and their notation: ``23-18`` (a step), ``23x13`` (a capture), ``stop``.

There are only 265 different moves on this board (152 steps, 112 captures and
``stop``), so each is built once here and move generation hands out these
same objects.

>>> Move.parse("23x13")
Move.parse('23x13')
>>> Move.parse("23x13").captured
18
>>> str(Move.parse(" 23 - 18 "))
'23-18'
"""

from __future__ import annotations

import re
from typing import Final, NamedTuple

from lessons_lib.games.common.line_board import capture_moves, capture_over_masks, captures_from, step_moves, steps_to
from lessons_lib.games.shologuti.board import JUMPS, NEIGHBOURS, POINTS
from lessons_lib.kit.errors import MoveError, quoted


class Move(NamedTuple):
    """One ply: a step, a capture (one jump of a chain) or ``stop``.

    Attributes:
        origin: the point the piece leaves (0 for ``stop``).
        target: the point the piece lands on (0 for ``stop``).
        captured: the point jumped over, whose piece is removed; 0 for a step or ``stop``.
    """

    origin: int
    target: int
    captured: int = 0

    @property
    def is_capture(self) -> bool:
        return self.captured != 0

    @property
    def is_stop(self) -> bool:
        return self.origin == 0

    def __repr__(self) -> str:
        return f"Move.parse({str(self)!r})"

    def __str__(self) -> str:
        if self.origin == 0:
            return "stop"
        return f"{self.origin}{'x' if self.captured else '-'}{self.target}"

    @staticmethod
    def parse(text: object) -> Move:
        """Read a move in the notation (``23-18``, ``23x13``, ``stop``).

        Raises:
            MoveError: the text is not a move that exists on this board.
        """
        if not isinstance(text, str):
            raise MoveError(f"a move is written as text like '23-18', not {type(text).__name__}")
        cleaned = text.strip().lower()
        if cleaned == "stop":
            return STOP
        match = _MOVE_PATTERN.fullmatch(cleaned)
        if match is None:
            raise MoveError(f"{quoted(text)} is not a move: write a step '23-18', a capture '23x13' or 'stop'")
        origin, sign, target = int(match[1]), match[2], int(match[3])
        for point in (origin, target):
            if point not in POINTS:
                raise MoveError(f"{quoted(text)}: there is no point {point} (points are 1 to 37)")
        if sign == "-":
            if (origin, target) not in STEP_MOVES:
                hint = " (for a capture write 'x')" if (origin, target) in CAPTURE_MOVES else ""
                raise MoveError(f"{quoted(text)}: points {origin} and {target} are not joined by a line{hint}")
            return STEP_MOVES[origin, target]
        if (origin, target) not in CAPTURE_MOVES:
            hint = " (for a step write '-')" if (origin, target) in STEP_MOVES else ""
            raise MoveError(f"{quoted(text)}: no jump goes from {origin} to {target}{hint}")
        return CAPTURE_MOVES[origin, target]


_MOVE_PATTERN = re.compile(r"([0-9]{1,3})\s*([-x])\s*([0-9]{1,3})")

STOP = Move(0, 0, 0)
"""Ends a capture chain (only when ``must_continue`` is off)."""

def is_board_move(move: Move) -> bool:
    """True if ``move`` is ``stop`` or a step or capture that exists on this board."""
    if move == STOP:
        return True
    try:
        key = (move.origin, move.target)
        return STEP_MOVES.get(key) == move or CAPTURE_MOVES.get(key) == move
    except TypeError:  # fields that are not even hashable
        return False


def move_clicks(move: Move) -> tuple[str, ...]:
    """The points a player clicks for ``move``: the piece, then where it goes (``stop`` is a button).

    >>> move_clicks(Move.parse("23x13")), move_clicks(STOP)
    (('23', '13'), ('stop',))
    """
    return ("stop",) if move.is_stop else (str(move.origin), str(move.target))


STEP_MOVES: dict[tuple[int, int], Move] = step_moves(NEIGHBOURS, Move)
"""The step from ``origin`` to ``target``, by ``(origin, target)``."""

CAPTURE_MOVES: dict[tuple[int, int], Move] = capture_moves(JUMPS, Move)
"""The capture from ``origin`` to ``target`` (over the point between), by ``(origin, target)``."""

CAPTURES_FROM: Final = captures_from(JUMPS, CAPTURE_MOVES)
"""``CAPTURES_FROM[p]``: ``(captured_bit, target_bit, move)`` for each capture from ``p``, by target."""

CAPTURE_OVER_MASK: Final[tuple[int, ...]] = capture_over_masks(CAPTURES_FROM)
"""``CAPTURE_OVER_MASK[p]``: the points a piece on ``p`` could jump over."""

STEPS_TO: Final = steps_to(NEIGHBOURS, STEP_MOVES)
"""``STEPS_TO[p][empty & NEIGHBOUR_MASK[p]]``: the steps from ``p`` into those empty points."""
