"""Where the new lessons' work spends its time: ``python benchmarks/profile_hot_paths.py``.

Profiles four pieces of work with :mod:`cProfile` and prints, for each, the functions that took the most time of
their own:

- ``puct``: PUCT searching bench_compiled's Shologuti midgame, 2,000 iterations, guided by a trained generation of lesson 11's
  loop (``data/alphazero/mixed_and_clock``, generation 3), as self-play searches;
- ``self-play``: one self-play game of that loop, at its 100 iterations a move;
- ``rating``: one rating game of that generation against ``mcts:100`` (MCTS with random rollouts);
- ``solver``: lesson 12's solver building the shipped classes of one variant (two against two, three against
  one and one against three, and every class below them).

A compiled function is one line in a profile, whatever it calls, so by default the profiles run the Python
source (``SHOLOGUTI_PURE_PYTHON=1``), where every function shows; ``--compiled`` profiles what a user runs.
``--only NAME`` profiles one of the four; ``--lines N`` prints N functions each (12 by default).
"""

from __future__ import annotations

import argparse
import cProfile
import io
import os
import pstats
import subprocess
import sys
import time
from collections.abc import Callable

WORK = ("puct", "self-play", "rating", "solver")


def work(name: str) -> Callable[[], object]:
    """The piece of work called ``name``, ready to run (everything it needs is loaded first)."""
    from bench_compiled import midgame  # the script beside this one
    from lessons_lib.agents import MCTSAgent
    from lessons_lib.learning.generations import ALPHAZERO_DATA, exported_loop, match_schedule, play_rating_game
    from lessons_lib.learning.self_play import puct_guidance, self_play_game

    settings, generations = exported_loop("shologuti", ALPHAZERO_DATA / "mixed_and_clock")
    generation = generations[3]
    if name == "puct":
        position = midgame("shologuti")
        agent = MCTSAgent(2000, seed=1, **puct_guidance(generation.model))
        return lambda: agent.search(position)
    if name == "self-play":
        return lambda: self_play_game(generation.model, settings, 3, 0)
    if name == "rating":
        task = match_schedule(generation, ["mcts:100"], settings, 1)[0]
        return lambda: play_rating_game(task)
    from lessons_lib.games.shologuti.endgame_solver import solve_tables
    from lessons_lib.games.shologuti.rules import TRADITIONAL
    return lambda: solve_tables([(2, 2), (3, 1), (1, 3)], TRADITIONAL)


def profile(name: str, lines: int) -> str:
    """The profile of one piece of work, as text: its time, and its ``lines`` costliest functions."""
    ready = work(name)
    profiler = cProfile.Profile()
    began = time.perf_counter()
    profiler.enable()
    ready()
    profiler.disable()
    seconds = time.perf_counter() - began
    out = io.StringIO()
    stats = pstats.Stats(profiler, stream=out)
    stats.sort_stats("tottime").print_stats(lines)
    table = out.getvalue()
    table = table[table.index("   ncalls"):].replace(os.getcwd() + os.sep, "")
    return f"{name}: {seconds:.2f} s under the profiler\n{table}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--compiled", action="store_true", help="profile the compiled modules, not the source")
    parser.add_argument("--only", choices=WORK, help="profile one piece of work")
    parser.add_argument("--lines", type=int, default=12, help="functions shown a profile (default 12)")
    parser.add_argument("--here", action="store_true", help=argparse.SUPPRESS)  # the child process's part
    args = parser.parse_args()
    if not args.here:
        from lessons_lib.tooling import compiled
        environment = {**os.environ, compiled.PURE_VARIABLE: "0" if args.compiled else "1"}
        child = [sys.executable, __file__, "--here", "--lines", str(args.lines), *(["--only", args.only] if args.only
                                                                                  else [])]
        sys.exit(subprocess.run(child, env=environment).returncode)
    from lessons_lib.tooling import compiled
    print(f"Profiles of the {compiled.mode()} code")
    for name in [args.only] if args.only else WORK:
        print(profile(name, args.lines))


if __name__ == "__main__":
    main()
