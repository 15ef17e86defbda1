"""Positions drawn at random from the shipped endgame tables, as ``benchmarks/endgame_truth.py`` draws them.

Lesson 12 measures the searches on two samples: positions where the choice matters (some legal move keeps the
position's value and some does not: :func:`~lessons_lib.agents.solved.value_after`) and positions the side to move wins in at least :data:`MIN_WIN_PLIES`. Drawing
them here lets the lesson say what a sample holds (how many drawn, how many of each class) from the same seed.

>>> from lessons_lib.games.shologuti.endgame_table import solved
>>> [solved(position)[0] for position in positions_in_tables("forced", 3, seed=0, wanted="won")]
[1, 1, 1]
"""

from __future__ import annotations

import random
from typing import Literal

from lessons_lib.agents.solved import value_after
from lessons_lib.games.shologuti.endgame_index import SHIPPED_MATERIAL, class_size, parts_at
from lessons_lib.games.shologuti.endgame_table import solved_parts
from lessons_lib.games.shologuti.position import Position
from lessons_lib.games.shologuti.rules import Rules

MIN_WIN_PLIES = 5
"""The won positions start at least this far from the end: a win in one or two is no test."""


def positions_in_tables(variant: str, count: int, seed: int, wanted: Literal["choice", "won"]) -> list[Position]:
    """``count`` positions of the shipped tables of ``variant``, drawn with ``seed`` from the classes with a piece a
    side (the clock at 0): ``choice``, where some move keeps the position's value and some does not; ``won``, where
    the side to move wins in at least :data:`MIN_WIN_PLIES` plies."""
    rng, rules = random.Random(seed), Rules.named(variant)
    found: list[Position] = []
    classes = [material for material in SHIPPED_MATERIAL if min(material) > 0]
    while len(found) < count:
        material = rng.choice(classes)
        parts = parts_at(material, rng.randrange(class_size(material)))
        decided = solved_parts(parts, variant)
        if decided is None:
            continue
        position = Position(*parts, rules=rules)
        if position.is_game_over():
            continue
        if wanted == "won":
            if decided[0] == 1 and decided[1] >= MIN_WIN_PLIES:
                found.append(position)
            continue
        kept = {value_after(position, move) == decided[0] for move in position.legal_moves()}
        if kept == {True, False}:
            found.append(position)
    return found
