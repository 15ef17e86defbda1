"""Three against two solved, each variant in a fresh process: ``python benchmarks/endgame_three_two.py``.

For each variant (``--variant`` for one) it solves three against two with the array solver, makes two against three
by swapping the colours, and prints: the time and the process's peak memory; each class's positions, won, drawn and
lost for the side to move, longest win (and a position that takes it), cursed wins and the longest zeroing
distance; the tables' digest and whether it is the one the package records (``endgame_cache.DIGESTS``); and a
check of ``--sample`` positions a class against the engine's own moves (``Position.play``, not the solver's): each
position's value and distance follow from its children's as retrograde analysis says they must. The figures go to
``data/endgames/three_against_two.csv`` (lesson 12 reads it), or to ``--out``.
"""

from __future__ import annotations

import argparse
import random
import resource
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from multiprocessing import get_context
from pathlib import Path
from typing import Any

import numpy as np

from lessons_lib.experiments.data import ENDGAME_DATA
from lessons_lib.games.shologuti.endgame_cache import CACHED_MATERIAL, DIGESTS, digest_of, swapped_colours
from lessons_lib.games.shologuti.endgame_index import class_size, index_of, material_of, parts_at
from lessons_lib.games.shologuti.endgame_solver import ABSENT, NO_DISTANCE, solve_tables
from lessons_lib.games.shologuti.position import Position
from lessons_lib.games.shologuti.rules import VARIANTS
from lessons_lib.learning.generations import csv_text
from lessons_lib.tooling.files import write_whole

COLUMNS = ("variant", "green", "red", "positions", "won", "drawn", "lost", "longest_win", "longest_position",
           "cursed", "longest_zeroing", "checked", "seconds", "peak_mb", "digest_recorded")


def consistent(tables: dict[tuple[int, int], Any], position: Position) -> bool:
    """Whether the position's value and distance are what its children's give (retrograde analysis's rule)."""
    def entry(state: Position) -> tuple[int, int]:
        parts = (state.green, state.red, state.to_move, state.pending)
        values, distances, _ = tables[material_of(parts)]
        number = index_of(parts)
        return int(values[number]), int(distances[number])

    value, distance = entry(position)
    moves = position.legal_moves()
    if not moves:
        return (value, distance) == (-1, 0)
    children = []
    for move in moves:
        child = position.play(move)
        child_value, child_distance = entry(child)
        children.append((child_value if child.to_move == position.to_move else -child_value, child_distance))
    wins = [child_distance for child_value, child_distance in children if child_value == 1]
    if wins:
        return value == 1 and distance == min(min(wins) + 1, NO_DISTANCE - 1)
    if all(child_value == -1 for child_value, _ in children):
        return value == -1 and distance == min(max(child_distance for _, child_distance in children) + 1,
                                               NO_DISTANCE - 1)
    return value == 0 and distance == NO_DISTANCE


def measure(task: tuple[str, int, int]) -> list[list[object]]:
    """One variant's rows (run in a fresh process, so that its peak memory is its own)."""
    variant, sample, seed = task
    started = time.perf_counter()
    tables = solve_tables([CACHED_MATERIAL[0]], VARIANTS[variant])
    tables[CACHED_MATERIAL[1]] = swapped_colours(tables[CACHED_MATERIAL[0]], CACHED_MATERIAL[0])
    seconds = time.perf_counter() - started
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    tables = solve_tables([(1, 3)], VARIANTS[variant], known=tables)  # what two against three's captures reach
    recorded = digest_of(tables) == DIGESTS[variant]
    rng = random.Random(seed)
    rows: list[list[object]] = []
    for material in CACHED_MATERIAL:
        values, distances, zeroing = tables[material]
        present = values != ABSENT
        won = values == 1
        longest = int(np.where(won, distances, 0).argmax())
        checked = 0
        while checked < sample:
            number = rng.randrange(class_size(material))
            if values[number] == ABSENT:
                continue
            position = Position(*parts_at(material, number), rules=VARIANTS[variant])
            assert consistent(tables, position), f"{variant}: {position} is not what its children give"
            checked += 1
        rows.append([variant, *material, int(present.sum()), int(won.sum()), int((values == 0).sum()),
                     int((values == -1).sum()), int(distances[longest]),
                     str(Position(*parts_at(material, longest), rules=VARIANTS[variant])),
                     int((won & (zeroing == NO_DISTANCE)).sum()), int(zeroing[present & (zeroing != NO_DISTANCE)].max()),
                     checked, round(seconds), round(peak_mb), "yes" if recorded else "no"])
    print(f"{variant}: digest {digest_of(tables)} ({'the one recorded' if recorded else 'NOT the one recorded'})",
          flush=True)
    return rows


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", choices=sorted(VARIANTS), help="one variant (default: all three)")
    parser.add_argument("--sample", type=int, default=2000, help="positions a class checked against the engine")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path, default=ENDGAME_DATA / "three_against_two.csv")
    args = parser.parse_args(argv)
    rows: list[list[object]] = []
    for variant in [args.variant] if args.variant else list(VARIANTS):
        with ProcessPoolExecutor(1, mp_context=get_context("spawn")) as pool:  # a fresh process: its own peak
            found = pool.submit(measure, (variant, args.sample, args.seed)).result()
        for row in found:
            print("  " + ", ".join(f"{column} {value}" for column, value in zip(COLUMNS[1:], row[1:])), flush=True)
        rows.extend(found)
    write_whole(args.out, csv_text(COLUMNS, rows))
    print(f"written to {args.out}", file=sys.stderr)


if __name__ == "__main__":
    main()
