"""Solved Shologuti endgames as arrays: each position's value, distance to the end and distance to the next capture.

:func:`solve_endgames` solves every position of the given classes (and everything captures lead to) by retrograde
analysis over index arrays (:mod:`~lessons_lib.games.shologuti.endgame_solver`) and returns, for each class, three
arrays indexed by :func:`~lessons_lib.games.shologuti.endgame_index.index_of`: the value for the player to move
without the draw clock (1 won, 0 drawn, −1 lost; :data:`ABSENT` for a number that is no position: a pending piece
that cannot capture), the distance to the end in plies without the clock (255 for a draw), and the **zeroing
distance** under the clock (the plies to the capture that resets the clock, 255 where the clock draws the position
at clock 0; :mod:`~lessons_lib.games.shologuti.endgame_solver` says how it is found).

**The draw clock.** A position whose zeroing distance is ``z`` keeps its value at clock ``c`` exactly when
``c + z`` is at most the rules' ``draw_plies``; later, the clock draws it. :func:`solved` so answers at every clock.
The distance it gives is the one without the clock: exact while ``c`` + distance is within the limit (the winner
ends the game before the clock can), and otherwise the least the end can take (the winner must also capture in
time, which can make the way longer). The zeroing distances are those of the presets' limit,
:data:`~lessons_lib.games.shologuti.rules.DEFAULT_DRAW_PLIES`; under another limit :func:`solved` answers only
where that rule of the distance holds, and draws.

The package ships the tables of every position with at most two pieces a side, or three against one (a capture
chain under way included), for each rule variant (``data/endgames_<variant>.npz``); ``python -m lessons_lib.games.shologuti.endgame_table`` makes them
again. A table file that is missing or damaged (cut short, empty, an array of the wrong shape or type) is
:class:`DamagedTable`, one line naming the file and that command, whatever reads it.
"""

from __future__ import annotations

import os
import zipfile
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import numpy as np
from numpy.typing import NDArray

from importlib import resources

from lessons_lib.kit.errors import DamagedData
from lessons_lib.games.shologuti.endgame_index import (
    SHIPPED_MATERIAL, Parts, class_size, index_of, material_of, parts_at,
)
from lessons_lib.games.shologuti.endgame_cache import CACHED_MATERIAL, cached_table
from lessons_lib.games.shologuti.endgame_solver import (  # also offered here, where the tables are read
    ABSENT as ABSENT, KINDS as KINDS, NO_DISTANCE as NO_DISTANCE, solve_tables,
)
from lessons_lib.games.shologuti.position import Position
from lessons_lib.games.shologuti.rules import DEFAULT_DRAW_PLIES, VARIANTS, Rules
from lessons_lib.kit.errors import quoted
from lessons_lib.kit.retrograde import DRAW


Table = dict[tuple[int, int], tuple[NDArray[Any], NDArray[Any], NDArray[Any]]]
"""For each material class, its values (int8), distances (uint8) and zeroing distances (uint8)."""


def solve_endgames(material: Iterable[tuple[int, int]], rules: Rules) -> Table:
    """Every class's values, distances and zeroing distances (see the module), the classes captures lead to
    included."""
    return solve_tables(material, rules)


def save_table(table: Table, path: Path) -> None:
    arrays: dict[str, NDArray[Any]] = {}
    for (greens, reds), class_arrays in table.items():
        for kind, array in zip(KINDS, class_arrays):
            arrays[f"{kind}_{greens}_{reds}"] = array
    part = path.with_name(f".{path.name}.part")  # written whole, then put in place: a rebuild stopped halfway
    with open(part, "wb") as file:                # leaves the table as it was
        np.savez_compressed(file, allow_pickle=False, **arrays)
    os.replace(part, path)


REBUILD = "python -m lessons_lib.games.shologuti.endgame_table"
"""The command that makes the shipped tables again."""


class DamagedTable(DamagedData):
    """A table file that cannot be read, or holds what no table does (cut short, empty, an array of the wrong
    shape or type): one line naming the file and what to do."""


def load_table(path: Path) -> Table:
    """The table :func:`save_table` wrote to ``path``; :class:`DamagedTable` (one line) for a file that is missing,
    cut short, empty, not a table, or whose arrays have the wrong names, shapes, types or values."""
    try:
        return _read_table(path)
    except Exception as error:  # whatever a damaged file makes numpy, zipfile or zlib raise
        raise DamagedTable(f"the endgame table {_shown_path(path)} {_damage(error)}: make it again with "
                           f"{REBUILD} (or install the package again)") from None


def _read_table(path: Path) -> Table:
    """The table in ``path``, every array checked; an exception (any) for a damaged file."""
    table: Table = {}
    with np.load(path, allow_pickle=False) as arrays:
        names = set(arrays.files)
        classes = {name.split("_", 1)[1] for name in names if name.startswith(tuple(f"{kind}_" for kind in KINDS))}
        wanted = {f"{kind}_{material}" for kind in KINDS for material in classes}
        if names != wanted:
            strays = sorted(names - wanted)
            raise _Wrong(f"holds the array {strays[0]!r}, no table's" if strays
                         else f"lacks the array {sorted(wanted - names)[0]!r}")
        for material in sorted(classes):
            greens, reds = (int(count) for count in material.split("_"))
            size = class_size((greens, reds))
            values, distances, zeroing = (arrays[f"{kind}_{material}"] for kind in KINDS)
            for array, kind in ((values, np.int8), (distances, np.uint8), (zeroing, np.uint8)):
                if array.dtype != kind or array.shape != (size,):
                    raise _Wrong(f"holds an array of {array.dtype} {array.shape} for {greens} against {reds}, "
                                 f"not of {np.dtype(kind)} ({size},)")
            if not np.isin(values, (-1, DRAW, 1, ABSENT)).all():
                raise _Wrong(f"holds values that are none for {greens} against {reds}")
            table[(greens, reds)] = (values, distances, zeroing)
    if not table:
        raise _Wrong("holds no class")
    return table


class _Wrong(Exception):
    """What a table file holds that no table does (said as it is)."""


def _damage(error: Exception) -> str:
    """What is wrong with a table file, in words, from the error reading it raised."""
    if isinstance(error, _Wrong):
        return f"is damaged: it {error}"
    if isinstance(error, FileNotFoundError):
        return "is missing"
    if isinstance(error, EOFError):
        return "is empty"
    if isinstance(error, zipfile.BadZipFile):
        return f"is damaged: cut short, or not a table file ({error})"
    if isinstance(error, OSError):
        return f"cannot be read ({error.strerror or error})"
    if isinstance(error, ValueError):  # numpy's word for a file that is no array, or not one it may read
        return "is damaged: not a table file"
    return f"is damaged ({type(error).__name__}: {str(error)[:80]})"


def _shown_path(path: Path) -> str:
    return quoted(str(path), limit=200)


def table_path(variant: str) -> Path:
    """Where the package keeps the shipped table of ``variant``."""
    return Path(str(resources.files("lessons_lib").joinpath(f"games/shologuti/data/endgames_{variant}.npz")))


_SHIPPED: dict[str, Table | DamagedTable] = {}
"""Each variant's shipped table once read, or what is wrong with its file (said again without reading it again)."""


def shipped_table(variant: str) -> Table:
    """The shipped table of ``variant``, read once; :class:`DamagedTable` (one line) if its file is damaged or
    lacks a class it ships (:data:`SHIPPED_MATERIAL`)."""
    if variant not in _SHIPPED:
        path = table_path(variant)
        try:
            table = load_table(path)
            missing = [material for material in SHIPPED_MATERIAL if material not in table]
            if missing:
                raise DamagedTable(f"the endgame table {_shown_path(path)} is damaged: it lacks {missing[0][0]} "
                                   f"against {missing[0][1]}: make it again with {REBUILD} (or install the package "
                                   f"again)")
            _SHIPPED[variant] = table
        except DamagedTable as damage:
            _SHIPPED[variant] = damage
    found = _SHIPPED[variant]
    if isinstance(found, DamagedTable):
        raise DamagedTable(str(found))
    return found


def solved_parts(parts: Parts, variant: str) -> tuple[int, int] | None:
    """The value for the player to move and the distance of a position given by its parts, from the shipped
    table of ``variant`` (the clock aside), or None where the table has no such position."""
    found = _entry(parts, variant)
    return None if found is None else found[:2]


def zeroing_of(position: Any) -> int | None:
    """The zeroing distance of ``position`` (see the module): the plies to the capture that resets the clock (or
    to the end) under play that wins within the clock; None where the clock draws it at clock 0 or the shipped
    tables do not hold it."""
    found = _entry_of(position)
    return None if found is None or found[2] == NO_DISTANCE else found[2]


def _entry(parts: Parts, variant: str) -> tuple[int, int, int] | None:
    """A position's value, distance and zeroing distance from the shipped table of ``variant``, or None."""
    material = material_of(parts)
    table = shipped_table(variant).get(material)
    if table is None and material in CACHED_MATERIAL:
        cached = cached_table(variant)
        table = None if cached is None else cached[material]
    if table is None:
        return None
    index = index_of(parts)
    value = int(table[0][index])
    return None if value == ABSENT else (value, int(table[1][index]), int(table[2][index]))


def _entry_of(position: Any) -> tuple[int, int, int] | None:
    if position.rules.name not in VARIANTS:
        return None
    return _entry((position.green, position.red, position.to_move, position.pending), position.rules.name)


def solved(position: Any) -> tuple[int, int] | None:
    """The exact value of ``position`` for the player to move under the draw clock, at its clock (1 won, 0 drawn,
    −1 lost), and its distance to the end without the clock (255 for a draw), or None where the shipped tables do
    not hold it: more pieces, or a custom variant (see the module for the clock, and for another limit)."""
    found = _entry_of(position)
    if found is None:
        return None
    value, distance, zeroing = found
    limit, clock = position.rules.draw_plies, position.clock
    if value == DRAW:
        return DRAW, NO_DISTANCE
    if limit != DEFAULT_DRAW_PLIES:  # the zeroing distances are the presets' limit's: only the whole distance rule
        return (value, distance) if clock + distance <= limit else None
    kept = zeroing != NO_DISTANCE and min(clock, limit) + zeroing <= limit
    return (value, distance) if kept else (DRAW, NO_DISTANCE)


def class_figures(variant: str) -> list[dict[str, Any]]:
    """For each class of the shipped table of ``variant`` (most pieces last): its material, how many positions it
    holds, how many are won, drawn and lost for the side to move, and its longest win in plies."""
    rows = []
    for (greens, reds), (values, distances, _) in sorted(shipped_table(variant).items(), key=lambda item: (sum(item[0]), item[0])):
        won = values == 1
        rows.append({"green": greens, "red": reds, "positions": int((values != ABSENT).sum()), "won": int(won.sum()),
                     "drawn": int((values == DRAW).sum()), "lost": int((values == -1).sum()),
                     "longest_win": int(distances[won].max()) if won.any() else 0})
    return rows


def longest_win(variant: str, material: tuple[int, int]) -> tuple[Position, int]:
    """A position of ``material`` in the shipped table of ``variant`` won for the side to move in the most plies
    (the first in the class's numbering), and that number."""
    values, distances, _ = shipped_table(variant)[material]
    won_distances = np.where(values == 1, distances, 0)
    index = int(won_distances.argmax())
    return Position(*parts_at(material, index), rules=Rules.named(variant)), int(won_distances[index])


def solved_without_clock(position: Position) -> tuple[int, int] | None:
    """:func:`solved` with the clock aside: the value and distance of the game without a draw clock (what a
    benchmark's defender plays by; it does not count the clock), or None where the shipped tables do not hold it."""
    found = _entry_of(position)
    return None if found is None else found[:2]


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
