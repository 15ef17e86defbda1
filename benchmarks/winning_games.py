"""Does the strongest agent win its won games? ``python benchmarks/winning_games.py [--seconds 0.5]``.

Plays ``best`` (``--hero``) against the seed project's two players: ``alphabeta:4`` with the
material-and-mobility evaluation (the Pygame project's minimax, with pruning) and ``mcts-root:100``
(100 iterations, uniform random rollouts, wins backed up for the root's player, as the Pygame
project did). Each opponent meets it from the start and from ``--midgames`` seeded midgames
(seeded random plies from the start), once with each colour, and every game is played to the end
the rules give (Shologuti's draw clock ends every game). Prints each game, how it ended, and the
totals by opponent and by ending. ``best`` thinks for ``--seconds`` a move on the wall clock, so
its results can vary a little with the machine's load; the openings and MCTS are seeded.
"""

from __future__ import annotations

import argparse
import random
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from lessons_lib.agents import AlphaBetaAgent, make_agent
from lessons_lib.agents.base import Agent
from lessons_lib.agents.evaluation import game_evaluation
from lessons_lib.agents.match import play_game
from lessons_lib.games import GAMES
from lessons_lib.games.shologuti.evaluation import material_mobility_evaluation

MIDGAME_PLIES = 12
"""Random plies from the start that make a seeded midgame."""
OPPONENTS = ("alphabeta:4", "mcts-root:100")
SAFETY_PLIES = 100_000
"""Never reached: a Shologuti game ends within 32 captures of at most 100 quiet plies each."""


@dataclass(frozen=True)
class Game:
    hero: str
    own_evaluation: bool
    opponent: str
    start_name: str
    start_moves: tuple[str, ...]
    hero_player: int
    seed: int


def midgame_moves(seed: int, variant: str) -> tuple[str, ...]:
    """The moves of a seeded midgame: ``MIDGAME_PLIES`` random plies from the start (fewer if the game ends)."""
    rng, position, moves = random.Random(seed), GAMES["shologuti"].start(variant), []
    for _ in range(MIDGAME_PLIES):
        legal = position.legal_moves()
        if not legal or position.is_game_over():
            break
        move = rng.choice(legal)
        moves.append(str(move))
        position = position.play(move)
    return tuple(moves)


def opponent_agent(name: str, seed: int) -> Agent:
    if name.startswith("alphabeta:"):
        return AlphaBetaAgent(int(name.split(":")[1]), material_mobility_evaluation)
    return make_agent(name, seed=seed)


def play(game: Game, variant: str) -> tuple[Game, float, str, int]:
    """One game: the hero's score (1, 0.5, 0), how it ended and its length in plies."""
    position = GAMES["shologuti"].start(variant)
    for move in game.start_moves:
        position = position.play(move)
    evaluate = game_evaluation if game.own_evaluation else None
    hero, opponent = make_agent(game.hero, seed=game.seed, evaluate=evaluate), opponent_agent(game.opponent, game.seed)
    players = [hero, opponent] if game.hero_player == 0 else [opponent, hero]
    result = play_game(players, position, max_plies=SAFETY_PLIES)
    return game, result.outcome.score_for(game.hero_player), result.outcome.reason, len(result.moves)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hero", default="best", help="the agent on trial (default best)")
    parser.add_argument("--seconds", type=float, default=0.5, help="the hero's seconds a move (default 0.5)")
    parser.add_argument("--own-evaluation", action="store_true",
                        help="the hero searches with the game's own evaluation (material and mobility), as best "
                             "did before it had a learned one")
    parser.add_argument("--midgames", type=int, default=3, help="seeded midgames besides the start (default 3)")
    parser.add_argument("--seed", type=int, default=2026, help="seed of the midgames and of MCTS (default 2026)")
    parser.add_argument("--variant", default="forced", help="Shologuti's rules (default forced)")
    parser.add_argument("--workers", type=int, default=2, help="games played at once (default 2)")
    args = parser.parse_args()
    hero = f"{args.hero}:{args.seconds}s" if ":" not in args.hero else args.hero
    starts = [("start", ())] + [(f"midgame {n}", midgame_moves(args.seed + n, args.variant))
                                for n in range(1, args.midgames + 1)]
    games = [Game(hero, args.own_evaluation, opponent, name, moves, hero_player, args.seed)
             for opponent in OPPONENTS for name, moves in starts for hero_player in (0, 1)]
    totals: dict[str, Counter[str]] = {opponent: Counter() for opponent in OPPONENTS}
    endings: Counter[str] = Counter()
    with ProcessPoolExecutor(args.workers) as pool:
        for game, score, reason, plies in pool.map(play, games, [args.variant] * len(games)):
            verdict = {1.0: "win", 0.5: "draw", 0.0: "loss"}[score]
            colour = "Green" if game.hero_player == 0 else "Red"
            print(f"{hero} as {colour} against {game.opponent}, {game.start_name}: {verdict} ({reason}, {plies} plies)",
                  flush=True)
            totals[game.opponent][verdict] += 1
            endings[f"{verdict} by {reason}"] += 1
    print()
    for opponent, counts in totals.items():
        print(f"against {opponent}: {counts['win']} wins, {counts['draw']} draws, {counts['loss']} losses")
    print("endings: " + ", ".join(f"{count} {ending}" for ending, count in sorted(endings.items())))


if __name__ == "__main__":
    main()
