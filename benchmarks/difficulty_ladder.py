"""Does each difficulty beat the one below it? Adjacent levels played through the arena, under each variant.

Run: ``python benchmarks/difficulty_ladder.py [--games 20] [--expert-games 4] [--workers 2]``.

For each pair of neighbouring levels of the game panels (beginner, easy, medium,
hard, expert) it prints the upper level's score and Elo over the lower one, with
95% intervals. A ladder is right when every line is above 50%.
"""

from __future__ import annotations

import argparse

from lessons_lib.agents.presets import DIFFICULTIES
from lessons_lib.arena.tournament import TournamentSettings, pairs_schedule, play_tournament, standings


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="games per pair below expert")
    parser.add_argument("--expert-games", type=int, default=4, help="games of hard against expert (2 s a move)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--variants", nargs="+", default=["forced", "traditional"])
    args = parser.parse_args()
    levels = list(DIFFICULTIES)
    for variant in args.variants:
        for lower, upper in zip(levels, levels[1:]):
            games = args.expert_games if upper == "expert" else args.games
            settings = TournamentSettings(games_per_pair=games, variant=variant, seconds_per_move=2.0)
            run = play_tournament(pairs_schedule([(upper, lower)], settings), workers=args.workers, progress=False)
            row = next(row for row in standings(run.results, lower) if row.spec == upper)
            print(f"{variant:<12} {upper:>8} over {lower:<8} {row.score:6.1%} ({row.score_low:.0%} to "
                  f"{row.score_high:.0%})  {row.elo:+5.0f} Elo ({row.elo_low:+.0f} to {row.elo_high:+.0f})"
                  f"  {games} games", flush=True)


if __name__ == "__main__":
    main()
