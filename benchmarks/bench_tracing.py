"""What the observer hooks cost when no observer is given.

Every search calls its observer only behind ``if trace is not None:``. This script
builds a copy of ``alphabeta`` with those statements removed (from its source, with
``ast``) and times both on the same positions, so the difference is the hooks' cost.

Run: ``python benchmarks/bench_tracing.py``. Target (issue 3): a few per cent at most.
"""

from __future__ import annotations

import ast
import inspect
import sys
import textwrap
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))

from bench_agents import midgame_positions  # noqa: E402

from lessons_lib.agents import alphabeta as alphabeta_module  # noqa: E402
from lessons_lib.agents.context import INFINITY, SearchContext  # noqa: E402
from lessons_lib.games.shologuti.evaluation import material_mobility_evaluation  # noqa: E402
from lessons_lib.games.shologuti.rules import VARIANTS  # noqa: E402


class _RemoveTraceHooks(ast.NodeTransformer):
    def visit_If(self, node: ast.If) -> Any:  # noqa: N802 (the ast API's name)
        test = ast.unparse(node.test)
        if test == "trace is not None":
            return None
        self.generic_visit(node)
        return node


def recompiled_alphabeta(remove_hooks: bool) -> Any:
    """``alphabeta`` compiled again from its source, with or without its ``if trace is not None:`` statements.

    Both versions are compiled the same way, so that only the hooks differ between them.
    """
    source = textwrap.dedent(inspect.getsource(alphabeta_module.alphabeta))
    tree = ast.parse(source)
    if remove_hooks:
        tree = _RemoveTraceHooks().visit(tree)
    name = "alphabeta_without_hooks" if remove_hooks else "alphabeta_with_hooks"
    tree.body[0].name = name
    for call in ast.walk(tree):
        if isinstance(call, ast.Call) and isinstance(call.func, ast.Name) and call.func.id == "alphabeta":
            call.func.id = name
    namespace = dict(vars(alphabeta_module))
    exec(compile(ast.fix_missing_locations(tree), f"<{name}>", "exec"), namespace)
    return namespace[name]


def best_time(search_function: Any, positions: list[Any], depth: int, repeats: int) -> tuple[float, int]:
    best, nodes = float("inf"), 0
    for _ in range(repeats):
        started = time.perf_counter()
        nodes = 0
        for position in positions:
            context = SearchContext(position.to_move, material_mobility_evaluation, depth)
            search_function(position, depth, -INFINITY, INFINITY, 0, context)
            nodes += context.nodes
        best = min(best, time.perf_counter() - started)
    return best, nodes


def opcodes_executed(search_function: Any, positions: list[Any], depth: int) -> int:
    """Python bytecode instructions executed by a search (in every Python function it calls).

    Unlike seconds, this count is the same on every run, whatever else the machine does.
    """
    count = 0

    def tracer(frame: Any, event: str, arg: Any) -> Any:
        nonlocal count
        frame.f_trace_opcodes = True
        if event == "opcode":
            count += 1
        return tracer

    sys.settrace(tracer)
    try:
        best_time(search_function, positions, depth, 1)
    finally:
        sys.settrace(None)
    return count


def main() -> None:
    positions = midgame_positions(VARIANTS["forced"], 10)
    with_hooks_function = recompiled_alphabeta(remove_hooks=False)
    without = recompiled_alphabeta(remove_hooks=True)
    with_hooks_seconds = without_seconds = float("inf")
    for _ in range(7):  # interleaved, so that a busy moment of the machine hits both alike
        seconds, nodes = best_time(with_hooks_function, positions, 5, 1)
        with_hooks_seconds = min(with_hooks_seconds, seconds)
        seconds, nodes_without = best_time(without, positions, 5, 1)
        without_seconds = min(without_seconds, seconds)
    assert nodes == nodes_without, "the two versions must search the same tree"
    overhead = 100 * (with_hooks_seconds / without_seconds - 1)
    print(f"alphabeta depth 5 on {len(positions)} positions, {nodes:,} nodes, best of 7 interleaved runs:")
    print(f"  with the hooks (no observer): {with_hooks_seconds:.3f} s")
    print(f"  hooks removed:                {without_seconds:.3f} s")
    print(f"  cost of the hooks:            {overhead:+.1f}% (wall time; noisy on a shared machine)")
    small = positions[:3]
    with_hooks = opcodes_executed(with_hooks_function, small, 4)
    hooks_removed = opcodes_executed(without, small, 4)
    print(f"  bytecodes executed at depth 4 on 3 positions: {with_hooks:,} with the hooks, "
          f"{hooks_removed:,} without: {100 * (with_hooks / hooks_removed - 1):+.1f}%")


if __name__ == "__main__":
    main()
