"""A student's agent file, run inside the sandbox: load it, then answer the arena's positions with moves.

Started by the referee as ``python -I -m lessons_lib.arena.agent_runner agent.py MEMORY_MB``, it
loads the file (``runpy``), calls its ``make_agent()``, and answers on its answer channel,
one line each:

- ``ready`` once the agent is made;
- ``move <notation>`` for each position it is given (one JSON object a line: the game, the
  position string and the variant by name, None for a game with one set of rules);
- ``error <when> <exception> <line>`` when the student's code raised: ``when`` is ``loading``
  or ``choosing``, ``exception`` the name of a built-in exception (``-`` for a class of the
  student's own) and ``line`` the line of the file where it happened (``-`` if none); or
  ``error no-make-agent``, ``error memory-loading``, ``error memory-choosing``.

No text of the student's file (a message, a name it made up) is ever in an answer: the arena
composes every reason itself from these words and numbers.
"""

from __future__ import annotations

import builtins
import json
import sys
import traceback
from typing import Any

from lessons_lib.games import GAMES
from lessons_lib.sandbox.workload import answer_channel, prepare


def exception_words(error: BaseException, path: str) -> str:
    """``NameError 12``: the exception's name if it is a built-in one (``-`` if not), and the line of the file
    ``path`` where it happened (``-`` if it did not happen there).

    >>> try:
    ...     exec(compile("x = 1\\ny = z", "agent.py", "exec"))
    ... except NameError as error:
    ...     exception_words(error, "agent.py")
    'NameError 2'
    """
    kind = type(error)
    name = kind.__name__ if getattr(builtins, kind.__name__, None) is kind else "-"
    line: int | None = None
    if isinstance(error, SyntaxError) and error.filename == path and isinstance(error.lineno, int):
        line = error.lineno
    for frame, number in traceback.walk_tb(error.__traceback__):
        if frame.f_code.co_filename == path:
            line = number
    return f"{name} {line if line is not None else '-'}"


def read_request(line: str) -> Any:
    """The position an arena's request line describes, in its game."""
    request = json.loads(line)
    return GAMES[request["game"]].position(request["position"], request["variant"])


def one_line(value: object) -> str:
    return " ".join(str(value).split())[:200]


def main(path: str, memory_mb: int) -> None:
    prepare(memory_mb)
    answers = answer_channel()
    try:
        import runpy

        namespace = runpy.run_path(path, run_name="student_agent")
        if not callable(namespace.get("make_agent")):
            answers.write("error no-make-agent\n")
            return
        agent = namespace["make_agent"]()
    except MemoryError:
        answers.write("error memory-loading\n")
        return
    except BaseException as error:  # anything a student's file may raise
        answers.write(f"error loading {exception_words(error, path)}\n")
        return
    answers.write("ready\n")
    for line in sys.stdin:
        try:
            state = read_request(line)
            move = agent.choose_move(state)
            answers.write(f"move {one_line(move)}\n")
        except MemoryError:
            answers.write("error memory-choosing\n")
        except BaseException as error:
            answers.write(f"error choosing {exception_words(error, path)}\n")


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]))
