"""Depth 6 against depth 5, pair after pair, until the SPRT decides: ``python benchmarks/depth_six_against_five.py``.

The strength experiment played 40 pairs of games between ``negamax:5`` and ``negamax:6`` (each opening of its
seeded suite once with each colour) and left one question open: is depth 6 50 Elo *weaker* than depth 5, or
equal? This plays the same pairing on from the suite's 41st opening, with the experiment's settings (the games
are the ones ``python -m lessons_lib experiment strength`` would play with more games a pairing: same openings,
same seeds), ``--batch`` pairs at a time, and after each batch runs both SPRTs (H1 +50 and −50 Elo against H0
equal, α = β = 5%) over all the pairs in order, the experiment's first. It stops when both have decided, or after
``--most`` pairs in all, and writes the new games to ``data/experiments/depth_six_five_games.csv``. Games are kept
in ``--db`` the moment they end, so a stopped run resumes. About 12 seconds a pair on one core.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from lessons_lib.experiments.runs import EXPERIMENT_SECONDS_PER_MOVE, GAMES_FILES
from lessons_lib.arena.sprt import sprt
from lessons_lib.arena.storage import ResultStore, export_csv
from lessons_lib.arena.tournament import TournamentSettings, pairing_games, play_tournament
from lessons_lib.experiments.data import load_games

ROOT = Path(__file__).resolve().parent.parent
SHALLOW, DEEP = "negamax:5", "negamax:6"  # the experiment's order: the ladder pairs each level with the next
PLAYED_PAIRS = 40
"""Pairs the strength experiment played (80 games a pairing)."""
HYPOTHESES = (50, -50)


def pair_totals(games: list, player: str) -> list[float]:  # type: ignore[type-arg]
    """``player``'s total in each pair of games, pairs in the order of their openings' first games."""
    by_opening: dict[str, list[float]] = {}
    for game in games:
        by_opening.setdefault(game.opening, []).append(game.score_of(player))
    return [sum(scores) for scores in by_opening.values() if len(scores) == 2]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--most", type=int, default=200, help="pairs in all, the experiment's 40 included")
    parser.add_argument("--batch", type=int, default=10, help="pairs played between two looks at the SPRT")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--db", type=Path, default=Path("depth_six_five.sqlite"))
    parser.add_argument("--out", type=Path, default=ROOT / "data" / "experiments" / "depth_six_five_games.csv")
    args = parser.parse_args()
    settings = TournamentSettings(games_per_pair=2 * args.most, variant="forced", seed=0,
                                  seconds_per_move=EXPERIMENT_SECONDS_PER_MOVE)
    schedule = pairing_games(SHALLOW, DEEP, settings)
    played = [game for game in load_games(GAMES_FILES["strength"]) if {game.first, game.second} == {SHALLOW, DEEP}]
    if sorted(game.key for game in played) != sorted(spec.key for spec in schedule[:2 * PLAYED_PAIRS]):
        raise SystemExit("the committed strength games are not the first 40 pairs of this schedule")
    results = []
    with ResultStore(args.db) as store:
        for start in range(2 * PLAYED_PAIRS, len(schedule), 2 * args.batch):
            run = play_tournament(schedule[start:start + 2 * args.batch], store=store, workers=args.workers,
                                  progress=False)
            results += run.results
            totals = pair_totals(played + results, DEEP)
            verdicts = [sprt(totals, 0, elo1)[-1] for elo1 in HYPOTHESES]
            print(f"{len(totals)} pairs: " + "; ".join(f"H1 {elo1:+} Elo: {step.verdict or 'undecided'} after "
                                                      f"{step.pairs} pairs (LLR {step.llr:+.2f})"
                                                      for elo1, step in zip(HYPOTHESES, verdicts)), flush=True)
            if all(step.verdict for step in verdicts):
                break
    export_csv(results, args.out)
    print(f"{len(results)} games written to {args.out}")


if __name__ == "__main__":
    main()
