"""``release FOLDER``: every bad FOLDER answers in one line (status 2), and a release is written whole or not at
all: on a full disk, over quota, read-only or interrupted, FOLDER is as before, no temporary folder is left, and
a second try works.

The release is of a tiny suite committed in a temporary git repository (release_copies.py); a full disk and a
read-only one are real (a small tmpfs, mounted as root where mounting is permitted).
"""

from __future__ import annotations

import errno
import os
import stat
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

import lessons_lib.tooling.folders
from lessons_lib.cli.main import main
from grading.release_copies import commit_all, released_files, tiny_suite

BIG_FILE_BYTES = 1_500_000
"""The tiny suite's data file: more than the small disk holds."""


@pytest.fixture(scope="module")
def suite(tmp_path_factory: pytest.TempPathFactory) -> Path:
    copy = tiny_suite(tmp_path_factory.mktemp("suite"), big_file_bytes=BIG_FILE_BYTES)
    commit_all(copy)
    return copy


@pytest.fixture(autouse=True)
def releasing(suite: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``release`` releases the tiny suite."""
    monkeypatch.setattr("lessons_lib.grading.release.ROOT", suite)


def refused(folder: Path | str, capsys: pytest.CaptureFixture[str]) -> str:
    """The one line ``release FOLDER`` answers, after checking that it ends with status 2."""
    assert main(["release", str(folder)]) == 2
    error = capsys.readouterr().err
    assert len(error.splitlines()) == 1 and "Traceback" not in error, error
    return error.removeprefix("python -m lessons_lib release: ").rstrip("\n")


def left_in(folder: Path) -> list[str]:
    return sorted(path.name for path in folder.iterdir())


def test_a_release_never_writes_into_a_folder_that_holds_files(tmp_path: Path,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "work.txt").write_text("mine")
    assert refused(tmp_path, capsys) == f"'{tmp_path}' already exists and is not an empty folder: give a new folder"
    assert left_in(tmp_path) == ["work.txt"]


def test_every_bad_folder_is_refused_in_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "notes.txt").write_text("mine")
    (tmp_path / "empty").mkdir()
    (tmp_path / "dangling").symlink_to(tmp_path / "nowhere")
    (tmp_path / "link").symlink_to(tmp_path / "empty")
    answers = {
        tmp_path / "notes.txt": "is a file, not a folder: give a new folder",
        tmp_path / "dangling": "is a link: give a new folder (nothing is written through a link)",
        tmp_path / "link": "is a link: give a new folder (nothing is written through a link)",
        tmp_path / "notes.txt" / "students": f"cannot be made: '{tmp_path / 'notes.txt'}' is a file, not a folder",
        tmp_path / "notes.txt" / "a" / "students": f"cannot be made: '{tmp_path / 'notes.txt'}' is a file, not a "
                                                   f"folder",
        tmp_path / "missing" / "students": f"cannot be made: the folder '{tmp_path / 'missing'}' does not exist "
                                           f"(make it first)",
        tmp_path / ("x" * 300): "cannot be used: File name too long",
    }
    for folder, answer in answers.items():
        assert refused(folder, capsys) == f"{quoted(folder)} {answer}"
    for folder in (".", "..", "students/.."):
        assert refused(folder, capsys).endswith("is not a new folder's name: give one, e.g. ../shologuti-students")
    assert left_in(tmp_path) == ["dangling", "empty", "link", "notes.txt"]
    assert left_in(tmp_path / "empty") == [] and (tmp_path / "notes.txt").read_text() == "mine"


def quoted(path: Path) -> str:
    text = str(path)
    return repr(text) if len(text) <= 200 else repr(text[:197] + "...")


@pytest.mark.parametrize("system", ["/proc", "/sys"])
def test_a_folder_of_the_system_is_refused_in_one_line(system: str, capsys: pytest.CaptureFixture[str]) -> None:
    if not Path(system).is_dir():
        pytest.skip(f"no {system} here")
    answer = refused(f"{system}/shologuti-students", capsys)
    assert answer.startswith((f"cannot write the release to '{system}/shologuti-students': ",
                              f"'{system}/shologuti-students' cannot be made: the folder '{system}' may not be "
                              f"written")), answer
    assert not Path(f"{system}/shologuti-students").exists()


def test_an_empty_folder_receives_the_release_readable_as_any_folder(tmp_path: Path,
                                                                     suite: Path) -> None:
    (tmp_path / "students").mkdir()
    assert main(["release", str(tmp_path / "students")]) == 0
    assert released_files(tmp_path / "students")["notebooks/01_doubling.ipynb"]
    umask = os.umask(0o022)
    os.umask(umask)
    assert stat.S_IMODE((tmp_path / "students").stat().st_mode) == 0o777 & ~umask  # not a temporary folder's 700
    assert left_in(tmp_path) == ["students"]


@pytest.mark.parametrize("failure", [OSError(errno.EDQUOT, os.strerror(errno.EDQUOT)),
                                     OSError(errno.ENOSPC, os.strerror(errno.ENOSPC)), KeyboardInterrupt()])
def test_a_failure_while_writing_leaves_nothing_and_a_second_try_works(
        failure: BaseException, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    written = []
    write = lessons_lib.tooling.folders.write_file

    def failing_on_the_third_file(path: Path, data: bytes) -> None:
        if len(written) == 2:
            raise failure
        written.append(path)
        write(path, data)

    monkeypatch.setattr(lessons_lib.tooling.folders, "write_file", failing_on_the_third_file)
    if isinstance(failure, OSError):
        assert refused(tmp_path / "students", capsys) == (f"cannot write the release to '{tmp_path / 'students'}': "
                                                          f"{failure.strerror} (nothing was written there)")
    else:
        assert main(["release", str(tmp_path / "students")]) == 130
    assert len(written) == 2 and left_in(tmp_path) == []
    monkeypatch.setattr(lessons_lib.tooling.folders, "write_file", write)
    assert main(["release", str(tmp_path / "students")]) == 0
    assert left_in(tmp_path) == ["students"]


def test_a_folder_made_by_someone_else_meanwhile_is_left_alone(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    write = lessons_lib.tooling.folders.write_file

    def while_someone_makes_the_folder(path: Path, data: bytes) -> None:
        (tmp_path / "students").mkdir(exist_ok=True)
        (tmp_path / "students" / "theirs.txt").write_text("theirs")
        write(path, data)

    monkeypatch.setattr(lessons_lib.tooling.folders, "write_file", while_someone_makes_the_folder)
    assert refused(tmp_path / "students", capsys) == (f"cannot write the release to '{tmp_path / 'students'}': "
                                                      f"Directory not empty (nothing was written there)")
    assert left_in(tmp_path) == ["students"] and left_in(tmp_path / "students") == ["theirs.txt"]


@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[Path]:
    """A real file system of one megabyte (tmpfs), mounted for the test: as root, where mounting is permitted."""
    if os.geteuid() != 0:
        pytest.skip("mounting a small disk needs root")
    disk = tmp_path / "disk"
    disk.mkdir()
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", str(disk)], capture_output=True)
    if mounted.returncode != 0:
        pytest.skip(f"mount is not permitted here: {mounted.stderr.decode(errors='replace').strip()}")
    try:
        yield disk
    finally:
        subprocess.run(["umount", str(disk)], check=True)


def test_a_full_disk_leaves_nothing_and_a_second_try_works(small_disk: Path,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    (small_disk / "students").mkdir()  # an empty folder stays as it was
    assert refused(small_disk / "students", capsys) == (f"cannot write the release to '{small_disk / 'students'}': "
                                                        f"No space left on device (nothing was written there)")
    assert left_in(small_disk) == ["students"] and left_in(small_disk / "students") == []
    subprocess.run(["mount", "-o", "remount,size=4m", str(small_disk)], check=True)  # room made
    assert main(["release", str(small_disk / "students")]) == 0
    assert len(released_files(small_disk / "students")["data/table.bin"]) == BIG_FILE_BYTES


def test_a_read_only_disk_is_refused_in_one_line(small_disk: Path, capsys: pytest.CaptureFixture[str]) -> None:
    subprocess.run(["mount", "-o", "remount,ro", str(small_disk)], check=True)
    assert refused(small_disk / "students", capsys) == (f"'{small_disk / 'students'}' cannot be made: the folder "
                                                        f"'{small_disk}' may not be written")
    assert left_in(small_disk) == []


def test_a_folder_that_may_not_be_written_is_refused_in_one_line(tmp_path: Path,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    if os.geteuid() == 0:
        pytest.skip("root may write any folder (the read-only disk is tested instead)")
    (tmp_path / "locked").mkdir(mode=0o555)
    assert refused(tmp_path / "locked" / "students", capsys) == (
        f"'{tmp_path / 'locked' / 'students'}' cannot be made: the folder '{tmp_path / 'locked'}' may not be written")
