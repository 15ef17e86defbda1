"""A game's learned evaluation against its own, at equal depth: ``python benchmarks/learned_evaluation_match.py [--game G]``.

Alpha-beta with the game's learned evaluation plays alpha-beta with the game's own evaluation (for
Shologuti, the Pygame project's material and mobility) at the same depth, from ``--openings`` seeded
openings (four random plies), each once with each colour, every game to the end the rules give.
Prints each depth's wins, draws and losses with the score's 95% interval (the normal interval of
the games' mean score, a draw counting ½: see ``lessons_lib.arena.ratings.score_interval``) and
writes them to ``data/learning/GAME_match.csv`` (lesson 10 reads Shologuti's).
"""

from __future__ import annotations

import argparse
import csv
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from lessons_lib.arena.ratings import score_interval
from lessons_lib.games import GAMES
from lessons_lib.measurements import MatchReport, evaluation_match

ROOT = Path(__file__).resolve().parent.parent
SAFETY_PLIES = 100_000  # never reached: every game's own rules end it first


def match(game: str, depth: int, openings: int, seed: int) -> tuple[int, MatchReport]:
    engine = GAMES[game].engine
    if engine.learned_evaluate is None:
        raise SystemExit(f"{GAMES[game].title} has no learned evaluation: python -m lessons_lib.learning {game}")
    return depth, evaluation_match(engine.learned_evaluate, engine.evaluate, depth=depth, openings=openings,
                                   seed=seed, max_plies=SAFETY_PLIES, game=game)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="shologuti", choices=list(GAMES), help="the game (default shologuti)")
    parser.add_argument("--depths", default="1,2,3,4", help="depths to compare, comma-separated (default 1,2,3,4)")
    parser.add_argument("--openings", type=int, default=100, help="seeded openings, each played twice (default 100)")
    parser.add_argument("--seed", type=int, default=10, help="the openings' seed (default 10)")
    args = parser.parse_args()
    depths = [int(depth) for depth in args.depths.split(",")]
    rows = []
    with ProcessPoolExecutor(2) as pool:
        for depth, report in pool.map(match, [args.game] * len(depths), depths, [args.openings] * len(depths),
                                      [args.seed] * len(depths)):
            low, high = score_interval(report.wins, report.draws, report.losses)
            print(f"depth {depth}: learned {report.wins} won, {report.draws} drawn, {report.losses} lost of "
                  f"{report.games}: score {report.score:.3f} (95%: {low:.3f} to {high:.3f})", flush=True)
            rows.append({"depth": depth, "games": report.games, "wins": report.wins, "draws": report.draws,
                         "losses": report.losses, "score": round(report.score, 4), "low": round(low, 4),
                         "high": round(high, 4), "openings_seed": args.seed})
    table = ROOT / "data" / "learning" / f"{args.game}_match.csv"
    table.parent.mkdir(parents=True, exist_ok=True)
    with table.open("w", newline="", encoding="utf-8") as file:
        writer = csv.DictWriter(file, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)
    print(f"written to {table.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
