"""Restate every stored interval with today's library, from the stored records, playing no game again.

Run: ``python benchmarks/restate_intervals.py [--check] [--data data]``.

When the library's intervals change, the data files keep the old ones until someone says them again. This script
does, from what each file already holds:

- a score's interval (columns ``low``/``high`` or ``score_low``/``score_high``) from the row's wins, draws and
  losses, by :func:`~lessons_lib.arena.ratings.score_interval`: ``alphazero/*_equal_time.csv``,
  ``learning/*match*.csv``, ``experiments/shallow_search.csv`` and ``experiments/perspectives.csv``;
- an Elo interval (``elo_low``/``elo_high``) from the stored games, by the very function that wrote the file
  (:func:`~lessons_lib.arena.tournament.standings`, as :mod:`lessons_lib.experiments.runs` calls it):
  ``experiments/depth.csv`` and ``iterations.csv`` from ``strength_games.csv``, ``perspectives.csv`` from
  ``perspectives_games.csv``.

Every other cell, the column order, the rounding (4 places) and the line endings stay as they are. The AlphaZero
rating files (``alphazero/*_ratings.csv``) hold games only, no interval: lesson 11 rates them when it runs. The
endgame table's Wilson intervals of yes/no rates (``endgames/search_vs_truth.csv``) are not scores and stay.
``--check`` writes nothing and exits with status 1 if any file's intervals differ from today's library's.
"""

from __future__ import annotations

import argparse
import csv
import io
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

from lessons_lib.arena.ratings import score_interval
from lessons_lib.arena.storage import load_csv
from lessons_lib.arena.tournament import Standing, standings
from lessons_lib.experiments.runs import DEPTHS, PERSPECTIVE_ITERATIONS
from lessons_lib.tooling.files import write_whole

ROOT = Path(__file__).resolve().parent.parent
PLACES = 4
"""The rounding every one of these files was written with."""

Row = dict[str, str]
Restatement = Callable[[Row], Row]
"""A row's new interval cells, by column."""


def score_cells(low_column: str, high_column: str) -> Restatement:
    """The row's score interval from its ``wins``, ``draws`` and ``losses``, under the two columns' names."""
    def cells(row: Row) -> Row:
        low, high = score_interval(int(row["wins"]), int(row["draws"]), int(row["losses"]))
        return {low_column: shown(low), high_column: shown(high)}
    return cells


def standing_cells(games_file: Path, baseline: str, key: str) -> Restatement:
    """The row's Elo interval (and score interval, where the row has one) from ``standings`` of the stored games,
    ``baseline`` at 0, the row found by its ``key`` column (the player's spec)."""
    table = {standing.spec: standing for standing in standings(load_csv(games_file), baseline)}

    def cells(row: Row) -> Row:
        standing: Standing = table[row[key]]
        if (standing.games, standing.wins, standing.draws, standing.losses) != \
                tuple(int(row[name]) for name in ("games", "wins", "draws", "losses")):
            raise ValueError(f"{games_file.name} does not hold the games of {row[key]}'s row")
        restated = {"elo_low": shown(standing.elo_low), "elo_high": shown(standing.elo_high)}
        if "score_low" in row:
            restated |= {"score_low": shown(standing.score_low), "score_high": shown(standing.score_high)}
        return restated
    return cells


def shown(value: float) -> str:
    """A number as the writers wrote it: rounded to :data:`PLACES` places, Python's shortest form."""
    return str(round(value, PLACES))


def restatements(data: Path) -> Iterator[tuple[Path, Restatement]]:
    """Every file with intervals to restate, and how to restate a row of it."""
    for path in sorted((data / "alphazero").glob("*_equal_time.csv")) + sorted((data / "learning").glob("*match*.csv")):
        yield path, score_cells("low", "high")
    experiments = data / "experiments"
    yield experiments / "shallow_search.csv", score_cells("low", "high")
    strength = standing_cells(experiments / "strength_games.csv", f"negamax:{DEPTHS[len(DEPTHS) // 2]}", "player")
    yield experiments / "depth.csv", strength
    yield experiments / "iterations.csv", strength
    yield experiments / "perspectives.csv", standing_cells(experiments / "perspectives_games.csv",
                                                           f"mcts:{PERSPECTIVE_ITERATIONS}", "spec")


def restated_text(path: Path, restate: Restatement) -> str:
    """The file's text with each row's interval cells restated, every other character as it was."""
    text = path.read_bytes().decode("utf-8")
    lines = text.splitlines(keepends=True)
    header = next(csv.reader([lines[0]]))
    out = [lines[0]]
    for line in lines[1:]:
        ending = line[len(line.rstrip("\r\n")):]
        cells = next(csv.reader([line]))
        if rewritten(cells, ending) != line:
            raise ValueError(f"{path}: a line this script would not write back as it was: {line!r}")
        row = dict(zip(header, cells, strict=True))
        row |= restate(row)
        out.append(rewritten([row[column] for column in header], ending))
    return "".join(out)


def rewritten(cells: list[str], ending: str) -> str:
    line = io.StringIO()
    csv.writer(line, lineterminator=ending).writerow(cells)
    return line.getvalue()


def stale_files(data: Path, write: bool) -> list[Path]:
    """The files whose intervals differ from today's library's, rewritten in place if ``write`` (none is written
    unless every file could be read: ValueError names the first that could not)."""
    texts = {}
    for path, restate in restatements(data):
        try:
            texts[path] = restated_text(path, restate)
        except (KeyError, ValueError, StopIteration) as problem:
            raise ValueError(f"{path} cannot be restated: {type(problem).__name__}: {problem}") from problem
    stale = [path for path, text in texts.items() if text != path.read_bytes().decode("utf-8")]
    for path in stale if write else []:
        write_whole(path, texts[path].encode("utf-8"))
    return stale


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=ROOT / "data", help="the data folder (default: the repository's)")
    parser.add_argument("--check", action="store_true", help="write nothing; exit 1 if any interval is stale")
    args = parser.parse_args()
    try:
        stale = stale_files(args.data, write=not args.check)
    except (OSError, ValueError) as problem:
        print(f"restate_intervals: {problem}", file=sys.stderr)
        sys.exit(2)
    for path in stale:
        print(f"{'stale' if args.check else 'restated'}: {path}")
    if not stale:
        print("every stored interval is today's library's")
    sys.exit(1 if args.check and stale else 0)


if __name__ == "__main__":
    main()
