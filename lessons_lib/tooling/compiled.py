"""Which code runs: the Python source, or the same source compiled to C with mypyc.

The engines, the searches and the rollouts are plain, typed Python that students read and
change. Where a C compiler and Python's headers are installed, ``python run.py build`` (which
``python run.py lab`` and ``python run.py test`` run first) compiles those modules with mypyc
into extension modules beside their source, 2.9 to 6 times faster in the searches. The compiled code is the
same code: nothing is written twice.

A compiled module is used only while it is exactly what its source says. This module,
imported before any other part of the package, compares every compiled module's source with
the fingerprint recorded when it was built. If one has been edited since, none of the
compiled modules is used (they call each other directly, so one edited file would otherwise
be bypassed): the Python source runs, and one line on standard error says so and how to
compile again. ``SHOLOGUTI_PURE_PYTHON=1`` asks for the source anyway (to compare the two).

>>> mode() in ("compiled", "interpreted")
True
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

PACKAGE = Path(__file__).resolve().parent.parent
MANIFEST = Path(__file__).resolve().parent / "compiled.json"
"""Written by the build: each compiled module's source fingerprint, and the Python it was built for."""
PURE_VARIABLE = "SHOLOGUTI_PURE_PYTHON"
NOTICE_VARIABLE = "SHOLOGUTI_COMPILED_NOTICE_SHOWN"  # so that a tournament's worker processes say it once

COMPILED_MODULES = (
    "lessons_lib.kit.errors",
    "lessons_lib.kit.perft",
    "lessons_lib.kit.chance",
    "lessons_lib.kit.game",
    "lessons_lib.games.common.bits",
    "lessons_lib.games.common.line_board",
    "lessons_lib.games.common.position",
    "lessons_lib.games.common.zobrist",
    "lessons_lib.games.common.learned",
    *(f"lessons_lib.games.{game}.{part}" for game, parts in (
        ("shologuti", ("board", "rules", "moves", "zobrist", "movegen", "position", "features", "evaluation")),
        ("baghchal", ("board", "moves", "movegen", "zobrist", "position", "evaluation", "features")),
        ("hus", ("board", "moves", "movegen", "notation", "zobrist", "position", "evaluation", "features")),
        ("shobu", ("board", "moves", "movegen", "zobrist", "position", "evaluation", "features")),
    ) for part in parts),
    "lessons_lib.agents.base",
    "lessons_lib.agents.trace",
    "lessons_lib.agents.evaluation",
    "lessons_lib.agents.context",
    "lessons_lib.agents.table",
    "lessons_lib.agents.minimax",
    "lessons_lib.agents.alphabeta",
    "lessons_lib.agents.expectimax",
    "lessons_lib.agents.negamax",
    "lessons_lib.agents.rollouts",
    "lessons_lib.agents.mcts",
    "lessons_lib.agents.simple",
    "lessons_lib.learning.linear",
)
"""What the build compiles: the engines, the searches and the rollouts (not the drawings, widgets or arena)."""


def source_of(module: str) -> Path:
    """The source file of one of the package's modules."""
    return PACKAGE.parent.joinpath(*module.split(".")).with_suffix(".py")


def fingerprint(path: Path) -> str:
    """The SHA-256 of a file's bytes, in hex."""
    return hashlib.sha256(path.read_bytes()).hexdigest()


def build_tag() -> str:
    """The Python a compiled module is made for: its implementation, version and platform."""
    return f"{sys.implementation.cache_tag}-{sys.platform}-{importlib.machinery.EXTENSION_SUFFIXES[0]}"


def _decide() -> tuple[str, str | None]:
    """``(mode, notice)``: ``"compiled"`` or ``"interpreted"``, and the line to show about it, if any."""
    if os.environ.get(PURE_VARIABLE, "").strip() not in ("", "0"):
        return "interpreted", None
    current, edited = compiled_from_current_sources()
    if edited is not None:
        shown = source_of(edited).relative_to(PACKAGE.parent)
        return "interpreted", (f"note: {shown} has changed since it was compiled, so the Python source runs "
                               f"(slower); `python run.py build` compiles it again")
    return ("compiled" if current else "interpreted"), None


def compiled_from_current_sources() -> tuple[bool, str | None]:
    """``(current, edited)``: whether every compiled module is there, built by this Python from its source as
    it is now; and the first module whose source has changed since the build, if one has."""
    try:
        manifest = json.loads(MANIFEST.read_text(encoding="utf-8"))
        fingerprints: dict[str, str] = manifest["modules"]
        tag = manifest["tag"]
    except (OSError, ValueError, KeyError, TypeError):
        return False, None  # never built here
    if tag != build_tag() or set(fingerprints) != set(COMPILED_MODULES):
        return False, None  # built by another Python or another version of the package: run.py builds again
    for module in COMPILED_MODULES:
        try:
            edited = fingerprint(source_of(module)) != fingerprints[module]
        except OSError:
            edited = True
        if edited:
            return False, module
        if not extension_of(module):
            return False, None
    return True, None


def extension_of(module: str) -> Path | None:
    """The compiled extension module beside ``module``'s source, if there is one."""
    source = source_of(module)
    for suffix in importlib.machinery.EXTENSION_SUFFIXES:
        candidate = source.with_name(source.stem + suffix)
        if candidate.exists():
            return candidate
    return None


class _SourceFinder(importlib.abc.MetaPathFinder):
    """Imports the compiled modules from their Python source, not from the extension modules beside it."""

    def find_spec(self, name: str, path: Sequence[str] | None = None,
                  target: ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        if name not in COMPILED_MODULES:
            return None
        return importlib.util.spec_from_file_location(name, source_of(name))


_MODE: list[str] = []


def use_compiled_modules_if_current() -> None:
    """Decide, once a process, which code runs (before any compiled module is imported)."""
    if _MODE:
        return
    mode, notice = _decide()
    _MODE.append(mode)
    if mode == "interpreted" and any(extension_of(module) for module in COMPILED_MODULES):
        sys.meta_path.insert(0, _SourceFinder())
    if notice and not os.environ.get(NOTICE_VARIABLE):
        os.environ[NOTICE_VARIABLE] = "1"
        print(notice, file=sys.stderr, flush=True)


def mode() -> str:
    """``"compiled"`` if the compiled modules run in this process, ``"interpreted"`` if their source does."""
    use_compiled_modules_if_current()
    return _MODE[0]
