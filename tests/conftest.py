"""Shared test settings: hypothesis profiles and small helpers."""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

# CI runs are reproducible (derandomized); local runs explore new examples each time.
settings.register_profile("ci", derandomize=True, max_examples=150, deadline=None, print_blob=True)
settings.register_profile("dev", max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci" if os.environ.get("CI") else "dev"))

# Students' agent files used by the arena's tests: data, not test modules (never imported here).
collect_ignore_glob = ["student_agents/*.py"]
