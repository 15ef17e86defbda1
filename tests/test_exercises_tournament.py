"""Notebook 08: checking a student's agent file in the sandbox."""

from __future__ import annotations

from pathlib import Path

from lessons_lib.exercises.tournament import check_agent_file

AGENTS = Path(__file__).parent / "student_agents"

CAREFUL = '''
import random


def material(position, player):
    return position.piece_count(player) - position.piece_count(1 - player)


class Careful:
    def __init__(self):
        self.rng = random.Random(0)

    def after_answer(self, position, player):
        if position.is_game_over() or position.to_move == player:
            return material(position, player)
        return min(self.after_answer(position.play(move), player) for move in position.legal_moves())

    def choose_move(self, state):
        scored = [(self.after_answer(state.play(move), state.to_move), move) for move in state.legal_moves()]
        best = max(score for score, _ in scored)
        return self.rng.choice([move for score, move in scored if score == best])


def make_agent():
    return Careful()
'''


def test_a_careful_agent_passes(tmp_path: Path) -> None:
    path = tmp_path / "careful.py"
    path.write_text(CAREFUL)
    feedback = check_agent_file(path, workers=2)
    assert feedback.passed, feedback.message


def test_a_random_agent_is_told_to_do_better() -> None:
    feedback = check_agent_file(AGENTS / "good.py", workers=2)
    assert not feedback.passed and "aim for at least 75%" in feedback.message


def test_forfeits_and_missing_files_are_explained(tmp_path: Path) -> None:
    crash = check_agent_file(AGENTS / "crash.py", games=2, workers=1)
    assert not crash.passed and "by forfeit" in crash.message and "RuntimeError: boom" in crash.message
    assert "there is no file" in check_agent_file(tmp_path / "missing.py").message
