"""Students' hand-ins gathered into one folder (``python -m lessons_lib collect``), ready for ``grade``.

From a JupyterHub's home folders, each student's ``HOMES/<user>/<under>/<lesson>.ipynb`` (``under`` is where the
hub opens JupyterLab, ``notebooks`` by default) and, for lesson 08, ``<under>/my_agents/my_agent.py``; or from
nbgrader's exchange, ``EXCHANGE/<course>/inbound/<student>+<assignment>+<timestamp>[+<random>]/``, each student's
newest submission (by the time in its name, as ``nbgrader collect`` takes it), the notebooks at its top.

Each file lands in ``TO/<student>/`` under its own name (``TO/alice/03_minimax_alphabeta.ipynb``,
``TO/alice/my_agents/my_agent.py``), written whole, with its modification time set to when it was handed in: the
file's own time in a home folder, the submission's ``timestamp.txt`` in the exchange (the time in the folder's
name where that cannot be read). ``grade TO/*/*.ipynb --due ...`` then names each student by the folder and marks
late hand-ins. A file is read as the arena reads a hand-in (:func:`~lessons_lib.sandbox.handins.read_handin`):
never through a symbolic link, never a file with a second name (a hard link), never a larger one than a lesson
needs; what is missing or refused is one line per student.
"""

from __future__ import annotations

import os
import stat
import time
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path

from lessons_lib.grading.notebooks import MAX_NOTEBOOK_BYTES
from lessons_lib.sandbox.handins import HandinRefused, read_handin
from lessons_lib.tooling.files import write_whole

AGENT_LESSON = "08_tournament_lab"
AGENT_FILE = Path("my_agents") / "my_agent.py"
"""Lesson 08's hand-in besides its notebook, where the lesson has the student write it (beside the notebooks)."""
MAX_AGENT_BYTES = 10 * 2**20  # as the arena reads an agent file
MAX_TIMESTAMP_BYTES = 1000


@dataclass
class Collected:
    """What was collected of one student: the files written (``TO/<student>/...``) and what was missing or refused."""

    student: str
    written: list[Path] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)

    def line(self) -> str:
        """One line on the student's problems."""
        return f"{self.student}: " + "; ".join(self.problems)


def wanted_files(lessons: list[str]) -> list[tuple[Path, int, str]]:
    """The files to collect for ``lessons``, relative to a student's notebooks: path, most bytes, what it is."""
    files = [(Path(f"{lesson}.ipynb"), MAX_NOTEBOOK_BYTES, "notebook") for lesson in lessons]
    return files + ([(AGENT_FILE, MAX_AGENT_BYTES, "agent file")] if AGENT_LESSON in lessons else [])


def from_homes(homes: Path, under: str, lessons: list[str], to: Path,
               students: list[str] | None = None) -> list[Collected]:
    """Collect ``lessons`` from every student's home folder in ``homes`` (a folder per account, the hidden ones and
    ``lost+found`` left out), or only from those of ``students``, into ``to``."""
    try:
        entries = sorted(os.scandir(homes), key=lambda entry: entry.name)
    except OSError as error:
        raise ValueError(f"--from {str(homes)!r} cannot be read: {error.strerror or error}") from None
    collected = [Collected(name, problems=[f"no home folder in {str(homes)!r}"])
                 for name in sorted(set(students or ()) - {entry.name for entry in entries})]
    for entry in entries:
        if students is not None and entry.name not in students:
            continue
        if entry.name.startswith(".") or entry.name == "lost+found" or not (
                entry.is_symlink() or entry.is_dir(follow_symlinks=False)):
            continue  # hidden, the file system's own, or a file among the home folders: no one's
        student = Collected(entry.name)
        collected.append(student)
        if entry.is_symlink():
            student.problems.append("the home folder is a symbolic link: not followed")
            continue
        for relative, most, what in wanted_files(lessons):
            source = Path(entry.path) / under / relative
            _copy(source, most, what, None, to, relative, student)
    return collected


def from_exchange(course: Path, assignment: str | None, lessons: list[str], to: Path,
                  students: list[str] | None = None) -> list[Collected]:
    """Collect ``lessons`` from nbgrader's exchange for one course (``EXCHANGE/<course>``), each student's newest
    submission of ``assignment`` (None: each lesson is an assignment of its own name), or only ``students``', into
    ``to``."""
    inbound = course / "inbound"
    try:
        names = sorted(os.listdir(inbound))
    except OSError as error:
        raise ValueError(f"--exchange: {str(inbound)!r} cannot be read: {error.strerror or error}") from None
    by_student: dict[str, Collected] = {}
    for lesson_group in ([lessons] if assignment is not None else [[lesson] for lesson in lessons]):
        wanted = assignment if assignment is not None else lesson_group[0]
        newest: dict[str, tuple[datetime, str]] = {}
        for name in names:
            parsed = submission_name(name, wanted)
            if parsed is not None and students is not None and parsed[0] not in students:
                continue
            if parsed is not None and (parsed[0] not in newest or parsed[1] > newest[parsed[0]][0]):
                newest[parsed[0]] = (parsed[1], name)
        for student_id, (named_time, folder) in sorted(newest.items()):
            student = by_student.setdefault(student_id, Collected(student_id))
            if not usable_student(student_id):
                student.problems.append(f"{folder!r} names no usable student: not collected")
                continue
            submission = inbound / folder
            handed_in = _timestamp_file(submission / "timestamp.txt", student) or named_time
            for relative, most, what in wanted_files(lesson_group):
                _copy(submission / relative, most, what, handed_in, to, relative, student)
    return [by_student[name] for name in sorted(by_student)]


def usable_student(name: str) -> bool:
    """Whether ``name`` can be a folder of its own in ``TO`` (not empty, hidden, ``..`` or a path)."""
    return bool(name) and not name.startswith(".") and "/" not in name and "\\" not in name and "\0" not in name


def submission_name(name: str, assignment: str) -> tuple[str, datetime] | None:
    """The student and time of an exchange's submission folder ``<student>+<assignment>+<timestamp>[+<random>]``
    (a student's id may hold a ``+``), if it is one of ``assignment``'s with a time that can be read.

    >>> submission_name("alice+03_minimax_alphabeta+2026-12-01 10:30:47.524219 UTC+Xk3r_9aZ-1bc", "03_minimax_alphabeta")
    ('alice', datetime.datetime(2026, 12, 1, 10, 30, 47, 524219, tzinfo=datetime.timezone.utc))
    >>> submission_name("alice+ps1+2026-12-01 10:30:47 UTC", "03_minimax_alphabeta") is None
    True
    """
    for pieces in (4, 3):
        parts = name.rsplit("+", pieces - 1)
        if len(parts) == pieces and parts[1] == assignment:
            moment = nbgrader_time(parts[2])
            if moment is not None:
                return parts[0], moment
    return None


def nbgrader_time(text: str) -> datetime | None:
    """A time as nbgrader writes it (``2026-12-01 10:30:47.524219 UTC``, its default format, or ISO 8601): a zone
    named UTC, GMT or Z, this machine's zone by its name, or a numeric offset; None if it cannot be read.

    >>> nbgrader_time("2026-12-01 10:30:47 UTC"), nbgrader_time("2026-12-01T10:30:47+01:00").hour
    (datetime.datetime(2026, 12, 1, 10, 30, 47, tzinfo=datetime.timezone.utc), 10)
    >>> nbgrader_time("yesterday") is None
    True
    """
    text = text.strip()
    moment_text, _, zone = text.rpartition(" ")
    if not moment_text or not zone.isalpha():
        moment_text, zone = text, ""
    try:
        moment = datetime.fromisoformat(moment_text)
    except ValueError:
        return None
    if moment.tzinfo is not None:
        return moment if not zone else None
    if zone.upper() in ("", "UTC", "GMT", "Z"):
        return moment.replace(tzinfo=timezone.utc)  # nbgrader's default zone is UTC
    if zone in time.tzname:
        return moment.astimezone()
    return None


def _timestamp_file(path: Path, student: Collected) -> datetime | None:
    """The time in a submission's ``timestamp.txt``, or None (with a problem noted) if it cannot be read."""
    try:
        text = read_handin(path, MAX_TIMESTAMP_BYTES, "timestamp file").data.decode("utf-8", "replace")
    except HandinRefused as error:
        student.problems.append(f"timestamp.txt {error.problem}: the time in the folder's name is used")
        return None
    moment = nbgrader_time(text)
    if moment is None:
        student.problems.append(f"timestamp.txt holds {text[:40]!r}, not a time: the time in the folder's name "
                                f"is used")
    return moment


def _copy(source: Path, most: int, what: str, handed_in: datetime | None, to: Path, relative: Path,
          student: Collected) -> None:
    """Copy one hand-in to ``to/<student>/<relative>`` with its hand-in time (None: the source file's own time), or
    note why not."""
    try:
        handin = read_handin(source, most, what)
    except HandinRefused as error:
        missing = "does not exist" in error.problem
        student.problems.append(f"{relative} {'missing' if missing else error.problem}")
        return
    if handed_in is None:
        info = os.stat(source, follow_symlinks=False)
        handed_in = datetime.fromtimestamp(info.st_mtime, timezone.utc)
    target = to / student.student / relative
    try:
        _make_folders(to, Path(student.student) / relative.parent)
        write_whole(target, handin.data, handed_in.timestamp())
    except (OSError, ValueError) as error:
        reason = error.strerror if isinstance(error, OSError) and error.strerror else error
        student.problems.append(f"{relative} could not be written to {str(target)!r}: {reason}")
        return
    student.written.append(target)


def _make_folders(root: Path, relative: Path) -> None:
    """Make ``root/relative`` folder by folder; ValueError if one is there as a link or a file (never followed)."""
    folder = root
    for part in relative.parts:
        folder = folder / part
        try:
            info = os.lstat(folder)
        except FileNotFoundError:
            os.mkdir(folder)
            continue
        if not stat.S_ISDIR(info.st_mode):
            raise ValueError(f"{str(folder)!r} is {'a symbolic link' if stat.S_ISLNK(info.st_mode) else 'a file'}, "
                             f"not a folder")
