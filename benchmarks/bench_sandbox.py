"""What the sandbox costs: starting a student's agent and answering a move, in each mode this machine has.

Run: ``python benchmarks/bench_sandbox.py`` (``--starts N`` to change the number of sandboxes started).

For each mode (``bubblewrap`` where it works here, and ``process``, the fallback), it
starts N sandboxes of a trivial agent (the first legal move) one after another and
reports the median seconds from start to the first move, then the median seconds a
move once the agent is running (the round trip through the sandbox, with the
agent held stopped between moves).
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
from pathlib import Path

from lessons_lib.arena import isolation
from lessons_lib.arena.sandbox import SandboxedAgent, SandboxLimits
from lessons_lib.games.shologuti.position import Position

FIRST_MOVE = "class A:\n    def choose_move(self, state):\n        return state.legal_moves()[0]\n\n\n" \
             "def make_agent():\n    return A()\n"


def measure(mode: str, agent: Path, starts: int, moves: int) -> tuple[float, float]:
    """Median seconds to the first move of a new sandbox, and median seconds a later move."""
    os.environ[isolation.SANDBOX_VARIABLE] = mode
    isolation.sandbox_mode.cache_clear()
    position = Position.start()
    first, later = [], []
    for _ in range(starts):
        with SandboxedAgent(agent, SandboxLimits(seconds_per_move=30.0)) as sandbox:
            started = time.perf_counter()
            sandbox.choose_move(position)
            first.append(time.perf_counter() - started)
            for _ in range(moves):
                started = time.perf_counter()
                sandbox.choose_move(position)
                later.append(time.perf_counter() - started)
    return statistics.median(first), statistics.median(later)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--starts", type=int, default=10, help="sandboxes started in each mode (default 10)")
    parser.add_argument("--moves", type=int, default=20, help="moves asked of each one after the first (default 20)")
    args = parser.parse_args()
    modes = [isolation.PROCESS]
    if isolation.bubblewrap_problem() is None:
        modes.insert(0, isolation.BUBBLEWRAP)
    else:
        print(f"bubblewrap: not measured ({isolation.bubblewrap_problem()})")
    with tempfile.TemporaryDirectory() as folder:
        agent = Path(folder, "first_move.py")
        agent.write_text(FIRST_MOVE)
        for mode in modes:
            start, move = measure(mode, agent, args.starts, args.moves)
            print(f"{mode:<11} start to first move {start * 1000:7.1f} ms   later move {move * 1000:6.1f} ms "
                  f"(medians of {args.starts} sandboxes, {args.starts * args.moves} moves)")


if __name__ == "__main__":
    main()
