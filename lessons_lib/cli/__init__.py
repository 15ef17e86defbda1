"""The command line: ``python -m lessons_lib`` (or ``shologuti-lab``) and its options.

- :mod:`~lessons_lib.cli.main`: the commands (perft, search, play, tournament, experiment, grade, ...);
- :mod:`~lessons_lib.cli.options`: one parser for every command, with one clear line for a bad option.
"""

from lessons_lib.cli.main import main

__all__ = ["main"]
