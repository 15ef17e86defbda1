"""Every game's package has the same files for the same roles, and its engine declares how its games end.

A student who has read one game's ``movegen.py`` or ``features.py`` finds the same role under the same name
in every other game; a game's ``__init__.py`` only gathers its engine (``ENGINE``) from them.
"""

from __future__ import annotations

import ast
import random

import pytest

from lessons_lib.games import GAMES
from lessons_lib.kit.game import random_playout
from locations import ROOT

GAMES_FOLDER = ROOT / "lessons_lib" / "games"
SHARED_MODULES = ("__init__", "board", "drawing", "evaluation", "features", "movegen", "moves", "position", "zobrist")
"""The modules every game's package has, each with the same role in every game."""
RANDOM_GAMES = 4
"""Seeded random games played to the end in each game."""


@pytest.mark.parametrize("name", GAMES)
def test_every_game_package_has_the_shared_modules_and_a_data_folder(name: str) -> None:
    package = GAMES_FOLDER / name
    modules = {path.stem for path in package.glob("*.py")}
    assert set(SHARED_MODULES) <= modules, f"{name} lacks {sorted(set(SHARED_MODULES) - modules)}"
    assert (package / "data").is_dir()


@pytest.mark.parametrize("name", GAMES)
def test_every_game_package_init_only_imports_and_builds_its_engine(name: str) -> None:
    tree = ast.parse((GAMES_FOLDER / name / "__init__.py").read_text(encoding="utf-8"))
    assigned = []
    for statement in tree.body:
        if isinstance(statement, ast.Assign):
            assigned += [target.id if isinstance(target, ast.Name) else ast.unparse(target)
                         for target in statement.targets]
        else:
            is_docstring = isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Constant)
            assert is_docstring or isinstance(statement, (ast.Import, ast.ImportFrom)), ast.unparse(statement)
    assert assigned == ["ENGINE", "PICTURES[Position.game_name]", "__all__"]  # and how a notebook shows a position


@pytest.mark.parametrize("name", GAMES)
def test_every_engine_declares_its_end_reasons_and_random_games_end_with_one_of_them(name: str) -> None:
    game = GAMES[name]
    reasons = game.engine.end_reasons
    assert reasons and len(set(reasons)) == len(reasons) and all(isinstance(reason, str) for reason in reasons)
    for seed in range(RANDOM_GAMES):
        last, _ = random_playout(game.start(), random.Random(seed))
        outcome = last.outcome()
        assert outcome is not None and outcome.reason in reasons, f"{name}, seed {seed}: {outcome}"
