"""A probe: code run in the sandbox that says what it saw there, to see what the sandbox allows.

A student's agent can only say which move it plays, and a forfeit's reason holds no text of its
file; so what code inside the sandbox can see and do is asked of a probe instead: a file
``probe.py`` defining ``observe()``, run by :func:`probe_process` with an agent's limits. Each
line the probe is sent runs ``observe()`` once, and the probe answers with ``repr`` of what it
returned. The tests (tests/sandbox) and ``benchmarks/bench_sandbox.py`` use it.

Started by the referee as ``python -I -m lessons_lib.sandbox.probe MEMORY_MB``.
"""

from __future__ import annotations

import runpy
import sys

from lessons_lib.sandbox.programs import python_module
from lessons_lib.sandbox.running import Limits, SandboxedProcess
from lessons_lib.sandbox.workload import answer_channel, prepare


REFORKING_HELPERS = """
import os, signal

started = [False]

def spin_and_refork():
    while True:
        for _ in range(3000):  # a few hundred microseconds of work
            pass
        if os.fork() != 0:  # the child goes on; the parent ends: no process lives long
            os._exit(0)

def observe():
    if not started[0]:
        started[0] = True
        signal.signal(signal.SIGCHLD, signal.SIG_IGN)
        for _ in range(2):
            if os.fork() == 0:
                spin_and_refork()
    return 'thinking'
"""
"""Two helpers that replace themselves every few hundred microseconds, computing all the while: what a sweep of
signals cannot stop between an agent's moves (the test of holding, and ``benchmarks/bench_sandbox.py``)."""


def probe_process(code: str, memory_mb: int = 400, hold: bool = False, max_line: int = 2**24,
                  processes: int = 8) -> SandboxedProcess:
    """A sandbox (not started yet) that runs ``code``'s ``observe()`` each time it is sent a line."""
    return SandboxedProcess(python_module(__name__, str(memory_mb)), Limits(memory_mb, processes),
                            files={"probe.py": code.encode()}, hold=hold, max_line=max_line)


def main(memory_mb: int) -> None:
    prepare(memory_mb)
    answers = answer_channel()
    observe = runpy.run_path("probe.py")["observe"]
    for _ in sys.stdin:
        answers.write(repr(observe()) + "\n")


if __name__ == "__main__":
    main(int(sys.argv[1]))
