"""A feedback file for each graded notebook (``grade --feedback FOLDER``): one HTML page a student can be given.

It shows, for each exercise, its status, the points earned of those possible, the whole message of its check (with
the seed that draws its cases again), whether the worked solution was shown and the hints asked for; then the
notebook's problems (cells that raised, a time limit, tampering). Everything from the notebook or its file's name is
escaped; the page has no script and loads nothing (its Content-Security-Policy forbids both).

Each file is named after the student and the lesson (``alice--03_minimax_alphabeta.html``), in plain ASCII; a name
that needs changing for that (or would be another's) gets a few characters of its path's hash, so that two notebooks
never share a file. Files are written whole, replacing a link rather than following it.
"""

from __future__ import annotations

import hashlib
import html
import os
import re
from datetime import datetime
from pathlib import Path

from lessons_lib.grading.due import how_late
from lessons_lib.grading.reports import SYMBOLS, NotebookResult, number
from lessons_lib.tooling.files import quoted_path, write_whole
from lessons_lib.tooling.text import distinct_names

STYLE = """body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#222}
h1{font-size:1.4rem}h2{font-size:1.1rem;margin-top:1.6rem}table{border-collapse:collapse}
td,th{border:1px solid #ccc;padding:.2rem .6rem;text-align:left;vertical-align:top}
pre{white-space:pre-wrap;overflow-wrap:anywhere;background:#f6f6f6;padding:.6rem;border-radius:4px}
.passed{color:#1a7f37}.not-yet{color:#b35900}.late{color:#b3261e}"""
POLICY = "default-src 'none'; style-src 'unsafe-inline'"
UNSAFE = re.compile(r"[^A-Za-z0-9._-]")
LEADING_DOT = re.compile(r"^\.")
SOLUTION_WORDS = {"before": "yes, before its check ran", "after": "yes, after its check ran",
                  "unclear": "unclear (the notebook reaches solution() in a way the grader cannot follow)", "": "no"}


def page(result: NotebookResult, student: str, due: datetime | None = None) -> str:
    """The feedback page of one graded notebook, its student shown as ``student`` (see
    :func:`~lessons_lib.tooling.text.distinct_names`)."""
    def e(text: object) -> str:
        return html.escape(str(text), quote=True)

    title = f"{student}: lesson {result.lesson}"
    facts = [("Notebook", result.path), ("Points", f"{number(result.score())} of {number(result.possible())}")]
    facts += [("Handed in", f"{result.handed_in} (UTC, the file's time)")] if result.handed_in else []
    if due is not None:
        facts.append(("Late", f"by {how_late(result.late)}" if result.late is not None else "no"))
    facts += [("Working time", f"{result.minutes:.0f} minutes")] if result.minutes is not None else []
    parts = [f'<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
             f'<meta http-equiv="Content-Security-Policy" content="{e(POLICY)}">'
             f'<meta name="referrer" content="no-referrer"><title>{e(title)}</title><style>{STYLE}</style></head>',
             f"<body><h1>{e(title)}</h1>",
             "<table>" + "".join(f"<tr><th>{e(name)}</th><td{' class=late' if name == 'Late' and result.late else ''}>"
                                 f"{e(value)}</td></tr>" for name, value in facts) + "</table>"]
    for exercise in result.exercises:
        status = exercise.status.replace(" ", "-")
        hints = (f"{len(exercise.hint_cells)} (code cell{'s' if len(set(exercise.hint_cells)) > 1 else ''} "
                 f"{', '.join(str(cell) for cell in sorted(set(exercise.hint_cells)))})" if exercise.hint_cells
                 else "none")
        rows = [("Status", f"{SYMBOLS[exercise.status]} {exercise.status}" if SYMBOLS[exercise.status]
                 != exercise.status else exercise.status),
                ("Points", f"{number(exercise.points)} of {number(exercise.possible)}" + (
                    f" ({exercise.share:.0%} of the check's cases right)" if exercise.share is not None
                    and exercise.status != "passed" else "")),
                ("Worked solution shown", SOLUTION_WORDS.get(exercise.solution_shown, exercise.solution_shown)),
                ("Hints asked for", hints), ("Check", exercise.name)]
        parts.append(f"<h2>{e(exercise.title or exercise.name)}</h2><table>" + "".join(
            f"<tr><th>{e(name)}</th><td{f' class={status}' if name == 'Status' else ''}>{e(value)}</td></tr>"
            for name, value in rows) + f"</table><pre>{e(exercise.detail)}</pre>")
    parts.append("<h2>Problems in the notebook</h2>" + (
        "<ul>" + "".join(f"<li>{e(problem)}</li>" for problem in result.problems) + "</ul>"
        if result.problems else "<p>none</p>"))
    parts.append("</body></html>\n")
    return "\n".join(parts)


def file_names(results: list[NotebookResult]) -> list[str]:
    """Each result's feedback file name, in order: ``STUDENT--LESSON.html`` in plain ASCII (no leading dot), with
    the first 8 characters of the SHA-256 of its path added where the name had to be changed or is taken."""
    plain = [f"{LEADING_DOT.sub('_', UNSAFE.sub('_', result.student))[:100]}--{UNSAFE.sub('_', result.lesson)}"
             for result in results]
    taken = {name: plain.count(name) for name in plain}
    names = []
    for result, name in zip(results, plain):
        changed = name != f"{result.student}--{result.lesson}" or taken[name] > 1
        digest = hashlib.sha256(os.fsencode(result.path)).hexdigest()[:8]
        names.append(f"{name}-{digest}.html" if changed else f"{name}.html")
    return names


def prepare_folder(folder: Path) -> None:
    """Make the feedback folder (and its parents) if missing; ValueError (one line) if it is a link, a file or
    cannot be made or written."""
    name = f"--feedback {quoted_path(folder)}"
    try:
        if folder.is_symlink():
            raise ValueError(f"{name} is a symbolic link; give the folder itself")
        if folder.exists() and not folder.is_dir():
            raise ValueError(f"{name} is a file, not a folder")
        folder.mkdir(parents=True, exist_ok=True)
        if not os.access(folder, os.W_OK | os.X_OK):
            raise ValueError(f"{name} cannot be written")
    except OSError as error:
        raise ValueError(f"{name} cannot be made: {error.strerror or error}") from None


def write_feedback(folder: Path, results: list[NotebookResult], due: datetime | None = None) -> list[Path]:
    """Write a feedback page per result into ``folder`` (see :func:`prepare_folder`); return the files written.
    ValueError (one line) if one cannot be written."""
    shown_as = distinct_names(result.student for result in results)
    written = []
    for result, name in zip(results, file_names(results)):
        path = folder / name
        try:
            write_whole(path, page(result, shown_as[result.student], due))
        except OSError as error:
            raise ValueError(f"--feedback: {quoted_path(path)} cannot be written: {error.strerror or error}") from None
        written.append(path)
    return written
