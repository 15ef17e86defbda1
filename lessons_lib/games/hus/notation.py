"""The position string: ``<South's pits>/<North's pits> <side> <round> [endless]``.

Each player's 32 pit counts are written in pit order (0 to 31), separated by
commas; a run of three or more equal counts is written ``count*length``. The side
to move is ``0`` (South) or ``1`` (North); the round is the number of rounds both
players have completed (it goes up after North moves). The word ``endless`` at
the end marks a game that the player to move has lost by an endless move.

>>> write_position(START_PITS + START_PITS, 0, 0, False)
'2*24,0*8/2*24,0*8 0 0'
>>> read_position("2*24,0*8/2*24,0*8 0 0") == (START_PITS + START_PITS, 0, 0, False)
True
"""

from __future__ import annotations

from typing import Final

from collections.abc import Sequence

from lessons_lib.kit.errors import PositionError, is_whole_number, quoted
from lessons_lib.games.hus.board import LAST_ROUND, PITS, PLAYER_NAMES, START_PITS, TOTAL_SEEDS  # noqa: F401 (doctests)

ENDLESS_MARK: Final = "endless"
SHORTEST_RUN: Final = 3
"""Runs of equal counts at least this long are written ``count*length``."""


def write_pits(counts: Sequence[int]) -> str:
    """One player's pit counts as text, runs of three or more shortened.

    >>> write_pits([3, 0, 0, 5, 5, 5, 5] + [0] * 25)
    '3,0,0,5*4,0*25'
    """
    items: list[str] = []
    index = 0
    while index < len(counts):
        end = index
        while end < len(counts) and counts[end] == counts[index]:
            end += 1
        length = end - index
        if length >= SHORTEST_RUN:
            items.append(f"{counts[index]}*{length}")
        else:
            items.extend([str(counts[index])] * length)
        index = end
    return ",".join(items)


def write_position(pits: Sequence[int], to_move: int, round_number: int, endless: bool) -> str:
    """The position string of these parts (``pits``: South's 32 counts, then North's)."""
    text = f"{write_pits(pits[:PITS])}/{write_pits(pits[PITS:])} {to_move} {round_number}"
    return f"{text} {ENDLESS_MARK}" if endless else text


def read_pits(text: str, part: str) -> list[int]:
    """One player's 32 pit counts from text like ``2*24,0*8``; ``part`` names it in error messages."""
    counts: list[int] = []
    for item in text.split(","):
        count_text, star, length_text = item.partition("*")
        if not is_whole_number(count_text, 3):
            raise PositionError(f"{part}: {quoted(item)} should be a seed count like '2', or a run like '0*8'")
        if star and not (is_whole_number(length_text, 2) and 1 <= int(length_text) <= PITS):
            raise PositionError(f"{part}: in {quoted(item)} the run's length should be a number from 1 to {PITS}")
        count = int(count_text)
        if count > TOTAL_SEEDS:
            raise PositionError(f"{part}: {count} seeds in one pit is more than the game has ({TOTAL_SEEDS})")
        counts.extend([count] * (int(length_text) if star else 1))
        if len(counts) > PITS:
            break
    if len(counts) != PITS:
        raise PositionError(f"{part}: a player has {PITS} pits, but {quoted(text)} gives {len(counts)} counts")
    return counts


def read_position(text: str) -> tuple[tuple[int, ...], int, int, bool]:
    """The parts of a position string: ``(pits, to_move, round_number, endless)``.

    Only the form is checked here (whether the parts make a possible position is the
    :class:`~lessons_lib.games.hus.position.Position`'s business).

    Raises:
        PositionError: with a message naming the part that is wrong.
    """
    parts = text.split()
    if len(parts) not in (3, 4):
        raise PositionError(f"a position has 3 or 4 parts '<pits> <side> <round> [endless]' (or is 'start'), "
                            f"but {quoted(text.strip())} has {len(parts)}")
    rows = parts[0].split("/")
    if len(rows) != 2:
        raise PositionError(f"pits: write South's 32 counts, a '/', then North's 32 counts, "
                            f"not {quoted(parts[0])}")
    pits = tuple(read_pits(rows[0], f"{PLAYER_NAMES[0]}'s pits") + read_pits(rows[1], f"{PLAYER_NAMES[1]}'s pits"))
    if parts[1] not in ("0", "1"):
        raise PositionError(f"side to move: {quoted(parts[1])} should be 0 ({PLAYER_NAMES[0]}) "
                            f"or 1 ({PLAYER_NAMES[1]})")
    if not is_whole_number(parts[2], 6):
        raise PositionError(f"round: {quoted(parts[2])} should be a whole number from 0 to {LAST_ROUND + 1}")
    if len(parts) == 4 and parts[3] != ENDLESS_MARK:
        raise PositionError(f"the last part: {quoted(parts[3])} should be {ENDLESS_MARK!r} "
                            f"(the player to move lost by an endless move) or nothing")
    return pits, int(parts[1]), int(parts[2]), len(parts) == 4
