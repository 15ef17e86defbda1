"""What the committed strength data cost to make: thinking time per experiment, from its games files.

Run: ``python benchmarks/experiment_cost.py [--data data/experiments] [--cores 2]``.

Each ``*_games.csv`` row has the average seconds a move of each side (``seconds_first``, ``seconds_second``;
``seconds_green``, ``seconds_red`` in files from before) and the game's
length; their product, summed, is the agents' thinking time (sides alternate, chains
aside, so this is close). Divided by the cores, it is about the wall time the
experiment takes on an idle machine, since the arena keeps every core busy.
"""

from __future__ import annotations

import argparse
import csv
from pathlib import Path


def thinking_seconds(path: Path) -> tuple[int, float]:
    """The games in a games file and the seconds their moves took in all."""
    games, seconds = 0, 0.0
    with open(path, newline="", encoding="utf-8") as file:
        for row in csv.DictReader(file):
            games += 1
            half = int(row["plies"]) / 2
            columns = ("seconds_first", "seconds_second") if "seconds_first" in row else ("seconds_green", "seconds_red")
            seconds += sum(float(row[column] or 0) * half for column in columns)
    return games, seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", default="data/experiments")
    parser.add_argument("--cores", type=int, default=2)
    args = parser.parse_args()
    total = 0.0
    for path in sorted(Path(args.data).glob("*_games.csv")):
        games, seconds = thinking_seconds(path)
        total += seconds
        print(f"{path.stem:<24}{games:>5} games {seconds / 60:>7.1f} min thinking")
    print(f"{'all':<24}{'':>11} {total / 60:>7.1f} min thinking, about {total / 60 / args.cores:.0f} min "
          f"on {args.cores} cores")


if __name__ == "__main__":
    main()
