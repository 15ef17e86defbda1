"""Shared test settings: hypothesis profiles and small helpers."""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, settings

# CI runs are reproducible (derandomized); local runs explore new examples each time.
settings.register_profile("ci", derandomize=True, max_examples=150, deadline=None, print_blob=True)
settings.register_profile("dev", max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci" if os.environ.get("CI") else "dev"))

# (The endgame cache of the machine running the tests is never read: the project's conftest.py gives each run its
# own, empty.)

# Students' agent files used by the arena's tests: data, not test modules (never imported here).
collect_ignore_glob = ["student_agents/*.py"]

SLOW_MODULES = {"test_sandbox_attacks.py", "test_arena_cli.py", "test_check_catalogues.py", "test_project.py",
                "test_exercises_tournament.py", "test_arena_dask.py", "test_grade_command.py",
                "test_hostile_handins.py", "test_what_code_inside_can_do.py", "test_referee.py", "test_layouts.py",
                "test_as_a_user.py"}
"""Test files that start processes, build the package or run many games: with the notebooks and the browser
tests, what ``-m "not slow"`` leaves out (docs/guide.md, 'Setting up, in detail')."""


def pytest_collection_modifyitems(config: object, items: list[pytest.Item]) -> None:
    """Mark the slow tests: the notebooks (nbval), the browser tests and the files in SLOW_MODULES."""
    for item in items:
        path = item.path
        if path.suffix == ".ipynb" or "browser" in path.parts or path.name in SLOW_MODULES:
            item.add_marker(pytest.mark.slow)
