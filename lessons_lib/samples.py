"""Sample positions by seeded random play from the start: for tests, benchmarks and lessons."""

from __future__ import annotations

import random
from collections.abc import Callable

from lessons_lib.rules import Rules
from lessons_lib.state import Position


def random_positions(
    rules: Rules,
    count: int,
    seed: int,
    plies: tuple[int, int] = (4, 40),
    min_pieces: int = 2,
    keep: Callable[[Position], bool] | None = None,
) -> list[Position]:
    """``count`` positions still in play, each reached by a random number of random plies in ``plies``.

    Only positions where both sides have at least ``min_pieces`` pieces (and that
    ``keep`` accepts, if given) are kept. The same arguments give the same positions.
    """
    rng = random.Random(seed)
    found: list[Position] = []
    while len(found) < count:
        position = Position.start(rules)
        for _ in range(rng.randint(*plies)):
            moves = position.legal_moves()
            if not moves:
                break
            position = position.play(rng.choice(moves))
        if position.is_game_over() or min(position.piece_count(0), position.piece_count(1)) < min_pieces:
            continue
        if keep is None or keep(position):
            found.append(position)
    return found
