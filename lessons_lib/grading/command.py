"""``python -m lessons_lib grade NOTEBOOK...``: run each student's notebook in the sandbox and report each check.

A file that cannot be graded (missing, a folder, not a notebook, not a lesson of this suite)
gets one line on standard error, the others are graded, and the exit status is 2. A
notebook that raises, hangs or tampers with its checks is graded: that is its result.
"""

from __future__ import annotations

import argparse
import json
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from lessons_lib.cli_options import file_to_write, quoted_path, seconds, shown, whole_number
from lessons_lib.grading.notebooks import NotGradable, load_lessons, read_submission
from lessons_lib.grading.reports import NotebookResult, as_json, grade, long_csv, scores_csv, student_names, table
from lessons_lib.grading.sandboxed import DEFAULT_MEMORY_MB, DEFAULT_SECONDS, run_notebook

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
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of the table")


def run_grade(args: argparse.Namespace, program: str) -> int:
    """Grade the notebooks; return the exit status (2 if any file could not be graded)."""
    lessons = load_lessons()
    readings = []
    bad_inputs = []
    for path in args.notebooks:
        try:
            readings.append((path, read_submission(path, lessons)))
        except NotGradable as error:
            bad_inputs.append({"path": path, "problem": str(error)})
            print(shown(f"{program} grade: {quoted_path(path)}: {error}"), file=sys.stderr, flush=True)

    students = student_names([path for path, _ in readings], set(lessons))

    def graded(item: tuple[str, Any]) -> NotebookResult:
        path, reading = item
        result = grade(reading, run_notebook(reading, args.seconds, args.memory_mb), path, students[path])
        print(shown(f"graded {result.student} ({result.lesson}): {result.score()} of {len(result.exercises)}"),
              file=sys.stderr, flush=True)
        return result

    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        results = list(pool.map(graded, readings))
    if args.csv:
        Path(args.csv).write_text(long_csv(results), encoding="utf-8")
    if args.scores_csv:
        Path(args.scores_csv).write_text(scores_csv(results), encoding="utf-8")
    if args.json:
        print(json.dumps(as_json(results, bad_inputs), indent=1))
    elif results:
        print("\n".join(shown(line) for line in table(results).splitlines()))
    return 2 if bad_inputs else 0
