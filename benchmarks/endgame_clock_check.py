"""Every shipped endgame position at every clock against an exhaustive search with the clock in the state.

Run: ``python benchmarks/endgame_clock_check.py [--variant forced]`` (every variant if none is named; a few minutes
each on two cores). For each variant it solves every shipped class with the test suite's reference solver
(``tests/clock_reference.py``: the clock in the state, filled in from the limit down, no distances), compares the
value of every position of the tables at every clock from 0 to 100 with what the tables say (the value without the
clock where clock + zeroing distance is within the limit, a draw after), and prints a Markdown row a class:

- **pairs**: (position, clock) pairs compared; **wrong**: pairs where the tables and the search disagree;
- **beyond the old rule**: quiet positions' pairs won or lost although clock + distance passes the limit (where
  the tables used to say nothing);
- **wins drawn by the clock**: quiet positions' pairs below the limit, won without the clock, that the clock draws.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

from lessons_lib.games.shologuti.endgame_index import SHIPPED_MATERIAL, index_of
from lessons_lib.games.shologuti.endgame_table import NO_DISTANCE, shipped_table
from lessons_lib.games.shologuti.rules import DEFAULT_DRAW_PLIES, VARIANTS

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from clock_reference import solve_with_clock  # noqa: E402


def class_row(variant: str, material: tuple[int, int], keys: list[tuple[int, int, int, int]],
              searched: np.ndarray) -> dict[str, int]:
    """The figures of one class (see the module)."""
    values, distances, zeroing = shipped_table(variant)[material]
    indices = np.array([index_of(key) for key in keys])
    value = values[indices].astype(np.int64)
    held = value != 2  # the tables hold the chains quiet positions reach, not every pending piece
    value, distance, zero = value[held], distances[indices][held].astype(np.int64), zeroing[indices][held].astype(np.int64)
    searched = searched[:, held].astype(np.int64)
    quiet = np.array([key[3] == 0 for key in keys])[held]
    clocks = np.arange(DEFAULT_DRAW_PLIES + 1)[:, None]
    said = np.where((zero != NO_DISTANCE) & (clocks + zero <= DEFAULT_DRAW_PLIES), value, 0)
    if not quiet.all():  # in a chain the clock is 0; the engine builds no other pair
        searched, said = searched.copy(), said.copy()
        said[1:, ~quiet] = searched[1:, ~quiet] = 0
    return {"pairs": int(searched[:, quiet].size + (~quiet).sum()),
            "wrong": int((said != searched).sum()),
            "beyond": int(((searched != 0) & (clocks + distance > DEFAULT_DRAW_PLIES))[:, quiet].sum()),
            "drawn": int(((searched == 0) & (value == 1) & (clocks < DEFAULT_DRAW_PLIES))[:, quiet].sum())}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", choices=sorted(VARIANTS), help="one variant (all if none)")
    args = parser.parse_args()
    print("| variant | class | pairs | wrong | beyond the old rule | wins drawn by the clock |")
    print("|---|---|---|---|---|---|")
    for variant in [args.variant] if args.variant else list(VARIANTS):
        started = time.perf_counter()
        solved = solve_with_clock(list(SHIPPED_MATERIAL), VARIANTS[variant])
        for material in sorted(SHIPPED_MATERIAL, key=lambda pair: (sum(pair), pair)):
            row = class_row(variant, material, solved[material].keys, solved[material].values)
            print(f"| {variant} | {material[0]} against {material[1]} | {row['pairs']:,} | {row['wrong']:,} | "
                  f"{row['beyond']:,} | {row['drawn']:,} |", flush=True)
        print(f"<!-- {variant}: {time.perf_counter() - started:.0f} s -->", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
