"""``python -m lessons_lib grade NOTEBOOK...``: run each student's notebook in the sandbox and report each check.

A file that cannot be graded (missing, a folder, a link, not a notebook, not a lesson of this
suite) gets one line on standard error, the others are graded, and the exit status is 2. A
notebook that raises, hangs or tampers with its checks is graded: that is its result. A
notebook the grader itself fails on (a bug of ours) still gets its row, ``grader failed``, and
the exit status is 2. The grader reads each file's bytes (at most 50 MB, never through a link);
everything else, even parsing it, happens in the sandbox. The table or JSON is printed first,
then the files are written (``--csv``, ``--scores-csv``, ``--feedback``, ``--similarity``): one
that cannot be written is one line, and the others are still written.
"""

from __future__ import annotations

import argparse
import glob
import json
import os
import sys
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from lessons_lib.cli.options import (
    file_to_write, folder_to_write, outputs_apart, quoted_path, sandbox_choice, seconds, shown, whole_number,
)
from lessons_lib.grading.due import due_date
from lessons_lib.grading.notebooks import MAX_NOTEBOOK_BYTES, Reading, load_lessons
from lessons_lib.grading.points import read_points
from lessons_lib.grading.reports import (
    NotebookResult, as_json, grade, grader_failed, long_csv, readable, scores_csv, student_names, table,
)
from lessons_lib.grading.similarity import DEFAULT_THRESHOLD
from lessons_lib.tooling.text import distinct_names
from lessons_lib.grading.sandboxed import DEFAULT_MEMORY_MB, DEFAULT_SECONDS, NotebookRun, not_gradable, run_notebook
from lessons_lib.sandbox.handins import Handin, HandinRefused, read_handin
from lessons_lib.sandbox.isolation import announce_mode, choose_mode, sandbox_mode
from lessons_lib.sandbox.running import SandboxProblem

MAX_JOBS = 64


def add_parser(commands: Any) -> None:
    """Add the ``grade`` subcommand to an argparse subparsers object."""
    parser = commands.add_parser(
        "grade", help="run students' notebooks in the sandbox and report which checks passed",
        description="Run each NOTEBOOK (a student's copy of a lesson) in the sandbox and report, for each exercise, "
                    "whether its check passed: a table, or --json; --csv and --scores-csv write files too.")
    parser.add_argument("notebooks", nargs="+", metavar="NOTEBOOK")
    parser.add_argument("--seconds", default=str(DEFAULT_SECONDS), type=seconds,
                        help=f"time limit of a whole notebook, by the clock (default {DEFAULT_SECONDS:g})")
    parser.add_argument("--memory-mb", default=str(DEFAULT_MEMORY_MB), type=whole_number(200, 64_000),
                        help=f"memory limit of a notebook (default {DEFAULT_MEMORY_MB})")
    parser.add_argument("--jobs", default="1", type=whole_number(1, MAX_JOBS),
                        help="notebooks run at once (default 1; at most one per core is wise)")
    parser.add_argument("--csv", metavar="FILE", type=file_to_write,
                        help="write one row per student and exercise (status, points, detail)")
    parser.add_argument("--scores-csv", metavar="FILE", type=file_to_write,
                        help="write one row per notebook, a column per exercise (otter-grader's final_grades shape)")
    parser.add_argument("--points", metavar="FILE",
                        help="each exercise's points, a TOML file of 'check_name = points' lines (default 1 each)")
    parser.add_argument("--due", metavar="WHEN", type=due_date,
                        help="the due date (2026-12-01 or 2026-12-01T23:59, a zone optional): notebooks whose file "
                             "time is after it are marked late")
    parser.add_argument("--feedback", metavar="FOLDER", type=folder_to_write,
                        help="write a feedback page (HTML) per notebook into FOLDER")
    parser.add_argument("--similarity", metavar="FILE", type=file_to_write,
                        help="write a report of answers similar to each other or to the library's own (HTML; CSV "
                             "if FILE ends in .csv)")
    parser.add_argument("--similarity-threshold", metavar="SHARE", type=share, default=str(DEFAULT_THRESHOLD),
                        help=f"flag pairs at least this similar, from 0 to 1 (default {DEFAULT_THRESHOLD:g})")
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of the table")
    parser.add_argument("--sandbox", type=sandbox_choice, help="bubblewrap, process (no isolation: on purpose only) "
                                                               "or auto (the default: SHOLOGUTI_SANDBOX, else auto)")


def share(text: str) -> float:
    """An argparse ``type=``: a number from 0 to 1."""
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0 <= value <= 1:  # NaN fails this too
        raise argparse.ArgumentTypeError(f"{text[:40]!r} should be a number from 0 to 1 (0.8: 80% alike)")
    return value


def run_grade(args: argparse.Namespace, program: str) -> int:
    """Grade the notebooks; return the exit status (2 if any file could not be graded, or the grader failed on one,
    or an output could not be written)."""
    choose_mode(args.sandbox)
    lessons = load_lessons()
    points = read_points(args.points, [name for lesson in lessons.values() for name in lesson.exercises]) \
        if args.points else {}
    handins: list[Handin] = []
    bad_inputs: list[dict[str, str]] = []

    said = threading.Lock()

    def say(line: str) -> None:
        """One line on standard error, whole: notebooks graded side by side never mix their lines."""
        with said:
            sys.stderr.write(shown(line) + "\n")
            sys.stderr.flush()

    def refuse(path: str, problem: str) -> None:
        bad_inputs.append({"path": readable(path), "problem": problem})
        say(f"{program} grade: {quoted_path(path)}: {problem}")

    seen: dict[tuple[int, int], str] = {}
    times: dict[str, datetime | None] = {}
    for path in expanded(args.notebooks):
        try:
            handin = read_handin(path, MAX_NOTEBOOK_BYTES, "notebook")
        except HandinRefused as error:
            refuse(path, error.problem)
            continue
        if handin.identity in seen:
            refuse(path, f"is the same file as {quoted_path(seen[handin.identity])}: give it once")
            continue
        seen[handin.identity] = path
        handins.append(handin)
        times[path] = file_time(handin)
    outputs_apart({"--csv": args.csv, "--scores-csv": args.scores_csv, "--similarity": args.similarity},
                  [handin.path for handin in handins])
    if args.feedback is not None:
        from lessons_lib.grading.feedback_files import prepare_folder

        prepare_folder(args.feedback)
    if args.similarity:
        try:
            import copydetect  # noqa: F401
        except ImportError:
            raise ValueError("--similarity needs copydetect: pip install -c constraints.txt -e '.[grading]'") from None
    if handins:
        sandbox_mode()  # SandboxUnavailable, before any notebook runs
        announce_mode()
    students = student_names([handin.path for handin in handins], set(lessons))
    readings: dict[str, Reading] = {}
    failed: list[str] = []

    def graded(handin: Handin) -> NotebookResult | None:
        run = None
        try:
            try:
                run = run_notebook(handin.data, Path(handin.path).name, lessons, args.seconds, args.memory_mb)
            except SandboxProblem as error:  # the grader's own trouble (no room for a temporary folder...)
                run = NotebookRun(stopped=f"the grader could not run it: {error}")
            problem = not_gradable(run)
            if problem is not None:
                refuse(handin.path, str(problem))
                return None
            assert run.reading is not None
            result = grade(run.reading, run, handin.path, students[handin.path], points, times[handin.path],
                           args.due)
            readings[handin.path] = run.reading
        except Exception as error:  # a bug of ours: the notebook keeps its row, the others are graded
            lesson = run.reading.lesson if run is not None and run.reading is not None else lessons.get(
                Path(handin.path).stem)
            result = grader_failed(handin.path, students[handin.path], lesson, error, points, times[handin.path],
                                   args.due)
            failed.append(handin.path)
            say(f"{program} grade: {quoted_path(handin.path)}: {result.problems[0]}")
        say(f"graded {result.student} ({result.lesson}): {result.score():g} of {result.possible():g}")
        return result

    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        graded_in_order = list(pool.map(graded, handins))
    results = [result for result in graded_in_order if result is not None]
    bad_inputs.sort(key=lambda bad: args_order(args.notebooks, bad["path"]))
    if args.json:
        print(json.dumps(as_json(results, bad_inputs, args.due), indent=1))
    elif results:
        print("\n".join(shown(line) for line in table(results, args.due).splitlines()))
    sys.stdout.flush()
    unwritten = write_outputs(args, results, [(handin.path, readings.get(handin.path)) for handin, result
                                              in zip(handins, graded_in_order) if result is not None], program)
    return 2 if bad_inputs or failed or unwritten else 0


def file_time(handin: Handin) -> datetime | None:
    """When the hand-in's file was last changed (its modification time; ``collect`` sets it to when the student
    handed it in), if the file at its path is still the one read."""
    try:
        info = os.stat(handin.path, follow_symlinks=False)
    except OSError:
        return None
    if (info.st_dev, info.st_ino) != handin.identity:
        return None
    return datetime.fromtimestamp(info.st_mtime, timezone.utc)


def write_outputs(args: argparse.Namespace, results: list[NotebookResult],
                  readings: list[tuple[str, Reading | None]], program: str) -> int:
    """Write every file asked for; a file that cannot be written is one line on standard error (the others are
    still written). Return how many could not be."""
    writers: list[tuple[str, Callable[[], None]]] = []
    if args.csv:
        writers.append(("--csv", lambda: write_file(Path(args.csv), long_csv(results))))
    if args.scores_csv:
        writers.append(("--scores-csv", lambda: write_file(Path(args.scores_csv), scores_csv(results))))
    if args.feedback is not None:
        from lessons_lib.grading.feedback_files import write_feedback

        writers.append(("--feedback", lambda: print(f"{len(write_feedback(args.feedback, results, args.due))} "
                                                    f"feedback files written in {shown(str(args.feedback))}",
                                                    file=sys.stderr)))
    if args.similarity:
        writers.append(("--similarity", lambda: write_similarity(args, results, readings)))
    unwritten = 0
    for option, write in writers:
        try:
            write()
        except (OSError, ValueError) as error:
            message = str(error) if isinstance(error, ValueError) else f"{error.strerror or error}"
            print(shown(f"{program} grade: {option}: {message}"), file=sys.stderr, flush=True)
            unwritten += 1
    return unwritten


def write_similarity(args: argparse.Namespace, results: list[NotebookResult],
                     readings: list[tuple[str, Reading | None]]) -> None:
    """Compare the answers' code and write the report (see :mod:`lessons_lib.grading.similarity`)."""
    from lessons_lib.grading.similarity import class_answers, compare, report

    by_path = {result.path: result for result in results}
    names = distinct_names(result.student for result in results)
    sources = [(names[by_path[readable(path)].student] if readable(path) in by_path else readable(path),
                reading.answer_sources) for path, reading in readings if reading is not None]
    answers = class_answers(sources)
    pairs = compare(answers, args.similarity_threshold)
    titles = {exercise.name: f"{result.lesson[:2]} {exercise.title}" for result in results
              for exercise in result.exercises}
    compared: dict[str, int] = {}
    for answer in answers:
        if not answer.reference:
            compared[answer.check] = compared.get(answer.check, 0) + 1
    write_file(Path(args.similarity), report(pairs, args.similarity_threshold, titles, compared,
                                             str(args.similarity).lower().endswith(".csv")))


def args_order(arguments: list[str], path: str) -> int:
    """Where ``path`` came on the command line (so bad files are listed in the order they were given)."""
    paths = [readable(path) for path in expanded(arguments)]
    return paths.index(path) if path in paths else len(paths)


def write_file(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` whole or not at all: a file written before is never left half-written (and a
    link there is replaced, never followed)."""
    from lessons_lib.cli.options import write_whole

    write_whole(path, text)


def expanded(arguments: list[str]) -> list[str]:
    """The notebooks named, with any ``*`` or ``?`` pattern the shell left alone (Windows' shells do) expanded;
    a pattern that matches nothing stays, to be reported as missing."""
    paths = []
    for argument in arguments:
        matches = sorted(glob.glob(argument)) if glob.has_magic(argument) and not os.path.exists(argument) else []
        paths += matches or [argument]
    return paths
