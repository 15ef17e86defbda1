"""Counting wins for the mover against counting them for the root, on Shologuti positions with a clear best move.

Run: ``python benchmarks/mcts_perspective.py [--iterations 300 2000] [--positions 20]``.

Positions: seeded random play under the traditional rules, kept when alpha-beta
(depth 3 below each move) finds that the best move is worth at least a piece
more than the worst. For each MCTS variant it prints how often the move chosen
is within 2 points of alpha-beta's best. The root-perspective search (the Pygame project's)
assumes the opponent plays for the root player, so it falls for moves that only
work if the opponent blunders; the gap grows with the iterations.
"""

from __future__ import annotations

import argparse

from lessons_lib.agents import AlphaBetaAgent, MCTSAgent
from lessons_lib.games.shologuti.rules import TRADITIONAL
from lessons_lib.games.shologuti.samples import random_positions
from lessons_lib.games.shologuti.position import Position


def move_values(position: Position) -> dict[object, float]:
    """Each move's alpha-beta value (depth 3 below it) for the player to move."""
    values = {}
    for move in position.legal_moves():
        child = position.play(move)
        if not child.is_game_over():
            value = AlphaBetaAgent(3).search(child).value or 0.0
            values[move] = value if child.to_move == position.to_move else -value
    return values


def tactical_positions(count: int, seed: int = 3) -> list[tuple[Position, dict[object, float]]]:
    """Positions where the best move is worth at least a piece more than the worst, with the moves' values."""
    def is_tactical(position: Position) -> bool:
        values = move_values(position) if len(position.legal_moves()) >= 3 else {}
        return bool(values) and max(values.values()) - min(values.values()) >= 10

    positions = random_positions(TRADITIONAL, count, seed, plies=(6, 30), min_pieces=1, keep=is_tactical)
    return [(position, move_values(position)) for position in positions]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--iterations", type=int, nargs="+", default=[300, 2000])
    parser.add_argument("--positions", type=int, default=20)
    args = parser.parse_args()
    positions = tactical_positions(args.positions)
    print(f"{len(positions)} positions (traditional rules, captures-first rollouts); "
          "how often MCTS picks a move within 2 points of alpha-beta's best:")
    for iterations in args.iterations:
        scores = {}
        for perspective in ("mover", "root"):
            good = 0
            for position, values in positions:
                agent = MCTSAgent(iterations, seed=5, perspective=perspective, rollout="captures")
                good += values.get(agent.choose_move(position), -1e9) >= max(values.values()) - 2
            scores[perspective] = good
        print(f"  {iterations:>6} iterations: mover {scores['mover']:>2}, root {scores['root']:>2} "
              f"of {len(positions)}", flush=True)


if __name__ == "__main__":
    main()
