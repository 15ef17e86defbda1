"""The grades: each student's exercises, as a table, CSV files and JSON.

Every exercise gets one status:

- ``passed``: its check said correct;
- ``not yet``: its check ran and said not yet (its message says why);
- ``error``: its cell raised before the check answered;
- ``not run``: the notebook stopped (timed out, died) before its cell, or the check was never called there;
- ``missing``: no cell calls its check any more;
- ``tampered``: the notebook replaced a check (nothing in it counts).

Each exercise also says whether the notebook showed its worked solution (``solution(check_minimax)``): ``before``
(in a cell at or above the exercise's, so before its check ran), ``after``, or not at all (``""``). The table marks
the first with ``*``.

>>> from lessons_lib.grading.notebooks import Lesson
>>> lesson = Lesson("99_test", ("check_a", "check_b"), frozenset(), frozenset())
>>> reading = Reading(lesson, [(3, "check_a(a)")], {"check_a": 3})
>>> result = grade(reading, NotebookRun([{"start": 3}, {"done": True}], verdicts={"check_a": {"passed": True,
...     "message": "right"}}), "alice.ipynb", "alice")
>>> [(exercise.name, exercise.status) for exercise in result.exercises], result.score()
([('check_a', 'passed'), ('check_b', 'missing')], 1)
"""

from __future__ import annotations

import csv
import io
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import Any

from lessons_lib.tooling.text import shown, spreadsheet_cell
from lessons_lib.grading.notebooks import Reading
from lessons_lib.grading.sandboxed import NotebookRun

PASSED, NOT_YET, ERROR, NOT_RUN, MISSING, TAMPERED = "passed", "not yet", "error", "not run", "missing", "tampered"
SYMBOLS = {PASSED: "✔", NOT_YET: "✘", ERROR: "error", NOT_RUN: "not run", MISSING: "missing", TAMPERED: "tampered"}


@dataclass(frozen=True)
class ExerciseResult:
    """One exercise of one student: its check's name, status (see the module), the detail (a message) and its
    title in the lesson."""

    name: str
    status: str
    detail: str = ""
    title: str = ""
    solution_shown: str = ""
    """``before`` (the worked solution was shown at or above the exercise's cell), ``after``, or ``""``."""


@dataclass
class NotebookResult:
    """One student's notebook graded."""

    path: str
    student: str
    lesson: str
    exercises: list[ExerciseResult]
    problems: list[str] = field(default_factory=list)
    minutes: float | None = None

    def score(self) -> int:
        """The exercises passed."""
        return sum(exercise.status == PASSED for exercise in self.exercises)


def student_names(paths: list[str], lessons: set[str]) -> dict[str, str]:
    """Who handed in each notebook: the nearest part of its path, from the file up, that differs between the
    notebooks and is not a lesson's name (``class/alice.ipynb``: alice; nbgrader's
    ``submitted/alice/ps1/03_minimax_alphabeta.ipynb``: alice); failing that, the nearest that is not a lesson's
    name.

    >>> student_names(["c/alice.ipynb", "d/bob.ipynb"], set())
    {'c/alice.ipynb': 'alice', 'd/bob.ipynb': 'bob'}
    >>> student_names(["s/alice/ps1/03_x.ipynb", "s/bob/ps1/03_x.ipynb"], {"03_x"})
    {'s/alice/ps1/03_x.ipynb': 'alice', 's/bob/ps1/03_x.ipynb': 'bob'}
    >>> student_names(["alice/03_x.ipynb", "alice/04_y.ipynb"], {"03_x", "04_y"})
    {'alice/03_x.ipynb': 'alice', 'alice/04_y.ipynb': 'alice'}
    """
    def from_the_file_up(path: str) -> list[str]:  # not resolved: a link is named as handed in
        parts = list(reversed(Path(path).absolute().parts))
        return [parts[0].removesuffix(".ipynb"), *parts[1:]]

    ups = {path: from_the_file_up(path) for path in paths}
    differing = {level for level in range(max((len(up) for up in ups.values()), default=0))
                 if len({up[level] if level < len(up) else None for up in ups.values()}) > 1}
    names = {}
    for path, up in ups.items():
        usable = [level for level, part in enumerate(up) if part not in lessons and part != "/"]
        chosen = [level for level in usable if level in differing] or usable or [0]
        names[path] = readable(up[chosen[0]])
    return names


def readable(text: str) -> str:
    """A file's name as text that can be written anywhere: bytes that are not UTF-8 become �."""
    return text.encode("utf-8", "surrogateescape").decode("utf-8", "replace")


def grade(reading: Reading, run: NotebookRun, path: str | Path, student: str) -> NotebookResult:
    """The grades of ``student``'s notebook at ``path``, from what was read in it and what its run reported."""
    checks = run.verdicts
    errors = {event["cell"]: event["error"] for event in run.events if "error" in event}
    started = {event["start"] for event in run.events if "start" in event}
    tampering = reading.tampering + [event["tampered"] for event in run.events if "tampered" in event]
    exercises = [_with_solution(_exercise(name, reading, run, tampering, errors, started, checks), reading)
                 for name in reading.lesson.exercises]
    problems = [f"tampered with the checks: {'; '.join(tampering)}"] if tampering else []
    problems += [f"code cell {cell} raised {error}" for cell, error in sorted(errors.items())]
    problems += [run.stopped] if run.stopped else []
    return NotebookResult(readable(str(path)), student, reading.lesson.name, exercises,
                          problems, reading.minutes)


def _with_solution(result: ExerciseResult, reading: Reading) -> ExerciseResult:
    """``result`` with whether (and where) the notebook showed the exercise's worked solution."""
    shown_in, cell = reading.solution_cells.get(result.name), reading.exercise_cells.get(result.name)
    if shown_in is None:
        return result
    return replace(result, solution_shown="before" if cell is None or shown_in <= cell else "after")


def _exercise(name: str, reading: Reading, run: NotebookRun, tampering: list[str], errors: dict[int, str],
              started: set[int], checks: dict[str, dict[str, Any]]) -> ExerciseResult:
    """One exercise's grade (see :func:`grade`)."""
    cell = reading.exercise_cells.get(name)
    title = reading.lesson.title(name)
    if tampering:
        return ExerciseResult(name, TAMPERED, tampering[0], title)
    if cell is None:
        return ExerciseResult(name, MISSING, f"no cell calls {name} any more", title)
    if name in checks:
        passed = checks[name].get("passed") is True
        return ExerciseResult(name, PASSED if passed else NOT_YET, str(checks[name].get("message")), title)
    if cell in errors:
        return ExerciseResult(name, ERROR, f"code cell {cell} raised {errors[cell]}", title)
    if cell in started:
        return ExerciseResult(name, NOT_RUN, f"code cell {cell} ran but never called {name}"
                              if not run.stopped else f"code cell {cell}: {run.stopped}", title)
    return ExerciseResult(name, NOT_RUN, f"code cell {cell} was not reached: {run.stopped}", title)


COLUMN_WIDTH = 28
"""The widest an exercise's column is on the screen (its title cut to fit)."""


def column_title(title: str) -> str:
    """An exercise's title as a column's heading: without the word "Exercise", at most :data:`COLUMN_WIDTH`.

    >>> column_title("Exercise 2: write minimax"), column_title("Exercise 1: find the jumps from the graph alone")
    ('2: write minimax', '1: find the jumps from the…')
    """
    title = title.removeprefix("Exercise").strip() or title
    return title if len(title) <= COLUMN_WIDTH else title[:COLUMN_WIDTH - 1].rstrip() + "…"


def table(results: list[NotebookResult]) -> str:
    """A plain-text table: one block per lesson, a row per student, a column per exercise."""
    blocks = []
    for lesson in sorted({result.lesson for result in results}):
        rows = [result for result in results if result.lesson == lesson]
        names = [column_title(exercise.title or exercise.name) for exercise in rows[0].exercises]
        header = ["student", *names, "score", "minutes"]
        body = [[shown(row.student), *(SYMBOLS[exercise.status] + ("*" if exercise.solution_shown == "before" else "")
                                       for exercise in row.exercises),
                 f"{row.score()}/{len(names)}", "" if row.minutes is None else f"{row.minutes:.0f}"] for row in rows]
        widths = [max(len(line[column]) for line in [header, *body]) for column in range(len(header))]
        lines = [f"Lesson {lesson}"] + ["  ".join(cell.ljust(width) for cell, width in zip(line, widths)).rstrip()
                                        for line in [header, *body]]
        lines += [shown(f"  {row.student}: {problem}") for row in rows for problem in row.problems]
        if any(exercise.solution_shown == "before" for row in rows for exercise in row.exercises):
            lines.append("  * the notebook showed the exercise's worked solution before its check ran")
        blocks.append("\n".join(lines))
    return "\n\n".join(blocks)


def long_csv(results: list[NotebookResult]) -> str:
    """One row per student and exercise: ``student, lesson, exercise, title, status, points, solution_shown, detail,
    notebook`` (``exercise`` is its check's name, ``title`` its title in the lesson, ``solution_shown`` before, after
    or empty)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["student", "lesson", "exercise", "title", "status", "points", "solution_shown", "detail",
                     "notebook"])
    for result in results:
        for exercise in result.exercises:
            writer.writerow([cell(result.student), result.lesson, exercise.name, cell(exercise.title), exercise.status,
                             int(exercise.status == PASSED), exercise.solution_shown, cell(exercise.detail),
                             cell(result.path)])
    return out.getvalue()


def scores_csv(results: list[NotebookResult]) -> str:
    """One row per notebook, a column per exercise (1 passed, 0 not), then ``total, possible, percent_correct``:
    the shape of otter-grader's ``final_grades.csv``. An exercise's column is headed by its lesson's number and
    its title (``03 Exercise 2: write minimax``)."""
    headings = {(result.lesson, exercise.name): f"{result.lesson[:2]} {exercise.title or exercise.name}"
                for result in results for exercise in result.exercises}
    exercises = sorted(headings, key=lambda key: key[0])  # by lesson, each in its lesson's order
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["file", "student", "lesson", *(cell(headings[key]) for key in exercises), "total", "possible",
                     "percent_correct"])
    for result in results:
        points = {(result.lesson, exercise.name): int(exercise.status == PASSED) for exercise in result.exercises}
        possible = len(result.exercises)
        writer.writerow([cell(result.path), cell(result.student), result.lesson, *(points.get(name, "") for name in exercises),
                         result.score(), possible, f"{100 * result.score() / possible:.1f}" if possible else ""])
    return out.getvalue()


cell = spreadsheet_cell
"""Text for a spreadsheet's cell (see :func:`lessons_lib.tooling.text.spreadsheet_cell`)."""


def as_json(results: list[NotebookResult], bad_inputs: list[dict[str, str]]) -> dict[str, Any]:
    """Everything, for a program: each notebook's grades and the files that could not be graded."""
    return {"notebooks": [{**asdict(result), "score": result.score(), "possible": len(result.exercises)}
                          for result in results], "not_graded": bad_inputs}

