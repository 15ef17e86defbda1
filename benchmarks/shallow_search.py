"""Why shallow searches lose to a random player: depth, quiet leaves and the evaluation, each against random.

Run: ``python benchmarks/shallow_search.py [--openings 20] [--workers 2] [--out data/experiments/shallow_search.csv]``.

Every player meets ``random`` from ``--openings`` seeded openings (four random plies), once with each colour, every
game played to the end the rules give (forced captures, the draw clock). The players cross three things:
- the depth, 1 to 4 plies;
- the leaves: alpha-beta evaluates the position it stops at (``alphabeta``), or quiescence search plays on the
  captures first (``quiescence``: negamax with quiescence, at a fixed depth);
- the evaluation: ``material-mobility`` (10 × material + mobility + chain bonus, the Pygame project's) or
  ``material`` (material alone);
- the rules: ``forced`` (a capture must be taken) for every player, and ``traditional`` (captures optional) for
  alpha-beta with material and mobility, the control for what forced captures do to a mobility count.

It prints a Markdown table and writes one CSV row per player: wins, draws and losses against random, the score and
its 95% interval (``score_interval``: exact bounds on the win rate and the loss rate, joined).
"""

from __future__ import annotations

import argparse
import csv
import random
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from lessons_lib.agents.alphabeta import AlphaBetaAgent
from lessons_lib.agents.base import Agent
from lessons_lib.agents.match import play_game
from lessons_lib.agents.negamax import NegamaxAgent
from lessons_lib.agents.simple import RandomAgent
from lessons_lib.arena.games import opening_suite
from lessons_lib.arena.ratings import score_interval
from lessons_lib.games.shologuti.evaluation import material_evaluation, material_mobility_evaluation
from lessons_lib.games.shologuti.position import Position
from lessons_lib.games.shologuti.rules import VARIANTS

EVALUATIONS = {"material-mobility": material_mobility_evaluation, "material": material_evaluation}
LEAVES = ("alphabeta", "quiescence")
DEPTHS = (1, 2, 3, 4)


def player(leaves: str, depth: int, evaluation: str) -> Agent:
    """The player a row of the table is about."""
    evaluate = EVALUATIONS[evaluation]
    if leaves == "alphabeta":
        return AlphaBetaAgent(depth, evaluate)
    return NegamaxAgent(depth, None, evaluate, quiescence=True)


def match(leaves: str, depth: int, evaluation: str, variant: str, openings: int) -> dict[str, object]:
    """The player against random from ``openings`` openings under ``variant``'s rules, both colours; its row."""
    wins = draws = losses = plies = 0
    for number, opening in enumerate(opening_suite(openings, 0, 4, variant, "shologuti")):
        start = Position.start(VARIANTS[variant])
        for move in opening:
            start = start.play(move)
        for colour in (0, 1):
            ours, theirs = player(leaves, depth, evaluation), RandomAgent(random.Random(f"{number}-{colour}")
                                                                             .randrange(2**31))
            result = play_game((ours, theirs) if colour == 0 else (theirs, ours), start)
            points = result.outcome.score_for(colour)
            wins, draws, losses = wins + (points == 1), draws + (points == 0.5), losses + (points == 0)
            plies += len(result.moves)
    games = wins + draws + losses
    low, high = score_interval(wins, draws, losses)
    return {"leaves": leaves, "depth": depth, "evaluation": evaluation, "rules": variant, "wins": wins, "draws": draws,
            "losses": losses, "score": round((wins + draws / 2) / games, 4), "low": round(low, 4),
            "high": round(high, 4), "mean_plies": round(plies / games, 1)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--openings", type=int, default=20)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--out", type=Path, default=None, help="CSV file to write (default: print only)")
    options = parser.parse_args()
    jobs = [(leaves, depth, evaluation, "forced") for evaluation in EVALUATIONS for leaves in LEAVES for depth in DEPTHS]
    jobs += [("alphabeta", depth, "material-mobility", "traditional") for depth in DEPTHS]
    with ProcessPoolExecutor(options.workers) as pool:
        rows = list(pool.map(match, *zip(*jobs), [options.openings] * len(jobs)))
    print("| leaves | depth | evaluation | rules | won-drawn-lost | score (95% interval) | plies a game |")
    print("|---|--:|---|---|--:|--:|--:|")
    for row in rows:
        print(f"| {row['leaves']} | {row['depth']} | {row['evaluation']} | {row['rules']} | "
              f"{row['wins']}-{row['draws']}-{row['losses']}"
              f" | {row['score']:.0%} ({row['low']:.0%}–{row['high']:.0%}) | {row['mean_plies']} |")
    if options.out:
        with open(options.out, "w", newline="", encoding="utf-8") as file:
            writer = csv.DictWriter(file, fieldnames=list(rows[0]))
            writer.writeheader()
            writer.writerows(rows)


if __name__ == "__main__":
    main()
