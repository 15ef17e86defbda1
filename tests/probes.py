"""Probes (:mod:`lessons_lib.sandbox.probe`), and what the tests expect code in the sandbox to see."""

from __future__ import annotations

import ast
from typing import Any

from lessons_lib.sandbox import isolation
from lessons_lib.sandbox.probe import probe_process

__all__ = ["probe", "probe_process", "SEEN", "LISTING", "allowed", "shown_folders", "unexpected_files", "use_sandbox"]


def use_sandbox(mode: str, monkeypatch: Any) -> None:
    """Run students' code in ``mode`` for one test; bubblewrap must work here (in CI a test fails, never skips,
    without it)."""
    import os

    import pytest

    monkeypatch.setenv(isolation.SANDBOX_VARIABLE, mode)
    isolation.sandbox_mode.cache_clear()
    if mode == isolation.BUBBLEWRAP and isolation.bubblewrap_problem() is not None:
        message = f"bubblewrap cannot be used here: {isolation.bubblewrap_problem()}"
        if os.environ.get("CI"):
            pytest.fail(message + " (CI must run the sandbox's tests; run.py test installs bubblewrap)")
        pytest.skip(message)

def probe(code: str, memory_mb: int = 400, seconds: float = 120.0) -> Any:
    """What ``code``'s ``observe()`` returns, run once in a sandbox of an agent's limits."""
    with probe_process(code, memory_mb) as process:
        process.send("observe", seconds)
        message = process.receive(timeout=seconds + 60)
    assert message is not None and message.kind == "answer", message
    return ast.literal_eval(message.text)


def shown_folders() -> list[str]:
    """What the sandbox shows of the machine besides its private folders: the system and Python, read-only."""
    return [*isolation.SYSTEM_FOLDERS, *isolation.SYSTEM_FILES, *isolation.python_folders()]


def allowed(path: str) -> bool:
    """Whether code in the sandbox may see ``path``: inside a folder it is shown, one of its private folders,
    the few system files, or a folder on the way to one of those (and nothing else in it)."""
    shown = shown_folders()
    if any(isolation._inside(path, folder) for folder in (*shown, isolation.WORKING_FOLDER)):
        return True
    if path in isolation.PRIVATE_FOLDERS:
        return True
    return any(isolation._inside(folder, path) for folder in shown)

WALK = """
import os

def everything_seen(stop):
    found = []
    def walk(folder, depth):
        try:
            names = sorted(os.listdir(folder))
        except OSError:
            return
        for name in names:
            path = os.path.join(folder, name)
            if path in ('/proc', '/sys', '/dev'):
                continue
            found.append(path)
            if os.path.isdir(path) and not os.path.islink(path) and depth < 12 and path not in stop:
                walk(path, depth + 1)
    walk('/', 0)
    return found
"""
LISTING = WALK + """
def observe():
    return everything_seen({stop!r})
"""
SEEN = WALK + """
import socket, time

def observe():
    processes = sorted(int(name) for name in os.listdir('/proc') if name.isdigit())
    try:
        socket.create_connection(('127.0.0.1', {port}), timeout=2)
        network = 'reached'
    except OSError:
        network = 'blocked'
    found = everything_seen({stop!r})
    try:
        open({package_file!r}, 'a').close()  # opened for writing, but nothing written even if it opens
        writes = 'allowed'
    except OSError:
        writes = 'refused'
    server = socket.socket()
    server.bind(('127.0.0.1', {free_port}))
    server.listen()
    time.sleep(3)  # while the test knocks
    return dict(processes=processes, network=network, found=found, writes=writes)
"""


def unexpected_files() -> list[str]:
    """Everything code in the sandbox sees that it should not (nothing, where the sandbox holds)."""
    return [path for path in probe(LISTING.format(stop=tuple(shown_folders()))) if not allowed(path)]
