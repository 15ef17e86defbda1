"""Positions for tests (see :mod:`lessons_lib.games.shologuti.samples`)."""

from __future__ import annotations

import random
from typing import Any

from lessons_lib.games import GAMES
from lessons_lib.games.shologuti.samples import random_positions

__all__ = ["random_line", "random_positions"]


def random_line(name: str, seed: int, plies: int, variant: str | None = None) -> list[Any]:
    """The positions of a seeded random game of ``name`` (under ``variant``), at most ``plies`` plies long."""
    rng = random.Random(seed)
    positions = [GAMES[name].start(variant)]
    for _ in range(plies):
        moves = positions[-1].legal_moves()
        if not moves:
            break
        positions.append(positions[-1].play(rng.choice(moves)))
    return positions
