"""``release``: the students' version holds the lessons, their data and examples, and no solution."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from locations import ROOT
from lessons_lib.cli.main import main
from lessons_lib.grading.release import SOLUTIONS_TAG, release_files


@pytest.fixture(scope="module")
def released(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("release") / "students"
    assert main(["release", str(folder)]) == 0
    return folder


def code_cells(path: Path) -> list[str]:
    return ["".join(cell["source"]) for cell in json.loads(path.read_text())["cells"] if cell["cell_type"] == "code"]


def test_the_release_has_every_lesson_and_its_data_and_no_solution(released: Path) -> None:
    files = {path.relative_to(released).as_posix() for path in released.rglob("*") if path.is_file()}
    lessons = sorted(path.name for path in (ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))
    assert sorted(name.removeprefix("notebooks/") for name in files
                  if name.startswith("notebooks/") and name.endswith(".ipynb")) == lessons
    assert not [name for name in files if "solution" in name or name.startswith(("tests/", "benchmarks/", "examples/"))]
    assert "docs/teaching.md" not in files and "docs/rules/shologuti.md" in files
    assert {"pyproject.toml", "constraints.txt", "README.md", "data/experiments/depth.csv",
            "notebooks/my_agents/README.md", "notebooks/my_agents/example_agent.py"} <= files
    assert not [name for name in files if name.endswith((".so", ".pyd", ".pyc", ".sqlite")) or "__pycache__" in name]
    assert {name for name in files if name.startswith("notebooks/my_agents/")} == {
        "notebooks/my_agents/README.md", "notebooks/my_agents/example_agent.py"}  # no agent written in this copy
    assert not [name for name in files if name.endswith((".ipynb", ".md"))
                and "solutions/" in (released / name).read_text()]


def test_a_released_lesson_is_the_lesson_without_its_pointers_to_solutions(released: Path) -> None:
    for lesson in (ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"):
        copy = released / "notebooks" / lesson.name
        assert code_cells(copy) == code_cells(lesson)
        cells = json.loads(lesson.read_text())["cells"]
        kept = [cell for cell in cells if SOLUTIONS_TAG not in cell.get("metadata", {}).get("tags", [])]
        assert len(json.loads(copy.read_text())["cells"]) == len(kept)
    pointers = [lesson.name for lesson in (ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb")
                if "solutions/" in lesson.read_text()]
    assert len(pointers) >= 3  # the lessons do point to their solutions: the release takes the pointers out


def test_a_lesson_that_mentions_solutions_outside_a_tagged_cell_stops_the_release(tmp_path: Path) -> None:
    shutil.copytree(ROOT / "notebooks", tmp_path / "notebooks", ignore=shutil.ignore_patterns("solutions", "*.py"))
    lesson = tmp_path / "notebooks" / "01_board_graph.ipynb"
    notebook = json.loads(lesson.read_text())
    notebook["cells"].append({"cell_type": "markdown", "metadata": {}, "source": "See solutions/01.ipynb."})
    lesson.write_text(json.dumps(notebook))
    with pytest.raises(ValueError, match="01_board_graph.ipynb still mentions solutions/"):
        release_files(tmp_path)


def test_a_release_never_writes_into_a_folder_that_holds_files(tmp_path: Path,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "work.txt").write_text("mine")
    assert main(["release", str(tmp_path)]) == 2
    error = capsys.readouterr().err
    assert "already exists and is not an empty folder" in error and len(error.splitlines()) == 1
    assert [path.name for path in tmp_path.iterdir()] == ["work.txt"]
