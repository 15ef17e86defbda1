"""A short seeded match: ``best`` at 0.5 s a move against alphabeta depth 4 and MCTS with 100 iterations.

Run: ``python benchmarks/strength_match.py [--openings N] [--seconds S]``. Each opening
(a few seeded random plies from the start) is played twice, once with each colour.
Prints each game and the score. Issue 3's 'done when': ``best`` wins both matches.
"""

from __future__ import annotations

import argparse
import random

from lessons_lib.agents import AlphaBetaAgent, MCTSAgent, best_agent
from lessons_lib.agents.base import Agent
from lessons_lib.agents.match import play_game
from lessons_lib.games.shologuti.rules import VARIANTS
from lessons_lib.games.shologuti.position import Position


def openings(count: int, seed: int, plies: int = 4) -> list[Position]:
    rng = random.Random(seed)
    starts = []
    for _ in range(count):
        position = Position.start(VARIANTS["forced"])
        for _ in range(plies):
            position = position.play(rng.choice(position.legal_moves()))
        starts.append(position)
    return starts


def play_match(hero: Agent, opponent: Agent, starts: list[Position]) -> float:
    points = 0.0
    for number, start in enumerate(starts, start=1):
        for hero_player in (0, 1):
            players = [hero, opponent] if hero_player == 0 else [opponent, hero]
            result = play_game(players, start, max_plies=300)
            score = result.outcome.score_for(hero_player)
            points += score
            print(f"  opening {number}, {hero.describe()} as {'Green' if hero_player == 0 else 'Red'}: "
                  f"{score:g} ({result.outcome.reason}, {len(result.moves)} plies)", flush=True)
    return points


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--openings", type=int, default=2)
    parser.add_argument("--seconds", type=float, default=0.5)
    args = parser.parse_args()
    starts = openings(args.openings, seed=2026)
    for opponent in (AlphaBetaAgent(4), MCTSAgent(100, seed=1)):
        hero = best_agent(args.seconds)
        print(f"{hero.describe()} against {opponent.describe()}:")
        points = play_match(hero, opponent, starts)
        print(f"  score {points:g} of {2 * len(starts)}\n", flush=True)


if __name__ == "__main__":
    main()
