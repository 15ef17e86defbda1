"""Students' agents, each in a sandbox of its own, with limits on time per move, memory and processes.

A student's agent is a Python file that defines ``make_agent()``, returning an
object with ``choose_move(state)``. The arena never imports that file itself: the
sandbox (:mod:`lessons_lib.sandbox`) runs it, inside bubblewrap on Linux, as the
workload :mod:`lessons_lib.arena.agent_runner`, which answers each position with a
move. The bytes run are those the arena read once, without following a link, so they
are the bytes the game's key was made from.

An agent forfeits the game if it raises, returns something that is not a legal move,
writes anything else on its answer channel, closes it, dies, or passes a limit:

- its time is processor time, that of all its processes together (like a built-in
  agent's), so no other agent's load and no busy machine can make it forfeit; one
  that waits instead of computing is stopped by the clock at three times its limit
  and 5 s more (the sandbox's referee keeps that clock, so an answer that came in time
  counts even if the arena was stopped meanwhile);
- between its moves the agent and all its helpers are stopped, the moment it answers,
  so none of them uses the opponent's time; when the game ends, all of them are killed;
- memory, processes and threads are counted for all its processes together.

Every reason is composed here, from the few words and numbers the runner sends: no text
of the student's file (a message, a name it made up, what it printed or returned) is
ever part of one.
"""

from __future__ import annotations

import builtins
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from lessons_lib.games import DEFAULT_GAME, GAMES
from lessons_lib.sandbox.handins import HandinRefused, read_handin
from lessons_lib.sandbox.programs import python_module
from lessons_lib.sandbox.running import Limits, Message, SandboxedProcess, SandboxProblem

DEFAULT_SECONDS_PER_MOVE = 2.0  # the limit of McGill's Hus course
DEFAULT_MEMORY_MB = 500
DEFAULT_PROCESSES = 8  # an agent may start helpers, up to this many processes in all
DEFAULT_THREADS = 256  # and its processes may run this many threads in all
MAX_AGENT_FILE_BYTES = 10 * 2**20  # a student's file is Python source: 10 MB is far more than any needs
STARTUP_SECONDS = 20.0  # importing the student's file may take a while the first time
AGENT_FILE = "agent.py"  # the name the student's file has in its working folder
AGENT_RUNNER = "lessons_lib.arena.agent_runner"
REFEREE_GRACE_SECONDS = 60.0
"""How much longer than its own clock the arena waits for the referee before it gives up on it (a safety net)."""

ArenaFilesFailed = SandboxProblem
"""The arena could not write what a sandbox needs: not the agent's fault, so no forfeit; the tournament stops."""


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
    """The bytes of a student's agent file, or ValueError (one line) if it is not a readable file of at most 10 MB,
    or is reached through a link, or has another name (see :func:`lessons_lib.sandbox.handins.read_handin`)."""
    return read_handin(path, MAX_AGENT_FILE_BYTES, "agent file").data


def file_digest(path: str | Path) -> str:
    """The SHA-256 of a student's file's bytes, in hex (what a game's key records of it); ValueError as above."""
    return read_handin(path, MAX_AGENT_FILE_BYTES, "agent file").digest


class SandboxedAgent:
    """A student's agent file, played in a sandbox.

    Use it as a context manager, or call :meth:`close`, so nothing it started outlives the game. ``digest``
    (see :func:`file_digest`), when given, is the file the game was scheduled with: other bytes raise
    :class:`AgentFileChanged` instead of being played.
    """

    def __init__(self, path: str | Path, limits: SandboxLimits = SandboxLimits(), game: str = DEFAULT_GAME,
                 digest: str | None = None) -> None:
        self.path = Path(path)
        self.limits = limits
        self.game = GAMES[game]
        self.name = self.path.stem
        self.digest = digest
        self._process: SandboxedProcess | None = None

    def describe(self) -> str:
        return self.name

    def start(self) -> None:
        """Start the sandbox and wait until the student's file is loaded."""
        try:
            handin = read_handin(self.path, MAX_AGENT_FILE_BYTES, "agent file")
        except HandinRefused as error:
            raise Forfeit(str(error)) from None
        if self.digest is not None and handin.digest != self.digest:
            raise AgentFileChanged(f"{self.path} changed after the tournament's games were scheduled; "
                                   f"run the tournament again to play the file as it is now")
        self.digest = handin.digest
        limits = self.limits
        command = python_module(AGENT_RUNNER, AGENT_FILE, str(limits.memory_mb))
        self._process = SandboxedProcess(command, Limits(limits.memory_mb, limits.processes, limits.threads),
                                         files={AGENT_FILE: handin.data}, hold=True, first_seconds=STARTUP_SECONDS)
        self._process.start()
        used_before = self._process.processor_seconds()
        reply = self._answer("loading the file", STARTUP_SECONDS, limits.loading_seconds(), used_before)
        if reply != "ready":
            raise self._forfeit(_explain(reply, "loading the file"))

    def choose_move(self, state: Any) -> Any:
        """Ask the agent for a move; raise :class:`Forfeit` if anything goes wrong."""
        if self._process is None:
            self.start()
        process = self._process
        assert process is not None
        request = {"game": self.game.name, "position": str(state), "variant": self.game.variant_of(state)}
        used_before = process.processor_seconds()
        wall = self.limits.wall_seconds()
        if not process.send(json.dumps(request), wall):
            raise self._forfeit("the agent's process has died")
        reply = self._answer("choosing a move", wall, self.limits.seconds_per_move, used_before)
        if not reply.startswith("move "):
            raise self._forfeit(_explain(reply, "choosing a move"))
        try:
            move = self.game.parse_move(reply[len("move "):])
        except ValueError:
            raise self._forfeit("returned something that is not a move of this game") from None
        if move not in state.legal_moves():
            raise self._forfeit(f"returned the illegal move {move}")
        return move

    def _answer(self, doing: str, wall: float, processor_limit: float, used_before: float) -> str:
        """The workload's next answer line, or :class:`Forfeit`: over its processor time (checked while it thinks,
        and once it has answered), late by the referee's clock, over a limit, or ended."""
        process = self._process
        assert process is not None
        waited = 0.0
        while True:
            message = process.receive(timeout=0.05)
            if message is not None:
                break
            if process.processor_seconds() - used_before > processor_limit:
                raise self._forfeit(f"used more than {processor_limit:g} s of processor time {doing}")
            if process.memory_exceeded() or process.tasks_exceeded():  # the kernel stopped one of its processes
                raise self._forfeit(self._ending(Message("over"), doing, wall, processor_limit))
            waited += 0.05
            if waited > wall + REFEREE_GRACE_SECONDS and process.receive(timeout=0.0) is None:
                raise self._forfeit(f"took more than {wall:g} s by the clock {doing} (its sandbox stopped answering)")
        if process.processor_seconds() - used_before > processor_limit:  # it answered, but after its time was up
            raise self._forfeit(f"used more than {processor_limit:g} s of processor time {doing}")
        if message.kind == "answer":
            return message.text
        raise self._forfeit(self._ending(message, doing, wall, processor_limit))

    def _ending(self, message: Message, doing: str, wall: float, processor_limit: float) -> str:
        """Why a workload stopped answering, from the referee's message (or the kernel's account)."""
        process = self._process
        assert process is not None
        limits = self.limits
        if process.memory_exceeded():
            return (f"needed more memory than the limit of {limits.memory_mb} MB for one agent, all its processes "
                    f"together")
        if process.tasks_exceeded():
            return (f"tried to run more than {limits.processes + limits.threads} processes and threads together "
                    f"(the limit for one agent)")
        if message.kind == "late":
            return (f"took more than {wall:g} s by the clock {doing}, waiting rather than computing (the limit is "
                    f"{processor_limit:g} s of processor time)")
        if message.kind == "over":
            return message.text
        if message.kind == "long":
            return "sent pages of output instead of a move (garbage output)"
        if message.kind == "extra":
            return "answered when no move was asked for (garbage output)"
        if message.kind == "closed":
            return f"closed its answer channel while {doing}"
        if message.kind == "ended":
            return _death(int(message.text) if _is_status(message.text) else 1, doing)
        return f"the agent's sandbox ended while {doing}"

    def _forfeit(self, reason: str) -> Forfeit:
        self.close()
        return Forfeit(reason)

    def close(self) -> None:
        """End the agent and every process it started."""
        process, self._process = self._process, None
        if process is not None:
            process.close()

    def __enter__(self) -> SandboxedAgent:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


ERRORS = {
    "no-make-agent": "the file defines no make_agent() function",
    "memory-loading": "ran out of memory while loading the file",
    "memory-choosing": "ran out of memory",
}
"""What the runner's fixed error words mean."""
RAISED = {"loading": "loading the file raised", "choosing": "choose_move raised"}


def _explain(reply: str, doing: str) -> str:
    """The reason for an answer that is not the one expected, composed from the runner's words alone."""
    words = reply.split(" ")
    if words[0] == "error" and len(words) == 2 and words[1] in ERRORS:
        return ERRORS[words[1]]
    if words[0] == "error" and len(words) == 4 and words[1] in RAISED:
        name, line = words[2], words[3]
        known = isinstance(getattr(builtins, name, None), type) and issubclass(getattr(builtins, name), BaseException)
        what = name if known else "an exception of its own class"
        where = f" at line {int(line)} of the file" if line.isdigit() and len(line) < 9 else ""
        return f"{RAISED[words[1]]} {what}{where}"
    return f"wrote something that is not an answer while {doing} (garbage output)"


def _is_status(text: str) -> bool:
    return text.lstrip("-").isdigit() and len(text) < 6


def _death(code: int, doing: str) -> str:
    if code < 0:
        return f"the agent's process was killed by signal {-code} while {doing}"
    return f"the agent's process ended (exit status {code}) while {doing}"
