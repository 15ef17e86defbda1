"""Engine speed: perft from the start position and random playouts.

Run: ``python benchmarks/bench_engine.py`` (add ``--quick`` for a short run).
Prints the figures; each is the best of several repetitions, because a shared
machine's timings vary by tens of per cent from run to run.

Targets (issue 2): perft 6 under the traditional rules (1,159,009 leaves) in
under 1.5 s; random playouts at 300,000 plies per second or more.
"""

from __future__ import annotations

import argparse
import platform
import random
import sys
import time

from lessons_lib.kit.game import random_playout
from lessons_lib.kit.perft import perft
from lessons_lib.games.shologuti.rules import VARIANTS
from lessons_lib.games.shologuti.position import Position


def best_perft_seconds(position: Position, depth: int, repeats: int) -> tuple[int, float]:
    best = float("inf")
    count = 0
    for _ in range(repeats):
        started = time.perf_counter()
        count = perft(position, depth)
        best = min(best, time.perf_counter() - started)
    return count, best


def playout_rate(variant: str, seconds: float, seed: int, fast: bool) -> tuple[float, int, int]:
    """Plies per second of random playouts from the start for ``seconds``; also games and plies.

    ``fast``: the engine's ``Position.random_playout``; otherwise the generic
    ``game.random_playout`` through ``legal_moves`` and ``play``.
    """
    rng = random.Random(seed)
    start = Position.start(VARIANTS[variant])
    plies = games = 0
    began = time.perf_counter()
    while time.perf_counter() - began < seconds:
        _, played = start.random_playout(rng) if fast else random_playout(start, rng)
        plies += played
        games += 1
    return plies / (time.perf_counter() - began), games, plies


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer repetitions")
    args = parser.parse_args()
    repeats = 2 if args.quick else 5
    print(f"Python {platform.python_version()} on {platform.machine()}, {platform.system()}")

    print("\nperft from the start position (best of", repeats, "runs)")
    for variant, depth in (("traditional", 6), ("forced", 6), ("continue", 5)):
        count, seconds = best_perft_seconds(Position.start(VARIANTS[variant]), depth, repeats)
        print(f"  {variant:<12} depth {depth}: {count:>9,} leaves in {seconds:6.3f} s ({count / seconds:>10,.0f} leaves/s)")

    for fast, title in ((True, "Position.random_playout (the engine's, for rollouts)"),
                        (False, "game.random_playout (legal_moves + play, any game)")):
        print(f"\nrandom playouts from the start with {title}, best of {repeats} one-second runs")
        for variant in VARIANTS:
            rate, games, plies = max(playout_rate(variant, 1.0, seed, fast) for seed in range(repeats))
            print(f"  {variant:<12} {rate:>10,.0f} plies/s  ({games} games, {plies / games:.0f} plies a game)")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
