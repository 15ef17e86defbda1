"""``python -m lessons_lib endgames [--variant NAME] [--again]``: the endgame tables too large to ship, solved into
the cache folder on this machine (Shologuti's three against two: about two minutes and 2.5 GB a variant).

A variant already built, whose digest checks, is left as it is unless ``--again``; ``solve`` and ``best`` read
the tables from then on.
"""

from __future__ import annotations

import argparse
from typing import Any

from lessons_lib.games import DEFAULT_GAME, GAMES, game_named


def add_parser(commands: Any) -> None:
    """Add the ``endgames`` subcommand to an argparse subparsers object."""
    parser = commands.add_parser(
        "endgames", help="solve the endgame tables too large to ship (a few minutes a variant)",
        description="Solve the endgame tables too large to ship (Shologuti: three against two and two against "
                    "three) for every rule variant, or the one named, and keep them in the cache folder, where "
                    "'solve' and 'best' read them. About two minutes and 2.5 GB of memory a variant on two cores.")
    parser.add_argument("--game", default=DEFAULT_GAME, help=f"one of {', '.join(GAMES)} (default {DEFAULT_GAME})")
    parser.add_argument("--variant", help="one variant only (default: all)")
    parser.add_argument("--again", action="store_true", help="build again even where the cache checks")


def run(args: argparse.Namespace) -> int:
    """Build what is asked; return the exit status."""
    game = game_named(args.game)
    if game.engine.build_tables is None:
        raise ValueError(f"{game.title} has no endgame tables to build")
    game.engine.build_tables(args.variant, args.again, lambda line: print(line, flush=True))
    return 0
