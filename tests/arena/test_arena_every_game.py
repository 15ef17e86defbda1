"""The arena plays every game, a student's file included."""

from __future__ import annotations

from pathlib import Path
import pytest
from lessons_lib.arena.games import GameSpec
from lessons_lib.arena.games import play_game as arena_game
from lessons_lib.games import GAMES

NAMES = list(GAMES)


@pytest.mark.parametrize("name", NAMES)
def test_the_arena_plays_every_game_and_a_students_file_in_it(name: str, tmp_path: Path) -> None:
    student = tmp_path / "student.py"
    student.write_text("import random\n\nclass A:\n    def __init__(self):\n        self.rng = random.Random(0)\n\n"
                       "    def choose_move(self, state):\n        return str(self.rng.choice(state.legal_moves()))\n\n"
                       "def make_agent():\n    return A()\n")
    result = arena_game(GameSpec("g", str(student), "greedy", game=name, max_plies=40, seconds_per_move=20.0))
    assert not result.reason.startswith("forfeit"), result.reason
    replay = GameSpec("g", "a", "b", game=name).start_position()
    for record in result.moves:
        replay = replay.play(record.move)
    assert replay.is_game_over() or result.plies == 40

