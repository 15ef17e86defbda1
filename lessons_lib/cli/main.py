"""The command line (docs/guide.md, 'The command line'; docs/rules/shologuti.md has its notation).

- ``python -m lessons_lib perft POSITION --depth N [--variant NAME]``
- ``python -m lessons_lib search POSITION --agent NAME [--depth N | --iterations N | --seconds S]
  [--seed K] [--variant V] [--json]``, or ``--positions FILE`` instead of POSITION
- ``python -m lessons_lib tournament SPEC...`` and ``experiment NAME`` (see :mod:`lessons_lib.cli.arena`)
- ``python -m lessons_lib grade NOTEBOOK...`` (see :mod:`lessons_lib.cli.grading`)
- ``python -m lessons_lib collect LESSON... --to FOLDER``: the students' hand-ins gathered from a JupyterHub or
  nbgrader's exchange (see :mod:`lessons_lib.cli.collect`)
- ``python -m lessons_lib release FOLDER``: the students' version, without solutions (see
  :mod:`lessons_lib.grading.release`)
- ``python -m lessons_lib solve POSITION``: a small endgame's exact value and a line of perfect play (see
  :mod:`lessons_lib.cli.solve`); ``python -m lessons_lib endgames``: three against two solved into the cache (see
  :mod:`lessons_lib.cli.endgames`)

Bad input never shows a traceback: it prints one line naming what is wrong
and exits with status 2 (control characters in it, a line break in a file name say, escaped).
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
import threading
from pathlib import Path
from collections.abc import Callable, Sequence
from typing import Any, NoReturn

from lessons_lib.agents.base import MAX_SEARCH_DEPTH
from lessons_lib.agents.presets import AGENT_NAMES
from lessons_lib.cli.options import OneLineParser, seconds, shown, variant_help, whole_number
from lessons_lib.kit.errors import MoveError, PositionError, VariantError, quoted
from lessons_lib.games import DEFAULT_GAME, GAMES, Game, game_named
from lessons_lib.kit.perft import MAX_DEPTH, perft, perft_divide

USAGE_ERROR = 2
MAX_POSITIONS_BYTES = 10 * 10**6
"""The largest --positions file read (10 MB, some 200,000 positions): a device or a huge file is refused."""


class _UsageError(Exception):
    """A bad command line, in one line (``main`` prints it and returns status 2)."""


class _OneLineParser(OneLineParser):
    """The command line's parser: its one-line errors raise :class:`_UsageError` (``main`` returns status 2)."""

    def fail(self, line: str) -> NoReturn:
        raise _UsageError(line)


SCRIPT = "shologuti-lab"
"""The command installed with the package: the same command line, safe to start from any folder (see docs/guide.md, "The command line")."""


def _program_name() -> str:
    """How the command was started, for its messages: ``shologuti-lab`` or ``python -m lessons_lib``."""
    return SCRIPT if Path(sys.argv[0]).stem == SCRIPT else "python -m lessons_lib"


def _build_parser() -> argparse.ArgumentParser:
    parser = _OneLineParser(prog=_program_name(), description="Shologuti Lab on the command line.")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND", parser_class=_OneLineParser)
    perft_parser = commands.add_parser(
        "perft",
        help="count the leaves of the legal-move tree",
        description="Print the number of move sequences of exactly DEPTH plies from POSITION.",
    )
    perft_parser.add_argument(
        "position", nargs="+", metavar="POSITION", help="'start' or '<37 cells> <side> <pending> [<clock>]'"
    )
    perft_parser.add_argument("--depth", required=True, type=whole_number(0, MAX_DEPTH),
                              help=f"plies to look ahead (0 to {MAX_DEPTH})")
    _add_game_options(perft_parser)
    perft_parser.add_argument("--divide", action="store_true", help="also print the count under each root move")

    search_parser = commands.add_parser(
        "search",
        help="let an agent choose a move",
        description="Search POSITION (or every line of --positions FILE) with an agent and print what it found.",
    )
    search_parser.add_argument(
        "position", nargs="*", metavar="POSITION", help="'start' or '<37 cells> <side> <pending> [<clock>]'"
    )
    search_parser.add_argument("--positions", metavar="FILE", help="search each line of FILE instead (# starts a comment)")
    search_parser.add_argument("--agent", required=True, help=f"{', '.join(AGENT_NAMES)}, or NAME:SETTING such as "
                               "alphabeta:4, mcts:300 or negamax:0.5s")
    budget = search_parser.add_mutually_exclusive_group()
    budget.add_argument("--depth", type=whole_number(1, MAX_SEARCH_DEPTH),
                        help=f"plies, for minimax, alphabeta and negamax (1 to {MAX_SEARCH_DEPTH})")
    budget.add_argument("--iterations", type=whole_number(1), help="iterations, for mcts")
    budget.add_argument("--seconds", type=seconds, help="seconds a move, for negamax, mcts and best")
    search_parser.add_argument("--seed", default="0", type=whole_number(0),
                               help="seed for the agent's random choices (default 0)")
    _add_game_options(search_parser)
    search_parser.add_argument("--json", action="store_true", help="print one JSON object per position")

    from lessons_lib.cli.alphazero import add_parser as add_alphazero_parser
    from lessons_lib.cli.arena import add_parsers
    from lessons_lib.cli.collect import add_parser as add_collect_parser
    from lessons_lib.cli.endgames import add_parser as add_endgames_parser
    from lessons_lib.cli.grading import add_parser as add_grade_parser
    from lessons_lib.cli.solve import add_parser as add_solve_parser
    from lessons_lib.grading.release import add_parser as add_release_parser

    add_parsers(commands)
    add_grade_parser(commands)
    add_collect_parser(commands)
    add_release_parser(commands)
    add_alphazero_parser(commands)
    add_solve_parser(commands, _add_game_options)
    add_endgames_parser(commands)
    return parser


def _add_game_options(parser: argparse.ArgumentParser) -> None:
    """``--game`` and ``--variant``, shared by the subcommands that read positions."""
    parser.add_argument("--game", default=DEFAULT_GAME, help=f"one of {', '.join(GAMES)} (default {DEFAULT_GAME})")
    parser.add_argument("--variant", help=variant_help())


def _run_perft(args: argparse.Namespace) -> None:
    game = game_named(args.game)
    position = game.position(" ".join(args.position), args.variant)
    depth = args.depth
    if args.divide and depth > 0:
        for move, count in perft_divide(position, depth).items():
            print(f"{move}: {count}")
    print(perft(position, depth))


def _read_positions(args: argparse.Namespace, game: Game) -> list[Any]:
    if args.positions is not None and args.position:
        raise ValueError("give POSITION or --positions FILE, not both")
    if args.positions is None:
        if not args.position:
            raise ValueError("give a POSITION to search (or --positions FILE)")
        return [game.position(" ".join(args.position), args.variant)]
    path = Path(args.positions)
    try:
        if not path.exists():
            raise ValueError(f"--positions: cannot read {quoted(args.positions)}: there is no such file")
        if not path.is_file():
            raise ValueError(f"--positions: {quoted(args.positions)} is not a file")
        if path.stat().st_size > MAX_POSITIONS_BYTES:
            raise ValueError(f"--positions: {quoted(args.positions)} is larger than {MAX_POSITIONS_BYTES // 10**6} "
                             f"MB; split it")
        with open(path, encoding="utf-8") as file:
            lines = file.read(MAX_POSITIONS_BYTES + 1).splitlines()
    except (OSError, UnicodeDecodeError) as error:
        reason = error.strerror if isinstance(error, OSError) and error.strerror else error
        raise ValueError(f"--positions: cannot read {quoted(args.positions)}: {reason}") from None
    positions = []
    for number, line in enumerate(lines, start=1):
        text = line.split("#", 1)[0].strip()
        if text:
            try:
                positions.append(game.position(text, args.variant))
            except PositionError as error:
                raise PositionError(f"{args.positions} line {number}: {error}") from None
    if not positions:
        raise ValueError(f"--positions: {quoted(args.positions)} holds no position")
    return positions


def _run_search(args: argparse.Namespace) -> None:
    import json

    from lessons_lib.agents.base import Budget
    from lessons_lib.agents.presets import make_agent, seeded

    game = game_named(args.game)
    rules = game.rules(args.variant)
    seed = args.seed
    agent = make_agent(args.agent, Budget(args.depth, args.iterations, args.seconds), seed=seed)
    positions = _read_positions(args, game)
    for position in positions:
        if position.is_game_over():
            raise ValueError(f"the game is over in {position}: there is no move to choose")
    for position in positions:
        result = seeded(agent, seed or 0).search(position)  # each line alone: its result does not hang on the others
        if args.json:
            record = {"agent": agent.describe(), "position": str(position), **result.as_dict()}
            record = {"game": game.name, **({"variant": rules.name} if rules else {}), **record}
            print(json.dumps(record), flush=True)
        else:
            value = "" if result.value is None else f"  value {result.value:g}"
            print(f"{result.move}{value}  nodes {result.nodes}  depth {result.depth}  {result.seconds:.3f} s"
                  f"  pv {' '.join(str(m) for m in result.pv)}", flush=True)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status."""
    parser = _build_parser()
    arguments = list(sys.argv[1:] if argv is None else argv)
    options = arguments[:arguments.index("--")] if "--" in arguments else arguments
    looks_like_an_option = [argument for argument in options if argument.startswith("-") and argument != "-"
                            and os.path.lexists(argument)]
    if looks_like_an_option:  # a hand-in named "--db=x.py", passed on by "tournament *.py"
        print(shown(f"{parser.prog}: a file here is named {looks_like_an_option[0]!r}, which reads as an option; "
                    f"give files as ./*.py (or after --), or rename it"), file=sys.stderr)
        return USAGE_ERROR
    try:
        args = parser.parse_args(arguments)
    except _UsageError as error:
        print(shown(str(error)), file=sys.stderr)
        return USAGE_ERROR
    restore_interrupt = _interrupt_here_only()
    try:
        if args.command == "perft":
            _run_perft(args)
        elif args.command == "search":
            _run_search(args)
        elif args.command == "tournament":
            from lessons_lib.cli.arena import run_tournament

            run_tournament(args)
        elif args.command == "experiment":
            from lessons_lib.cli.arena import run_experiment

            run_experiment(args)
        elif args.command == "grade":
            from lessons_lib.cli.grading import run_grade

            return run_grade(args, parser.prog)
        elif args.command == "collect":
            from lessons_lib.cli.collect import run_collect

            return run_collect(args, parser.prog)
        elif args.command == "release":
            from lessons_lib.grading.release import run_release

            return run_release(args)
        elif args.command == "alphazero":
            from lessons_lib.cli.alphazero import run as run_alphazero

            run_alphazero(args)
        elif args.command == "solve":
            from lessons_lib.cli.solve import run as run_solve

            return run_solve(args, game_named(args.game))
        elif args.command == "endgames":
            from lessons_lib.cli.endgames import run as run_endgames

            return run_endgames(args)
    except (PositionError, MoveError, VariantError, ValueError) as error:
        print(f"{parser.prog} {args.command}: {shown(str(error))}", file=sys.stderr)
        return USAGE_ERROR
    except KeyboardInterrupt as error:  # a command that keeps its work says where (its message), else: interrupted
        print(f"{parser.prog} {args.command}: {shown(str(error)) or 'interrupted'}", file=sys.stderr)
        return 130
    except BrokenPipeError:  # the reader stopped reading (``| head``): nothing more to say, and nowhere to say it
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())  # so that Python's own flush at exit does not complain either
        return 1
    finally:
        restore_interrupt()
    return 0


def _interrupt_here_only() -> Callable[[], None]:
    """Make Ctrl+C (SIGINT, sent to the whole process group) a KeyboardInterrupt in this process and nothing in the
    processes it forks (a process pool's workers, which would each print a traceback: the command stops them
    itself); a program it starts gets Ctrl+C's default. Returns what puts Ctrl+C back as it was. Nothing is changed
    where Ctrl+C is ignored (a job started in the background) or cannot be set (not the main thread)."""
    if threading.current_thread() is not threading.main_thread() or \
            signal.getsignal(signal.SIGINT) is not signal.default_int_handler:
        return lambda: None
    this_process = os.getpid()

    def interrupt(number: int, frame: object) -> None:
        if os.getpid() == this_process:
            raise KeyboardInterrupt

    def restore() -> None:
        signal.signal(signal.SIGINT, signal.default_int_handler)

    signal.signal(signal.SIGINT, interrupt)
    return restore
