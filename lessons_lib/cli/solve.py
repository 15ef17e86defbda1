"""``python -m lessons_lib solve POSITION``: a position's exact value and a line of perfect play, from the game's
solved tables (lesson 12).

It prints one line. Exit status 0 where a table decides the position (or the game is over), 1 where none does,
2 for a bad position or option.
"""

from __future__ import annotations

import argparse
from typing import Any

from lessons_lib.agents.solved import perfect_line

NOT_SOLVED = 1
"""The exit status where no table decides the position."""
DRAWN_LINE_PLIES = 12
"""How much of a drawing line is shown (a draw has no end to play to)."""
LONGEST_LINE = 2_000
"""A bound on a won line's length, never reached: the winner captures before the clock ends the game."""


def add_parser(commands: Any, add_game_options: Any) -> None:
    """Add the ``solve`` subcommand to an argparse subparsers object."""
    parser = commands.add_parser(
        "solve", help="the exact value of a small endgame, from the solved tables",
        description="Print POSITION's exact value for the side to move (won, drawn or lost, and in how many plies "
                    "with perfect play by both sides) and a line of perfect play, where the game's solved tables "
                    "decide it; exit status 1 where they do not.")
    parser.add_argument("position", nargs="+", metavar="POSITION",
                        help="'<37 cells> <side> <pending> [<clock>]' (docs/rules/shologuti.md, 'Notation')")
    add_game_options(parser)


def run(args: argparse.Namespace, game: Any) -> int:
    """Print the verdict on ``args.position``; return the exit status."""
    engine = game.engine
    position = game.position(" ".join(args.position), args.variant)
    outcome = position.outcome()
    if outcome is not None:
        result = "a draw" if outcome.winner is None else f"{engine.player_names[outcome.winner]} won"
        print(f"the game is over: {result} ({outcome.reason})")
        return 0
    found = None if engine.solved is None else engine.solved(position)
    if found is None:
        scope = engine.solved_scope or "none: this game has no solved tables"
        print(f"not solved: no table decides this position (the tables hold {scope})")
        return NOT_SOLVED
    value, distance = found
    mover = f"{engine.player_names[position.to_move]} to move"
    if value == 0:
        line = perfect_line(position, DRAWN_LINE_PLIES)
        print(f"{mover}: drawn with perfect play; a drawing line, its first {len(line)} plies: {_moves(line)}")
    else:
        verdict = "won" if value > 0 else "lost"
        line = perfect_line(position, LONGEST_LINE)
        if len(line) == distance:
            print(f"{mover}: {verdict} in {distance} plies with perfect play by both sides: {_moves(line)}")
        else:  # the quickest way does not fit in the draw clock: the winner must capture in time
            print(f"{mover}: {verdict} with perfect play by both sides, in no fewer than {distance} plies (the "
                  f"quickest way does not fit in the draw clock); a line of {len(line)} plies: {_moves(line)}")
    return 0


def _moves(line: list[Any]) -> str:
    return " ".join(str(move) for move in line)
