"""The workload's own first steps, before any student code runs in it: what it may hold, and where it answers.

A workload (a student's agent, a student's notebook) is the program the referee starts
inside the sandbox. It calls :func:`prepare` first and answers on the channel
:func:`answer_channel` gives it, so that a student's ``print`` never passes for an answer.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass
from typing import Any, TextIO

from lessons_lib.sandbox.parent import end_with_parent

KEYCTL_SYSCALLS = {"x86_64": 250, "aarch64": 219, "i686": 288, "armv7l": 311}
"""The number of Linux's ``keyctl`` system call on the machines Python runs on most."""
MAX_OPEN_FILES = 256
"""Files a workload's process may have open at once (so watching its open files stays cheap)."""


def prepare(memory_mb: int | None = None) -> None:
    """End with the referee, leave the arena's keyring, hold few files open, and (if given) limit this process's
    memory."""
    end_with_parent()
    leave_the_arenas_keyring()
    limit_open_files()
    if memory_mb is not None:
        share_malloc_arenas()
        limit_memory(memory_mb)


def answer_channel() -> TextIO:
    """A private copy of standard output, for answers only; ``sys.stdout`` then goes to standard error, so that
    a student's ``print()`` is harmless."""
    answers = os.fdopen(os.dup(1), "w", buffering=1)
    sys.stdout = sys.stderr
    return answers


def limit_memory(megabytes: int, margin_mb: int = 0) -> None:
    """Limit this process's address space to ``megabytes`` (Linux; macOS may refuse, and Windows has no such
    limit). The hard limit is ``margin_mb`` higher: :class:`MemoryLimits` lends that margin to the workload's own
    work."""
    try:
        import resource
    except ImportError:  # Windows
        return
    limit = megabytes * 2**20
    try:
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit + margin_mb * 2**20))
    except (ValueError, OSError):  # a system that will not lower it (macOS, at times): the referee's watch remains
        return


@contextmanager
def soft_memory_limit(limit_bytes: int | None) -> Iterator[None]:
    """Within: this process's address-space limit at ``limit_bytes`` (None: at its hard limit); after: as it was.
    Where the limit cannot be set, nothing changes."""
    try:
        import resource

        before, hard = resource.getrlimit(resource.RLIMIT_AS)
    except (ImportError, ValueError, OSError):
        yield
        return
    wanted = hard if limit_bytes is None or 0 <= hard < limit_bytes else limit_bytes
    _set_soft_memory_limit(resource, wanted)
    try:
        yield
    finally:
        _set_soft_memory_limit(resource, before)


def _set_soft_memory_limit(resource: Any, soft: int) -> None:
    """Set the soft address-space limit (never above the hard limit, which code run within may have lowered)."""
    try:
        hard = resource.getrlimit(resource.RLIMIT_AS)[1]
        resource.setrlimit(resource.RLIMIT_AS, (hard if 0 <= hard < soft or soft < 0 <= hard else soft, hard))
    except (ValueError, OSError):
        return


@dataclass(frozen=True)
class MemoryLimits:
    """A workload's two memory limits: the student's code runs within ``student_mb``, the workload's own work
    (reading and sending messages, reporting) within the margin above it, so that code that keeps all the memory
    it may have does not stop the workload from reporting it."""

    student_mb: int

    def student(self) -> AbstractContextManager[None]:
        """Within: the student's limit."""
        return soft_memory_limit(self.student_mb * 2**20)

    def own(self) -> AbstractContextManager[None]:
        """Within: the limit with the margin."""
        return soft_memory_limit(None)


def share_malloc_arenas() -> None:
    """Let this process's threads share two of the C library's memory pools (glibc's ``M_ARENA_MAX``).

    glibc gives threads up to eight pools a core, each reserving 64 MB of address space before it holds a byte, so
    under :func:`limit_memory` a few hundred idle threads would exhaust the address space and stall rather than
    meet the arena's limit on threads. Elsewhere (another C library, macOS, Windows) nothing changes.
    """
    if not sys.platform.startswith("linux"):
        return
    import ctypes

    arena_max = -8  # glibc's M_ARENA_MAX
    try:
        ctypes.CDLL(None).mallopt(arena_max, 2)
    except (AttributeError, OSError):  # a C library without mallopt
        return


def leave_the_arenas_keyring() -> None:
    """Join a new, empty session keyring (Linux), so the student's code cannot read the keys (passwords,
    tokens) the arena's login session keeps in the kernel; elsewhere there is nothing to leave."""
    if not sys.platform.startswith("linux"):
        return
    import ctypes
    import platform

    number = KEYCTL_SYSCALLS.get(platform.machine())
    if number is not None:
        join_session_keyring = 1  # KEYCTL_JOIN_SESSION_KEYRING, with no name: a new anonymous keyring
        ctypes.CDLL(None, use_errno=True).syscall(number, join_session_keyring, None)


def limit_open_files() -> None:
    """At most :data:`MAX_OPEN_FILES` open files in this process and those it starts (it cannot raise it)."""
    try:
        import resource
    except ImportError:  # Windows
        return
    try:
        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        limit = MAX_OPEN_FILES if hard == resource.RLIM_INFINITY else min(hard, MAX_OPEN_FILES)
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(soft, limit), limit))
    except (ValueError, OSError):
        return
