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


def test_the_line_before_a_build_says_what_this_machine_will_take(monkeypatch: pytest.MonkeyPatch) -> None:
    from lessons_lib.tooling import build_compiled

    quiet = build_compiled.expected_seconds(1.0, 2, 0.0)
    assert quiet == pytest.approx(build_compiled.MYPYC_SECONDS + build_compiled.C_SECONDS / 2)
    assert build_compiled.expected_seconds(1.0, 1, 0.0) > quiet > build_compiled.expected_seconds(1.0, 8, 0.0)
    assert build_compiled.expected_seconds(1.0, 2, 2.0) == pytest.approx(
        build_compiled.MYPYC_SECONDS + build_compiled.C_SECONDS)  # two busy cores: half of each
    assert build_compiled.expected_seconds(3.0, 2, 0.0) == pytest.approx(3 * quiet)
    monkeypatch.setattr(build_compiled, "loop_seconds", lambda: 10 * build_compiled.REFERENCE_LOOP_SECONDS)
    monkeypatch.setattr(build_compiled.os, "cpu_count", lambda: 2)
    monkeypatch.setattr(build_compiled.os, "getloadavg", lambda: (5.0, 5.0, 5.0), raising=False)
    monkeypatch.setattr("psutil.cpu_percent", lambda interval: 100.0)
    assert build_compiled.busy_cores(2) == 2.0  # both cores in use: the build gets half of them
    expected = build_compiled.expected_seconds(10.0, 2, 2.0)
    assert build_compiled.expectation() == f"about {expected / 60:.0f} minutes on this machine's 2 cores"
    assert expected <= 2 * build_compiled.expected_seconds(10.0, 2, 0.0)  # never worse than twice

    def unreadable(interval: float) -> float:
        raise OSError("no /proc here")

    monkeypatch.setattr("psutil.cpu_percent", unreadable)
    assert build_compiled.busy_cores(2) == 4.0  # then the load average, less this process


def test_the_c_files_of_one_extension_are_compiled_side_by_side(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each source goes to the compiler on its own, from a pool of one thread a core, and the objects come back
    in the sources' order."""
    import threading

    from setuptools import Distribution
    from setuptools.command.build_ext import build_ext

    from lessons_lib.tooling import build_compiled

    seen: list[tuple[str, str]] = []

    class Compiler:
        def compile(self, sources: list[str], output_dir: str | None = None) -> list[str]:
            assert len(sources) == 1
            seen.append((sources[0], threading.current_thread().name))
            return [sources[0] + ".o"]

    command = build_compiled._side_by_side()(Distribution())
    command.compiler = Compiler()
    made: list[list[str]] = []

    def build_extension(self: object, ext: object) -> None:
        made.append(command.compiler.compile([f"{number}.c" for number in range(9)], output_dir="out"))

    monkeypatch.setattr(build_ext, "build_extension", build_extension)  # setuptools' own: what it compiles
    command.build_extension(object())
    assert made == [[f"{number}.c.o" for number in range(9)]]
    assert sorted(source for source, _ in seen) == sorted(f"{number}.c" for number in range(9))
    assert all(thread != threading.main_thread().name for _, thread in seen)
    assert command.compiler.compile.__name__ == "compile"  # put back after the extension


def test_a_random_index_is_the_index_choice_and_randrange_draw() -> None:
    """On this Python, for many generators and lengths (powers of two and one past them among them)."""
    import random

    from lessons_lib.kit.chance import random_index

    for seed in range(40):
        ours, choices, ranges = random.Random(seed), random.Random(seed), random.Random(seed)
        for count in (1, 2, 3, 4, 5, 7, 8, 9, 31, 32, 33, 100, 1023, 1024, 1025, 10 ** 6):
            index = random_index(ours, count)
            assert index == choices.choice(range(count)) == ranges.randrange(count)
        assert ours.random() == choices.random()

    class Loaded(random.Random):  # a generator of its own kind is asked to choose
        def choice(self, seq: object) -> int:
            return 0

    assert random_index(Loaded(1), 5) == 0
