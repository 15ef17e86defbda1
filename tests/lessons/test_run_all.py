"""Run All, as a student presses it: every lesson and every worked solution runs every cell, in order, skip tags
ignored, no cell taking more than minutes, writing nothing into the project.

The limit is generous on purpose (a whole notebook runs in seconds to a minute on two cores): it is there to catch a
cell that starts hours of experiments, which a slow or busy machine cannot mistake for one. The notebooks run in a
copy of ``notebooks/``, so that lesson 08's ``%%writefile`` cells cannot touch a student's agents.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

from locations import ROOT

NOTEBOOKS = ROOT / "notebooks"
ALL = sorted(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb")) + sorted((NOTEBOOKS / "solutions").glob("[0-9][0-9]_*.ipynb"))
LIMIT_SECONDS = 900
"""The most one cell may take (nbclient's limit is per cell): many times what any lesson's cell needs, a small part
of any experiment's."""


def files_under(folder: Path) -> dict[str, int]:
    """Every file under ``folder`` (relative path: modification time in ns)."""
    return {str(path.relative_to(folder)): path.stat().st_mtime_ns for path in folder.rglob("*") if path.is_file()}


@pytest.fixture(scope="module")
def notebooks_copy(tmp_path_factory: pytest.TempPathFactory) -> Path:
    copy = tmp_path_factory.mktemp("run_all") / "notebooks"
    shutil.copytree(NOTEBOOKS, copy, ignore=shutil.ignore_patterns(".ipynb_checkpoints", "__pycache__"))
    return copy


@pytest.mark.parametrize("path", ALL, ids=[str(path.relative_to(NOTEBOOKS)) for path in ALL])
def test_run_all_runs_every_cell_in_minutes_and_writes_nothing_into_the_project(path: Path,
                                                                                 notebooks_copy: Path) -> None:
    copy = notebooks_copy / path.relative_to(NOTEBOOKS)
    notebook = nbformat.read(copy, as_version=4)
    for cell in notebook.cells:  # Run All knows no test's tags
        cell.metadata.pop("tags", None)
    data_before = files_under(ROOT / "data")
    copy_before = set(files_under(notebooks_copy))
    NotebookClient(notebook, timeout=LIMIT_SECONDS, kernel_name="python3",
                   resources={"metadata": {"path": str(copy.parent)}}).execute()
    assert all(cell.get("execution_count") for cell in notebook.cells if cell.cell_type == "code")
    assert files_under(ROOT / "data") == data_before, "Run All changed the project's data"
    written = set(files_under(notebooks_copy)) - copy_before
    assert all(name.startswith("my_agents/") for name in written), f"Run All left files behind: {sorted(written)}"
