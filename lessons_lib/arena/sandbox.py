"""Students' agents, each in a process of its own, with a time limit per move and a memory limit.

A student's agent is a Python file that defines ``make_agent()``, returning an
object with ``choose_move(state)``. The arena never imports that file itself: a
child process does (``python -m lessons_lib.arena.sandbox FILE``), and the two talk
through lines of text on the child's standard input and output:

- the arena sends one JSON object a line: the game, the position string and, for
  Shologuti, the rules (``{"game": "shologuti", "position": "start", "rules": [true, true, 100]}``);
- the child answers ``move 23-18`` or ``error <what went wrong>``.

The child sends its answers on a copy of its real standard output and points
``sys.stdout`` at standard error, so a student's ``print`` calls are harmless.
Anything else that reaches the answer channel is garbage, and forfeits the game,
as does an exception, a move that is not legal, running out of time, running out
of memory, or dying.

This guards against mistakes, not malice: a student's file runs with the user's
own permissions. Run a tournament of files you have not read in a container.
"""

from __future__ import annotations

import json
import os
import selectors
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from lessons_lib.games import DEFAULT_GAME, GAMES
from lessons_lib.rules import Rules
from lessons_lib.state import Position

DEFAULT_SECONDS_PER_MOVE = 2.0  # the limit of McGill's Hus course
DEFAULT_MEMORY_MB = 500
STARTUP_SECONDS = 20.0  # importing the student's file may take a while the first time


class Forfeit(Exception):
    """The agent loses the game: ``reason`` says why, in a few words a student can act on."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True)
class SandboxLimits:
    seconds_per_move: float = DEFAULT_SECONDS_PER_MOVE
    memory_mb: int = DEFAULT_MEMORY_MB


class SandboxedAgent:
    """A student's agent file, played in a child process.

    Use it as a context manager, or call :meth:`close`, so the child never outlives the game.
    """

    def __init__(self, path: str | Path, limits: SandboxLimits = SandboxLimits(), game: str = DEFAULT_GAME) -> None:
        self.path = Path(path)
        self.limits = limits
        self.game = GAMES[game]
        self.name = self.path.stem
        self._child: subprocess.Popen[bytes] | None = None
        self._buffer = b""

    def describe(self) -> str:
        return self.name

    def start(self) -> None:
        """Start the child process and wait until the student's file is loaded."""
        if not self.path.is_file():
            raise Forfeit(f"no agent file at {self.path}")
        env = {**os.environ, "PYTHONUNBUFFERED": "1", "SHOLOGUTI_MEMORY_MB": str(self.limits.memory_mb)}
        self._child = subprocess.Popen(
            [sys.executable, "-m", "lessons_lib.arena.sandbox", str(self.path)],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env,
        )
        reply = self._read_line(STARTUP_SECONDS, "loading the file")
        if reply != "ready":
            raise Forfeit(_explain(reply, "loading the file"))

    def choose_move(self, state: Any) -> Any:
        """Ask the child for a move; raise :class:`Forfeit` if anything goes wrong."""
        if self._child is None:
            self.start()
        assert self._child is not None and self._child.stdin is not None
        try:
            request: dict[str, Any] = {"game": self.game.name, "position": str(state)}
            if isinstance(state, Position):
                rules = state.rules
                request["rules"] = [rules.must_capture, rules.must_continue, rules.draw_plies]
            self._child.stdin.write((json.dumps(request) + "\n").encode())
            self._child.stdin.flush()
        except OSError:
            raise Forfeit("the agent's process has died") from None
        reply = self._read_line(self.limits.seconds_per_move, "choosing a move")
        if not reply.startswith("move "):
            raise Forfeit(_explain(reply, "choosing a move"))
        text = reply[len("move "):]
        try:
            move = self.game.parse_move(text)
        except ValueError:
            raise Forfeit(f"returned {text[:40]!r}, which is not a move") from None
        if move not in state.legal_moves():
            raise Forfeit(f"returned the illegal move {move}")
        return move

    def _read_line(self, seconds: float, doing: str) -> str:
        """One line from the child within ``seconds``, or :class:`Forfeit`."""
        assert self._child is not None and self._child.stdout is not None
        stream = self._child.stdout
        deadline = time.monotonic() + seconds
        with selectors.DefaultSelector() as selector:
            selector.register(stream, selectors.EVENT_READ)
            while b"\n" not in self._buffer:
                left = deadline - time.monotonic()
                if left <= 0:
                    self.close()
                    raise Forfeit(f"took more than {seconds:g} s {doing}")
                if not selector.select(timeout=left):
                    continue
                chunk = os.read(stream.fileno(), 65536)
                if not chunk:
                    code = self._child.wait(timeout=5)
                    raise Forfeit(_death(code, doing))
                self._buffer += chunk
                if len(self._buffer) > 10_000:
                    raise Forfeit("sent pages of output instead of a move (garbage output)")
        line, _, self._buffer = self._buffer.partition(b"\n")
        return line.decode("utf-8", "replace").strip()

    def close(self) -> None:
        """Stop the child process."""
        child, self._child = self._child, None
        if child is not None and child.poll() is None:
            child.kill()
            child.wait(timeout=10)

    def __enter__(self) -> SandboxedAgent:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


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
    try:
        import resource
    except ImportError:  # not on this system (Windows): no memory limit
        return
    limit = megabytes * 2**20
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))


def _end_with_parent() -> None:
    """End this process soon after the arena's process dies, even in the middle of a student's move."""
    import threading

    parent = os.getppid()

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(1)

    threading.Thread(target=watch, daemon=True).start()


def _child_main(path: str) -> None:
    _end_with_parent()
    answers = os.fdopen(os.dup(1), "w", buffering=1)  # the arena reads this channel only
    sys.stdout = sys.stderr  # a student's print() goes to standard error
    try:
        _limit_memory(int(os.environ.get("SHOLOGUTI_MEMORY_MB", DEFAULT_MEMORY_MB)))
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
    if request["game"] == DEFAULT_GAME:
        return Position.from_string(request["position"], Rules(*request["rules"]))
    return GAMES[request["game"]].position(request["position"])


def _one_line(value: object) -> str:
    return " ".join(str(value).split())[:200]


if __name__ == "__main__":
    _child_main(sys.argv[1])
