"""What each half of the learned model brings: ``python benchmarks/alphazero_ablation.py --game shologuti``.

Takes the loop's last generation (read from ``data/alphazero/GAME_generations.json``, or from ``--data``) and
plays four players against MCTS with rollouts at as many iterations (the loop's), from ``--openings`` seeded
openings with both colours, every game to the rules' end:

- ``policy and value``: the last generation as it is;
- ``policy alone``: its learned priors, with generation 0's value (½ for every unfinished position);
- ``value alone``: its learned value, with generation 0's priors (every move alike);
- ``neither``: generation 0, the blank model.

The four play the same games' openings with the same seeds, so they can be compared game by game. Prints each
record with the score's 95% interval and the sign test, and writes ``GAME_ablation.csv`` (one row a player) and
``GAME_ablation_games.csv`` (one row a game) under ``--data`` (or ``--out``). The budget is iterations, not time,
so the figures do not depend on the machine.
"""

from __future__ import annotations

import argparse
import os
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace
from pathlib import Path

from lessons_lib.arena.score_intervals import score_interval, sign_test
from lessons_lib.games import GAMES
from lessons_lib.learning.generations import (
    ALPHAZERO_DATA, csv_text, exported_loop, match_schedule, play_rating_game,
)
from lessons_lib.learning.policy_value import Model
from lessons_lib.tooling.files import write_whole

PLAYERS = ("policy and value", "policy alone", "value alone", "neither")
"""The four players, the whole model first."""

COLUMNS = ("game", "player", "generation", "opponent", "games", "wins", "draws", "losses", "score", "score_low",
           "score_high", "sign_test_p")
GAME_COLUMNS = ("player", "opponent", "opening", "colour", "points", "reason", "plies")


def ablated(model: Model, player: str) -> Model:
    """``model`` with the halves ``player`` does not keep put back to generation 0's: all weights 0."""
    blank_value = tuple(0.0 for _ in model.value_weights)
    blank_policy = tuple(0.0 for _ in model.policy_weights)
    keep_policy = player in ("policy and value", "policy alone")
    keep_value = player in ("policy and value", "value alone")
    return replace(model, value_weights=model.value_weights if keep_value else blank_value,
                   policy_weights=model.policy_weights if keep_policy else blank_policy)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="shologuti", choices=list(GAMES), help="the game (default shologuti)")
    parser.add_argument("--openings", type=int, default=20, help="seeded openings, each played twice (default 20)")
    parser.add_argument("--data", type=Path, default=ALPHAZERO_DATA, help="the loop's exported files")
    parser.add_argument("--out", type=Path, help="the folder to write to (default: --data)")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1, help="games played side by side")
    args = parser.parse_args()
    try:
        settings, generations = exported_loop(args.game, args.data)
    except FileNotFoundError as error:
        parser.error(str(error))
    last = generations[-1]
    if not isinstance(last.model, Model):
        parser.error("the ablation takes the features' linear model, not a network")
    opponent = f"mcts:{settings.iterations}"
    tasks = {player: match_schedule(replace(last, model=ablated(last.model, player)), [opponent], settings,
                                    args.openings) for player in PLAYERS}
    with ProcessPoolExecutor(args.workers) as pool:
        games = {player: list(pool.map(play_rating_game, tasks[player])) for player in PLAYERS}
    rows, game_rows = [], []
    for player in PLAYERS:
        points = [game.points for game in games[player]]
        wins, draws, losses = points.count(1.0), points.count(0.5), points.count(0.0)
        low, high = score_interval(wins, draws, losses)
        score = sum(points) / len(points)
        p = sign_test(wins, losses)
        print(f"{player} (generation {last.number}) v {opponent}: {wins} won, {draws} drawn, {losses} lost of "
              f"{len(points)}: score {score:.3f} (95%: {low:.3f} to {high:.3f}), sign test p = {p:.3g}", flush=True)
        rows.append([args.game, player, last.number, opponent, len(points), wins, draws, losses, round(score, 4),
                     round(low, 4), round(high, 4), round(p, 4)])
        game_rows += [[player, opponent, game.opening, game.colour, game.points, game.reason, game.plies]
                      for game in games[player]]
    folder = args.out or args.data
    folder.mkdir(parents=True, exist_ok=True)
    write_whole(folder / f"{args.game}_ablation.csv", csv_text(COLUMNS, rows))
    write_whole(folder / f"{args.game}_ablation_games.csv", csv_text(GAME_COLUMNS, game_rows))
    print(f"written to {folder / f'{args.game}_ablation.csv'} and {args.game}_ablation_games.csv")


if __name__ == "__main__":
    main()
