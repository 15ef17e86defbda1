"""The command line of docs/rules/shologuti.md: counts on stdout, and bad input refused in one line with status 2."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

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
        (["frob", "start"], "invalid choice"),
        (["serch", "start"], "invalid choice: 'serch' (choose from 'perft', 'search', 'tournament', 'experiment', "
                             "'grade', 'collect', 'release', 'alphazero', 'solve', 'endgames') (did you mean 'search'?)"),
        (["perft", "start", "--depht", "3"], "unknown option --depht (did you mean '--depth'?)"),
        (["perft", "start", "--depht=3"], "unknown option --depht (did you mean '--depth'?)"),
        (["search", "start", "--agent", "random", "--sed", "3"], "unknown option --sed (did you mean '--seed'?)"),
        (["search", "start", "--agent", "mcst:300"], "unknown agent 'mcst:300' (did you mean 'mcts'?)"),
        (["search", "start", "--agent", "negamax-g:3"], "unknown agent 'negamax-g:3' (did you mean 'negamax-q'?)"),
        (["search", "start", "--agent", "xyzzy"], "unknown agent 'xyzzy'; choose one of: random, greedy"),
        (["perft", "start", "--depth", "2", "--varaint", "forced"], "did you mean '--variant'?"),
        (["search", "start"], "required: --agent"),
        (["search", "start", "--agent", "foo"], "unknown agent 'foo'"),
        (["search", "start", "--agent", "alphabeta", "--iterations", "3"], "alphabeta takes --depth"),
        (["search", "start", "--agent", "mcts", "--iterations", "0"], "iterations: '0'"),
        (["search", "start", "--agent", "negamax", "--seconds", "-1"], "seconds: '-1'"),
        (["search", "start", "--agent", "negamax", "--seconds", "nan"], "seconds: 'nan'"),
        (["search", "start", "--agent", "alphabeta:x"], "write a whole number"),
        (["search", "start", "--agent", "alphabeta:0"], "depth must be a whole number from 1 to 64"),
        (["search", "start", "--agent", "mcts:0"], "iterations must be a whole number"),
        (["search", "start", "--agent", "negamax:nans"], "seconds above 0"),
        (["search", "start", "--agent", "best:0s"], "seconds above 0"),
        (["search", "start", "--agent", "best:1e300s"], "seconds above 0"),
        (["search", "start", "--agent", "alphabeta", "--depth", "99999999999"], "should be a whole number from 1 to 64"),
        (["search", "start", "--agent", "random", "--seed", "-4"], "seed: -4 is negative"),
        (["search", "--agent", "random"], "give a POSITION"),
        (["search", "start", "--agent", "random", "--depth", "2", "--seconds", "1"], "not allowed with"),
        (["search", "RRRR g -", "--agent", "random"], "cells: need 37 characters"),
        (["search", "--positions", "/nonexistent/file", "--agent", "random"], "cannot read"),
        (["search", "--positions", "a" * 300, "--agent", "random"], "File name too long"),
        (["search", "--positions", "/" + "a/" * 3000, "--agent", "random"], "too long"),
        (["search", "--positions", "/dev/zero", "--agent", "random"], "is not a file"),
        (["search", "--positions", "/", "--agent", "random"], "is not a file"),
        (["search", ".................R................... g -", "--agent", "random"], "the game is over"),
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


def test_help_works_and_names_every_agent() -> None:
    from lessons_lib.agents.presets import AGENT_NAMES

    result = run("perft", "--help")
    assert result.returncode == 0 and "--variant" in result.stdout
    listed = " ".join(run("search", "--help").stdout.split())
    assert all(f"{name}," in listed for name in AGENT_NAMES)


def test_an_option_abbreviated_still_works() -> None:  # argparse takes a unique prefix; a typo is not one
    result = run("perft", "start", "--dep", "2")
    assert result.returncode == 0 and result.stdout.strip().endswith("21")


def test_search_prints_one_json_object_with_the_fields_of_the_rules() -> None:
    import json

    result = run("search", START, "--agent", "alphabeta", "--depth", "3", "--json")
    assert result.returncode == 0, result.stderr
    record = json.loads(result.stdout)
    assert {"move", "value", "nodes", "seconds"} <= set(record)
    assert record["move"] == record["pv"][0] and record["depth"] == 3 and record["agent"] == "alphabeta:3"


def test_search_over_a_positions_file_prints_a_line_each(tmp_path: Path) -> None:
    import json

    file = tmp_path / "positions.txt"
    file.write_text(f"# two positions\n{START}\n\nstart  # the same, by name\n")
    result = run("search", "--positions", str(file), "--agent", "mcts", "--iterations", "50", "--seed", "4", "--json")
    assert result.returncode == 0, result.stderr
    lines = [json.loads(line) for line in result.stdout.splitlines()]
    assert len(lines) == 2 and all(line["nodes"] == 50 for line in lines)
    assert lines[0]["move"] == lines[1]["move"]  # the same seed... and the same position


def test_a_bad_line_in_the_positions_file_is_named_before_anything_is_searched(tmp_path: Path) -> None:
    file = tmp_path / "positions.txt"
    file.write_text(f"{START}\nnonsense g -\n")
    result = run("search", "--positions", str(file), "--agent", "random", "--json")
    assert result.returncode == 2 and result.stdout == ""
    assert "line 2: cells" in result.stderr and result.stderr.count("\n") == 1


@pytest.mark.parametrize("args", [
    ["search", "--positions", "fake\nline\x1b[2J.txt", "--agent", "random"],
    ["search", "start", "--agent", "fake\nline\x1b]0;owned\x07"],
    ["search", "start\x1b[2J", "fake\nline", "--agent", "random"],
    ["perft", "\x1b[2J\nfake line", "--depth", "1"],
    ["search", "start", "--agent", "random", "--seed", "\x1b[2J\n1"],
    ["search", "start", "--agent", "random", "--no-such\x1b[2J\n"],
])
def test_control_characters_in_bad_input_are_escaped_on_the_one_line(args: list[str]) -> None:
    """What the user typed is shown with every control character escaped (a line break too): no forged line."""
    result = run(*args)
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.count("\n") == 1 and result.stderr.endswith("\n"), result.stderr
    assert all(char.isprintable() for char in result.stderr[:-1]), result.stderr


def test_a_reader_that_stops_reading_gets_no_traceback(tmp_path: Path) -> None:
    """``... --json | head -1``: the command stops quietly when its reader has gone."""
    positions = tmp_path / "positions.txt"
    positions.write_text("start\n" * 20_000)  # far more lines than a pipe holds
    command = [sys.executable, "-m", "lessons_lib", "search", "--positions", str(positions), "--agent", "random",
               "--json"]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, bufsize=0)
    assert process.stdout is not None and process.stdout.read(5)
    process.stdout.close()
    _, error = process.communicate(timeout=120)
    assert process.returncode == 1 and b"Traceback" not in error and b"Error" not in error, error[-500:]
