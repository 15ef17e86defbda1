"""The command line: ``python -m lessons_lib`` (or ``shologuti-lab``) and its options.

- :mod:`~lessons_lib.cli.main`: the parser and perft and search;
- :mod:`~lessons_lib.cli.arena`: tournament and experiment; :mod:`~lessons_lib.cli.grading`: grade (release's
  options live with it, in :mod:`lessons_lib.grading.release`); :mod:`~lessons_lib.cli.alphazero`: lesson 11's loop;
- :mod:`~lessons_lib.cli.options`: one parser for every command, with one clear line for a bad option.
"""

from lessons_lib.cli.main import main

__all__ = ["main"]
