"""``python -m lessons_lib release FOLDER``: the students' version of the suite, without the solutions.

A class gets the lessons, the data they read, the rules, the package and its examples of agents,
and nothing a student should not see: no ``notebooks/solutions/``, no tests (whose catalogues hold
right answers), no teacher's guide, no example class, no compiled files of this machine, no agent
written in this copy (``notebooks/my_agents/`` keeps only its README and ``example_*.py``). In the
lessons, the cells tagged ``solutions`` (the ones that point to a worked solution) are left out, and
the release stops with one line if any text left still mentions ``solutions/``.

The folder is a project of its own: install it where the students' servers run (a JupyterHub's
image: ``pip install -c constraints.txt -e "FOLDER[lab]"``), and give each student its
``notebooks/`` (``docs/teaching.md``, "Giving the suite to a class").
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from lessons_lib.tooling.files import quoted_path

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
        description="Write the students' version of the suite into FOLDER (which must not exist, or be empty): the "
                    "lessons, their data, the rules, the package and examples of agents; no solutions, tests or "
                    "teacher's guide.")
    parser.add_argument("folder", metavar="FOLDER")


def run_release(args: argparse.Namespace) -> int:
    """Write the release; print what it holds; ValueError (one line) if it cannot."""
    target = Path(args.folder)
    files = release_files(ROOT)
    if target.exists() and (not target.is_dir() or any(target.iterdir())):
        raise ValueError(f"{quoted_path(target)} already exists and is not an empty folder: give a new folder")
    for relative, data in files.items():
        path = target / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
    lessons = sorted(path.name for path in files if path.parent == Path("notebooks") and path.suffix == ".ipynb")
    print(f"Released {len(files)} files to {quoted_path(target)}: {len(lessons)} lessons, no solutions.")
    return 0


def release_files(root: Path) -> dict[Path, bytes]:
    """Every file of the students' version, by its path in the release, with its contents; ValueError if a
    released text still mentions ``solutions/``."""
    files: dict[Path, bytes] = {Path("README.md"): STUDENTS_README.encode()}
    for name in RELEASED:
        source = root / name
        if not source.exists():
            continue
        for path in sorted([source] if source.is_file() else source.rglob("*")):
            relative = path.relative_to(root)
            if path.is_file() and released(relative):
                files[relative] = path.read_bytes()
    for relative, data in list(files.items()):
        if relative.parent == Path("notebooks") and relative.suffix == ".ipynb":
            files[relative] = without_solutions(data)
        if relative.suffix in (".ipynb", ".md") and b"solutions/" in files[relative]:
            raise ValueError(f"{relative} still mentions solutions/ (tag its cell {SOLUTIONS_TAG!r})")
    return files


def released(relative: Path) -> bool:
    """Whether the file at ``relative`` (in the repository) goes to the students."""
    if LEFT_OUT_FOLDERS & set(relative.parts[:-1]) or relative in LEFT_OUT_FILES:
        return False
    if relative.name.endswith(LEFT_OUT_SUFFIXES):
        return False
    if relative.parent == AGENTS_FOLDER:
        return relative.name == "README.md" or (relative.name.startswith("example_") and relative.suffix == ".py")
    return True


def without_solutions(data: bytes) -> bytes:
    """A lesson notebook without its cells tagged ``solutions`` (written as Jupyter writes it)."""
    notebook = json.loads(data)
    notebook["cells"] = [cell for cell in notebook["cells"]
                         if SOLUTIONS_TAG not in cell.get("metadata", {}).get("tags", [])]
    return (json.dumps(notebook, indent=1, ensure_ascii=False) + "\n").encode()
