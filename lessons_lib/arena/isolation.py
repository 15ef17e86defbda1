"""Where a student's agent runs: inside bubblewrap on Linux, or as a plain process where bubblewrap is missing.

``bubblewrap`` (Linux, with Debian's ``bubblewrap`` package or any distribution's)
    Each agent runs in namespaces of its own (user, PID, network, IPC, UTS,
    cgroup), with no privilege even when the arena runs as root: it sees no other
    process (neither the arena nor any other agent), has no network, cannot make
    namespaces of its own (with bubblewrap 0.8 or later), and sees the system's programs, Python and this
    package read-only and nothing else of the machine: no other agent's file, no
    results database, no home folder, not even the arena's environment. The
    kernel's settings in /proc are read-only to it. Its working folder, ``/tmp`` and ``/dev/shm`` are private in-memory
    folders of 64 MB each that vanish with it (nothing else is writable), and it
    is killed when the arena's process dies, whatever that process died of.

``process`` (macOS, Windows, or Linux without bubblewrap)
    Each agent runs as a plain process with the user's own permissions, in a
    private temporary working folder. On Linux its processor time, memory,
    processes and threads are counted as inside bubblewrap; on macOS and Windows
    only the clock stops it (at three times its limit and 5 s more), and the
    memory limit holds for its first process alone on macOS, not at all on Windows. Mistakes are caught (crashes, hangs,
    memory hogs, garbage answers); malice is not: a hostile file could read or
    change the user's files, signal other processes, or leave a process behind if
    the arena is killed. Read the files first, or run the tournament on Linux
    with bubblewrap.

The environment variable ``SHOLOGUTI_SANDBOX`` chooses: ``bubblewrap`` (stop with
one line if it cannot be used), ``process``, or ``auto`` (the default: bubblewrap
when it works here).
"""

from __future__ import annotations

import functools
import os
import shutil
import site
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

BUBBLEWRAP = "bubblewrap"
PROCESS = "process"
SANDBOX_VARIABLE = "SHOLOGUTI_SANDBOX"
AGENT_FOLDER = "/agent"  # the agent's working folder inside bubblewrap
AGENT_FILE = "agent.py"  # the name the student's file has in its working folder, in both modes
PRIVATE_FOLDER_BYTES = 64 * 2**20
PRIVATE_FOLDERS = (AGENT_FOLDER, "/tmp", "/dev/shm")  # the only places an agent can write, 64 MB each
SYSTEM_FOLDERS = ("/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64")
SYSTEM_FILES = ("/etc/ld.so.cache", "/etc/ld.so.conf", "/etc/ld.so.conf.d", "/etc/localtime", "/etc/alternatives")

BUBBLEWRAP_ENVIRONMENT = {"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"}
"""All bubblewrap's own processes are given of the environment: the agent can read theirs, so nothing of the
arena's (a teacher's tokens or passwords) may be in it."""
READ_ONLY_IN_PROC = ("/proc/sys", "/proc/sysrq-trigger", "/proc/irq", "/proc/bus", "/proc/fs", "/proc/acpi",
                     "/proc/scsi", "/proc/driver", "/proc/asound", "/proc/latency_stats", "/proc/timer_list")
"""The parts of /proc through which a process running as root could change the whole machine (the
kernel's settings, its crash handler, devices): read-only inside, even when the arena runs as root."""
HIDDEN_IN_PROC = ("/proc/keys", "/proc/kcore")
"""Parts of /proc an agent has no business reading at all: shown as empty files."""

FALLBACK_NOTICE = ("note: bubblewrap is not available here ({problem}), so students' agents run as plain processes: "
                   "mistakes are caught, malice is not. On Linux, install bubblewrap (Debian/Ubuntu: "
                   "apt-get install bubblewrap) to isolate them.")


class SandboxUnavailable(ValueError):
    """The sandbox asked for (``SHOLOGUTI_SANDBOX``) cannot be used on this machine."""


@functools.cache
def sandbox_mode() -> str:
    """``"bubblewrap"`` or ``"process"``: how students' agents run in this process (decided once)."""
    wanted = os.environ.get(SANDBOX_VARIABLE, "auto").strip().lower() or "auto"
    if wanted not in ("auto", BUBBLEWRAP, PROCESS):
        raise SandboxUnavailable(f"{SANDBOX_VARIABLE}={wanted!r}: use bubblewrap, process or auto")
    if wanted == PROCESS:
        return PROCESS
    problem = bubblewrap_problem()
    if problem is None:
        return BUBBLEWRAP
    if wanted == BUBBLEWRAP:
        raise SandboxUnavailable(f"{SANDBOX_VARIABLE}=bubblewrap, but {problem}")
    return PROCESS


def fallback_notice() -> str | None:
    """The one plain line to show when agents will run without bubblewrap (None when they run inside it)."""
    if sandbox_mode() == BUBBLEWRAP:
        return None
    wanted = os.environ.get(SANDBOX_VARIABLE, "auto").strip().lower()
    problem = f"{SANDBOX_VARIABLE}={wanted}" if wanted == PROCESS else bubblewrap_problem()
    return FALLBACK_NOTICE.format(problem=problem)


_announced: list[bool] = []


def announce_fallback() -> None:
    """Say once in this process, on standard error, that agents run without bubblewrap (if they do)."""
    notice = fallback_notice()
    if notice and not _announced:
        _announced.append(True)
        print(notice, file=sys.stderr, flush=True)


@functools.cache
def bubblewrap_problem() -> str | None:
    """Why bubblewrap cannot isolate agents here, in a few words, or None if it can (tried once)."""
    if not sys.platform.startswith("linux"):
        return "it runs on Linux only"
    if shutil.which("bwrap") is None:
        return "the bwrap program is not installed"
    command = bubblewrap_command(None, [sys.executable, "-I", "-c", "import lessons_lib.arena.sandbox"])
    try:
        tried = subprocess.run(command, capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL,
                               env=BUBBLEWRAP_ENVIRONMENT)
    except (OSError, subprocess.TimeoutExpired) as error:
        return f"bwrap could not be started: {error}"
    if tried.returncode != 0:
        lines = (tried.stderr or "").strip().splitlines() or [f"exit status {tried.returncode}"]
        return f"bwrap failed: {lines[-1][:200]}"
    return None


def agent_command(agent_file: str, memory_mb: int, agent_data_fd: int | None) -> list[str]:
    """The command that runs the sandbox's child for ``agent_file``, in the mode chosen.

    In bubblewrap mode the file's bytes come from ``agent_data_fd`` and appear as
    ``/agent/agent.py`` inside; in process mode ``agent_file`` is run where it is.
    """
    child = [sys.executable, "-I", "-m", "lessons_lib.arena.sandbox", agent_file, str(memory_mb)]
    if sandbox_mode() == PROCESS:
        return child
    return bubblewrap_command(agent_data_fd, child)


def bubblewrap_command(agent_data_fd: int | None, command: list[str], layout: Sequence[str] = (),
                       working_folder: str = AGENT_FOLDER) -> list[str]:
    """``command`` inside bubblewrap: its own namespaces, a read-only system, private folders, no network.

    ``layout`` is more of bubblewrap's arguments, for folders and read-only files inside the private
    folders (``--dir /agent/work``); ``command`` starts in ``working_folder``.
    """
    arguments = [shutil.which("bwrap") or "bwrap", "--unshare-all", "--unshare-user", "--die-with-parent",
                 "--new-session", "--clearenv", "--cap-drop", "ALL"]
    if bubblewrap_can_disable_user_namespaces():  # no namespace of its own inside (bubblewrap 0.8 and later)
        arguments += ["--disable-userns"]
    for path in (*SYSTEM_FOLDERS, *SYSTEM_FILES, *python_folders()):
        arguments += ["--ro-bind-try", path, path]
    arguments += ["--proc", "/proc"]
    for path in READ_ONLY_IN_PROC:
        arguments += ["--ro-bind-try", path, path]
    for path in HIDDEN_IN_PROC:
        if os.path.exists(path):  # the new /proc has what this one has
            arguments += ["--ro-bind", "/dev/null", path]
    arguments += ["--dev", "/dev"]
    for folder in PRIVATE_FOLDERS:  # each a bounded in-memory folder
        arguments += ["--size", str(PRIVATE_FOLDER_BYTES), "--tmpfs", folder]
    if agent_data_fd is not None:
        arguments += ["--perms", "0444", "--ro-bind-data", str(agent_data_fd), f"{AGENT_FOLDER}/{AGENT_FILE}"]
    arguments += [*layout, "--remount-ro", "/dev", "--remount-ro", "/"]  # bubblewrap's own root and /dev: closed
    arguments += ["--chdir", working_folder, "--setenv", "HOME", AGENT_FOLDER, "--setenv", "TMPDIR", "/tmp",
                  "--setenv", "PATH", "/usr/local/bin:/usr/bin:/bin", "--setenv", "LANG", "C.UTF-8", "--", *command]
    return arguments


@functools.cache
def bubblewrap_can_disable_user_namespaces() -> bool:
    """Whether this bubblewrap can keep an agent from making user namespaces of its own (``--disable-userns``)."""
    try:
        shown = subprocess.run([shutil.which("bwrap") or "bwrap", "--help"], capture_output=True, text=True,
                               timeout=30, stdin=subprocess.DEVNULL)
    except (OSError, subprocess.TimeoutExpired):
        return False
    return "--disable-userns" in shown.stdout + shown.stderr


@functools.cache
def python_folders() -> tuple[str, ...]:
    """The folders an agent needs to read to run this Python with this package: the installation, its
    site-packages, and the package's own folder (not the project around it, where submissions may be)."""
    import lessons_lib

    folders = {sys.prefix, sys.base_prefix, sys.exec_prefix, sys.base_exec_prefix,
               str(Path(sys.executable).resolve().parent.parent), *site.getsitepackages(),
               os.path.dirname(os.path.abspath(lessons_lib.__file__))}
    return tuple(sorted(folder for folder in folders if folder and Path(folder).is_dir()))
