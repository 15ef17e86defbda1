"""What the sandbox costs, and what leaks between an agent's moves, in each mode this machine has.

Run: ``python benchmarks/bench_sandbox.py`` (``--starts N`` to change the number of sandboxes started).

For each mode (``bubblewrap`` where it works here, and ``process``, the plain processes), it

- starts N sandboxes of a trivial agent (the first legal move) one after another and reports
  the median seconds from start to the first move, then the median seconds a move once the
  agent is running (the round trip through the sandbox and its referee, with the agent held
  stopped between moves);
- measures what an agent whose helpers replace themselves every few hundred microseconds
  still computes while it should be stopped (the opponent's time): the processor seconds its
  processes use in each second the arena waits after its answer, over ``--pauses`` pauses
  (inside bubblewrap the referee stops the whole namespace at once; as plain processes it
  sweeps them with signals, which such helpers can outrun).
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
from pathlib import Path

from lessons_lib.arena.sandbox import SandboxedAgent, SandboxLimits
from lessons_lib.games.shologuti.position import Position
from lessons_lib.sandbox import isolation
from lessons_lib.sandbox.probe import REFORKING_HELPERS, probe_process

FIRST_MOVE = "class A:\n    def choose_move(self, state):\n        return state.legal_moves()[0]\n\n\n" \
             "def make_agent():\n    return A()\n"
def use_mode(mode: str) -> None:
    os.environ[isolation.SANDBOX_VARIABLE] = mode
    isolation.sandbox_mode.cache_clear()


def measure(agent: Path, starts: int, moves: int) -> tuple[float, float]:
    """Median seconds to the first move of a new sandbox, and median seconds a later move."""
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


def leaked(pauses: int) -> tuple[list[float], str]:
    """Processor seconds the re-forking helpers use in each second the arena waits after the agent's answer, and
    how the sandbox ended (``held`` if it held to the end)."""
    leaks: list[float] = []
    ending = "held"
    with probe_process(REFORKING_HELPERS, hold=True, processes=64) as process:
        for _ in range(pauses):
            process.send("observe", 60)
            message = process.receive(timeout=120)
            if message is None or message.kind != "answer":
                ending = f"ended: {message.kind if message else 'no answer'} {message.text if message else ''}"
                break
            before = process.processor_seconds()
            time.sleep(1.0)
            leaks.append(process.processor_seconds() - before)
    return leaks, ending


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--starts", type=int, default=10, help="sandboxes started in each mode (default 10)")
    parser.add_argument("--moves", type=int, default=20, help="moves asked of each one after the first (default 20)")
    parser.add_argument("--pauses", type=int, default=10, help="one-second pauses measured for leaks (default 10)")
    args = parser.parse_args()
    modes = [isolation.PROCESS]
    if isolation.bubblewrap_problem() is None:
        modes.insert(0, isolation.BUBBLEWRAP)
    else:
        print(f"bubblewrap: not measured ({isolation.bubblewrap_problem()})")
    from lessons_lib.sandbox import cgroups

    print(f"control groups: {'made for each sandbox' if cgroups.available() else 'not available (not root?)'}")
    with tempfile.TemporaryDirectory() as folder:
        agent = Path(folder, "first_move.py")
        agent.write_text(FIRST_MOVE)
        for mode in modes:
            use_mode(mode)
            start, move = measure(agent, args.starts, args.moves)
            print(f"{mode:<11} start to first move {start * 1000:7.1f} ms   later move {move * 1000:6.1f} ms "
                  f"(medians of {args.starts} sandboxes, {args.starts * args.moves} moves)")
            leaks, ending = leaked(args.pauses)
            shown = ", ".join(f"{leak:.3f}" for leak in leaks)
            print(f"{mode:<11} re-forking helpers, processor seconds used in each second they should be stopped: "
                  f"{shown} (max {max(leaks, default=0):.3f}; {ending})")


if __name__ == "__main__":
    main()
