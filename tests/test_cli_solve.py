"""``solve POSITION``: the exact value and a line of perfect play where a table decides, one line elsewhere."""

from __future__ import annotations

import random
import subprocess
import sys

import pytest

from lessons_lib.games.shologuti.endgame_index import class_size, parts_at
from lessons_lib.games.shologuti.endgame_table import solved_parts
from lessons_lib.games.shologuti.position import Position
from lessons_lib.games.shologuti.rules import Rules


def solve(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "lessons_lib", "solve", *args], capture_output=True, text=True,
                          timeout=120)


def sample(value: int, variant: str, seed: int) -> Position:
    """A position of the shipped tables of ``value`` for the side to move, at least 3 plies from the end if decided."""
    rng = random.Random(seed)
    while True:
        material = rng.choice([(2, 1), (1, 2), (2, 2), (3, 1), (1, 3)])
        parts = parts_at(material, rng.randrange(class_size(material)))
        found = solved_parts(parts, variant)
        if found is not None and found[0] == value and (value == 0 or found[1] >= 3):
            return Position(*parts, rules=Rules.named(variant))


@pytest.mark.parametrize("variant", ["forced", "traditional"])
@pytest.mark.parametrize("value", [1, -1])
def test_a_decided_endgame_is_named_and_its_line_plays_out_to_that_result(value: int, variant: str) -> None:
    for seed in range(2):
        position = sample(value, variant, seed)
        result = solve(str(position), "--variant", variant)
        assert result.returncode == 0 and result.stderr == ""
        head, moves = result.stdout.strip().split(": ", 2)[1:]
        verdict, plies = head.split(" in ")
        assert verdict == ("won" if value == 1 else "lost")
        distance = int(plies.split()[0])
        line, mover = moves.split(), position.to_move
        assert len(line) == distance
        for move in line:
            position = position.play(move)
        outcome = position.outcome()
        assert outcome is not None and outcome.winner is not None
        assert (outcome.winner == mover) == (value == 1)


def test_a_drawn_endgame_shows_the_start_of_a_drawing_line() -> None:
    position = sample(0, "forced", seed=5)
    result = solve(str(position))
    assert result.returncode == 0 and "drawn with perfect play" in result.stdout
    for move in result.stdout.split(": ")[-1].split():
        position = position.play(move)  # every move legal


@pytest.mark.parametrize("args", [
    ["start"],
    ["RRR...............................GGG g -"],  # three a side: beyond the tables
    [".........G........G...........R...... g -", "--game", "shologuti", "--variant", "forced"],
])
def test_where_no_table_decides_one_line_and_status_1(args: list[str]) -> None:
    result = solve(*args)
    if args[-1] == "forced":  # the same position with room on the clock is decided: the control
        assert result.returncode == 0 and "won in 9 plies" in result.stdout
        return
    assert result.returncode == 1 and result.stderr == ""
    assert result.stdout.count("\n") == 1 and result.stdout.startswith("not solved: no table decides")


def test_where_the_clock_ends_the_game_first_the_win_is_a_draw() -> None:
    assert "won in 9 plies" in solve(".........G........G...........R...... g - 91").stdout
    result = solve(".........G........G...........R...... g - 95")  # the capture that resets it comes too late
    assert result.returncode == 0 and "drawn with perfect play" in result.stdout


def test_a_win_the_quickest_way_of_which_passes_the_clock_is_played_to_its_end() -> None:
    assert "won in 35 plies" in solve("..............R.............G.G..R... g - 90").stdout  # 29x37 resets the clock
    start = Position.from_string("...............R.G.........G........G g - 94")  # won in 15 without the clock
    result = solve(str(start))
    assert result.returncode == 0 and "won with perfect play by both sides, in no fewer than 15 plies" in result.stdout
    position = start
    for move in result.stdout.split(": ")[-1].split():
        position = position.play(move)
    assert position.outcome() is not None and position.outcome().winner == start.to_move


def test_a_game_without_tables_says_so() -> None:
    result = solve("start", "--game", "hus")
    assert result.returncode == 1 and "this game has no solved tables" in result.stdout


def test_a_finished_game_is_reported_as_over() -> None:
    result = solve(".................R................... g -")
    assert result.returncode == 0 and result.stdout == "the game is over: Red won (no pieces)\n"


@pytest.mark.parametrize(("args", "fragment"), [
    (["..G..R g -"], "37"),
    ([".........G........G...........R...... g - x"], "clock"),
    ([".........G........G...........R...... g -", "--variant", "custom"], "unknown variant"),
    ([], "required: POSITION"),
])
def test_bad_input_gives_one_line_and_status_2(args: list[str], fragment: str) -> None:
    result = solve(*args)
    assert result.returncode == 2 and result.stdout == "" and result.stderr.count("\n") == 1
    assert fragment in result.stderr and "Traceback" not in result.stderr
