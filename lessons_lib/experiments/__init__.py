"""The experiments behind the lessons' plots, and the data they committed.

- :mod:`~lessons_lib.experiments.measurements`: quick measurements a notebook makes as it runs (games, search costs);
- :mod:`~lessons_lib.experiments.runs`: the long strength experiments (``python -m lessons_lib experiment``);
- :mod:`~lessons_lib.experiments.game_comparison`: the four games side by side;
- :mod:`~lessons_lib.experiments.data`: the committed results (``data/experiments``), read back.
"""
