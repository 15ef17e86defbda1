"""The arena's command line: tournament and experiment, resuming after a kill, and bad input."""

from __future__ import annotations

import csv
import re
import json
import os
import signal
import sqlite3
import subprocess
import sys
from contextlib import closing
from pathlib import Path

import pytest

from locations import STUDENT_AGENTS
from waiting import processes_with, sandbox_processes, wait_for, wait_gone
from lessons_lib.arena.games import GameReport, GameSpec
from lessons_lib.arena.sandbox import MAX_AGENT_FILE_BYTES, Forfeit, SandboxedAgent, read_agent_file
from lessons_lib.arena.tournament import TournamentSettings, play_tournament, round_robin
from lessons_lib.cli.main import main

AGENTS = STUDENT_AGENTS
PLAYERS = ["alphabeta:2", "alphabeta:3", "greedy"]


def tournament(*args: str) -> list[str]:
    return [sys.executable, "-m", "lessons_lib", "tournament", *args]


def stored_keys(database: Path) -> list[str]:
    with closing(sqlite3.connect(database)) as connection:  # closed at once: it must not hold the file
        assert connection.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        if not connection.execute("SELECT name FROM sqlite_master WHERE name = 'games'").fetchall():
            return []  # the arena has opened the file but not yet made its table
        return [row[0] for row in connection.execute("SELECT key FROM games ORDER BY rowid")]


def test_resume_after_a_kill_plays_exactly_the_missing_games(tmp_path: Path) -> None:
    database = tmp_path / "class.sqlite"
    command = tournament(*PLAYERS, "--games-per-pair", "8", "--db", str(database), "--workers", "2", "--quiet")
    child = subprocess.Popen(command, start_new_session=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    assert wait_for(lambda: database.exists() and len(stored_keys(database)) >= 3)
    os.killpg(child.pid, signal.SIGKILL)  # the arena and its workers, mid-tournament
    child.wait()
    before = stored_keys(database)
    assert 3 <= len(before) < 24, "the kill should land mid-tournament"

    finished = subprocess.run([*command, "--json"], capture_output=True, text=True, check=True)
    report = json.loads(finished.stdout)
    assert (report["played"], report["resumed"]) == (24 - len(before), len(before))
    after = stored_keys(database)
    assert after[:len(before)] == before and len(after) == len(set(after)) == 24

    uninterrupted = play_tournament(round_robin(PLAYERS, TournamentSettings(games_per_pair=8)), workers=1,
                                    progress=False).results
    resumed = {game["key"]: game for game in report["games"]}
    assert {r.key: (r.first_score, r.reason, r.plies) for r in uninterrupted} == \
           {key: (game["first_score"], game["reason"], game["plies"]) for key, game in resumed.items()}


def test_tournament_json_has_standings_and_games(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    crash = str(AGENTS / "crash.py")
    status = main(["tournament", "random", crash, "--gauntlet", "greedy", "--games-per-pair", "2", "--workers", "1",
                   "--quiet", "--json", "--csv", str(tmp_path / "games.csv")])
    assert status == 0
    report = json.loads(capsys.readouterr().out)
    assert report["baseline"] == "greedy" and report["variant"] == "forced"
    table = {row["name"]: row for row in report["standings"]}
    assert set(table) == {"random", "crash", "greedy"}
    assert set(table["crash"]) >= {"name", "games", "wins", "draws", "losses", "forfeits", "elo", "elo_low", "elo_high"}
    assert table["crash"]["forfeits"] == 2 and table["greedy"]["elo"] == 0
    assert len(report["games"]) == 4
    assert all({"key", "game", "first", "second", "first_score", "reason", "plies", "seed"} <= set(g) for g in report["games"])
    assert report["endings"]["forfeit"] == 2 and sum(report["endings"].values()) == 4
    assert all(game["reason"] != "ply limit" for game in report["games"])  # no limit but the rules by default
    with open(tmp_path / "games.csv", newline="") as file:
        assert len(list(csv.DictReader(file))) == 4


def test_a_class_collected_into_folders_of_its_own_plays_under_the_folders_names(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """``collect`` lays each student's agent out as FOLDER/<user>/my_agents/my_agent.py: one file name for all."""
    paths = []
    for student, agent in (("alice", "first_move.py"), ("bob", "crash.py")):
        path = tmp_path / "collected" / student / "my_agents" / "my_agent.py"
        path.parent.mkdir(parents=True)
        path.write_bytes((AGENTS / agent).read_bytes())
        paths.append(str(path))
    status = main(["tournament", *paths, "--games-per-pair", "2", "--workers", "1", "--quiet", "--json"])
    assert status == 0
    table = {row["name"]: row for row in json.loads(capsys.readouterr().out)["standings"]}
    assert set(table) == {"alice", "bob"} and table["bob"]["forfeits"] == 2


def test_tournament_prints_a_table_and_the_forfeits(capsys: pytest.CaptureFixture[str]) -> None:
    illegal = str(AGENTS / "illegal.py")
    assert main(["tournament", "random", illegal, "--workers", "1", "--quiet", "--seconds-per-move", "1"]) == 0
    out = capsys.readouterr().out
    assert "Elo (95% interval)" in out and "returned the illegal move 1-2" in out
    assert "Elo is relative to random" in out


@pytest.mark.parametrize(("args", "message"), [
    (["random"], "at least two players"),
    (["random", "random"], "entered twice"),
    (["random", "nobody"], "unknown agent"),
    (["random", "alphabta:3"], "unknown agent 'alphabta:3' (did you mean 'alphabeta'?)"),
    (["random", "missing/agent.py"], "'missing/agent.py' does not exist (no such agent file)"),
    (["random", "greedy", "--games-per-pair", "0"], "--games-per-pair"),
    (["random", "greedy", "--seconds-per-move", "-1"], "seconds"),
    (["random", "greedy", "--variant", "chess"], "chess"),
    (["random", "greedy", "--workers", "two"], "--workers"),
    (["random", "greedy", "--baseline", "mcts:5"], "--baseline"),
])
def test_bad_tournament_input_is_one_line(args: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tournament", *args, "--quiet"]) == 2
    error = capsys.readouterr().err
    assert message in error and error.count("\n") == 1 and "Traceback" not in error


def test_an_agent_file_must_be_a_readable_file_of_at_most_10_mb(tmp_path: Path,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    """Read before any game, never more than the limit, never from a device or a pipe (which could block)."""
    huge = tmp_path / "huge.py"
    with open(huge, "wb") as file:
        file.truncate(MAX_AGENT_FILE_BYTES + 1)  # sparse: large, but costs no disk
    just_small_enough = tmp_path / "long.py"
    just_small_enough.write_bytes(b"#" * (MAX_AGENT_FILE_BYTES - 1) + b"\n")
    pipe = tmp_path / "pipe.py"
    if hasattr(os, "mkfifo"):
        os.mkfifo(pipe)
    folder = tmp_path / "folder.py"
    folder.mkdir()
    cases = [(huge, "is larger than 10 MB"), (folder, "is a folder, not an agent file"),
             ("/dev/zero", "is not a regular file")]
    if pipe.exists():
        cases.append((pipe, "is not a regular file"))
    for path, message in cases:
        assert main(["tournament", "random", str(path), "--quiet", "--workers", "1"]) == 2
        error = capsys.readouterr().err
        assert message in error and error.count("\n") == 1, error
    assert len(read_agent_file(just_small_enough)) == MAX_AGENT_FILE_BYTES
    with pytest.raises(Forfeit, match="larger than 10 MB"):
        SandboxedAgent(huge).start()


def test_experiment_writes_the_lesson_files(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "data"
    assert main(["experiment", "strength", "--depths", "1,2,3", "--iterations", "20,40", "--games-per-pair", "2",
                 "--out", str(out), "--workers", "1", "--quiet"]) == 0
    with open(out / "depth.csv", newline="") as file:
        rows = list(csv.DictReader(file))
    assert [row["player"] for row in rows] == ["negamax:1", "negamax:2", "negamax:3"]
    assert float(rows[1]["elo"]) == 0.0  # the middle depth is the baseline
    assert float(rows[2]["nodes_per_move"]) > float(rows[0]["nodes_per_move"]) > 0
    with open(out / "iterations.csv", newline="") as file:
        assert [row["player"] for row in csv.DictReader(file)] == ["mcts:20", "mcts:40"]
    with open(out / "strength_games.csv", newline="") as file:
        games = list(csv.DictReader(file))
    # (1,2), (2,3), (20,40), and the bridge between the ladders' middles (2, 40); each level meets its middle there
    assert len(games) == 4 * 2 and {(game["first"], game["second"]) for game in games} >= {("negamax:2", "mcts:40")}
    assert all(game["reason"] != "ply limit" for game in games)
    for row in rows:
        assert sum(int(count) for count in re.findall(r"\d+", row["endings"])) == int(row["games"])
    assert main(["experiment", "strength", "--depths", "2,2", "--out", str(out)]) == 2
    assert "repeats" in capsys.readouterr().err


def sandboxes_running(root: int) -> int:
    """The agents now running (their runners: not bubblewrap, the referee, nor the shell that puts them in a group)."""
    return len([pid for pid in processes_with("lessons_lib.arena.agent_runner") if pid in sandbox_processes(root)])


STUCK_AGENT = """
import time


class Stuck:
    def choose_move(self, state):
        time.sleep(1000)


def make_agent():
    return Stuck()
"""


def _interrupt_as_by_default() -> None:
    """Ctrl+C's default in the arena's process, whatever this test was started from: a job a shell starts in the
    background has it ignored, and its children inherit that (an arena that ignores it would never stop here)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def test_an_interrupt_stops_at_once_in_one_line_and_leaves_no_process(tmp_path: Path) -> None:
    stuck = tmp_path / "stuck_agent.py"
    stuck.write_text(STUCK_AGENT)
    command = tournament(str(stuck), "greedy", "--games-per-pair", "2", "--workers", "2", "--quiet",
                         "--seconds-per-move", "100", "--db", str(tmp_path / "games.sqlite"))
    child = subprocess.Popen(command, start_new_session=True, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                             preexec_fn=_interrupt_as_by_default)
    try:
        assert wait_for(lambda: sandboxes_running(child.pid) == 2)  # one game in each worker
        left = sandbox_processes(child.pid)
        child.send_signal(signal.SIGINT)  # to the arena alone, as a notebook's interrupt button does
        out, err = child.communicate(timeout=300)
    finally:  # whatever happened, no arena of this test is left to disturb the next ones
        if child.poll() is None:
            os.killpg(child.pid, signal.SIGKILL)
            child.wait()
    assert child.returncode == 130 and err == (f"python -m lessons_lib tournament: stopped: what was finished is kept "
                                               f"in '{tmp_path / 'games.sqlite'}'; run the same command again to go on\n")
    assert wait_gone(left)


def bad_database_files(folder: Path) -> dict[str, Path]:
    """A folder, a missing folder, garbage, a truncated SQLite file and two foreign ones."""
    garbage = folder / "garbage.db"
    garbage.write_bytes(b"not a database at all\n" * 50)
    truncated, foreign, other = folder / "truncated.db", folder / "foreign.db", folder / "other.db"
    with sqlite3.connect(truncated) as connection:
        connection.execute("CREATE TABLE notes (text)")
        connection.executemany("INSERT INTO notes VALUES (?)", [(str(i) * 100,) for i in range(2000)])
    connection.close()
    truncated.write_bytes(truncated.read_bytes()[: truncated.stat().st_size // 2])
    with sqlite3.connect(foreign) as connection:
        connection.execute("CREATE TABLE games (player, score)")
    connection.close()
    with sqlite3.connect(other) as connection:
        connection.execute("CREATE TABLE grades (student, mark)")
    connection.close()
    return {"is a folder": folder, "does not exist": folder / "missing" / "class.db", "not an SQLite": garbage,
            "malformed": truncated, "another kind": foreign, "other tables": other}


def test_every_bad_database_is_one_line_before_any_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for words, path in bad_database_files(tmp_path).items():
        before = path.read_bytes() if path.is_file() else None
        assert main(["tournament", "random", "greedy", "--db", str(path), "--quiet", "--workers", "1"]) == 2
        error = capsys.readouterr().err
        assert words in error and error.count("\n") == 1 and "Traceback" not in error, error
        assert (path.read_bytes() if path.is_file() else None) == before  # nothing written to someone else's file


@pytest.mark.parametrize(("args", "message"), [
    (["--workers", "999999999999"], "--workers"),
    (["--games-per-pair", "99999999999"], "--games-per-pair"),
    (["alphabeta:1", "alphabeta:2", "alphabeta:3", "alphabeta:4", "alphabeta:5", "alphabeta:6", "alphabeta:7",
      "--games-per-pair", "10000"], "at most 200,000"),
    (["--max-plies", "99999999999"], "--max-plies"),
    (["--memory-mb", "99999999999"], "--memory-mb"),
    (["--csv", "no/such/folder/games.csv"], "does not exist"),
    (["--csv", "."], "is a folder"),
    (["--csv", "/dev/full"], "is not a regular file"),
    (["--csv", "/dev/null"], "is not a regular file"),
    (["--csv", "a" * 300 + ".csv"], "File name too long"),
    (["--csv", "no/such/folder/" + "a" * 300], "does not exist"),
    (["--db", "/dev/null"], "is not a regular file"),
    (["--db", "/dev/full"], "is not a regular file"),
    (["--db", "a" * 300 + ".sqlite"], "File name too long"),
    (["--db", "/" + "a/" * 3000 + "x.sqlite"], "too long"),
], ids=lambda value: value[:2] if isinstance(value, list) else None)
def test_bad_limits_and_paths_are_one_line_before_any_game(args: list[str], message: str, tmp_path: Path,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    if any(arg.startswith("/dev/") and not Path(arg).exists() for arg in args):
        pytest.skip("no such device here")
    assert main(["tournament", "random", "greedy", *args, "--quiet", "--workers", "1"]) == 2
    out, error = capsys.readouterr()
    assert message in error and error.count("\n") == 1 and "Traceback" not in error, error
    assert out == ""  # nothing played


def test_a_database_that_is_no_regular_file_is_one_line_before_any_game(tmp_path: Path) -> None:
    """Devices, the system's own files and pipes: refused, or (a file SQLite cannot use) one line, not a traceback."""
    pipe = tmp_path / "pipe.sqlite"
    if hasattr(os, "mkfifo"):
        os.mkfifo(pipe)
    paths = ["/dev/null", "/proc/version", "/proc/self/fd/0", "/proc/self/status", str(pipe)]
    for path in [path for path in paths if os.path.exists(path)]:
        finished = subprocess.run(tournament("random", "greedy", "--db", path, "--quiet", "--workers", "1"),
                                  stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=120)
        assert finished.returncode == 2 and finished.stdout == "", (path, finished)
        assert finished.stderr.count("\n") == 1 and "Traceback" not in finished.stderr, finished.stderr
        assert path in finished.stderr


def test_a_csv_file_that_fails_at_the_end_loses_no_result(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    """The standings are printed first; the failure is one line saying where the games are."""
    def disk_full(*args: object) -> int:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("lessons_lib.arena.storage.export_csv", disk_full)
    database = tmp_path / "class.sqlite"
    for extra, kept in ([], "stored nowhere else"), (["--db", str(database)], f"stored in '{database}'"):
        assert main(["tournament", "random", "greedy", "--csv", str(tmp_path / "games.csv"), "--workers", "1",
                     "--quiet", *extra]) == 2
        out, error = capsys.readouterr()
        assert "Elo (95% interval)" in out and "2 games played" in out
        assert error.count("\n") == 1 and "No space left on device" in error and kept in error, error
    assert len(stored_keys(database)) == 2
    assert main(["tournament", "random", "greedy", "--csv", str(tmp_path / "games.csv"), "--workers", "1",
                 "--quiet", "--json"]) == 2
    out, error = capsys.readouterr()
    assert len(json.loads(out)["games"]) == 2 and "could not write" in error


def hold_write_lock(database: Path) -> sqlite3.Connection:
    """Another program's connection holding ``database`` locked for writing (until it is closed)."""
    holder = sqlite3.connect(database, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    return holder


def test_a_database_in_use_by_another_program_is_one_line_before_any_game(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr("lessons_lib.arena.storage.OPEN_WAIT_SECONDS", 0.2)
    database = tmp_path / "class.sqlite"
    command = ["tournament", "random", "greedy", "--db", str(database), "--workers", "1", "--quiet"]
    assert main(command) == 0
    capsys.readouterr()
    for journal in ("WAL", "DELETE"):  # the arena's own file, and one another program switched back
        with sqlite3.connect(database, isolation_level=None) as connection:
            connection.execute(f"PRAGMA journal_mode={journal}")
        connection.close()
        holder = hold_write_lock(database)
        try:
            assert main([*command, "--games-per-pair", "4"]) == 2
            out, error = capsys.readouterr()
        finally:
            holder.close()
        assert out == "" and error.count("\n") == 1 and "is in use by another program" in error, error
        assert len(stored_keys(database)) == 2


def test_a_database_failing_mid_tournament_stops_in_one_line_keeping_the_stored_games(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    import lessons_lib.arena.tournament as tournament_module

    monkeypatch.setattr("lessons_lib.arena.storage.WRITE_WAIT_SECONDS", 0.2)
    database = tmp_path / "class.sqlite"
    holders: list[sqlite3.Connection] = []
    play = tournament_module.play_game

    def play_then_lock(spec: GameSpec) -> GameReport:
        if len(stored_keys(database)) == 2:  # two games stored: another program takes the file
            holders.append(hold_write_lock(database))
        return play(spec)

    monkeypatch.setattr(tournament_module, "play_game", play_then_lock)
    try:
        status = main(["tournament", "random", "greedy", "--games-per-pair", "6", "--db", str(database),
                       "--workers", "1", "--quiet"])
        out, error = capsys.readouterr()
    finally:
        for holder in holders:
            holder.close()
    assert status == 2 and out == "" and error.count("\n") == 1 and "Traceback" not in error
    assert "could not store the game" in error and "in use by another program" in error
    assert "stored before it are kept" in error
    assert len(stored_keys(database)) == 2


@pytest.mark.parametrize(("args", "message"), [
    (["strength", "--depths", "3"], "two levels or more"),
    (["iterations", "--iterations", "100"], "two levels or more"),
    (["strength", "--levels", "1,2"], "unknown option --levels"),
    (["strength", "--dask", "tcp://127.0.0.1:9"], "could not reach a Dask scheduler"),
    (["depth", "--out", __file__], "is a file, not a folder"),
    (["depth", "--workers", "999999999999"], "--workers"),
])
def test_bad_experiment_input_is_one_line(args: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["experiment", *args, "--quiet"]) == 2
    error = capsys.readouterr().err
    assert message in error and error.count("\n") == 1 and "Traceback" not in error, error


def test_a_device_or_a_folder_is_not_a_positions_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for path in ("/dev/zero", str(tmp_path)):
        if not Path(path).exists():
            continue
        assert main(["search", "--positions", path, "--agent", "random"]) == 2
        error = capsys.readouterr().err
        assert "is not a file" in error and error.count("\n") == 1


def test_control_characters_in_a_forfeit_reason_do_not_reach_the_terminal_raw() -> None:
    from lessons_lib.cli.arena import shown

    assert shown("forfeit (Green): it raised ValueError: \x1b[2J\x1b]0;owned\x07") == \
        "forfeit (Green): it raised ValueError: \\x1b[2J\\x1b]0;owned\\x07"
    assert shown("line one\nline two\r\u2028\u202e") == "line one\\nline two\\r\\u2028\\u202e"


FORGED = "\nforfeit: Green (random) fake\x1b[2J\x1b]0;owned\x07\u202e\r"
"""What a student may put in a file name or a label to forge a line, clear the screen or retitle the terminal."""


def test_students_text_never_reaches_the_terminal_raw(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """File names, labels and the baseline, in the table, the forfeit lines and the last line: one line each."""
    crash = tmp_path / f"crash{FORGED}.py"
    crash.write_bytes((AGENTS / "crash.py").read_bytes())
    database = tmp_path / f"class{FORGED}.sqlite"
    assert main(["tournament", f"label{FORGED}=random", str(crash), "--db", str(database), "--workers", "1",
                 "--quiet"]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert len(lines) == 1 + 2 + 1 + 1 + 1, out  # header, two players, how the games ended, the forfeits, the last
    assert all(char.isprintable() for line in lines for char in line), out
    assert sum(line.startswith(" 1 ") or line.startswith(" 2 ") for line in lines) == 2
    assert " forfeited 2 of 2 games: " in lines[4]
    assert lines[-1].startswith("2 games played; 0 found in ")
    assert "class\\nforfeit: Green (random) fake\\x1b[2J" in lines[-1]
    assert lines[-1].endswith("Elo is relative to label\\nforfeit: Green (random) fake\\x1b[2J\\x1b]0;owned\\x07"
                              "\\u202e\\r=random (0).")
    assert main(["tournament", f"label{FORGED}=random", str(crash), "--workers", "1", "--quiet", "--json"]) == 0
    report = capsys.readouterr().out
    assert report.isascii() and json.loads(report)["baseline"] == f"label{FORGED}=random"  # JSON escapes all


@pytest.mark.parametrize("players", [
    [f"no_such{FORGED}.py", "random"],
    [f"same{FORGED}=random", f"same{FORGED}=greedy"],
    [f"unknown{FORGED}", "random"],
    ["random", "greedy", "--baseline", f"nobody{FORGED}"],
    ["random", "greedy", f"--nonsense{FORGED.replace(' ', '')}"],
])
def test_students_text_in_an_error_is_escaped_on_its_one_line(players: list[str],
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tournament", *players, "--quiet", "--workers", "1"]) == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and error.endswith("\n") and "\\nforfeit:" in error and "\\x1b[2" in error, error
    assert all(char.isprintable() for char in error[:-1]), error


def test_a_file_name_that_is_not_utf8_is_refused_before_any_game(tmp_path: Path,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    """Its games could never be stored (nor exported): a rerun would stop at the same game forever."""
    if sys.getfilesystemencoding() != "utf-8":
        pytest.skip("file names here are not UTF-8")
    student = tmp_path / os.fsdecode(b"\xff\xfe.py")  # as sys.argv holds it: '\udcff\udcfe.py'
    try:
        student.write_bytes((AGENTS / "good.py").read_bytes())
    except (OSError, UnicodeEncodeError):
        pytest.skip("this file system refuses such names")
    database = tmp_path / "class.sqlite"
    for extra in (["--db", str(database)], [], ["--gauntlet", str(student)]):
        players = ["random", "greedy"] if "--gauntlet" in extra else ["random", str(student)]
        assert main(["tournament", *players, *extra, "--quiet", "--workers", "1"]) == 2
        out, error = capsys.readouterr()
        assert out == "" and error.count("\n") == 1 and "is not valid UTF-8" in error and "rename it" in error
        assert "\\udcff\\udcfe.py" in error, error
    assert not database.exists()


@pytest.mark.skipif(not hasattr(signal, "setitimer"), reason="no processor-time timer here: checked after the move")
@pytest.mark.parametrize("workers", ["1", "2"])
def test_a_runaway_built_in_agent_is_stopped_in_its_move_and_forfeits(workers: str) -> None:
    """Each search would take minutes or more: each is stopped at the limit of processor time, in the arena's own
    process (one worker) or in the pool's (two)."""
    command = tournament("alphabeta:40", "mcts:99999999999999999999", "random", "--seconds-per-move", "0.01",
                         "--games-per-pair", "2", "--workers", workers, "--quiet", "--json")
    finished = subprocess.run(command, capture_output=True, text=True, timeout=600)
    assert finished.returncode == 0, finished.stderr
    games = json.loads(finished.stdout)["games"]
    runaways = ("alphabeta:40", "mcts:99999999999999999999")
    for game in games:
        if game["first"] in runaways:  # it moves first, and never finishes a move
            assert game["reason"].startswith(f"forfeit: Green ({game['first']}) used ")
            assert game["reason"].endswith(" s of processor time for a move, over the limit of 0.01 s")
            assert game["plies"] == 0
        else:
            assert game["reason"].startswith(f"forfeit: Red ({game['second']}) used ")
    assert len(games) == 6


def test_the_standings_end_with_how_the_games_ended(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tournament", "random", "greedy", "--games-per-pair", "2", "--workers", "1", "--quiet"]) == 0
    last = capsys.readouterr().out.splitlines()[-2]
    assert last.startswith("How the games ended: ") and sum(map(int, re.findall(r"\d+", last))) == 2
    assert main(["tournament", "random", "greedy", "--games-per-pair", "2", "--workers", "1", "--quiet",
                 "--max-plies", "3", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["endings"] == {"ply limit": 2}


def test_the_standings_go_to_a_csv_and_each_player_forfeits_in_one_line(tmp_path: Path,
                                                                         capsys: pytest.CaptureFixture[str]) -> None:
    """A broken file loses every game: one line says so for the student, not one line a game."""
    standings_file = tmp_path / "standings.csv"
    assert main(["tournament", "random", "greedy", str(AGENTS / "crash.py"), "--games-per-pair", "2", "--workers", "1",
                 "--quiet", "--standings-csv", str(standings_file)]) == 0
    out = capsys.readouterr().out
    forfeit_lines = [line for line in out.splitlines() if " forfeited " in line]
    assert len(forfeit_lines) == 1 and forfeit_lines[0].startswith("crash forfeited 4 of 4 games: ")
    assert "(4 games, first " in forfeit_lines[0]
    rows = list(csv.DictReader(standings_file.open()))
    assert [row["rank"] for row in rows] == ["1", "2", "3"]
    assert rows[-1]["player"] == "crash" and (rows[-1]["games"], rows[-1]["forfeits"], rows[-1]["score"]) == (
        "4", "4", "0.0")
    assert {row["player"] for row in rows} == {"random", "greedy", "crash"}
    assert all(float(row["score_low"]) <= float(row["score"]) <= float(row["score_high"]) for row in rows)
    table_order = [line.split()[1] for line in out.splitlines() if re.match(r"^ \d ", line)]
    assert table_order == [row["player"] for row in rows]
