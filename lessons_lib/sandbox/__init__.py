"""The sandbox: where students' code runs (their agents in a tournament, their notebooks when graded).

One place holds everything about running untrusted code, and both the arena and the grader use it
through :class:`~lessons_lib.sandbox.running.SandboxedProcess`:

- :mod:`~lessons_lib.sandbox.isolation`: bubblewrap (Linux) or plain processes, and what each guarantees;
- :mod:`~lessons_lib.sandbox.referee`: the sandbox's first process, between the student's code and the arena;
- :mod:`~lessons_lib.sandbox.running`: the arena's side: start, talk, count processor time, end;
- :mod:`~lessons_lib.sandbox.workload`: the first steps of the program that runs the student's code;
- :mod:`~lessons_lib.sandbox.cgroups`: a control group for each sandbox, where the arena may make one;
- :mod:`~lessons_lib.sandbox.processes`: a sandbox's processes, found, measured and killed through psutil;
- :mod:`~lessons_lib.sandbox.handins`: students' files, read without following links.
"""
