"""Positions drawn at random from a game's solved tables, as ``benchmarks/endgame_truth.py`` draws them.

Lesson 12 measures the searches on two samples: positions where the choice matters (some legal move keeps the
position's value and some does not: :func:`~lessons_lib.agents.solved.value_after`) and positions the side to move
wins in at least :data:`MIN_WIN_PLIES`. Drawing them here lets the lesson say what a sample holds (how many drawn,
how many of each class) from the same seed. The game's engine draws the positions (its ``random_solved``) and
decides them (its ``solved``); this module names no game.

>>> from lessons_lib.games import GAMES
>>> [GAMES["shologuti"].engine.solved(position)[0] for position in positions_in_tables("forced", 3, seed=0, wanted="won")]
[1, 1, 1]
"""

from __future__ import annotations

import random
from typing import Any, Literal

from lessons_lib.agents.solved import value_after
from lessons_lib.games import DEFAULT_GAME, GAMES, Game

MIN_WIN_PLIES = 5
"""The won positions start at least this far from the end: a win in one or two is no test."""


def positions_in_tables(variant: str, count: int, seed: int, wanted: Literal["choice", "won"],
                        game: Game = GAMES[DEFAULT_GAME]) -> list[Any]:
    """``count`` positions of ``game``'s tables under ``variant``, drawn with ``seed`` (the clock at 0):
    ``choice``, where some move keeps the position's value and some does not; ``won``, where the side to move wins
    in at least :data:`MIN_WIN_PLIES` plies. ValueError for a game without tables."""
    engine = game.engine
    if engine.random_solved is None or engine.solved is None:
        raise ValueError(f"{game.title} has no solved tables to draw from")
    rng = random.Random(seed)
    found: list[Any] = []
    while len(found) < count:
        position = engine.random_solved(variant, rng)
        decided = engine.solved(position)
        if decided is None:  # (never: the draw is of positions the tables decide)
            continue
        if wanted == "won":
            if decided[0] == 1 and decided[1] >= MIN_WIN_PLIES:
                found.append(position)
            continue
        kept = {value_after(position, move) == decided[0] for move in position.legal_moves()}
        if kept == {True, False}:
            found.append(position)
    return found
