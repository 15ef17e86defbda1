"""A game carries the sandbox its tournament chose: a worker that cannot isolate a student's file as asked refuses
the game in one line, never quietly running the file without isolation."""

from __future__ import annotations

from pathlib import Path

import pytest

from lessons_lib.arena.games import GameSpec, play_game
from lessons_lib.sandbox import isolation
from lessons_lib.sandbox.isolation import SANDBOX_VARIABLE, SandboxUnavailable

GOOD = Path(__file__).parent.parent / "student_agents" / "good.py"


def test_a_worker_without_bubblewrap_refuses_a_game_that_asks_for_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(SANDBOX_VARIABLE, "auto")  # the worker's own setting would step down to no isolation
    monkeypatch.setattr(isolation, "bubblewrap_problem", lambda: "the bwrap program is not installed")
    isolation.sandbox_mode.cache_clear()
    try:
        with pytest.raises(SandboxUnavailable, match="bubblewrap, but the bwrap program is not installed"):
            play_game(GameSpec("g", "random", str(GOOD), sandbox="bubblewrap", seconds_per_move=5))
    finally:
        isolation.sandbox_mode.cache_clear()


def test_a_game_that_carries_process_mode_plays_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(SANDBOX_VARIABLE, "bubblewrap")
    isolation.sandbox_mode.cache_clear()
    try:
        report = play_game(GameSpec("g", "random", str(GOOD), sandbox="process", seconds_per_move=5))
        assert "forfeit" not in report.reason and isolation.sandbox_mode() == "process"
    finally:
        isolation.sandbox_mode.cache_clear()
