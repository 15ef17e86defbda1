"""Hus moves: a move is the number of one of the mover's own pits, ``0`` to ``31``.

There are only 32 moves, built once here; move generation and :meth:`Move.parse`
hand out these same objects.

>>> Move.parse(" 17 ") is MOVES[17]
True
>>> str(Move.parse("05"))
'5'
"""

from __future__ import annotations

from typing import Final, NamedTuple

from lessons_lib.kit.errors import MoveError, quoted
from lessons_lib.games.hus.board import PITS


class Move(NamedTuple):
    """Sow the seeds of one of the mover's pits.

    Whether a move captures is only known once it has been sown (a relay may end in a
    capture several handfuls later), so a Move has no ``is_capture``: the agents then
    treat every Hus move alike when they order moves.

    Attributes:
        pit: the mover's pit, 0 to 31, counted counter-clockwise from their near left pit.
    """

    pit: int

    def __str__(self) -> str:
        return str(self.pit)

    def __repr__(self) -> str:
        if type(self.pit) is not int or not 0 <= self.pit < PITS:
            return f"Move({self.pit!r})"  # not a pit, so not a move Move.parse could give
        return f"Move.parse({str(self)!r})"

    @staticmethod
    def parse(text: str) -> Move:
        """Read a move: the pit number, ``0`` to ``31``.

        Raises:
            MoveError: the text is not a pit number.
        """
        if not isinstance(text, str):
            raise MoveError(f"a move is written as a pit number like '17', not {type(text).__name__}")
        cleaned = text.strip()
        if not (0 < len(cleaned) <= 2 and cleaned.isascii() and cleaned.isdigit()):
            raise MoveError(f"{quoted(text)} is not a move: write the number of one of your pits, 0 to 31")
        pit = int(cleaned)
        if pit >= PITS:
            raise MoveError(f"{quoted(text)}: there is no pit {pit} (a player's pits are 0 to 31)")
        return MOVES[pit]


MOVES: Final[tuple[Move, ...]] = tuple(Move(pit) for pit in range(PITS))
"""``MOVES[p]``: the move from pit ``p``."""


def move_clicks(move: Move) -> tuple[str, ...]:
    """The one click a player makes for ``move``: on its pit.

    >>> move_clicks(MOVES[17])
    ('17',)
    """
    return (str(move.pit),)
