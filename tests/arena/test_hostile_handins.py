"""Hand-ins made to fool the arena rather than to play: links, odd names, text meant for the standings.

A tournament is often run as the teacher, on a folder the class filled (``tournament *.py``). A file
there is a student's own file or nothing: never a way to the teacher's files, another student's
code, an option of the command line, or the results database.
"""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from contextlib import closing
from pathlib import Path

import pytest

from lessons_lib.arena.players import parse_player
from lessons_lib.arena.sandbox import SandboxedAgent, SandboxLimits
from lessons_lib.arena.storage import ResultStore, StorageError
from lessons_lib.games.shologuti.position import Position
from lessons_lib.sandbox import isolation, running

HONEST = ("class FirstMove:\n    def choose_move(self, state):\n        return state.legal_moves()[0]\n\n\n"
          "def make_agent():\n    return FirstMove()\n")
SECRET = "hunter2_teacher_token"


@pytest.fixture(autouse=True)
def bubblewrap_where_there(monkeypatch: pytest.MonkeyPatch) -> None:
    """In bubblewrap where it works here, else as plain processes: hand-ins are refused before either runs."""
    monkeypatch.setenv(isolation.SANDBOX_VARIABLE, "bubblewrap" if isolation.bubblewrap_problem() is None else
                       "process")
    isolation.sandbox_mode.cache_clear()


def tournament(folder: Path, *arguments: str) -> subprocess.CompletedProcess[str]:
    """``shologuti-lab tournament`` run in ``folder``, as a teacher would (``*`` expanded as a shell would)."""
    expanded = []
    for argument in arguments:
        expanded += sorted(path.name for path in folder.glob(argument)) if "*" in argument else [argument]
    return subprocess.run([sys.executable, "-P", "-m", "lessons_lib", "tournament", *expanded, "--workers", "1",
                           "--quiet", "--games-per-pair", "2", "--max-plies", "20"], cwd=folder, capture_output=True,
                          text=True, timeout=600)


def a_class(tmp_path: Path) -> tuple[Path, Path]:
    """A class folder with alice's and carol's honest files, and a teacher's secret beside it."""
    folder = tmp_path / "class"
    folder.mkdir()
    (folder / "alice.py").write_text(HONEST)
    (folder / "carol.py").write_text(HONEST)
    secret = tmp_path / ".env"
    secret.write_text(f"TOKEN={SECRET}\n")
    return folder, secret


def assert_refused(run: subprocess.CompletedProcess[str], *words: str) -> None:
    assert run.returncode == 2 and run.stderr.count("\n") == 1 and "Traceback" not in run.stderr, run.stderr
    assert all(word in run.stderr for word in words), run.stderr
    assert SECRET not in run.stdout + run.stderr and run.stdout == ""


@pytest.mark.parametrize("make", ["symbolic link to a teacher's file", "symbolic link to another student's file",
                                  "hard link to another student's file", "file in a linked folder"])
def test_a_hand_in_that_leads_elsewhere_is_refused_before_any_game(tmp_path: Path, make: str) -> None:
    folder, secret = a_class(tmp_path)
    if make == "symbolic link to a teacher's file":
        (folder / "mallory.py").symlink_to(secret)
    elif make == "symbolic link to another student's file":
        (folder / "mallory.py").symlink_to(folder / "carol.py")
    elif make == "hard link to another student's file":
        os.link(folder / "carol.py", folder / "mallory.py")
    else:
        (tmp_path / "elsewhere").mkdir()
        (tmp_path / "elsewhere" / "mallory.py").symlink_to(secret)
        (folder / "linked").symlink_to(tmp_path / "elsewhere")
        run = tournament(folder, "alice.py", "linked/mallory.py")
        assert_refused(run, "linked/mallory.py", "symbolic link")
        return
    run = tournament(folder, "*.py")
    if make.startswith("hard"):  # both names of the file are refused: the first one read says so
        assert_refused(run, "carol.py", "hard link")
    else:
        assert_refused(run, "mallory.py", "symbolic link")


def test_a_file_named_like_a_label_is_that_file_never_another_students(tmp_path: Path,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """``tournament *.py`` passes ``zed=carol.py`` on as it is: that file plays, under its own name."""
    folder, _ = a_class(tmp_path)
    monkeypatch.chdir(folder)
    (folder / "zed=carol.py").write_text("def make_agent():\n    raise KeyError('mine')\n")  # not carol's code
    run = tournament(folder, "*.py")
    assert run.returncode == 0, run.stderr
    forfeits = [line for line in run.stdout.splitlines() if " forfeited " in line]
    assert len(forfeits) == 1 and forfeits[0].startswith("zed=carol forfeited ")
    assert ": loading the file raised KeyError" in forfeits[0]
    assert parse_player("zed=carol.py").name == "./zed=carol.py"  # a file that exists is a file
    assert parse_player("control=alphabeta:3").label == "control"  # a label where no such file is


def test_a_file_named_like_a_built_in_agent_is_refused_not_played_as_the_agent(tmp_path: Path) -> None:
    """``tournament *`` in a folder with a hand-in called ``random``: the file, or the built-in agent?"""
    folder, _ = a_class(tmp_path)
    (folder / "random").write_text("def make_agent():\n    raise SystemExit\n")
    assert_refused(tournament(folder, "alice.py", "random"), "'random' is the name of a file here", "./random")
    assert_refused(tournament(folder, "alice.py", "chance=random"), "'random' is the name of a file here")
    run = tournament(folder, "alice.py", "./random", "--json")
    assert run.returncode == 0 and "(./random) loading the file raised SystemExit" in run.stdout, run.stderr


def test_a_file_named_like_an_option_is_refused(tmp_path: Path) -> None:
    folder, _ = a_class(tmp_path)
    (folder / "--csv=alice.py").write_text(HONEST)  # would overwrite alice's file with the standings
    run = tournament(folder, "*.py")
    assert_refused(run, "--csv=alice.py", "reads as an option")
    assert (folder / "alice.py").read_text() == HONEST
    run = tournament(folder, "./*.py")  # the way round it that the message gives (a shell writes ./--csv...)
    run = subprocess.run([sys.executable, "-P", "-m", "lessons_lib", "tournament", "--workers", "1", "--quiet",
                          "--games-per-pair", "2", "--max-plies", "10", "--", "./--csv=alice.py", "alice.py"],
                         cwd=folder, capture_output=True, text=True, timeout=600)
    assert run.returncode == 0 and (folder / "alice.py").read_text() == HONEST, run.stderr


BETRAYERS = {
    "a name it never defined": f"{SECRET}\n",
    "an exception class of its own": (f"class {SECRET}(Exception):\n    pass\n\n\nclass A:\n    def choose_move(self,"
                                      f" state):\n        raise {SECRET}('{SECRET}')\n\n\ndef make_agent():\n"
                                      f"    return A()\n"),
    "a message of its own": (f"class A:\n    def choose_move(self, state):\n        raise ValueError('{SECRET}')\n"
                             f"\n\ndef make_agent():\n    return A()\n"),
    "an answer of its own": (f"import os\n\nclass A:\n    def choose_move(self, state):\n"
                             f"        os.write(1, b'error choosing {SECRET} 3\\n')\n        return 'x'\n\n\n"
                             f"def make_agent():\n    return A()\n"),
    "a move of its own": (f"class A:\n    def choose_move(self, state):\n        return '{SECRET}'\n\n\n"
                          f"def make_agent():\n    return A()\n"),
    "its own text printed as garbage": (f"import os  # {SECRET}\n\nclass A:\n    def choose_move(self, state):\n"
                                        "        os.write(1, open(__file__, 'rb').read())\n        return 'x'\n\n\n"
                                        "def make_agent():\n    return A()\n"),
}


@pytest.mark.parametrize("kind", BETRAYERS)
def test_no_text_of_a_students_file_is_in_a_reason(tmp_path: Path, kind: str) -> None:
    folder, _ = a_class(tmp_path)
    (folder / "mallory.py").write_text(BETRAYERS[kind])
    run = tournament(folder, "mallory.py", "alice.py", "--json")
    assert run.returncode == 0, run.stderr
    reasons = [game["reason"] for game in json.loads(run.stdout)["games"]]
    assert all(reason.startswith("forfeit: ") and "mallory.py" in reason for reason in reasons), reasons
    assert SECRET not in run.stdout + run.stderr


def test_an_answer_that_came_in_time_counts_though_the_arena_was_stopped(monkeypatch: pytest.MonkeyPatch,
                                                                         tmp_path: Path) -> None:
    """Ctrl+Z on the arena for longer than a move may take by the clock: the honest agent's answer, which came
    at once, is the move (the sandbox's referee kept the time, not the stopped arena)."""
    agent = tmp_path / "alice.py"
    agent.write_text(HONEST)
    limits = SandboxLimits(seconds_per_move=0.1)  # 5.3 s by the clock
    receive = running.SandboxedProcess.receive
    away = []

    def arena_away_after_asking(self: running.SandboxedProcess, timeout: float | None) -> object:
        if away:  # the first look after asking for a move: the arena was stopped meanwhile
            away.pop()
            import time

            time.sleep(limits.wall_seconds() + 2)
        return receive(self, timeout)

    with SandboxedAgent(agent, limits) as sandbox:
        sandbox.start()
        monkeypatch.setattr(running.SandboxedProcess, "receive", arena_away_after_asking)
        for _ in range(2):
            away.append(True)
            assert str(sandbox.choose_move(Position.start())) == "22-17"


def test_outputs_that_would_overwrite_the_database_or_a_hand_in_are_refused(tmp_path: Path) -> None:
    folder, secret = a_class(tmp_path)
    database = folder / "class.sqlite"
    assert tournament(folder, "*.py", "--db", "class.sqlite").returncode == 0
    stored = database.read_bytes()
    for options, words in (
            (["--db", "class.sqlite", "--csv", "class.sqlite"], ["--csv", "class.sqlite"]),
            (["--db", "class.sqlite", "--csv", "./class.sqlite"], ["--csv"]),
            (["--csv", "carol.py"], ["--csv", "carol.py"]),
            (["--db", "carol.py"], ["--db", "carol.py"])):
        run = tournament(folder, "*.py", *options)
        assert_refused(run, *words)
    (folder / "results.csv").symlink_to(folder / "carol.py")  # a link that leads to a hand-in: refused
    assert_refused(tournament(folder, "*.py", "--csv", "results.csv"), "--csv", "carol.py")
    (folder / "results.csv").unlink()
    (folder / "results.csv").symlink_to(secret)  # a link to anything else: replaced by the results, not followed
    assert tournament(folder, "*.py", "--csv", "results.csv").returncode == 0
    assert database.read_bytes() == stored and (folder / "carol.py").read_text() == HONEST
    assert secret.read_text() == f"TOKEN={SECRET}\n"
    assert not (folder / "results.csv").is_symlink() and "key" in (folder / "results.csv").read_text()


@pytest.mark.parametrize("damage", ["moves", "opening", "score", "plies"])
def test_a_damaged_row_is_one_line_and_loses_no_other_game(tmp_path: Path, damage: str) -> None:
    folder, _ = a_class(tmp_path)
    assert tournament(folder, "*.py", "--db", "class.sqlite").returncode == 0
    with closing(sqlite3.connect(folder / "class.sqlite")) as connection, connection:
        if damage == "score":
            connection.execute("PRAGMA ignore_check_constraints = 1")
        change = {"moves": "moves = '[{\"move\": 1}'", "opening": "opening = '{\"a\": 1}'",
                  "score": "first_score = 7", "plies": "plies = 'many'"}[damage]
        connection.execute(f"UPDATE games SET {change} WHERE rowid = 1")
    run = tournament(folder, "*.py", "--db", "class.sqlite")
    assert run.returncode == 2 and run.stderr.count("\n") == 1 and "damaged" in run.stderr, run.stderr
    assert "Traceback" not in run.stderr
    with closing(sqlite3.connect(folder / "class.sqlite")) as connection:
        assert connection.execute("SELECT COUNT(*) FROM games").fetchone()[0] == 2  # nothing lost
    if damage != "score":  # (a broken rule of the table: the file is refused as it is opened)
        with ResultStore(folder / "class.sqlite") as store, pytest.raises(StorageError, match="damaged game"):
            store.results()


def test_a_labelled_file_plays_the_same_games_wherever_it_lies(tmp_path: Path) -> None:
    """Its games' keys, and so their seeds, come from its label and contents: not from where it was saved."""
    from lessons_lib.arena.tournament import TournamentSettings, gauntlet

    keys = []
    for folder in ("here", "elsewhere/deeper"):
        path = tmp_path / folder / "alice.py"
        path.parent.mkdir(parents=True)
        path.write_text(HONEST)
        schedule = gauntlet([f"alice={path}"], ["random"], TournamentSettings(games_per_pair=4))
        keys.append([(game.key, game.seed) for game in schedule])
    assert keys[0] == keys[1]
