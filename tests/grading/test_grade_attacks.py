"""``grade`` attacked: what a hostile or careless notebook, or a badly named file, does to the grader.

Each notebook here is lesson 01's solution with its exercise cells or extra cells changed. The
cheating notebooks give *wrong* answers (``jumps_from`` returns ``[]``, ``cut_points = []``), so
any exercise they get "passed" was won by the cheat, not by the answer.

Every test here began as an attack that worked (a reviewer's), or one that showed a promise holding;
the grader was then fixed until all of them pass.
"""

from __future__ import annotations

import csv
import io
import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from lessons_lib.sandbox.isolation import BUBBLEWRAP, sandbox_mode
from lessons_lib.cli.main import main
from lessons_lib.grading.notebooks import LESSONS_FOLDER
from waiting import processes_with, unique_sleep

pytestmark = pytest.mark.slow

SOLVED = LESSONS_FOLDER / "solutions" / "01_board_graph.ipynb"
WRONG_JUMPS = "def jumps_from(G, point):\n    return []\n\ncheck_jumps_from(jumps_from)\n"
WRONG_CUTS = "cut_points = []\n\ncheck_cut_points(cut_points)\n"
PIPES = ("import os\n"
         "def answer_pipes():\n"
         "    found = []\n"
         "    for fd in map(int, os.listdir('/proc/self/fd')):\n"
         "        try:\n"
         "            if fd > 2 and os.readlink(f'/proc/self/fd/{fd}').startswith('pipe:'):\n"
         "                found.append(fd)\n"
         "        except OSError:\n"
         "            pass\n"
         "    return found\n")
"""A cell's code that finds the runner's answer channel (a pipe) without knowing its number."""
FORGE = ("import gc, json\n"
         "plan = next(o for o in gc.get_objects() if isinstance(o, dict) and 'token' in o and 'lessons' in o)\n"
         "def send(event):\n"
         "    line = (json.dumps({'token': plan['token'], **event}) + '\\n').encode()\n"
         "    for fd in answer_pipes():\n"
         "        os.write(fd, line)\n")
"""Reads the runner's secret out of memory (documented as possible) and writes lines with it."""


def code_cell(source: object) -> dict[str, Any]:
    return {"cell_type": "code", "source": source, "metadata": {}, "outputs": [], "execution_count": None}


def notebook(path: Path, exercise_1: str | None = None, exercise_2: str | None = None,
             before: tuple[str, ...] = (), after: tuple[str, ...] = ()) -> Path:
    """Lesson 01 solved, with its two exercise cells replaced, and cells put ``before`` them (after the
    imports) and ``after`` them."""
    document = json.loads(SOLVED.read_text())
    codes = [cell for cell in document["cells"] if cell["cell_type"] == "code"]
    if exercise_1 is not None:
        codes[1]["source"] = exercise_1
    if exercise_2 is not None:
        codes[2]["source"] = exercise_2
    first = document["cells"].index(codes[0])
    document["cells"][first + 1:first + 1] = [code_cell(source) for source in before]
    document["cells"] += [code_cell(source) for source in after]
    path.write_text(json.dumps(document))
    return path


def wrong(path: Path, before: tuple[str, ...] = (), after: tuple[str, ...] = (), exercise_1: str = WRONG_JUMPS,
          exercise_2: str = WRONG_CUTS) -> Path:
    """Lesson 01 with wrong answers to both exercises, and the cells given."""
    return notebook(path, exercise_1, exercise_2, before, after)


@pytest.fixture
def grade(capsys: pytest.CaptureFixture[str]) -> Any:
    """``grade(paths, *options)``: the exit status, the JSON report and standard error."""
    def run(paths: list[Path], *options: str) -> tuple[int, dict[str, Any], str]:
        status = main(["grade", *map(str, paths), "--json", *options])
        captured = capsys.readouterr()
        return status, json.loads(captured.out), captured.err
    return run


def statuses(report: dict[str, Any]) -> dict[str, list[str]]:
    return {Path(book["path"]).stem: [exercise["status"] for exercise in book["exercises"]]
            for book in report["notebooks"]}


def grade_in_module(folder: Path, paths: list[Path], *options: str) -> tuple[int, dict[str, Any], str]:
    """Grade once for a whole module's tests (a module-scoped fixture has no capsys): in a subprocess."""
    finished = subprocess.run([sys.executable, "-P", "-m", "lessons_lib", "grade", *map(str, paths), "--json",
                               *options], capture_output=True, text=True, timeout=600, cwd=folder)
    return finished.returncode, json.loads(finished.stdout), finished.stderr


# -- cheating that earned credit while the checks ran beside the student's code --------------------------

TOKEN_FINDER = ("import gc\n"
                "def token_from_memory():\n"
                "    for o in gc.get_objects():\n"
                "        code = getattr(o, '__code__', None)\n"
                "        if callable(o) and code is not None and 'token' in code.co_freevars and o.__closure__:\n"
                "            return o.__closure__[code.co_freevars.index('token')].cell_contents\n")
"""A cell's code that digs the runner's secret out of a function's closure."""
FORGE_LINES = (PIPES + TOKEN_FINDER + "import json\ntoken = token_from_memory()\n"
               "def write(event):\n"
               "    line = (json.dumps({'token': token, **event}) + '\\n').encode()\n"
               "    for fd in answer_pipes():\n"
               "        os.write(fd, line)\n"
               "write({'error': 'FORGER REACHED THE CHANNEL', 'cell': 1})\n"
               "for name in ('check_jumps_from', 'check_cut_points'):\n"
               "    write({'check': name, 'cell': 3, 'passed': True, 'message': 'ok'})\n"
               "    write({'verdict': {'passed': True, 'message': 'ok'}})\n")
"""Lines in the runner's words, with its secret, on its channel: a verdict as the old runner sent it and as the
grader sends it."""

CHEATS_THAT_PASS: dict[str, dict[str, Any]] = {
    # the check's answer is a frozen dataclass the student holds; the runner reads it only at the end of the cell
    "mutates_the_answer": dict(
        exercise_1=WRONG_JUMPS + "object.__setattr__(check_jumps_from(jumps_from), 'passed', True)\n",
        exercise_2=WRONG_CUTS + "answer = check_cut_points(cut_points)\nobject.__setattr__(answer, 'passed', True)\n"),
    # functools.wraps hands out the original check as __wrapped__: its code is swapped, the recorder stays
    "swaps_the_checks_code": dict(before=(
        "for check in (check_jumps_from, check_cut_points):\n"
        "    check.__wrapped__.__code__ = (lambda answer: Feedback.correct('ok')).__code__\n",)),
    # Feedback itself stays, its not_yet becomes correct (the class is found without naming it)
    "patches_feedbacks_methods": dict(before=("F = type(check_cut_points([]))\nF.not_yet = F.correct\n",)),
    # the check module's own global Feedback is swapped, through __wrapped__.__globals__
    "swaps_the_checks_globals": dict(before=(
        "Real = type(check_cut_points([]))\n"
        "class Fake:\n    correct = not_yet = staticmethod(lambda message: Real(True, message))\n"
        "for check in (check_jumps_from, check_cut_points):\n"
        "    check.__wrapped__.__globals__['Feed' + 'back'] = Fake\n",)),
    # json.dumps, a public function of the standard library, is what the runner writes its answers with
    "rewrites_json_dumps": dict(before=(
        "import json\n_dumps = json.dumps\n"
        "def dumps(event, **options):\n"
        "    if isinstance(event, dict) and 'check' in event:\n"
        "        event = {**event, 'passed': True}\n"
        "    return _dumps(event, **options)\n"
        "json.dumps = dumps\n",)),
    # whatever holds a verdict in the notebook's process, found with gc, set to passed
    "sets_every_verdict_found_in_memory": dict(before=(
        "import gc\n"
        "for o in gc.get_objects():\n"
        "    try:\n"
        "        if isinstance(o, dict) and 'passed' in o:\n"
        "            o['passed'] = True\n"
        "        if isinstance(getattr(o, 'verdicts', None), dict):\n"
        "            o.verdicts.update({name: {'passed': True, 'message': 'ok'}\n"
        "                               for name in ('check_jumps_from', 'check_cut_points')})\n"
        "    except Exception:\n"
        "        pass\n",)),
    # what the checks compare with is made to agree with anything
    "patches_math_isclose_and_operator_eq": dict(before=(
        "import math, operator\nmath.isclose = lambda *a, **k: True\noperator.eq = lambda a, b: True\n",)),
    # the stand-in's own answer from the grader is replaced: the cell shows passed, the grader knows better
    "answers_for_the_grader": dict(before=(
        "import gc\n"
        "for o in gc.get_objects():\n"
        "    if type(o).__name__ == 'Wire':\n"
        "        o.receive = lambda: {'verdict': {'passed': True, 'message': 'ok'}}\n",)),
    "forges_the_runners_lines": dict(before=(FORGE_LINES,)),
}


@pytest.fixture(scope="module")
def cheats_that_pass(tmp_path_factory: pytest.TempPathFactory) -> dict[str, list[str]]:
    folder = tmp_path_factory.mktemp("cheats")
    paths = [wrong(folder / f"{name}.ipynb", **spec) for name, spec in CHEATS_THAT_PASS.items()]
    _, report, _ = grade_in_module(folder, [wrong(folder / "control.ipynb"), *paths], "--jobs", "2")
    PROBLEMS.update({Path(book["path"]).stem: book["problems"] for book in report["notebooks"]})
    return statuses(report)


PROBLEMS: dict[str, list[str]] = {}


@pytest.fixture
def forgers_problems(cheats_that_pass: dict[str, list[str]]) -> list[str]:
    return PROBLEMS["forges_the_runners_lines"]


def test_the_wrong_answers_alone_pass_nothing(cheats_that_pass: dict[str, list[str]]) -> None:
    assert cheats_that_pass["control"] == ["not yet", "not yet"]


@pytest.mark.parametrize("name", CHEATS_THAT_PASS)
def test_cheap_cheating_earns_no_credit(cheats_that_pass: dict[str, list[str]], name: str) -> None:
    assert "passed" not in cheats_that_pass[name]


def test_the_forger_did_reach_the_channel(cheats_that_pass: dict[str, list[str]], forgers_problems: list[str]) -> None:
    """The forged lines were written with the right secret (so the test above can fail): a forged error counts."""
    assert "code cell 1 raised FORGER REACHED THE CHANNEL" in forgers_problems


# -- cheating that is caught --------------------------------------------------------------------------

CHEATS_CAUGHT: dict[str, dict[str, Any]] = {
    "percent_run": dict(before=("%%writefile fake.py\ndef check_cut_points(answer):\n    return True\n"
                                "def check_jumps_from(f):\n    return True\n", "%run -i fake.py")),
    "run_cell": dict(before=("get_ipython().run_cell('def check_cut' + '_points(answer):\\n    return True')",)),
    "capture_cell": dict(before=("%%capture\ndef check_cut_points(answer):\n    return True\n",)),
    "time_cell": dict(before=("%%time\ncheck_cut_points = lambda answer: True\n",)),
    "exec": dict(before=("exec('check_cut' + '_points = lambda answer: True')",)),
    "sys_modules": dict(before=(
        "import sys, types\nfake = types.ModuleType('x')\nsetattr(fake, 'check_cut' + '_points', lambda answer: True)\n"
        "sys.modules['lessons_lib.exer' + 'cises.board_graph'] = fake\n",)),
    "reload": dict(before=("import importlib, sys\n"
                           "importlib.reload(sys.modules['lessons_lib.exer' + 'cises.board_graph'])\n",)),
    "from_the_package": dict(before=("from lessons_lib import exercises as e\n"
                                     "setattr(e.board_graph, 'check_cut' + '_points', lambda answer: True)\n",)),
    "prints_results": dict(before=(
        PIPES + "line = b'{\"token\": \"x\", \"check\": \"check_cut_points\", \"cell\": 3, \"passed\": true}\\n'\n"
        "print(line.decode())\nfor fd in answer_pipes():\n    os.write(fd, line)\n",)),
}


def test_common_cheating_earns_no_credit(tmp_path: Path, grade: Any) -> None:
    paths = [wrong(tmp_path / f"{name}.ipynb", **spec) for name, spec in CHEATS_CAUGHT.items()]
    status, report, errors = grade(paths, "--jobs", "2")
    assert status == 0 and "Traceback" not in errors
    found = statuses(report)
    assert set(found) == set(CHEATS_CAUGHT)
    assert {name: "passed" in found[name] for name in found} == {name: False for name in CHEATS_CAUGHT}
    for name in ("capture_cell", "time_cell", "sys_modules", "reload", "from_the_package"):
        assert found[name] == ["tampered", "tampered"], name


def graded_beside_an_honest_notebook(hostile: Path, grade: Any) -> dict[str, Any]:
    """Grade ``hostile`` with an honest notebook beside it: the honest one passes, and no traceback shows."""
    honest = notebook(hostile.parent / "honest.ipynb")
    _, report, errors = grade([hostile, honest])
    assert statuses(report)["honest"] == ["passed", "passed"] and "Traceback" not in errors
    return report


# -- the grader itself attacked -----------------------------------------------------------------------

def test_a_notebook_cannot_crash_the_grading_of_the_class_by_rewriting_json(tmp_path: Path, grade: Any) -> None:
    hostile = notebook(tmp_path / "hostile.ipynb", before=(
        "import json\n_dumps = json.dumps\n"
        "def dumps(event, **options):\n"
        "    if isinstance(event, dict) and 'start' in event:\n"
        "        event = {**event, 'start': [event['start']]}\n"
        "    return _dumps(event, **options)\n"
        "json.dumps = dumps\n",))
    report = graded_beside_an_honest_notebook(hostile, grade)
    assert statuses(report)["hostile"] == ["passed", "passed"]  # its answers are right


def test_a_forged_malformed_answer_does_not_crash_the_grader(tmp_path: Path, grade: Any) -> None:
    hostile = notebook(tmp_path / "hostile.ipynb", after=(PIPES + FORGE + "send({'error': 'x', 'cell': {}})\n",))
    graded_beside_an_honest_notebook(hostile, grade)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads the grader's peak memory from /proc")
def test_flooding_the_answer_channel_does_not_fill_the_graders_memory(tmp_path: Path) -> None:
    flood = notebook(tmp_path / "flood.ipynb", before=(
        PIPES + "chunk = b'x' * 2**20\nfor _ in range(256):\n    for fd in answer_pipes():\n        os.write(fd, chunk)\n",))
    grader = subprocess.Popen([sys.executable, "-P", "-m", "lessons_lib", "grade", str(flood), "--seconds", "20"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=tmp_path)
    peak_mb = 0
    try:
        while grader.poll() is None:
            try:
                status = Path(f"/proc/{grader.pid}/status").read_text()
            except OSError:
                break
            peak_mb = max([peak_mb] + [int(line.split()[1]) // 1024 for line in status.splitlines()
                                       if line.startswith("VmHWM:")])
            time.sleep(0.02)
        grader.wait(timeout=120)
    finally:
        if grader.poll() is None:
            grader.kill()
            grader.wait()
    assert peak_mb < 200, f"the grader's peak memory was {peak_mb} MB"


FLOOD_OF_CALLS = ("import gc, threading, time\n"
                  "send = next(o for o in gc.get_objects() if callable(o) and getattr(o, '__name__', '') == 'send'\n"
                  "            and 'token' in getattr(getattr(o, '__code__', None), 'co_freevars', ()))\n"
                  "def flooding(G, point):\n"
                  "    def flood():\n"
                  "        for number in range(3000):\n"
                  "            send({'call': 999, 'id': 10**6 + number, 'args': [], 'kwargs': {}})\n"
                  "    threading.Thread(target=flood, daemon=True).start()\n"
                  "    time.sleep(600)\n\n"
                  "result = check_jumps_from(flooding)\n")
"""A cell after the exercises whose answer floods the grader with forged calls in the runner's words, then stops
reading: the grader answers each, the answers fill the notebook's input, and the referee once blocked writing to
it, its clock with it (the exercises' own cells are honest and passed before)."""


def test_a_notebook_that_floods_the_grader_and_stops_reading_is_stopped_in_its_time(tmp_path: Path) -> None:
    flood = notebook(tmp_path / "flood.ipynb", after=(FLOOD_OF_CALLS,))
    honest = notebook(tmp_path / "honest.ipynb")
    finished = subprocess.run([sys.executable, "-P", "-m", "lessons_lib", "grade", str(flood), str(honest), "--json",
                               "--seconds", "20"], capture_output=True, text=True, timeout=900, cwd=tmp_path)
    report = json.loads(finished.stdout)
    # (every call of a check is read: the flooding answer's threads make the first exercise not yet)
    assert statuses(report) == {"flood": ["not yet", "passed"], "honest": ["passed", "passed"]}, report
    problems = next(book["problems"] for book in report["notebooks"] if book["student"] == "flood")
    assert any("timed out after 20 s" in problem or "faster than it was read" in problem for problem in problems)


def test_a_cell_of_many_cell_magics_is_not_a_traceback(tmp_path: Path, grade: Any) -> None:
    magics = notebook(tmp_path / "magics.ipynb", before=("%%capture\n" * 1200 + "x = 1\n",))
    graded_beside_an_honest_notebook(magics, grade)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="a process left behind, on Linux")
@pytest.mark.parametrize("mode", ["bubblewrap", "process"])
def test_a_process_left_behind_neither_hangs_the_grader_nor_outlives_it(tmp_path: Path, mode: str) -> None:
    """A daemon that would sleep for days: grade returns when the notebook is done, and the daemon is gone."""
    if mode == "bubblewrap" and sandbox_mode() != BUBBLEWRAP:
        pytest.skip("bubblewrap cannot be used here")
    left_behind = notebook(tmp_path / "left_behind.ipynb", before=(
        "import os, time\n"
        "child = os.fork()\n"
        "if child == 0:\n"
        "    os.setsid()\n"
        "    if os.fork() == 0:\n"
        f"        os.execvp('sleep', ['sleep', '{unique_sleep(86400)}'])\n"
        "    os._exit(0)\n"
        "os.waitpid(child, 0)\n",))
    environment = {**os.environ, "SHOLOGUTI_SANDBOX": mode}
    finished = subprocess.run([sys.executable, "-P", "-m", "lessons_lib", "grade", str(left_behind), "--json",
                               "--seconds", "300"], capture_output=True, text=True, env=environment, timeout=600,
                              cwd=tmp_path)
    assert statuses(json.loads(finished.stdout))["left_behind"] == ["passed", "passed"]
    assert not processes_with(f"sleep {unique_sleep(86400)}")


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="bubblewrap is Linux's")
def test_grading_without_bubblewrap_says_so(tmp_path: Path) -> None:
    environment = {**os.environ, "PATH": str(tmp_path)}  # no bwrap to be found
    environment.pop("SHOLOGUTI_SANDBOX", None)
    finished = subprocess.run([sys.executable, "-P", "-m", "lessons_lib", "grade", str(SOLVED)], capture_output=True,
                              text=True, env=environment, timeout=300, cwd=tmp_path)
    assert finished.returncode == 0 and "2/2" in finished.stdout
    assert "bubblewrap" in finished.stderr


# -- honest notebooks ---------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def honest(tmp_path_factory: pytest.TempPathFactory) -> dict[str, list[str]]:
    folder = tmp_path_factory.mktemp("honest")
    paths = [
        notebook(folder / "asks_for_help.ipynb", before=("check_cut_points?",)),
        notebook(folder / "calls_help.ipynb", before=("help(check_cut_points)",)),
        notebook(folder / "has_a_course_class.ipynb", before=(
            "class Course:\n    exercises = ['graphs', 'search']\nprint(Course.exercises)\n",)),
        notebook(folder / "raises_an_unprintable_error.ipynb", before=(
            "class Oops(Exception):\n    def __str__(self):\n        return 42\nraise Oops()\n",)),
    ]
    _, report, _ = grade_in_module(folder, paths, "--jobs", "2")
    return statuses(report)


def test_calling_help_on_a_check_is_not_tampering(honest: dict[str, list[str]]) -> None:
    assert honest["calls_help"] == ["passed", "passed"]


def test_asking_for_a_checks_help_with_a_question_mark_is_not_tampering(honest: dict[str, list[str]]) -> None:
    assert honest["asks_for_help"] == ["passed", "passed"]


def test_an_attribute_called_exercises_is_not_tampering(honest: dict[str, list[str]]) -> None:
    assert honest["has_a_course_class"] == ["passed", "passed"]


def test_an_error_that_cannot_be_shown_does_not_stop_the_other_cells(honest: dict[str, list[str]]) -> None:
    assert honest["raises_an_unprintable_error"] == ["passed", "passed"]


# -- hostile notebooks: reported, the others graded -----------------------------------------------------

def test_notebooks_that_die_fork_eat_memory_or_close_their_channels_are_reported(tmp_path: Path,
                                                                                  grade: Any) -> None:
    paths = [
        notebook(tmp_path / "exits.ipynb", exercise_1="import os\nos._exit(0)\ncheck_jumps_from(None)"),
        notebook(tmp_path / "kills_itself.ipynb",
                 exercise_1="import os, signal\nos.kill(os.getpid(), signal.SIGKILL)\ncheck_jumps_from(None)"),
        notebook(tmp_path / "forks.ipynb", before=(
            "import os\nwhile True:\n    try:\n        os.fork()\n    except OSError:\n        pass\n",)),
        notebook(tmp_path / "eats_memory.ipynb", before=(
            "hog = []\nwhile True:\n    hog.append(bytearray(50 * 2**20))\n",)),
        notebook(tmp_path / "keeps_every_crumb.ipynb", before=(
            "hog = []\nwhile True:\n    hog.append(bytearray(2**20))\n",)),
        notebook(tmp_path / "closes_everything.ipynb", before=("import os\nos.closerange(0, 4096)\n",)),
        notebook(tmp_path / "floods_output.ipynb", before=(
            "import os, sys\nfor _ in range(300):\n    print('x' * 100_000)\n    sys.stderr.write('y' * 100_000)\n"
            "    os.write(1, b'z' * 100_000)\n",)),
        notebook(tmp_path / "honest.ipynb"),
    ]
    status, report, errors = grade(paths, "--seconds", "60", "--jobs", "3")  # room for a busy machine
    assert status == 0 and "Traceback" not in errors
    found = statuses(report)
    problems = {Path(book["path"]).stem: " ".join(book["problems"]) for book in report["notebooks"]}
    assert found == {
        "exits": ["not run", "not run"], "kills_itself": ["not run", "not run"], "forks": ["not run", "not run"],
        "eats_memory": ["passed", "passed"], "keeps_every_crumb": ["passed", "passed"],
        "closes_everything": ["not run", "not run"], "floods_output": ["passed", "passed"],
        "honest": ["passed", "passed"]}, problems
    forks_stopped = ("timed out after 60 s" in problems["forks"],
                     "started more than 64 processes (the limit for one notebook)" in problems["forks"])
    assert any(forks_stopped) and "MemoryError" in problems["eats_memory"], problems


@pytest.mark.skipif(sandbox_mode() != BUBBLEWRAP, reason="without bubblewrap a notebook has the teacher's rights")
def test_inside_bubblewrap_a_notebook_reaches_no_file_of_the_teacher_or_another_student(tmp_path: Path,
                                                                                         grade: Any) -> None:
    secret = tmp_path / "teacher" / "grades.txt"
    secret.parent.mkdir()
    secret.write_text("alice: 20/20")
    other = notebook(tmp_path / "other.ipynb")
    marker = tmp_path / "teacher" / "written"

    def attempt(expression: str) -> str:
        return (f"import os, socket\ntry:\n    result = {expression}\nexcept OSError as error:\n"
                f"    result = type(error).__name__\nraise RuntimeError(repr(result))\n")

    nosy = notebook(tmp_path / "nosy.ipynb", before=(
        attempt(f"open({str(secret)!r}).read()"), attempt(f"open({str(other)!r}).read()"),
        attempt(f"open({str(marker)!r}, 'w').write('x')"),
        attempt("socket.create_connection(('1.1.1.1', 80), timeout=3)"),
        attempt("sorted(int(name) for name in os.listdir('/proc') if name.isdigit())"),
    ))
    _, report, _ = grade([nosy, other])
    assert statuses(report) == {"nosy": ["passed", "passed"], "other": ["passed", "passed"]}
    problems = next(book["problems"] for book in report["notebooks"] if book["student"] == "nosy")
    assert [problem.split("RuntimeError: ")[1] for problem in problems] == [
        "'FileNotFoundError'", "'FileNotFoundError'", "'FileNotFoundError'", "'OSError'", "[1, 2]"]
    assert not marker.exists()


# -- bad input ----------------------------------------------------------------------------------------

def test_every_kind_of_bad_file_gets_one_line_and_the_others_are_graded(tmp_path: Path, grade: Any) -> None:
    def write(name: str, content: str | bytes) -> Path:
        path = tmp_path / name
        path.write_bytes(content.encode() if isinstance(content, str) else content)
        return path

    refused = [
        write("cells_not_a_list.ipynb", json.dumps({"nbformat": 4, "cells": {"a": 1}})),
        write("cell_a_string.ipynb", json.dumps({"nbformat": 4, "cells": ["check_cut_points([9, 29])"]})),
        write("deep.ipynb", '{"nbformat": 4, "cells": ' + "[" * 200_000 + "]" * 200_000 + "}"),
        write("empty.ipynb", b""),
        write("junk.ipynb", bytes(range(256)) * 16),
        write("not_utf8.ipynb", b'{"nbformat": 4, "cells": ["\xff\xfe"]}'),
        write("version3.ipynb", json.dumps({"nbformat": 3, "nbformat_minor": 0, "worksheets": [{"cells": []}]})),
        write("other_course.ipynb", json.dumps({"nbformat": 4, "cells": [code_cell("import pandas as pd")]})),
        write("a_list.ipynb", "[1, 2, 3]"),
        tmp_path / "missing.ipynb",
        tmp_path,
    ]
    odd_but_readable = write("odd.ipynb", json.dumps({"nbformat": 4, "cells": [
        {**code_cell("from lessons_lib.exercises.board_graph import check_cut_points"), "metadata": [1, 2]},
        code_cell(12345), "a string", None, {"source": "no type"},
        {**code_cell(["check_cut_points(", 9, "and", None, ")"]), "metadata": {"tags": "x", "execution": [1]}},
        code_cell("check_cut_points([9, 29])")]}))
    status, report, errors = grade([*refused, odd_but_readable, notebook(tmp_path / "honest.ipynb")])
    assert status == 2 and "Traceback" not in errors
    lines = [line for line in errors.splitlines() if not line.startswith("graded ")]
    assert len(lines) == len(refused)  # each said once, as it is found (in the sandbox, for most)
    assert all(sum(repr(str(path)) in line for line in lines) == 1 for path in refused)
    assert [bad["path"] for bad in report["not_graded"]] == [str(path) for path in refused]  # in the order given
    assert statuses(report) == {"odd": ["missing", "passed"], "honest": ["passed", "passed"]}


def test_a_notebook_made_to_be_slow_to_read_is_read_in_the_graders_worker_within_its_time(
        tmp_path: Path, grade: Any) -> None:
    """Two million cell magics take many minutes to take apart: in the grader's worker, a process of its own, within
    the notebook's time; the grader's own process spends nothing on it."""
    import resource

    slow = notebook(tmp_path / "slow.ipynb", before=("%%time\n" * 2_000_000 + "x = 1\n",))
    used = resource.getrusage(resource.RUSAGE_SELF)
    status, report, _ = grade([slow, notebook(tmp_path / "honest.ipynb")], "--seconds", "20")
    after = resource.getrusage(resource.RUSAGE_SELF)
    assert status == 2 and statuses(report) == {"honest": ["passed", "passed"]}
    assert report["not_graded"][0]["problem"].startswith("could not be read (timed out after 20 s")
    assert after.ru_utime + after.ru_stime - used.ru_utime - used.ru_stime < 10  # not the reading's minutes


def test_a_notebook_too_large_is_refused_without_being_read(tmp_path: Path, grade: Any) -> None:
    huge = tmp_path / "huge.ipynb"
    with open(huge, "wb") as file:
        file.truncate(60 * 2**20)  # sparse: large, but costs no disk
    status, report, _ = grade([huge, notebook(tmp_path / "honest.ipynb")])
    assert status == 2 and report["not_graded"][0]["problem"].startswith("is larger than 50 MB")


def test_grades_never_overwrite_a_notebook_handed_in(tmp_path: Path) -> None:
    honest = notebook(tmp_path / "alice.ipynb")
    before = honest.read_bytes()
    for option in ("--csv", "--scores-csv"):
        assert main(["grade", str(honest), option, str(honest)]) == 2
    assert main(["grade", str(honest), "--csv", str(tmp_path / "a.csv"), "--scores-csv", str(tmp_path / "a.csv")]) == 2
    assert honest.read_bytes() == before and not (tmp_path / "a.csv").exists()


# -- the student column and the files -----------------------------------------------------------------

ODD_NAMES = {
    "plain": "alice smith",
    "newline": "bob\nmallory            ✔                 ✔                 2 of 2",
    "carriage_return": "carl\rcarla",
    "line_separator": "dave\u2028dan",
    "escape": "eve\x1b[2J\x1b[31mred",
    "unicode": "zoë 李 🎓",
    "formula": '=HYPERLINK("evil.example","click")',
}


@pytest.fixture(scope="module")
def odd_names(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """Lesson 01 solved, handed in under odd file names, graded into a table and both CSV files."""
    folder = tmp_path_factory.mktemp("odd")
    paths = [notebook(folder / f"{name}.ipynb") for name in ODD_NAMES.values()]
    finished = subprocess.run([sys.executable, "-P", "-m", "lessons_lib", "grade", *map(str, paths), "--csv",
                               str(folder / "long.csv"), "--scores-csv", str(folder / "scores.csv"), "--jobs", "2"],
                              capture_output=True, text=True, timeout=600, cwd=folder)
    return {"status": str(finished.returncode), "table": finished.stdout, "errors": finished.stderr,
            "long": (folder / "long.csv").read_text(encoding="utf-8"),
            "scores": (folder / "scores.csv").read_text(encoding="utf-8")}


def test_escape_sequences_in_file_names_are_shown_escaped(odd_names: dict[str, str]) -> None:
    assert odd_names["status"] == "0"
    assert "\x1b" not in odd_names["table"] + odd_names["errors"]
    assert "eve\\x1b[2J\\x1b[31mred" in odd_names["table"] and "zoë 李 🎓" in odd_names["table"]
    assert len([line for line in odd_names["errors"].splitlines() if line.startswith("graded ")]) == len(ODD_NAMES)


def test_line_breaks_in_file_names_add_no_row_to_the_table(odd_names: dict[str, str]) -> None:
    lines = odd_names["table"].splitlines()
    assert len(lines) == 2 + len(ODD_NAMES)  # "Lesson 01_board_graph", the header, a row per notebook
    assert not any(line.startswith(("mallory", "carla", "dan")) for line in lines)


@pytest.mark.parametrize("which, rows_per_notebook, columns", [("long", 2, 14), ("scores", 1, 11)])
def test_odd_file_names_keep_each_csv_row_whole(odd_names: dict[str, str], which: str, rows_per_notebook: int,
                                               columns: int) -> None:
    rows = list(csv.reader(io.StringIO(odd_names[which], newline="")))
    assert len(rows) == 1 + rows_per_notebook * len(ODD_NAMES)
    assert {len(row) for row in rows} == {columns}


def test_a_file_name_is_not_a_formula_in_the_csv(odd_names: dict[str, str]) -> None:
    students = [row["student"] for row in csv.DictReader(io.StringIO(odd_names["long"], newline=""))]
    assert not any(student.startswith(("=", "+", "@")) for student in students)


def test_a_file_name_that_is_not_utf8_does_not_lose_the_csv(tmp_path: Path,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    try:
        odd = notebook(tmp_path / os.fsdecode(b"m\xfcller.ipynb"))
    except (OSError, UnicodeError):
        pytest.skip("this file system refuses names that are not UTF-8")
    honest = notebook(tmp_path / "alice.ipynb")
    long = tmp_path / "long.csv"
    status = main(["grade", str(odd), str(honest), "--csv", str(long)])
    captured = capsys.readouterr()
    assert status == 0 and "alice" in captured.out
    rows = list(csv.DictReader(io.StringIO(long.read_text(encoding="utf-8"))))
    assert len(rows) == 4 and {row["points"] for row in rows} == {"1"}


def test_a_notebook_handed_in_as_a_link_is_refused(tmp_path: Path, grade: Any) -> None:
    """A link could lead to a teacher's file or another student's notebook: a hand-in is the file itself."""
    store, handed_in = tmp_path / "store", tmp_path / "class"
    store.mkdir()
    handed_in.mkdir()
    (handed_in / "alice.ipynb").symlink_to(notebook(store / "x81.ipynb"))
    os.link(notebook(store / "x82.ipynb"), handed_in / "bob.ipynb")
    (handed_in / "carol").symlink_to(store)
    status, report, errors = grade([handed_in / "alice.ipynb", handed_in / "bob.ipynb", handed_in / "carol" / "x81.ipynb",
                                    notebook(handed_in / "dave.ipynb")])
    assert status == 2 and [book["student"] for book in report["notebooks"]] == ["dave"]
    problems = [bad["problem"] for bad in report["not_graded"]]
    assert problems[0].startswith("is a symbolic link") and problems[1].startswith("has 2 names (a hard link)")
    assert problems[2].startswith("lies in a folder that is a symbolic link")
