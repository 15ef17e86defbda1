"""``python -m lessons_lib release FOLDER``: the students' version of the suite, without the solutions.

A release is the suite as committed in git (the copy's ``HEAD``), never the teacher's working files, which
JupyterLab saves as the teacher works (an answer typed into an exercise, a worked solution shown): it names the
released files the working tree has changed, which go out as committed, and the new ones, which are left out.
A copy that is not a git checkout (a zip download) is refused, unless ``--working-files`` asks for its files as
they are; either way a lesson whose outputs show a worked solution is refused, in one line, saying how to mend it.

A class gets the lessons, the data they read, the rules, the package and its examples of agents,
and nothing a student should not see: no ``notebooks/solutions/``, no tests (whose catalogues hold
right answers), no teacher's guide, no example class, no compiled files of this machine, no agent
written in this copy (``notebooks/my_agents/`` keeps only its README and ``example_*.py``). In the
lessons, the cells tagged ``solutions`` (the ones that point to a worked solution) are left out, and
the release stops with one line if any text left still mentions ``solutions/``.

The release is written into a new folder beside FOLDER and renamed FOLDER at once, so that FOLDER never holds half
a release: on any failure (a full disk, say) the new folder is removed and FOLDER is as it was. A FOLDER that is a
link, a file or a folder holding files is refused.

The folder is a project of its own: install it where the students' servers run (a JupyterHub's
image: ``pip install -c constraints.txt -e "FOLDER[lab]"``), and give each student its
``notebooks/`` (``docs/teaching.md``, "Giving the suite to a class").
"""

from __future__ import annotations

import argparse
import json
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from lessons_lib.grading.committed import committed_files, uncommitted
from lessons_lib.kit.errors import quoted
from lessons_lib.tooling.files import quoted_path
from lessons_lib.tooling.folders import new_folder_problem, write_folder_whole
from lessons_lib.tooling.text import shown

ROOT = Path(__file__).resolve().parent.parent.parent
"""The copy of the repository this package lives in."""
RELEASED = ("pyproject.toml", "constraints.txt", "LICENSE", "environment.yml", "run.py", "lessons_lib",
            "data", "docs/rules", "notebooks")
"""What the students' version holds, besides a README of its own."""
LEFT_OUT_FOLDERS = {"__pycache__", ".ipynb_checkpoints", "solutions", ".mypy_cache", ".pytest_cache"}
LEFT_OUT_SUFFIXES = (".so", ".pyd", ".pyc", ".sqlite", ".sqlite-wal", ".sqlite-shm")
LEFT_OUT_FILES = {Path("lessons_lib/tooling/compiled.json")}
"""Never released: what compiling made on this machine (the students' machines compile their own, or run the
source), results databases, caches."""
SOLUTIONS_TAG = "solutions"
"""A lesson's cell with this tag points to a worked solution: left out of the release."""
AGENTS_FOLDER = Path("notebooks/my_agents")
LESSONS = Path("notebooks")
SOLUTIONS = LESSONS / "solutions"
SHOWN_SOLUTION = re.compile(r"Worked solution of (\w+)")
"""How ``solution(check)`` heads what it shows (lessons_lib/exercises/help.py)."""
SHORTEST_SHOWN_CODE = 3
"""A worked solution's code cell found in a lesson's output shows it if it has at least this many lines."""
FIX_COMMITTED = "clear that cell's output and commit the lesson"
FIX_WORKING = ("clear that cell's output and save the lesson, or restore the lesson from the suite (git checkout "
               "FILE, or the file from a fresh download)")

STUDENTS_README = """# Shologuti Lab

A Jupyter course in game-playing AI on Shologuti (Sixteen Soldiers), a board game from Bangladesh, India and
Sri Lanka. Start with `notebooks/00_start_here.ipynb`; the lessons are numbered in order. The rules are in
`docs/rules/shologuti.md`.

On a laptop with Python 3.11 or newer, from this folder:

```
python3 run.py lab
```

sets up `.venv` and opens JupyterLab on the lessons (on Windows, `py run.py lab`).
Your agents go in `notebooks/my_agents/` (lesson 08).
"""



def add_parser(commands: Any) -> None:
    """Add the ``release`` subcommand to an argparse subparsers object."""
    parser = commands.add_parser(
        "release", help="write the students' version of the suite (no solutions) into a new folder",
        description="Write the students' version of the suite, as committed in git, into FOLDER (which must not "
                    "exist, or be empty): the lessons, their data, the rules, the package and examples of agents; "
                    "no solutions, tests or teacher's guide.")
    parser.add_argument("folder", metavar="FOLDER")
    parser.add_argument("--working-files", action="store_true",
                        help="release the files as they are in this copy, edits included, not as committed (for a "
                             "copy that is not a git checkout)")


def run_release(args: argparse.Namespace) -> int:
    """Write the release of this copy; print what it holds; ValueError (one line) if it cannot."""
    return release(args.folder, ROOT, working_files=args.working_files)


def release(folder: str, root: Path, *, working_files: bool = False) -> int:
    """Write the release of the copy at ``root`` into the new folder ``folder``, from its last commit (or its
    working files); print the released files that differ from the commit, and what the release holds."""
    target = Path(folder)
    problem = new_folder_problem(target)
    if problem is not None:
        raise ValueError(problem)
    notes: list[str] = []
    if working_files:
        files = release_files(working_tree(root), FIX_WORKING)
    else:
        files = release_files(committed_files(root, RELEASED, wanted), FIX_COMMITTED)
        notes = uncommitted_notes(*uncommitted(root, RELEASED, released))
    try:
        write_folder_whole(target, files)
    except OSError as error:
        raise ValueError(f"cannot write the release to {quoted_path(target)}: {error.strerror or error} "
                         f"(nothing was written there)") from None
    for note in notes:
        print(note)
    lessons = sorted(path.name for path in files if is_lesson(path))
    kind = "as they are in this copy" if working_files else "as committed"
    print(f"Released {len(files)} files to {quoted_path(target)}: {len(lessons)} lessons {kind}, no solutions.")
    return 0


def working_tree(root: Path) -> dict[Path, bytes]:
    """The files under :data:`RELEASED` in ``root`` as they are, by path relative to ``root``, if :func:`wanted`
    (never a link, as from a commit: one could lead a lesson's name to a worked solution)."""
    tree = {}
    for name in RELEASED:
        source = root / name
        try:
            for path in sorted([source] if source.is_file() else source.rglob("*")):
                relative = path.relative_to(root)
                if path.is_file() and not path.is_symlink() and wanted(relative):
                    tree[relative] = path.read_bytes()
        except OSError as error:
            raise ValueError(f"cannot read {quoted_path(error.filename or source)}: {error.strerror or error}") from None
    return tree


def release_files(tree: Mapping[Path, bytes], fix: str = FIX_COMMITTED) -> dict[Path, bytes]:
    """Every file of the students' version, by its path in the release, with its contents, from the suite's
    files in ``tree`` (by path in the repository); ValueError (one line) if a released text still mentions
    ``solutions/`` or a lesson's output shows a worked solution (``fix`` says how to mend that)."""
    shown_codes = worked_solution_codes(tree)
    files: dict[Path, bytes] = {Path("README.md"): STUDENTS_README.encode()}
    for relative, data in sorted(tree.items()):
        if not released(relative):
            continue
        if is_lesson(relative):
            data = lesson_for_students(relative, data, shown_codes, fix)
        if relative.suffix in (".ipynb", ".md") and b"solutions/" in data:
            raise ValueError(f"{shown(str(relative))} still mentions solutions/: take the mention out")
        files[relative] = data
    return files


def wanted(relative: Path) -> bool:
    """Whether a release reads the file at ``relative``: a released file, or a worked solution (to find it
    shown in a lesson's outputs)."""
    return released(relative) or (relative.parent == SOLUTIONS and relative.suffix == ".ipynb")


def released(relative: Path) -> bool:
    """Whether the file at ``relative`` (in the repository) goes to the students."""
    if LEFT_OUT_FOLDERS & set(relative.parts[:-1]) or relative in LEFT_OUT_FILES:
        return False
    if relative.name.endswith(LEFT_OUT_SUFFIXES):
        return False
    if relative.parent == AGENTS_FOLDER:
        return relative.name == "README.md" or (relative.name.startswith("example_") and relative.suffix == ".py")
    return True


def is_lesson(relative: Path) -> bool:
    return relative.parent == LESSONS and relative.suffix == ".ipynb"


def uncommitted_notes(changed: list[Path], new: list[Path]) -> list[str]:
    """What a release from the last commit says of the working tree's changes to released files (the lessons
    first)."""
    notes = []
    if changed:
        verb = "has" if len(changed) == 1 else "have"
        notes.append(f"{_listed(changed)} {verb} changes that are not committed: released as committed "
                     f"(commit the changes to release them)")
    if new:
        verb = "is" if len(new) == 1 else "are"
        notes.append(f"{_listed(new)} {verb} not committed: left out (commit to release)")
    return notes


def _listed(paths: list[Path], most: int = 4) -> str:
    names = [shown(path.as_posix()) for path in sorted(paths, key=lambda path: (not is_lesson(path), path))]
    more = f" and {len(names) - most} more files" if len(names) > most else ""
    return ", ".join(names[:most]) + more


def lesson_for_students(relative: Path, data: bytes, shown_codes: list[str], fix: str) -> bytes:
    """A lesson notebook without its cells tagged ``solutions`` (written as Jupyter writes it); ValueError (one
    line) if a cell left mentions ``solutions/`` or its output shows a worked solution (``fix``: how to mend it)."""
    notebook = read_notebook(relative, data)
    kept = []
    for number, cell in enumerate(notebook["cells"], start=1):
        if SOLUTIONS_TAG in cell.get("metadata", {}).get("tags", []):
            continue
        source, output = _text(cell.get("source", "")), outputs_text(cell)
        where = f"{shown(str(relative))}: the output of its cell {number} ({_first_line(source)})"
        solution = SHOWN_SOLUTION.search(output)
        if solution or any(code in output for code in shown_codes):
            what = f"the worked solution of {solution[1]}" if solution else "a worked solution's code"
            raise ValueError(f"{where} shows {what}: {fix}")
        if "solutions/" in output:
            raise ValueError(f"{where} mentions solutions/: {fix}")
        if "solutions/" in source:
            raise ValueError(f"{shown(str(relative))} still mentions solutions/ in its cell {number} "
                             f"({_first_line(source)}): tag that cell {SOLUTIONS_TAG!r} to leave it out of releases")
        kept.append(cell)
    notebook["cells"] = kept
    return (json.dumps(notebook, indent=1, ensure_ascii=False) + "\n").encode()


def read_notebook(relative: Path, data: bytes) -> dict[str, Any]:
    """The notebook in ``data``; ValueError (one line) if it is not one Jupyter can read."""
    try:
        notebook = json.loads(data)
    except ValueError as error:  # UnicodeDecodeError too
        raise ValueError(f"{shown(str(relative))} is not a notebook Jupyter can read: {error}") from None
    if not (isinstance(notebook, dict) and isinstance(notebook.get("cells"), list)
            and all(isinstance(cell, dict) and isinstance(cell.get("metadata", {}), dict)
                    for cell in notebook["cells"])):
        raise ValueError(f"{shown(str(relative))} is not a notebook Jupyter can read: it has no list of cells")
    return notebook


def worked_solution_codes(tree: Mapping[Path, bytes]) -> list[str]:
    """The code cells of the worked solutions in ``tree`` (``notebooks/solutions/``) long enough to tell, if
    found in a lesson's output, that the solution was shown there."""
    codes = []
    for relative, data in tree.items():
        if relative.parent == SOLUTIONS and relative.suffix == ".ipynb":
            for cell in read_notebook(relative, data)["cells"]:
                code = _text(cell.get("source", "")).strip()
                if cell.get("cell_type") == "code" and len(code.splitlines()) >= SHORTEST_SHOWN_CODE:
                    codes.append(code)
    return codes


def outputs_text(cell: dict[str, Any]) -> str:
    """Everything a cell's outputs show as text: streams, every text form of a result, error tracebacks."""
    parts = []
    outputs = cell.get("outputs", [])
    for output in outputs if isinstance(outputs, list) else []:
        if isinstance(output, dict):
            parts += [_text(output.get("text", "")), _text(output.get("traceback", ""))]
            data = output.get("data", {})
            parts += [_text(value) for value in (data.values() if isinstance(data, dict) else [])]
    return "\n".join(parts)


def _text(value: Any) -> str:
    """A notebook's text field (a string, or a list of lines) as one string; any other value as JSON."""
    if isinstance(value, str):
        return value
    if isinstance(value, list) and all(isinstance(line, str) for line in value):
        return "".join(value)
    return json.dumps(value, ensure_ascii=False)


def _first_line(source: str) -> str:
    lines = [line for line in source.splitlines() if line.strip()]
    return quoted(lines[0].strip()) if lines else "empty"
