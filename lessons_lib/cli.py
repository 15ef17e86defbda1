"""The command line: ``python -m lessons_lib perft POSITION --depth N [--variant NAME]``.

Bad input never shows a traceback: it prints one line naming what is wrong
and exits with status 2.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import NoReturn

from lessons_lib.errors import MoveError, PositionError, VariantError, quoted
from lessons_lib.perft import MAX_DEPTH, perft, perft_divide
from lessons_lib.rules import VARIANTS, Rules
from lessons_lib.state import Position, is_whole_number

USAGE_ERROR = 2


class _OneLineParser(argparse.ArgumentParser):
    """An ArgumentParser whose errors are a single line, with no usage dump."""

    def error(self, message: str) -> NoReturn:
        self.exit(USAGE_ERROR, f"{self.prog}: {message} (see --help)\n")


def _build_parser() -> argparse.ArgumentParser:
    parser = _OneLineParser(prog="python -m lessons_lib", description="Shologuti Lab on the command line.")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND", parser_class=_OneLineParser)
    perft_parser = commands.add_parser(
        "perft",
        help="count the leaves of the legal-move tree",
        description="Print the number of move sequences of exactly DEPTH plies from POSITION.",
    )
    perft_parser.add_argument(
        "position", nargs="+", metavar="POSITION", help="'start' or '<37 cells> <side> <pending> [<clock>]'"
    )
    perft_parser.add_argument("--depth", required=True, help="plies to look ahead (0 or more)")
    perft_parser.add_argument("--variant", default="forced", help=f"one of {', '.join(VARIANTS)} (default forced)")
    perft_parser.add_argument("--divide", action="store_true", help="also print the count under each root move")
    return parser


def _parse_depth(text: str) -> int:
    if text.startswith("-") and is_whole_number(text[1:]):
        raise ValueError(f"depth: {text} is negative; use 0 to {MAX_DEPTH}")
    if not is_whole_number(text) or int(text) > MAX_DEPTH:
        raise ValueError(f"depth: {quoted(text)} should be a whole number from 0 to {MAX_DEPTH}")
    return int(text)


def _run_perft(args: argparse.Namespace) -> None:
    rules = Rules.named(args.variant)
    position = Position.from_string(" ".join(args.position), rules)
    depth = _parse_depth(args.depth)
    if args.divide and depth > 0:
        for move, count in perft_divide(position, depth).items():
            print(f"{move}: {count}")
    print(perft(position, depth))


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status."""
    parser = _build_parser()
    args = parser.parse_args(argv)
    try:
        if args.command == "perft":
            _run_perft(args)
    except (PositionError, MoveError, VariantError, ValueError) as error:
        print(f"{parser.prog} {args.command}: {error}", file=sys.stderr)
        return USAGE_ERROR
    except KeyboardInterrupt:
        print(f"{parser.prog} {args.command}: interrupted", file=sys.stderr)
        return 130
    return 0
