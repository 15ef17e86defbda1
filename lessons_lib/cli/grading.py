"""``python -m lessons_lib grade NOTEBOOK...``: run each student's notebook in the sandbox and report each check.

A file that cannot be graded (missing, a folder, a link, not a notebook, not a lesson of this
suite) gets one line on standard error, the others are graded, and the exit status is 2. A
notebook that raises, hangs or tampers with its checks is graded: that is its result. The
grader reads each file's bytes (at most 50 MB, never through a link); everything else, even
parsing it, happens in the sandbox.
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

from lessons_lib.cli.options import file_to_write, outputs_apart, quoted_path, sandbox_choice, seconds, shown, whole_number
from lessons_lib.grading.notebooks import MAX_NOTEBOOK_BYTES, load_lessons
from lessons_lib.grading.reports import NotebookResult, as_json, grade, long_csv, readable, scores_csv, student_names, table
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
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of the table")
    parser.add_argument("--sandbox", type=sandbox_choice, help="bubblewrap, process (no isolation: on purpose only) "
                                                               "or auto (the default: SHOLOGUTI_SANDBOX, else auto)")


def run_grade(args: argparse.Namespace, program: str) -> int:
    """Grade the notebooks; return the exit status (2 if any file could not be graded)."""
    choose_mode(args.sandbox)
    lessons = load_lessons()
    handins: list[Handin] = []
    bad_inputs: list[dict[str, str]] = []

    def refuse(path: str, problem: str) -> None:
        bad_inputs.append({"path": readable(path), "problem": problem})
        print(shown(f"{program} grade: {quoted_path(path)}: {problem}"), file=sys.stderr, flush=True)

    seen: dict[tuple[int, int], str] = {}
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
    outputs_apart({"--csv": args.csv, "--scores-csv": args.scores_csv}, [handin.path for handin in handins])
    if handins:
        sandbox_mode()  # SandboxUnavailable, before any notebook runs
        announce_mode()
    students = student_names([handin.path for handin in handins], set(lessons))

    def graded(handin: Handin) -> NotebookResult | None:
        try:
            run = run_notebook(handin.data, Path(handin.path).name, lessons, args.seconds, args.memory_mb)
        except SandboxProblem as error:  # the grader's own trouble (no room for a temporary folder...)
            run = NotebookRun(stopped=f"the grader could not run it: {error}")
        problem = not_gradable(run)
        if problem is not None:
            refuse(handin.path, str(problem))
            return None
        assert run.reading is not None
        result = grade(run.reading, run, handin.path, students[handin.path])
        print(shown(f"graded {result.student} ({result.lesson}): {result.score()} of {len(result.exercises)}"),
              file=sys.stderr, flush=True)
        return result

    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        results = [result for result in pool.map(graded, handins) if result is not None]
    bad_inputs.sort(key=lambda bad: args_order(args.notebooks, bad["path"]))
    if args.csv:
        write_file(Path(args.csv), long_csv(results))
    if args.scores_csv:
        write_file(Path(args.scores_csv), scores_csv(results))
    if args.json:
        print(json.dumps(as_json(results, bad_inputs), indent=1))
    elif results:
        print("\n".join(shown(line) for line in table(results).splitlines()))
    return 2 if bad_inputs else 0


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
