"""The compiled modules and their source: the same results, and an edited source is what runs.

Where the build could compile (a C compiler and Python's headers), the test run itself uses the
compiled modules; these tests compare them with the source, run in a second process.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from lessons_lib.tooling import compiled
from locations import ROOT, TESTS

pytestmark = pytest.mark.slow
needs_compiled = pytest.mark.skipif(compiled.mode() != "compiled",
                                    reason="the modules are not compiled here (no C compiler, or not built)")


def run_python(code_or_script: list[str], pure: bool, **kwargs: object) -> subprocess.CompletedProcess[str]:
    environment = {**os.environ, compiled.PURE_VARIABLE: "1" if pure else "0"}
    environment.pop(compiled.NOTICE_VARIABLE, None)
    return subprocess.run([sys.executable, *code_or_script], capture_output=True, text=True, timeout=900,
                          env=environment, cwd=ROOT, **kwargs)  # type: ignore[call-overload]


@needs_compiled
def test_compiled_and_interpreted_give_the_same_results_for_every_game() -> None:
    """Perft, evaluations, playouts, every search's value, line and node count, and seeded MCTS."""
    runs = {pure: run_python([str(TESTS / "mode_results.py")], pure) for pure in (False, True)}
    for run in runs.values():
        assert run.returncode == 0, run.stderr
    fast, slow = (json.loads(runs[pure].stdout) for pure in (False, True))
    assert (fast["mode"], slow["mode"]) == ("compiled", "interpreted")
    assert fast["results"] == slow["results"]
    assert len(fast["results"]) >= 12


@needs_compiled
def test_the_compiled_modules_doctests_pass_from_their_source() -> None:
    """A compiled module is not its .py file, so pytest cannot collect its doctests there: they run here."""
    sources = [str(compiled.source_of(module)) for module in compiled.COMPILED_MODULES]
    run = run_python(["-m", "pytest", "-q", "-p", "no:cacheprovider", "--doctest-modules", "-o", "addopts=",
                      "--rootdir", str(ROOT), *sources], pure=True)
    assert run.returncode == 0, run.stdout[-3000:]
    assert " passed" in run.stdout


@needs_compiled
def test_an_edited_source_runs_instead_of_its_compiled_module(tmp_path: Path) -> None:
    """One changed file, and none of the compiled modules is used, with one line saying so."""
    copy = tmp_path / "lessons_lib"
    shutil.copytree(compiled.PACKAGE, copy, ignore=shutil.ignore_patterns("__pycache__"))
    probe = ("import lessons_lib.kit.perft as perft, lessons_lib.games.shologuti.position as position, "
             "lessons_lib.tooling.compiled as compiled; print(compiled.mode(), perft.__file__, position.__file__)")
    environment = {**os.environ, "PYTHONPATH": str(tmp_path)}
    environment.pop(compiled.NOTICE_VARIABLE, None)
    environment.pop(compiled.PURE_VARIABLE, None)

    def run() -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=300,
                              env=environment, cwd=tmp_path)

    unchanged = run()
    assert unchanged.returncode == 0 and unchanged.stdout.startswith("compiled "), unchanged.stderr
    assert unchanged.stderr == ""
    with open(copy / "kit" / "perft.py", "a", encoding="utf-8") as source:
        source.write("\nEDITED_BY_A_STUDENT = True\n")
    edited = run()
    assert edited.returncode == 0, edited.stderr
    mode, perft_file, position_file = edited.stdout.split()
    assert mode == "interpreted" and perft_file.endswith("perft.py") and position_file.endswith("position.py")
    assert edited.stderr.count("\n") == 1 and "perft.py has changed since it was compiled" in edited.stderr
    assert "python run.py build" in edited.stderr


def test_the_python_source_can_be_asked_for() -> None:
    """SHOLOGUTI_PURE_PYTHON=1 runs the source, compiled modules or not, and says nothing about it."""
    run = run_python(["-c", "import lessons_lib.kit.perft as p, lessons_lib.tooling.compiled as c; print(c.mode(), p.__file__)"],
                     pure=True)
    assert run.returncode == 0 and run.stderr == ""
    mode, path = run.stdout.split()
    assert mode == "interpreted" and path.endswith("perft.py")


def test_without_a_compiler_the_build_says_so_in_one_line(monkeypatch: pytest.MonkeyPatch,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    """No C compiler or no headers: nothing compiled is left to be used, and one line says the source runs."""
    from lessons_lib.tooling import build_compiled

    cleaned: list[bool] = []
    monkeypatch.setattr(build_compiled, "up_to_date", lambda: False)
    monkeypatch.setattr(build_compiled, "missing_tools", lambda: "there is no C compiler (cc)")
    monkeypatch.setattr(build_compiled, "clean", lambda: cleaned.append(True))
    assert build_compiled.build() is False and cleaned
    out = capsys.readouterr().out
    assert out.count("\n") == 1 and "there is no C compiler (cc)" in out and "Python source, about" in out


def test_a_failing_compiler_leaves_the_source_running(monkeypatch: pytest.MonkeyPatch,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    from lessons_lib.tooling import build_compiled

    def broken() -> None:
        print("error: command 'gcc' failed: No such file or directory")
        raise SystemExit(1)

    cleaned: list[bool] = []
    monkeypatch.setattr(build_compiled, "up_to_date", lambda: False)
    monkeypatch.setattr(build_compiled, "missing_tools", lambda: None)
    monkeypatch.setattr(build_compiled, "clean", lambda: cleaned.append(True))
    monkeypatch.setattr(build_compiled, "_compile", broken)
    monkeypatch.setattr(build_compiled, "MANIFEST", Path("/nonexistent/compiled.json"))
    assert build_compiled.build() is False and cleaned
    out = capsys.readouterr().out.splitlines()
    assert out[-1].startswith("Could not compile the engines and searches (error: command 'gcc' failed")
    assert "Python source" in out[-1]
