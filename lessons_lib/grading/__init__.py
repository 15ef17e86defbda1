"""A class's lessons: ``python -m lessons_lib release FOLDER`` gives the students their version (no solutions),
``python -m lessons_lib grade NOTEBOOK...`` grades the notebooks they hand in.

- :mod:`~lessons_lib.grading.release` writes the students' version;
- :mod:`~lessons_lib.grading.notebooks` reads a notebook without running it: which lesson it is, its
  exercises, and whether the lesson's checks were tampered with;
- :mod:`~lessons_lib.grading.runner` runs a student's cells, inside the sandbox, and lets the grader ask their
  code each check's questions (:mod:`~lessons_lib.grading.wire`), which the grader runs
  (:mod:`~lessons_lib.grading.checking`);
- :mod:`~lessons_lib.grading.sandboxed` starts that runner in the sandbox with a time limit and collects
  what it reports;
- :mod:`~lessons_lib.grading.reports` turns the results into a table, CSV files and JSON;
- :mod:`~lessons_lib.cli.grading` is the command line.
"""
