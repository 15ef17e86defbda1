"""Shologuti's endgame classes solved over index arrays: values, distances and zeroing distances, class by class.

**The draw clock.** The clock counts the plies since the last capture, and the game is drawn when it reaches the
rules' limit (``draw_plies``, 100 for the presets) unless the side to move has no move at all (that loss comes
first). A capture sets the clock to 0, and every capture takes a piece, so it leads to a smaller material class.
Within one class, then, the game under the clock is the game of its quiet plies (steps, and ``stop`` in a chain),
each costing one tick of the clock, with the captures as exits whose results are known from the smaller classes,
at clock 0. Solving each class that way, smallest first, gives every position a value under the clock and a
**zeroing distance** ``z``: the plies until the move that resets the clock (a capture) or, for a position with no
move, until the end, when the winner heads for the quickest such move and the loser for the slowest. Chess tables
call it DTZ. A position so valued is won (or lost) at clock ``c`` exactly when ``c + z`` is at most the limit; at a
later clock the clock draws it, and a position won without the clock whose value under the clock is a draw, or
whose ``z`` passes the limit, is a **cursed win**: the clock draws it at every clock.

**Over arrays.** A class's positions are the numbers of :mod:`~lessons_lib.games.shologuti.endgame_index`; its moves come from
:func:`~lessons_lib.games.shologuti.endgame_arrays.moves_of`, a million positions at a time, as two arrays of
numbers (each move inside the class) and the captures as exits to the smaller classes solved before it. Then
:func:`~lessons_lib.kit.retrograde_arrays.solve_class` solves the class twice: without the clock, each capture an exit
with its child's value and distance (the values and distances), and as the game of quiet plies, each capture an
exit at distance 0 with its child's value under the clock (the zeroing distances). No position is ever a Python object, so a class of tens of
millions of numbers fits in memory.

Every number of a class is a position (the value :data:`~lessons_lib.games.shologuti.endgame_table.ABSENT`
aside: a pending piece that cannot capture), so a class solved here holds every chain position, not only those
the shipped classes' own moves reach.

>>> from lessons_lib.games.shologuti.board import bit
>>> from lessons_lib.games.shologuti.endgame_index import index_of
>>> from lessons_lib.games.shologuti.rules import FORCED
>>> tables = solve_tables([(1, 1)], FORCED)
>>> sorted(tables)
[(0, 1), (1, 0), (1, 1)]
>>> values, distances, zeroing = tables[1, 1]
>>> number = index_of((bit(23), bit(19), 0, 0))  # Green on 23, Red on 19 beside it: Green jumps it
>>> int(values[number]), int(distances[number]), int(zeroing[number])
(1, 1, 1)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import numpy as np
from numpy.typing import NDArray

from lessons_lib.games.shologuti.endgame_arrays import captures_from, moves_of, numbers_of, parts_of, popcount
from lessons_lib.games.shologuti.endgame_index import class_size
from lessons_lib.games.shologuti.rules import DEFAULT_DRAW_PLIES, Rules
from lessons_lib.kit.retrograde import DRAW
from lessons_lib.kit.retrograde_arrays import Inside, solve_class

Array = NDArray[Any]
Material = tuple[int, int]
ClassTable = tuple[Array, Array, Array]
"""A class's values (int8, ``ABSENT`` for no position), distances and zeroing distances (uint8, 255 for none)."""

ABSENT = 2
"""The value of a number in a class's array that stands for no position."""
NO_DISTANCE = 255
"""The distance stored for a draw (and the zeroing distance where the clock draws the position at clock 0)."""
KINDS = ("values", "distances", "zeroing")
"""The arrays a table holds for each class, by name: values (int8), distances and zeroing distances (uint8)."""
CHUNK = 1 << 20
"""How many numbers of a class are turned into positions and moves at a time."""


def classes_below(material: Iterable[Material]) -> list[Material]:
    """The given classes and every class their captures can lead to, fewest pieces first."""
    found = {(greens, reds) for top_greens, top_reds in material for greens in range(top_greens + 1)
             for reds in range(top_reds + 1) if greens + reds > 0}
    return sorted(found, key=lambda pair: (sum(pair), pair))


def solve_tables(material: Iterable[Material], rules: Rules, known: dict[Material, ClassTable] | None = None,
                 draw_plies: int = DEFAULT_DRAW_PLIES,
                 said: Callable[[str], None] | None = None) -> dict[Material, ClassTable]:
    """Every class of ``material`` and below, solved under ``rules`` (classes in ``known`` are taken as they are);
    ``said``, if given, hears a line as each class is done."""
    tables: dict[Material, ClassTable] = dict(known or {})
    for found in classes_below(material):
        if found not in tables:
            tables[found] = solve_one(found, rules, tables, draw_plies)
            if said is not None:
                said(f"{found[0]} against {found[1]}: {class_size(found):,} numbers solved")
    return tables


def solve_one(material: Material, rules: Rules, smaller: dict[Material, ClassTable],
              draw_plies: int = DEFAULT_DRAW_PLIES) -> ClassTable:
    """One class solved (see the module); ``smaller`` holds every class its captures lead to."""
    size = class_size(material)
    present = np.zeros(size, dtype=bool)
    inside: list[tuple[Array, Array]] = []
    exits: list[tuple[Array, Array, Array, Array]] = []
    for start in range(0, size, CHUNK):
        numbers = np.arange(start, min(size, start + CHUNK), dtype=np.int64)
        green, red, side, pending = parts_of(material, numbers)
        own, enemy = np.where(side == 1, red, green), np.where(side == 1, green, red)
        real = (pending == 0) | captures_from(pending, own, enemy)
        present[numbers[real]] = True
        numbers, green, red, side, pending = (part[real] for part in (numbers, green, red, side, pending))
        moves = moves_of(material, green, red, side, pending, rules)
        parent = numbers[moves.array("parent")]
        captured = moves.array("captured").astype(bool)
        child = [moves.array(name) for name in ("green", "red", "side", "pending")]
        quiet = ~captured
        inside.append((parent[quiet].astype(np.int32),
                       numbers_of(material, *(part[quiet] for part in child)).astype(np.int32)))
        exits.append(_exits(parent[captured], [part[captured] for part in child], side[moves.array("parent")][captured],
                            smaller))
    moves_inside = Inside.of(size, inside)
    del inside
    exit_parents, exit_values, exit_distances, exit_clock_values = (np.concatenate([part[index] for part in exits])
                                                                    for index in range(4))
    values, distances = solve_class(moves_inside, exit_parents, exit_values, exit_distances, present)
    clock_values, zeroing = solve_class(moves_inside, exit_parents, exit_clock_values, np.zeros_like(exit_distances),
                                        present)
    values[~present] = ABSENT
    stored = np.where(distances < 0, NO_DISTANCE, np.minimum(distances, NO_DISTANCE - 1)).astype(np.uint8)
    decided = (clock_values != DRAW) & (zeroing >= 0) & (zeroing <= draw_plies) & present
    zeroing_stored = np.where(decided, np.minimum(zeroing, NO_DISTANCE - 1), NO_DISTANCE).astype(np.uint8)
    return values, stored, zeroing_stored


def _exits(parents: Array, child: list[Array], parent_side: Array,
           smaller: dict[Material, ClassTable]) -> tuple[Array, Array, Array, Array]:
    """The captures among a chunk's moves as exits: each one's parent, value for the parent without the clock,
    distance after it, and value for the parent under the clock at clock 0."""
    green, red, side, pending = child
    values = np.zeros(len(parents), dtype=np.int8)
    distances = np.zeros(len(parents), dtype=np.int64)
    clock_values = np.zeros(len(parents), dtype=np.int8)
    greens = popcount(green)
    reds = popcount(red)
    for material in set(zip(greens.tolist(), reds.tolist())):
        here = (greens == material[0]) & (reds == material[1])
        numbers = numbers_of(material, green[here], red[here], side[here], pending[here])
        class_values, class_distances, class_zeroing = smaller[material]
        found = class_values[numbers].astype(np.int8)
        assert not (found == ABSENT).any(), "a capture leads to a number that is no position"
        sign = np.where(side[here] == parent_side[here], 1, -1).astype(np.int8)
        values[here] = found * sign
        distances[here] = class_distances[numbers]
        clock_values[here] = np.where(class_zeroing[numbers] == NO_DISTANCE, 0, found) * sign
    return parents, values, distances, clock_values

