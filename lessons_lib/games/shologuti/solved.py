"""The engine's door to the solved endgame tables (:mod:`lessons_lib.games.shologuti.endgame_table`).

Most positions have too many pieces for a table, so this module answers them without loading numpy or the
tables: a game that never reaches a small endgame never pays for them. A damaged table file is an error of one line
(which file, and how to make it again); the agents that play from the tables
(:class:`~lessons_lib.agents.solved.SolvedFirst`) say it once and search instead.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from lessons_lib.games.shologuti.endgame_index import SHIPPED_MATERIAL, class_size, parts_at
from lessons_lib.games.shologuti.position import Position
from lessons_lib.games.shologuti.rules import Rules

SCOPE = ("positions of the forced, traditional and continue rules with at most two pieces a side, or three against "
         "one or none, at any clock (under another draw limit than 100, only where the result comes before the "
         "clock can end the game); three against two too, once built with 'python -m lessons_lib endgames'")
"""Which positions the tables decide, in words."""
TABLE_MATERIAL = frozenset(SHIPPED_MATERIAL) | {(3, 2), (2, 3)}
"""The classes a table can hold: the shipped ones, and the cache's when built (``endgame_cache.CACHED_MATERIAL``,
named again here so that this door needs no numpy)."""


def solved(position: Position) -> tuple[int, int] | None:
    """The exact value of ``position`` for the player to move (1 won, 0 drawn, −1 lost) and its distance to the
    end in plies, or None where the shipped tables do not decide it
    (:func:`lessons_lib.games.shologuti.endgame_table.solved`); a damaged table file raises
    :class:`~lessons_lib.kit.errors.DamagedData` (one line: which file, and how to make it again)."""
    if (position.green.bit_count(), position.red.bit_count()) not in TABLE_MATERIAL:
        return None
    from lessons_lib.games.shologuti.endgame_table import solved as looked_up

    return looked_up(position)


def random_solved_position(variant: str, rng: random.Random) -> Position:
    """A position drawn with ``rng`` from the shipped tables of ``variant``: a class with a piece a side, then a
    numbered position of it, again until the tables decide one that is still in play (the clock at 0)."""
    from lessons_lib.games.shologuti.endgame_table import solved_parts

    rules = Rules.named(variant)
    classes = [material for material in SHIPPED_MATERIAL if min(material) > 0]
    while True:
        material = rng.choice(classes)
        parts = parts_at(material, rng.randrange(class_size(material)))
        if solved_parts(parts, variant) is None:
            continue
        position = Position(*parts, rules=rules)
        if not position.is_game_over():
            return position


def build_cached_tables(variant: str | None, again: bool, said: Callable[[str], None]) -> None:
    """Three against two solved into the cache folder for ``variant`` (every variant for None), unless built and
    checked already (or ``again``): see :mod:`lessons_lib.games.shologuti.endgame_cache`."""
    from lessons_lib.games.shologuti.endgame_cache import DamagedCache, build, cached_table, variant_folder
    from lessons_lib.games.shologuti.rules import VARIANTS

    for name in [variant] if variant else list(VARIANTS):
        if name not in VARIANTS:
            raise ValueError(f"unknown variant {name!r}; choose one of: {', '.join(VARIANTS)}")
        if not again:
            try:
                if cached_table(name) is not None:
                    said(f"{name}: already built and checked, in {variant_folder(name)}")
                    continue
            except DamagedCache:
                pass  # built again below
        started = time.perf_counter()
        said(f"{name}: solving three against two (a few minutes)")
        folder = build(name, said=lambda line: said(f"  {line}"))
        said(f"{name}: built and checked in {time.perf_counter() - started:.0f} s, in {folder}")
