"""The speed benchmarks run as a user runs them, and say what they measured (never how fast: that is the machine's)."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys

import pytest

from locations import ROOT, benchmark_script


def run(script: str, *arguments: str) -> str:
    done = subprocess.run([sys.executable, str(ROOT / "benchmarks" / f"{script}.py"), *arguments],
                          capture_output=True, text=True, timeout=900, cwd=ROOT)
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


@pytest.mark.skipif(shutil.which("cc") is None, reason="no C compiler here")
def test_the_c_perft_counts_as_the_engine_does_and_the_command_line_is_compared_with_it() -> None:
    """The script checks the C program's counts against the engine's (every variant, depth 1 to 5) before timing."""
    shown = run("bench_perft_c", "--depth", "4", "--variant", "continue", "--repeats", "1")
    assert "perft 4, continue, from the start: 8,685 leaves" in shown
    assert re.search(r"ratio +[0-9.]+x|ratio: too quick to tell at this depth", shown)


def test_the_c_program_holds_the_engines_board() -> None:
    source = benchmark_script("bench_perft_c").c_source()
    assert "static const u64 NEIGHBOURS[38]" in source and "%(" not in source
    assert str(ROOT) not in source


def test_one_self_play_game_is_timed_and_the_same_game_each_run() -> None:
    first, second = (run("bench_self_play", "--games", "1", "--generation", "1", "--game", "hus") for _ in range(2))
    digests = [re.search(r"digest ([0-9a-f]{12})", shown) for shown in (first, second)]
    assert digests[0] is not None and digests[1] is not None and digests[0][1] == digests[1][1]
    assert "self-play" in first and "fit" in first and "iterations a second" in first


def test_a_generation_the_loop_does_not_have_is_one_line() -> None:
    done = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "bench_self_play.py"), "--generation", "99"],
                          capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert done.returncode == 2 and "generations 0 to" in done.stderr and "Traceback" not in done.stderr


def test_the_profiles_name_the_functions_that_took_the_time() -> None:
    shown = run("profile_hot_paths", "--only", "puct", "--lines", "12")
    assert shown.startswith("Profiles of the interpreted code")
    assert "puct:" in shown and "ncalls" in shown and "tottime" in shown
    assert "lessons_lib/" in shown  # the source shows the package's functions (which ones lead depends on the load)
