"""``python -m lessons_lib collect LESSON... --to FOLDER``: gather the students' hand-ins into one folder for ``grade``.

``--from HOMES`` takes them from a JupyterHub's home folders, ``--exchange EXCHANGE --course COURSE`` from
nbgrader's exchange (see :mod:`lessons_lib.grading.collect`). A line per student says what was missing or refused;
the exit status is then 2.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from lessons_lib.cli.options import folder_to_write, quoted_path, shown
from lessons_lib.tooling.text import did_you_mean


def add_parser(commands: Any) -> None:
    """Add the ``collect`` subcommand to an argparse subparsers object."""
    parser = commands.add_parser(
        "collect", help="copy the students' hand-ins out of a JupyterHub's homes or nbgrader's exchange",
        description="Copy each student's notebook of each LESSON (and lesson 08's my_agents/my_agent.py) into "
                    "FOLDER/<student>/, never through a link, each file's time set to when it was handed in; then "
                    "grade FOLDER/*/*.ipynb.")
    parser.add_argument("lessons", nargs="+", metavar="LESSON", help="a lesson's name or number (03 or "
                                                                     "03_minimax_alphabeta)")
    parser.add_argument("--to", required=True, metavar="FOLDER", type=folder_to_write,
                        help="where the hand-ins go, a folder per student (made if missing)")
    source = parser.add_mutually_exclusive_group(required=True)
    source.add_argument("--from", dest="homes", metavar="HOMES",
                        help="the folder of the students' home folders (/home)")
    source.add_argument("--exchange", metavar="EXCHANGE", help="nbgrader's exchange (/srv/nbgrader/exchange)")
    parser.add_argument("--students", nargs="+", metavar="NAME",
                        help="only these students (their account names, or ids in the exchange); default: everyone")
    parser.add_argument("--under", default="notebooks", metavar="PATH",
                        help="where in a home the lessons are, as the hub's notebook_dir (default notebooks)")
    parser.add_argument("--course", metavar="COURSE", help="with --exchange: nbgrader's course id")
    parser.add_argument("--assignment", metavar="NAME", help="with --exchange: the nbgrader assignment that holds "
                                                             "the lessons (default: each lesson's own name)")


def lesson_names(given: list[str], known: list[str]) -> list[str]:
    """The lessons named (by name or number), each once, in order; ValueError (one line) for one that is not.

    >>> lesson_names(["3", "03_minimax_alphabeta", "08"], ["03_minimax_alphabeta", "08_tournament_lab"])
    ['03_minimax_alphabeta', '08_tournament_lab']
    """
    names: list[str] = []
    for text in given:
        found = [name for name in known if text == name or (text.isdigit() and name[:2] == f"{int(text):02d}")]
        if not found:
            raise ValueError(shown(f"{text!r} is no lesson{did_you_mean(text, known)}: give a name such as "
                                   f"{known[0]}, or its number"))
        names += [found[0]] if found[0] not in names else []
    return names


def run_collect(args: argparse.Namespace, program: str) -> int:
    """Collect the hand-ins; return the exit status (2 if anything was missing or refused)."""
    from lessons_lib.grading.collect import from_exchange, from_homes
    from lessons_lib.grading.notebooks import load_lessons

    lessons = lesson_names(args.lessons, [name for name, lesson in load_lessons().items()])
    relative = Path(args.under)
    if relative.is_absolute() or ".." in relative.parts:
        raise ValueError(f"--under {quoted_path(args.under)} should be a path inside a home folder (notebooks)")
    if args.exchange is not None and not args.course:
        raise ValueError("--exchange needs --course (nbgrader's course id)")
    if args.homes is not None and (args.course or args.assignment):
        raise ValueError("--course and --assignment go with --exchange, not --from")
    to = Path(args.to)
    try:
        to.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise ValueError(f"--to {quoted_path(to)} cannot be made: {error.strerror or error}") from None
    if to.is_symlink():
        raise ValueError(f"--to {quoted_path(to)} is a symbolic link; give the folder itself")
    if args.homes is not None:
        collected = from_homes(Path(args.homes), args.under, lessons, to, args.students)
    else:
        collected = from_exchange(Path(args.exchange) / args.course, args.assignment, lessons, to, args.students)
    for student in collected:
        if student.problems:
            print(shown(f"{program} collect: {student.line()}"), file=sys.stderr, flush=True)
    files = sum(len(student.written) for student in collected)
    print(shown(f"{files} file{'s' if files != 1 else ''} of {len(collected)} student"
                f"{'s' if len(collected) != 1 else ''} collected in {to}"), flush=True)
    return 2 if any(student.problems for student in collected) or not collected else 0
