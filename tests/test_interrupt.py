"""Ctrl+C of a command that plays in a process pool: one line saying what is kept, status 130, no traceback from
the command or any worker, no process left, and the same command run again goes on from what was kept."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
from contextlib import closing
from pathlib import Path

import psutil
import pytest

from waiting import wait_for

pytestmark = pytest.mark.slow


def command(*args: str) -> list[str]:
    return [sys.executable, "-m", "lessons_lib", *args]


def _interrupt_as_by_default() -> None:
    """Ctrl+C's default in the command's process, whatever this test was started from (a job started in the
    background has it ignored, and its children inherit that)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def start(args: list[str]) -> subprocess.Popen[str]:
    """The command in a process group of its own, as a terminal's job is (Ctrl+C reaches every process in it)."""
    return subprocess.Popen(args, start_new_session=True, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            preexec_fn=_interrupt_as_by_default)


def ctrl_c(child: subprocess.Popen[str]) -> tuple[str, str]:
    """Ctrl+C as a terminal sends it (SIGINT to the whole group); what the command printed."""
    try:
        os.killpg(child.pid, signal.SIGINT)
        out, err = child.communicate(timeout=300)
    finally:  # whatever happened, nothing of this test is left to disturb the next ones
        if child.poll() is None:
            os.killpg(child.pid, signal.SIGKILL)
            child.wait()
    assert wait_for(lambda: not group_alive(child.pid)), "a worker was left"
    return out, err


def group_alive(group: int) -> bool:
    try:
        os.killpg(group, 0)
    except ProcessLookupError:
        return False
    return True


def workers_of(pid: int) -> int:
    try:
        return len(psutil.Process(pid).children())
    except psutil.NoSuchProcess:
        return 0


def rows(database: Path, table: str) -> int:
    if not database.exists():
        return 0
    with closing(sqlite3.connect(f"file:{database}?mode=ro", uri=True, timeout=60)) as connection:
        try:
            return int(connection.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0])
        except sqlite3.OperationalError:  # not made yet
            return 0


def test_ctrl_c_of_alphazero_keeps_what_was_finished_in_one_line_and_a_rerun_goes_on(tmp_path: Path) -> None:
    database = tmp_path / "loop.sqlite"
    loop = ["alphazero", "baghchal", "--games", "1", "--iterations", "10", "--workers", "2", "--openings", "0",
            "--db", str(database)]  # a game a generation: a worker always waits, as it does while a model is fitted
    child = start(command(*loop, "--generations", "100"))  # far more than it plays before Ctrl+C
    assert wait_for(lambda: rows(database, "games") >= 1 or child.poll() is not None)
    out, err = ctrl_c(child)
    assert child.returncode == 130, (out, err)
    assert err == (f"python -m lessons_lib alphazero: stopped: what was finished is kept in '{database}'; run the "
                   f"same command again to go on\n")
    kept = rows(database, "games")
    assert 1 <= kept < 100

    finished = subprocess.run(command(*loop, "--generations", "2"), capture_output=True, text=True, timeout=600)
    assert finished.returncode == 0 and finished.stderr == "", finished.stderr
    assert "generation 2: fitted on 2 games" in finished.stdout
    with closing(sqlite3.connect(database)) as connection:
        assert connection.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    assert rows(database, "games") >= max(kept, 2) and rows(database, "generations") >= 3


def test_ctrl_c_of_a_tournament_with_idle_workers_is_one_line_from_the_tournament_alone(tmp_path: Path) -> None:
    database = tmp_path / "class.sqlite"
    child = start(command("tournament", "mcts:5000", "mcts:5001", "--games-per-pair", "2", "--workers", "4",
                          "--quiet", "--db", str(database)))
    assert wait_for(lambda: workers_of(child.pid) == 4 or child.poll() is not None)  # two play, two wait
    out, err = ctrl_c(child)
    assert child.returncode == 130, (out, err)
    assert err == (f"python -m lessons_lib tournament: stopped: what was finished is kept in '{database}'; run the "
                   f"same command again to go on\n")
