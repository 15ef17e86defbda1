"""Shobu moves and their notation: ``bd:b1-b3,wl:c1-c3``.

A move is a whole turn: the passive move (board, from, to), a comma, then the
aggressive move (board, from, to), which goes the same direction and distance.
The aggressive move is written with ``x`` instead of ``-`` when it pushes an
opponent's stone off its board: ``bl:a2-a3,wd:b3xb4``.

Every move that could ever be legal is built once here (14 144 of them), and move
generation hands out these same objects.

>>> move = Move.parse("bd:b1-b3,wl:c1-c3")
>>> move.direction_name, move.distance, move.is_capture
('N', 2, False)
>>> move_clicks(move)
('bd:b1', 'bd:b3', 'wl:c1')
"""

from __future__ import annotations

import re
from typing import Final, NamedTuple

from lessons_lib.kit.errors import MoveError, quoted
from lessons_lib.games.shobu.board import BOARD_NAMES, DIRECTIONS, SQUARE_COUNT, SQUARE_NAMES, SQUARE_NUMBERS, target

DISTANCES: Final = (1, 2)
VECTORS: Final[tuple[tuple[int, int], ...]] = tuple((d, k) for d in range(len(DIRECTIONS)) for k in DISTANCES)
"""``(direction, distance)`` in move-generation order: N 1, N 2, NE 1, NE 2, …, NW 2."""


class Move(NamedTuple):
    """One turn: a passive move and an aggressive move along the same vector.

    Attributes:
        passive_origin, passive_target: the squares (0..63) the passive stone leaves and reaches.
        aggressive_origin, aggressive_target: the same for the aggressive stone.
        pushes_off: the aggressive move pushes an opponent's stone off its board (it is removed).
    """

    passive_origin: int
    passive_target: int
    aggressive_origin: int
    aggressive_target: int
    pushes_off: bool = False

    @property
    def is_capture(self) -> bool:
        """True if an opponent's stone is removed (what agents look at to order moves)."""
        return self.pushes_off

    @property
    def direction(self) -> int:
        """The direction (an index into :data:`~lessons_lib.games.shobu.board.DIRECTIONS`)."""
        return vector_between(self.passive_origin, self.passive_target)[0]

    @property
    def direction_name(self) -> str:
        return DIRECTIONS[self.direction][0]

    @property
    def distance(self) -> int:
        return vector_between(self.passive_origin, self.passive_target)[1]

    def __repr__(self) -> str:
        if not self._has_squares() or ALL_MOVES.get((self[0], self[1], self[2], self[4])) != self:
            return f"Move{tuple(self)!r}"  # not a move Move.parse could give
        return f"Move.parse({str(self)!r})"

    def __str__(self) -> str:
        if not self._has_squares():
            return f"Move{tuple(self)!r}"  # not a move on these boards: show its fields
        names = SQUARE_NAMES
        aggressive_sign = "x" if self.pushes_off else "-"
        return (f"{names[self.passive_origin]}-{names[self.passive_target][3:]},"
                f"{names[self.aggressive_origin]}{aggressive_sign}{names[self.aggressive_target][3:]}")

    def _has_squares(self) -> bool:
        """True if the four squares are square numbers (so the move can be written down)."""
        return all(type(s) is int and 0 <= s < SQUARE_COUNT for s in self[:4])

    @staticmethod
    def parse(text: str) -> Move:
        """Read a move such as ``bd:b1-b3,wl:c1-c3`` (spaces around the parts and capitals are allowed).

        Raises:
            MoveError: the text is not a move; the message says which part is wrong.
        """
        if not isinstance(text, str):
            raise MoveError(f"a move is written as text like 'bd:b1-b3,wl:c1-c3', not {type(text).__name__}")
        match = _MOVE_PATTERN.fullmatch(text.strip().lower())
        if match is None:
            raise MoveError(f"{quoted(text)} is not a move: write the passive move, a comma and the aggressive "
                            f"move, each as board:from-to, like 'bd:b1-b3,wl:c1-c3' ('x' for a push off the board)")
        passive_board, passive_from, passive_to, board, origin_name, sign, target_name = match.groups()
        passive_origin = SQUARE_NUMBERS[f"{passive_board}:{passive_from}"]
        passive_target = SQUARE_NUMBERS[f"{passive_board}:{passive_to}"]
        aggressive_origin = SQUARE_NUMBERS[f"{board}:{origin_name}"]
        if (passive_origin, passive_target) not in _VECTOR_BETWEEN:
            raise MoveError(f"{quoted(text)}: the passive move {passive_from}-{passive_to} is not one or two "
                            f"squares in a straight line")
        if board[1] == passive_board[1]:
            raise MoveError(f"{quoted(text)}: the aggressive move must be on a board of the other colour "
                            f"from the passive move's board ({passive_board} and {board} are both "
                            f"{'dark' if board[1] == 'd' else 'light'})")
        direction, distance = _VECTOR_BETWEEN[passive_origin, passive_target]
        vector = f"{distance} {DIRECTIONS[direction][0]}"
        aggressive_target = target(aggressive_origin, direction, distance)
        if aggressive_target is None:
            raise MoveError(f"{quoted(text)}: the aggressive stone on {board}:{origin_name} would leave its board "
                            f"going {vector} like the passive move")
        if SQUARE_NAMES[aggressive_target] != f"{board}:{target_name}":
            raise MoveError(f"{quoted(text)}: the aggressive move must go {vector} like the passive move, so from "
                            f"{board}:{origin_name} it goes to {SQUARE_NAMES[aggressive_target]}, not "
                            f"{board}:{target_name}")
        found = ALL_MOVES.get((passive_origin, passive_target, aggressive_origin, sign == "x"))
        if found is None:
            raise MoveError(f"{quoted(text)}: the aggressive move {origin_name}-{target_name} cannot push a stone "
                            f"off the board (the square beyond it is still on the board): write '-'")
        return found


_SQUARE: Final = "([a-d][1-4])"
_BOARD: Final = f"({'|'.join(BOARD_NAMES)})"
_MOVE_PATTERN: Final = re.compile(rf"{_BOARD}:{_SQUARE}\s*-\s*{_SQUARE}\s*,\s*{_BOARD}:{_SQUARE}\s*([-x])\s*{_SQUARE}")


def move_clicks(move: Move) -> tuple[str, str, str]:
    """The squares a person clicks for ``move``: the passive stone, where it goes, then the aggressive stone.

    Those three settle the move: the aggressive stone goes the passive move's way.
    """
    return (SQUARE_NAMES[move.passive_origin], SQUARE_NAMES[move.passive_target],
            SQUARE_NAMES[move.aggressive_origin])


def vector_between(origin: int, target_square: int) -> tuple[int, int]:
    """``(direction, distance)`` from ``origin`` to ``target_square``; KeyError if they are not in line."""
    return _VECTOR_BETWEEN[origin, target_square]


def _build_vectors_between() -> dict[tuple[int, int], tuple[int, int]]:
    """``(origin, target)`` to ``(direction, distance)`` for every one- or two-square straight move."""
    table = {}
    for origin in range(SQUARE_COUNT):
        for direction, distance in VECTORS:
            end = target(origin, direction, distance)
            if end is not None:
                table[origin, end] = (direction, distance)
    return table


_VECTOR_BETWEEN: Final = _build_vectors_between()


def _build_push_paths() -> dict[int, tuple[int, int]]:
    """For each aggressive move ``a -> t`` (key ``64 * a + t``): ``(path, beyond)``.

    ``path`` has the squares the stone passes through and lands on; ``beyond`` is the
    bit of the square a pushed stone ends on, or 0 when that is off the board.
    """
    table = {}
    for (origin, end), (direction, distance) in _VECTOR_BETWEEN.items():
        path = sum(1 << s for step in range(1, distance + 1) if (s := target(origin, direction, step)) is not None)
        beyond = target(origin, direction, distance + 1)
        table[64 * origin + end] = (path, 0 if beyond is None else 1 << beyond)
    return table


PUSH_PATHS: Final = _build_push_paths()
"""``PUSH_PATHS[64 * a + t]``: ``(path bits, beyond bit or 0)`` of the aggressive move from ``a`` to ``t``."""


def _build_all_moves() -> dict[tuple[int, int, int, bool], Move]:
    """Every move that could be legal somewhere, by ``(passive origin, passive target, aggressive origin, pushes off)``.

    The aggressive stone is on a board of the other colour and stays on its board;
    a move pushes off only if the square beyond the aggressive stone's landing
    square is off the board.
    """
    table = {}
    for (passive_origin, passive_target), (direction, distance) in _VECTOR_BETWEEN.items():
        for aggressive_origin in range(SQUARE_COUNT):
            if (aggressive_origin // 16 - passive_origin // 16) % 2 == 0:
                continue  # a board of the same colour
            aggressive_target = target(aggressive_origin, direction, distance)
            if aggressive_target is None:
                continue
            squares = (passive_origin, passive_target, aggressive_origin, aggressive_target)
            table[passive_origin, passive_target, aggressive_origin, False] = Move(*squares)
            if target(aggressive_origin, direction, distance + 1) is None:
                table[passive_origin, passive_target, aggressive_origin, True] = Move(*squares, True)
    return table


ALL_MOVES: Final = _build_all_moves()


def _build_move_rows() -> tuple[tuple[dict[int, Move], ...], ...]:
    """``MOVE_ROWS[v][p][a]``: the move pairing the passive stone on ``p`` with the aggressive stone on ``a``.

    ``v`` indexes :data:`VECTORS`; the key is ``a + 64`` for the move that pushes a stone off.
    """
    rows: tuple[tuple[dict[int, Move], ...], ...] = tuple(tuple({} for _ in range(SQUARE_COUNT)) for _ in VECTORS)
    for (passive_origin, passive_target, aggressive_origin, pushes_off), move in ALL_MOVES.items():
        vector = VECTORS.index(_VECTOR_BETWEEN[passive_origin, passive_target])
        rows[vector][passive_origin][aggressive_origin + 64 * pushes_off] = move
    return rows


MOVE_ROWS: Final = _build_move_rows()
