"""The compiled modules against their Python source, side by side: ``python benchmarks/bench_compiled.py``.

For every game: perft from the start, random playouts, alpha-beta's nodes a second, negamax to a
fixed depth, MCTS iterations a second and PUCT iterations a second, each measured once with the compiled modules and once
with the source (a second process with ``SHOLOGUTI_PURE_PYTHON=1``), as the best of a few runs,
with the ratio. ``--quick`` runs each figure once. PUCT (lesson 11) is measured with a policy and value that weigh the
game's features as its learned evaluation does. The compiled modules must be built first
(``python run.py build``).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import subprocess
import sys
import time
from typing import Any

from bench_games import MIDGAME_PLIES, best_of  # the script beside this one
from lessons_lib.tooling import compiled
from lessons_lib.agents import AlphaBetaAgent, MCTSAgent, NegamaxAgent
from lessons_lib.games import GAMES
from lessons_lib.games.shologuti.rules import TRADITIONAL
from lessons_lib.kit.perft import perft
from lessons_lib.games.common.learned import load_learned_weights
from lessons_lib.learning.policy_value import Model

SETTINGS = {  # perft depth, alpha-beta depth, negamax depth, MCTS iterations: each about a second or more in Python
    "shologuti": (6, 5, 7, 1000),
    "baghchal": (5, 5, 7, 1000),
    "hus": (4, 4, 6, 300),
    "shobu": (2, 2, 3, 100),
}


def midgame(name: str) -> Any:
    position, rng = GAMES[name].start(), random.Random(2)
    for _ in range(MIDGAME_PLIES):  # a seeded random opening, so that the searches meet a real fight
        position = position.play(rng.choice(position.legal_moves()))
    return position


def measure(repeats: int) -> dict[str, dict[str, float]]:
    """Every figure, in this process's mode: seconds (lower is better) or a rate (higher is better)."""
    return {GAMES[name].title: measure_game(name, repeats) for name in GAMES}


def measure_game(name: str, repeats: int) -> dict[str, float]:
    game = GAMES[name]
    perft_depth, alphabeta_depth, negamax_depth, iterations = SETTINGS[name]
    start, middle = game.start(), midgame(name)
    rows: dict[str, float] = {}
    counted = start.with_rules(TRADITIONAL) if name == "shologuti" else start  # forced, Shologuti's tree is tiny
    label = ", traditional" if name == "shologuti" else ""
    rows[f"perft {perft_depth}{label} (s)"] = best_of(repeats, lambda: perft(counted, perft_depth))
    plies, rng, began = 0, random.Random(1), time.perf_counter()
    while time.perf_counter() - began < 1.0:
        plies += start.random_playout(rng)[1]
    rows["random playouts (plies/s)"] = plies / (time.perf_counter() - began)
    nodes = AlphaBetaAgent(alphabeta_depth, game.evaluate).search(middle).nodes
    seconds = best_of(repeats, lambda: AlphaBetaAgent(alphabeta_depth, game.evaluate).search(middle))
    rows[f"alpha-beta {alphabeta_depth} (nodes/s)"] = nodes / seconds
    rows[f"negamax {negamax_depth} (s)"] = best_of(
        repeats, lambda: NegamaxAgent(negamax_depth, evaluate=game.evaluate).search(middle))
    seconds = best_of(repeats, lambda: MCTSAgent(iterations, seed=1).search(middle))
    rows["MCTS (iterations/s)"] = iterations / seconds
    model = guiding_model(name)
    seconds = best_of(repeats, lambda: MCTSAgent(iterations, guide=model.guide, seed=1)
                      .search(middle))
    rows["PUCT, policy and value (iterations/s)"] = iterations / seconds
    return rows


def guiding_model(name: str) -> Model:
    """A policy and value for PUCT (lesson 11) that weigh the game's features as its learned evaluation does."""
    weights = load_learned_weights(name, GAMES[name].engine.feature_names) or (0.0,) * len(
        GAMES[name].engine.feature_names)
    return Model(name, weights, weights)


def in_mode(pure: bool, repeats: int) -> tuple[str, dict[str, dict[str, float]]]:
    """The figures measured in a process of its own, compiled or from the source."""
    environment = {**os.environ, compiled.PURE_VARIABLE: "1" if pure else "0"}
    run = subprocess.run([sys.executable, __file__, "--measure", str(repeats)], capture_output=True, text=True,
                         env=environment, check=True)
    answer = json.loads(run.stdout)
    return answer["mode"], answer["figures"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="each figure once, not the best of three")
    parser.add_argument("--measure", type=int, help=argparse.SUPPRESS)  # the child process's part
    args = parser.parse_args()
    if args.measure:
        print(json.dumps({"mode": compiled.mode(), "figures": measure(args.measure)}))
        return
    repeats = 1 if args.quick else 3
    fast_mode, fast = in_mode(False, repeats)
    if fast_mode != "compiled":
        sys.exit("The modules are not compiled here: run `python run.py build` first (it needs a C compiler).")
    _, slow = in_mode(True, repeats)
    print(f"Python {platform.python_version()} on {platform.machine()}, {platform.system()}, "
          f"{os.cpu_count()} cores; best of {repeats}")
    width = max(len(figure) for rows in fast.values() for figure in rows)
    print(f"{'':{width + 2}}{'compiled':>12}{'source':>12}{'ratio':>8}")
    for game, rows in fast.items():
        print(game)
        for figure, value in rows.items():
            other = slow[game][figure]
            ratio = other / value if figure.endswith("(s)") else value / other
            print(f"  {figure:{width}}{value:>12,.3f}{other:>12,.3f}{ratio:>7.1f}x" if figure.endswith("(s)") else
                  f"  {figure:{width}}{value:>12,.0f}{other:>12,.0f}{ratio:>7.1f}x")


if __name__ == "__main__":
    main()
