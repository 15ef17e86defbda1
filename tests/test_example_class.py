"""The teacher's guide's example class (``examples/class/``): its commands give what the guide shows."""

from __future__ import annotations

import csv
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from locations import ROOT

pytestmark = pytest.mark.slow

GUIDE = ROOT / "docs" / "teaching.md"
EXAMPLE = ROOT / "examples" / "class"


def guide_block(after: str) -> list[str]:
    """The lines of the guide's first fenced block that starts with ``after``'s line."""
    text = GUIDE.read_text()
    blocks = re.findall(r"```\n(.*?)```", text, re.DOTALL)
    found = [block for block in blocks if block.startswith(after)]
    assert found, f"no block starting {after!r} in the guide"
    return found[0].splitlines()


def command(folder: Path, *arguments: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-P", "-m", "lessons_lib", *arguments], cwd=folder, capture_output=True,
                          text=True, timeout=1200)


def test_the_example_class_tournament_gives_the_guides_table(tmp_path: Path) -> None:
    """The games' keys hold the paths as typed: the class is copied to the same relative place and played there."""
    shutil.copytree(EXAMPLE, tmp_path / "examples" / "class")
    run = command(tmp_path, "tournament", *sorted(f"examples/class/agents/{path.name}"
                                                  for path in (EXAMPLE / "agents").glob("*.py")),
                  "random", "greedy", "mcts:300", "--games-per-pair", "4", "--baseline", "random",
                  "--db", "class.sqlite", "--standings-csv", "standings.csv", "--quiet")
    assert run.returncode == 0, run.stderr
    assert run.stdout.splitlines() == guide_block(" # player")
    rows = list(csv.DictReader((tmp_path / "standings.csv").open()))
    table = [line.split() for line in guide_block(" # player")[1:8]]
    assert [(row["rank"], row["player"], row["games"], row["forfeits"]) for row in rows] == [
        (line[0], line[1], line[2], line[6]) for line in table]


def test_the_example_class_notebooks_grade_as_the_guide_says(tmp_path: Path) -> None:
    shutil.copytree(EXAMPLE, tmp_path / "examples" / "class")
    run = command(tmp_path, "grade", "examples/class/notebooks/alice/01_board_graph.ipynb",
                  "examples/class/notebooks/bob/01_board_graph.ipynb", "--csv", "grades.csv")
    assert run.returncode == 0, run.stderr
    shown, guide = run.stdout.splitlines(), guide_block("Lesson 01_board_graph")
    assert shown[:3] == guide[:3]  # the lesson, the columns and alice's row
    rows = list(csv.DictReader((tmp_path / "grades.csv").open()))
    assert rows[2]["student"] == "bob" and rows[2]["detail"].startswith("1 over 2 to 5 turns a corner: ")
    bob = [row for row in rows if row["student"] == "bob"]
    assert [row["status"] for row in bob] == ["not yet", "not yet"]
    # each run draws fresh boards: bob's wrong answer may get a point of one right, a few hundredths (the guide says)
    assert all(0 <= float(row["points"] or 0) <= 0.05 for row in bob)
    if all(not float(row["points"] or 0) for row in bob):
        assert shown == guide
