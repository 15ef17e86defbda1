"""How long each notebook takes to run top to bottom (the lessons promise well under a minute each).

Run: ``python benchmarks/notebook_times.py [NAME ...]``. Each notebook runs in a fresh kernel in its own
folder, exactly as nbval runs it (cells tagged ``nbval-skip`` are skipped); the files are not changed.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

import nbformat
from nbclient import NotebookClient

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
LIMIT = 60.0


def run(path: Path) -> float:
    notebook = nbformat.read(path, as_version=4)
    client = NotebookClient(notebook, timeout=600, kernel_name="python3", skip_cells_with_tag="nbval-skip",
                            resources={"metadata": {"path": str(path.parent)}})
    started = time.perf_counter()
    client.execute()
    return time.perf_counter() - started


def main(names: list[str]) -> None:
    paths = sorted(NOTEBOOKS.glob("*.ipynb")) + sorted((NOTEBOOKS / "solutions").glob("*.ipynb"))
    if names:
        paths = [path for path in paths if any(name in path.stem for name in names)]
    total = 0.0
    for path in paths:
        seconds = run(path)
        total += seconds
        flag = "" if seconds < LIMIT else f"  over {LIMIT:.0f} s!"
        print(f"{str(path.relative_to(NOTEBOOKS)):45} {seconds:6.1f} s{flag}", flush=True)
    print(f"{'all':45} {total:6.1f} s")


if __name__ == "__main__":
    main(sys.argv[1:])
