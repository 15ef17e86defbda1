"""How often each interval for a score holds, by enumeration of every record, and the Elo intervals' by simulation.

Run: ``python benchmarks/interval_coverage.py [--tournaments 100]``. It prints two Markdown tables:

- **scores**: for each number of games the lessons use and each interval (``score_interval``; Wilson's interval of
  the points, a draw counted as half a win; the normal interval ``mean ± 1.96 s/√n``; this suite's earlier interval,
  Wilson's with the games counted at the worth their observed spread gives them), the lowest and the mean exact
  coverage over the rates of ``lessons_lib.arena.coverage.rate_grid`` (draw rates 0 to 99%, 630 rates), where the
  lowest is (up to 40 games, also over the rates just beyond every end of every interval, where coverage dips:
  ``lowest_coverage``; the column ``looked at`` says which),
  whether a draw turned into a win or a loss into a draw ever lowers an end, and the mean width at three rates:
  a match of equals with a fifth drawn, (10%, 85%, 5%) and (1.5%, 98.5%, 0%). Nothing here is random.
- **ratings**: the share of ``elo_intervals`` that hold the true rating, over ``--tournaments`` simulated
  tournaments shaped like lesson 11's (four generations around MCTS, seed 1), by draw rate and games a pairing.

It writes the first table to ``data/experiments/interval_coverage.csv`` (lesson 07 reads it).
"""

from __future__ import annotations

import argparse
import csv
import time
from pathlib import Path

from lessons_lib.arena.coverage import (
    coverage_of_ends, first_non_monotone, interval_ends, lowest_coverage, mean_width, rate_grid,
    simulated_elo_coverage, worst_of,
)
from lessons_lib.arena.score_intervals import normal_interval, plug_in_interval, score_interval, wilson_interval

GAMES = (10, 20, 40, 100, 200, 400)
EDGES_UP_TO = 40
"""Up to this many games, the lowest coverage is also sought just beyond every end (a minute at 40 games)."""
WIDTH_RATES = ((0.4, 0.2, 0.4), (0.10, 0.85, 0.05), (0.015, 0.985, 0.0))
OUT = Path(__file__).resolve().parents[1] / "data" / "experiments" / "interval_coverage.csv"
TRUE_ELO = {"mcts": 0.0, "g1": 30.0, "g2": 60.0, "g3": 60.0, "g4": 90.0}
PAIRINGS = [("g1", "mcts"), ("g2", "mcts"), ("g3", "mcts"), ("g4", "mcts"), ("g2", "g1"), ("g4", "g3")]


def points_interval(wins: int, draws: int, losses: int) -> tuple[float, float]:
    """Wilson's interval of the points, a draw counted as half a win."""
    return wilson_interval(wins + draws / 2, wins + draws + losses)


INTERVALS = {"score_interval": score_interval, "Wilson of the points": points_interval,
             "normal": normal_interval, "earlier (plug-in worth)": plug_in_interval}


def score_rows() -> list[dict[str, str]]:
    rates = rate_grid()
    rows = []
    for games in GAMES:
        for name, interval in INTERVALS.items():
            low, high = interval_ends(interval, games)
            coverage = coverage_of_ends(low, high, games, rates)
            lowest, where = worst_of(coverage, rates)
            if games <= EDGES_UP_TO:
                lowest, where = lowest_coverage(interval, games, ends=(low, high))
            row = {"games": str(games), "interval": name, "lowest coverage": f"{lowest:.3f}",
                   "at (win, draw, loss)": "({:.4g}, {:g}, {:.4g})".format(*where),
                   "looked at": "grid and ends" if games <= EDGES_UP_TO else "grid",
                   "mean coverage": f"{coverage.mean():.3f}",
                   "monotone": "yes" if first_non_monotone(interval, games, ends=(low, high)) is None else "no"}
            for width_rates in WIDTH_RATES:
                row["width at ({:g}, {:g}, {:g})".format(*width_rates)] = f"{mean_width(low, high, games, width_rates):.3f}"
            rows.append(row)
    return rows


def markdown(rows: list[dict[str, str]]) -> str:
    header = list(rows[0])
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(row[key] for key in header) + " |" for row in rows]
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tournaments", type=int, default=100, help="simulated tournaments a cell (default 100)")
    options = parser.parse_args()
    started = time.perf_counter()
    rows = score_rows()
    print(markdown(rows))
    with OUT.open("w", newline="", encoding="utf-8") as out:
        writer = csv.DictWriter(out, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)
    print(f"\n(scores: {time.perf_counter() - started:.0f} s; written to {OUT.name})\n")
    rating_rows = []
    for draw_rate in (0.0, 0.5, 0.85, 0.95, 0.99):
        for games in (10, 20, 100):
            held = simulated_elo_coverage(TRUE_ELO, "mcts", PAIRINGS, games, draw_rate, options.tournaments, seed=1)
            rating_rows.append({"draw rate": f"{draw_rate:g}", "games a pairing": str(games),
                                "intervals holding the truth": f"{held:.3f}"})
    print(markdown(rating_rows))
    print(f"\n({options.tournaments} tournaments a row, {4 * options.tournaments} intervals; "
          f"{time.perf_counter() - started:.0f} s in all)")


if __name__ == "__main__":
    main()
