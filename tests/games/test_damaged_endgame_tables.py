"""A damaged endgame table file: one line naming the file and how to make it again; a game goes on without it.

Each test reads copies of the shipped tables from a temporary folder (``table_path`` pointed there), one of them
damaged: cut short, empty, not a table at all, an array of the wrong shape or type, an array missing, a class
missing, values that are none.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest

import lessons_lib.agents.solved as solved_agents
import lessons_lib.games.shologuti.endgame_table as endgame_table
from lessons_lib.agents.match import play_game
from lessons_lib.agents.presets import make_agent
from lessons_lib.cli.main import main
from lessons_lib.games.shologuti.endgame_index import class_size, parts_at
from lessons_lib.games.shologuti.endgame_table import REBUILD, DamagedTable, load_table, shipped_table, solved_parts
from lessons_lib.games.shologuti.position import Position
from lessons_lib.games.shologuti.rules import Rules

door = importlib.import_module("lessons_lib.games.shologuti.solved")  # the package's name "solved" is its function
VARIANT = "forced"
SHIPPED = endgame_table.table_path(VARIANT)


def arrays_of(path: Path) -> dict[str, np.ndarray]:
    with np.load(path) as arrays:
        return {name: arrays[name] for name in arrays.files}


def changed(change: Callable[[dict[str, np.ndarray]], None]) -> Callable[[Path], None]:
    """A damage: the shipped arrays, changed, written to the path."""
    def damage(path: Path) -> None:
        arrays = arrays_of(SHIPPED)
        change(arrays)
        np.savez_compressed(path, **arrays)

    return damage


def cut_short(path: Path) -> None:
    path.write_bytes(SHIPPED.read_bytes()[: SHIPPED.stat().st_size // 2])


def cropped(arrays: dict[str, np.ndarray]) -> None:
    arrays["values_2_1"] = arrays["values_2_1"][:-1]


def two_dimensional(arrays: dict[str, np.ndarray]) -> None:
    arrays["distances_1_1"] = arrays["distances_1_1"].reshape(-1, 2)


def floats(arrays: dict[str, np.ndarray]) -> None:
    arrays["values_2_1"] = arrays["values_2_1"].astype(np.float64)


def wider(arrays: dict[str, np.ndarray]) -> None:
    arrays["distances_2_1"] = arrays["distances_2_1"].astype(np.int64)


def no_distances(arrays: dict[str, np.ndarray]) -> None:
    del arrays["distances_2_1"]


def no_class(arrays: dict[str, np.ndarray]) -> None:
    del arrays["values_2_2"], arrays["distances_2_2"], arrays["zeroing_2_2"]


def no_zeroing(arrays: dict[str, np.ndarray]) -> None:
    """A table written before the clock was in it: values and distances only."""
    for name in [name for name in arrays if name.startswith("zeroing_")]:
        del arrays[name]


def no_values(arrays: dict[str, np.ndarray]) -> None:
    arrays["values_1_1"] = np.full_like(arrays["values_1_1"], 7)


DAMAGES: dict[str, tuple[Callable[[Path], None], str]] = {
    "cut short": (cut_short, "cut short"),
    "empty": (lambda path: path.write_bytes(b""), "is empty"),
    "not a table": (lambda path: path.write_bytes(b"key,value\n" * 100), "not a table file"),
    "wrong shape": (changed(cropped), "(116549,)"),
    "two dimensions": (changed(two_dimensional), "(2664, 2)"),
    "wrong type": (changed(floats), "float64"),
    "wider type": (changed(wider), "int64"),
    "an array missing": (changed(no_distances), "lacks the array 'distances_2_1'"),
    "a class missing": (changed(no_class), "lacks 2 against 2"),
    "no zeroing distances": (changed(no_zeroing), "lacks the array 'zeroing_"),
    "values that are none": (changed(no_values), "values that are none"),
    "missing": (lambda path: None, "is missing"),
}


@pytest.fixture
def damaged_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A folder the tables are read from (copies of the shipped ones), nothing of them read yet."""
    for variant in ("forced", "traditional", "continue"):
        (tmp_path / f"endgames_{variant}.npz").write_bytes(endgame_table.table_path(variant).read_bytes())
    monkeypatch.setattr(endgame_table, "table_path", lambda variant: tmp_path / f"endgames_{variant}.npz")
    monkeypatch.setattr(endgame_table, "_SHIPPED", {})
    monkeypatch.setattr(solved_agents, "_SAID", set())
    return tmp_path


def damage(folder: Path, kind: str) -> tuple[Path, str]:
    path = folder / f"endgames_{VARIANT}.npz"
    path.unlink()
    make, words = DAMAGES[kind]
    make(path)
    endgame_table._SHIPPED.clear()  # read again from now on
    return path, words


def two_against_one(seed: int = 0) -> Position:
    """A position of two against one the forced table decides."""
    rng = random.Random(seed)
    while True:
        parts = parts_at((2, 1), rng.randrange(class_size((2, 1))))
        if solved_parts(parts, VARIANT) is not None:
            return Position(*parts, rules=Rules.named(VARIANT))


def test_the_copies_read_as_the_shipped_tables(damaged_folder: Path) -> None:
    assert sorted(shipped_table(VARIANT)) == sorted(load_table(SHIPPED))  # so the damage is what the tests change


@pytest.mark.parametrize("kind", DAMAGES)
def test_a_damaged_table_is_one_line_naming_the_file_and_how_to_make_it_again(kind: str, damaged_folder: Path) -> None:
    path, words = damage(damaged_folder, kind)
    for read in (lambda: shipped_table(VARIANT), lambda: shipped_table(VARIANT)):  # the second time too
        with pytest.raises(DamagedTable) as raised:
            read()
        message = str(raised.value)
        assert str(path) in message and REBUILD in message and words in message, message
        assert "\n" not in message


def test_the_solve_command_says_so_in_one_line(damaged_folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    position = two_against_one()
    path, _ = damage(damaged_folder, "cut short")
    status = main(["solve", str(position)])
    out, error = capsys.readouterr()
    assert status == 2 and out == "" and "Traceback" not in error and error.count("\n") == 1, error
    assert str(path) in error and REBUILD in error


@pytest.mark.parametrize("kind", ["cut short", "wrong shape", "empty"])
def test_best_plays_a_whole_game_without_a_damaged_table_and_says_so_once(
        kind: str, damaged_folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    start = two_against_one(seed=3)
    path, _ = damage(damaged_folder, kind)
    players = [make_agent("best:0.01s", seed=1), make_agent("best:0.01s", seed=2)]
    result = play_game(players, start, max_plies=12)
    assert len(result.moves) > 0
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and str(path) in error and REBUILD in error, error
    with pytest.raises(DamagedTable):  # the engine's door says it every time; the agents said it once
        door.solved(start)
