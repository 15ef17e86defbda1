"""The tests' own helpers for finding their processes (tests/waiting.py): another test run on the same machine,
at the same time, is never taken for this one."""

from __future__ import annotations

import os
import subprocess

from waiting import processes_with, unique_sleep, wait_for


def test_a_sleep_of_another_run_whose_number_begins_with_this_ones_is_not_found() -> None:
    others = unique_sleep(4141, pid=int(f"{os.getpid()}7"))  # run 1234's and run 12347's
    other = subprocess.Popen(["sleep", others])
    try:
        assert wait_for(lambda: processes_with(f"sleep {others}") == [other.pid])
        assert processes_with(f"sleep {unique_sleep(4141)}") == []
    finally:
        other.kill()
        other.wait()
