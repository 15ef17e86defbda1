"""The lessons as files: numbered, with learning goals, committed with clean outputs, each exercise solved.

(nbval re-runs every notebook and compares its outputs; these tests check what nbval cannot.)
"""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path
from typing import Any

from locations import ROOT
import pytest

NOTEBOOKS = ROOT / "notebooks"
LESSONS = ["00_start_here", "01_board_graph", "02_rules_and_game_tree", "03_minimax_alphabeta", "04_evaluation",
           "05_faster_search", "06_mcts", "07_strength", "08_tournament_lab", "09_other_games",
           "10_learning_an_evaluation", "11_alphazero_in_miniature", "12_solving_endgames"]
ALLOWED_IMPORTS = {"lessons_lib", "matplotlib", "networkx", "math", "random", "tempfile", "pathlib", "collections"}
"""Notebooks take their algorithms from lessons_lib; these others only draw, count or hold files."""
WIDGET = "application/vnd.jupyter.widget-view+json"


def load(path: Path) -> dict[str, Any]:
    return json.loads(path.read_text(encoding="utf-8"))


def code_cells(notebook: dict[str, Any]) -> list[dict[str, Any]]:
    return [cell for cell in notebook["cells"] if cell["cell_type"] == "code"]


def source(cell: dict[str, Any]) -> str:
    return "".join(cell["source"])


def tags(cell: dict[str, Any]) -> set[str]:
    return set(cell.get("metadata", {}).get("tags", []))


ALL = sorted(NOTEBOOKS.glob("*.ipynb")) + sorted((NOTEBOOKS / "solutions").glob("*.ipynb"))


def test_the_numbered_lessons_are_all_there() -> None:
    assert [path.stem for path in sorted(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb"))] == LESSONS


@pytest.mark.parametrize("name", LESSONS)
def test_each_lesson_opens_with_its_title_and_learning_goals(name: str) -> None:
    first = load(NOTEBOOKS / f"{name}.ipynb")["cells"][0]
    text = source(first)
    assert first["cell_type"] == "markdown" and text.startswith(f"# {name[:2]} · ") and "**Learning goals**" in text


@pytest.mark.parametrize("path", ALL, ids=lambda path: str(path.relative_to(NOTEBOOKS)))
def test_committed_with_outputs_from_one_clean_run(path: Path) -> None:
    cells = [cell for cell in code_cells(load(path)) if "nbval-skip" not in tags(cell)]
    counts = [cell["execution_count"] for cell in cells]
    assert counts == list(range(1, len(cells) + 1)), "run the notebook top to bottom in a fresh kernel, then save"
    for cell in cells:
        assert not any(output["output_type"] == "error" for output in cell["outputs"]), source(cell)[:80]


@pytest.mark.parametrize("path", ALL, ids=lambda path: str(path.relative_to(NOTEBOOKS)))
def test_only_widget_cells_are_left_out_of_the_comparison(path: Path) -> None:
    for cell in code_cells(load(path)):
        if "nbval-ignore-output" in tags(cell):
            assert any(WIDGET in output.get("data", {}) for output in cell["outputs"]), source(cell)[:80]
        if WIDGET in json.dumps(cell["outputs"]):
            assert "nbval-ignore-output" in tags(cell), f"a widget cell should be tagged: {source(cell)[:60]}"
        if "nbval-skip" in tags(cell):
            assert "hour" in source(cell) or "minutes" in source(cell), \
                "a skipped cell must say why (what it would cost to run)"


@pytest.mark.parametrize("path", ALL, ids=lambda path: str(path.relative_to(NOTEBOOKS)))
def test_notebooks_import_their_algorithms_from_lessons_lib(path: Path) -> None:
    for cell in code_cells(load(path)):
        code = "\n".join(line for line in source(cell).splitlines() if not line.startswith(("%", "!")))
        if source(cell).startswith("%%writefile"):
            continue  # an agent file the learner writes
        for node in ast.walk(ast.parse(code)):
            if isinstance(node, ast.Import):
                modules = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                modules = [node.module or ""]
            else:
                continue
            for module in modules:
                assert module.split(".")[0] in ALLOWED_IMPORTS, f"{path.name} imports {module}"


def check_calls(notebook: dict[str, Any]) -> list[str]:
    return sorted({name for cell in code_cells(notebook) for name in re.findall(r"^(check_\w+)\(", source(cell), re.M)})


@pytest.mark.parametrize("name", [name for name in LESSONS if check_calls(load(NOTEBOOKS / f"{name}.ipynb"))])
def test_every_exercise_has_a_worked_solution_that_passes_its_check(name: str) -> None:
    lesson = load(NOTEBOOKS / f"{name}.ipynb")
    solution_path = NOTEBOOKS / "solutions" / f"{name}.ipynb"
    assert solution_path.exists(), f"no worked solutions for {name}"
    solution = load(solution_path)
    assert check_calls(solution) == check_calls(lesson)
    for cell in code_cells(solution):
        if re.search(r"^check_\w+\(", source(cell), re.M):
            shown = "".join("".join(output.get("data", {}).get("text/plain", "")) for output in cell["outputs"])
            assert shown.startswith("✔ Correct"), f"{name}: {source(cell)[:60]} shows {shown[:100]}"


def test_every_lesson_with_exercises_leaves_them_to_the_learner() -> None:
    for name in LESSONS:
        lesson = load(NOTEBOOKS / f"{name}.ipynb")
        for cell in code_cells(lesson):
            if re.search(r"^check_\w+\(", source(cell), re.M):
                shown = "".join("".join(output.get("data", {}).get("text/plain", "")) for output in cell["outputs"])
                assert shown.startswith("✘ Not yet"), f"{name}: an exercise arrives already solved"


def test_the_readme_lists_every_lesson() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for name in LESSONS:
        assert f"`{name}`" in readme
