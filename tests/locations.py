"""Where things are, for the tests in every folder below tests/."""

from pathlib import Path

TESTS = Path(__file__).resolve().parent
ROOT = TESTS.parent
"""The project's folder."""
STUDENT_AGENTS = TESTS / "student_agents"
"""Students' agent files the arena's tests play: crashes, hangs, garbage and honest ones."""
