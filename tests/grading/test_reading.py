"""Reading a student's notebook without running it: its lesson, its exercises' cells, tampering with the checks."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from lessons_lib.grading.notebooks import (
    LESSONS_FOLDER, NotGradable, load_lessons, python_tree, read_notebook, read_submission, tampering_in, working_minutes,
)

LESSONS = load_lessons()
BOARD_GRAPH = LESSONS["01_board_graph"]


def write_notebook(path: Path, sources: list[str], **cell_metadata: object) -> Path:
    cells = [{"cell_type": "code", "source": source, "metadata": dict(cell_metadata), "outputs": [],
              "execution_count": None} for source in sources]
    path.write_text(json.dumps({"nbformat": 4, "nbformat_minor": 5, "metadata": {}, "cells": cells}))
    return path


def test_every_lesson_with_exercises_is_known_with_its_checks_in_order() -> None:
    assert LESSONS["03_minimax_alphabeta"].exercises == ("check_tree_value", "check_minimax", "check_pruned_leaves",
                                                         "check_alphabeta")
    assert LESSONS["00_start_here"].exercises == ()
    assert all(lesson.exercises for name, lesson in LESSONS.items() if name != "00_start_here")
    # the cell that replays the experiments for hours is guarded by a flag, not skipped: grade runs it, and it
    # does nothing
    assert not LESSONS["07_strength"].skipped
    assert "REGENERATE_DATA = False" in (LESSONS_FOLDER / "07_strength.ipynb").read_text()


def test_a_lesson_is_known_by_its_checks_whatever_its_file_is_called(tmp_path: Path) -> None:
    source = (LESSONS_FOLDER / "03_minimax_alphabeta.ipynb").read_text()
    (tmp_path / "alice.ipynb").write_text(source)
    reading = read_submission(tmp_path / "alice.ipynb", LESSONS)
    assert reading.lesson.name == "03_minimax_alphabeta"
    assert set(reading.exercise_cells) == set(reading.lesson.exercises)
    assert not reading.tampering


@pytest.mark.parametrize("content, problem", [
    (b"hello", "not a notebook (not JSON)"),
    (b"[1, 2]", "not a notebook (no cells)"),
    (b'{"nbformat": 3, "cells": []}', "nbformat 3"),
    (b"[" * 100_000, "not a notebook (not JSON)"),
])
def test_what_is_not_a_notebook_is_said_in_one_line(tmp_path: Path, content: bytes, problem: str) -> None:
    (tmp_path / "x.ipynb").write_bytes(content)
    with pytest.raises(NotGradable, match="^[^\n]*$") as raised:
        read_notebook(tmp_path / "x.ipynb")
    assert problem in str(raised.value)


def test_a_missing_file_a_folder_and_another_suites_notebook_are_not_graded(tmp_path: Path) -> None:
    with pytest.raises(NotGradable, match="no such file"):
        read_submission(tmp_path / "missing.ipynb", LESSONS)
    with pytest.raises(NotGradable, match="a folder"):
        read_submission(tmp_path, LESSONS)
    write_notebook(tmp_path / "pandas_intro.ipynb", ["import pandas as pd", "pd.DataFrame()"])
    with pytest.raises(NotGradable, match="not a lesson of this suite"):
        read_submission(tmp_path / "pandas_intro.ipynb", LESSONS)


def test_a_lesson_whose_checks_were_all_deleted_is_known_by_its_name(tmp_path: Path) -> None:
    reading = read_submission(write_notebook(tmp_path / "01_board_graph.ipynb", ["x = 1"]), LESSONS)
    assert reading.lesson.name == "01_board_graph" and reading.exercise_cells == {}


TAMPERING = [
    "check_cut_points = lambda answer: None",
    "def check_jumps_from(function):\n    pass",
    "from lessons_lib.exercises.feedback import Feedback",
    "from lessons_lib.exercises.board_graph import check_cut_points as check",
    "import lessons_lib.exercises.board_graph as graded",
    "from lessons_lib.exercises import board_graph",
    "import lessons_lib\nlessons_lib.exercises.board_graph.check_cut_points = print",
    "import sys\nsys.modules['lessons_lib.exercises.board_graph'].check_cut_points = print",
    "globals()['check_cut_points'] = print",
    "for check_cut_points in [print]:\n    pass",
    "from os import path as check_jumps_from",
    "class Feedback:\n    passed = True",
    "%%capture\ncheck_cut_points = print",
    "%%capture\n%%time\ncheck_cut_points = print",
    "setattr(module, 'check_cut_points', print)",
    "from lessons_lib.exercises.feedback import *",
]

TAMPERING += [
    "r = check_cut_points\nr(answer)",  # given another name: its call is not read as the check's
    "[check_cut_points][0](answer)",
    "def run(check):\n    return check(answer)\nrun(check_cut_points)",
    "globals()['check_cut' + '_points'](answer)",
    "exec('check_cut' + '_points(answer)')",
    "import __main__\n__main__.cut_points = [9, 29]",
    "import builtins\nbuiltins.sorted = lambda x: x",
    "import sys\nsys.modules['__main__'].cut_points = []",
]
INNOCENT = [
    "check_cut_points(cut_points)",
    "from lessons_lib.exercises.board_graph import check_cut_points, check_jumps_from",
    "if check_cut_points([9, 29]):\n    print('right')",
    "def cut_points_of(G):\n    return [p for p in G if p]",
    "result = check_jumps_from(jumps_from)\nprint(result.passed)",
    "%%writefile my_agents/x.py\ncheck_cut_points = 1",
    "print('check_cut_points is the check')",
    "check_cut_points?",
    "check_jumps_from??",
    "print('check_cut_points')",
    "class Course:\n    exercises = 3\nCourse.exercises",
    "from lessons_lib.exercises.board_graph import *",
    "help(check_cut_points)",
    "hint(check_cut_points)\nsolution(check=check_cut_points)",
]


@pytest.mark.parametrize("source", TAMPERING)
def test_code_that_replaces_a_check_is_tampering(source: str) -> None:
    tree = python_tree(source)
    assert tree is not None and tampering_in(tree, BOARD_GRAPH)


@pytest.mark.parametrize("source", INNOCENT)
def test_code_that_uses_the_checks_as_the_lesson_does_is_not_tampering(source: str) -> None:
    tree = python_tree(source)
    assert tree is not None and tampering_in(tree, BOARD_GRAPH) == []


def test_tampering_is_reported_with_its_cell(tmp_path: Path) -> None:
    path = write_notebook(tmp_path / "bob.ipynb", ["from lessons_lib.exercises.board_graph import check_cut_points",
                                                   "check_cut_points = print", "check_cut_points([9, 29])"])
    assert read_submission(path, LESSONS).tampering == ["code cell 2 assigns check_cut_points"]


def test_cells_the_regression_skips_are_not_run(tmp_path: Path) -> None:
    path = write_notebook(tmp_path / "carol.ipynb", ["check_elo_difference(elo_difference)", "x = 1"],
                          tags=["nbval-skip"])
    reading = read_submission(path, LESSONS)
    assert reading.cells == [] and reading.skipped == [1, 2]


def test_working_minutes_add_the_gaps_between_cells_and_leave_out_breaks() -> None:
    def cell(time: str) -> dict[str, object]:
        return {"cell_type": "code", "metadata": {"execution": {"iopub.execute_input": time}}}

    notebook = {"cells": [cell("2026-11-25T10:00:00Z"), cell("2026-11-25T10:10:00Z"), cell("2026-11-25T12:00:00Z"),
                          cell("2026-11-25T12:05:00.5Z"), {"cell_type": "markdown"}]}
    assert working_minutes(notebook) == pytest.approx(15 + 0.5 / 60)
    assert working_minutes({"cells": [cell("2026-11-25T10:00:00Z")]}) is None


def test_patterns_the_shell_left_alone_are_expanded_and_unmatched_ones_kept(tmp_path: Path) -> None:
    from lessons_lib.cli.grading import expanded

    for name in ("b.ipynb", "a.ipynb"):
        (tmp_path / name).write_text("{}")
    pattern, nothing = str(tmp_path / "*.ipynb"), str(tmp_path / "none*.ipynb")
    assert expanded([pattern, nothing]) == [str(tmp_path / "a.ipynb"), str(tmp_path / "b.ipynb"), nothing]


def test_students_are_named_wherever_their_notebooks_were_collected() -> None:
    from lessons_lib.grading.reports import student_names

    lessons = set(LESSONS)
    assert list(student_names(["s03/alice.ipynb", "s03/bob.ipynb", "s08/carol.ipynb"], lessons).values()) == [
        "alice", "bob", "carol"]
    nbgrader = [f"submitted/{name}/ps3/03_minimax_alphabeta.ipynb" for name in ("alice", "bob")]
    assert list(student_names(nbgrader, lessons).values()) == ["alice", "bob"]
    one_student = ["alice/03_minimax_alphabeta.ipynb", "alice/04_evaluation.ipynb"]
    assert list(student_names(one_student, lessons).values()) == ["alice", "alice"]
    assert list(student_names(["class/alice.ipynb"], lessons).values()) == ["alice"]


def test_every_exercise_has_a_title_from_its_lesson() -> None:
    """grade heads its columns with the exercises' titles: each lesson's heading above the exercise's cell."""
    lessons = load_lessons()
    untitled = [(name, check) for name, lesson in lessons.items() for check in lesson.exercises
                if not lesson.title(check).startswith("Exercise")]
    assert untitled == []
    assert lessons["03_minimax_alphabeta"].title("check_minimax") == "Exercise 2: write minimax"
    assert lessons["10_learning_an_evaluation"].title("check_log_loss") == "Exercise 2: the log loss"


def test_the_cells_that_show_a_worked_solution_are_read_by_check(tmp_path: Path) -> None:
    path = write_notebook(tmp_path / "alice.ipynb", [
        "from lessons_lib.exercises.board_graph import check_cut_points, check_jumps_from\n"
        "from lessons_lib.exercises.help import hint, solution",
        "hint(check_jumps_from)\nsolution('check_cut_points')",
        "check_jumps_from(jumps_from)", "check_cut_points([9, 29])", "print(solution(check_jumps_from))"])
    reading = read_submission(path, LESSONS)
    assert reading.solution_cells == {"check_cut_points": 2, "check_jumps_from": 5}
    assert not reading.tampering
