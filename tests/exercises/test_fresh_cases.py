"""Which checks draw fresh cases each run, as README.md, lesson 00 and docs/teaching.md say: every check of code,
except lesson 08's agent file (its games are seeded by the file) and lesson 11's value target (all six cases there
are); the checks of an answer (lessons 01, 03 and 09) have one right answer."""

from __future__ import annotations

import importlib
import inspect
import pkgutil
from collections.abc import Callable
from typing import Any

import nbformat
import pytest

import lessons_lib.exercises
from locations import ROOT

CODE_WITH_FIXED_CASES = {"check_agent_file": "lesson 08's agent file", "check_value_target": "lesson 11's value target"}
"""The checks of code that draw nothing, as the three documents name them."""
ANSWERS = {"check_cut_points", "check_tree_value", "check_pruned_leaves", "check_best_game_for_mcts"}
"""The checks of an answer worked out (01's cut points, 03's tree value and pruned leaves, 09's best game for MCTS)."""


def every_check() -> dict[str, Callable[..., Any]]:
    """Every check of every lesson, by name (an alias counted once, under the name its function has)."""
    checks: dict[str, Callable[..., Any]] = {}
    for module_info in pkgutil.iter_modules(lessons_lib.exercises.__path__):
        module = importlib.import_module(f"lessons_lib.exercises.{module_info.name}")
        for name, value in vars(module).items():
            if name.startswith("check_") and callable(value) and getattr(value, "__module__", "") == module.__name__:
                checks[inspect.unwrap(value).__name__] = value
    return checks


def documents() -> dict[str, str]:
    lesson = nbformat.read(ROOT / "notebooks" / "00_start_here.ipynb", as_version=4)
    return {"README.md": (ROOT / "README.md").read_text(encoding="utf-8"),
            "docs/teaching.md": (ROOT / "docs" / "teaching.md").read_text(encoding="utf-8"),
            "notebooks/00_start_here.ipynb": "\n".join(cell.source for cell in lesson.cells)}


def test_every_check_but_the_named_ones_draws_its_cases_with_a_seed() -> None:
    checks = every_check()
    assert len(checks) > 30
    without_seed = {name for name, check in checks.items() if "seed" not in inspect.signature(check).parameters}
    assert without_seed == set(CODE_WITH_FIXED_CASES) | ANSWERS, (
        "a check began or stopped drawing its cases: say so in README.md, lesson 00 and docs/teaching.md")
    for name, check in checks.items():
        if name not in without_seed:
            assert "case_seed(seed)" in inspect.getsource(inspect.unwrap(check)), f"{name} draws no fresh seed"


@pytest.mark.parametrize("name", ["README.md", "docs/teaching.md", "notebooks/00_start_here.ipynb"])
def test_the_documents_name_the_checks_of_code_with_fixed_cases(name: str) -> None:
    text = " ".join(documents()[name].split()).lower()
    for said in CODE_WITH_FIXED_CASES.values():
        assert said in text, f"{name} should name {said} among the checks that draw no fresh cases"
