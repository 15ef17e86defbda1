"""Copies of the suite for the tests of ``release``, each a git repository of its own in a temporary folder.

The tests never touch this checkout's files or its repository: a copy is committed, then edited as a teacher
would edit it (an answer typed in, a worked solution shown), and released.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path
from typing import Any

from locations import ROOT
from lessons_lib.grading.release import RELEASED

_REDIRECTIONS = {"GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "GIT_OBJECT_DIRECTORY",
                 "GIT_ALTERNATE_OBJECT_DIRECTORIES", "GIT_COMMON_DIR", "GIT_NAMESPACE"}
GIT_ENVIRONMENT = {**{name: value for name, value in os.environ.items() if name not in _REDIRECTIONS},
                   "GIT_CONFIG_GLOBAL": os.devnull, "GIT_CONFIG_NOSYSTEM": "1", "GIT_AUTHOR_NAME": "Teacher",
                   "GIT_AUTHOR_EMAIL": "teacher@example.org", "GIT_COMMITTER_NAME": "Teacher",
                   "GIT_COMMITTER_EMAIL": "teacher@example.org"}
"""git for the tests: no one's own settings (a signing key, say), never pointed at another repository."""
SOLUTION_CODE = "def double(x):\n    \"\"\"Twice x.\"\"\"\n    return 2 * x\n\n\ncheck_double(double)"
"""The tiny suite's worked solution."""


def git(folder: Path, *arguments: str) -> str:
    """What ``git ARGUMENTS`` prints, run in ``folder``."""
    return subprocess.run(["git", *arguments], cwd=folder, env=GIT_ENVIRONMENT, check=True, capture_output=True,
                          text=True).stdout


def commit_all(folder: Path, message: str = "the suite") -> None:
    """Commit every file in ``folder`` (made a repository first if it is not one)."""
    if not (folder / ".git").exists():
        git(folder, "init", "-q")
    git(folder, "add", "-A")
    git(folder, "commit", "-q", "-m", message)


def copy_of_the_suite(destination: Path) -> Path:
    """``destination``, holding what a release reads of this checkout (as it is now), committed."""
    left_out = shutil.ignore_patterns("__pycache__", ".ipynb_checkpoints", ".mypy_cache", "*.so", "*.pyd", "*.pyc",
                                      "*.sqlite", "*.sqlite-*", "compiled.json")
    for name in RELEASED:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, destination / name, ignore=left_out)
        elif source.is_file():
            (destination / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, destination / name)
    commit_all(destination)
    return destination


def notebook(*cells: dict[str, Any]) -> str:
    return json.dumps({"cells": list(cells), "metadata": {}, "nbformat": 4, "nbformat_minor": 5}, indent=1)


def code(source: str, outputs: list[dict[str, Any]] | None = None, tags: list[str] | None = None) -> dict[str, Any]:
    return {"cell_type": "code", "execution_count": None, "metadata": {"tags": tags} if tags else {},
            "outputs": outputs or [], "source": source}


def markdown(source: str, tags: list[str] | None = None) -> dict[str, Any]:
    return {"cell_type": "markdown", "metadata": {"tags": tags} if tags else {}, "source": source}


def printed(text: str) -> dict[str, Any]:
    """A cell's output that ``print`` made."""
    return {"output_type": "stream", "name": "stdout", "text": text}


def tiny_suite(destination: Path, *, big_file_bytes: int = 0) -> Path:
    """``destination``, holding a suite of one lesson, its worked solution, a rules page and data (with a file of
    ``big_file_bytes`` if above 0), not committed."""
    files = {
        "pyproject.toml": "[project]\nname = 'tiny'\n",
        "lessons_lib/__init__.py": '"""A tiny suite."""\n',
        "lessons_lib/exercises/doubling.py": "def check_double(answer):\n    assert answer(2) == 4\n",
        "docs/rules/game.md": "# The rules\n",
        "data/board.json": "{}\n",
        "notebooks/01_doubling.ipynb": notebook(
            markdown("Write `double`."), code("def double(x):\n    # your code here\n    return 0\n\n\ncheck_double(double)"),
            markdown("The worked solution is in `solutions/01_doubling.ipynb`.", tags=["solutions"])),
        "notebooks/solutions/01_doubling.ipynb": notebook(markdown("## Doubling"), code(SOLUTION_CODE)),
    }
    for name, text in files.items():
        (destination / name).parent.mkdir(parents=True, exist_ok=True)
        (destination / name).write_text(text)
    if big_file_bytes:
        (destination / "data" / "table.bin").write_bytes(bytes(big_file_bytes))
    return destination


def released_files(folder: Path) -> dict[str, bytes]:
    """Every file under ``folder``, by its path there."""
    return {path.relative_to(folder).as_posix(): path.read_bytes() for path in folder.rglob("*") if path.is_file()}
