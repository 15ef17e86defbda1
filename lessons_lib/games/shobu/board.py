"""The four 4×4 boards of Shobu, their squares, and the masks the move generator needs.

Each player's stones are one 64-bit int: 16 bits per board, boards in the order
``bd``, ``bl``, ``wd``, ``wl`` (Black's dark, Black's light, White's dark, White's
light). Square ``s`` (0..63) is on board ``s // 16``, in row ``s % 16 // 4`` and column
``s % 4``: rows 1..4 count from Black's side, columns a..d from the left. So
board ``b`` is dark when ``b % 2 == 0`` and belongs to player ``b // 2``.

>>> SQUARE_NAMES[0], SQUARE_NAMES[17], SQUARE_NAMES[63]
('bd:a1', 'bl:b1', 'wl:d4')
>>> target(square_named("bd:b1"), NORTH, 2) == square_named("bd:b3")
True
"""

from __future__ import annotations

from typing import Final

from lessons_lib.games.common.bits import HALF_WORD_COUNTS, set_bits

BOARD_NAMES: Final = ("bd", "bl", "wd", "wl")
"""Boards by index: Black's dark, Black's light, White's dark, White's light."""
BOARD_TITLES: Final = ("Black's dark board", "Black's light board", "White's dark board", "White's light board")
DARK, LIGHT = 0, 1
"""A board's colour is ``board % 2``."""
FILES: Final = "abcd"
RANKS: Final = "1234"
SQUARE_COUNT: Final = 64

ALL_SQUARES: Final = (1 << SQUARE_COUNT) - 1
BOARD_MASKS: Final[tuple[int, ...]] = tuple(0xFFFF << 16 * board for board in range(4))
"""``BOARD_MASKS[b]``: the 16 squares of board ``b``."""
HOME_MASKS: Final = (BOARD_MASKS[0] | BOARD_MASKS[1], BOARD_MASKS[2] | BOARD_MASKS[3])
"""``HOME_MASKS[player]``: the squares of that player's two home boards (Black 0, White 1)."""
COLOUR_MASKS: Final = (BOARD_MASKS[0] | BOARD_MASKS[2], BOARD_MASKS[1] | BOARD_MASKS[3])
"""``COLOUR_MASKS[DARK]``, ``COLOUR_MASKS[LIGHT]``: the squares of both boards of that colour."""
ROW_MASKS: Final[tuple[int, ...]] = tuple(sum(0xF << (16 * board + 4 * row) for board in range(4)) for row in range(4))
"""``ROW_MASKS[r]``: row ``r + 1`` of every board (Black starts on row 1, White on row 4)."""

DIRECTIONS: Final[tuple[tuple[str, int, int], ...]] = (
    ("N", 1, 0), ("NE", 1, 1), ("E", 0, 1), ("SE", -1, 1),
    ("S", -1, 0), ("SW", -1, -1), ("W", 0, -1), ("NW", 1, -1),
)
"""``(name, rows, columns)`` of one step in each direction; north is towards White (row 4)."""
NORTH, NORTH_EAST, EAST, SOUTH_EAST, SOUTH, SOUTH_WEST, WEST, NORTH_WEST = range(8)
STEP_SHIFTS: Final[tuple[int, ...]] = tuple(4 * rows + columns for _, rows, columns in DIRECTIONS)
"""``STEP_SHIFTS[d]``: how much a square's index grows with one step in direction ``d``."""


def square_at(board: int, column: int, row: int) -> int:
    """The square in ``column`` (0 = a) and ``row`` (0 = row 1) of ``board``."""
    return 16 * board + 4 * row + column


def target(square: int, direction: int, distance: int) -> int | None:
    """The square ``distance`` steps from ``square`` in ``direction``; None if that leaves the board."""
    _, rows, columns = DIRECTIONS[direction]
    row, column = square % 16 // 4 + rows * distance, square % 4 + columns * distance
    if 0 <= row < 4 and 0 <= column < 4:
        return square_at(square // 16, column, row)
    return None


squares_of = set_bits
"""``squares_of(mask)``: the squares in a bitboard, in increasing order."""


def _build_square_names() -> tuple[str, ...]:
    """``bd:a1`` .. ``wl:d4``, by square index."""
    return tuple(f"{BOARD_NAMES[s // 16]}:{FILES[s % 4]}{RANKS[s % 16 // 4]}" for s in range(SQUARE_COUNT))


def _build_reach() -> tuple[tuple[int, ...], ...]:
    """``REACH[d][k]``: the squares from which ``k`` steps in direction ``d`` stay on the same board."""
    return tuple(
        tuple(sum(1 << s for s in range(SQUARE_COUNT) if target(s, direction, distance) is not None)
              for distance in range(4))
        for direction in range(len(DIRECTIONS))
    )


SQUARE_NAMES: Final = _build_square_names()
"""``SQUARE_NAMES[s]``: the name of square ``s``, such as ``bd:b1``."""
SQUARE_NUMBERS: Final[dict[str, int]] = {name: s for s, name in enumerate(SQUARE_NAMES)}
REACH: Final = _build_reach()
"""``REACH[d][k]``: the squares from which a stone can go ``k`` steps (0 to 3) in direction ``d``."""


def square_named(name: str) -> int:
    """The square called ``name`` (``bd:b1``); KeyError if there is none."""
    return SQUARE_NUMBERS[name]


def board_counts(stones: int) -> tuple[int, int, int, int]:
    """How many of ``stones`` are on each board, in the order ``bd``, ``bl``, ``wd``, ``wl`` (each board's 16 bits
    looked up in a table of counts: compiled, ``bit_count`` would be a slow method call)."""
    return (HALF_WORD_COUNTS[stones & 0xFFFF], HALF_WORD_COUNTS[stones >> 16 & 0xFFFF],
            HALF_WORD_COUNTS[stones >> 32 & 0xFFFF], HALF_WORD_COUNTS[stones >> 48 & 0xFFFF])


def has_empty_board(stones: int) -> bool:
    """True if some board holds none of ``stones`` (for a player's stones: that player has lost)."""
    return not (stones & 0xFFFF and stones & 0xFFFF0000 and stones & 0xFFFF_00000000 and stones >> 48)
