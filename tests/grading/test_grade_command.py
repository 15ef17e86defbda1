"""``python -m lessons_lib grade``: students' notebooks run in the sandbox, each check reported, bad files named."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from typing import Any

import pytest

import lessons_lib
from lessons_lib.cli.main import main
from lessons_lib.grading.notebooks import LESSONS_FOLDER

SOLVED = LESSONS_FOLDER / "solutions" / "01_board_graph.ipynb"
UNSOLVED = LESSONS_FOLDER / "01_board_graph.ipynb"
FIRST_EXERCISE = "def jumps_from("  # the cell of exercise 1 (check_jumps_from) in the solution
SECOND_EXERCISE = "cut_points = "  # the cell of exercise 2 (check_cut_points)


def solved_with(path: Path, before: str, code: str) -> Path:
    """The solved lesson with ``code`` put at the top of the first code cell that begins with ``before``."""
    notebook = json.loads(SOLVED.read_text())
    cell = next(cell for cell in notebook["cells"] if "".join(cell["source"]).startswith(before))
    cell["source"] = code + "\n" + "".join(cell["source"])
    path.write_text(json.dumps(notebook))
    return path


def grade(paths: list[Path | str], capsys: pytest.CaptureFixture[str], *options: str) -> tuple[int, dict[str, Any],
                                                                                                   str]:
    status = main(["grade", *map(str, paths), "--json", *options])
    captured = capsys.readouterr()
    return status, json.loads(captured.out), captured.err


def statuses(report: dict[str, Any]) -> dict[str, list[str]]:
    return {Path(notebook["path"]).stem: [exercise["status"] for exercise in notebook["exercises"]]
            for notebook in report["notebooks"]}


def test_a_folder_of_notebooks_is_graded_each_as_it_is(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "class"
    folder.mkdir()
    (folder / "solved.ipynb").write_text(SOLVED.read_text())
    (folder / "unsolved.ipynb").write_text(UNSOLVED.read_text())
    solved_with(folder / "raises.ipynb", FIRST_EXERCISE, "raise RuntimeError('my bug')")
    solved_with(folder / "hangs.ipynb", SECOND_EXERCISE, "while True:\n    pass")
    (folder / "notes.ipynb").write_text("these are my notes, not a notebook")
    status, report, errors = grade(sorted(folder.iterdir()), capsys, "--seconds", "60")
    assert status == 2
    assert statuses(report) == {
        "hangs": ["passed", "not run"], "raises": ["error", "passed"], "solved": ["passed", "passed"],
        "unsolved": ["not yet", "not yet"],
    }
    notebooks = {Path(notebook["path"]).stem: notebook for notebook in report["notebooks"]}
    assert all(notebook["student"] == name for name, notebook in notebooks.items())
    assert "timed out after 60 s in code cell" in notebooks["hangs"]["problems"][0]
    assert "RuntimeError: my bug" in notebooks["raises"]["exercises"][0]["detail"]
    assert report["not_graded"] == [{"path": str(folder / "notes.ipynb"), "problem": "not a notebook (not JSON)"}]
    assert f"{folder / 'notes.ipynb'}': not a notebook (not JSON)" in errors


def test_bad_files_get_one_line_each_and_the_others_are_graded(tmp_path: Path,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    other_suite = tmp_path / "pandas_intro.ipynb"
    other_suite.write_text(json.dumps({"nbformat": 4, "nbformat_minor": 5, "metadata": {}, "cells": [
        {"cell_type": "code", "source": "import pandas", "metadata": {}, "outputs": [], "execution_count": None}]}))
    bad = [tmp_path / "missing.ipynb", tmp_path, other_suite]
    status, report, errors = grade([*bad, SOLVED], capsys)
    assert status == 2 and statuses(report) == {"01_board_graph": ["passed", "passed"]}
    lines = [line for line in errors.splitlines() if not line.startswith("graded ")]
    assert len(lines) == 3 and all(str(path) in line for path, line in zip(bad, lines))
    assert "Traceback" not in errors
    assert status == main(["grade", str(tmp_path / "missing.ipynb")]) == 2


def test_a_notebook_that_replaces_a_check_while_it_runs_is_reported_and_scores_nothing(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    sneaky = ("import importlib\nmodule = importlib.import_module('lessons_lib.' + 'exer' + 'cises.board_graph')\n"
              "setattr(module, 'check_' + 'cut_points', lambda answer: True)")
    path = solved_with(tmp_path / "sneaky.ipynb", SECOND_EXERCISE, sneaky)
    _, report, _ = grade([path], capsys)
    notebook = report["notebooks"][0]
    assert statuses(report) == {"sneaky": ["tampered", "tampered"]} and notebook["score"] == 0
    assert "replaced lessons_lib.exercises.board_graph.check_cut_points" in notebook["problems"][0]


def test_printing_a_result_or_redefining_a_check_earns_nothing(tmp_path: Path,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    fake = '{"token": "guess", "check": "check_jumps_from", "cell": 2, "passed": true, "message": "x"}'
    printing = solved_with(tmp_path / "printing.ipynb", FIRST_EXERCISE,
                           f"import os\nos.write(1, b'{fake}\\n')\nprint('{fake}')\nraise SystemExit")
    _, report, _ = grade([printing, UNSOLVED], capsys)
    assert statuses(report) == {"printing": ["error", "passed"], "01_board_graph": ["not yet", "not yet"]}


def test_the_students_code_never_runs_in_the_graders_process(tmp_path: Path,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    marker = tmp_path / "written-by-the-student"
    path = solved_with(tmp_path / "reach.ipynb", FIRST_EXERCISE,
                       f"import lessons_lib\nlessons_lib.REACHED = True\nopen({str(marker)!r}, 'w').close()")
    _, report, _ = grade([path], capsys)
    assert not hasattr(lessons_lib, "REACHED")
    if report["notebooks"][0]["exercises"][0]["status"] == "error":  # bubblewrap: the grader's files are not there
        assert not marker.exists()
    assert statuses(report)["reach"][1] == "passed"


def test_the_csv_files_have_a_row_per_exercise_and_a_row_per_notebook(tmp_path: Path,
                                                                       capsys: pytest.CaptureFixture[str]) -> None:
    long, scores = tmp_path / "long.csv", tmp_path / "scores.csv"
    status = main(["grade", str(SOLVED), str(UNSOLVED), "--csv", str(long), "--scores-csv", str(scores)])
    table = capsys.readouterr().out
    assert status == 0 and "Lesson 01_board_graph" in table and "2/2" in table and "0/2" in table
    assert "1: find the jumps from the…  2: the points that hold the…" in table  # the titles head the columns
    rows = list(csv.DictReader(io.StringIO(long.read_text())))
    assert [(row["exercise"], row["status"], row["points"]) for row in rows] == [
        ("check_jumps_from", "passed", "1"), ("check_cut_points", "passed", "1"),
        ("check_jumps_from", "not yet", "0"), ("check_cut_points", "not yet", "0")]
    assert rows[1]["title"] == "Exercise 2: the points that hold the board together"
    totals = list(csv.DictReader(io.StringIO(scores.read_text())))
    second = "01 Exercise 2: the points that hold the board together"
    assert list(totals[0])[3:5] == ["01 Exercise 1: find the jumps from the graph alone", second]
    assert [(row[second], row["total"], row["possible"], row["percent_correct"]) for row in totals] == [
        ("1", "2", "2", "100.0"), ("0", "0", "2", "0.0")]



def test_without_bubblewrap_the_notebooks_run_as_plain_processes_with_the_same_grades(tmp_path: Path) -> None:
    import os
    import subprocess
    import sys

    solved, unsolved = tmp_path / "solved.ipynb", tmp_path / "unsolved.ipynb"
    solved.write_text(SOLVED.read_text())
    unsolved.write_text(UNSOLVED.read_text())
    raises = solved_with(tmp_path / "raises.ipynb", FIRST_EXERCISE, "raise RuntimeError('my bug')")
    environment = {**os.environ, "SHOLOGUTI_SANDBOX": "process"}
    graded = subprocess.run([sys.executable, "-m", "lessons_lib", "grade", str(solved), str(unsolved), str(raises),
                             "--json"], capture_output=True, text=True, env=environment, timeout=600, check=True)
    assert statuses(json.loads(graded.stdout)) == {
        "solved": ["passed", "passed"], "unsolved": ["not yet", "not yet"], "raises": ["error", "passed"]}


def test_every_worked_solution_passes_when_graded(tmp_path: Path) -> None:
    """Each solution notebook, graded as a student's hand-in (its checks run in the grader, its code in the
    sandbox), passes every exercise of its lesson: no check refuses a right answer across the wall."""
    import subprocess
    import sys

    solutions = sorted((LESSONS_FOLDER / "solutions").glob("[0-9][0-9]_*.ipynb"))
    graded = subprocess.run([sys.executable, "-P", "-m", "lessons_lib", "grade", *map(str, solutions), "--json",
                             "--jobs", "2", "--seconds", "1200"],  # right answers, not speed: a busy machine is slow
                            capture_output=True, text=True, timeout=3000, cwd=tmp_path)
    assert graded.returncode == 0, graded.stderr
    report = json.loads(graded.stdout)
    assert len(report["notebooks"]) == len(solutions) >= 10
    not_passed = [(book["lesson"], exercise["name"], exercise["detail"]) for book in report["notebooks"]
                  for exercise in book["exercises"] if exercise["status"] != "passed"]
    assert not_passed == []


def test_grade_says_which_exercises_showed_their_worked_solution_and_where(tmp_path: Path,
                                                                          capsys: pytest.CaptureFixture[str]) -> None:
    shown = "from lessons_lib.exercises.help import solution\nsolution(check_jumps_from)"
    early = solved_with(tmp_path / "ann.ipynb", FIRST_EXERCISE, shown)
    late = solved_with(tmp_path / "ben.ipynb", SECOND_EXERCISE, shown)
    status, report, _ = grade([early, late], capsys)
    assert status == 0 and statuses(report) == {"ann": ["passed", "passed"], "ben": ["passed", "passed"]}
    assert {Path(notebook["path"]).stem: [exercise["solution_shown"] for exercise in notebook["exercises"]]
            for notebook in report["notebooks"]} == {"ann": ["before", ""], "ben": ["after", ""]}
    assert main(["grade", str(early), str(late)]) == 0
    table = capsys.readouterr().out
    assert "✔*" in table and "* the notebook showed the exercise's worked solution before its check ran" in table


def test_points_feedback_pages_and_a_due_date_on_real_notebooks(tmp_path: Path,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    """Collected from home folders, graded with points, a due date and a feedback page each."""
    import os

    homes, collected, feedback = tmp_path / "home", tmp_path / "class", tmp_path / "feedback"
    for student, source, day in (("ann", SOLVED, 1), ("b\u043eb", UNSOLVED, 3), ("bob", SOLVED, 2)):
        path = homes / student / "notebooks" / "01_board_graph.ipynb"
        path.parent.mkdir(parents=True)
        path.write_text(source.read_text())
        os.utime(path, (1796083200 + day * 86400, 1796083200 + day * 86400))  # 2026-12-0{day + 1} 00:00 UTC
    assert main(["collect", "01", "--from", str(homes), "--to", str(collected)]) == 0
    assert capsys.readouterr().out == f"3 files of 3 students collected in {collected}\n"
    points = tmp_path / "points.toml"
    points.write_text("check_jumps_from = 3\n")
    status, report, _ = grade(sorted(collected.glob("*/*.ipynb")), capsys, "--points", str(points),
                              "--due", "2026-12-03T12:00Z", "--feedback", str(feedback))
    assert status == 0
    books = {book["student"]: book for book in report["notebooks"]}
    assert (books["ann"]["score"], books["ann"]["possible"], books["ann"]["late"]) == (4.0, 4.0, None)
    assert books["b\u043eb"]["score"] < 4 and books["b\u043eb"]["late"] == 12 * 3600.0
    assert books["b\u043eb"]["shown_as"] == "b\u043eb [b\\u043eb]"
    pages = sorted(path.name for path in feedback.iterdir())
    assert pages[0] == "ann--01_board_graph.html" and pages[1].startswith("b_b--01_board_graph-")
    assert pages[2] == "bob--01_board_graph.html" and books["bob"]["shown_as"] == "bob"
    bob = (feedback / pages[1]).read_text()
    message = books["b\u043eb"]["exercises"][0]["detail"]
    assert message and __import__("html").escape(message) in bob and "by 12 h" in bob
