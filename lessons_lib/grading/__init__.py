"""A class's lessons: ``python -m lessons_lib release FOLDER`` gives the students their version (no solutions),
``python -m lessons_lib collect LESSON...`` gathers what they hand in, and ``python -m lessons_lib grade
NOTEBOOK...`` grades it.

- :mod:`~lessons_lib.grading.release` writes the students' version, from the suite as committed
  (:mod:`~lessons_lib.grading.committed` reads it, and the files changed since);
- :mod:`~lessons_lib.grading.collect` copies the hand-ins out of a JupyterHub's home folders or nbgrader's exchange;
- :mod:`~lessons_lib.grading.notebooks` reads a notebook without running it: which lesson it is, its
  exercises, whether the lesson's checks were tampered with, where it asks for help, and the code behind each
  answer (:mod:`lessons_lib.exercises.answer_code`);
- :mod:`~lessons_lib.grading.runner` runs a student's cells, inside the sandbox, and lets the grader ask their
  code each check's questions (:mod:`~lessons_lib.grading.wire`);
- :mod:`~lessons_lib.grading.check_worker` reads the notebook and runs the checks, in a process of the grader's own
  with limits (:mod:`~lessons_lib.grading.worker_process`), the grader relaying its questions
  (:mod:`~lessons_lib.grading.checking`);
- :mod:`~lessons_lib.grading.sandboxed` starts the worker and the runner, with a time limit, and collects
  what they report;
- :mod:`~lessons_lib.grading.reports` turns the results into a table, CSV files and JSON, with the points
  (:mod:`~lessons_lib.grading.points`), the due date (:mod:`~lessons_lib.grading.due`), a feedback page for each
  student (:mod:`~lessons_lib.grading.feedback_files`) and the similar answers
  (:mod:`~lessons_lib.grading.similarity`);
- :mod:`~lessons_lib.cli.grading` and :mod:`~lessons_lib.cli.collect` are the command line.
"""
