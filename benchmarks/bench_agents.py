"""Agent speed on a fixed set of midgame positions, and the memory of a large MCTS tree.

Run: ``python benchmarks/bench_agents.py`` (``--quick`` for fewer positions and no memory test).

The positions: seeded random play from the start, 10 to 30 plies in, with at
least 6 pieces a side, under the forced rules (the default). Targets (issue 3):
alphabeta depth 5 under 0.1 s a position on average; negamax depth 7 under 1 s;
mcts with uniform rollouts at 3,000 iterations a second or more; an MCTS tree of
100,000 iterations in under 500 MB.
"""

from __future__ import annotations

import argparse
import gc
import resource
import sys
import time

from lessons_lib.agents import AlphaBetaAgent, MCTSAgent, NegamaxAgent
from lessons_lib.agents.base import Agent
from lessons_lib.games.shologuti.rules import VARIANTS, Rules
from lessons_lib.games.shologuti.samples import random_positions
from lessons_lib.games.shologuti.position import Position


def midgame_positions(rules: Rules, count: int, seed: int = 2026) -> list[Position]:
    """Seeded random play from the start, 10 to 30 plies in, at least 6 pieces a side."""
    return random_positions(rules, count, seed, plies=(10, 30), min_pieces=6)


def time_agent(agent: Agent, positions: list[Position]) -> tuple[float, float]:
    """Mean seconds a position, and mean nodes (iterations for MCTS) a position."""
    nodes = 0
    started = time.perf_counter()
    for position in positions:
        nodes += agent.search(position).nodes
    elapsed = time.perf_counter() - started
    return elapsed / len(positions), nodes / len(positions)


def peak_resident_megabytes() -> float:
    """The process's peak resident memory so far (Linux and macOS report it in different units)."""
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / 2**20 if sys.platform == "darwin" else peak / 2**10


def mcts_tree_memory(iterations: int) -> tuple[float, float, int]:
    """How much the process's peak memory grows (MB) during one MCTS search; its seconds; its tree's nodes."""
    position = midgame_positions(VARIANTS["forced"], 1, seed=7)[0]
    gc.collect()
    before = peak_resident_megabytes()
    started = time.perf_counter()
    root, search, _ = MCTSAgent(iterations, seed=1).build_tree(position)
    seconds = time.perf_counter() - started
    return peak_resident_megabytes() - before, seconds, search.tree_size


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer positions, no 100,000-iteration tree")
    parser.add_argument("--variant", default="forced", choices=list(VARIANTS))
    args = parser.parse_args()
    count = 5 if args.quick else 20
    positions = midgame_positions(VARIANTS[args.variant], count)
    print(f"{count} midgame positions, {args.variant} rules, Python {sys.version.split()[0]}")
    rows = [
        ("alphabeta depth 5", AlphaBetaAgent(5), "s", 0.1),
        ("negamax depth 7", NegamaxAgent(7), "s", 1.0),
        ("mcts 1000 iterations", MCTSAgent(1000, seed=1), "it/s", 3000.0),
    ]
    for label, agent, unit, target in rows:
        seconds, nodes = time_agent(agent, positions)
        if unit == "s":
            verdict = "meets" if seconds < target else "MISSES"
            print(f"  {label:<22} {seconds:7.3f} s a position  {nodes:9,.0f} nodes   ({verdict} the {target:g} s target)")
        else:
            rate = nodes / seconds
            verdict = "meets" if rate >= target else "MISSES"
            print(f"  {label:<22} {rate:7,.0f} iterations a second   ({verdict} the {target:,.0f} target)")
    if not args.quick:
        megabytes, seconds, nodes = mcts_tree_memory(100_000)
        verdict = "meets" if megabytes < 500 else "MISSES"
        print(f"  mcts tree of 100,000 iterations ({nodes:,} nodes, {seconds:.0f} s): the process grew by "
              f"{megabytes:,.0f} MB ({verdict} the 500 MB target); peak {peak_resident_megabytes():,.0f} MB in all")


if __name__ == "__main__":
    main()
