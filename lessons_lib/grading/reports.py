"""The grades: each student's exercises, as a table, CSV files and JSON.

Every exercise gets one status:

- ``passed``: its check said correct;
- ``not yet``: its check ran and said not yet (its message says why);
- ``error``: its cell raised before the check answered;
- ``not run``: the notebook stopped (timed out, died) before its cell, or the check was never called there;
- ``missing``: no cell calls its check any more;
- ``tampered``: the notebook replaced a check (nothing in it counts);
- ``grader failed``: the grader itself failed on the notebook (a bug of ours, not the student's): grade it again,
  and report it.

Each exercise earns points (see :mod:`~lessons_lib.grading.points`: 1 by default, partial credit where its check
gives a share of its cases), and says whether the notebook showed its worked solution (``solution(check_minimax)``):
``before`` (in a cell at or above the exercise's, so before its check ran), ``after``, ``unclear`` (the notebook
reaches ``solution`` in a way the grader cannot follow) or not at all (``""``). The table marks the first with ``*``,
the third with ``?``.

>>> from lessons_lib.grading.notebooks import Lesson
>>> lesson = Lesson("99_test", ("check_a", "check_b"), frozenset(), frozenset())
>>> reading = Reading(lesson, [(3, "check_a(a)")], {"check_a": 3})
>>> result = grade(reading, NotebookRun([{"start": 3}, {"done": True}], verdicts={"check_a": {"passed": True,
...     "message": "right"}}), "alice.ipynb", "alice")
>>> [(exercise.name, exercise.status) for exercise in result.exercises], result.score(), result.possible()
([('check_a', 'passed'), ('check_b', 'missing')], 1.0, 2.0)
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Mapping
from dataclasses import asdict, dataclass, field, replace
from datetime import datetime
from pathlib import Path
from typing import Any

from lessons_lib.grading.due import how_late, iso, late_seconds
from lessons_lib.grading.notebooks import Lesson, Reading
from lessons_lib.grading.points import DEFAULT_POINTS, points_earned, share_of_cases
from lessons_lib.grading.sandboxed import NotebookRun
from lessons_lib.tooling.text import distinct_names, shown, spreadsheet_cell

PASSED, NOT_YET, ERROR, NOT_RUN, MISSING, TAMPERED = "passed", "not yet", "error", "not run", "missing", "tampered"
GRADER_FAILED = "grader failed"
SYMBOLS = {PASSED: "✔", NOT_YET: "✘", ERROR: "error", NOT_RUN: "not run", MISSING: "missing", TAMPERED: "tampered",
           GRADER_FAILED: "grader failed"}


@dataclass(frozen=True)
class ExerciseResult:
    """One exercise of one student: its check's name, status (see the module), the detail (a message) and its
    title in the lesson."""

    name: str
    status: str
    detail: str = ""
    title: str = ""
    solution_shown: str = ""
    """``before`` (the worked solution was shown at or above the exercise's cell), ``after``, ``unclear`` or ``""``."""
    points: float = 0.0
    """The points earned (see :mod:`~lessons_lib.grading.points`)."""
    possible: float = DEFAULT_POINTS
    share: float | None = None
    """The share of its cases the check said were right (0 to 1), where it says."""
    hint_cells: tuple[int, ...] = ()
    """The code cells that asked for a hint of the exercise, a cell once for each hint."""


@dataclass
class NotebookResult:
    """One student's notebook graded: ``handed_in`` is its file's time, ``late`` how many seconds after the due
    date it came (None: in time, or no due date)."""

    path: str
    student: str
    lesson: str
    exercises: list[ExerciseResult]
    problems: list[str] = field(default_factory=list)
    minutes: float | None = None
    handed_in: str = ""
    late: float | None = None

    def score(self) -> float:
        """The points earned."""
        return round(sum(exercise.points for exercise in self.exercises), 2)

    def possible(self) -> float:
        """The points the lesson's exercises are worth."""
        return round(sum(exercise.possible for exercise in self.exercises), 2)


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


def grade(reading: Reading, run: NotebookRun, path: str | Path, student: str,
          points: Mapping[str, float] | None = None, handed_in: datetime | None = None,
          due: datetime | None = None) -> NotebookResult:
    """The grades of ``student``'s notebook at ``path``, from what was read in it and what its run reported, with
    each exercise's ``points`` (by check; 1 if not given), and how late it was if it was handed in (its file's time)
    after ``due``."""
    checks = run.verdicts
    errors = {event["cell"]: event["error"] for event in run.events if "error" in event}
    started = {event["start"] for event in run.events if "start" in event}
    tampering = reading.tampering + [event["tampered"] for event in run.events if "tampered" in event]
    exercises = [_with_points(_with_help(_exercise(name, reading, run, tampering, errors, started, checks), reading),
                              (points or {}).get(name, DEFAULT_POINTS)) for name in reading.lesson.exercises]
    problems = [f"tampered with the checks: {'; '.join(tampering)}"] if tampering else []
    problems += [f"code cell {cell} raised {error}" for cell, error in sorted(errors.items())]
    problems += [run.stopped] if run.stopped else []
    problems += [f"reaches solution() or hint() in a way the grader cannot follow: {line}"
                 for line in reading.help_unclear]
    return NotebookResult(readable(str(path)), student, reading.lesson.name, exercises, problems, reading.minutes,
                          iso(handed_in), late_seconds(handed_in, due))


def grader_failed(path: str | Path, student: str, lesson: Lesson | None, error: BaseException,
                  points: Mapping[str, float] | None = None, handed_in: datetime | None = None,
                  due: datetime | None = None) -> NotebookResult:
    """The row of a notebook the grader failed on (a bug of ours): every exercise of its lesson (None: not known)
    ``grader failed``, with why in one line."""
    try:
        said = str(error)
    except Exception:  # an error that cannot say what it is  # noqa: BLE001
        said = "(its message cannot be shown)"
    line = f"the grader failed on this notebook: {type(error).__name__}: {said}"
    line = shown(line if len(line) <= 300 else line[:299] + "…")
    exercises = [] if lesson is None else [
        ExerciseResult(name, GRADER_FAILED, line, lesson.title(name), possible=(points or {}).get(name, DEFAULT_POINTS))
        for name in lesson.exercises]
    return NotebookResult(readable(str(path)), student, lesson.name if lesson is not None else "unknown", exercises,
                          [f"{line} (grade it again; if it fails again, report it)"], None, iso(handed_in),
                          late_seconds(handed_in, due))


def _with_help(result: ExerciseResult, reading: Reading) -> ExerciseResult:
    """``result`` with whether (and where) the notebook showed the exercise's worked solution, and the cells that
    asked for its hints."""
    hints = tuple(reading.hint_cells.get(result.name, ()))
    shown_in, cell = reading.solution_cells.get(result.name), reading.exercise_cells.get(result.name)
    if shown_in is None:
        return replace(result, hint_cells=hints, solution_shown="unclear" if reading.help_unclear else "")
    return replace(result, hint_cells=hints,
                   solution_shown="before" if cell is None or shown_in <= cell else "after")


def _with_points(result: ExerciseResult, possible: float) -> ExerciseResult:
    """``result`` with the points it earns of ``possible``."""
    return replace(result, points=points_earned(result.status, result.share, possible), possible=possible)


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
        message, share = str(checks[name].get("message")), share_of_cases(checks[name])
        if not passed and reading.lesson.as_given(name, reading.answer_sources.get(name)):
            message, share = f"{message} (the code is still as the lesson gives it: no credit for its cases)", 0.0
        return ExerciseResult(name, PASSED if passed else NOT_YET, message, title, share=share)
    if cell in errors:
        return ExerciseResult(name, ERROR, f"code cell {cell} raised {errors[cell]}", title)
    if cell in started:
        return ExerciseResult(name, NOT_RUN, f"code cell {cell} ran but never called {name}"
                              if not run.stopped else f"code cell {cell}: {run.stopped}", title)
    return ExerciseResult(name, NOT_RUN, f"code cell {cell} was not reached: {run.stopped}", title)


COLUMN_WIDTH = 28
"""The widest an exercise's column is on the screen (its title cut to fit)."""
EXERCISE_WORD = re.compile(r"^\s*Exercise\b[\s:.,;\-\u2013\u2014]*", re.IGNORECASE)


def column_title(title: str) -> str:
    """An exercise's title as a column's heading: without the word "Exercise" (and the punctuation after it), at
    most :data:`COLUMN_WIDTH`.

    >>> column_title("Exercise 2: write minimax"), column_title("Exercise 1: find the jumps from the graph alone")
    ('2: write minimax', '1: find the jumps from the…')
    >>> column_title("Exercise: one position's value"), column_title("Exercise"), column_title("Exercises")
    ("one position's value", 'Exercise', 'Exercises')
    """
    title = EXERCISE_WORD.sub("", title, count=1).strip() or title.strip() or title
    return title if len(title) <= COLUMN_WIDTH else title[:COLUMN_WIDTH - 1].rstrip() + "…"


def number(value: float) -> str:
    """Points as written: ``3``, ``1.5``, ``0.33``."""
    return f"{round(value, 2):g}"


def mark(exercise: ExerciseResult) -> str:
    """An exercise's cell in the table: its status's symbol, ``*`` if the worked solution was shown before its check
    ran (``?`` if the grader cannot tell), and the points earned where a check gave part of them."""
    text = SYMBOLS[exercise.status] + {"before": "*", "unclear": "?"}.get(exercise.solution_shown, "")
    return text + (f" {number(exercise.points)}" if exercise.status != PASSED and exercise.points else "")


def table(results: list[NotebookResult], due: datetime | None = None) -> str:
    """A plain-text table: one block per lesson, a row per student, a column per exercise (with its points, where
    they are not all 1); and a ``late`` column if there is a due date."""
    names = distinct_names(result.student for result in results)
    blocks = []
    for lesson in sorted({result.lesson for result in results}):
        rows = [result for result in results if result.lesson == lesson]
        first = max(rows, key=lambda row: len(row.exercises)).exercises
        weighted = any(exercise.possible != DEFAULT_POINTS for row in rows for exercise in row.exercises)
        headings = [column_title(exercise.title or exercise.name) + (f" ({number(exercise.possible)})" if weighted
                                                                       else "") for exercise in first]
        header = ["student", *headings, "score", "minutes", *(["late"] if due is not None else [])]
        body = [[names[row.student], *(mark(exercise) for exercise in row.exercises),
                 *([""] * (len(first) - len(row.exercises))), f"{number(row.score())}/{number(row.possible())}",
                 "" if row.minutes is None else f"{row.minutes:.0f}",
                 *([how_late(row.late)] if due is not None else [])] for row in rows]
        widths = [max(len(line[column]) for line in [header, *body]) for column in range(len(header))]
        lines = [f"Lesson {shown(lesson)}"] + ["  ".join(cell.ljust(width) for cell, width in zip(line, widths))
                                               .rstrip() for line in [header, *body]]
        lines += [f"  {names[row.student]}: {shown(problem)}" for row in rows for problem in row.problems]
        shown_how = {exercise.solution_shown for row in rows for exercise in row.exercises}
        if "before" in shown_how:
            lines.append("  * the notebook showed the exercise's worked solution before its check ran")
        if "unclear" in shown_how:
            lines.append("  ? the grader cannot tell whether the notebook showed the exercise's worked solution")
        blocks.append("\n".join(lines))
    if due is not None:
        blocks.append(f"Due {iso(due)}: late is after it, by the notebook's file time (not taken off the points).")
    return "\n\n".join(blocks)


LONG_COLUMNS = ("student", "lesson", "exercise", "title", "status", "points", "possible", "share", "solution_shown",
                "hints", "handed_in", "late_hours", "detail", "notebook")


def long_csv(results: list[NotebookResult]) -> str:
    """One row per student and exercise: ``student, lesson, exercise, title, status, points, possible, share,
    solution_shown, hints, handed_in, late_hours, detail, notebook`` (``exercise`` is its check's name, ``title``
    its title in the lesson, ``points`` those earned of ``possible``, ``share`` the share of its cases the check
    said were right where it says, ``solution_shown`` before, after, unclear or empty, ``hints`` how many were
    asked for, ``handed_in`` the file's time in UTC, ``late_hours`` how late after the due date, empty if in time or
    with no due date)."""
    names = distinct_names(result.student for result in results)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(LONG_COLUMNS)
    for result in results:
        for exercise in result.exercises:
            writer.writerow([cell(names[result.student]), result.lesson, exercise.name, cell(exercise.title),
                             exercise.status, number(exercise.points), number(exercise.possible),
                             "" if exercise.share is None else round(exercise.share, 4), exercise.solution_shown,
                             len(exercise.hint_cells), result.handed_in, hours(result.late), cell(exercise.detail),
                             cell(result.path)])
    return out.getvalue()


def hours(seconds: float | None) -> str:
    """Seconds late as hours, to the hundredth (empty if None)."""
    return "" if seconds is None else f"{seconds / 3600:.2f}"


def scores_csv(results: list[NotebookResult]) -> str:
    """One row per notebook, a column per exercise (the points earned), then ``total, possible, percent_correct``:
    the shape of otter-grader's ``final_grades.csv``; then ``solution_shown_first`` (the exercises whose worked
    solution the notebook showed before their check ran, so full points may have been earned after it was shown:
    their columns' headings, separated by ``; ``), ``handed_in`` and ``late_hours``. An exercise's column is headed
    by its lesson's number and its title (``03 Exercise 2: write minimax``)."""
    names = distinct_names(result.student for result in results)
    headings = {(result.lesson, exercise.name): f"{result.lesson[:2]} {exercise.title or exercise.name}"
                for result in results for exercise in result.exercises}
    exercises = sorted(headings, key=lambda key: key[0])  # by lesson, each in its lesson's order
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["file", "student", "lesson", *(cell(headings[key]) for key in exercises), "total", "possible",
                     "percent_correct", "solution_shown_first", "handed_in", "late_hours"])
    for result in results:
        points = {(result.lesson, exercise.name): number(exercise.points) for exercise in result.exercises}
        first = [headings[(result.lesson, exercise.name)] for exercise in result.exercises
                 if exercise.solution_shown == "before"]
        possible = result.possible()
        writer.writerow([cell(result.path), cell(names[result.student]), result.lesson,
                         *(points.get(name, "") for name in exercises), number(result.score()), number(possible),
                         f"{100 * result.score() / possible:.1f}" if possible else "", cell("; ".join(first)),
                         result.handed_in, hours(result.late)])
    return out.getvalue()


cell = spreadsheet_cell
"""Text for a spreadsheet's cell (see :func:`lessons_lib.tooling.text.spreadsheet_cell`)."""


def as_json(results: list[NotebookResult], bad_inputs: list[dict[str, str]], due: datetime | None = None
            ) -> dict[str, Any]:
    """Everything, for a program: each notebook's grades (``student`` as handed in, ``shown_as`` as the tables show
    it) and the files that could not be graded."""
    names = distinct_names(result.student for result in results)
    return {"due": iso(due) or None,
            "notebooks": [{**asdict(result), "shown_as": names[result.student], "score": result.score(),
                           "possible": result.possible()} for result in results], "not_graded": bad_inputs}
