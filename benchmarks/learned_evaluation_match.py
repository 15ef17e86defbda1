"""A game's learned evaluation against a baseline, at equal depth: ``python benchmarks/learned_evaluation_match.py``.

Alpha-beta with the game's learned evaluation plays alpha-beta with a baseline evaluation at the same
depth, from ``--openings`` seeded openings (four random plies, each to a different position), each once
with each colour, every game to the end the rules give. The baseline (``--baseline``) is the game's own
evaluation (``own``: for Shologuti the Pygame project's material and mobility), for Shologuti material
alone (``material``), or the package's learned evaluation (``learned``, to play ``--weights`` against).
``--quiescence`` gives both sides quiescence search (captures played on beyond the depth, so that both
evaluate quiet positions only). ``--weights`` plays other learned weights (a file that
``python -m lessons_lib.learning`` wrote) instead of the package's.

Prints each depth's wins, draws and losses with the score's 95% interval
(``lessons_lib.arena.ratings.score_interval``) and writes them to
``data/learning/[WEIGHTS_]GAME_match[_BASELINE][_quiescence].csv`` (lesson 10 reads Shologuti's), or to ``--out``.
"""

from __future__ import annotations

import argparse
import csv
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from lessons_lib.agents.base import Evaluation
from lessons_lib.arena.ratings import score_interval
from lessons_lib.games import GAMES
from lessons_lib.games.common.learned import learned_value
from lessons_lib.games.shologuti.evaluation import material_evaluation
from lessons_lib.learning.weights import load_weights
from lessons_lib.experiments.measurements import MatchReport, evaluation_match

ROOT = Path(__file__).resolve().parent.parent
SAFETY_PLIES = 100_000  # never reached: every game's own rules end it first
BASELINES = ("own", "material", "learned")
"""The baselines: the game's own evaluation, material alone (where the game has one), or the package's learned
evaluation (to play other weights, ``--weights``, against it)."""


def baseline_evaluation(baseline: str, game: str) -> Evaluation | None:
    """The opponent's evaluation for ``baseline`` in ``game``: None for the game's own; ValueError if it has none."""
    if baseline == "own":
        return None
    found = {"material": {"shologuti": material_evaluation}.get(game),
             "learned": GAMES[game].engine.learned_evaluate}[baseline]
    if found is None:
        raise ValueError(f"{GAMES[game].title} has no {baseline} evaluation")
    return found


def learned_with(game: str, weights: Path | None) -> Evaluation:
    """The game's learned evaluation, with the package's weights or those in the file ``weights``."""
    engine = GAMES[game].engine
    if engine.learned_evaluate is None:
        raise SystemExit(f"{GAMES[game].title} has no learned evaluation: python -m lessons_lib.learning {game}")
    if weights is None:
        return engine.learned_evaluate
    loaded = load_weights(game, weights).weights
    features = engine.features

    def learned_from_file(state, player):  # type: ignore[no-untyped-def]
        return learned_value(game, loaded, features(state, player))
    return learned_from_file


def match(game: str, depth: int, openings: int, seed: int, baseline: str, quiescence: bool,
          weights: Path | None) -> tuple[int, MatchReport]:
    opponent = baseline_evaluation(baseline, game)
    return depth, evaluation_match(learned_with(game, weights), opponent, depth=depth, openings=openings, seed=seed,
                                   max_plies=SAFETY_PLIES, game=game, quiescence=quiescence)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="shologuti", choices=list(GAMES), help="the game (default shologuti)")
    parser.add_argument("--depths", default="1,2,3,4", help="depths to compare, comma-separated (default 1,2,3,4)")
    parser.add_argument("--openings", type=int, default=100, help="seeded openings, each played twice (default 100)")
    parser.add_argument("--seed", type=int, default=10, help="the openings' seed (default 10)")
    parser.add_argument("--baseline", default="own", choices=BASELINES, help="the opponent's evaluation")
    parser.add_argument("--quiescence", action="store_true", help="both sides search with quiescence")
    parser.add_argument("--weights", type=Path, help="learned weights to play instead of the package's")
    parser.add_argument("--out", type=Path, help="the CSV file to write (default: data/learning/...)")
    args = parser.parse_args()
    try:
        baseline_evaluation(args.baseline, args.game)  # before any game is played
    except ValueError as error:
        parser.error(str(error))
    depths = [int(depth) for depth in args.depths.split(",")]
    rows = []
    count = len(depths)
    with ProcessPoolExecutor(2) as pool:
        for depth, report in pool.map(match, [args.game] * count, depths, [args.openings] * count, [args.seed] * count,
                                      [args.baseline] * count, [args.quiescence] * count, [args.weights] * count):
            low, high = score_interval(report.wins, report.draws, report.losses)
            print(f"depth {depth}: learned {report.wins} won, {report.draws} drawn, {report.losses} lost of "
                  f"{report.games}: score {report.score:.3f} (95%: {low:.3f} to {high:.3f})", flush=True)
            rows.append({"depth": depth, "games": report.games, "wins": report.wins, "draws": report.draws,
                         "losses": report.losses, "score": round(report.score, 4), "low": round(low, 4),
                         "high": round(high, 4), "openings_seed": args.seed})
    suffix = ("" if args.baseline == "own" else f"_{args.baseline}") + ("_quiescence" if args.quiescence else "")
    played = f"{args.weights.name.removesuffix('.json')}_" if args.weights else ""
    table = args.out or ROOT / "data" / "learning" / f"{played}{args.game}_match{suffix}.csv"
    table.parent.mkdir(parents=True, exist_ok=True)
    with table.open("w", newline="", encoding="utf-8") as file:
        writer = csv.DictWriter(file, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)
    print(f"written to {table}")


if __name__ == "__main__":
    main()
