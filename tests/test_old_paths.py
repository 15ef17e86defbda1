"""Import paths from before the engines moved into lessons_lib/games/ still work, and give the same objects."""

from __future__ import annotations

import importlib
import subprocess
import sys

import pytest

from lessons_lib.old_paths import MOVED_MODULES, MOVED_NAMES


@pytest.mark.parametrize(("old", "new"), sorted(MOVED_MODULES.items()))
def test_an_old_module_name_is_the_module_at_its_new_place(old: str, new: str) -> None:
    assert importlib.import_module(old) is importlib.import_module(new)


@pytest.mark.parametrize(("module", "name", "new"), [
    (module, name, new) for module, names in sorted(MOVED_NAMES.items()) for name, new in sorted(names.items())])
def test_a_name_that_moved_out_of_a_module_is_still_found_there(module: str, name: str, new: str) -> None:
    assert getattr(importlib.import_module(module), name) is getattr(importlib.import_module(new), name)


def test_an_old_notebook_cell_runs_unchanged_in_a_fresh_interpreter() -> None:
    cell = ("from lessons_lib.state import Position\n"
            "from lessons_lib.hus.sowing import Sowing\n"
            "from lessons_lib.shobu import state as shobu_state\n"
            "from lessons_lib.agents.evaluation import material_mobility_evaluation\n"
            "from lessons_lib.games import GAMES\n"
            "assert GAMES['shologuti'].engine.position is Position\n"
            "assert shobu_state.Position is GAMES['shobu'].engine.position\n"
            "print(material_mobility_evaluation(Position.start().play('23-18'), 0))\n")
    run = subprocess.run([sys.executable, "-c", cell], capture_output=True, text=True, timeout=60)
    assert run.returncode == 0 and run.stdout == "13\n", run.stderr


def test_an_unknown_name_is_still_an_attribute_error() -> None:
    evaluation = importlib.import_module("lessons_lib.agents.evaluation")
    with pytest.raises(AttributeError, match="no attribute 'no_such_evaluation'"):
        evaluation.no_such_evaluation  # noqa: B018 (the attribute is looked up for its error)
