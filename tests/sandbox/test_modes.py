"""Which sandbox runs, and never a quiet step down: bubblewrap installed but failing stops the tournament and grade.

These tests change ``PATH`` so that the ``bwrap`` found is one of theirs: missing, or one that fails
as bubblewrap does in a container that forbids namespaces.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from lessons_lib.grading.notebooks import LESSONS_FOLDER

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="bubblewrap is Linux's")

HONEST = ("class FirstMove:\n    def choose_move(self, state):\n        return state.legal_moves()[0]\n\n\n"
          "def make_agent():\n    return FirstMove()\n")
FAILING_BWRAP = "#!/bin/sh\necho 'bwrap: No permissions to create new namespace, likely because the kernel does not " \
                "allow non-privileged user namespaces.' >&2\nexit 1\n"


def a_machine(tmp_path: Path, bwrap: str | None) -> dict[str, str]:
    """An environment whose PATH has the system's programs and, where given, this ``bwrap`` (else none at all)."""
    programs = tmp_path / "bin"
    programs.mkdir()
    for name in ("sh", "sleep", "echo"):
        found = subprocess.run(["sh", "-c", f"command -v {name}"], capture_output=True, text=True).stdout.strip()
        if found:
            (programs / name).symlink_to(found)
    if bwrap is not None:
        (programs / "bwrap").write_text(bwrap)
        (programs / "bwrap").chmod(0o755)
    environment = {name: value for name, value in os.environ.items() if name != "SHOLOGUTI_SANDBOX"}
    environment["PATH"] = str(programs)
    return environment


def command(*arguments: str) -> list[str]:
    return [sys.executable, "-P", "-m", "lessons_lib", *arguments]


def tournament_and_grade(tmp_path: Path, environment: dict[str, str], *extra: str) -> list[subprocess.CompletedProcess[
        str]]:
    (tmp_path / "alice.py").write_text(HONEST)
    return [subprocess.run(command("tournament", "alice.py", "random", "--games-per-pair", "2", "--max-plies", "10",
                                   "--workers", "1", "--quiet", *extra), cwd=tmp_path, env=environment,
                           capture_output=True, text=True, timeout=600),
            subprocess.run(command("grade", str(LESSONS_FOLDER / "solutions" / "01_board_graph.ipynb"), *extra),
                           cwd=tmp_path, env=environment, capture_output=True, text=True, timeout=600)]


def test_bubblewrap_installed_but_failing_stops_both_commands_with_its_reason(tmp_path: Path) -> None:
    for run in tournament_and_grade(tmp_path, a_machine(tmp_path, FAILING_BWRAP)):
        assert run.returncode == 2 and run.stderr.count("\n") == 1 and run.stdout == "", run.stderr
        assert "bubblewrap is installed but cannot isolate students' code here" in run.stderr
        assert "No permissions to create new namespace" in run.stderr  # bubblewrap's own reason
        assert "--sandbox process" in run.stderr and "install" not in run.stderr.replace("installed", "")


def test_plain_processes_chosen_on_purpose_run_and_say_so(tmp_path: Path) -> None:
    for run in tournament_and_grade(tmp_path, a_machine(tmp_path, FAILING_BWRAP), "--sandbox", "process"):
        assert run.returncode == 0, run.stderr
        assert "runs as plain processes (SHOLOGUTI_SANDBOX=process)" in run.stderr
        assert "mistakes are caught, malice is not" in run.stderr and "install" not in run.stderr


def test_bubblewrap_missing_runs_plain_processes_and_says_to_install_it(tmp_path: Path) -> None:
    for run in tournament_and_grade(tmp_path, a_machine(tmp_path, None)):
        assert run.returncode == 0, run.stderr
        assert "the bwrap program is not installed" in run.stderr and "apt-get install bubblewrap" in run.stderr


def test_bubblewrap_demanded_where_it_is_missing_stops_in_one_line(tmp_path: Path) -> None:
    for run in tournament_and_grade(tmp_path, a_machine(tmp_path, None), "--sandbox", "bubblewrap"):
        assert run.returncode == 2 and run.stderr.count("\n") == 1, run.stderr
        assert "SHOLOGUTI_SANDBOX=bubblewrap, but the bwrap program is not installed" in run.stderr


def test_a_bad_choice_of_sandbox_is_one_line(tmp_path: Path) -> None:
    run = subprocess.run(command("tournament", "random", "greedy", "--sandbox", "docker"), cwd=tmp_path,
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 2 and "use bubblewrap, process or auto" in run.stderr and run.stderr.count("\n") == 1
