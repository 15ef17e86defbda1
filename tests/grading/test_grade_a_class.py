"""A whole class graded in one run: honest students beside every answer that once crashed, stalled or fooled the
grader. Every row is written, no traceback shows, and every verdict is right.

Each notebook is a lesson's worked solution with an exercise's cell replaced by a student's answer.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from lessons_lib.grading.notebooks import LESSONS_FOLDER

pytestmark = pytest.mark.slow

ELO, WILSON = 1, 3  # the code cells (counted from 0) of lesson 07's two exercises in its worked solution
COUNT_LEAVES = 1  # lesson 02's first exercise


def elo(body: str) -> dict[int, str]:
    return {ELO: f"def elo_difference(score):\n{body}\n\ncheck_elo_difference(elo_difference)\n"}


def wilson(body: str, before: str = "") -> dict[int, str]:
    return {WILSON: f"{before}def wilson(successes, trials):\n{body}\n\ncheck_wilson(wilson)\n"}


CLASS: dict[str, tuple[str, dict[int, str], tuple[str, ...]]] = {
    "honest_07": ("07_strength", {}, ()),
    "honest_02": ("02_rules_and_game_tree", {}, ()),
    "huge_number": ("07_strength", elo("    return 10 ** 400"), ()),
    "huge_pair": ("07_strength", wilson("    return (10 ** 400, 1)"), ()),
    "shared_lists": ("07_strength", elo("    level = [1]\n    for _ in range(40):\n        level = [level, level]\n"
                                        "    return level"), ()),
    "shared_tuples": ("07_strength", elo("    level = (1,)\n    for _ in range(40):\n        level = (level, level)\n"
                                         "    return level"), ()),
    "nan": ("07_strength", elo("    return float('nan')"), ()),
    "huge_text": ("07_strength", elo("    return 'x' * 10_000_000"), ()),
    "unprintable_error": ("07_strength", elo("    class Odd(Exception):\n        def __str__(self):\n"
                                             "            raise ValueError('no')\n    raise Odd()"), ()),
    "a_generator": ("07_strength", wilson("    yield successes / trials"), ()),
    "self_holding": ("07_strength", wilson("    both = [0.1]\n    both.append(both)\n    return both"), ()),
    "importlib": ("02_rules_and_game_tree", {COUNT_LEAVES: (
        "import importlib\ndef count_leaves(position, depth):\n"
        "    return importlib.import_module('lessons_lib.kit.perft').perft(position, depth)\n\n"
        "check_count_leaves(count_leaves)\n")}, ()),
    "built_name": ("07_strength", wilson("    return getattr(ratings, 'wilson_' + 'interval')(successes, trials)",
                                         "from lessons_lib.arena import ratings\n"), ()),
    "hides_its_uses": ("07_strength", wilson("    return wilson_interval(successes, trials)",
                                             "from lessons_lib.arena.ratings import wilson_interval\n"),
                       ("import gc\nfor o in gc.get_objects():\n    if type(o).__name__ == 'Wire':\n"
                        "        o.lend = lambda f, _lend=o.lend: {**_lend(f), 'uses': []}\n",)),
    "exact_numbers": ("07_strength", elo("    import math\n    from fractions import Fraction\n"
                                         "    return Fraction(400 * math.log10(score / (1 - score)))"), ()),
    "solution_by_alias": ("07_strength", {}, ("from lessons_lib.exercises.help import solution\nshow = solution\n"
                                              "show(check_elo_difference)\nsolution(check=check_wilson)\n",)),
}
"""Each student: the lesson, the exercise cells replaced, and cells put before the exercises."""

EXPECTED = {
    "honest_07": ["passed", "passed"], "honest_02": ["passed", "passed"],
    "huge_number": ["not yet", "passed"], "huge_pair": ["passed", "not yet"], "shared_lists": ["not yet", "passed"],
    "shared_tuples": ["not yet", "passed"], "nan": ["not yet", "passed"], "huge_text": ["not yet", "passed"],
    "unprintable_error": ["not yet", "passed"], "a_generator": ["passed", "not yet"],
    "self_holding": ["passed", "not yet"], "importlib": ["not yet", "passed"], "built_name": ["passed", "not yet"],
    "hides_its_uses": ["passed", "not yet"], "exact_numbers": ["passed", "passed"],
    "solution_by_alias": ["passed", "passed"],
}
"""Every verdict: the honest answers pass, each hostile one is "not yet" (never error, not run or missing)."""
SAYS = {
    "shared_lists": "more than 1,000,000 items", "importlib": "importlib", "built_name": "getattr with a name built",
    "hides_its_uses": "write it yourself: this calls wilson_interval",
}
"""What the message of the exercise that is not yet says, for some."""


def code_cell(source: str) -> dict[str, Any]:
    return {"cell_type": "code", "source": source, "metadata": {}, "outputs": [], "execution_count": None}


def hand_in(folder: Path, name: str) -> Path:
    lesson, replaced, before = CLASS[name]
    document = json.loads((LESSONS_FOLDER / "solutions" / f"{lesson}.ipynb").read_text(encoding="utf-8"))
    codes = [cell for cell in document["cells"] if cell["cell_type"] == "code"]
    for index, source in replaced.items():
        codes[index]["source"] = source
    first = document["cells"].index(codes[0])
    document["cells"][first + 1:first + 1] = [code_cell(source) for source in before]
    path = folder / f"{name}.ipynb"
    path.write_text(json.dumps(document), encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def graded(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    folder = tmp_path_factory.mktemp("class")
    paths = [hand_in(folder, name) for name in CLASS]
    finished = subprocess.run([sys.executable, "-P", "-m", "lessons_lib", "grade", *map(str, paths), "--json",
                               "--jobs", "2", "--csv", str(folder / "grades.csv")],
                              capture_output=True, text=True, timeout=3600, cwd=folder)
    return {"status": finished.returncode, "errors": finished.stderr, "report": json.loads(finished.stdout),
            "csv": (folder / "grades.csv").read_text(encoding="utf-8")}


def test_the_class_is_graded_in_one_run_with_every_row_and_no_traceback(graded: dict[str, Any]) -> None:
    assert graded["status"] == 0 and "Traceback" not in graded["errors"], graded["errors"][-3000:]
    assert sorted(book["student"] for book in graded["report"]["notebooks"]) == sorted(CLASS)
    assert graded["csv"].count("\n") == 1 + 2 * len(CLASS)


@pytest.mark.parametrize("name", CLASS)
def test_every_verdict_is_right(graded: dict[str, Any], name: str) -> None:
    book = next(book for book in graded["report"]["notebooks"] if book["student"] == name)
    assert [exercise["status"] for exercise in book["exercises"]] == EXPECTED[name], book
    if name in SAYS:
        assert any(SAYS[name] in exercise["detail"] for exercise in book["exercises"]), book


def test_a_worked_solution_shown_through_an_alias_or_a_keyword_is_seen(graded: dict[str, Any]) -> None:
    book = next(book for book in graded["report"]["notebooks"] if book["student"] == "solution_by_alias")
    assert [exercise["solution_shown"] for exercise in book["exercises"]] == ["before", "before"]
