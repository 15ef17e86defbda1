"""A teacher who is not root: no control groups, yet nothing outlives a tournament or grade, and every limit holds.

Run as root (CI), the test becomes the user ``nobody`` in a mount namespace of its own that lets
that user reach this checkout and its Python wherever they are (a home folder such as /root is
closed to others, and the checkout may lie folders deep in it), and runs the arena there; run as a
user, it runs the arena as that user.

Only the test's set-up makes the folders on the way passable: a real teacher who is not root runs
the arena from a checkout that teacher can reach, and the sandbox's own bubblewrap, run by the teacher,
makes the folders on the way as that teacher (tested here, since ``nobody`` then runs it).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from lessons_lib.sandbox import isolation
from locations import ROOT
from waiting import run_number

NOBODY = 65534

SCRIPT = r'''
import json, os, subprocess, sys
checkout, folder, run = sys.argv[1:4]  # run: this test run's number (waiting.run_number), in its sleeps
sys.path.insert(0, checkout)
from lessons_lib.sandbox import cgroups

DAEMON = """
import os, subprocess, time

class Breeder:
    started = False

    def choose_move(self, state):
        if not self.started:
            self.started = True
            if os.fork() == 0:  # a daemon: a new session, and its parent gone
                os.setsid()
                if os.fork() == 0:
                    os.execvp('sleep', ['sleep', '4747.RUN'])
                os._exit(0)
        return state.legal_moves()[0]

def make_agent():
    return Breeder()
"""
SHARED_MEMORY = """
import ctypes, time

libc = ctypes.CDLL(None, use_errno=True)
libc.shmat.restype = ctypes.c_void_p

class Hoarder:
    def choose_move(self, state):
        for _ in range(6):
            segment = libc.shmget(0, 50 * 2**20, 0o1600)
            address = libc.shmat(segment, None, 0)
            ctypes.memset(address, 1, 50 * 2**20)
            libc.shmdt(ctypes.c_void_p(address))
        time.sleep(1000)

def make_agent():
    return Hoarder()
"""
BOMB = """
import os

class Bomber:
    children = None

    def choose_move(self, state):
        if self.children is None:  # children that end at once and are never collected: each holds its place
            self.children = 0
            while self.children < 100_000:
                try:
                    if os.fork() == 0:
                        os._exit(0)
                    self.children += 1
                except OSError:
                    break
        if self.children > 300:
            raise ValueError('the bomb went off')
        return state.legal_moves()[0]

def make_agent():
    return Bomber()
"""
NOTEBOOK_CELL = ("import os\nif os.fork() == 0:\n    os.setsid()\n    if os.fork() == 0:\n"
                 "        os.execvp('sleep', ['sleep', '4848.RUN'])\n    os._exit(0)\n")


def running(token):
    found = []
    for name in os.listdir('/proc'):
        try:
            if name.isdigit() and token in open(f'/proc/{name}/cmdline', 'rb').read():
                found.append(int(name))
        except OSError:
            pass
    return found


os.makedirs(folder, exist_ok=True)
os.chdir(folder)
open('breeder.py', 'w').write(DAEMON.replace('RUN', run))  # (the sleeps' own text is in no command line)
open('hoarder.py', 'w').write(SHARED_MEMORY)
open('bomber.py', 'w').write(BOMB)
solution = json.load(open(os.path.join(checkout, 'notebooks', 'solutions', '01_board_graph.ipynb')))
solution['cells'].insert(0, {'cell_type': 'code', 'metadata': {}, 'outputs': [], 'execution_count': None,
                             'source': NOTEBOOK_CELL.replace('RUN', run)})
json.dump(solution, open('alice.ipynb', 'w'))
command = [sys.executable, '-c', f'import sys; sys.path.insert(0, {checkout!r}); from lessons_lib.cli.main import main; '
           f'sys.exit(main())']
played = subprocess.run([*command, 'tournament', 'breeder.py', 'hoarder.py', 'bomber.py', 'random',
                         '--games-per-pair', '2',
                         '--workers', '2', '--quiet', '--json', '--memory-mb', '200', '--seconds-per-move', '30',
                         '--max-plies', '30'], capture_output=True, text=True)
after_tournament = running(f'4747.{run}'.encode())
graded = subprocess.run([*command, 'grade', 'alice.ipynb', '--json'], capture_output=True, text=True)
after_grade = running(f'4848.{run}'.encode())
games = json.loads(played.stdout)['games'] if played.returncode == 0 else []
print(json.dumps({'user': os.getuid(), 'groups': cgroups.available(), 'status': played.returncode,
                  'errors': played.stderr[-2000:], 'reasons': [game['reason'] for game in games],
                  'games': [[game['first'], game['second'], game['reason']] for game in games],
                  'after_tournament': after_tournament, 'grade_status': graded.returncode,
                  'grade_errors': graded.stderr[-2000:], 'after_grade': after_grade,
                  'score': json.loads(graded.stdout)['notebooks'][0]['score'] if graded.returncode == 0 else None}))
'''


def as_nobody(tmp_path: Path) -> list[str]:
    """The command prefix that runs a program as ``nobody`` (when this is root), able to reach this checkout and
    its Python, with a folder of its own at ``/home/class``; nothing when this is not root."""
    if os.geteuid() != 0:
        return []
    if shutil.which("bwrap") is None or shutil.which("setpriv") is None:
        pytest.skip("needs bubblewrap and setpriv (util-linux) to become another user")
    needed = [str(ROOT), *isolation.python_folders(), sys.prefix, sys.base_prefix]
    arguments = ["bwrap", "--dev-bind", "/", "/", "--tmpfs", "/home", "--perms", "1777", "--tmpfs", "/home/class"]
    return [*arguments, *reachable_by_others(needed, covered=["/home"]), "--", "setpriv", f"--reuid={NOBODY}",
            f"--regid={NOBODY}", "--clear-groups"]


def reachable_by_others(paths: list[str], covered: list[str]) -> list[str]:
    """bubblewrap's arguments that show each of ``paths`` read-only to any user, where it is.

    The first folder on the way to a path that others may not pass through (a home folder such as /root) becomes
    an empty in-memory folder, as ``covered`` folders already are; in it, each folder on the way to the path is made
    open to all (bubblewrap would make them closed, 0700, and only their owner could pass) and the path is bound.
    """
    covers = list(covered)
    for path in map(Path, paths):
        for folder in reversed(path.parents):  # the outermost first
            if any(isolation._inside(str(folder), cover) for cover in covers):
                break
            if folder != Path("/") and not os.stat(folder).st_mode & 0o001:
                covers.append(str(folder))
                break
    arguments = [part for cover in covers[len(covered):] for part in ("--tmpfs", cover)]
    bound: list[str] = []
    for path in sorted(set(paths)):  # a path before those inside it
        cover = next((cover for cover in covers if isolation._inside(path, cover)), None)
        if cover is None or any(isolation._inside(path, outer) for outer in bound):
            continue  # reachable already
        for folder in reversed(Path(path).parents):
            if isolation._inside(str(folder), cover) and str(folder) != cover:
                arguments += ["--perms", "0755", "--dir", str(folder)]
        arguments += ["--ro-bind", path, path]
        bound.append(path)
    return arguments


def stopped(reason: str) -> bool:
    """Whether a fork bomb's game ended by the process limit: refused at it, or killed there (which of the two the
    watchdog sees first depends on the load)."""
    return "processes (the limit for one agent)" in reason or "the agent's process has died" in reason


def test_a_teacher_who_is_not_root_loses_no_limit_and_leaves_nothing_running(tmp_path: Path) -> None:
    folder = "/home/class/work" if os.geteuid() == 0 else str(tmp_path / "class")
    finished = subprocess.run([*as_nobody(tmp_path), sys.executable, "-c", SCRIPT, str(ROOT), folder, run_number()],
                              capture_output=True, text=True, timeout=900)
    assert finished.returncode == 0, finished.stderr[-3000:]
    report = json.loads(finished.stdout.strip().splitlines()[-1])
    assert report["user"] != 0 and report["groups"] is False, report
    assert report["status"] == 0 and report["grade_status"] == 0, report
    assert report["after_tournament"] == [] and report["after_grade"] == [], report  # gone when the command ends
    hoarders = [(players, reason) for *players, reason in report["games"] if any("hoarder.py" in name for name in players)]
    assert len(hoarders) == 6, report
    for players, reason in hoarders:  # the hoarder forfeits each of its games over the memory limit, unless the
        # bomber, caught at the process limit before the hoarder's turn (which depends on the load), forfeited first
        caught_first = any("bomber.py" in name for name in players) and "bomber.py" in reason and stopped(reason)
        assert caught_first or ("hoarder.py" in reason and "over the limit of 200 MB for one agent" in reason), report
    assert not any("breeder.py" in reason for reason in report["reasons"]), report  # its daemon cost it nothing
    bomber = [reason for reason in report["reasons"] if "bomber.py" in reason]
    assert not any("raised ValueError" in reason for reason in bomber), report  # refused at the limit at once
    assert all(stopped(reason) for reason in bomber), report  # (or caught at it)
    assert report["score"] == 2, report


def test_another_user_reaches_a_folder_lying_deep_below_folders_closed_to_others(tmp_path: Path) -> None:
    """A checkout two folders below a home folder only its owner may enter (``~/courses/lab``)."""
    if os.geteuid() != 0 or shutil.which("bwrap") is None or shutil.which("setpriv") is None:
        pytest.skip("becoming another user needs root, bubblewrap and setpriv (util-linux)")
    home = tmp_path / "home of ann"
    checkout = home / "courses" / "lab"
    checkout.mkdir(parents=True)
    (checkout / "lesson.txt").write_text("here")
    home.chmod(0o700)
    read = subprocess.run(["bwrap", "--dev-bind", "/", "/", *reachable_by_others([str(checkout)], covered=[]), "--",
                           "setpriv", f"--reuid={NOBODY}", f"--regid={NOBODY}", "--clear-groups",
                           "cat", str(checkout / "lesson.txt")], capture_output=True, text=True, timeout=60)
    assert (read.returncode, read.stdout) == (0, "here"), read.stderr
