"""A copy's files as committed in git (its ``HEAD``), and the files its working tree has changed since.

``release`` builds the students' version from what is committed, never from the teacher's working files (which
JupyterLab saves as the teacher works: an answer typed into an exercise, a worked solution shown). Git is run as
a program: ``git ls-tree`` lists the committed files, ``git cat-file --batch`` reads them, ``git diff`` and
``git ls-files`` name the files changed or new in the working tree. Paths are relative to the copy's folder,
which may be the repository's top or a folder inside it. Links and submodules are not files: they are left out.
"""

from __future__ import annotations

import os
import subprocess
from collections.abc import Callable, Sequence
from pathlib import Path

from lessons_lib.tooling.files import quoted_path

WORKING_FILES = ("pass --working-files to release the files as they are (an answer typed into a lesson "
                 "included)")
"""What a teacher can do when the committed files cannot be read."""
_CANNOT_TELL = "so release cannot tell the lessons as committed from your edits"
_REDIRECTIONS = ("GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "GIT_OBJECT_DIRECTORY",
                 "GIT_ALTERNATE_OBJECT_DIRECTORIES", "GIT_COMMON_DIR", "GIT_NAMESPACE")
"""Variables that would point git at another repository than the copy's (as a git hook sets them)."""
PACKAGE_MARK = "lessons_lib/__init__.py"
"""A file every committed copy of the suite holds (its package)."""


def committed_files(root: Path, names: Sequence[str], wanted: Callable[[Path], bool]) -> dict[Path, bytes]:
    """The contents of every file under ``names`` (files or folders of ``root``) in the last commit, by its path
    relative to ``root``, if ``wanted(path)``; ValueError (one line) if git is missing, ``root`` is not a git
    checkout, or its last commit does not hold the suite's package (``lessons_lib``)."""
    _check_checkout(root)
    entries = _git(root, "ls-tree", "-r", "-z", "HEAD", "--", *names).split(b"\0")
    listed, objects = set[str](), dict[Path, str]()
    for entry in filter(None, entries):
        header, _, name = entry.partition(b"\t")
        mode, kind, object_name = header.decode("ascii").split()
        path = Path(os.fsdecode(name))
        listed.add(path.as_posix())
        if kind == "blob" and mode != "120000" and wanted(path):  # 120000: a link
            objects[path] = object_name
    if PACKAGE_MARK not in listed:
        top = _git(root, "rev-parse", "--show-toplevel").decode(errors="replace").strip()
        raise ValueError(f"the git repository around this copy ({quoted_path(top)}) does not hold its lessons "
                         f"(they are not committed there), {_CANNOT_TELL}: {WORKING_FILES}")
    contents = _read_objects(root, list(objects.values()))
    return {path: contents[object_name] for path, object_name in objects.items()}


def uncommitted(root: Path, names: Sequence[str], wanted: Callable[[Path], bool]) -> tuple[list[Path], list[Path]]:
    """(the files under ``names`` that the working tree has changed or deleted since the last commit, the files
    it holds that were never committed and are not ignored), each if ``wanted(path)``, relative to ``root``."""
    changed = _git(root, "diff", "--name-only", "--no-renames", "--relative", "-z", "HEAD", "--", *names)
    new = _git(root, "ls-files", "--others", "--exclude-standard", "-z", "--", *names)
    return ([path for path in _paths(changed) if wanted(path)], [path for path in _paths(new) if wanted(path)])


def _check_checkout(root: Path) -> None:
    """ValueError (one line) unless git can read ``root``'s repository and it has a commit."""
    try:
        _git(root, "rev-parse", "--show-toplevel")
    except _GitFailed as error:
        if "not a git repository" in error.reason:
            raise ValueError(f"this copy ({quoted_path(root)}) is not a git checkout (a zip download?), "
                             f"{_CANNOT_TELL}: {WORKING_FILES}") from None
        raise ValueError(f"git cannot read this copy's repository ({error.reason}), {_CANNOT_TELL}: "
                         f"{WORKING_FILES}") from None
    try:
        _git(root, "rev-parse", "--verify", "--quiet", "HEAD^{commit}")
    except _GitFailed:
        raise ValueError(f"this copy's git repository has no commit yet, {_CANNOT_TELL}: commit the lessons, or "
                         f"{WORKING_FILES}") from None


def _read_objects(root: Path, object_names: list[str]) -> dict[str, bytes]:
    """The contents of git's objects, by name, read in one ``git cat-file --batch``."""
    output = _git(root, "cat-file", "--batch", stdin="".join(name + "\n" for name in object_names).encode())
    contents, start = {}, 0
    for object_name in object_names:
        end = output.index(b"\n", start)
        header = output[start:end].decode("ascii").split()
        if len(header) != 3:
            raise ValueError(f"git cannot read its object {object_name} ({' '.join(header)}): the repository is "
                             f"damaged; {WORKING_FILES}")
        size = int(header[2])
        contents[object_name] = output[end + 1:end + 1 + size]
        start = end + 1 + size + 1
    return contents


def _paths(output: bytes) -> list[Path]:
    return [Path(os.fsdecode(name)) for name in output.split(b"\0") if name]


class _GitFailed(ValueError):
    """A git command that ended with an error, in one line (git's first line of it in ``reason``)."""

    def __init__(self, command: str, reason: str) -> None:
        super().__init__(f"git {command} failed ({reason}), {_CANNOT_TELL}: {WORKING_FILES}")
        self.reason = reason


def _git(root: Path, *arguments: str, stdin: bytes = b"") -> bytes:
    """What ``git ARGUMENTS`` run in ``root`` prints; ValueError (one line) if git is missing or fails."""
    environment = {name: value for name, value in os.environ.items() if name not in _REDIRECTIONS}
    environment["LC_ALL"] = "C"  # git's messages in English, as read above
    try:
        completed = subprocess.run(["git", *arguments], cwd=root, input=stdin, capture_output=True,
                                   env=environment, check=False)
    except FileNotFoundError:
        raise ValueError(f"git is not installed, {_CANNOT_TELL}: install git, or {WORKING_FILES}") from None
    except OSError as error:
        raise ValueError(f"git cannot be run ({error.strerror or error}), {_CANNOT_TELL}: {WORKING_FILES}") from None
    if completed.returncode != 0:
        lines = completed.stderr.decode(errors="replace").strip().splitlines()
        raise _GitFailed(arguments[0], lines[0].removeprefix("fatal: ") if lines else "no message")
    return completed.stdout
