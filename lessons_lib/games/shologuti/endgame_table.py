"""Solved Shologuti endgames as arrays: each position's value and distance to the end, by material class.

:func:`solve_endgames` solves every position of the given classes (and everything captures lead to) by retrograde
analysis and returns, for each class, two arrays indexed by :func:`~lessons_lib.games.shologuti.endgame_index.
index_of`: the value for the player to move (1 won, 0 drawn, −1 lost; :data:`ABSENT` for a number that is no
position: a pending piece that cannot capture) and the distance to the end in plies (255 for a draw).

**The draw clock.** The values are those of the game without its clock: a draw means neither side can force a
win however long the game goes on. The clock only ever turns a game into a draw, so a draw stays a draw; and a
win (or loss) in ``d`` plies is still one with the clock at ``c`` as long as ``c + d`` is at most the rules'
``draw_plies``: the winner ends the game before the clock can. :func:`solved` gives a value only then.

The package ships the tables of every position with at most two pieces a side, or three against one, with no
capture chain under way, and of every position their moves lead to, for each rule variant (``data/endgames_<variant>.npz``); ``python -m lessons_lib.games.shologuti.endgame_table`` makes them
again.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

import numpy as np
from numpy.typing import NDArray

from importlib import resources

from lessons_lib.games.shologuti.endgame_index import (
    SHIPPED_MATERIAL, Parts, class_size, index_of, material_of, parts_at,
)
from lessons_lib.games.shologuti.endgames import endgame_graph
from lessons_lib.games.shologuti.position import Position
from lessons_lib.games.shologuti.rules import VARIANTS, Rules
from lessons_lib.kit.retrograde import DRAW, solve

ABSENT = 2
"""The value of a number in a class's array that stands for no position."""
NO_DISTANCE = 255
"""The distance stored for a draw."""

Table = dict[tuple[int, int], tuple[NDArray[Any], NDArray[Any]]]
"""For each material class, its values (int8) and distances (uint8)."""


def solve_endgames(material: Iterable[tuple[int, int]], rules: Rules) -> Table:
    """Every class's values and distances (see the module), the classes captures lead to included."""
    graph, parts = endgame_graph(material, rules)
    solved = solve(graph)
    table: Table = {}
    for number, position in enumerate(parts):
        found = material_of(position)
        if found not in table:
            size = class_size(found)
            table[found] = (np.full(size, ABSENT, dtype=np.int8), np.full(size, NO_DISTANCE, dtype=np.uint8))
        values, distances = table[found]
        index = index_of(position)
        values[index] = solved.values[number]
        distance = solved.distances[number]
        distances[index] = NO_DISTANCE if distance < 0 else min(distance, NO_DISTANCE - 1)
    return table


def save_table(table: Table, path: Path) -> None:
    arrays: dict[str, NDArray[Any]] = {}
    for (greens, reds), (values, distances) in table.items():
        arrays[f"values_{greens}_{reds}"] = values
        arrays[f"distances_{greens}_{reds}"] = distances
    np.savez_compressed(path, allow_pickle=False, **arrays)


def load_table(path: Path) -> Table:
    table: Table = {}
    with np.load(path) as arrays:
        for name in arrays.files:
            if name.startswith("values_"):
                _, greens, reds = name.split("_")
                table[(int(greens), int(reds))] = (arrays[name], arrays[f"distances_{greens}_{reds}"])
    return table


def table_path(variant: str) -> Path:
    """Where the package keeps the shipped table of ``variant``."""
    return Path(str(resources.files("lessons_lib").joinpath(f"games/shologuti/data/endgames_{variant}.npz")))


_SHIPPED: dict[str, Table] = {}


def shipped_table(variant: str) -> Table:
    """The shipped table of ``variant``, read once."""
    if variant not in _SHIPPED:
        _SHIPPED[variant] = load_table(table_path(variant))
    return _SHIPPED[variant]


def solved_parts(parts: Parts, variant: str) -> tuple[int, int] | None:
    """The value for the player to move and the distance of a position given by its parts, from the shipped
    table of ``variant`` (the clock aside), or None where the table has no such position."""
    table = shipped_table(variant).get(material_of(parts))
    if table is None:
        return None
    values, distances = table
    index = index_of(parts)
    value = int(values[index])
    return None if value == ABSENT else (value, int(distances[index]))


def solved(position: Any) -> tuple[int, int] | None:
    """The exact value of ``position`` for the player to move (1 won, 0 drawn, −1 lost) and its distance to the
    end in plies under perfect play (255 for a draw), or None where the shipped tables do not decide it: more
    pieces, a custom variant, or a clock too far on for the win to be sure (see the module)."""
    found = solved_without_clock(position)
    if found is None:
        return None
    value, distance = found
    if value != DRAW and position.clock + distance > position.rules.draw_plies:
        return None
    return value, distance


def class_figures(variant: str) -> list[dict[str, Any]]:
    """For each class of the shipped table of ``variant`` (most pieces last): its material, how many positions it
    holds, how many are won, drawn and lost for the side to move, and its longest win in plies."""
    rows = []
    for (greens, reds), (values, distances) in sorted(shipped_table(variant).items(), key=lambda item: (sum(item[0]), item[0])):
        won = values == 1
        rows.append({"green": greens, "red": reds, "positions": int((values != ABSENT).sum()), "won": int(won.sum()),
                     "drawn": int((values == DRAW).sum()), "lost": int((values == -1).sum()),
                     "longest_win": int(distances[won].max()) if won.any() else 0})
    return rows


def longest_win(variant: str, material: tuple[int, int]) -> tuple[Position, int]:
    """A position of ``material`` in the shipped table of ``variant`` won for the side to move in the most plies
    (the first in the class's numbering), and that number."""
    values, distances = shipped_table(variant)[material]
    won_distances = np.where(values == 1, distances, 0)
    index = int(won_distances.argmax())
    return Position(*parts_at(material, index), rules=Rules.named(variant)), int(won_distances[index])


def solved_without_clock(position: Position) -> tuple[int, int] | None:
    """:func:`solved` with the clock aside: the value and distance of the game without a draw clock (what a
    perfect defender plays by, however far the clock has run), or None where the shipped tables do not hold it."""
    if position.rules.name not in VARIANTS:
        return None
    return solved_parts((position.green, position.red, position.to_move, position.pending), position.rules.name)


def write_shipped_tables() -> list[Path]:
    """Solve and write the shipped table of every variant."""
    written = []
    for name, rules in VARIANTS.items():
        path = table_path(name)
        save_table(solve_endgames(SHIPPED_MATERIAL, rules), path)
        written.append(path)
    return written


if __name__ == "__main__":
    for path in write_shipped_tables():
        print(f"written to {path}")
