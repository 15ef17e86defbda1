"""Grading a class's notebooks: ``python -m lessons_lib grade NOTEBOOK...``.

- :mod:`~lessons_lib.grading.notebooks` reads a notebook without running it: which lesson it is, its
  exercises, and whether the lesson's checks were tampered with;
- :mod:`~lessons_lib.grading.runner` runs a student's cells, inside the sandbox, and reports each check;
- :mod:`~lessons_lib.grading.sandboxed` starts that runner in the sandbox with a time limit and collects
  what it reports;
- :mod:`~lessons_lib.grading.reports` turns the results into a table, CSV files and JSON;
- :mod:`~lessons_lib.grading.command` is the command line.
"""
