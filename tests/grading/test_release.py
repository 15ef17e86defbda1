"""``release``: the students' version is the suite as committed, with the lessons, their data and examples, and
no solution; a teacher's edits are named and left out; a lesson that shows a worked solution is refused.

Each test releases a copy of the suite committed in a temporary git repository (release_copies.py), never this
checkout, whose working files may hold anyone's uncommitted work.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from lessons_lib.cli.main import main
from lessons_lib.exercises.help import solution
from lessons_lib.grading.release import SOLUTIONS_TAG, release, release_files, working_tree
from grading.release_copies import (SOLUTION_CODE, code, commit_all, copy_of_the_suite, git, notebook, printed,
                            released_files, tiny_suite)

LESSON_11 = Path("notebooks/11_alphazero_in_miniature.ipynb")
LESSON_12 = Path("notebooks/12_solving_endgames.ipynb")


@pytest.fixture(scope="module")
def suite(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return copy_of_the_suite(tmp_path_factory.mktemp("suite"))


@pytest.fixture(scope="module")
def released(suite: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("release") / "students"
    assert release(str(folder), suite) == 0
    return folder


@pytest.fixture
def edited(suite: Path, tmp_path: Path) -> Path:
    """A clone of the suite, edited as a teacher works in JupyterLab: an answer typed into lesson 11's first
    exercise, lesson 12's worked solution shown, a change to the library staged, a new data file, an agent."""
    copy = tmp_path / "teacher"
    git(tmp_path, "clone", "-q", str(suite), str(copy))
    lesson = json.loads((copy / LESSON_11).read_text())
    exercise = next(cell for cell in lesson["cells"] if "check_puct_score(puct)" in "".join(cell["source"]))
    exercise["source"] = "".join(exercise["source"]).replace(
        "# your code here\n    return 0.0",
        "return (wins / visits if visits else 0.5) + c * prior * math.sqrt(parent_visits) / (1 + visits)")
    (copy / LESSON_11).write_text(json.dumps(lesson, indent=1))
    lesson = json.loads((copy / LESSON_12).read_text())
    shown = repr(solution("check_settle"))
    lesson["cells"].append(code("solution(check_settle)", [{
        "output_type": "execute_result", "execution_count": 9, "metadata": {},
        "data": {"text/markdown": shown.splitlines(keepends=True), "text/plain": shown.splitlines(keepends=True)}}]))
    (copy / LESSON_12).write_text(json.dumps(lesson, indent=1))
    with open(copy / "lessons_lib/exercises/strength.py", "a") as library:
        library.write("# the teacher's note\n")
    git(copy, "add", "lessons_lib/exercises/strength.py")
    (copy / "data/new_results.csv").write_text("a,b\n")
    (copy / "notebooks/my_agents/teachers_agent.py").write_text("")
    return copy


def code_cells(path: Path) -> list[str]:
    return ["".join(cell["source"]) for cell in json.loads(path.read_text())["cells"] if cell["cell_type"] == "code"]


def test_the_release_has_every_lesson_and_its_data_and_no_solution(suite: Path, released: Path) -> None:
    files = set(released_files(released))
    lessons = sorted(path.name for path in (suite / "notebooks").glob("[0-9][0-9]_*.ipynb"))
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


def test_a_released_lesson_is_the_lesson_without_its_pointers_to_solutions(suite: Path, released: Path) -> None:
    for lesson in (suite / "notebooks").glob("[0-9][0-9]_*.ipynb"):
        copy = released / "notebooks" / lesson.name
        assert code_cells(copy) == code_cells(lesson)
        cells = json.loads(lesson.read_text())["cells"]
        kept = [cell for cell in cells if SOLUTIONS_TAG not in cell.get("metadata", {}).get("tags", [])]
        assert len(json.loads(copy.read_text())["cells"]) == len(kept)
    pointers = [lesson.name for lesson in (suite / "notebooks").glob("[0-9][0-9]_*.ipynb")
                if "solutions/" in lesson.read_text()]
    assert len(pointers) >= 3  # the lessons do point to their solutions: the release takes the pointers out


def test_a_lesson_that_mentions_solutions_outside_a_tagged_cell_stops_the_release(suite: Path) -> None:
    tree = working_tree(suite)
    lesson = json.loads(tree[Path("notebooks/01_board_graph.ipynb")])
    lesson["cells"].append({"cell_type": "markdown", "metadata": {}, "source": "See solutions/01.ipynb."})
    tree[Path("notebooks/01_board_graph.ipynb")] = json.dumps(lesson).encode()
    with pytest.raises(ValueError, match=r"01_board_graph.ipynb still mentions solutions/ in its cell \d+ "
                                         r"\('See solutions/01.ipynb.'\): tag that cell 'solutions'"):
        release_files(tree)


def test_a_release_is_the_lessons_as_committed_and_names_the_edited_ones(
        edited: Path, released: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert release(str(tmp_path / "students"), edited) == 0
    assert released_files(tmp_path / "students") == released_files(released)  # no edit, no new file, no agent
    changed, new, summary = capsys.readouterr().out.splitlines()
    assert changed == (f"{LESSON_11.as_posix()}, {LESSON_12.as_posix()}, lessons_lib/exercises/strength.py have "
                       f"changes that are not committed: released as committed (commit the changes to release them)")
    assert new == "data/new_results.csv is not committed: left out (commit to release)"
    assert summary.endswith("lessons as committed, no solutions.")


def test_working_files_refuse_a_lesson_whose_output_shows_a_worked_solution(
        edited: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr("lessons_lib.grading.release.ROOT", edited)
    assert main(["release", "--working-files", str(tmp_path / "students")]) == 2
    error = capsys.readouterr().err
    cell = len(json.loads((edited / LESSON_12).read_text())["cells"])
    assert error == (f"python -m lessons_lib release: {LESSON_12.as_posix()}: the output of its cell {cell} "
                     f"('solution(check_settle)') shows the worked solution of check_settle: clear that cell's "
                     f"output and save the lesson, or restore the lesson from the suite (git checkout FILE, or the "
                     f"file from a fresh download)\n")
    assert not (tmp_path / "students").exists()


def test_working_files_are_released_as_they_are(edited: Path, tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    git(edited, "checkout", "--", LESSON_12.as_posix())  # the teacher restores lesson 12 from the suite
    assert release(str(tmp_path / "students"), edited, working_files=True) == 0
    assert "math.sqrt(parent_visits)" in (tmp_path / "students" / LESSON_11).read_text()  # the answer typed in
    assert (tmp_path / "students/data/new_results.csv").exists()
    assert not (tmp_path / "students/notebooks/my_agents/teachers_agent.py").exists()
    assert capsys.readouterr().out.splitlines()[-1].endswith("lessons as they are in this copy, no solutions.")


def test_a_worked_solution_shown_without_its_heading_is_found_by_its_code(tmp_path: Path) -> None:
    tree = working_tree(tiny_suite(tmp_path))
    lesson = Path("notebooks/01_doubling.ipynb")
    for output, found in ((printed(SOLUTION_CODE), "a worked solution's code"),
                          (printed("in notebooks/solutions/01_doubling.ipynb"), "mentions solutions/")):
        tree[lesson] = notebook(code("print(open(name).read())", [output])).encode()
        with pytest.raises(ValueError, match=f"01_doubling.ipynb: the output of its cell 1 .* {found}: clear that "
                                             f"cell's output and commit the lesson"):
            release_files(tree)
    tree[lesson] = notebook(code("double(2)", [printed("4\ncheck_double(double)\n")])).encode()
    assert release_files(tree)[lesson]


def test_a_copy_that_is_not_a_git_checkout_is_refused_unless_its_working_files_are_asked_for(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("GIT_CEILING_DIRECTORIES", str(tmp_path))  # no repository above is looked for
    copy = tiny_suite(tmp_path / "download")
    (copy / "notebooks/02_linked.ipynb").symlink_to(copy / "notebooks/solutions/01_doubling.ipynb")
    with pytest.raises(ValueError, match=r"^this copy \(.*download'\) is not a git checkout \(a zip download\?\), so "
                                         r"release cannot tell the lessons as committed from your edits: pass "
                                         r"--working-files to release the files as they are"):
        release(str(tmp_path / "students"), copy)
    assert not (tmp_path / "students").exists()
    assert release(str(tmp_path / "students"), copy, working_files=True) == 0
    assert released_files(tmp_path / "students").keys() == {
        "README.md", "pyproject.toml", "lessons_lib/__init__.py", "lessons_lib/exercises/doubling.py",
        "docs/rules/game.md", "data/board.json", "notebooks/01_doubling.ipynb"}  # no link, as from a commit


def test_without_git_or_a_commit_the_release_says_so(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    copy = tiny_suite(tmp_path / "copy")
    git(copy, "init", "-q")
    with pytest.raises(ValueError, match="^this copy's git repository has no commit yet, so release cannot tell "
                                         "the lessons as committed from your edits: commit the lessons, or pass "
                                         "--working-files"):
        release(str(tmp_path / "students"), copy)
    (tmp_path / "no_programs").mkdir()
    monkeypatch.setenv("PATH", str(tmp_path / "no_programs"))
    with pytest.raises(ValueError, match="^git is not installed, so release cannot tell the lessons as committed "
                                         "from your edits: install git, or pass --working-files"):
        release(str(tmp_path / "students"), copy)
    assert not (tmp_path / "students").exists()


def test_a_suite_in_a_folder_of_a_larger_repository(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "school").mkdir()
    (tmp_path / "school/timetable.md").write_text("Mondays.\n")
    commit_all(tmp_path / "school")
    course = tiny_suite(tmp_path / "school/course")
    with pytest.raises(ValueError, match=r"^the git repository around this copy \(.*school'\) does not hold its "
                                         r"lessons \(they are not committed there\)"):
        release(str(tmp_path / "students"), course)
    (course / "notebooks/02_linked.ipynb").symlink_to("solutions/01_doubling.ipynb")
    commit_all(tmp_path / "school")
    (course / "notebooks/01_doubling.ipynb").write_text(notebook(code("print('mine')")))
    assert release(str(tmp_path / "students"), course) == 0
    assert capsys.readouterr().out.startswith("notebooks/01_doubling.ipynb has changes that are not committed")
    assert "print('mine')" not in (tmp_path / "students/notebooks/01_doubling.ipynb").read_text()
    assert "check_double(double)" in (tmp_path / "students/notebooks/01_doubling.ipynb").read_text()
    assert not (tmp_path / "students/notebooks/02_linked.ipynb").exists()  # a link committed is no file


def test_a_lesson_jupyter_cannot_read_is_named_in_one_line(tmp_path: Path) -> None:
    copy = tiny_suite(tmp_path / "copy")
    lesson = copy / "notebooks/01_doubling.ipynb"
    for text, reason in (("{", "Expecting property name"), ("[]", "it has no list of cells"),
                         ('{"cells": [1]}', "it has no list of cells")):
        lesson.write_text(text)
        with pytest.raises(ValueError, match=f"^notebooks/01_doubling.ipynb is not a notebook Jupyter can read: "
                                             f".*{reason}"):
            release(str(tmp_path / "students"), copy, working_files=True)
