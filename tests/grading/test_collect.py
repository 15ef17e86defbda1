"""``python -m lessons_lib collect``: hand-ins out of a JupyterHub's home folders or nbgrader's exchange, in tmp
folders made to look like them (links, missing files, oversize ones, odd names)."""

from __future__ import annotations

import os
from datetime import datetime, timezone
from pathlib import Path

import pytest

from lessons_lib.cli.main import main
from lessons_lib.grading import collect
from lessons_lib.grading.reports import student_names

LESSON = "03_minimax_alphabeta"
NOTEBOOK = b'{"cells": [], "nbformat": 4}'
WHEN = datetime(2026, 11, 30, 18, 0, tzinfo=timezone.utc)


def write(path: Path, data: bytes = NOTEBOOK, when: datetime = WHEN) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    os.utime(path, (when.timestamp(), when.timestamp()))
    return path


def collected(capsys: pytest.CaptureFixture[str], *arguments: str) -> tuple[int, list[str]]:
    status = main(["collect", *arguments])
    return status, capsys.readouterr().err.splitlines()


def test_each_students_notebook_is_copied_with_its_time_from_the_home_folders(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    homes, to = tmp_path / "home", tmp_path / "class"
    write(homes / "alice" / "notebooks" / f"{LESSON}.ipynb", b"alice's")
    write(homes / "b\u043eb" / "notebooks" / f"{LESSON}.ipynb", b"cyrillic bob's")
    write(homes / "bob" / "notebooks" / f"{LESSON}.ipynb", b"bob's")
    (homes / ".cache").mkdir()
    (homes / "lost+found").mkdir()
    write(homes / "README", b"not a home")
    status, errors = collected(capsys, "03", "--from", str(homes), "--to", str(to))
    assert status == 0 and errors == []
    copies = sorted(to.glob(f"*/{LESSON}.ipynb"))
    assert [path.parent.name for path in copies] == ["alice", "bob", "b\u043eb"]
    assert (to / "alice" / f"{LESSON}.ipynb").read_bytes() == b"alice's"
    assert {path.stat().st_mtime for path in copies} == {WHEN.timestamp()}
    names = student_names([str(path) for path in copies], {LESSON})
    assert sorted(names.values()) == ["alice", "bob", "b\u043eb"]  # grade names each by its folder


def test_only_the_students_named_are_collected_and_one_without_a_home_is_said(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    homes, to = tmp_path / "home", tmp_path / "class"
    for name in ("alice", "bob", "teacher"):
        write(homes / name / "notebooks" / f"{LESSON}.ipynb", name.encode())
    status, errors = collected(capsys, "03", "--from", str(homes), "--to", str(to), "--students", "alice", "bob",
                               "carol")
    assert sorted(path.parent.name for path in to.glob(f"*/{LESSON}.ipynb")) == ["alice", "bob"]
    assert status == 2 and len(errors) == 1 and "carol" in errors[0] and "no home folder" in errors[0]
    for name in ("alice", "bob"):
        submit(tmp_path / "exchange", name, LESSON, "2026-11-30 18:00:00.5 UTC", {f"{LESSON}.ipynb": name.encode()})
    status, _ = collected(capsys, "03", "--exchange", str(tmp_path / "exchange"), "--course", "course1", "--to",
                          str(tmp_path / "from_exchange"), "--students", "bob")
    assert status == 0 and [path.parent.name for path in (tmp_path / "from_exchange").glob("*/*.ipynb")] == ["bob"]


def test_a_link_a_hard_link_an_oversize_or_missing_file_is_one_line_per_student(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    homes, to, teacher = tmp_path / "home", tmp_path / "class", tmp_path / "teacher"
    secret = write(teacher / "secret.ipynb", b"the teacher's")
    (homes / "carol" / "notebooks").mkdir(parents=True)
    (homes / "carol" / "notebooks" / f"{LESSON}.ipynb").symlink_to(secret)
    (homes / "dave" / "notebooks").mkdir(parents=True)
    os.link(write(homes / "dave" / "elsewhere.ipynb"), homes / "dave" / "notebooks" / f"{LESSON}.ipynb")
    monkeypatch.setattr(collect, "MAX_NOTEBOOK_BYTES", 100)
    write(homes / "erin" / "notebooks" / f"{LESSON}.ipynb", b"x" * 101)
    (homes / "frank").mkdir()
    (homes / "gina").symlink_to(teacher)
    (homes / "hal" / "notebooks").mkdir(parents=True)
    (homes / "hal" / "notebooks" / "my_agents").symlink_to(teacher)
    write(homes / "hal" / "notebooks" / "08_tournament_lab.ipynb")
    write(homes / "line\nbreak" / "notebooks" / f"{LESSON}.ipynb")
    status, errors = collected(capsys, LESSON, "8", "--from", str(homes), "--to", str(to))
    assert status == 2 and len(errors) == 7
    said = dict(line.removeprefix("python -m lessons_lib collect: ").split(": ", 1) for line in errors)
    assert said["carol"].startswith(f"{LESSON}.ipynb is a symbolic link")
    assert said["dave"].startswith(f"{LESSON}.ipynb has 2 names (a hard link)")
    assert said["erin"].startswith(f"{LESSON}.ipynb is larger than")
    assert said["frank"] == f"{LESSON}.ipynb missing; 08_tournament_lab.ipynb missing; my_agents/my_agent.py missing"
    assert said["gina"] == "the home folder is a symbolic link: not followed"
    assert "my_agents/my_agent.py lies in a folder that is a symbolic link" in said["hal"]
    assert said["line\\nbreak"].startswith("08_tournament_lab.ipynb missing")
    assert (to / "hal" / "08_tournament_lab.ipynb").exists() and not (to / "carol").exists()
    assert not any(path.read_bytes() == b"the teacher's" for path in to.rglob("*") if path.is_file())
    assert (to / "line\nbreak" / f"{LESSON}.ipynb").exists()


def test_lesson_08s_agent_file_is_collected_beside_the_notebook(tmp_path: Path,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    homes, to = tmp_path / "home", tmp_path / "class"
    write(homes / "alice" / "lab" / "08_tournament_lab.ipynb")
    write(homes / "alice" / "lab" / "my_agents" / "my_agent.py", b"class Agent: ...\n")
    status, errors = collected(capsys, "08", "--from", str(homes), "--under", "lab", "--to", str(to))
    assert status == 0 and errors == []
    assert (to / "alice" / "my_agents" / "my_agent.py").read_bytes() == b"class Agent: ...\n"


def test_a_collected_file_replaces_a_link_in_the_target_and_never_writes_through_one(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    homes, to, teacher = tmp_path / "home", tmp_path / "class", tmp_path / "teacher"
    write(homes / "alice" / "notebooks" / f"{LESSON}.ipynb", b"new")
    write(homes / "bob" / "notebooks" / f"{LESSON}.ipynb", b"new")
    precious = write(teacher / "precious.ipynb", b"keep")
    (to / "alice").mkdir(parents=True)
    (to / "alice" / f"{LESSON}.ipynb").symlink_to(precious)
    (to / "bob").symlink_to(teacher)
    status, errors = collected(capsys, "3", "--from", str(homes), "--to", str(to))
    assert status == 2 and precious.read_bytes() == b"keep"
    assert (to / "alice" / f"{LESSON}.ipynb").read_bytes() == b"new"
    assert len(errors) == 1 and "bob: 03_minimax_alphabeta.ipynb could not be written" in errors[0]
    assert "is a symbolic link, not a folder" in errors[0]


def submit(exchange: Path, student: str, assignment: str, stamp: str, files: dict[str, bytes],
           timestamp_txt: str | None = None) -> Path:
    """A submission as ``nbgrader submit`` leaves it in the exchange."""
    folder = exchange / "course1" / "inbound" / f"{student}+{assignment}+{stamp}+Xk3r_9aZ-1bc"
    for name, data in files.items():
        write(folder / name, data)
    write(folder / "timestamp.txt", (stamp if timestamp_txt is None else timestamp_txt).encode())
    write(folder / "submission_secret.txt", b"0123abcd")
    return folder


def test_the_newest_submission_of_each_student_is_taken_from_nbgraders_exchange_with_its_timestamp(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    exchange, to = tmp_path / "exchange", tmp_path / "class"
    submit(exchange, "alice", LESSON, "2026-12-01 10:00:00.000001 UTC", {f"{LESSON}.ipynb": b"first"})
    submit(exchange, "alice", LESSON, "2026-12-02 09:30:00.5 UTC", {f"{LESSON}.ipynb": b"second"})
    submit(exchange, "alice", "ps9", "2026-12-09 09:30:00 UTC", {f"{LESSON}.ipynb": b"another assignment"})
    submit(exchange, "bob+x", LESSON, "2026-11-30 08:00:00 UTC", {f"{LESSON}.ipynb": b"bob's"},
           timestamp_txt="2026-11-30 08:00:05 UTC")
    submit(exchange, "carl", LESSON, "2026-11-30 08:00:00 UTC", {"notes.txt": b"no notebook"})
    submit(exchange, "..", LESSON, "2026-11-30 08:00:00 UTC", {f"{LESSON}.ipynb": b"escape"})
    status, errors = collected(capsys, LESSON, "--exchange", str(exchange), "--course", "course1", "--to", str(to))
    assert status == 2
    assert errors == ["python -m lessons_lib collect: ..: "
                      "'..+03_minimax_alphabeta+2026-11-30 08:00:00 UTC+Xk3r_9aZ-1bc' names no usable student: "
                      "not collected", f"python -m lessons_lib collect: carl: {LESSON}.ipynb missing"]
    alice, bob = to / "alice" / f"{LESSON}.ipynb", to / "bob+x" / f"{LESSON}.ipynb"
    assert alice.read_bytes() == b"second" and bob.read_bytes() == b"bob's"
    assert alice.stat().st_mtime == datetime(2026, 12, 2, 9, 30, 0, 500000, tzinfo=timezone.utc).timestamp()
    assert bob.stat().st_mtime == datetime(2026, 11, 30, 8, 0, 5, tzinfo=timezone.utc).timestamp()
    assert not (tmp_path / f"{LESSON}.ipynb").exists()


def test_an_assignment_of_several_lessons_and_an_unreadable_timestamp(tmp_path: Path,
                                                                      capsys: pytest.CaptureFixture[str]) -> None:
    exchange, to = tmp_path / "exchange", tmp_path / "class"
    folder = submit(exchange, "alice", "ps1", "2026-12-01 10:00:00 UTC",
                    {f"{LESSON}.ipynb": b"3", "08_tournament_lab.ipynb": b"8", "my_agents/my_agent.py": b"agent"},
                    timestamp_txt="sometime")
    status, errors = collected(capsys, "3", "8", "--exchange", str(exchange), "--course", "course1",
                               "--assignment", "ps1", "--to", str(to))
    assert status == 2 and len(errors) == 1 and "timestamp.txt holds 'sometime', not a time" in errors[0]
    assert sorted(path.relative_to(to).as_posix() for path in to.rglob("*") if path.is_file()) == [
        "alice/03_minimax_alphabeta.ipynb", "alice/08_tournament_lab.ipynb", "alice/my_agents/my_agent.py"]
    assert (to / "alice" / "my_agents" / "my_agent.py").stat().st_mtime == datetime(
        2026, 12, 1, 10, tzinfo=timezone.utc).timestamp()
    (folder / "timestamp.txt").unlink()
    (folder / "timestamp.txt").symlink_to(folder / "submission_secret.txt")
    status, errors = collected(capsys, "3", "--exchange", str(exchange), "--course", "course1",
                               "--assignment", "ps1", "--to", str(to))
    assert "timestamp.txt is a symbolic link" in errors[0]


@pytest.mark.parametrize("arguments, says", [
    (["99", "--from", "h"], "'99' is no lesson"),
    (["minimax", "--from", "h"], "'minimax' is no lesson"),
    (["3", "--exchange", "e"], "--exchange needs --course"),
    (["3", "--from", "h", "--course", "c"], "--course and --assignment go with --exchange"),
    (["3", "--from", "h", "--under", "../x"], "should be a path inside a home folder"),
    (["3", "--from", "/nonexistent-homes"], "cannot be read"),
    (["3", "--exchange", "/nonexistent", "--course", "c"], "cannot be read"),
    (["3"], "one of the arguments --from --exchange is required"),
])
def test_a_bad_command_line_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str], arguments: list[str],
                                        says: str) -> None:
    status = main(["collect", *arguments, "--to", str(tmp_path / "class")])
    error = capsys.readouterr().err
    assert status == 2 and says in error and error.count("\n") == 1 and "Traceback" not in error


def test_a_target_that_is_a_file_or_a_link_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "file").write_text("x")
    (tmp_path / "folder").mkdir()
    (tmp_path / "link").symlink_to(tmp_path / "folder")
    assert main(["collect", "3", "--from", str(tmp_path), "--to", str(tmp_path / "file")]) == 2
    assert "is a file, not a folder" in capsys.readouterr().err
    assert main(["collect", "3", "--from", str(tmp_path), "--to", str(tmp_path / "link")]) == 2
    assert "is a symbolic link" in capsys.readouterr().err
