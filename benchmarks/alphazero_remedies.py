"""What lets AlphaZero's value learn in a game of draws: ``python benchmarks/alphazero_remedies.py``.

Runs lesson 11's loop (:mod:`lessons_lib.learning.generations`) once for each remedy, every run with the same seed
and the same self-play budget (``--generations`` generations of ``--games`` games at ``--iterations`` PUCT
iterations a move), and changing one setting of the plain loop (the result as the value's target, a window of two
generations):

- ``plain``: the loop as AlphaZero's, which the draws defeat;
- ``longer window``: each fit reads every generation so far (``--window 6``);
- ``mixed target``: the value fitted to the mean of the result and the search's value at the root;
- ``search in draws``: the result where the game was won, the root's value where it was drawn;
- ``clock inputs``: the value also reads the draw clock (its inputs ``f`` and ``s·f``);
- ``clock and mixed``: the two together;
- ``board network``: the policy and value as two networks of 32 hidden units that read the board alone
  (:mod:`lessons_lib.learning.network`).

For each generation: the share of its self-play games drawn, its value's largest weight (on the features alone)
and log loss. For each run's last generation: a match against MCTS with rollouts at as many iterations, from
``--openings`` seeded openings with both colours, every game to the rules' end, with the score's 95% interval.
Writes ``GAME_remedies.csv`` (one row a run) and ``GAME_remedies_generations.csv`` (one row a generation) under
``data/alphazero`` (or ``--out``), keeping the rows of the runs not played this time. The loops are kept in ``--work`` (a folder of SQLite files): run again, it goes
on where it stopped. The budget is games and iterations, not time, so the figures do not depend on the machine.
"""

from __future__ import annotations

import argparse
import csv
import os
import sys
import time
from dataclasses import replace
from pathlib import Path

from lessons_lib.arena.score_intervals import score_interval, sign_test
from lessons_lib.cli.alphazero import mapper
from lessons_lib.games import GAMES
from lessons_lib.learning.generations import (
    ALPHAZERO_DATA, LoopStore, csv_text, match_schedule, play_rating_game, run_generations,
)
from lessons_lib.learning.network import NetworkModel
from lessons_lib.learning.self_play import LoopSettings
from lessons_lib.tooling.files import write_whole

REMEDIES: dict[str, dict[str, object]] = {
    "plain": {},
    "longer window": {"window": 6},
    "mixed target": {"value_target": "mixed"},
    "search in draws": {"value_target": "search in draws"},
    "clock inputs": {"clock_inputs": True},
    "clock and mixed": {"clock_inputs": True, "value_target": "mixed"},
    "board network": {"network": 32},
}
"""Each run's change to the plain loop's settings."""

RUN_COLUMNS = ("game", "remedy", "generations", "games", "iterations", "opponent", "match_games", "wins", "draws",
               "losses", "score", "score_low", "score_high", "sign_test_p", "self_play_seconds")
GENERATION_COLUMNS = ("game", "remedy", "generation", "self_play_games", "drawn", "largest_value_weight",
                      "value_log_loss")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="shologuti", choices=list(GAMES), help="the game (default shologuti)")
    parser.add_argument("--generations", type=int, default=5, help="generations a run (default 5)")
    parser.add_argument("--games", type=int, default=40, help="self-play games a generation (default 40)")
    parser.add_argument("--iterations", type=int, default=100, help="PUCT iterations a move (default 100)")
    parser.add_argument("--openings", type=int, default=20, help="match openings, each played twice (default 20)")
    parser.add_argument("--remedies", default=",".join(REMEDIES), help="the runs, comma-separated (default all)")
    parser.add_argument("--seed", type=int, default=0, help="every run's seed (default 0)")
    parser.add_argument("--work", type=Path, default=Path("alphazero_remedies"), help="where the loops are kept")
    parser.add_argument("--out", type=Path, default=ALPHAZERO_DATA, help="where to write the two tables")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1, help="games played side by side")
    args = parser.parse_args()
    names = [name.strip() for name in args.remedies.split(",")]
    unknown = [name for name in names if name not in REMEDIES]
    if unknown:
        parser.error(f"no remedy called {unknown[0]!r}: choose from {', '.join(REMEDIES)}")
    if any(REMEDIES[name].get("clock_inputs") for name in names) and GAMES[args.game].engine.clock_share is None:
        parser.error(f"{GAMES[args.game].title} has no draw clock: leave out the clock remedies")
    args.work.mkdir(parents=True, exist_ok=True)
    plain = LoopSettings(game=args.game, iterations=args.iterations, games=args.games, seed=args.seed)
    runs, generation_rows = [], []
    with mapper(args.workers) as play:
        for name in names:
            settings = replace(plain, **REMEDIES[name])  # type: ignore[arg-type]
            store = LoopStore(args.work / f"{args.game}_{name.replace(' ', '_')}.sqlite", settings)
            started = time.perf_counter()
            generations = run_generations(store, args.generations, play=play)
            seconds = sum(game.seconds for game in store.games())
            for generation in generations:
                played = store.games(generation.number, generation.number)
                model = generation.model
                largest = ("" if isinstance(model, NetworkModel) else  # the features' weights, not the clock's
                           round(max(abs(w) for w in model.value_weights[: len(GAMES[args.game].engine.feature_names)]), 4))
                generation_rows.append([args.game, name, generation.number, len(played),
                                        sum(game.winner is None for game in played), largest,
                                        "" if generation.value_log_loss is None else round(generation.value_log_loss, 4)])
                print(f"{name}: generation {generation.number}: {generation_rows[-1][4]} of {len(played)} self-play "
                      f"games drawn, largest value weight {generation_rows[-1][5]}, log loss {generation_rows[-1][6]}",
                      flush=True)
            opponent = f"mcts:{args.iterations}"
            tasks = match_schedule(generations[-1], [opponent], settings, args.openings)
            points = [game.points for game in play(play_rating_game, tasks)]
            store.close()
            wins, draws, losses = points.count(1.0), points.count(0.5), points.count(0.0)
            low, high = score_interval(wins, draws, losses)
            p_value = sign_test(wins, losses)
            print(f"{name}: generation {generations[-1].number} v {opponent}: {wins}-{draws}-{losses}, score "
                  f"{sum(points) / len(points):.3f} (95%: {low:.3f} to {high:.3f}), sign test p = {p_value:.3g}; "
                  f"{time.perf_counter() - started:.0f} s", flush=True)
            runs.append([args.game, name, args.generations, args.games, args.iterations, opponent, len(points), wins,
                         draws, losses, round(sum(points) / len(points), 4), round(low, 4), round(high, 4),
                         round(p_value, 6), round(seconds, 1)])
    args.out.mkdir(parents=True, exist_ok=True)
    for table, columns, rows in ((f"{args.game}_remedies.csv", RUN_COLUMNS, runs),
                                 (f"{args.game}_remedies_generations.csv", GENERATION_COLUMNS, generation_rows)):
        kept = [] if not (args.out / table).exists() else [
            [row[column] for column in columns] for row in csv.DictReader(open(args.out / table, newline=""))
            if row["remedy"] not in names]
        order = list(REMEDIES)
        merged = sorted(kept + [[str(value) for value in row] for row in rows],
                        key=lambda row: (order.index(row[1]) if row[1] in order else len(order), row[1]))
        write_whole(args.out / table, csv_text(columns, merged))
    print(f"written to {args.out}")


if __name__ == "__main__":
    sys.exit(main())
