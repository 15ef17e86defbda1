"""Positions for tests: seeded random play from the start."""

from __future__ import annotations

import random

from lessons_lib.rules import Rules
from lessons_lib.state import Position


def random_positions(rules: Rules, count: int, seed: int, plies: tuple[int, int] = (4, 40),
                     min_pieces: int = 2) -> list[Position]:
    """``count`` positions, each ``plies`` random plies from the start, still in play."""
    rng = random.Random(seed)
    found: list[Position] = []
    while len(found) < count:
        position = Position.start(rules)
        for _ in range(rng.randint(*plies)):
            moves = position.legal_moves()
            if not moves:
                break
            position = position.play(rng.choice(moves))
        if not position.is_game_over() and min(position.piece_count(0), position.piece_count(1)) >= min_pieces:
            found.append(position)
    return found
