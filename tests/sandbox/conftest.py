"""The sandbox's tests run inside bubblewrap (Linux); in CI they must run, never skip."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from lessons_lib.sandbox import isolation
from probes import use_sandbox


@pytest.fixture(autouse=True)
def bubblewrap_mode(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Every test here runs in bubblewrap, except those about plain processes (``plain_process`` in their names)."""
    use_sandbox(isolation.PROCESS if "plain_process" in request.node.name else isolation.BUBBLEWRAP, monkeypatch)
    yield
    isolation.sandbox_mode.cache_clear()
