"""Solved Shologuti endgames as arrays: each position's value and distance to the end, by material class.

:func:`solve_endgames` solves every position of the given classes (and everything captures lead to) by retrograde
analysis and returns, for each class, two arrays indexed by :func:`~lessons_lib.games.shologuti.endgame_index.
index_of`: the value for the player to move (1 won, 0 drawn, −1 lost; :data:`ABSENT` for a number that is no
position: a pending piece that cannot capture) and the distance to the end in plies (255 for a draw). Values
ignore the draw clock (WORK IN PROGRESS, issue 36).
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

import numpy as np
from numpy.typing import NDArray

from lessons_lib.games.shologuti.endgame_index import class_size, index_of, material_of
from lessons_lib.games.shologuti.endgames import endgame_graph
from lessons_lib.games.shologuti.rules import Rules
from lessons_lib.kit.retrograde import solve

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
