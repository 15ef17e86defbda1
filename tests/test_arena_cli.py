"""The arena's command line: tournament and experiment, resuming after a kill, and bad input."""

from __future__ import annotations

import csv
import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from lessons_lib.arena.sandbox import MAX_AGENT_FILE_BYTES, Forfeit, SandboxedAgent, read_agent_file
from lessons_lib.arena.tournament import TournamentSettings, play_tournament, round_robin
from lessons_lib.cli import main

AGENTS = Path(__file__).parent / "student_agents"
PLAYERS = ["alphabeta:2", "alphabeta:3", "greedy"]


def tournament(*args: str) -> list[str]:
    return [sys.executable, "-m", "lessons_lib", "tournament", *args]


def stored_keys(database: Path) -> list[str]:
    with sqlite3.connect(database) as connection:
        assert connection.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        if not connection.execute("SELECT name FROM sqlite_master WHERE name = 'games'").fetchall():
            return []  # the arena has opened the file but not yet made its table
        return [row[0] for row in connection.execute("SELECT key FROM games ORDER BY rowid")]


def test_resume_after_a_kill_plays_exactly_the_missing_games(tmp_path: Path) -> None:
    database = tmp_path / "class.sqlite"
    command = tournament(*PLAYERS, "--games-per-pair", "8", "--db", str(database), "--workers", "2", "--quiet")
    child = subprocess.Popen(command, start_new_session=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and (not database.exists() or len(stored_keys(database)) < 3):
        time.sleep(0.05)
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
    with open(tmp_path / "games.csv", newline="") as file:
        assert len(list(csv.DictReader(file))) == 4


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
    (["random", "missing/agent.py"], "no agent file at missing/agent.py"),
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
    cases = [(huge, "is larger than 10 MB"), (folder, "no agent file at"), ("/dev/zero", "no agent file at")]
    if pipe.exists():
        cases.append((pipe, "no agent file at"))
    for path, message in cases:
        assert main(["tournament", "random", str(path), "--quiet", "--workers", "1"]) == 2
        error = capsys.readouterr().err
        assert message in error and error.count("\n") == 1, error
    assert len(read_agent_file(just_small_enough)) == MAX_AGENT_FILE_BYTES
    with pytest.raises(Forfeit, match="larger than 10 MB"):
        SandboxedAgent(huge).start()


def test_experiment_writes_the_lesson_files(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "data"
    assert main(["experiment", "depth", "--levels", "1,2,3", "--games-per-pair", "2", "--out", str(out),
                 "--workers", "1", "--quiet"]) == 0
    with open(out / "depth.csv", newline="") as file:
        rows = list(csv.DictReader(file))
    assert [row["player"] for row in rows] == ["negamax:1", "negamax:2", "negamax:3"]
    assert float(rows[1]["elo"]) == 0.0  # the middle level is the baseline
    assert float(rows[2]["nodes_per_move"]) > float(rows[0]["nodes_per_move"]) > 0
    with open(out / "depth_games.csv", newline="") as file:
        assert len(list(csv.DictReader(file))) == 2 * 2  # (1,2) and (2,3); each level meets the baseline 2 there
    assert main(["experiment", "depth", "--levels", "2,2", "--out", str(out)]) == 2
    assert "repeats" in capsys.readouterr().err


def sandboxes_running() -> int:
    """The agents' Python processes now running (bubblewrap's own processes, when there, not counted)."""
    listing = subprocess.run(["ps", "-ww", "-eo", "args"], capture_output=True, text=True, check=True).stdout
    return sum("-m lessons_lib.arena.sandbox" in line and not line.split()[0].endswith("bwrap")
               for line in listing.splitlines())


def any_sandbox_process() -> bool:
    listing = subprocess.run(["ps", "-ww", "-eo", "args"], capture_output=True, text=True, check=True).stdout
    return "lessons_lib.arena.sandbox" in listing


STUCK_AGENT = """
import time


class Stuck:
    def choose_move(self, state):
        time.sleep(1000)


def make_agent():
    return Stuck()
"""


def test_an_interrupt_stops_at_once_in_one_line_and_leaves_no_process(tmp_path: Path) -> None:
    stuck = tmp_path / "stuck_agent.py"
    stuck.write_text(STUCK_AGENT)
    command = tournament(str(stuck), "greedy", "--games-per-pair", "2", "--workers", "2", "--quiet",
                         "--seconds-per-move", "100", "--db", str(tmp_path / "games.sqlite"))
    child = subprocess.Popen(command, start_new_session=True, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 60
    while sandboxes_running() < 2 and time.monotonic() < deadline:
        time.sleep(0.05)
    assert sandboxes_running() == 2  # one game in each worker
    time.sleep(0.5)  # long enough for both to be asked for a move; the test passes either way
    child.send_signal(signal.SIGINT)  # to the arena alone, as a notebook's interrupt button does
    out, err = child.communicate(timeout=30)
    assert child.returncode == 130 and err == "python -m lessons_lib tournament: interrupted\n"
    deadline = time.monotonic() + 10
    while any_sandbox_process() and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not any_sandbox_process()


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
])
def test_bad_limits_and_paths_are_one_line_before_any_game(args: list[str], message: str, tmp_path: Path,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tournament", "random", "greedy", *args, "--quiet"]) == 2
    error = capsys.readouterr().err
    assert message in error and error.count("\n") == 1 and "Traceback" not in error, error


@pytest.mark.parametrize(("args", "message"), [
    (["depth", "--levels", "3"], "two levels or more"),
    (["iterations", "--levels", "100"], "two levels or more"),
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
    from lessons_lib.arena.commands import shown

    assert shown("forfeit (Green): it raised ValueError: \x1b[2J\x1b]0;owned\x07") == \
        "forfeit (Green): it raised ValueError: \\x1b[2J\\x1b]0;owned\\x07"
    assert shown("line one\nline two") == "line one\nline two"
