"""Answers to lesson 08's check: agent files, played in the sandbox against the random player."""

from __future__ import annotations

from pathlib import Path

from lessons_lib.exercises.tournament_lab import check_agent_file
from catalogue import Answer, right, wrong

AGENTS = Path(__file__).resolve().parent.parent / "student_agents"

ANSWERS: list[Answer] = [
    right(check_agent_file, "a careful agent", AGENTS / "careful.py"),
    right(check_agent_file, "the library's own player (lesson 08 allows it)", AGENTS / "library_agent.py"),
    wrong(check_agent_file, "a perspective bug (material scored for the opponent)",
          "the whole interval must lie above 50%", AGENTS / "wrong_perspective.py"),
    wrong(check_agent_file, "the lesson's random agent", "the whole interval must lie above 50%", AGENTS / "good.py"),
    wrong(check_agent_file, "random with seed 5", "the whole interval must lie above 50%",
          AGENTS / "random_seed_5.py"),
    wrong(check_agent_file, "random with seed 23", "the whole interval must lie above 50%",
          AGENTS / "random_seed_23.py"),
    wrong(check_agent_file, "always the first move", "the whole interval must lie above 50%",
          AGENTS / "first_move.py"),
    wrong(check_agent_file, "an agent that crashes", "by forfeit", AGENTS / "crash.py"),
    wrong(check_agent_file, "an illegal move", "by forfeit", AGENTS / "illegal.py"),
    wrong(check_agent_file, "no make_agent", "by forfeit", AGENTS / "no_make_agent.py"),
    wrong(check_agent_file, "a file that is not there", "there is no file", AGENTS / "missing.py"),
]
