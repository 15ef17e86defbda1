"""AlphaZero in miniature at equal thinking time: ``python benchmarks/alphazero_match.py --game shologuti``.

The loop's last generation (read from ``data/alphazero/GAME_generations.json``, which
``python -m lessons_lib alphazero`` wrote, or from ``--data``) plays, at ``--seconds`` a move for both sides: MCTS
with rollouts, ``best``, and the loop's first generations (0, the blank model, and 1, the first fitted), or those
``--opponents`` names (``mcts,1``: MCTS and generation 1), from ``--openings``
seeded openings (four random plies, each to a different position) with both colours, every game to the end the
rules give. Prints each match's wins, draws and losses with the score's 95% interval
(``lessons_lib.arena.ratings.score_interval``) and writes them to ``data/alphazero/GAME_equal_time.csv`` (lesson
11 reads it), or to ``--out``; with ``--games-out`` also every game (its opening, colour, points, ending and
plies), so that two runs from the same openings can be compared game by game. Thinking time is wall-clock time:
run it on an otherwise idle machine.
"""

from __future__ import annotations

import argparse
import os
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from lessons_lib.arena.ratings import score_interval
from lessons_lib.games import GAMES
from lessons_lib.learning.self_play import Generation
from lessons_lib.learning.generations import (
    ALPHAZERO_DATA, csv_text, generation_name, exported_loop, match_schedule, opponent_name, play_rating_game,
)
from lessons_lib.tooling.files import write_whole


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="shologuti", choices=list(GAMES), help="the game (default shologuti)")
    parser.add_argument("--seconds", type=float, default=0.1, help="thinking time a move, both sides (default 0.1)")
    parser.add_argument("--openings", type=int, default=20, help="seeded openings, each played twice (default 20)")
    parser.add_argument("--data", type=Path, default=ALPHAZERO_DATA, help="the loop's exported files")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1, help="games played side by side")
    parser.add_argument("--out", type=Path, help="the CSV file to write (default: DATA/GAME_equal_time.csv)")
    parser.add_argument("--opponents", default="mcts,best,0,1",
                        help="comma-separated: mcts, best, and generation numbers (default mcts,best,0,1)")
    parser.add_argument("--games-out", type=Path, help="a CSV file to write every game to")
    args = parser.parse_args()
    try:
        settings, generations = exported_loop(args.game, args.data)
    except FileNotFoundError as error:
        parser.error(str(error))
    last = generations[-1]
    time = f"{args.seconds:g}s"
    opponents: list[str | Generation] = []
    for token in (part.strip() for part in args.opponents.split(",")):
        if token in ("mcts", "best"):
            opponents.append(f"{token}:{time}")
        elif token.isdigit() and int(token) < len(generations):
            opponents.append(generations[int(token)])
        else:
            parser.error(f"--opponents: {token!r} is not mcts, best or a generation from 0 to {len(generations) - 1}")
    tasks = match_schedule(last, opponents, settings, args.openings, seconds=args.seconds)
    with ProcessPoolExecutor(args.workers) as pool:
        games = list(pool.map(play_rating_game, tasks))
    rows = []
    for opponent in opponents:
        name = opponent_name(opponent)
        points = [game.points for game in games if game.opponent == name]
        wins, draws, losses = points.count(1.0), points.count(0.5), points.count(0.0)
        low, high = score_interval(wins, draws, losses)
        score = sum(points) / len(points)
        print(f"{generation_name(last.number)} v {name} at {time} a move: {wins} won, {draws} drawn, {losses} lost "
              f"of {len(points)}: score {score:.3f} (95%: {low:.3f} to {high:.3f})", flush=True)
        rows.append({"player": generation_name(last.number), "opponent": name, "seconds": args.seconds,
                     "games": len(points), "wins": wins, "draws": draws, "losses": losses, "score": round(score, 4),
                     "low": round(low, 4), "high": round(high, 4)})
    table = args.out or args.data / f"{args.game}_equal_time.csv"
    table.parent.mkdir(parents=True, exist_ok=True)
    write_whole(table, csv_text(list(rows[0]), [list(row.values()) for row in rows]))
    print(f"written to {table}")
    if args.games_out:
        columns = ["player", "opponent", "opening", "colour", "points", "reason", "plies"]
        lines = [[getattr(game, column) for column in columns] for game in games]
        args.games_out.parent.mkdir(parents=True, exist_ok=True)
        write_whole(args.games_out, csv_text(columns, lines))
        print(f"every game written to {args.games_out}")


if __name__ == "__main__":
    main()
