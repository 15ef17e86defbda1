"""The strength data the lessons plot (``data/experiments``), read back from its CSV files.

The files were made by ``python -m lessons_lib experiment all`` (see
``data/experiments/README.md``); notebooks 04, 06, 07 and 09 read them instead of playing for hours.
"""

from __future__ import annotations

import csv
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from lessons_lib.arena.games import GameReport

DATA_FOLDER = Path(__file__).resolve().parents[2] / "data" / "experiments"
"""Where the committed data lives: ``data/experiments`` beside the package, in a copy of the repository."""

REGENERATE = "python -m lessons_lib experiment all --out data/experiments --db experiments.sqlite"


def load_table(name: str, folder: str | Path | None = None) -> list[dict[str, float | str]]:
    """The rows of ``data/experiments/NAME.csv``, numbers as floats and text as text.

    >>> rows = load_table("depth")
    >>> rows[0]["player"], rows[0]["level"]
    ('negamax:1', 1.0)
    """
    path = Path(folder or DATA_FOLDER) / f"{name}.csv"
    if not path.is_file():
        if folder is None:
            raise FileNotFoundError(f"no strength data at {path}: run '{REGENERATE}' in the project's folder, "
                                    f"or give the folder that holds {name}.csv")
        raise FileNotFoundError(f"no data at {path}: give the folder that holds {name}.csv")
    with open(path, newline="", encoding="utf-8") as file:
        return [{key: _number_or_text(value) for key, value in row.items()} for row in csv.DictReader(file)]


def load_games(name: str, folder: str | Path | None = None) -> list[GameReport]:
    """Every game behind ``data/experiments/NAME.csv``: the rows of ``NAME_games.csv``.

    >>> games = load_games("strength")
    >>> games[0].first, all(game.reason != "ply limit" for game in games)
    ('negamax:1', True)
    """
    from lessons_lib.arena.storage import load_csv

    path = Path(folder or DATA_FOLDER) / f"{name}_games.csv"
    if not path.is_file():
        raise FileNotFoundError(f"no games data at {path}: run '{REGENERATE}' in the project's folder")
    return load_csv(path)


def _number_or_text(text: str) -> float | str:
    try:
        return float(text)
    except ValueError:
        return text

ENDGAME_DATA = DATA_FOLDER.parent / "endgames"
"""Where the searches' figures against the solved endgames live: ``data/endgames`` (lesson 12 reads them;
``python benchmarks/endgame_truth.py`` writes them)."""
