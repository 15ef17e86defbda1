"""Students' hand-ins, read by the arena or the grader: their own files only, never through a link.

A hand-in (an agent file, a notebook) is read with the rights of whoever runs the arena, often
a teacher or root. So it is opened without following a symbolic link anywhere on its path
(a link could lead to a teacher's ``.env`` or to another student's file), it must be a
regular file with no other name (a hard link is another name for the same file), and at most
so many bytes are read, so a huge file or a device costs nothing. Every refusal is one line.

>>> import tempfile, os
>>> folder = tempfile.mkdtemp()
>>> _ = open(os.path.join(folder, "agent.py"), "w").write("x = 1\\n")
>>> read_handin(os.path.join(folder, "agent.py"), 100).data
b'x = 1\\n'
>>> os.symlink(os.path.join(folder, "agent.py"), os.path.join(folder, "link.py"))
>>> try:
...     read_handin(os.path.join(folder, "link.py"), 100)
... except HandinRefused as error:
...     print(error.problem)
is a symbolic link: hand in the file itself
"""

from __future__ import annotations

import errno
import hashlib
import os
import stat
from dataclasses import dataclass
from pathlib import Path, PurePath

from lessons_lib.kit.errors import quoted


class HandinRefused(ValueError):
    """A hand-in that is not read: missing, a link, a folder, too large... (one line: the path, then ``problem``)."""

    def __init__(self, shown: str, problem: str) -> None:
        super().__init__(f"{shown} {problem}")
        self.problem = problem


@dataclass(frozen=True)
class Handin:
    """A hand-in's bytes and which file they came from (device and inode, so two names for one file are found)."""

    path: str
    data: bytes
    device: int
    inode: int

    @property
    def digest(self) -> str:
        """The SHA-256 of the bytes, in hex."""
        return hashlib.sha256(self.data).hexdigest()

    @property
    def identity(self) -> tuple[int, int]:
        return self.device, self.inode


NO_FOLLOW = getattr(os, "O_NOFOLLOW", 0)
DIRECTORY = getattr(os, "O_DIRECTORY", 0)


def read_handin(path: str | Path, most: int, what: str = "file") -> Handin:
    """The bytes of the hand-in at ``path`` (at most ``most``), or :class:`HandinRefused`.

    No component of ``path`` may be a symbolic link, except a folder right under the root (``/var`` is a link
    on macOS), which no student can make; where the system can (Linux, macOS), the path is walked one folder at
    a time without following links, so nothing can be swapped in between the check and the reading.
    """
    shown = quoted(str(path), limit=200)
    descriptor = _open_without_links(str(path), shown, what)
    try:
        info = os.fstat(descriptor)
        if stat.S_ISDIR(info.st_mode):
            raise HandinRefused(shown, f"is a folder, not {_a(what)}")
        if not stat.S_ISREG(info.st_mode):
            raise HandinRefused(shown, "is not a regular file (a device or a pipe?)")
        if info.st_nlink > 1:
            raise HandinRefused(shown, f"has {info.st_nlink} names (a hard link): hand in a copy of the "
                                        f"file itself")
        if info.st_size > most:
            raise HandinRefused(shown, f"is larger than {_size(most)}, more than any {what} needs")
        try:
            data = _read_at_most(descriptor, most + 1)
        except OSError as error:
            raise HandinRefused(shown, f"cannot be read ({error.strerror})") from None
        if len(data) > most:
            raise HandinRefused(shown, f"is larger than {_size(most)}, more than any {what} needs")
        return Handin(str(path), data, info.st_dev, info.st_ino)
    finally:
        os.close(descriptor)


def refuse_repeats(handins: list[Handin]) -> None:
    """:class:`HandinRefused` if two of ``handins`` are one file under two names."""
    seen: dict[tuple[int, int], str] = {}
    for handin in handins:
        earlier = seen.setdefault(handin.identity, handin.path)
        if earlier != handin.path:
            raise HandinRefused(quoted(handin.path), f"is the same file as {quoted(earlier)}: give it once")


def _read_at_most(descriptor: int, most: int) -> bytes:
    chunks = []
    left = most
    while left > 0:
        chunk = os.read(descriptor, min(left, 2**20))
        if not chunk:
            break
        chunks.append(chunk)
        left -= len(chunk)
    return b"".join(chunks)


def _a(noun: str) -> str:
    """``noun`` with its article: "an agent file", "a notebook"."""
    return f"{'an' if noun[:1] in 'aeiou' else 'a'} {noun}"


def _size(count: int) -> str:
    return f"{count // 2**20} MB" if count >= 2**20 else f"{count // 2**10} KB"


def _open_without_links(path: str, shown: str, what: str) -> int:
    """A read-only descriptor of ``path``, opened without following a link on the way."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0) | NO_FOLLOW
    if os.open not in os.supports_dir_fd or not NO_FOLLOW:  # Windows: check each part, then open
        _refuse_links_on(path, shown)
        try:
            return os.open(path, flags)
        except OSError as error:
            raise HandinRefused(shown, _problem(error, what)) from None
    pure = PurePath(path)
    names = list(pure.parts[1:] if pure.anchor else pure.parts)
    if not names:
        raise HandinRefused(shown, f"is a folder, not {_a(what)}")
    folder = os.open(pure.anchor or ".", os.O_RDONLY | DIRECTORY)
    try:
        for depth, name in enumerate(names[:-1]):
            system_link = depth == 0 and pure.anchor  # a folder right under the root may be a system's link
            try:
                opened = os.open(name, os.O_RDONLY | DIRECTORY | (0 if system_link else NO_FOLLOW), dir_fd=folder)
            except OSError as error:
                if os.path.islink(os.path.join(pure.anchor, *names[:depth + 1])):
                    raise HandinRefused(shown, f"lies in a folder that is a symbolic link ({quoted(name)}): "
                                                   f"hand in the file itself") from None
                raise HandinRefused(shown, _problem(error, what)) from None
            os.close(folder)
            folder = opened
        try:
            return os.open(names[-1], flags, dir_fd=folder)
        except OSError as error:
            if error.errno == errno.ELOOP:
                raise HandinRefused(shown, "is a symbolic link: hand in the file itself") from None
            raise HandinRefused(shown, _problem(error, what)) from None
    finally:
        os.close(folder)


def _refuse_links_on(path: str, shown: str) -> None:
    pure = PurePath(path)
    for depth in range(1, len(pure.parts) + 1):
        part = PurePath(*pure.parts[:depth])
        if pure.anchor and depth <= 2:
            continue  # the root, and a folder right under it
        if os.path.islink(part):
            raise HandinRefused(shown, "is a symbolic link, or lies in one: hand in the file itself")


def _problem(error: OSError, what: str) -> str:
    if error.errno == errno.ENOENT:
        return f"does not exist (no such {what})"
    if error.errno == errno.ENOTDIR:
        return "does not exist (a part of the path is not a folder)"
    return f"cannot be opened ({error.strerror})"
