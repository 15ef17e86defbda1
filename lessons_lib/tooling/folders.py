"""Folders a command writes whole: a new folder, checked before the work, written beside its place and renamed
into it at once, so that no one ever finds half of it there (``release`` writes the students' version so)."""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Mapping
from pathlib import Path

from lessons_lib.tooling.files import quoted_path


def new_folder_problem(target: Path) -> str | None:
    """Why no new folder can be written at ``target``, in one line; None if it can: a new folder in a folder that
    exists and may be written, or an empty folder (never a link, a file, or a folder that holds files)."""
    name = quoted_path(target)
    if target.name in ("", ".", ".."):
        return f"{name} is not a new folder's name: give one, e.g. ../shologuti-students"
    try:
        if target.is_symlink():
            return f"{name} is a link: give a new folder (nothing is written through a link)"
        if target.exists():
            if not target.is_dir():
                return f"{name} is a file, not a folder: give a new folder"
            if any(target.iterdir()):
                return f"{name} already exists and is not an empty folder: give a new folder"
        folder = target.parent
        if not folder.is_dir():
            existing = next((parent for parent in (folder, *folder.parents) if parent.exists()), None)
            if existing is not None and not existing.is_dir():
                return f"{name} cannot be made: {quoted_path(existing)} is a file, not a folder"
            return f"{name} cannot be made: the folder {quoted_path(folder)} does not exist (make it first)"
        if not os.access(folder, os.W_OK):
            return f"{name} cannot be made: the folder {quoted_path(folder)} may not be written"
    except OSError as error:  # a name the system refuses (too long, say), a folder that may not be read
        return f"{name} cannot be used: {error.strerror or error}"
    return None


def write_folder_whole(target: Path, files: Mapping[Path, bytes]) -> None:
    """Write ``files`` (path in the folder -> contents) as the new folder ``target``, whole or not at all: into a
    new folder beside it, renamed ``target`` at once (over an empty folder too); on any failure the new folder is
    removed and ``target`` is left as it was."""
    part = Path(tempfile.mkdtemp(dir=target.parent, prefix=f".{target.name}.", suffix=".part"))
    try:
        for relative, data in files.items():
            path = part / relative
            path.parent.mkdir(parents=True, exist_ok=True)
            write_file(path, data)
        umask = os.umask(0o022)
        os.umask(umask)
        os.chmod(part, 0o777 & ~umask)  # as a folder made the plain way would be (mkdtemp makes it private)
        if os.name == "nt" and target.is_dir():
            target.rmdir()  # Windows renames onto no folder, not even an empty one
        os.rename(part, target)
    except BaseException:
        shutil.rmtree(part, ignore_errors=True)
        raise


def write_file(path: Path, data: bytes) -> None:
    """Write one file of the new folder."""
    path.write_bytes(data)
