"""Files belong to one command: each command's SQLite file says whose it is, any other file is refused in one line
and left as it was (every byte, its time of change, no journal beside it), and no output overwrites a database."""

from __future__ import annotations

import json
import sqlite3
from contextlib import closing
from dataclasses import asdict
from pathlib import Path

import pytest

from lessons_lib.arena.storage import RESULTS, ResultStore
from lessons_lib.cli.main import main
from lessons_lib.learning.generations import _SCHEMA as LOOP_SCHEMA
from lessons_lib.learning.generations import LOOP, LoopStore
from lessons_lib.learning.self_play import LoopSettings
from lessons_lib.tooling.owned_database import APPLICATION_IDS, NotOwned, Owner, open_owned, whose

SMALL = LoopSettings(game="baghchal", iterations=8, games=2, sampled_plies=4, seed=5)
"""A loop small enough to play in a test (the settings the alphazero command below is given)."""
ALPHAZERO = ["alphazero", "baghchal", "--generations", "1", "--games", "2", "--iterations", "8", "--sampled-plies", "4",
             "--seed", "5", "--openings", "0", "--workers", "1"]
TOURNAMENT = ["tournament", "random", "greedy", "--max-plies", "6", "--workers", "1", "--quiet"]
COMMANDS = {"tournament": TOURNAMENT, "alphazero": ALPHAZERO}


def other_programs_database(path: Path, journal: str = "DELETE") -> Path:
    with closing(sqlite3.connect(path)) as connection:
        connection.execute(f"PRAGMA journal_mode={journal}")
        connection.execute("CREATE TABLE notes (text)")
        connection.executemany("INSERT INTO notes VALUES (?)", [(str(number) * 50,) for number in range(300)])
        connection.commit()
    return path


def foreign_files(folder: Path, command: str) -> dict[str, Path]:
    """Every kind of file that is not ``command``'s, by what its one line says."""
    files: dict[str, Path] = {}
    other = folder / "other_command.sqlite"
    if command == "tournament":
        LoopStore(other, SMALL).close()
        files["a loop database of the alphazero command"] = other
    else:
        ResultStore(other).close()
        files["results database of the tournament"] = other
    files["other tables (notes)"] = other_programs_database(folder / "notes.sqlite")
    files["other tables (notes)."] = other_programs_database(folder / "notes_wal.sqlite", "WAL")  # a WAL file too
    marked = folder / "marked.sqlite"
    with closing(sqlite3.connect(marked)) as connection:  # empty, but marked by another program
        connection.execute("PRAGMA application_id = 1234")
    files["application id is 0x4d2"] = marked
    games = folder / "games_of_another_kind.sqlite"
    with closing(sqlite3.connect(games)) as connection:
        connection.execute("CREATE TABLE games (player, score)")
    files["'games' of another kind"] = games
    text = folder / "games.csv"
    text.write_text("key,first,second\nk,random,greedy\n" * 20)
    files["is not an SQLite database"] = text
    short = folder / "short.sqlite"
    short.write_bytes(b"SQLite format 3\x00 and no more")
    files["cut short"] = short
    truncated = other_programs_database(folder / "truncated.sqlite")
    truncated.write_bytes(truncated.read_bytes()[: truncated.stat().st_size // 2])
    files["damaged"] = truncated
    corrupt = other_programs_database(folder / "corrupt.sqlite")
    data = bytearray(corrupt.read_bytes())
    data[100:4096] = b"\xff" * (4096 - 100)  # the schema's page overwritten
    corrupt.write_bytes(bytes(data))
    files["damaged SQLite database"] = corrupt
    files["is a folder"] = folder / "a_folder"
    files["is a folder"].mkdir()
    dangling = folder / "dangling.sqlite"
    dangling.symlink_to(folder / "nowhere" / "target.sqlite")
    files["is a link to nothing"] = dangling
    return files


def state_of(folder: Path) -> dict[str, tuple[bytes | None, int]]:
    """Every name in ``folder`` (recursively) with its bytes (None for a folder or link) and time of change."""
    found = {}
    for path in sorted(folder.rglob("*")):
        kept = path.read_bytes() if path.is_file() and not path.is_symlink() else None
        found[str(path.relative_to(folder))] = (kept, path.lstat().st_mtime_ns)
    return found


@pytest.mark.parametrize("command", COMMANDS)
def test_every_file_not_the_commands_own_is_refused_in_one_line_and_left_as_it_was(
        command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "files"
    folder.mkdir()
    files = foreign_files(folder, command)
    before = state_of(folder)
    for words, path in files.items():
        assert main([*COMMANDS[command], "--db", str(path)]) == 2, words
        out, error = capsys.readouterr()
        assert out == "" and error.count("\n") == 1 and "Traceback" not in error, error
        assert words.rstrip(".") in error, (words, error)
        assert state_of(folder) == before, words  # not a byte, not a journal, not even the time of change
    assert not (folder / "nowhere").exists()


@pytest.mark.parametrize("command", COMMANDS)
def test_a_missing_or_empty_file_is_made_the_commands_own_and_used(
        command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    empty = tmp_path / "empty.sqlite"
    empty.touch()
    for path in (tmp_path / "new.sqlite", empty):
        assert main([*COMMANDS[command], "--db", str(path)]) == 0
        assert whose(path) == command
    capsys.readouterr()
    for other in COMMANDS.keys() - {command}:  # and from then on, it is not the other command's
        assert main([*COMMANDS[other], "--db", str(empty)]) == 2
        assert "not " in capsys.readouterr().err


def test_a_tournaments_file_from_before_files_were_marked_is_adopted(tmp_path: Path,
                                                                     capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "class.sqlite"
    with closing(sqlite3.connect(path)) as connection:  # as the arena made it before: its table, no mark
        connection.executescript(f"{RESULTS.schema}; PRAGMA user_version = 2;")
    assert whose(path) is None
    assert main([*TOURNAMENT, "--db", str(path)]) == 0
    assert whose(path) == "tournament" and "2 games played; 0 found" in capsys.readouterr().out
    assert main([*TOURNAMENT, "--db", str(path)]) == 0
    assert "0 games played; 2 found" in capsys.readouterr().out


def test_a_loops_file_from_before_files_were_marked_is_adopted_with_its_games(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "loop.sqlite"
    with closing(sqlite3.connect(path)) as connection:  # as the loop made it before: its four tables, no mark
        connection.executescript(LOOP_SCHEMA)
        connection.execute("INSERT INTO settings VALUES (1, ?)", (json.dumps(asdict(SMALL), sort_keys=True),))
        connection.commit()
    assert whose(path) is None
    assert main([*ALPHAZERO, "--db", str(path)]) == 0
    assert "generation 1: fitted on 2 games" in capsys.readouterr().out
    assert whose(path) == "alphazero"
    with closing(sqlite3.connect(path)) as connection:
        assert connection.execute("PRAGMA user_version").fetchone()[0] == LOOP.version


@pytest.mark.parametrize("layout", ["outputs", "through a link and .."])
def test_an_alphazero_export_onto_its_database_is_refused_before_anything_is_written(
        layout: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    real = tmp_path / "real"
    (real / "deeper").mkdir(parents=True)
    (tmp_path / "link").symlink_to(real / "deeper")
    out = str(real) if layout == "outputs" else str(tmp_path / "link" / "..")  # either way: real/
    database = real / "baghchal_selfplay.csv"  # where the export's CSV file would go
    for exists in (False, True):
        if exists:
            LoopStore(database, SMALL).close()
        before = state_of(tmp_path)
        assert main([*ALPHAZERO, "--db", str(database), "--out", out]) == 2
        error = capsys.readouterr().err
        assert error.count("\n") == 1 and "would overwrite the database" in error and "--out" in error, error
        assert state_of(tmp_path) == before  # no database made, nothing exported, nothing played


def test_a_tournaments_csv_onto_its_database_through_a_link_and_dot_dot_is_refused_before_any_game(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    real = tmp_path / "real"
    (real / "deeper").mkdir(parents=True)
    (tmp_path / "link").symlink_to(real / "deeper")
    for option in ("--csv", "--standings-csv"):
        assert main([*TOURNAMENT, "--db", str(real / "class.sqlite"), option,
                     str(tmp_path / "link" / ".." / "class.sqlite")]) == 2
        out, error = capsys.readouterr()
        assert out == "" and error.count("\n") == 1 and "would overwrite" in error and option in error, error
        assert not (real / "class.sqlite").exists()


def test_an_experiments_csv_files_onto_its_database_are_refused_before_any_game(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for name, written in (("strength", "strength_games.csv"), ("depth", "depth.csv"), ("all", "game_matches.csv"),
                          ("perspectives", "perspectives.csv")):
        database = tmp_path / written
        assert main(["experiment", name, "--db", str(database), "--out", str(tmp_path), "--quiet"]) == 2
        out, error = capsys.readouterr()
        assert out == "" and error.count("\n") == 1 and "would overwrite the database" in error, error
        assert not database.exists()


@pytest.mark.parametrize("command", ["grade", "tournament", "experiment", "alphazero"])
def test_no_commands_output_is_written_over_a_database_of_any_program(
        command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A teacher who types the class's database where a CSV file goes loses nothing: whichever command, whichever
    program's database."""
    from lessons_lib.grading.notebooks import LESSONS_FOLDER

    databases = {"tournament's": tmp_path / "results.sqlite", "another program's": tmp_path / "notes.sqlite"}
    ResultStore(databases["tournament's"]).close()
    other_programs_database(databases["another program's"])
    for owner, database in databases.items():
        if command == "grade":
            arguments = ["grade", str(LESSONS_FOLDER / "solutions" / "01_board_graph.ipynb"), "--csv", str(database)]
        elif command == "tournament":
            arguments = [*TOURNAMENT, "--standings-csv", str(database)]
        else:  # their files are named for them: the database lies where one of them goes
            name = "strength_games.csv" if command == "experiment" else "baghchal_selfplay.csv"
            database = database.rename(tmp_path / name)
            arguments = (["experiment", "strength", "--out", str(tmp_path), "--quiet"] if command == "experiment"
                         else [*ALPHAZERO, "--db", str(tmp_path / "loop.sqlite"), "--out", str(tmp_path)])
        before = database.read_bytes()
        assert main(arguments) == 2, owner
        error = capsys.readouterr().err
        assert error.count("\n") == 1 and "is a database (SQLite)" in error, error
        assert database.read_bytes() == before
        database.rename(databases[owner])


def test_the_files_an_experiment_is_said_to_write_are_those_it_writes(tmp_path: Path,
                                                                      capsys: pytest.CaptureFixture[str]) -> None:
    from lessons_lib.cli.arena import experiment_files

    for name, levels in (("strength", ["--depths", "1,2", "--iterations", "2,3"]), ("perspectives", ["--iterations", "2"])):
        out = tmp_path / name
        assert main(["experiment", name, *levels, "--games-per-pair", "2", "--workers", "1", "--quiet",
                     "--out", str(out)]) == 0
        printed = capsys.readouterr().out.split()
        assert sorted(printed) == sorted(str(path) for path in experiment_files(name, out))
        assert sorted(path.name for path in out.iterdir()) == sorted(Path(path).name for path in printed)


OWNER = Owner("grade", layouts={1: {"marks": ("student", "mark")}}, schema="CREATE TABLE marks (student, mark)")


def test_the_module_marks_what_it_makes_adopts_what_was_its_own_and_refuses_the_rest(tmp_path: Path) -> None:
    path = tmp_path / "grades.sqlite"
    with closing(open_owned(path, OWNER)) as connection:
        connection.execute("INSERT INTO marks VALUES ('ann', 1)")
    assert whose(path) == "grade"
    with closing(sqlite3.connect(path)) as connection:
        assert connection.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_IDS["grade"]
        assert connection.execute("PRAGMA user_version").fetchone()[0] == 1
    with closing(open_owned(path, OWNER)) as connection:  # its own: opened as it is
        assert connection.execute("SELECT * FROM marks").fetchall() == [("ann", 1)]
    newer = Owner("grade", layouts={0: {"marks": ("student", "mark")}}, schema="CREATE TABLE marks (student, mark)")
    with pytest.raises(NotOwned, match="newer version"):
        open_owned(path, newer)
    with pytest.raises(NotOwned, match="a grades database of the grade command"):
        open_owned(path, RESULTS)
    with closing(open_owned(":memory:", OWNER)) as connection:
        assert connection.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_IDS["grade"]


def test_a_file_with_only_some_of_the_tables_or_more_is_not_adopted(tmp_path: Path) -> None:
    two = Owner("grade", layouts={1: {"marks": ("student", "mark"), "notes": ("text",)}},
                schema="CREATE TABLE marks (student, mark); CREATE TABLE notes (text)")
    some, more = tmp_path / "some.sqlite", tmp_path / "more.sqlite"
    for path, script in ((some, "CREATE TABLE marks (student, mark)"),
                         (more, "CREATE TABLE marks (student, mark); CREATE TABLE notes (text); CREATE TABLE x (y)"),):
        with closing(sqlite3.connect(path)) as connection:
            connection.executescript(script)
        before = path.read_bytes()
        with pytest.raises(NotOwned):
            open_owned(path, two)
        assert path.read_bytes() == before and whose(path) is None


def test_every_write_of_the_making_is_one_transaction(tmp_path: Path) -> None:
    broken = Owner("grade", layouts={1: {"marks": ("student", "mark")}},
                   schema="CREATE TABLE marks (student, mark); CREATE TABLE marks (again)")
    path = tmp_path / "grades.sqlite"
    with pytest.raises(NotOwned):
        open_owned(path, broken)
    assert whose(path) is None  # neither the table nor the mark: nothing was made half
    with closing(sqlite3.connect(path)) as connection:
        assert connection.execute("SELECT name FROM sqlite_master").fetchall() == []

