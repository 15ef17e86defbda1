"""Where students' code runs: inside bubblewrap on Linux, or as plain processes where bubblewrap is missing.

``bubblewrap`` (Linux, with Debian's ``bubblewrap`` package or any distribution's)
    The code runs in namespaces of its own (user, PID, network, IPC, UTS, cgroup),
    with no privilege even when the arena runs as root: it sees no other process
    (neither the arena nor anyone else's code), has no network, cannot make
    namespaces of its own (with bubblewrap 0.8 or later), and sees the system's programs, Python and this
    package read-only and nothing else of the machine: no other student's file, no
    results database, no home folder, not even the arena's environment. Python and the
    package are shown where they are, so a checkout under ``/tmp`` or a home folder shows
    those folders' names on the way to them, and nothing else in them. The
    kernel's settings in /proc are read-only to it. Its working folder, ``/tmp`` and ``/dev/shm`` are private
    in-memory folders of 64 MB each that vanish with it (nothing else is writable). Its first process is the
    referee (:mod:`lessons_lib.sandbox.referee`), which the code can neither signal nor trace, and when the
    referee ends, the kernel ends everything else in the sandbox.

``process`` (macOS, Windows, or Linux without bubblewrap)
    The code runs as plain processes with the user's own permissions, in a
    private temporary working folder. Their processor time, memory, processes
    and threads are counted all together through psutil, on Linux as inside
    bubblewrap. On macOS and Windows a helper whose parent has ended is no
    longer counted (nor killed at the end), nor is the processor time of helpers
    that have ended; memory is each process's resident size (a page that forked
    processes share counts in each), and System V shared memory is not counted.
    Mistakes are caught (crashes, hangs, memory hogs, garbage answers); malice is not: hostile code could read or
    change the user's files, signal other processes, or leave a process behind if
    the arena is killed. Read the files first, or run the tournament on Linux
    with bubblewrap.

The mode is chosen by ``--sandbox`` on the command line or the environment variable
``SHOLOGUTI_SANDBOX``: ``bubblewrap`` (stop with one line if it cannot be used), ``process``,
or ``auto`` (the default): bubblewrap where it is installed, plain processes (said once)
where it is not. Where bubblewrap is installed but cannot run (a container that forbids
namespaces, say), ``auto`` does not quietly run students' code unprotected: it stops with
bubblewrap's own reason and says how to choose the plain processes on purpose.
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

from lessons_lib.sandbox.programs import python_module

BUBBLEWRAP = "bubblewrap"
PROCESS = "process"
AUTO = "auto"
MODES = (AUTO, BUBBLEWRAP, PROCESS)
SANDBOX_VARIABLE = "SHOLOGUTI_SANDBOX"
WORKING_FOLDER = "/agent"  # the working folder inside bubblewrap
PRIVATE_FOLDER_BYTES = 64 * 2**20
PRIVATE_FOLDERS = (WORKING_FOLDER, "/tmp", "/dev/shm")  # the only places the code can write, 64 MB each
SYSTEM_FOLDERS = ("/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64")
SYSTEM_FILES = ("/etc/ld.so.cache", "/etc/ld.so.conf", "/etc/ld.so.conf.d", "/etc/localtime", "/etc/alternatives")
NEVER_SHOWN = ("/proc", "/sys", "/dev")
"""Folders never bound from the machine, even if Python claims to live there (the sandbox has its own)."""

BUBBLEWRAP_ENVIRONMENT = {"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"}
"""All bubblewrap's own processes are given of the environment: the code can read theirs, so nothing of the
arena's (a teacher's tokens or passwords) may be in it."""
READ_ONLY_IN_PROC = ("/proc/sys", "/proc/sysrq-trigger", "/proc/irq", "/proc/bus", "/proc/fs", "/proc/acpi",
                     "/proc/scsi", "/proc/driver", "/proc/asound", "/proc/latency_stats", "/proc/timer_list")
"""The parts of /proc through which a process running as root could change the whole machine (the
kernel's settings, its crash handler, devices): read-only inside, even when the arena runs as root."""
HIDDEN_IN_PROC = ("/proc/keys", "/proc/kcore")
"""Parts of /proc the code has no business reading at all: shown as empty files."""

MISSING_NOTICE = ("note: bubblewrap is not available here ({problem}), so students' code runs as plain processes: "
                  "mistakes are caught, malice is not. On Linux, install bubblewrap (Debian/Ubuntu: "
                  "apt-get install bubblewrap) to isolate it.")
CHOSEN_NOTICE = ("note: students' code runs as plain processes ({how}): mistakes are caught, malice is not.")
HOW_TO_CHOOSE = f"--sandbox process (or {SANDBOX_VARIABLE}=process)"


class SandboxUnavailable(ValueError):
    """The sandbox asked for cannot be used on this machine (one line: why, and what to do)."""


def wanted_mode() -> str:
    """The mode asked for: ``--sandbox`` or ``SHOLOGUTI_SANDBOX`` (``auto`` when neither says)."""
    wanted = os.environ.get(SANDBOX_VARIABLE, AUTO).strip().lower() or AUTO
    if wanted not in MODES:
        raise SandboxUnavailable(f"{SANDBOX_VARIABLE}={wanted[:40]!r}: use bubblewrap, process or auto")
    return wanted


def choose_mode(mode: str | None) -> None:
    """Use ``mode`` in this process and the processes it starts (the command line's ``--sandbox``); None keeps
    what ``SHOLOGUTI_SANDBOX`` says."""
    if mode is not None:
        os.environ[SANDBOX_VARIABLE] = mode
        sandbox_mode.cache_clear()


@functools.cache
def sandbox_mode() -> str:
    """``"bubblewrap"`` or ``"process"``: how students' code runs in this process (decided once), or
    :class:`SandboxUnavailable` when the mode asked for cannot be had."""
    wanted = wanted_mode()
    if wanted == PROCESS:
        return PROCESS
    problem = bubblewrap_problem()
    if problem is None:
        return BUBBLEWRAP
    if wanted == BUBBLEWRAP:
        raise SandboxUnavailable(f"{SANDBOX_VARIABLE}=bubblewrap, but {problem}")
    if bubblewrap_installed():  # installed, yet it fails: never a quiet step down to no isolation
        raise SandboxUnavailable(f"bubblewrap is installed but cannot isolate students' code here ({problem}); "
                                 f"fix that, or run their code without isolation on purpose with {HOW_TO_CHOOSE}")
    return PROCESS


def mode_notice() -> str | None:
    """The one plain line to show when students' code will run without bubblewrap (None when it runs inside)."""
    if sandbox_mode() == BUBBLEWRAP:
        return None
    if wanted_mode() == PROCESS:
        return CHOSEN_NOTICE.format(how=f"{SANDBOX_VARIABLE}=process")
    return MISSING_NOTICE.format(problem=bubblewrap_problem())


_announced: list[bool] = []


def announce_mode() -> None:
    """Say once in this process, on standard error, that students' code runs without bubblewrap (if it does)."""
    notice = mode_notice()
    if notice and not _announced:
        _announced.append(True)
        print(notice, file=sys.stderr, flush=True)


def bubblewrap_installed() -> bool:
    """Whether this is Linux with the ``bwrap`` program."""
    return sys.platform.startswith("linux") and shutil.which("bwrap") is not None


@functools.cache
def bubblewrap_problem() -> str | None:
    """Why bubblewrap cannot isolate code here, in a few words, or None if it can (tried once, for real: this
    package is loaded inside it, from wherever Python and the package are)."""
    if not sys.platform.startswith("linux"):
        return "it runs on Linux only"
    if not bubblewrap_installed():
        return "the bwrap program is not installed"
    command = bubblewrap_command(python_module("lessons_lib.sandbox.workload"), as_pid_1=False)
    try:
        tried = subprocess.run(command, capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL,
                               env=BUBBLEWRAP_ENVIRONMENT)
    except (OSError, subprocess.TimeoutExpired) as error:
        return f"bwrap could not be started: {error}"
    if tried.returncode != 0:
        lines = (tried.stderr or "").strip().splitlines() or [f"exit status {tried.returncode}"]
        return f"bwrap failed: {' '.join(lines[-1].split())[:200]}"
    return None


def bubblewrap_command(command: list[str], layout: Sequence[str] = (), working_folder: str = WORKING_FOLDER,
                       files: dict[str, int] | None = None, as_pid_1: bool = True) -> list[str]:
    """``command`` inside bubblewrap: its own namespaces, a read-only system, private folders, no network.

    ``files`` are read-only files made inside (absolute path -> an open file descriptor whose bytes bubblewrap
    reads once); ``layout`` is more of bubblewrap's arguments, for folders and files
    inside the private folders (``--dir /agent/work``); ``command`` starts in ``working_folder``, as the
    sandbox's process 1 unless ``as_pid_1`` is False.

    The private folders are made first and Python's folders bound after, inside them where they lie there
    (a checkout under ``/tmp``): bound first, a private ``/tmp`` would hide them.
    """
    arguments = [shutil.which("bwrap") or "bwrap", "--unshare-all", "--unshare-user", "--die-with-parent",
                 "--new-session", "--clearenv", "--cap-drop", "ALL"]
    if as_pid_1:
        arguments += ["--as-pid-1"]
    if bubblewrap_can_disable_user_namespaces():  # no namespace of its own inside (bubblewrap 0.8 and later)
        arguments += ["--disable-userns"]
    for path in (*SYSTEM_FOLDERS, *SYSTEM_FILES):
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
    for path in python_folders():  # after the private folders, so that none of them hides Python
        arguments += ["--ro-bind", path, path]
    for path, descriptor in (files or {}).items():
        arguments += ["--perms", "0444", "--ro-bind-data", str(descriptor), path]
    arguments += [*layout, "--remount-ro", "/dev", "--remount-ro", "/"]  # bubblewrap's own root and /dev: closed
    arguments += ["--chdir", working_folder, "--setenv", "HOME", WORKING_FOLDER, "--setenv", "TMPDIR", "/tmp",
                  "--setenv", "PATH", "/usr/local/bin:/usr/bin:/bin", "--setenv", "LANG", "C.UTF-8", "--", *command]
    return arguments


@functools.cache
def bubblewrap_can_disable_user_namespaces() -> bool:
    """Whether this bubblewrap can keep the code from making user namespaces of its own (``--disable-userns``)."""
    try:
        shown = subprocess.run([shutil.which("bwrap") or "bwrap", "--help"], capture_output=True, text=True,
                               timeout=30, stdin=subprocess.DEVNULL)
    except (OSError, subprocess.TimeoutExpired):
        return False
    return "--disable-userns" in shown.stdout + shown.stderr


@functools.cache
def python_folders() -> tuple[str, ...]:
    """The folders the code needs to read to run this Python with this package: the installation, its
    site-packages, and the package's own folder (not the project around it, where submissions may be),
    wherever they are; each once (none inside another), never a system folder bubblewrap shows anyway."""
    package = str(Path(__file__).resolve().parents[1])
    folders = {sys.prefix, sys.base_prefix, sys.exec_prefix, sys.base_exec_prefix,
               str(Path(sys.executable).resolve().parent.parent), *site.getsitepackages(), package}
    real = sorted({os.path.realpath(folder) for folder in folders if folder and Path(folder).is_dir()}
                  | {os.path.abspath(folder) for folder in folders if folder and Path(folder).is_dir()})
    kept: list[str] = []
    for folder in real:
        if folder == "/" or any(_inside(folder, system) for system in (*SYSTEM_FOLDERS, *NEVER_SHOWN)):
            continue  # shown already (the system's Python), or never shown
        if not any(_inside(folder, outer) for outer in kept):
            kept.append(folder)
    return tuple(kept)


def _inside(path: str, folder: str) -> bool:
    """Whether ``path`` is ``folder`` or lies inside it."""
    return path == folder or path.startswith(folder.rstrip("/") + "/")
