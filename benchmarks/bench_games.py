"""Every game's speed through the one game interface: perft, random playouts, alpha-beta and MCTS.

Run: ``python benchmarks/bench_games.py`` (``--quick`` for a short run, ``--game hus`` for one game).
Each figure is the best of a few repetitions (a shared machine's timings vary by tens of per cent).
The agents are the same code on every game; only the engines and evaluations differ, so the
figures show what each game's rules cost.
"""

from __future__ import annotations

import argparse
import platform
import random
import time
from collections.abc import Callable

from lessons_lib.agents import AlphaBetaAgent, MCTSAgent
from lessons_lib.kit.game import random_playout
from lessons_lib.games import GAMES, game_named
from lessons_lib.kit.perft import perft

MIDGAME_PLIES = 10
PERFT_SECONDS = 2.0
"""Perft goes one depth deeper while the last depth took less than this."""


def best_of(repeats: int, work: Callable[[], object]) -> float:
    """The shortest wall-clock time of ``repeats`` calls of ``work()``."""
    best = float("inf")
    for _ in range(repeats):
        started = time.perf_counter()
        work()
        best = min(best, time.perf_counter() - started)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer repetitions")
    parser.add_argument("--game", help=f"one of {', '.join(GAMES)} (default: all)")
    args = parser.parse_args()
    repeats = 1 if args.quick else 3
    games = [game_named(args.game)] if args.game else list(GAMES.values())
    print(f"Python {platform.python_version()} on {platform.machine()}, {platform.system()}; best of {repeats}")
    for game in games:
        start = game.start()
        print(f"\n{game.title}")
        depth = 1
        while True:
            count = perft(start, depth)
            seconds = best_of(repeats, lambda start=start, depth=depth: perft(start, depth))
            print(f"  perft {depth}: {count:>11,} leaves in {seconds:7.3f} s ({count / seconds:>9,.0f} leaves/s)")
            if seconds > PERFT_SECONDS / 8 or depth >= 6:
                break
            depth += 1
        plies = played = 0
        rng = random.Random(1)
        began = time.perf_counter()
        while time.perf_counter() - began < (0.5 if args.quick else 2.0):
            plies += random_playout(start, rng, 2000)[1]
            played += 1
        elapsed = time.perf_counter() - began
        print(f"  random playouts: {plies / elapsed:>9,.0f} plies/s, {played / elapsed:6.1f} games/s "
              f"({plies / played:.0f} plies a game)")
        midgame, opening = start, random.Random(2)
        for _ in range(MIDGAME_PLIES):  # a seeded random opening, so the searches meet a real fight
            midgame = midgame.play(opening.choice(midgame.legal_moves()))
        for search_depth in (2, 3, 4, 5):
            result = AlphaBetaAgent(search_depth, game.evaluate).search(midgame)
            print(f"  alphabeta:{search_depth} after {MIDGAME_PLIES} random plies: {result.nodes:>8,} nodes in "
                  f"{result.seconds:6.2f} s "
                  f"({result.nodes / result.seconds:>7,.0f} nodes/s)")
            if result.seconds > 3:
                break
        mcts = MCTSAgent(iterations=300, seed=1).search(midgame)
        print(f"  mcts:300 after {MIDGAME_PLIES} random plies: {300 / mcts.seconds:>7,.0f} iterations/s")


if __name__ == "__main__":
    main()
