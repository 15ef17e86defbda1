"""The sandbox's tests run inside bubblewrap (Linux); in CI they must run, never skip."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

from lessons_lib.sandbox import isolation


@pytest.fixture(autouse=True)
def bubblewrap_mode(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Every test here runs in bubblewrap, except those about plain processes (``plain_process`` in their names)."""
    wanted = isolation.PROCESS if "plain_process" in request.node.name else isolation.BUBBLEWRAP
    monkeypatch.setenv(isolation.SANDBOX_VARIABLE, wanted)
    isolation.sandbox_mode.cache_clear()
    if wanted == isolation.BUBBLEWRAP and isolation.bubblewrap_problem() is not None:
        message = f"bubblewrap cannot be used here: {isolation.bubblewrap_problem()}"
        if os.environ.get("CI"):
            pytest.fail(message + " (CI must run the sandbox's tests; run.py test installs bubblewrap)")
        pytest.skip(message)
    yield
    isolation.sandbox_mode.cache_clear()
