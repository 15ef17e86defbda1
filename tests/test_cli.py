"""The command line of RULES.md: counts on stdout, and bad input refused in one line with status 2."""

from __future__ import annotations

import subprocess
import sys

import pytest

START = "RRRRRRRRRRRRRRRR.....GGGGGGGGGGGGGGGG g -"


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "lessons_lib", *args], capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize(
    ("args", "count"),
    [
        (["perft", START, "--depth", "4", "--variant", "traditional"], "8685"),
        (["perft", "start", "--depth", "5"], "1769"),
        (["perft", START, "--depth", "5", "--variant", "continue"], "101325"),
        (["perft", *START.split(), "--depth", "3", "--variant", "traditional"], "783"),  # unquoted
        (["perft", "start", "--depth", "0"], "1"),
    ],
)
def test_perft_prints_the_count_alone(args: list[str], count: str) -> None:
    result = run(*args)
    assert result.returncode == 0, result.stderr
    assert result.stdout == count + "\n"


def test_divide_lists_each_root_move_then_the_total() -> None:
    result = run("perft", "start", "--depth", "2", "--variant", "traditional", "--divide")
    lines = result.stdout.splitlines()
    assert lines[0] == "22-17: 8" and lines[-1] == "69" and len(lines) == 10


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (["perft", "RRRR g -", "--depth", "2"], "cells: need 37 characters"),
        (["perft", START.replace(" g ", " w "), "--depth", "2"], "side to move"),
        (["perft", START + " 1 2", "--depth", "2"], "3 or 4 parts"),
        (["perft", "start", "--depth", "2", "--variant", "blitz"], "unknown variant 'blitz'"),
        (["perft", "start", "--depth", "-1"], "depth: -1 is negative"),
        (["perft", "start", "--depth", "two"], "depth: 'two' should be a whole number from 0 to 100"),
        (["perft", "start", "--depth", "٣"], "should be a whole number"),
        (["perft", "start", "--depth", "1_0"], "should be a whole number"),
        (["perft", "start", "--depth", "600"], "from 0 to 100"),
        (["perft", "start", "--depth", "9" * 5000], "..."),
        (["perft", "start"], "required: --depth"),
        (["perft", "--depth", "2"], "required: POSITION"),
        (["search", "start"], "invalid choice"),
        ([], "required: COMMAND"),
    ],
)
def test_bad_input_gives_one_line_and_status_2(args: list[str], fragment: str) -> None:
    result = run(*args)
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr.count("\n") == 1, result.stderr
    assert fragment in result.stderr
    assert "Traceback" not in result.stderr


def test_help_works() -> None:
    result = run("perft", "--help")
    assert result.returncode == 0 and "--variant" in result.stdout
