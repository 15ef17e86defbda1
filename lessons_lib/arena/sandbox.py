"""Students' agents, each in a sandbox of its own, with limits on time per move, memory and processes.

A student's agent is a Python file that defines ``make_agent()``, returning an
object with ``choose_move(state)``. The arena never imports that file itself: a
child process does (``python -I -m lessons_lib.arena.sandbox agent.py``), inside
bubblewrap on Linux (see :mod:`lessons_lib.arena.isolation` for what each mode
guarantees), and the two talk through lines of text on the child's standard
input and output:

- the arena sends one JSON object a line: the game, the position string and the
  variant by name, None for a game with one set of rules (``{"game": "shologuti",
  "position": "start", "variant": "forced"}``);
- the child answers ``move 23-18`` or ``error <what went wrong>``.

The child runs a private copy of the file's bytes, read once by the arena (so the
bytes run are the bytes the game's key was made from), sends its answers on a
copy of its real standard output, and points ``sys.stdout`` at standard error, so
a student's ``print`` calls are harmless. Anything else that reaches the answer
channel is garbage, and forfeits the game, as does an exception, a move that is
not legal, running out of time, memory, processes or threads, or dying.

Its time is processor time, that of all its processes together (like a built-in
agent's), so no other agent's load and no busy machine can make it forfeit;
one that waits instead of computing is stopped by the wall clock at three
times its limit and 5 s more. Between its moves the agent and its helpers are
stopped, so none of them uses the opponent's time; when the game ends, all of
them are killed. Where the arena may make control groups (Linux, as root or
with a delegated group: :mod:`lessons_lib.arena.cgroups`) the kernel itself
holds the agent to these limits and stops it at once; elsewhere the arena
watches its processes (:mod:`lessons_lib.arena.processes`).
"""

from __future__ import annotations

import hashlib
import json
import os
import selectors
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from lessons_lib.arena.cgroups import AgentGroup
from lessons_lib.arena.isolation import (
    AGENT_FILE, AGENT_FOLDER, BUBBLEWRAP, BUBBLEWRAP_ENVIRONMENT, agent_command, sandbox_mode,
)
from lessons_lib.arena.processes import FamilyWatch, end_with_parent, family, has_proc, processor_seconds
from lessons_lib.games import DEFAULT_GAME, GAMES

DEFAULT_SECONDS_PER_MOVE = 2.0  # the limit of McGill's Hus course
DEFAULT_MEMORY_MB = 500
DEFAULT_PROCESSES = 8  # an agent may start helpers, up to this many processes in all
DEFAULT_THREADS = 256  # and its processes may run this many threads in all
MAX_AGENT_FILE_BYTES = 10 * 2**20  # a student's file is Python source: 10 MB is far more than any needs
STARTUP_SECONDS = 20.0  # importing the student's file may take a while the first time
BUBBLEWRAP_PROCESSES = 2  # bubblewrap's own two processes above the agent's, not counted against it


class Forfeit(Exception):
    """The agent loses the game: ``reason`` says why, in a few words a student can act on."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class AgentFileChanged(ValueError):
    """A student's file is not the one the game was scheduled with: its key would name other bytes."""


@dataclass(frozen=True)
class SandboxLimits:
    """Limits on one agent, all its processes together: processor seconds a move, memory (MB), processes and
    threads.

    An agent that waits instead of computing is stopped once :meth:`wall_seconds` have passed.
    """

    seconds_per_move: float = DEFAULT_SECONDS_PER_MOVE
    memory_mb: int = DEFAULT_MEMORY_MB
    processes: int = DEFAULT_PROCESSES
    threads: int = DEFAULT_THREADS

    def wall_seconds(self) -> float:
        """The most a move may take by the clock on the wall: three times the limit, and 5 s more."""
        return 3 * self.seconds_per_move + 5

    def loading_seconds(self) -> float:
        """The processor time loading the file may take, all processes together: twice a move's, and 2 s more."""
        return 2 * self.seconds_per_move + 2


def read_agent_file(path: str | Path) -> bytes:
    """The bytes of a student's agent file, or ValueError (one line) if it is not a readable file of at most 10 MB.

    Only a regular file is read (never a device or a pipe, which could block or never end), and never more
    than the limit, so a huge file costs the arena nothing.
    """
    try:
        descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except OSError:
        raise ValueError(f"no agent file at {path}") from None
    if not stat.S_ISREG(os.fstat(descriptor).st_mode):
        os.close(descriptor)
        raise ValueError(f"no agent file at {path}")
    with os.fdopen(descriptor, "rb") as file:
        try:
            source = file.read(MAX_AGENT_FILE_BYTES + 1)
        except OSError as error:
            raise ValueError(f"the agent file {path} cannot be read ({error.strerror})") from None
    if len(source) > MAX_AGENT_FILE_BYTES:
        raise ValueError(f"the agent file {path} is larger than {MAX_AGENT_FILE_BYTES // 2**20} MB")
    return source


def file_digest(path: str | Path) -> str:
    """The SHA-256 of a student's file's bytes, in hex (what a game's key records of it); ValueError as above."""
    return hashlib.sha256(read_agent_file(path)).hexdigest()


class SandboxedAgent:
    """A student's agent file, played in a sandboxed child process.

    Use it as a context manager, or call :meth:`close`, so neither the child nor anything it
    started outlives the game. ``digest`` (see :func:`file_digest`), when given, is the file the
    game was scheduled with: other bytes raise :class:`AgentFileChanged` instead of being played.
    """

    def __init__(self, path: str | Path, limits: SandboxLimits = SandboxLimits(), game: str = DEFAULT_GAME,
                 digest: str | None = None) -> None:
        self.path = Path(path)
        self.limits = limits
        self.game = GAMES[game]
        self.name = self.path.stem
        self.digest = digest
        self._child: subprocess.Popen[bytes] | None = None
        self._watch: FamilyWatch | None = None
        self._group: AgentGroup | None = None
        self._folder: str | None = None
        self._overhead = 0
        self._buffer = b""

    def describe(self) -> str:
        return self.name

    def start(self) -> None:
        """Start the child process and wait until the student's file is loaded."""
        try:
            source = read_agent_file(self.path)
        except ValueError as error:
            raise Forfeit(str(error)) from None
        digest = hashlib.sha256(source).hexdigest()
        if self.digest is not None and digest != self.digest:
            raise AgentFileChanged(f"{self.path} changed after the tournament's games were scheduled; "
                                   f"run the tournament again to play the file as it is now")
        self.digest = digest
        with _write_or_explain(tempfile.TemporaryFile, self.path) as data:
            if sandbox_mode() == BUBBLEWRAP:  # the bytes reach the sandbox through a file descriptor
                _write_or_explain(lambda: (data.write(source), data.flush(), data.seek(0)), self.path)
                command = agent_command(f"{AGENT_FOLDER}/{AGENT_FILE}", self.limits.memory_mb, data.fileno())
                self._launch(command, pass_fds=(data.fileno(),), overhead=BUBBLEWRAP_PROCESSES)
            else:  # a private folder of the arena's own, with a copy of the bytes
                self._folder = tempfile.mkdtemp(prefix="shologuti-agent-")
                folder = self._folder
                _write_or_explain(lambda: Path(folder, AGENT_FILE).write_bytes(source), self.path)
                command = agent_command(str(Path(self._folder, AGENT_FILE)), self.limits.memory_mb, None)
                self._launch(command, pass_fds=(), overhead=0, cwd=self._folder)
            reply = self._read_line(STARTUP_SECONDS, "loading the file", self.limits.loading_seconds())
        self._hold(True)
        if reply != "ready":
            self._check_limits()
            raise Forfeit(_explain(reply, "loading the file"))

    def _launch(self, command: list[str], pass_fds: tuple[int, ...], overhead: int, cwd: str | None = None) -> None:
        if os.name == "nt":
            new_group: dict[str, Any] = {"creationflags": getattr(subprocess, "CREATE_NEW_PROCESS_GROUP", 0)}
        else:  # a session of its own: a signal to the arena's process group does not reach it, nor its to ours
            new_group = {"start_new_session": True, "pass_fds": pass_fds}
        if overhead:  # bubblewrap: its own processes, which the agent can see, get nothing of the arena's
            environment = dict(BUBBLEWRAP_ENVIRONMENT)
        else:
            environment = {name: value for name, value in os.environ.items() if not name.startswith("PYTHON")}
        limits = self.limits
        self._group = AgentGroup.create(limits.memory_mb, limits.processes + limits.threads + overhead)
        if self._group is not None:
            command = self._group.join_command(command)
        self._child = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                       stderr=subprocess.DEVNULL, cwd=cwd, env=environment, **new_group)
        self._overhead = overhead
        self._watch = FamilyWatch(self._child.pid, limits.memory_mb, limits.processes, overhead, threads=limits.threads,
                                  memory_files=self._group is None)  # a control group counts those itself

    def choose_move(self, state: Any) -> Any:
        """Ask the child for a move; raise :class:`Forfeit` if anything goes wrong."""
        if self._child is None:
            self.start()
        assert self._child is not None and self._child.stdin is not None
        self._check_limits()
        self._hold(False)
        try:
            request = {"game": self.game.name, "position": str(state), "variant": self.game.variant_of(state)}
            self._child.stdin.write((json.dumps(request) + "\n").encode())
            self._child.stdin.flush()
        except OSError:
            self._check_limits()
            raise Forfeit("the agent's process has died") from None
        reply = self._read_line(self.limits.wall_seconds(), "choosing a move", self.limits.seconds_per_move)
        self._hold(True)
        if not reply.startswith("move "):
            self._check_limits()  # an error the agent met at a limit forfeits for the limit
            raise Forfeit(_explain(reply, "choosing a move"))
        text = reply[len("move "):]
        try:
            move = self.game.parse_move(text)
        except ValueError:
            raise Forfeit(f"returned {text[:40]!r}, which is not a move") from None
        if move not in state.legal_moves():
            raise Forfeit(f"returned the illegal move {move}")
        return move

    def _hold(self, stopped: bool) -> None:
        """Stop all the agent's processes between its moves, or let them go on when its turn comes.

        A stopped agent cannot use its opponent's time: no helper of it computes, or takes a
        processor from the opponent, while the opponent thinks.
        """
        if self._group is not None and self._group.can_freeze:  # the kernel stops the whole group at once
            self._group.freeze(stopped)
            return
        if self._child is None or not has_proc():  # Linux only: there a stopped agent still dies with the arena
            return
        sent = signal.SIGSTOP if stopped else signal.SIGCONT
        reached: set[int] = set()
        for _ in range(5):  # again, for any process started while the first ones were being stopped
            members = [pid for pid in family(self._child.pid) if pid not in reached]
            if not members:
                return
            for pid in members:
                try:
                    os.kill(pid, sent)
                except OSError:
                    pass
                reached.add(pid)

    def _check_limits(self) -> None:
        """Forfeit if the agent went over a limit (the kernel or the watch has stopped it already)."""
        reason = self._watch.overrun if self._watch is not None else None
        group = self._group
        if group is not None and group.memory_exceeded():
            reason = (f"needed more memory than the limit of {self.limits.memory_mb} MB for one agent, all its "
                      f"processes together")
        elif group is not None and group.tasks_exceeded():
            limits = self.limits
            reason = (f"tried to run more than {limits.processes + limits.threads} processes and threads together "
                      f"(the limit for one agent)")
        if reason is not None:
            self.close()
            raise Forfeit(reason)

    def _processor_seconds(self) -> float:
        """The processor time the agent has used so far, all its processes together."""
        if self._group is not None:
            return self._group.processor_seconds()
        if self._child is None or not has_proc():
            return 0.0
        return processor_seconds(family(self._child.pid))

    def _read_line(self, seconds: float, doing: str, processor_limit: float | None = None) -> str:
        """One line from the child within ``seconds`` by the wall clock (and, if given, ``processor_limit``
        seconds of the agent's processor time), or :class:`Forfeit`."""
        assert self._child is not None and self._child.stdout is not None
        stream = self._child.stdout
        deadline = time.monotonic() + seconds
        used_before = self._processor_seconds() if processor_limit is not None else 0.0
        with selectors.DefaultSelector() as selector:
            selector.register(stream, selectors.EVENT_READ)
            while b"\n" not in self._buffer:
                left = deadline - time.monotonic()
                if left <= 0:
                    self.close()
                    if processor_limit is None:
                        raise Forfeit(f"took more than {seconds:g} s {doing}")
                    raise Forfeit(f"took more than {seconds:g} s by the clock {doing}, waiting rather than "
                                  f"computing (the limit is {processor_limit:g} s of processor time)")
                if processor_limit is not None and self._processor_seconds() - used_before > processor_limit:
                    self.close()
                    raise Forfeit(f"used more than {processor_limit:g} s of processor time {doing}")
                if not selector.select(timeout=min(left, 0.05 if processor_limit is not None else 0.25)):
                    self._check_limits()
                    if not self._answer_channel_open():
                        self.close()
                        raise Forfeit(f"closed its answer channel while {doing}")
                    continue
                chunk = os.read(stream.fileno(), 65536)
                if not chunk:
                    self._check_limits()
                    raise Forfeit(self._ended(doing))
                self._buffer += chunk
                if len(self._buffer) > 10_000:
                    self.close()
                    raise Forfeit("sent pages of output instead of a move (garbage output)")
        if processor_limit is not None and self._processor_seconds() - used_before > processor_limit:
            self.close()  # it answered, but only after its time was up
            raise Forfeit(f"used more than {processor_limit:g} s of processor time {doing}")
        line, _, self._buffer = self._buffer.partition(b"\n")
        return line.decode("utf-8", "replace").strip()

    def _answer_channel_open(self) -> bool:
        """Whether one of the agent's own processes still holds the channel it answers on.

        Inside bubblewrap the channel never reads as closed while bubblewrap's own processes, which
        hold it too, are alive; so it is looked up in the agent's processes' open files instead.
        """
        assert self._child is not None and self._child.stdout is not None
        if self._overhead == 0 or not has_proc():
            return True  # with no process in between, a closed channel reads as closed
        agent = family(self._child.pid)[self._overhead:]
        if not agent:
            return True  # still starting
        channel = f"pipe:[{os.fstat(self._child.stdout.fileno()).st_ino}]"
        for pid in agent:
            try:
                if any(os.readlink(f"/proc/{pid}/fd/{fd}") == channel for fd in os.listdir(f"/proc/{pid}/fd")):
                    return True
            except OSError:
                continue
        return False

    def _ended(self, doing: str) -> str:
        """Why the answer channel closed: the child died, or it closed the channel and lives on (killed now)."""
        assert self._child is not None
        try:
            code = self._child.wait(timeout=1)
        except subprocess.TimeoutExpired:
            self.close()
            return f"closed its answer channel while {doing}"
        self.close()
        return _death(code, doing)

    def close(self) -> None:
        """Stop the child process and every process it started."""
        if self._group is not None:
            self._group.freeze(False)  # a frozen process would hold its kill until thawed
        child, self._child = self._child, None
        watch, self._watch = self._watch, None
        if watch is not None:
            watch.stop()
            watch.kill_all()
        if child is not None:
            if hasattr(os, "killpg"):  # its session's process group: helpers that left the family are in it too
                try:
                    os.killpg(child.pid, signal.SIGKILL)
                except OSError:
                    pass
            if child.poll() is None:
                child.kill()
            child.wait()
            for stream in (child.stdin, child.stdout):
                try:
                    if stream is not None:
                        stream.close()
                except OSError:
                    pass
        group, self._group = self._group, None
        if group is not None:
            group.remove()
        folder, self._folder = self._folder, None
        if folder is not None:
            shutil.rmtree(folder, ignore_errors=True)

    def __enter__(self) -> SandboxedAgent:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class ArenaFilesFailed(ValueError):
    """The arena could not write what a sandbox needs (a full or read-only temporary folder): not the agent's
    fault, so no forfeit; the tournament stops with one line."""


def _write_or_explain(write: Any, path: Path) -> Any:
    """``write()``; an OSError becomes :class:`ArenaFilesFailed`, in one line."""
    try:
        return write()
    except OSError as error:
        raise ArenaFilesFailed(f"could not copy {path} for its sandbox into the temporary folder "
                               f"{tempfile.gettempdir()} ({error.strerror}); free some space there, or set TMPDIR "
                               f"to another folder") from None


def _explain(reply: str, doing: str) -> str:
    if reply.startswith("error "):
        return reply[len("error "):]
    return f"wrote {reply[:40]!r} while {doing}, which is not an answer (garbage output)"


def _death(code: int, doing: str) -> str:
    if code < 0:
        return f"the agent's process was killed by signal {-code} while {doing}"
    return f"the agent's process ended (exit status {code}) while {doing}"


# -- the child's side ------------------------------------------------------------------


def _limit_memory(megabytes: int) -> None:
    """Limit this process's address space (Linux; macOS may refuse, and Windows has no such limit)."""
    try:
        import resource
    except ImportError:  # Windows
        return
    limit = megabytes * 2**20
    try:
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    except (ValueError, OSError):  # a system that will not lower it (macOS, at times): the arena's watch remains
        return


KEYCTL_SYSCALLS = {"x86_64": 250, "aarch64": 219, "i686": 288, "armv7l": 311}
"""The number of Linux's ``keyctl`` system call on the machines Python runs on most."""
MAX_OPEN_FILES = 256
"""Files an agent's process may have open at once (so watching its open files stays cheap)."""


def _leave_the_arenas_keyring() -> None:
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


def _limit_open_files() -> None:
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


def _child_main(path: str, memory_mb: int) -> None:
    end_with_parent()
    _leave_the_arenas_keyring()
    _limit_open_files()
    answers = os.fdopen(os.dup(1), "w", buffering=1)  # the arena reads this channel only
    sys.stdout = sys.stderr  # a student's print() goes to standard error
    try:
        _limit_memory(memory_mb)
        import runpy

        namespace = runpy.run_path(path, run_name="student_agent")
        agent = namespace["make_agent"]()
    except MemoryError:
        answers.write("error ran out of memory while loading the file\n")
        return
    except KeyError:
        answers.write("error the file defines no make_agent() function\n")
        return
    except BaseException as error:  # anything a student's file may raise
        answers.write(f"error loading the file raised {type(error).__name__}: {_one_line(error)}\n")
        return
    answers.write("ready\n")
    for line in sys.stdin:
        try:
            state = _read_request(line)
            move = agent.choose_move(state)
            answers.write(f"move {_one_line(move)}\n")
        except MemoryError:
            answers.write("error ran out of memory\n")
        except BaseException as error:
            answers.write(f"error choose_move raised {type(error).__name__}: {_one_line(error)}\n")


def _read_request(line: str) -> Any:
    """The position an arena's request line describes, in its game."""
    request = json.loads(line)
    return GAMES[request["game"]].position(request["position"], request["variant"])


def _one_line(value: object) -> str:
    return " ".join(str(value).split())[:200]


if __name__ == "__main__":
    _child_main(sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else DEFAULT_MEMORY_MB)
