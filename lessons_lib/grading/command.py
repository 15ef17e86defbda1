"""``python -m lessons_lib grade NOTEBOOK...``: run each student's notebook in the sandbox and report each check.

A file that cannot be graded (missing, a folder, not a notebook, not a lesson of this suite)
gets one line on standard error, the others are graded, and the exit status is 2. A
notebook that raises, hangs or tampers with its checks is graded: that is its result.
"""

from __future__ import annotations

import argparse
import glob
import json
import os
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from lessons_lib.arena.isolation import BUBBLEWRAP, bubblewrap_problem, sandbox_mode
from lessons_lib.cli_options import file_to_write, quoted_path, seconds, shown, whole_number
from lessons_lib.grading.notebooks import NotGradable, load_lessons, read_submission
from lessons_lib.grading.reports import NotebookResult, as_json, grade, long_csv, readable, scores_csv, student_names, table
from lessons_lib.grading.sandboxed import DEFAULT_MEMORY_MB, DEFAULT_SECONDS, NotebookRun, run_notebook

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
    for path in expanded(args.notebooks):
        try:
            readings.append((path, read_submission(path, lessons)))
        except Exception as error:  # NotGradable, or anything else a hostile file makes the reading raise
            problem = str(error) if isinstance(error, NotGradable) else f"cannot be read ({type(error).__name__})"
            bad_inputs.append({"path": readable(path), "problem": problem})
            print(shown(f"{program} grade: {quoted_path(path)}: {problem}"), file=sys.stderr, flush=True)
    if readings and sandbox_mode() != BUBBLEWRAP:
        print(f"note: bubblewrap is not available here ({bubblewrap_problem() or 'SHOLOGUTI_SANDBOX=process'}), so "
              f"the notebooks run as plain processes with your permissions: mistakes are caught, malice is not. "
              f"Grade on Linux with bubblewrap (docs/teaching.md).", file=sys.stderr, flush=True)
    students = student_names([path for path, _ in readings], set(lessons))

    def graded(item: tuple[str, Any]) -> NotebookResult:
        path, reading = item
        try:
            run = run_notebook(reading, args.seconds, args.memory_mb)
        except OSError as error:  # the grader's own trouble (no room for a temporary folder...), not the student's
            run = NotebookRun(stopped=f"the grader could not run it ({error.strerror or error})")
        result = grade(reading, run, path, students[path])
        print(shown(f"graded {result.student} ({result.lesson}): {result.score()} of {len(result.exercises)}"),
              file=sys.stderr, flush=True)
        return result

    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        results = list(pool.map(graded, readings))
    if args.csv:
        write_file(Path(args.csv), long_csv(results))
    if args.scores_csv:
        write_file(Path(args.scores_csv), scores_csv(results))
    if args.json:
        print(json.dumps(as_json(results, bad_inputs), indent=1))
    elif results:
        print("\n".join(shown(line) for line in table(results).splitlines()))
    return 2 if bad_inputs else 0


def write_file(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` whole or not at all: a file written before is never left half-written."""
    part = path.with_name(path.name + ".part")
    part.write_text(text, encoding="utf-8", newline="")
    os.replace(part, path)


def expanded(arguments: list[str]) -> list[str]:
    """The notebooks named, with any ``*`` or ``?`` pattern the shell left alone (Windows' shells do) expanded;
    a pattern that matches nothing stays, to be reported as missing."""
    paths = []
    for argument in arguments:
        matches = sorted(glob.glob(argument)) if glob.has_magic(argument) and not os.path.exists(argument) else []
        paths += matches or [argument]
    return paths
