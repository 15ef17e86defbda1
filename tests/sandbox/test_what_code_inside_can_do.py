"""What code inside the sandbox can see and do, wherever the project and Python live: probes report it.

Every expectation here is computed from where this checkout and this Python are (the folders the
sandbox shows, :func:`~lessons_lib.sandbox.isolation.python_folders`), so the tests hold for a
checkout under ``/tmp``, under a home folder or anywhere else (tests/sandbox/test_layouts.py puts
the project in such places and runs the sandbox there).
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from lessons_lib.sandbox import isolation
from probes import SEEN, allowed, probe, probe_process, shown_folders

def test_code_inside_sees_no_other_process_no_network_and_no_file_but_python_and_the_system(tmp_path: Path) -> None:
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen()
    listener.settimeout(0.5)
    with socket.socket() as spare:
        spare.bind(("127.0.0.1", 0))
        free_port = spare.getsockname()[1]
    (tmp_path / "games.sqlite").write_bytes(b"results")
    package_file = str(Path(isolation.__file__).resolve())
    code = SEEN.format(port=listener.getsockname()[1], free_port=free_port, package_file=package_file,
                       stop=tuple(shown_folders()))
    knocks: list[int] = []

    def knock() -> None:  # from outside, at the port the probe listens on
        for _ in range(30):
            with socket.socket() as client:
                knocks.append(client.connect_ex(("127.0.0.1", free_port)))
            time.sleep(0.1)

    knocker = threading.Thread(target=knock)
    knocker.start()
    seen = probe(code)
    knocker.join()
    with pytest.raises(TimeoutError):
        listener.accept()  # nobody came
    listener.close()
    assert seen["processes"] == [1, 2]  # the referee and the probe itself
    assert seen["network"] == "blocked" and seen["writes"] == "refused"
    assert knocks and all(code != 0 for code in knocks)  # its listener was never reachable
    assert [path for path in seen["found"] if not allowed(path)] == []
    assert f"{isolation.WORKING_FOLDER}/probe.py" in seen["found"]
    assert not any(str(tmp_path) in path or path.endswith(".sqlite") for path in seen["found"])
    assert (tmp_path / "games.sqlite").read_bytes() == b"results"


def test_code_inside_can_fill_only_its_own_small_private_folders() -> None:
    """Files in memory are memory: every writable place is a private folder of 64 MB, nothing else is writable."""
    written = probe("""
import os

def observe():
    written = {}
    for folder in ('/agent', '/tmp', '/dev/shm', '/dev', '/', '/usr', '/proc'):
        total = 0
        try:
            with open(os.path.join(folder, 'filler.bin'), 'wb') as file:
                for _ in range(100):
                    total += file.write(b'x' * 2**20)
                    file.flush()
        except OSError:
            pass
        written[folder] = total // 2**20
    return written
""")
    limit = isolation.PRIVATE_FOLDER_BYTES // 2**20
    assert all(limit - 1 <= written.pop(folder) <= limit for folder in isolation.PRIVATE_FOLDERS), written
    assert written == {"/dev": 0, "/": 0, "/usr": 0, "/proc": 0}


def test_code_inside_cannot_change_the_machine_or_read_the_arenas_environment_even_as_root(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Even when the arena runs as root: the kernel's settings are read-only, no new namespace can be made
    (nor a file system mounted in one), and the arena's environment is nowhere to be read."""
    monkeypatch.setenv("SHOLOGUTI_TEACHER_SECRET", "hunter2")
    seen = probe("""
import ctypes, glob, os

libc = ctypes.CDLL(None, use_errno=True)

def observe():
    writable = []
    for path in ['/proc/sys/kernel/core_pattern', '/proc/sys/vm/drop_caches', '/proc/sysrq-trigger',
                 *glob.glob('/proc/irq/*/smp_affinity')]:
        try:
            os.close(os.open(path, os.O_WRONLY))  # opened for writing, nothing written
            writable.append(path)
        except OSError:
            pass
    namespace = libc.unshare(0x10000000)  # CLONE_NEWUSER
    secrets = []
    for path in glob.glob('/proc/*/environ'):
        try:
            if b'SHOLOGUTI_TEACHER_SECRET' in open(path, 'rb').read():
                secrets.append(path)
        except OSError:
            pass
    try:
        keys = open('/proc/keys').read()
    except OSError:
        keys = ''
    return dict(writable=writable, namespace=namespace, secrets=secrets, keys=len(keys))
""")
    assert seen == {"writable": [], "namespace": -1, "secrets": [], "keys": 0}


def test_code_inside_cannot_stop_kill_trace_or_open_the_referee() -> None:
    """The referee is the sandbox's process 1: the kernel ignores its namespace's signals to it, and it is not
    traceable, so nothing inside can stop it, make it answer for the workload, or read what it holds."""
    with probe_process("""
import ctypes, os, signal

libc = ctypes.CDLL(None, use_errno=True)
calls = [0]

def observe():
    calls[0] += 1
    if calls[0] > 1:
        return 'still answering'
    sent = []
    for number in (signal.SIGSTOP, signal.SIGKILL, signal.SIGTERM, signal.SIGINT, signal.SIGUSR1):
        try:
            os.kill(1, number)
            sent.append(int(number))
        except OSError:
            pass
    traced = libc.ptrace(16, 1, None, None)  # PTRACE_ATTACH
    opened = []
    for path in ['/proc/1/mem', '/proc/1/environ', *('/proc/1/fd/' + name for name in os.listdir('/proc/1/fd'))]:
        try:
            os.close(os.open(path, os.O_RDWR if '/fd/' in path else os.O_RDONLY))
            opened.append(path)
        except OSError:
            pass
    return dict(sent=len(sent), traced=traced, opened=opened)
""") as process:
        process.send("observe", 60)
        first = process.receive(timeout=120)
        process.send("observe", 60)
        second = process.receive(timeout=120)
    assert first is not None and second is not None
    assert first.text == "{'sent': 5, 'traced': -1, 'opened': []}"  # the signals "sent" reach nobody
    assert second.text == "'still answering'"


def test_code_inside_may_keep_only_a_few_hundred_files_open() -> None:
    seen = probe("""
import resource

def observe():
    try:
        resource.setrlimit(resource.RLIMIT_NOFILE, (100000, 100000))
        raised = 'raised'
    except (ValueError, OSError):
        raised = 'refused'
    kept = []
    try:
        for _ in range(5000):
            kept.append(open('/dev/null'))
    except OSError:
        pass
    return (raised, len(kept))
""")
    assert seen[0] == "refused" and seen[1] < 256, seen


KEYRING_SYSCALLS = {"x86_64": (248, 250), "aarch64": (217, 219)}  # add_key, keyctl


def test_code_inside_cannot_read_the_keys_of_the_arenas_login_session() -> None:
    """A login session may keep passwords and tokens in the kernel (a session keyring): not for students."""
    import platform

    if platform.machine() not in KEYRING_SYSCALLS:
        pytest.skip(f"no keyring system call numbers for {platform.machine()} in this test")
    add_key, keyctl = KEYRING_SYSCALLS[platform.machine()]
    thief = f"""
import ctypes

libc = ctypes.CDLL(None, use_errno=True)

def observe():
    found = []
    for keyring in (-3, -4, -5):  # the session, user and user-session keyrings
        buffer = ctypes.create_string_buffer(4096)
        size = libc.syscall({keyctl}, 11, ctypes.c_long(keyring), buffer, 4096)  # KEYCTL_READ: the key ids
        for index in range(0, max(size, 0), 4):
            key = int.from_bytes(buffer.raw[index:index + 4], 'little')
            secret = ctypes.create_string_buffer(256)
            length = libc.syscall({keyctl}, 11, ctypes.c_long(key), secret, 256)
            found.append(secret.raw[:max(length, 0)])
    return found
"""
    arena = (f"import ctypes, sys\n"
             f"libc = ctypes.CDLL(None, use_errno=True)\n"
             f"libc.syscall({keyctl}, 1, None)\n"  # a session keyring of its own, as a login would have
             f"libc.syscall({add_key}, b'user', b'teacher-token', b'hunter2-secret', 14, ctypes.c_long(-3))\n"
             f"from probes import probe\n"
             f"print('found', probe({thief!r}))\n")
    run = subprocess.run([sys.executable, "-c", arena], capture_output=True, text=True, timeout=300,
                         cwd=Path(__file__).resolve().parents[1])
    assert run.returncode == 0, run.stderr
    assert run.stdout.startswith("found") and "hunter2" not in run.stdout, run.stdout


def test_the_sandbox_is_tried_for_real_and_bubblewrap_mode_is_used_here() -> None:
    """Where bubblewrap is installed, the arena and the grader use it (the tests of this folder need it)."""
    assert isolation.bubblewrap_problem() is None and isolation.sandbox_mode() == isolation.BUBBLEWRAP
    assert os.environ[isolation.SANDBOX_VARIABLE] == isolation.BUBBLEWRAP
