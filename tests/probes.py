"""Probes: code run in the very sandbox a student's agent runs in, which tells the test what it saw.

A student's agent can only say which move it plays, and a forfeit's reason holds no text of its
file; so what code inside the sandbox can see and do is asked of a *probe*: a file defining
``observe()``, run by :class:`~lessons_lib.sandbox.running.SandboxedProcess` with an agent's limits,
which answers with ``repr(observe())``.
"""

from __future__ import annotations

import ast
import sys
from typing import Any

from lessons_lib.sandbox import isolation
from lessons_lib.sandbox.running import PACKAGE_FOLDER, Limits, SandboxedProcess

PROBE_RUNNER = """
import importlib.util, runpy, sys
folder = sys.argv[1]
spec = importlib.util.spec_from_file_location('lessons_lib', folder + '/__init__.py', submodule_search_locations=[folder])
package = importlib.util.module_from_spec(spec)
sys.modules['lessons_lib'] = package
spec.loader.exec_module(package)
from lessons_lib.sandbox.workload import answer_channel, prepare
prepare(int(sys.argv[2]))
answers = answer_channel()
observe = runpy.run_path('probe.py')['observe']
for line in sys.stdin:
    answers.write(repr(observe()) + '\\n')
"""


def probe_process(code: str, memory_mb: int = 400, hold: bool = False, max_line: int = 2**24,
                  processes: int = 8) -> SandboxedProcess:
    """A sandbox (not started) that runs ``code``'s ``observe()`` each time it is sent a line."""
    command = [sys.executable, "-I", "-c", PROBE_RUNNER, PACKAGE_FOLDER, str(memory_mb)]
    return SandboxedProcess(command, Limits(memory_mb, processes), files={"probe.py": code.encode()}, hold=hold,
                            max_line=max_line)


def probe(code: str, memory_mb: int = 400, seconds: float = 120.0) -> Any:
    """What ``code``'s ``observe()`` returns, run once in a sandbox of an agent's limits."""
    with probe_process(code, memory_mb) as process:
        process.send("observe", seconds)
        message = process.receive(timeout=seconds + 60)
    assert message is not None and message.kind == "answer", message
    return ast.literal_eval(message.text)


SEEN = """
import os, socket, time

def observe():
    processes = sorted(int(name) for name in os.listdir('/proc') if name.isdigit())
    try:
        socket.create_connection(('127.0.0.1', {port}), timeout=2)
        network = 'reached'
    except OSError:
        network = 'blocked'
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
            if os.path.isdir(path) and not os.path.islink(path) and depth < 12 and path not in {stop!r}:
                walk(path, depth + 1)
    walk('/', 0)
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

LISTING = """
import os

def observe():
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
            if os.path.isdir(path) and not os.path.islink(path) and depth < 12 and path not in {stop!r}:
                walk(path, depth + 1)
    walk('/', 0)
    return found
"""


def unexpected_files() -> list[str]:
    """Everything code in the sandbox sees that it should not (nothing, where the sandbox holds)."""
    return [path for path in probe(LISTING.format(stop=tuple(shown_folders()))) if not allowed(path)]
