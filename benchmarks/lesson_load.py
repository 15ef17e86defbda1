"""What each lesson asks of a class: words to read, code cells, exercises, and the machine time to run it.

Run: ``python benchmarks/lesson_load.py`` (``--lessons 03 07`` for some lessons only); it prints a Markdown table.

For every numbered lesson in ``notebooks/`` it counts
- the words of explanation: the words (tokens with a letter in them) of its markdown cells;
- its code cells, and how many of them the tests skip (tagged ``nbval-skip``, or marked ``# NBVAL_SKIP``);
- its exercises: the different ``check_...(`` calls in its code cells (as ``tests/lessons/test_notebooks.py`` does);
then runs the lesson, and its worked solutions in ``notebooks/solutions/``, top to bottom, each in a fresh kernel
in the notebook's own folder, with the skipped cells left out, as the tests run them. The files are not changed:
the notebooks run in a temporary copy of ``notebooks/``, so that lesson 08's ``%%writefile`` cells cannot
overwrite a student's agents in ``notebooks/my_agents/``.

Each run is given as seconds by the clock, the kernel's start included, and in brackets the processor seconds
the kernel and the processes it waited for used (a game's sandboxes, a pool's workers): the clock is what a
student waits on this machine; the processor time hardly depends on what else the machine is doing. Neither
is how long a student takes: that is reading and thinking, which no script measures.
"""

from __future__ import annotations

import argparse
import os
import platform
import re
import shutil
import tempfile
import time
from pathlib import Path
from typing import NamedTuple

import nbformat
from nbclient import NotebookClient

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
SKIP = "nbval-skip"
CHECK_CALL = re.compile(r"^(check_\w+)\(", re.M)  # the exercises' check cells, as the tests find them
SKIP_COMMENT = re.compile(r"^\s*#\s*NBVAL_SKIP", re.M)  # nbval's other way to mark a cell
PROCESSOR_TIME = "import os\nused = os.times()\nprint(used.user + used.system + used.children_user + used.children_system)"
"""The last cell each run gets: the kernel's own processor seconds, and those of the processes it waited for."""


def skipped(cell: nbformat.NotebookNode) -> bool:
    return SKIP in cell.metadata.get("tags", []) or bool(SKIP_COMMENT.search(cell.source))


def words(notebook: nbformat.NotebookNode) -> int:
    return sum(any(character.isalpha() for character in token)
               for cell in notebook.cells if cell.cell_type == "markdown" for token in cell.source.split())


def why(cell: nbformat.NotebookNode) -> str:
    """A skipped cell's opening comment, which says what running it would cost (the tests make sure it does)."""
    comment = []
    for line in cell.source.splitlines():
        if not line.startswith("#"):
            break
        comment.append(line.lstrip("# "))
    return " ".join(comment)


def run(path: Path) -> tuple[float, float]:
    """Seconds by the clock, and processor seconds, to run ``path`` top to bottom (skipped cells left out)."""
    notebook = nbformat.read(path, as_version=4)
    notebook.cells = [cell for cell in notebook.cells if cell.cell_type != "code" or not skipped(cell)]
    notebook.cells.append(nbformat.v4.new_code_cell(PROCESSOR_TIME))
    client = NotebookClient(notebook, timeout=1800, kernel_name="python3",
                            resources={"metadata": {"path": str(path.parent)}})
    started = time.perf_counter()
    client.execute()
    seconds = time.perf_counter() - started
    return seconds, float(notebook.cells[-1].outputs[0]["text"])


class Lesson(NamedTuple):
    words: int
    code_cells: int
    exercises: int
    run: tuple[float, float]
    solutions: tuple[float, float] | None  # lesson 00 has none


def shown(times: tuple[float, float] | None) -> str:
    return "–" if times is None else f"{times[0]:.1f} ({times[1]:.1f})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lessons", nargs="+", metavar="NAME",
                        help="only the lessons whose names contain one of these (03, 07_strength, ...)")
    args = parser.parse_args()
    paths = sorted(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb"))
    if args.lessons:
        paths = [path for path in paths if any(name in path.stem for name in args.lessons)]
    load = f"; load average {os.getloadavg()[0]:.1f} at the start" if hasattr(os, "getloadavg") else ""
    print(f"Python {platform.python_version()} on {platform.machine()}, {platform.system()}, "
          f"{os.cpu_count()} cores{load}\n")
    print("| lesson | words | code cells (skipped) | exercises | lesson: s by the clock (processor s) "
          "| solutions: s by the clock (processor s) |")
    print("|---|--:|--:|--:|--:|--:|")
    lessons, notes = [], []
    with tempfile.TemporaryDirectory() as folder:
        copy = Path(folder) / "notebooks"
        shutil.copytree(NOTEBOOKS, copy, ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
        for path in paths:
            notebook = nbformat.read(path, as_version=4)
            code = [cell for cell in notebook.cells if cell.cell_type == "code"]
            skips = [cell for cell in code if skipped(cell)]
            checks = {name for cell in code for name in CHECK_CALL.findall(cell.source)}
            solution = copy / "solutions" / path.name
            lesson = Lesson(words(notebook), len(code), len(checks), run(copy / path.name),
                            run(solution) if solution.exists() else None)
            lessons.append(lesson)
            print(f"| `{path.stem}` | {lesson.words:,} | {lesson.code_cells} ({len(skips)}) | {lesson.exercises} "
                  f"| {shown(lesson.run)} | {shown(lesson.solutions)} |", flush=True)
            notes += [f"- `{path.stem}` skips: {why(cell)}" for cell in skips]
    runs = [lesson.run for lesson in lessons]
    solutions = [lesson.solutions for lesson in lessons if lesson.solutions is not None]
    print(f"| all | {sum(lesson.words for lesson in lessons):,} | {sum(lesson.code_cells for lesson in lessons)} "
          f"| {sum(lesson.exercises for lesson in lessons)} | {shown(total(runs))} | {shown(total(solutions))} |")
    if hasattr(os, "getloadavg"):
        print(f"\nLoad average at the end: {os.getloadavg()[0]:.1f}.")
    if notes:
        print("\nThe cells the tests skip, and what they would cost:\n" + "\n".join(notes))


def total(times: list[tuple[float, float]]) -> tuple[float, float]:
    return sum(clock for clock, _ in times), sum(processor for _, processor in times)


if __name__ == "__main__":
    main()
